import { afterEach, expect, it, vi } from 'vitest';
import { run } from '../../src/run.ts';
import { recordingRunner } from './recording-runner.ts';

afterEach(() => void vi.unstubAllEnvs());

// Found by a user-path review: the README says the outputs and the job summary are written in every case,
// and with a refused input the summary stayed empty and only status and goals-met were set.
it('writes a job summary and every output when the step’s inputs are refused, with no secret in them', async () => {
  vi.stubEnv('GITHUB_STEP_SUMMARY', '/runner/summary.md');
  const { commands, told } = recordingRunner({ comment: 'yes', 'api-key': 'sk-given-key', 'check-run': 'sk-given-key' });
  await run(commands);
  expect(told.summary).toContain("## ⛔ plan-runner did not start: fix the step's inputs (`with:`)");
  expect(told.summary).toContain('- input \'comment\': expected auto, always or never, got "yes"');
  expect(told.summary).toContain('No model was called, no tool ran');
  expect(told.outputs).toEqual({ status: 'failed', result: '', 'goals-met': 'false', report: '', trace: '', 'plan-file': '', 'cost-usd': '0', 'model-calls': '0', 'prompt-tokens': '0', 'cached-prompt-tokens': '0', 'completion-tokens': '0', 'duration-seconds': '0' });
  expect(told.failed).toEqual([expect.stringMatching(/^plan-runner: fix the step's inputs \(with:\):\n- input 'comment'/)]);
  expect(JSON.stringify(told)).not.toContain('sk-given-key');
});
