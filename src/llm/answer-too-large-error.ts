/**
 * The most bytes of one answer's body the model client reads: far beyond what any model writes in one
 * answer (128,000 tokens of output is about half a MiB of text, a few MiB JSON-escaped), and small enough
 * that an endpoint sending without end cannot fill the runner's memory, as reading a body whole let it.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

function formatLimit(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}

/** An answer's body longer than the client reads: by its declared length, or by the bytes read. */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
  readonly limitBytes: number;
  readonly declaredBytes?: number;

  constructor(limitBytes: number, declaredBytes?: number) {
    super(
      declaredBytes === undefined
        ? `the answer was longer than the ${formatLimit(limitBytes)} plan-runner reads`
        : `the answer declared ${declaredBytes} bytes, more than the ${formatLimit(limitBytes)} plan-runner reads`,
    );
    this.limitBytes = limitBytes;
    if (declaredBytes !== undefined) this.declaredBytes = declaredBytes;
  }
}
