import { errorText } from '../../core/error-text.ts';
import { leftEffectUnknown } from '../../core/step-error.ts';
import { sanitizeUntrusted } from '../../security/sanitize-untrusted.ts';
import { dataBlock, promptData } from '../data-block.ts';
import type { StepContext } from '../step-context.ts';
import { UnusableToolSchemaError } from '../unusable-tool-schema-error.ts';
import { validateToolArguments } from '../validate-tool-arguments.ts';
import type { AgentTools } from './agent-tools.ts';
import { parseToolArguments } from '../parse-tool-arguments.ts';
import { stableHash } from '../../core/stable-hash.ts';
import { raceAbortAfterTurn } from '../../core/race-abort.ts';

/** What one tool call came to: what the model is told, and what the trace records. */
export interface ToolCallAnswer {
  /** The tool message the model gets: the result in a data block, or the error. */
  readonly reply: string;
  readonly ok: boolean;
  readonly args: unknown;
  readonly result?: unknown;
  readonly error?: string;
  /** The error that ends the step once this call is recorded: a side-effect call that may have taken effect. */
  readonly endsStep?: unknown;
}

/** The most characters of a tool's error a model is told: an error may quote what the tool read, of any length. */
const TOOL_ERROR_CHARS = 4_000;

/** What a model is told of a tool call that failed with `error` (by an agent step, and the eval's ReAct baseline): sanitised and cut, in a data block. */
export function toolFailedReply(name: string, error: string): string {
  return `The tool failed:\n${dataBlock({ tool: name, error: 'true' }, sanitizeUntrusted(error, { maxChars: TOOL_ERROR_CHARS }), true)}`;
}

function failed(args: unknown, error: string, reply = `Error: ${error}`): ToolCallAnswer {
  return { ok: false, args, error, reply };
}

/**
 * Runs one tool call an agent asked for, through the same layer as a `tool_call` step: only tools
 * the step offers (never a withheld one), arguments checked against the tool's schema before it
 * runs, the tool's own write caps and neutralising, its output sanitised and cut inside a data
 * block. A failure is answered to the model as a tool error; only a stop of the step itself throws.
 * `made` holds the side-effect calls this conversation made that took effect, each with the reply it got: one asked
 * again is answered with that reply, not run.
 */
export async function callAgentTool(ctx: StepContext, tools: AgentTools, name: string, argumentText: string, made: Map<string, string>): Promise<ToolCallAnswer> {
  const parsed = parseToolArguments(argumentText);
  const args = parsed.ok ? parsed.args : argumentText;
  const withheld = tools.refused.get(name) ?? ctx.withheldTools?.get(name);
  if (withheld !== undefined) return failed(args, `tool '${name}' is withheld from this run: ${withheld}. It was not run.`);
  const tool = tools.offered.get(name);
  if (!tool) {
    const available = ['write_todos', ...tools.offered.keys()].join(', ');
    return failed(args, `tool '${name}' is not available to this step; available tools: ${available}. It was not run.`);
  }
  if (!parsed.ok) return failed(args, `${parsed.error}. '${name}' was not run; call it again with a JSON object.`);
  let checked: ReturnType<typeof validateToolArguments>;
  try {
    checked = validateToolArguments(tool, parsed.args);
  } catch (error) {
    // A schema the checker cannot read (an MCP server's `if`/`then`, a `$ref` to another document) on a tool the plan
    // does not name (`mode: agent` offers every tool; a step that names one is refused at load, check-args.ts):
    // it cannot be called, but the agent can go on with the others; it ended the step (found by an adversarial pass).
    if (!(error instanceof UnusableToolSchemaError)) throw error;
    return failed(args, `${error.message} '${name}' was not run and cannot be in this run; do the task with the other tools.`);
  }
  if (!checked.ok) return failed(args, `invalid arguments for '${name}', it was not run: ${checked.error}`);
  // A side effect this conversation already made and got the answer of: the run would refuse it as a repeat and
  // escalate, asking a person to check a call that is known to have taken effect (found by an adversarial pass).
  // Answered with what the call gave: its reply may have given way for room ("call it again if you need it"), and
  // the model, told only that the result was there, had no way to learn it but another call in other words
  // (found by an adversarial pass).
  const callKey = tool.sideEffects ? stableHash({ tool: name, args: checked.args }) : undefined;
  const madeReply = callKey === undefined ? undefined : made.get(callKey);
  if (madeReply !== undefined) {
    const error = `not run again: '${name}' with these arguments already took effect earlier in this step; a call with side effects is never made twice`;
    return failed(checked.args, error, `Not run again: '${name}' with these arguments already took effect earlier in this step; a call with side effects is never made twice. What it gave then:\n${madeReply}`);
  }
  let result: unknown;
  try {
    // Through the run: recorded in the trace, with its idempotency key; a side effect that ran is never repeated.
    // Not waited for past the turn a stop lands in: a tool still ending (a command being killed) answered after the step had
    // ended, and its record was dropped, so the summary said "0 tool calls" beside the call in the trace.
    result = await raceAbortAfterTurn(ctx.callTool(tool, checked.args), ctx.signal);
  } catch (error) {
    // The step itself was stopped (timeout, budget, cancel): that ends the loop, not the model's turn. Recorded first, as
    // the trace has the call: thrown past its record, the summary said "0 tool calls" beside the call's tool_called
    // (found by an adversarial pass).
    if (ctx.signal.aborted) return { ...failed(args, `stopped: ${errorText(ctx.signal.reason)}`), endsStep: ctx.signal.reason };
    const text = errorText(error);
    // A side-effect call that got no answer may have taken effect, and the run escalates once the step ends: told
    // only that the tool failed, the model made it again in other words (found by an adversarial pass: a second issue).
    if (leftEffectUnknown(tool.sideEffects, error, false)) return { ...failed(args, text), endsStep: error };
    return failed(args, text, toolFailedReply(name, text));
  }
  const reply = dataBlock({ tool: name }, promptData(result), true);
  if (callKey !== undefined) made.set(callKey, reply);
  return { ok: true, args: checked.args, result, reply };
}
