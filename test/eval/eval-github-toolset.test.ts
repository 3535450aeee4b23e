// A github-toolset plan with the react baseline ended the eval with "internal error" and no report: the baseline
// opened its tools outside any catch, and no run was given the GitHub client `run` gets (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evalSettings } from './eval-fixture.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import type { EvalSettings } from '../../src/eval/run-eval.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { startFakeGitHubApi, type FakeGitHubApi } from '../fixtures/fake-github-api.ts';

let dir: string;
let api: FakeGitHubApi;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-github-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: gh\ngoal: List the open issues\ntoolsets: [github]\nworkflow_sequence:\n  - { id: list, type: tool_call, tool: list_issues, args: {} }\n');
  api = await startFakeGitHubApi({ 'issues/list-for-repo': () => ({ body: [] }) });
});

afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

function settings(overrides: Partial<EvalSettings> = {}): EvalSettings {
  return evalSettings(path.join(dir, 'plan.yml'), { baselines: ['react'], model: { kind: 'answers', answers: { react: [{ text: 'none' }] } }, ...overrides });
}

const evaluateIt = (given: EvalSettings) => evaluate(given, {}, { clock: systemClock, signal: new AbortController().signal });

describe('an eval of a github-toolset plan', () => {
  it('gives every run, the baseline’s too, the GitHub context a run of the plan gets', async () => {
    const octokit = createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
    const report = await evaluateIt(settings({ github: { octokit, repository: { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' } } }));
    expect(report.runs.map((run) => [run.column, run.status])).toEqual([['plan', 'succeeded'], ['react', 'succeeded']]);
    expect(api.requests.map((request) => request.operationId)).toContain('issues/list-for-repo');
  });

  it('reports a run whose tools cannot open as refused, and still reports every run', async () => {
    const report = await evaluateIt(settings());
    expect(report.runs.map((run) => [run.column, run.status])).toEqual([['plan', 'rejected'], ['react', 'rejected']]);
    expect(report.runs.find((run) => run.variant === 'react')?.reason).toMatch(/needs a GitHub token/);
    expect(report.passed).toBe(false);
    expect(report.markdown).toContain('no run of plan got to its first step');
  });

  it('keeps the other runs when one run throws', async () => {
    const octokit = createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
    const report = await evaluate(settings({ runs: 2, baselines: [], github: { octokit, repository: { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' } } }), {}, {
      clock: systemClock,
      signal: new AbortController().signal,
      listenersFor: (_column, run) => {
        if (run === 1) throw new Error('the trace file cannot be opened');
        return [];
      },
    });
    expect(report.runs.map((run) => [run.run, run.status])).toEqual([[1, 'rejected'], [2, 'succeeded']]);
    expect(report.runs[0]?.reason).toContain('the trace file cannot be opened');
  });
});
