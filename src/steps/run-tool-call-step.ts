import { resolveReferences } from '../plan/resolve-references.ts';
import type { Tool } from '../tools/tool.ts';
import { requireTool } from '../tools/require-tool.ts';
import { InvalidToolArgumentsError } from './invalid-tool-arguments-error.ts';
import { stepReferenceSources, type StepContext } from './step-context.ts';
import { validateToolArguments } from './validate-tool-arguments.ts';
import { afterHeldLoop } from '../core/held-loop.ts';

/** The step's own `args` with references resolved, checked against the tool's input schema. No model call. */
function planArguments(ctx: StepContext, tool: Tool, args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const resolved = resolveReferences(args, stepReferenceSources(ctx));
  const checked = validateToolArguments(tool, resolved);
  if (!checked.ok) throw new InvalidToolArgumentsError({ stepKey: ctx.step.key, toolName: tool.name, chosenBy: 'plan', errors: [checked.error] });
  return checked.args;
}

/** A `tool_call` step: arguments from the plan (resolved) or chosen by the model, then one tool call. */
export async function runToolCallStep(ctx: StepContext): Promise<unknown> {
  const tool = requireTool(ctx.tools, ctx.step.tool ?? '', `Step ${ctx.step.key}`);
  // The steps and items started in one turn check their arguments one after another, with no wait between them.
  const given = ctx.step.args;
  const args = given ? await afterHeldLoop(ctx.signal, () => planArguments(ctx, tool, given)) : await (await import('./choose-tool-arguments.ts')).chooseToolArguments(ctx, tool);
  return ctx.callTool(tool, args);
}
