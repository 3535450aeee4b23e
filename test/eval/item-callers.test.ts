// A for_each step's items call the model as `step:<id>[<key>]`: an answers entry or a fault rule for
// `step:<id>` matched none of them, and the eval said the rule targeted "no step the plan has" (found by
// an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { itemStepPurpose, targetsPurpose } from '../../src/eval/fault-rule.ts';
import { runChapterEval } from './eval-fixture.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-item-callers-'));
  await writeFile(
    path.join(dir, 'plan.yml'),
    [
      'name: items',
      'model: { name: gpt-4.1-mini }',
      'tools:',
      `  list: { description: The items, command: ["sh", "-c", "echo '[\\"a\\",\\"b\\",\\"c\\"]'"], input: { type: object } }`,
      'workflow_sequence:',
      '  - { id: list, type: tool_call, tool: list, args: {} }',
      '  - { id: say, type: reasoning, for_each: "${steps.list.result}", description: "Say ${item}" }',
      'goals:',
      '  - { name: every item, all_steps_completed: true }',
      '',
    ].join('\n'),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('reads a step caller for its items, and an item caller for that item alone', () => {
  expect(itemStepPurpose('step:say[b]')).toBe('step:say');
  expect(itemStepPurpose('step:say')).toBeUndefined();
  expect(itemStepPurpose('goal:a[b]')).toBeUndefined();
  const rule = (model: string) => ({ model, fault: 'http 500' as const, attempt: 1 });
  expect(targetsPurpose(rule('step:say'), 'step:say[b]')).toBe(true);
  expect(targetsPurpose(rule('step:say[b]'), 'step:say[b]')).toBe(true);
  expect(targetsPurpose(rule('step:say[b]'), 'step:say[c]')).toBe(false);
  expect(targetsPurpose(rule('step:sa'), 'step:say[b]')).toBe(false);
});

it("answers every item from the step's entry, an item's own entry first, and faults every item's call", async () => {
  const { report, events } = await runChapterEval({
    plans: [{ file: path.join(dir, 'plan.yml') }],
    cwd: dir,
    faults: [{ model: 'step:say', fault: 'http 500', attempt: 1 }],
    model: { kind: 'answers', answers: { 'step:say': [{ text: 'said it' }], 'step:say[1]': [{ text: 'said the second' }] } },
  });
  const run = report.runs[0]!;
  expect(run.status).toBe('succeeded');
  // One 500 per item, each retried by the SDK: three faults, every item's first call.
  expect(run.faults.map((fault) => fault.target).sort()).toEqual(['model:step:say[0]', 'model:step:say[1]', 'model:step:say[2]']);
  const said = [...events.values()][0]!.flatMap((event) => (event.type === 'item_completed' ? [[event.index, event.result]] : []));
  expect(said.sort()).toEqual([[0, 'said it'], [1, 'said the second'], [2, 'said it']]);
});
