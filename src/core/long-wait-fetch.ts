import { globalDispatcher, type Dispatcher } from './proxy-from-environment.ts';

/** undici's own limits on a request, whatever its caller's timeout: 300 s for the headers, and for each pause in the body. */
const UNDICI_WAIT_MS = 300_000;

/**
 * `fetch` whose requests undici lets wait `waitMs` for their headers and between the chunks of their body. Node's
 * fetch ends a request at undici's 300 s, so a caller's longer timeout was not waited: a model request allowed 600 s
 * failed after 300 s, saying it had waited 600 (found when the model timeout became a setting). Each request goes
 * through the dispatcher in use when it is sent, so a proxy set for the run still carries it.
 */
export function longWaitFetch(inner: typeof fetch, waitMs: number): typeof fetch {
  if (waitMs <= UNDICI_WAIT_MS) return inner;
  const dispatcher: Pick<Dispatcher, 'dispatch'> = {
    dispatch: (options, handler) => {
      const through = globalDispatcher();
      if (through === undefined) throw new Error('Node\'s fetch has no dispatcher to send the request through');
      return through.dispatch({ ...options, headersTimeout: waitMs, bodyTimeout: waitMs } as typeof options, handler);
    },
  };
  // `dispatcher` is undici's own field of a request's init, which the DOM's RequestInit does not name.
  return (input, init) => inner(input, { ...init, dispatcher } as RequestInit);
}
