import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { HOW_TO_APPROVE } from '../../src/report/approval-section.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';
import { pullRequestEvent, REPO } from '../e2e/pull-request-event.ts';

// Found by an adversarial pass: a run paused for approval only edited its live comment to say it waits, and
// GitHub notifies no one of an edit: the plan's escalate.mention, the person needed, was never told.
const PR = 21;
let root: string;
let github: FakeGitHub;
const artifacts = new Map<number, Array<StateArtifact & { file: string }>>();
let nextArtifact = 1;

const PLAN = (escalate: string) => `name: Publish
approval: side-effects
${escalate}
toolsets: [math]
tools:
  publish:
    description: Publishes a total (cc @someone)
    command: ["sh", "-c", "cat > /dev/null"]
    input: { type: object, properties: { total: { type: number } }, required: [total] }
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
  - { id: 2, type: tool_call, tool: publish, args: { total: { step_result: 1 } } }
`;

function store(runId: number): RunStateStore {
  return {
    async save(name, file) {
      const kept = path.join(root, 'store', String(nextArtifact));
      await mkdir(kept, { recursive: true });
      await copyFile(file, path.join(kept, 'state.jsonl'));
      const artifact = { id: nextArtifact++, name, size: (await stat(file)).size, createdAt: new Date(), file: path.join(kept, 'state.jsonl') };
      artifacts.set(runId, [...(artifacts.get(runId) ?? []), artifact]);
      return artifact;
    },
    async list(other) {
      return artifacts.get(other ?? runId) ?? [];
    },
    async download(artifact, dir) {
      await mkdir(dir, { recursive: true });
      const found = [...artifacts.values()].flat().find((a) => a.id === artifact.id)!;
      const to = path.join(dir, `${artifact.id}.jsonl`);
      await copyFile(found.file, to);
      return to;
    },
  };
}

/** Runs the action on a push to pull request #21 as workflow run `runId`, attempt `attempt`. */
async function pause(name: string, runId: number, attempt: number, inputs: Record<string, string> = {}, escalate = 'escalate: { mention: "@acme/reviewers" }', status = 'awaiting-approval') {
  const workspace = path.join(root, 'ws');
  await mkdir(path.join(root, name), { recursive: true });
  await mkdir(workspace, { recursive: true });
  await writeFile(path.join(workspace, 'plan.yml'), PLAN(escalate));
  const eventPath = path.join(root, name, 'event.json');
  await writeFile(eventPath, JSON.stringify(pullRequestEvent(PR)));
  const env = {
    GITHUB_WORKSPACE: workspace, RUNNER_TEMP: path.join(root, name, 'tmp'), GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`, GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: String(runId), GITHUB_RUN_ATTEMPT: String(attempt),
  };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', ...inputs };
  const read = await readActionSettings((n) => given[n] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, github: octokit, state: store(runId), commentIntervalMs: 0 });
  await result.published;
  expect(result.outputs.status).toBe(status);
  return { result, said };
}

/** The comments on the pull request that are not plan-runner's live comment. */
const notices = () => github.commentsOn(REPO.owner, REPO.name, PR).filter((c) => !c.body.startsWith(commentMarker('plan.yml')));
const hashOf = (body: string) => /"hash":"([0-9a-f]+)"/.exec(body)?.[1];

beforeEach(async () => {
  artifacts.clear();
  root = await mkdtemp(path.join(os.tmpdir(), 'approval-notice-'));
  github = await startFakeGitHub();
  github.pulls.set(PR, { data: pullRequestEvent(PR)['pull_request'] as Record<string, unknown>, files: [] });
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.stop();
  await rm(root, { recursive: true, force: true });
});

describe('a run paused for approval on a pull request', () => {
  it('tells the plan’s escalate.mention in a comment of its own: what waits, and how to approve it', async () => {
    const { said } = await pause('p1', 4242, 1);
    expect(said.warnings).toEqual([]);
    const live = github.commentsOn(REPO.owner, REPO.name, PR).find((c) => c.body.startsWith(commentMarker('plan.yml')))!;
    const hash = hashOf(live.body)!;
    expect(hash).toMatch(/^[0-9a-f]{16,}$/);
    expect(notices().map((c) => c.body)).toEqual([
      `@acme/reviewers: a person is needed — [A run](https://github.com/${REPO.owner}/${REPO.name}/actions/runs/4242) of \`plan.yml\` waits for approval: 1 step (\`2\`) waits to run until someone approves it; plan-runner's comment for the plan lists it with its arguments. ${HOW_TO_APPROVE} Approval hash: \`${hash}\`.`,
    ]);
    // Tool text in the plan pings no one.
    expect(notices()[0]!.body).not.toContain('@someone');
  }, 60_000);

  it('tells no one again when the same paused run is re-run and pauses again, afresh or resumed', async () => {
    await pause('p1', 4242, 1);
    expect(notices()).toHaveLength(1);
    await pause('p2', 4242, 2);
    await pause('p3', 4242, 3, { resume: 'never' });
    expect(notices()).toHaveLength(1);
  }, 60_000);

  it('tells the mention again for another workflow run’s pause, which needs an /approve of its own', async () => {
    await pause('p1', 4242, 1);
    await pause('p2', 4343, 1);
    expect(notices().map((c) => c.body)).toEqual([expect.stringContaining('actions/runs/4242'), expect.stringContaining('actions/runs/4343')]);
  }, 60_000);

  it('posts nothing more when the plan names no mention, or when there is no comment for /approve to find (comment: never: the run is refused)', async () => {
    await pause('p1', 4242, 1, {}, 'escalate: { label: needs-human }');
    expect(notices()).toEqual([]);
    await pause('p2', 4343, 1, { comment: 'never' }, undefined, 'failed');
    expect(notices()).toEqual([]);
    // A pause adds no escalation label: the run was not escalated.
    expect(github.labels.get(`${REPO.owner}/${REPO.name}#${PR}`)).toBeUndefined();
  }, 60_000);
});
