import { toolsetTools } from '../tools/toolsets.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';
import type { CatalogueTool, ToolDescription } from './valid-plan.ts';

/** The argument schema of a declared tool that does not write one: any object. */
const ANY_OBJECT = { type: 'object', properties: {} } as const;

/** Every tool a plan may call — enabled toolsets, declared `tools:`, and adapters' extra tools — by name. */
export function buildToolCatalogue(plan: Plan, extraTools: readonly ToolDescription[] = []): { tools: Map<string, CatalogueTool>; issues: PlanIssue[] } {
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
  return { tools, issues };
}
