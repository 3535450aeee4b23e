import type OpenAI from 'openai';
import type { TodoItem } from '../../core/todo-item.ts';
import { hasVisibleText } from '../../core/invisible-characters.ts';
import type { ChatRequest } from '../../llm/model-client.ts';
import { DEFAULT_MAX_TURNS } from '../../plan/schema.ts';
import { buildStepMessages } from '../build-step-messages.ts';
import { completeForStep, requireModel } from '../complete-for-step.ts';
import { refuseCutOff } from '../cut-off-answer-error.ts';
import { EmptyAnswerError } from '../empty-answer-error.ts';
import { dataBlock, promptData } from '../data-block.ts';
import { stepReferenceSources, type EarlierCall, type StepContext } from '../step-context.ts';
import { stepModelSettings } from '../step-model-settings.ts';
import { AgentStoppedError } from './agent-stopped-error.ts';
import { AGENT_RULES } from './agent-system-prompt.ts';
import { agentTools, functionDefinition, type AgentTools } from './agent-tools.ts';
import { applyWriteTodos } from './apply-write-todos.ts';
import { answerCalls, notReadNote, otherCallError, otherCallsNote, stopBetweenCalls } from './answer-calls.ts';
import { callAgentTool, type ToolCallAnswer } from './call-agent-tool.ts';
import { parseToolArguments } from '../parse-tool-arguments.ts';
import { ReplyBudget } from './reply-budget.ts';
import { resolveTaskText, taskWords } from './resolve-task-text.ts';
import { WRITE_TODOS, WRITE_TODOS_DEFINITION } from './write-todos-definition.ts';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type FunctionCall = OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall;

const INSTRUCTION = `Work on the task above with the tools you have. Start with ${WRITE_TODOS}; end with your final answer as plain text.`;

function reminder(name: string): string {
  return `Not run: call ${WRITE_TODOS} first with your plan as a TODO list (merge: false), then call '${name}' again.`;
}

function tally(todos: readonly TodoItem[]): string {
  const count = (status: TodoItem['status']) => todos.filter((todo) => todo.status === status).length;
  return `TODO list saved (${todos.length} item${todos.length === 1 ? '' : 's'}: ${count('completed')} completed, ${count('in_progress')} in_progress, ${count('pending')} pending${count('cancelled') ? `, ${count('cancelled')} cancelled` : ''}).`;
}

/** The most earlier calls an agent is told of, each cut to EARLIER_CALL_CHARS: a resumed step's prompt stays bounded. */
const MAX_EARLIER_CALLS = 50;
/**
 * Tool calls run from one turn (write_todos aside): `max_turns` counts model calls, and one answer may
 * ask for hundreds of calls, each a side effect. The rest are answered "not run", to be asked again.
 */
export const MAX_TOOL_CALLS_PER_TURN = 16;
const EARLIER_CALL_CHARS = 2_000;

/**
 * What a resumed agent step is told of the side effects it had: the run it resumes ended while the
 * step worked, so the model starts again knowing nothing of them, and could make the same change in
 * other words (another issue title), which no record would match. The calls are the model's own
 * words from before: data, not instructions.
 */
function earlierCallsNote(calls: readonly EarlierCall[]): string {
  const shown = calls.slice(0, MAX_EARLIER_CALLS).map((call, index) =>
    dataBlock({ call: String(index + 1), tool: call.tool, outcome: call.outcome === 'succeeded' ? 'took effect' : 'may have taken effect' }, promptData(call.args, EARLIER_CALL_CHARS), true),
  );
  const more = calls.length - shown.length;
  return [
    'This step ran before, in an earlier attempt of this run that ended before the step finished. Before it ended, the step made these calls with side effects (their arguments below). They took effect (or may have): do not make them again, in the same or in other words; the same tool with the same arguments is not run again. Make only the calls the task still needs, then answer.',
    ...shown,
    ...(more > 0 ? [`(${more} more such calls; the trace has them all.)`] : []),
  ].join('\n\n');
}

/**
 * One agent step's tool loop. The model is called at most `max_turns` times; each answer either
 * calls tools (answered in order, as tool messages) or is the final answer. `write_todos` is kept
 * by the runner; the first call is reported as the step's list, later ones as updates.
 */
class AgentLoop {
  readonly #ctx: StepContext;
  readonly #tools: AgentTools;
  readonly #maxTurns: number;
  #todos: readonly TodoItem[] = [];
  #wroteTodos = false;
  #reminded = false;
  #lastMessage: string | undefined;
  /** The side-effect calls of this conversation that took effect, with their replies (`callAgentTool`). */
  readonly #made = new Map<string, string>();

  constructor(ctx: StepContext) {
    this.#ctx = ctx;
    this.#tools = agentTools(ctx);
    this.#maxTurns = ctx.step.maxTurns ?? DEFAULT_MAX_TURNS;
  }

  async run(): Promise<string> {
    const ctx = this.#ctx;
    const client = requireModel(ctx);
    const { model, temperature, agentSystem } = stepModelSettings(ctx, client);
    const written = ctx.step.task ?? ctx.step.description;
    const task = ctx.step.taskAsWritten ? taskWords(written) : resolveTaskText(written, stepReferenceSources(ctx));
    const messages: Message[] = buildStepMessages(ctx, INSTRUCTION, { agentSystem: [agentSystem, AGENT_RULES].filter(Boolean).join('\n\n'), task });
    if (ctx.earlierCalls?.length) messages.push({ role: 'user', content: earlierCallsNote(ctx.earlierCalls) });
    const tools = [WRITE_TODOS_DEFINITION, ...[...this.#tools.offered.values()].map(functionDefinition)];
    const replies = new ReplyBudget((name) => name === WRITE_TODOS || this.#tools.offered.has(name));
    // Every call id the conversation holds: a reply names the call it answers by it.
    const callIds = new Set<string>();
    for (let turn = 1; turn <= this.#maxTurns; turn += 1) {
      const request: ChatRequest = { model, messages: [...messages], tools, ...(temperature !== undefined ? { temperature } : {}) };
      const response = await completeForStep(ctx, client, request);
      const choice = response.choices[0];
      const content = choice?.message.content ?? '';
      // Every call kept is answered and recorded; those past the cap are not read at all.
      const { calls, others, dropped } = answerCalls(choice?.message, turn, (name) => name === WRITE_TODOS || this.#tools.offered.has(name), callIds);
      const answered = hasVisibleText(content);
      if (answered) this.#lastMessage = content;
      ctx.report({ type: 'agent_turn', turn, maxTurns: this.#maxTurns, message: content, toolCalls: [...calls.map((call) => call.function.name), ...others.map((call) => call.name)] });
      // A cut-off answer is a fragment, its calls included: the last may be cut mid-arguments, and none of
      // them is run (found by an adversarial pass: side-effect calls of a `length` answer ran).
      refuseCutOff(ctx.step.key, choice, answered || calls.length > 0 || others.length > 0);
      if (calls.length === 0 && others.length === 0) {
        if (answered) return content;
        throw EmptyAnswerError.of(ctx.step.key, choice);
      }
      messages.push({ role: 'assistant', content: choice?.message.content ?? (calls.length > 0 ? null : ''), ...(calls.length > 0 && { tool_calls: calls }) });
      replies.addCalls(messages.length - 1, calls);
      // Recorded before any call runs: a call that ends the step ends the turn.
      for (const other of others) {
        const parsed = parseToolArguments(other.arguments);
        ctx.report({ type: 'agent_tool_called', turn, tool: other.name, args: parsed.ok ? parsed.args : other.arguments, ok: false, error: otherCallError(other) });
      }
      replies.addText(messages.length - 1, choice?.message.content?.length ?? 0);
      let run = 0;
      let todoWrites = 0;
      for (const [index, call] of calls.entries()) {
        await stopBetweenCalls(index, ctx.signal);
        const todos = call.function.name === WRITE_TODOS;
        const answer = todos ? (todoWrites >= MAX_TODO_WRITES_PER_TURN ? notRun(call, TODOS_NOT_RUN) : this.#writeTodos(call.function.arguments)) : run >= MAX_TOOL_CALLS_PER_TURN ? notRun(call) : await this.#answer(call);
        if (todos) todoWrites++;
        else run++;
        ctx.report({
          type: 'agent_tool_called',
          turn,
          tool: call.function.name,
          args: answer.args,
          ok: answer.ok,
          ...(answer.ok ? { result: answer.result } : { error: answer.error }),
        });
        // No later call of this turn or the next runs: the run's record of the call decides what happens.
        if (answer.endsStep !== undefined) throw answer.endsStep;
        const last = dropped > 0 && others.length === 0 && call === calls.at(-1);
        const reply = last ? `${answer.reply}${notReadNote(dropped)}` : answer.reply;
        replies.add(messages.length, call.function.name, reply.length);
        messages.push({ role: 'tool', tool_call_id: call.id, content: reply });
      }
      if (others.length > 0) messages.push({ role: 'user', content: `${otherCallsNote(others)}${dropped > 0 ? notReadNote(dropped) : ''}` });
      replies.fit(messages);
    }
    throw new AgentStoppedError({ stepKey: ctx.step.key, maxTurns: this.#maxTurns, todos: this.#todos, ...(this.#lastMessage !== undefined && { lastMessage: this.#lastMessage }) });
  }

  async #answer(call: FunctionCall): Promise<ToolCallAnswer> {
    const name = call.function.name;
    // Only for a tool it may call: told to call any other again after the list, the model spent a turn on it.
    if (!this.#wroteTodos && !this.#reminded && this.#tools.offered.has(name)) {
      this.#reminded = true;
      const parsed = parseToolArguments(call.function.arguments);
      return { ok: false, args: parsed.ok ? parsed.args : call.function.arguments, error: `reminded to call ${WRITE_TODOS} first`, reply: reminder(name) };
    }
    return callAgentTool(this.#ctx, this.#tools, name, call.function.arguments, this.#made);
  }

  #writeTodos(argumentText: string): ToolCallAnswer {
    const parsed = parseToolArguments(argumentText);
    if (!parsed.ok) return { ok: false, args: argumentText, error: parsed.error, reply: `Error: ${parsed.error}. The list was not changed.` };
    const applied = applyWriteTodos(this.#todos, parsed.args);
    if (!applied.ok) return { ok: false, args: parsed.args, error: applied.error, reply: `Error: ${applied.error}. The list was not changed.` };
    this.#todos = applied.todos;
    if (this.#wroteTodos) this.#ctx.report({ type: 'todos_updated', todos: applied.todos, changed: applied.changed, ...(applied.dropped.length > 0 && { dropped: applied.dropped }) });
    else this.#ctx.report({ type: 'todos_created', todos: applied.todos });
    this.#wroteTodos = true;
    // The list itself is in the todos event just written: the call's record holds what the model was told.
    const reply = tally(applied.todos);
    return { ok: true, args: parsed.args, result: reply, reply };
  }
}

const NOT_RUN_ERROR = `not run: at most ${MAX_TOOL_CALLS_PER_TURN} tool calls are run from one turn`;
/** What the model is told of a call past MAX_TOOL_CALLS_PER_TURN (also by the eval's ReAct baseline). */
export const NOT_RUN_REPLY = `Error: ${NOT_RUN_ERROR}; ask for it again in your next turn if it is still needed.`;

/**
 * The most `write_todos` calls applied from one turn. Each writes the whole list (up to 100 items) to the
 * trace: 12,000 of them in one answer wrote 1.3 GB, in a loop no timeout or cancel could stop.
 */
const MAX_TODO_WRITES_PER_TURN = 4;
const TODOS_NOT_RUN = {
  error: `not run: at most ${MAX_TODO_WRITES_PER_TURN} ${WRITE_TODOS} calls are applied from one turn`,
  reply: `Error: not run: at most ${MAX_TODO_WRITES_PER_TURN} ${WRITE_TODOS} calls are applied from one turn; the list was not changed. Send every change in one call (merge: true changes only the items it names).`,
};

/** The answer to a call past its cap (MAX_TOOL_CALLS_PER_TURN, or MAX_TODO_WRITES_PER_TURN): not run, and the model may ask for it again. */
function notRun(call: FunctionCall, why: { readonly error: string; readonly reply: string } = { error: NOT_RUN_ERROR, reply: NOT_RUN_REPLY }): ToolCallAnswer {
  const parsed = parseToolArguments(call.function.arguments);
  return { ok: false, args: parsed.ok ? parsed.args : call.function.arguments, error: why.error, reply: why.reply };
}

/** An `agent` step: a bounded Chat Completions tool loop whose final answer is the step's result. */
export function runAgentStep(ctx: StepContext): Promise<string> {
  return new AgentLoop(ctx).run();
}
