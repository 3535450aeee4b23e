import type OpenAI from 'openai';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/**
 * The most characters of tool replies a conversation of tool calls keeps (an agent step's, and the
 * ReAct baseline's in `plan-runner eval`): each turn sends the whole conversation again, and with every
 * reply kept, 198 turns of 11 KB files sent 160 MB in all (1.65 MB in the last request), past any model's
 * context. Past it, the oldest replies (never the last turn's) give way to a line saying what they were.
 */
export const AGENT_REPLY_CHAR_LIMIT = 160_000;

/** Tool replies in the conversation, oldest first, and their total length: the budget above. */
export class ReplyBudget {
  readonly #offered: (tool: string) => boolean;
  readonly #replies: Array<{ readonly index: number; readonly tool: string; readonly chars: number }> = [];
  #oldest = 0;
  #total = 0;

  /** `offered` says which tool names the conversation offered: the line that replaces a reply repeats only those. */
  constructor(offered: (tool: string) => boolean) {
    this.#offered = offered;
  }

  /** Counts the reply at `messages[index]` to a call of `tool`, the name as the model wrote it. */
  add(index: number, tool: string, chars: number): void {
    // The model's own words name the call: a name it was not offered is not repeated back to it.
    this.#replies.push({ index, tool: this.#offered(tool) ? tool : 'an unknown tool', chars });
    this.#total += chars;
  }

  /** Shortens the oldest replies before message `keepFrom` until the replies fit. */
  fit(messages: Message[], keepFrom: number): void {
    while (this.#total > AGENT_REPLY_CHAR_LIMIT && this.#oldest < this.#replies.length && this.#replies[this.#oldest]!.index < keepFrom) {
      const { index, tool, chars } = this.#replies[this.#oldest++]!;
      const message = messages[index] as OpenAI.Chat.Completions.ChatCompletionToolMessageParam;
      const note = `[left out for room: the reply of '${tool}' here, ${chars} characters; call it again if you need it]`;
      messages[index] = { ...message, content: note };
      this.#total -= chars - note.length;
    }
  }
}
