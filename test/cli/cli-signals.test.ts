import { expect, it } from 'vitest';
import { cancelOnSignals } from '../../src/cli/cancel-on-signals.ts';

// Found by review: the CLI took only the first SIGINT (`process.once`); a second (Ctrl-C twice) got
// Node's default and ended the process at once, with exit 130, no summary and a trace cut mid-run.
// The review of the fix: with every later signal only noted, a stop that hung could not be ended.
it('cancels on the first SIGINT or SIGTERM, notes the second, and ends the process on the third', () => {
  const controller = new AbortController();
  const said: string[] = [];
  const exits: number[] = [];
  const before = process.listenerCount('SIGINT');
  const remove = cancelOnSignals(controller, (line) => said.push(line), { exit: (code) => exits.push(code) });
  try {
    process.emit('SIGINT');
    expect(controller.signal.reason).toBe('SIGINT');
    // Still handled: without a listener, a real second signal would end the process.
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    process.emit('SIGTERM');
    expect(said).toEqual(['plan-runner: already stopping (SIGTERM again): writing the summary and the trace; once more ends it at once, without them\n']);
    expect(exits).toEqual([]);
    process.emit('SIGINT');
    expect(said.at(-1)).toBe('plan-runner: SIGINT a third time: ending now; the summary and the trace may be incomplete\n');
    expect(exits).toEqual([130]);
    expect(controller.signal.reason).toBe('SIGINT');
  } finally {
    remove();
  }
  expect(process.listenerCount('SIGINT')).toBe(before);
});
