import { globalDispatcher, type Dispatcher } from '../../src/core/proxy-from-environment.ts';

/** The options of each request Node's fetch sends while `use` runs, as its dispatcher gets them; the request still goes out. */
export async function dispatchedOptions(use: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const key = Symbol.for('undici.globalDispatcher.1');
  const real = globalDispatcher()!;
  const seen: Array<Record<string, unknown>> = [];
  const recording: Dispatcher = {
    dispatch: (options, handler) => {
      seen.push({ ...options });
      return real.dispatch(options, handler);
    },
    close: () => real.close(),
    destroy: () => real.destroy(),
  };
  const slots = globalThis as unknown as Record<symbol, Dispatcher>;
  slots[key] = recording;
  try {
    await use();
  } finally {
    slots[key] = real;
  }
  return seen;
}
