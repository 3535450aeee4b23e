import { expect, it } from 'vitest';
import { run } from '../../src/run.ts';
import { recordingRunner } from './recording-runner.ts';

// Found by an adversarial pass: an internal error set no output, and a later step's
// `if: steps.plan.outputs.goals-met != 'false'` read the empty value as a pass.
it('sets status failed and goals-met false when the action fails with an internal error', async () => {
  const { commands, told } = recordingRunner({ plan: 'plan.yml' });
  const broken = {
    ...commands,
    getInput: (name: string) => {
      if (name === 'model') throw new Error('the runner lost its inputs');
      return commands.getInput(name);
    },
  };
  await run(broken);
  expect(told.failed).toEqual([expect.stringContaining('plan-runner: internal error: the runner lost its inputs')]);
  expect(told.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false' });
});
