import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { stepNeedsModel } from '../../src/plan/steps-needing-model.ts';
import { runJob } from '../../src/job/run-job.ts';

const root = join(import.meta.dirname, '..', '..');
const replays = readdirSync(join(root, 'workflows')).filter((name) => name.endsWith('.replay.jsonl'));

// A prompt change makes a shipped recording stale; this fails then, so it is re-recorded
// (node scripts/record-example.ts workflows/<name>.yml) instead of breaking the README's offline run.
describe('the shipped example replays', () => {
  it('exist for the examples that need a model', () => {
    expect(replays).toEqual(expect.arrayContaining(['weekly-report.replay.jsonl', 'returns-check.replay.jsonl']));
  });

  it.each(replays)('%s still answers every model call of its plan', async (replay) => {
    const outcome = await runJob(
      {
        planFile: join(root, 'workflows', replay.replace('.replay.jsonl', '.yml')),
        inputs: {},
        cwd: root,
        env: { PATH: process.env.PATH },
        model: { baseURL: 'http://127.0.0.1:9/v1', replay: join(root, 'workflows', replay) },
      },
      { listeners: [], clock: systemClock },
    );
    expect(outcome.kind).toBe('ran');
    if (outcome.kind !== 'ran') return;
    // Every step that asks the model completed (a source an example fails on purpose is a tool step).
    const modelSteps = (outcome.run.record.plan?.steps ?? []).filter(stepNeedsModel);
    const failures = modelSteps.map((step) => outcome.run.record.steps.get(step.key)!).filter((step) => step.state !== 'completed').map((step) => `${step.key}: ${step.error ?? step.state}`);
    expect(modelSteps.length).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    expect(outcome.status).toBe('succeeded');
    expect(outcome.run.usage.modelCalls).toBeGreaterThan(0);
  });
});
