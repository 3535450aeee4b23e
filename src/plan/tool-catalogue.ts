import { toolsetTools } from '../tools/toolsets.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';
import type { CatalogueTool, ToolDescription, ToolWithholding } from './valid-plan.ts';

/** The argument schema of a declared tool that does not write one: any object. */
const ANY_OBJECT = { type: 'object', properties: {} } as const;

/** A catalogue's withheld tools taken out, each with the reason. */
function withholdTools(plan: Plan, tools: Map<string, CatalogueTool>, withhold: ToolWithholding | undefined): Map<string, string> {
  const withheld = new Map<string, string>();
  if (!withhold) return withheld;
  for (const tool of [...tools.values()]) {
    const why = withhold(tool, plan);
    if (why === undefined) continue;
    withheld.set(tool.name, why);
    tools.delete(tool.name);
  }
  return withheld;
}

/**
 * Every tool a plan may call — enabled toolsets, declared `tools:`, and adapters' extra tools — by
 * name, less those `withhold` keeps out of the run (returned apart, with the reason).
 */
export function buildToolCatalogue(
  plan: Plan,
  extraTools: readonly ToolDescription[] = [],
  withhold?: ToolWithholding,
): { tools: Map<string, CatalogueTool>; issues: PlanIssue[]; withheld: Map<string, string> } {
  const tools = new Map<string, CatalogueTool>();
  const issues: PlanIssue[] = [];
  for (const toolset of new Set(plan.toolsets ?? [])) {
    for (const tool of toolsetTools(toolset, plan)) {
      tools.set(tool.name, { name: tool.name, description: tool.description, inputSchema: tool.inputSchema, sideEffects: tool.sideEffects, origin: 'toolset', toolset });
    }
  }
  for (const [name, declared] of Object.entries(plan.tools ?? {})) {
    const clash = tools.get(name);
    if (clash) {
      issues.push({ path: ['tools', name], at: 'key', message: `tool \`${name}\` is also in the \`${clash.toolset}\` toolset; give the declared tool another name` });
      continue;
    }
    tools.set(name, {
      name,
      description: declared.description,
      inputSchema: declared.input ?? ANY_OBJECT,
      sideEffects: declared.side_effects ?? false,
      origin: 'plan',
    });
  }
  for (const tool of extraTools) {
    if (tools.has(tool.name)) {
      issues.push({ path: plan.tools && Object.hasOwn(plan.tools, tool.name) ? ['tools', tool.name] : [], at: 'key', message: `tool \`${tool.name}\` is provided twice (by the plan or a toolset, and by an adapter); rename one` });
      continue;
    }
    tools.set(tool.name, { name: tool.name, description: tool.description, inputSchema: tool.inputSchema, sideEffects: tool.sideEffects, origin: 'extra' });
  }
  return { tools, issues, withheld: withholdTools(plan, tools, withhold) };
}
