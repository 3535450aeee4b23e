import type OpenAI from 'openai';
import type { StepContext } from '../step-context.ts';
import type { Tool } from '../../tools/tool.ts';

/** The tools one agent step may call (besides `write_todos`), and why any it names are not offered. */
export interface AgentTools {
  readonly offered: ReadonlyMap<string, Tool>;
  /** Tools the step names that this run keeps out (read-only mode), with the reason. */
  readonly refused: ReadonlyMap<string, string>;
}

/**
 * The step's `tools:` as the run has them: withheld tools (a fork's pull request) are never
 * offered, whatever the step names; a tool the registry lacks is not offered either.
 */
export function agentTools(ctx: StepContext): AgentTools {
  const offered = new Map<string, Tool>();
  const refused = new Map<string, string>();
  for (const name of ctx.step.tools ?? []) {
    const why = ctx.withheldTools?.get(name);
    const tool = ctx.tools.get(name);
    if (why !== undefined) refused.set(name, why);
    else if (tool) offered.set(name, tool);
  }
  return { offered, refused };
}

/** A tool as a Chat Completions function definition. */
export function functionDefinition(tool: Tool): OpenAI.Chat.Completions.ChatCompletionFunctionTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: { ...tool.inputSchema } } };
}
