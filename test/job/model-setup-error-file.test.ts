// `plan-runner run plan.yml --replay bad.jsonl` printed `plan.yml: Replay file bad.jsonl line 1: is not JSON…`: an error
// in what the model client is made from (a replay file, the API key) was named on the plan file, as if the plan were
// wrong. It is now named on no file of the plan's, and says which file is wrong itself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-model-setup-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(model: { replay?: string; apiKey?: string }): Promise<string[]> {
  const planFile = path.join(dir, 'ok.yml');
  writeFileSync(planFile, 'goal: say hi\nworkflow_sequence:\n  - { id: a, type: reasoning, description: Say hi }\n');
  const outcome = await runJob({ planFile, inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9', ...model } }, { listeners: [], clock: systemClock });
  if (outcome.kind !== 'rejected') throw new Error(`expected a refusal, got ${outcome.kind}`);
  return outcome.errors.map(formatPlanError);
}

it('names a bad replay file on itself, not on the plan', async () => {
  const replay = path.join(dir, 'bad.jsonl');
  writeFileSync(replay, 'not json\n');
  expect(await refusal({ replay })).toEqual([`Replay file ${replay} line 1: is not JSON. Give --replay the file a run wrote with --record FILE.`]);
});

it('names an unusable API key on no file', async () => {
  expect(await refusal({ apiKey: 'sk-abc\n' })).toEqual([expect.stringMatching(/^the API key holds a line break at character 7/)]);
});
