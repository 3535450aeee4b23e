import { expect, it } from 'vitest';
import { cancelOnSignals } from '../../src/cli/cancel-on-signals.ts';

// Found by review: the CLI took only the first SIGINT (`process.once`); a second (Ctrl-C twice) got
// Node's default and ended the process at once, with exit 130, no summary and a trace cut mid-run.
it('cancels on the first SIGINT or SIGTERM and keeps handling the ones after it', () => {
  const controller = new AbortController();
  const said: string[] = [];
  const before = process.listenerCount('SIGINT');
  const remove = cancelOnSignals(controller, (line) => said.push(line));
  try {
    process.emit('SIGINT');
    expect(controller.signal.reason).toBe('SIGINT');
    // Still handled: without a listener, a real second signal would end the process.
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    process.emit('SIGINT');
    process.emit('SIGTERM');
    expect(controller.signal.reason).toBe('SIGINT');
    expect(said).toEqual(['plan-runner: already stopping (SIGINT again): writing the summary and the trace\n', 'plan-runner: already stopping (SIGTERM again): writing the summary and the trace\n']);
  } finally {
    remove();
  }
  expect(process.listenerCount('SIGINT')).toBe(before);
});
