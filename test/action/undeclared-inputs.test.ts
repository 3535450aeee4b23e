import { afterEach, expect, it, vi } from 'vitest';
import { undeclaredInputWarnings } from '../../src/action/undeclared-inputs.ts';
import { run } from '../../src/run.ts';
import { recordingRunner } from './recording-runner.ts';

afterEach(() => void vi.unstubAllEnvs());

// Found by a user-path review: INPUT_API_KEY in a .env (underscores) went unread, and the run said only that
// no API key was set. A runner warns of an unexpected with: key; a local run had nothing say so.
it('names each INPUT_ variable no declared input reads, with the input it likely means, and never its value', () => {
  const env = { INPUT_API_KEY: 'sk-secret-value', INPUT_PLAN: 'plan.yml', 'INPUT_BASE-URL': '', INPUT_COMENT: 'never', INPUT_Plan: 'x.yml', INPUT_COLOUR: 'blue', INPUT_MAX_COST_USD_PER_RUN: '1', 'INPUT_MAX COST USD PER RUN': '1', PATH: '/bin', MY_INPUT_X: '1' };
  const warnings = undeclaredInputWarnings(env, false);
  expect(warnings).toEqual([
    'INPUT_API_KEY names no input of plan-runner, so nothing reads it: did you mean api-key (INPUT_API-KEY)?',
    'INPUT_COLOUR names no input of plan-runner, so nothing reads it: action.yml lists the inputs there are',
    'INPUT_COMENT names no input of plan-runner, so nothing reads it: did you mean comment (INPUT_COMMENT)?',
    // Underscores or spaces for every dash: too many edits for a near name (found by review).
    'INPUT_MAX COST USD PER RUN names no input of plan-runner, so nothing reads it: did you mean max-cost-usd-per-run (INPUT_MAX-COST-USD-PER-RUN)?',
    'INPUT_MAX_COST_USD_PER_RUN names no input of plan-runner, so nothing reads it: did you mean max-cost-usd-per-run (INPUT_MAX-COST-USD-PER-RUN)?',
    'INPUT_Plan names no input of plan-runner, so nothing reads it: did you mean plan (INPUT_PLAN)?',
  ]);
  // On a runner, in the words of the workflow's with: key.
  expect(undeclaredInputWarnings({ INPUT_API_KEY: 'x' }, true)).toEqual(['with: key api_key (INPUT_API_KEY) names no input of plan-runner, so nothing reads it: did you mean api-key (INPUT_API-KEY)?']);
  expect(warnings.join('\n')).not.toContain('sk-secret-value');
});

it('warns of them as the action starts, as ::warning', async () => {
  vi.stubEnv('INPUT_API_KEY', 'sk-secret-value');
  const { commands, told } = recordingRunner({ comment: 'yes' });
  await run(commands);
  expect(told.warnings).toContain('INPUT_API_KEY names no input of plan-runner, so nothing reads it: did you mean api-key (INPUT_API-KEY)?');
  expect(told.warnings.join('\n')).not.toContain('sk-secret-value');
});
