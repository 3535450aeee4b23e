import type OpenAI from 'openai';
import type { ChatRequest, ChatResponse } from '../llm/model-client.ts';
import type { Tool } from '../tools/tool.ts';
import { buildStepMessages } from './build-step-messages.ts';
import { completeForStep, requireModel } from './complete-for-step.ts';
import { InvalidToolArgumentsError } from './invalid-tool-arguments-error.ts';
import type { StepContext } from './step-context.ts';
import { stepModelSettings } from './step-model-settings.ts';
import { validateToolArguments } from './validate-tool-arguments.ts';
import { parseToolArguments } from './parse-tool-arguments.ts';
import { refuseCutOff } from './cut-off-answer-error.ts';
import { hasVisibleText } from '../core/invisible-characters.ts';
import { cutText } from '../core/cut-text.ts';
import { stableHash } from '../core/stable-hash.ts';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type Attempt = { readonly ok: true; readonly args: Record<string, unknown> } | { readonly ok: false; readonly error: string; readonly reply: Message[] };

const short = (text: string): string => cutText(text, 201);

/** Reads the tool call out of a response and validates it; on failure, also the messages that tell the model why. */
function readAttempt(tool: Tool, response: ChatResponse): Attempt {
  const message = response.choices[0]?.message;
  const call = message?.tool_calls?.find((c) => c.type === 'function' && c.function.name === tool.name);
  if (!call || call.type !== 'function') {
    // A call of another name (a server that writes `functions.x`, `X` or `x ` for a tool `x`) is named: "it answered:
    // """ read as if the model had called nothing (found by an adversarial pass).
    const other = message?.tool_calls?.find((c) => c.type === 'function');
    const said = message?.refusal
      ? `it refused: ${JSON.stringify(short(message.refusal))}`
      : other?.type === 'function'
        ? `it called ${JSON.stringify(short(other.function.name))} instead, a tool it was not offered`
        : `it answered: ${JSON.stringify(short(message?.content ?? ''))}`;
    const error = `the model did not call '${tool.name}' (${said})`;
    const reply: Message[] = [
      { role: 'assistant', content: message?.content ?? '' },
      { role: 'user', content: `You must call the tool '${tool.name}'. ${error}.` },
    ];
    return { ok: false, error, reply };
  }
  const echo: Message = { role: 'assistant', content: message?.content ?? null, tool_calls: [call] };
  const fail = (error: string): Attempt => ({
    ok: false,
    error,
    reply: [echo, { role: 'tool', tool_call_id: call.id, content: `Invalid arguments, the tool was not run: ${error}\nCall '${tool.name}' again with arguments that match its schema.` }],
  });
  // Parallel calls of the tool ("fetch W10 and W11") are not one call: the first ran alone and the step was ✅ with
  // the others dropped unsaid (found by an adversarial pass). The same call sent twice is one call, however its
  // arguments are written (a space more, keys in another order: found by a review).
  const asked = message!.tool_calls!.filter((c) => c.type === 'function' && c.function.name === tool.name);
  const read = (text: string): string => {
    const parsed = parseToolArguments(text);
    return parsed.ok ? `args ${stableHash(parsed.args)}` : `text ${text}`;
  };
  const first = read(call.function.arguments);
  if (asked.some((c) => c.type === 'function' && c !== call && read(c.function.arguments) !== first)) {
    return fail(`it called '${tool.name}' ${asked.length} times in one answer with different arguments, and none was run: this step makes exactly one call, so call it once with the arguments the whole step needs`);
  }
  const parsed = parseToolArguments(call.function.arguments);
  if (!parsed.ok) return fail(parsed.error);
  const checked = validateToolArguments(tool, parsed.args);
  return checked.ok ? checked : fail(checked.error);
}

/**
 * For a `tool_call` step without `args`: one call offering exactly `tool` (tool_choice forced) with
 * the step's context; if the arguments are invalid, one more call showing the model the error; then
 * `InvalidToolArgumentsError` with both errors. An answer cut off (`finish_reason` length, content_filter) is not
 * asked again: the same limit or filter would stop the next (CutOffAnswerError, or EmptyAnswerError when it held nothing).
 */
export async function chooseToolArguments(ctx: StepContext, tool: Tool): Promise<Record<string, unknown>> {
  const client = requireModel(ctx);
  const { model, temperature, agentSystem } = stepModelSettings(ctx, client);
  const instruction = `Call the tool '${tool.name}' to do this step. Take argument values from the goal, the inputs and the results above; do not invent them.`;
  let messages = buildStepMessages(ctx, instruction, { agentSystem });
  const request = (conversation: Message[]): ChatRequest => ({
    model,
    messages: conversation,
    tools: [{ type: 'function', function: { name: tool.name, description: tool.description, parameters: { ...tool.inputSchema } } }],
    tool_choice: { type: 'function', function: { name: tool.name } },
    ...(temperature !== undefined ? { temperature } : {}),
  });
  const errors: string[] = [];
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await completeForStep(ctx, client, request(messages));
    // A cut-off call is a fragment (a `length` answer's call ran, side effects and all), and one cut off before any call is
    // no model that would not call the tool, to be asked again at the same limit (both found by an adversarial pass).
    const choice = response.choices[0];
    refuseCutOff(ctx.step.key, choice, hasVisibleText(choice?.message.content) || Boolean(choice?.message.tool_calls?.length));
    const result = readAttempt(tool, response);
    if (result.ok) return result.args;
    errors.push(result.error);
    messages = [...messages, ...result.reply];
  }
  throw new InvalidToolArgumentsError({ stepKey: ctx.step.key, toolName: tool.name, chosenBy: 'model', errors });
}
