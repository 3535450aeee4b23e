import { expect, it } from 'vitest';
import type { Tool } from '../../src/tools/tool.ts';
import { FakeSteps, flushMicrotasks, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';

// A bug in the executor (here a redactor that throws, as hostile texts have made one) ended the run with the
// steps it had started still ⏳ and the rest ⬜: a checklist that said work was under way after the run ended.
it('ends every step an executor bug leaves: started ones failed, the rest skipped, before run_finished', async () => {
  const fake = new FakeSteps();
  const redact = (text: string): string => {
    if (text.includes('step b')) throw new RangeError('the redactor broke');
    return text;
  };
  let answer!: (value: unknown) => void;
  const lookup: Tool = { name: 'lookup', description: 'lookup', inputSchema: { type: 'object' }, sideEffects: false, execute: () => new Promise((resolve) => (answer = resolve)) };
  // x starts first (b waits on it), then a; once x completes, b's turn comes and the redactor throws.
  const steps = [step('a'), step('x'), step('b', ['x']), step('c', ['a'])];
  const run = startRun(planOf(steps, { concurrency: 2 }), fake.runner, { redact });
  const a = await fake.started('a');
  void a.callTool(lookup, {}).catch(() => undefined);
  await fake.started('x');
  fake.complete('x');
  const outcome = await run.outcome;
  expect(outcome).toMatchObject({ status: 'failed', reason: 'internal error in the executor: the redactor broke' });
  expect(a.signal.aborted).toBe(true);
  const states = Object.fromEntries([...outcome.record.steps].map(([key, record]) => [key, record.state]));
  expect(states).toEqual({ a: 'failed', x: 'completed', b: 'skipped', c: 'skipped' });
  expect(outcome.record.steps.get('a')?.error).toBe('internal error in the executor: the redactor broke');
  expect(outcome.record.steps.get('c')?.skipReason).toBe('internal error in the executor: the redactor broke');
  const types = run.events.map((event) => event.type);
  expect(types.at(-1)).toBe('run_finished');
  // The abandoned step's tool answering, and the step settling, record nothing after the run's end.
  answer('found');
  fake.complete('a');
  await flushMicrotasks();
  await new Promise((resolve) => setImmediate(resolve));
  expect(run.events.map((event) => event.type)).toEqual(types);
});
