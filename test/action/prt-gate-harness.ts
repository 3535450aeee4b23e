import { mkdir, stat, copyFile as cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import type { FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';

export const BASE = 'a'.repeat(40);
export const HEAD = 'b'.repeat(40);
const REPOSITORY = { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' };
const PULL = { number: 5, head: { sha: HEAD, repo: { full_name: 'octo/app' } }, base: { sha: BASE, repo: { full_name: 'octo/app' } } };

export function harness(workspace: () => string, github: () => FakeGitHub) {
  const artifacts: Array<StateArtifact & { file: string }> = [];
  let nextId = 1;
  const store = (): RunStateStore => ({
    async save(name, file) { const kept = path.join(workspace(), 'store', String(nextId)); await mkdir(kept, { recursive: true }); await cp(file, path.join(kept, 's.jsonl')); const a = { id: nextId++, name, size: (await stat(file)).size, createdAt: new Date(), file: path.join(kept, 's.jsonl') }; artifacts.push(a); return a; },
    async list() { return artifacts; },
    async download(artifact, dir) { await mkdir(dir, { recursive: true }); const to = path.join(dir, `${artifact.id}.jsonl`); await cp(artifacts.find((a) => a.id === artifact.id)!.file, to); return to; },
  });
  return async function attempt(extra: Record<string, string>, runAttempt: string, eventName = 'pull_request_target') {
    const ws = workspace();
    const event = path.join(ws, 'event.json');
    await writeFile(event, JSON.stringify({ action: 'opened', number: 5, pull_request: PULL, repository: REPOSITORY, sender: { login: 'octocat', type: 'User' } }));
    const env = { GITHUB_WORKSPACE: ws, GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github().url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '70', GITHUB_RUN_ATTEMPT: runAttempt, GITHUB_SHA: eventName === 'pull_request_target' ? BASE : HEAD, RUNNER_TEMP: path.join(ws, 'tmp' + runAttempt), PATH: process.env['PATH'] ?? '' };
    const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', 'check-run': 'true', comment: 'never', state: 'off', ...extra };
    const read = await readActionSettings((name) => given[name] ?? '', env);
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io, said } = recordingIO();
    const result = await runAction(read.settings, {
      io, redact: createRedactor(), clock: systemClock, state: store(),
      github: createOctokit({ token: 't', baseUrl: github().url, warn: () => {}, throttle: zeroSpacingThrottle() }),
      admission: { permissionOf: async () => ({ permission: 'write' }), readHead: async () => ({ kind: 'commit', sha: eventName === 'pull_request_target' ? BASE : HEAD, changed: [] }) },
    });
    await result.published;
    const row = (name: string) => said.summary.split('\n').find((line) => line.startsWith('|') && line.includes(name)) ?? '';
    const check = github().checkRuns.filter((run) => run['head_sha'] === HEAD).at(-1);
    return { result, said, row, check };
  };
}
