import type OpenAI from 'openai';

export type ChatRequest = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;
export type ChatResponse = OpenAI.Chat.Completions.ChatCompletion;

/** Who asks: lets record/replay files and errors name the step (or `planner`, `goal:<name>`). */
export interface CallLabel {
  readonly purpose: string;
  /**
   * Told of each request this call made and abandoned before its whole answer came in (a timeout, a
   * cancel, a budget stop, an answer that broke off): what the endpoint bills for it is not known.
   */
  readonly onAbandoned?: () => void;
}

/**
 * The one way the run talks to a model: a Chat Completions call. The live client wraps the
 * `openai` SDK; record and replay clients wrap or replace it.
 */
export interface ModelClient {
  /** The model used when a step or agent names none. */
  readonly defaultModel: string;
  complete(request: ChatRequest, label: CallLabel, signal?: AbortSignal): Promise<ChatResponse>;
}
