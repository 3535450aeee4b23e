import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCpuBounded } from '../helpers/cpu-bounded-script.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord, type ToolCallRecord } from '../../src/core/run-record.ts';

const called = (stepKey: string, callKey: string): RunEvent => ({ type: 'tool_called', at: 1, stepKey, tool: 't', args: {}, sideEffects: true, callKey });
const returned = (stepKey: string, callKey: string, outcome: 'succeeded' | 'failed'): RunEvent => ({ type: 'tool_returned', at: 2, stepKey, tool: 't', callKey, outcome }) as RunEvent;

/** The fold as first written: a return gives its outcome to the last call of its step and key that has none. */
function searchBack(events: readonly RunEvent[]): ToolCallRecord[] {
  const calls: ToolCallRecord[] = [];
  for (const event of events) {
    if (event.type === 'tool_called') calls.push({ stepKey: event.stepKey, tool: event.tool, args: event.args, sideEffects: event.sideEffects, callKey: event.callKey });
    if (event.type !== 'tool_returned') continue;
    const call = calls.findLast((candidate) => candidate.callKey === event.callKey && candidate.stepKey === event.stepKey && candidate.outcome === undefined);
    if (call) call.outcome = event.outcome;
  }
  return calls;
}

describe('tool calls in the run record', () => {
  it('match each return to the call a search back from the end finds, on random traces, also in a copy of the record', () => {
    let seed = 3;
    const random = (): number => ((seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) ^ (seed + 0x6d2b79f5)) >>> 0) / 2 ** 32;
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    for (let trace = 0; trace < 300; trace++) {
      const events = Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
        random() < 0.5 ? called(pick(['a', 'b']), pick(['k1', 'k2', 'k3'])) : returned(pick(['a', 'b']), pick(['k1', 'k2', 'k3', 'k4']), pick(['succeeded', 'failed'])),
      );
      // Folded in two parts, the second into a copy, as a listener that spreads the record does.
      const cut = Math.floor(random() * events.length);
      const first = events.slice(0, cut).reduce(applyEvent, newRunRecord());
      const record: RunRecord = events.slice(cut).reduce(applyEvent, { ...first });
      expect(record.toolCalls, `trace ${trace}`).toEqual(searchBack(events));
    }
  });

  // A search back per return: 40,000 calls and then their returns (a saved state another job may have
  // written) took 7.3 s to fold; the 256 MiB a trace may hold, hours. A child gets 40 s of CPU time for
  // 150,000 (the search took minutes); killed, the test fails.
  it('folds a trace of many calls, then their returns, in one pass', () => {
    const record = JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../src/core/run-record.ts')).href);
    const script = `
      import { applyEvent, newRunRecord } from ${record};
      const count = 150_000;
      let folded = newRunRecord();
      for (let n = 0; n < count; n++) folded = applyEvent(folded, { type: 'tool_called', at: 1, stepKey: 's', tool: 't', args: {}, sideEffects: true, callKey: 'c' + n });
      for (let n = 0; n < count; n++) folded = applyEvent(folded, { type: 'tool_returned', at: 2, stepKey: 's', tool: 't', callKey: 'c' + n, outcome: 'succeeded' });
      console.log(folded.toolCalls.filter((call) => call.outcome === 'succeeded').length);`;
    expect(runCpuBounded(script, 40, 240_000)).toEqual({ signal: null, stdout: ['150000'], stderr: '' });
  }, 250_000);
});
