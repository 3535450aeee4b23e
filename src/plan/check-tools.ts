import { WRITE_TODOS } from '../core/todo-item.ts';
import { checkToolsetConfig } from './check-toolset-config.ts';
import { NameSuggester } from './nearest-name.ts';
import { listNames, stepPath } from './plan-check-context.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';
import type { CatalogueTool } from './valid-plan.ts';

/**
 * The error for a tool name that is not among `tools`, `listed` naming them; one per check, as a plan may
 * name thousands (an MCP server lists up to 1,000 tools).
 */
function unknownToolMessages(tools: ReadonlyMap<string, CatalogueTool>, listed: () => string, withheld?: ReadonlyMap<string, string>): (name: string) => string {
  const suggester = new NameSuggester(tools.keys());
  return (name) => {
    const why = withheld?.get(name);
    if (why !== undefined) return `tool \`${name}\` is withheld from this run: ${why}; run it on a branch of this repository, or leave the step out`;
    const near = suggester.nearest(name);
    if (near) return `unknown tool \`${name}\` — did you mean \`${near}\`? Tools: ${listed()}`;
    return `unknown tool \`${name}\`; ${tools.size === 0 ? 'no tools are available: declare it under `tools:` or enable a toolset (`toolsets: [math]`)' : `available tools: ${listed()}`}`;
  };
}

/**
 * Tools that steps and agents name must exist; an agent's steps may only use the agent's tools;
 * enabled toolsets have the configuration they need.
 */
export function checkTools(plan: Plan, tools: ReadonlyMap<string, CatalogueTool>, withheld?: ReadonlyMap<string, string>, usedPlan = false): PlanIssue[] {
  const issues: PlanIssue[] = checkToolsetConfig(plan, usedPlan);
  let names: string | undefined;
  const listed = () => (names ??= listNames([...tools.keys()].sort()));
  const unknownToolMessage = unknownToolMessages(tools, listed, withheld);
  // A command tool with side effects is never retried (`mayRetry`: only a call that never reached its target is, and a
  // command always starts): a `retry` for one validated and was read by no one (found by a hunt of retries).
  const neverRetried = (name: string | undefined): boolean => {
    const tool = name !== undefined && plan.tools !== undefined && Object.hasOwn(plan.tools, name) ? plan.tools[name] : undefined;
    return tool !== undefined && 'command' in tool && tool.side_effects === true;
  };
  const notRetried = "a command tool with side_effects: true is never retried, as a repeat could make its effect twice; remove `retry`, or drop side_effects where a repeat is safe (the tool can tell a repeat by PLAN_RUNNER_IDEMPOTENCY_KEY)";
  for (const [name, tool] of Object.entries(plan.tools ?? {})) {
    if (neverRetried(name) && tool.retry !== undefined) issues.push({ path: ['tools', name, 'retry'], message: notRetried });
  }
  const agents = plan.agents ?? {};
  const agentSuggester = new NameSuggester(Object.keys(agents));
  for (const [agentName, agent] of Object.entries(agents)) {
    agent.tools?.forEach((name, position) => {
      if (!tools.has(name)) issues.push({ path: ['agents', agentName, 'tools', position], message: unknownToolMessage(name) });
    });
  }
  (plan.workflow_sequence ?? []).forEach((step, index) => {
    const at = stepPath(index);
    if (step.type === 'tool_call') {
      if (step.tool === undefined) {
        issues.push({ path: at, message: `a tool_call step needs \`tool:\`; available tools: ${listed()}` });
      } else if (!tools.has(step.tool)) {
        issues.push({ path: [...at, 'tool'], message: unknownToolMessage(step.tool) });
      } else if (step.retry !== undefined && neverRetried(step.tool)) {
        issues.push({ path: [...at, 'retry'], message: `step retries \`${step.tool}\`, but ${notRetried}` });
      }
    }
    if (step.type === 'agent') {
      step.tools?.forEach((name, position) => {
        if (name === WRITE_TODOS) issues.push({ path: [...at, 'tools', position], message: `\`${WRITE_TODOS}\` is given to every agent step; leave it out of \`tools\`` });
        else if (!tools.has(name)) issues.push({ path: [...at, 'tools', position], message: unknownToolMessage(name) });
      });
    }
    if (step.agent === undefined) return;
    const agent = Object.hasOwn(agents, step.agent) ? agents[step.agent] : undefined;
    if (!agent) {
      const agentNames = Object.keys(agents);
      const near = agentSuggester.nearest(step.agent);
      const hint = near ? ` — did you mean \`${near}\`?` : agentNames.length > 0 ? `; agents: ${listNames(agentNames)}` : '; declare it under `agents:`';
      issues.push({ path: [...at, 'agent'], message: `unknown agent \`${step.agent}\`${hint}` });
    } else if (step.tool !== undefined && agent.tools && !agent.tools.includes(step.tool)) {
      issues.push({ path: [...at, 'tool'], message: `agent \`${step.agent}\` may not use tool \`${step.tool}\`; its tools: ${listNames(agent.tools)}` });
    } else if (agent.tools) {
      step.tools?.forEach((name, position) => {
        if (name !== WRITE_TODOS && tools.has(name) && !agent.tools!.includes(name)) {
          issues.push({ path: [...at, 'tools', position], message: `agent \`${step.agent}\` may not use tool \`${name}\`; its tools: ${listNames(agent.tools!)}` });
        }
      });
    }
  });
  return issues;
}
