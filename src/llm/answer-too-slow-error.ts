/**
 * An answer whose body did not arrive whole within the request timeout after its headers: the SDK's timeout ends
 * when the headers come, and a body sent a byte a second held one request for minutes (found by a hunt of endpoint
 * quirks). The model client asks again within its retries, as for a hung request.
 */
export class AnswerTooSlowError extends Error {
  override readonly name = 'AnswerTooSlowError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`the answer's body did not arrive whole within ${timeoutMs / 1000} s of its headers`);
    this.timeoutMs = timeoutMs;
  }
}
