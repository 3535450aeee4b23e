import type OpenAI from 'openai';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type AssistantMessage = OpenAI.Chat.Completions.ChatCompletionAssistantMessageParam;

/**
 * The most characters of tool replies and call arguments (in an agent step, and the text the model wrote beside its calls) a conversation of tool calls keeps (an agent
 * step's, and the ReAct baseline's in `plan-runner eval`): each turn sends the whole conversation again,
 * and with every reply kept, 198 turns of 11 KB files sent 160 MB in all (1.65 MB in the last request),
 * past any model's context; a model's own calls grew it as well (30 turns writing a 50 KB file each sent
 * 1.5 MB of arguments in the last request). Past it, the oldest replies and arguments (never the last
 * turn's) give way to a line saying what they were.
 */
export const AGENT_REPLY_CHAR_LIMIT = 160_000;

interface Entry {
  /** The message: a tool reply, or the assistant message whose `call` (its index in `tool_calls`) or `text` this is. */
  readonly index: number;
  readonly call?: number;
  /** The assistant message's own text (`addText`), not a call's arguments. */
  readonly text?: true;
  readonly tool: string;
  readonly chars: number;
}

/** Tool replies and call arguments in the conversation, oldest first, and their total length: the budget above. */
export class ReplyBudget {
  readonly #offered: (tool: string) => boolean;
  readonly #entries: Entry[] = [];
  #oldest = 0;
  #total = 0;
  /** The last turn's assistant message (`addCalls`): it and what follows stay whole. */
  #lastTurn = 0;

  /** `offered` says which tool names the conversation offered: the line that replaces a reply repeats only those. */
  constructor(offered: (tool: string) => boolean) {
    this.#offered = offered;
  }

  /** Counts the reply at `messages[index]` to a call of `tool`, the name as the model wrote it. */
  add(index: number, tool: string, chars: number): void {
    this.#count({ index, tool, chars });
  }

  /** Counts the arguments of every tool call in the assistant message at `messages[index]`. */
  addCalls(index: number, calls: ReadonlyArray<{ readonly function: { readonly name: string; readonly arguments: string } }>): void {
    this.#lastTurn = index;
    for (const [call, { function: fn }] of calls.entries()) this.#count({ index, call, tool: fn.name, chars: fn.arguments.length });
  }

  /**
   * Counts the text the model wrote beside its calls in the assistant message at `messages[index]` (call `addCalls`
   * for that message first). Resent whole every turn, 30 turns of 20,000 characters sent 600,000 of them in the
   * last request (found by an adversarial pass).
   */
  addText(index: number, chars: number): void {
    if (chars > 0) this.#count({ index, text: true, tool: '', chars });
  }

  #count(entry: Entry): void {
    // The model's own words name the call: a name it was not offered is not repeated back to it.
    this.#entries.push({ ...entry, tool: entry.text || this.#offered(entry.tool) ? entry.tool : 'an unknown tool' });
    this.#total += entry.chars;
  }

  /** Shortens the oldest replies and arguments until they fit; the last turn's calls and replies stay whole. */
  fit(messages: Message[]): void {
    while (this.#total > AGENT_REPLY_CHAR_LIMIT && this.#oldest < this.#entries.length && this.#entries[this.#oldest]!.index < this.#lastTurn) {
      const { index, call, text, tool, chars } = this.#entries[this.#oldest++]!;
      if (text) {
        const note = `[left out for room: your message here, ${chars} characters]`;
        if (note.length >= chars) continue;
        messages[index] = { ...(messages[index] as AssistantMessage), content: note };
        this.#total -= chars - note.length;
        continue;
      }
      if (call === undefined) {
        const note = `[left out for room: the reply of '${tool}' here, ${chars} characters; call it again if you need it]`;
        // A reply no longer than the note stays: replaced, it took more room and said less (an issue's number).
        if (note.length >= chars) continue;
        messages[index] = { ...(messages[index] as OpenAI.Chat.Completions.ChatCompletionToolMessageParam), content: note };
        this.#total -= chars - note.length;
        continue;
      }
      // Arguments stay JSON: a server may parse them.
      const note = JSON.stringify({ left_out_for_room: `the arguments of this call of '${tool}', ${chars} characters` });
      if (note.length >= chars) continue;
      const assistant = messages[index] as AssistantMessage;
      const calls = (assistant.tool_calls ?? []).map((made, at) => (at === call && made.type === 'function' ? { ...made, function: { ...made.function, arguments: note } } : made));
      messages[index] = { ...assistant, tool_calls: calls };
      this.#total -= chars - note.length;
    }
  }
}
