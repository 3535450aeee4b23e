import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { readApprovalMarker } from '../../src/action/approval-marker.ts';
import { runAction } from '../../src/action/run-action.ts';
import { TRACE_STARTED_STATE } from '../../src/action/trace-started.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { RunStateStore } from '../../src/state/run-state-store.ts';
import { memoryStateStore } from '../fan-out/memory-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeComment, type FakeGitHub } from '../helpers/github-server.ts';
import { timingOutFetch } from '../helpers/timing-out-fetch.ts';
import { recordingIO } from './recording-io.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { everythingServer, marker } from '../e2e-tools/mcp-processes.ts';

const PLAN = `name: Publish
approval: side-effects
toolsets: [math]
tools:
  publish:
    description: Appends its arguments to published.txt
    command: ["sh", "-c", "cat >> published.txt"]
    input: { type: object, properties: { total: { type: number }, region: { type: string } }, required: [total] }
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
  - { id: 2, type: tool_call, tool: publish, args: { total: { step_result: 1 }, region: eu-central-primary } }
`;

const REPOSITORY = { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' };
const PULL = { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { sha: 'c'.repeat(40), repo: { full_name: 'octo/app' } } };

let root: string;
let workspace: string;
let github: FakeGitHub;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-approval-answers-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  // Each test's workspace is new, at one path, as a runner's is for every job: the run state names the plan file
  // by its path, and the tests that share a pause (sharedPause) answer it where it ran.
  workspace = path.join(root, 'workspace');
  await mkdir(workspace);
  github = await startFakeGitHub();
  github.pulls.set(5, { data: PULL, files: [] });
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

async function act(eventName: string, payload: unknown, runId: number, state: RunStateStore, options: { inputs?: Record<string, string>; saved?: Map<string, string>; attempt?: number; fetch?: typeof fetch } = {}) {
  const event = path.join(workspace, `event-${runId}-${options.attempt ?? 1}.json`);
  await writeFile(event, JSON.stringify(payload));
  // The comment an answer's event names is there to be read again, as on GitHub.
  github.postEventComment(payload);
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: String(runId), GITHUB_RUN_ATTEMPT: String(options.attempt ?? 1), GITHUB_SHA: 'c'.repeat(40), PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', ...options.inputs };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, {
    io,
    // A runner variable whose name looks secret holds the region: the run hides it everywhere.
    redact: createRedactor(['eu-central-primary']),
    clock: systemClock,
    commentIntervalMs: 0,
    github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle(), ...(options.fetch && { fetch: options.fetch }) }),
    state,
    admission: { permissionOf: async () => ({ permission: 'write' }), readHead: async () => ({ ok: true, sha: 'c'.repeat(40) }) as never },
    ...(options.saved && { saveState: (name: string, value: string) => void options.saved!.set(name, value) }),
  });
  await result.published;
  return { result, said, settings: read.settings };
}

/** The pull request run that pauses before the write, its state in `store`. */
async function pause(store: RunStateStore, plan = PLAN, pull = PULL, runId = 77, inputs?: Record<string, string>) {
  await writeFile(path.join(workspace, 'plan.yml'), plan);
  const paused = await act('pull_request', { action: 'opened', number: 5, pull_request: pull, repository: REPOSITORY, sender: { login: 'octocat', type: 'User' } }, runId, store, { ...(inputs && { inputs }) });
  expect(paused.result.outputs.status).toBe('awaiting-approval');
  return paused;
}

/** What `pause(store)` left: its status, the fake GitHub's comments, clock and violations, and the state it saved. */
interface PauseLeft {
  readonly status: string;
  readonly comments: readonly FakeComment[];
  readonly now: number;
  readonly violations: readonly string[];
  readonly saved: ReadonlyArray<{ readonly name: string; readonly retentionDays: number; readonly bytes: Buffer }>;
}

let firstPause: Promise<PauseLeft> | undefined;

/**
 * `pause(store)` (PLAN on PULL, run 77), the same run in each test that starts from it: it runs in the first,
 * and each later test gets a copy of what it left on the fake GitHub and in the store.
 */
async function sharedPause(store: RunStateStore): Promise<void> {
  if (firstPause === undefined) {
    const saved: Array<PauseLeft['saved'][number]> = [];
    const recording: RunStateStore = { ...store, save: async (name, file, retentionDays) => (saved.push({ name, retentionDays, bytes: await readFile(file) }), store.save(name, file, retentionDays)) };
    firstPause = pause(recording).then((paused) => ({
      status: paused.result.outputs.status,
      comments: github.commentsOn('octo', 'app', 5).map((comment) => ({ ...comment, user: { ...comment.user } })),
      now: github.now,
      violations: [...github.violations],
      saved,
    }));
    await firstPause;
    return;
  }
  const left = await firstPause;
  expect(left.status).toBe('awaiting-approval');
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  for (const comment of left.comments) {
    Object.assign(github.addComment('octo', 'app', 5, comment.body, { ...comment.user }), { id: comment.id, created_at: comment.created_at, updated_at: comment.updated_at });
  }
  github.now = left.now;
  github.violations.push(...left.violations);
  // Where the paused run kept its trace: a runner folder of its own.
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  for (const { name, retentionDays, bytes } of left.saved) {
    await writeFile(path.join(runnerTemp, name), bytes);
    await store.save(name, path.join(runnerTemp, name), retentionDays);
  }
}

/** An issue_comment event: `body` by a maintainer on pull request #5, written at `createdAt` (now unless given; `null`: a payload without the time). */
function commentOn(body: string, id: number, createdAt: string | null = new Date().toISOString()) {
  return { action: 'created', issue: { number: 5, pull_request: { url: 'https://api.github.com/repos/octo/app/pulls/5' }, user: { login: 'octocat', type: 'User' } }, comment: { id, body, user: { login: 'maintainer', type: 'User' }, ...(createdAt !== null && { created_at: createdAt }) }, repository: REPOSITORY, sender: { login: 'maintainer', type: 'User' } };
}

// The approving job's check run is on the paused pull request commit, not the event's (the default
// branch's): a post step that finished a killed approving run looked for it there and left it in progress.
it('a killed approving run\'s post step completes the check run on the pull request commit it was opened on', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const saved = new Map<string, string>();
  const approved = await act('issue_comment', commentOn('/approve', 903), 80, store, { inputs: { 'check-run': 'true' }, saved });
  expect(approved.result.outputs.status).toBe('succeeded');
  expect(saved.get('pausedHeadSha')).toBe('b'.repeat(40));
  // As if the main step had been killed before it completed its check run.
  const check = github.checkRuns.find((run) => run['head_sha'] === 'b'.repeat(40))!;
  Object.assign(check, { status: 'in_progress', conclusion: null });
  const { finishKilledRun } = await import('../../src/action/finish-killed-run.ts');
  const context = { io: recordingIO().io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }) };
  await finishKilledRun(approved.settings, { ...context, pausedHeadSha: saved.get('pausedHeadSha')!, traceStarted: saved.get(TRACE_STARTED_STATE) });
  expect(check).toMatchObject({ status: 'completed', conclusion: 'success' });
});

// The post step of a killed approving run finished the comment from the trace without the paused commit: its
// body had no head line, and it never asked whether the pull request had moved on, so the approved run of the
// old commit was written over the newer commit's result (found by an adversarial pass).
it('a killed approving run’s post step leaves the comment to a newer commit’s run, with no check run', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const saved = new Map<string, string>();
  const approved = await act('issue_comment', commentOn('/approve', 907), 83, store, { saved });
  expect(approved.result.outputs.status).toBe('succeeded');
  // A push, and the newer commit's run writes the comment; then the approving job is killed before it ended.
  const newer = 'e'.repeat(40);
  github.pulls.set(5, { data: { ...PULL, head: { ...PULL.head, sha: newer } }, files: [] });
  const comment = github.commentsOn('octo', 'app', 5).at(-1)!;
  const newerBody = `${comment.body.split('\n', 1)[0]}\n<!-- plan-runner-head: ${newer} -->\n### ❌ plan-runner: Publish\n\n**Finished: failed**\n\nFor commit ${newer}.`;
  comment.body = newerBody;
  const { finishKilledRun } = await import('../../src/action/finish-killed-run.ts');
  const { io, said } = recordingIO();
  const client = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  const head = saved.get('pausedHeadSha');
  await finishKilledRun(approved.settings, { io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: client, ...(head !== undefined && { pausedHeadSha: head }), traceStarted: saved.get(TRACE_STARTED_STATE) });
  expect(github.commentsOn('octo', 'app', 5).map((left) => left.body)).toEqual([newerBody]);
  expect(said.log.join('\n')).toContain('no longer the head of #5');
});

// An /approve is posted; before its job reads the comment, a newer run of the plan pauses and rewrites it:
// the approval went to arguments its writer never saw (found by a review).
it('/approve written before the pause it would answer is refused, and the comment still waits; one written after approves', async () => {
  const store = await memoryStateStore();
  const before = new Date(Date.now() - 60_000).toISOString();
  await pause(store);
  const earlySaved = new Map<string, string>();
  const early = await act('issue_comment', commentOn('/approve', 901, before), 78, store, { saved: earlySaved });
  expect(early.result.outputs.status).not.toBe('succeeded');
  // Refused before it recorded an answer: its post step, were it killed, leaves the waiting run's comment alone.
  expect(earlySaved.has('answerRecorded')).toBe(false);
  expect(early.said.warnings.join('\n') + early.said.log.join('\n') + early.said.summary).toContain('it answers an earlier question');
  await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
  // A payload whose time cannot be read answers nothing either (fail closed: the check was skipped).
  for (const [at, id] of [[null, 904], ['not a time', 905]] as const) {
    const unknown = await act('issue_comment', commentOn('/approve', id, at), 81, store);
    expect(unknown.result.outputs.status).not.toBe('succeeded');
    expect(unknown.said.warnings.join('\n') + unknown.said.log.join('\n') + unknown.said.summary).toContain('whether it answers that question cannot be told');
  }
  await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
  const laterSaved = new Map<string, string>();
  const later = await act('issue_comment', commentOn('/approve', 902, new Date(Date.now() + 1_000).toISOString()), 79, store, { saved: laterSaved });
  expect(later.result.outputs.status).toBe('succeeded');
  // The answer is in the comment, which is this run's now: a post step finishes it however the main step ended.
  expect(laterSaved.get('answerRecorded')).toBe('true');
  expect(await readFile(path.join(workspace, 'published.txt'), 'utf8')).toContain('"total":42');
});

// Found by an adversarial pass: the job acted on the comment as its event had it. An /approve deleted (or edited
// away) while its job waited for a runner, or behind another answer in its concurrency group, still ran the steps.
it('an /approve or /reject deleted or edited away before its job records it answers nothing, and the comment still waits', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const waiting = github.commentsOn('octo', 'app', 5).at(-1)?.body;
  github.postedComment(906, '/approve', { login: 'maintainer', type: 'User' });
  github.changePostedComment(906, undefined);
  const deleted = await act('issue_comment', commentOn('/approve', 906), 83, store);
  expect(deleted.result.outputs.status).not.toBe('succeeded');
  expect(deleted.result.failure).toContain('the /approve comment was deleted before this job could record it');
  github.changePostedComment(907, 'Not yet: the region is wrong.');
  const edited = await act('issue_comment', commentOn('/approve', 907), 84, store);
  expect(edited.result.failure).toContain('the /approve comment was edited since it was posted');
  github.changePostedComment(908, '/approve\nLooks right.');
  const changedMind = await act('issue_comment', commentOn('/reject', 908), 85, store);
  expect(changedMind.result.outputs.status).not.toBe('rejected');
  expect(changedMind.result.failure).toContain('the /reject comment was edited since it was posted');
  await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
  expect(github.commentsOn('octo', 'app', 5).at(-1)?.body).toBe(waiting);
  // The comment as posted still answers.
  const approved = await act('issue_comment', commentOn('/approve', 909), 86, store);
  expect(approved.result.outputs.status).toBe('succeeded');
  expect(await readFile(path.join(workspace, 'published.txt'), 'utf8')).toContain('"total":42');
});

// /reject wrote "rejected" into plan-runner's comment, then found that the saved state did not ask for
// the approval the comment names, refused, and said "nothing was changed": the comment said rejected,
// and the run that really waited could no longer be approved.
it('/reject whose saved state asks for another approval is refused, and the comment still waits', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const waiting = github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';
  expect(waiting).toContain('"state":"awaiting"');

  // The state downloaded is not the one that asked: its approval_requested names another hash.
  const stale: RunStateStore = {
    ...store,
    async download(artifact, dir, runId) {
      const file = await store.download(artifact, dir, runId);
      await writeFile(file, (await readFile(file, 'utf8')).replace(/("type":"approval_requested".*?"hash":")[0-9a-f]{32}/, `$1${'f'.repeat(32)}`));
      return file;
    },
  };
  const comment = commentOn('/reject', 901);
  const rejected = await act('issue_comment', comment, 88, stale);
  expect(rejected.result.failure ?? '').toMatch(/does not ask for the approval [0-9a-f]{32} the comment names/);
  const after = github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';
  expect(after).toContain('"state":"awaiting"');
  expect(after).not.toContain('rejected');
  expect(github.violations).toEqual([]);
});

// The answer's write timed out, but GitHub carried it out anyway: the job refused ("could not record
// /approve … nothing ran … comment again"), while the comment said approved, so every later /approve
// was refused too and the paused run could never be approved.
it('/approve whose write into the comment times out but lands goes on: the answer is recorded', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  github.fail('issues/update-comment', { lateMs: 1500 });
  const comment = commentOn('/approve', 903);
  // Only that write times out, 500 ms after the fake has read it: 500 ms on every request timed out, on a
  // loaded machine, requests that had to answer.
  const approved = await act('issue_comment', comment, 88, store, { fetch: timingOutFetch(github, 'issues/update-comment', 500) });
  expect(approved.result.failure).toBeUndefined();
  expect(approved.result.outputs.status).toBe('succeeded');
  expect(await readFile(path.join(workspace, 'published.txt'), 'utf8')).toContain('42');
  expect(github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '').toContain('"state":"approved"');
});

// Found by an adversarial pass: a write of the answer GitHub refused for another reason than the token's
// permissions (a 401 for a token that expired, a 422) was told the token needs pull-requests: write.
it('/approve whose write into the comment GitHub refuses as invalid runs nothing, and blames no permission', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  github.fail('issues/update-comment', { status: 422, body: { message: 'Validation Failed' } });
  const approved = await act('issue_comment', commentOn('/approve', 906), 88, store);
  expect(approved.result.failure ?? '').toContain("could not record /approve in plan-runner's comment");
  expect(approved.result.failure).toContain("GitHub refused the request itself, not the token's permissions");
  expect(approved.result.failure).not.toContain('pull-requests: write');
  expect(github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '').toContain('"state":"awaiting"');
});

// The request's hash covered the plan and the arguments as they were; the trace keeps them redacted,
// and the approving run recomputes the hash from the trace: a value the redactor hides (here a runner
// variable whose name looks secret) made every /approve fail with "the plan file changed".
it('/approve of a step whose arguments hold a value the redactor hides: approved, and the write runs once', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  expect(github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '').toContain('"region":"***"');
  const comment = commentOn('/approve', 902);
  const approved = await act('issue_comment', comment, 88, store);
  expect(approved.result.failure).toBeUndefined();
  expect(approved.result.outputs.status).toBe('succeeded');
  // Tools get redacted arguments in every run (a secret the run knows never reaches a write).
  expect(JSON.parse(await readFile(path.join(workspace, 'published.txt'), 'utf8'))).toEqual({ total: 42, region: '***' });
  expect(github.violations).toEqual([]);
});

// Found by review: the README says a /reject job fails when the plan has a required goal (its goals
// were never checked), but rejectRun never asked: the job passed.
it('/reject of a plan with a required goal fails its job: a gate whose goals were not checked does not pass', async () => {
  const store = await memoryStateStore();
  await pause(store, `${PLAN}goals:\n  - { name: published, contains: "42" }\n`);
  const rejected = await act('issue_comment', commentOn('/reject', 904), 88, store);
  expect(rejected.result.outputs.status).toBe('rejected');
  expect(rejected.result.failure).toMatch(/rejected \(\/reject\), so its goals were never checked/);
  // Without a required goal it passes, as before.
  const other = await memoryStateStore();
  // Another workflow run of the plan (run 78): run 77's request was answered, so a run of it would not ask again.
  await pause(other, `${PLAN}goals:\n  - { name: published, contains: "42", severity: warning }\n`, PULL, 78);
  const passed = await act('issue_comment', commentOn('/reject', 905), 89, other);
  expect(passed.result.outputs.status).toBe('rejected');
  expect(passed.result.failure).toBeUndefined();
});

// Found by an adversarial pass: a required goal of a plan a `type: plan` step uses gated nothing while the run
// waited or after /reject (the job passed), where approved it failed the job.
it('a used plan’s required goal gates the paused run and its /reject as the plan’s own does', async () => {
  const store = await memoryStateStore();
  await writeFile(path.join(workspace, 'inner.yml'), 'name: Inner\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\ngoals:\n  - { name: is four, equals: "4" }\n');
  await writeFile(path.join(workspace, 'plan.yml'), `${PLAN}  - { id: 3, type: plan, uses: inner.yml, depends_on: [2] }\n`);
  const paused = await act('pull_request', { action: 'opened', number: 5, pull_request: PULL, repository: REPOSITORY, sender: { login: 'octocat', type: 'User' } }, 77, store);
  expect(paused.result.outputs.status).toBe('awaiting-approval');
  expect(paused.result.failure).toContain('its goals were not checked');
  const rejected = await act('issue_comment', commentOn('/reject', 907), 88, store);
  expect(rejected.result.outputs.status).toBe('rejected');
  expect(rejected.result.failure).toMatch(/rejected \(\/reject\), so its goals were never checked/);
});

// Found by a review: /reject read a used plan's path as written (a named pipe hung the job; a path outside the
// repository was read), and a goal written as `- ~` threw after the answer was recorded. Each gates, fail closed.
it('/reject gates on a plan file it would not load, or whose goal is no map, without reading or throwing', async () => {
  const inner = 'name: Inner\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n';
  await writeFile(path.join(workspace, 'inner.yml'), inner);
  const plan = `${PLAN}  - { id: 3, type: plan, uses: inner.yml, depends_on: [2] }\n`;
  const cases: [string, () => Promise<void>][] = [
    ['a named pipe', async () => {
      await rm(path.join(workspace, 'inner.yml'));
      execFileSync('mkfifo', [path.join(workspace, 'inner.yml')]);
    }],
    ['a goal that is no map', () => writeFile(path.join(workspace, 'inner.yml'), `${inner}goals:\n  - ~\n`)],
    ['the plan file itself a named pipe', async () => {
      await rm(path.join(workspace, 'plan.yml'));
      execFileSync('mkfifo', [path.join(workspace, 'plan.yml')]);
    }],
  ];
  let runId = 60;
  for (const [what, change] of cases) {
    const store = await memoryStateStore();
    await rm(path.join(workspace, 'inner.yml'), { force: true });
    await writeFile(path.join(workspace, 'inner.yml'), inner);
    await rm(path.join(workspace, 'plan.yml'), { force: true });
    await pause(store, plan, PULL, ++runId);
    await change();
    const rejected = await act('issue_comment', commentOn('/reject', 950 + runId), ++runId, store, { inputs: { 'fail-on-unmet-goals': 'false' } });
    expect(rejected.result.outputs.status, what).toBe('rejected');
    expect(rejected.result.failure, what).toMatch(/rejected \(\/reject\), so its goals were never checked/);
  }
});

// Found by review: the /reject job loaded the whole plan to find its goals, without its MCP servers,
// so a step naming one of their tools read as a plan error, which counted as a required goal.
it('/reject of a plan whose steps call an MCP server’s tools, without a required goal, passes', async () => {
  const server = everythingServer(marker(), { tools: ['echo'] });
  const plan = `${PLAN.replace('toolsets: [math]\n', `toolsets: [math]\nmcp_servers:\n  everything: ${JSON.stringify(server)}\n`).replace('workflow_sequence:\n', 'workflow_sequence:\n  - { id: hello, type: tool_call, tool: everything__echo, args: { message: hi } }\n')}goals:\n  - { name: published, contains: "42", severity: warning }\n`;
  const store = await memoryStateStore();
  await pause(store, plan);
  const rejected = await act('issue_comment', commentOn('/reject', 906), 88, store);
  expect(rejected.result.outputs.status).toBe('rejected');
  expect(rejected.result.failure).toBeUndefined();
});

// The approving run's event (an issue_comment) names no commit: its comment had no head line and it never
// asked whether the pull request had moved on, so a slow approval overwrote the comment of a newer
// commit's run (found by a review).
it('an approving run keeps the paused commit in its comment, and leaves the comment once the pull request has moved on', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const approved = await act('issue_comment', commentOn('/approve', 904), 81, store);
  expect(approved.result.outputs.status).toBe('succeeded');
  const body = github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';
  expect(body).toContain(`<!-- plan-runner-head: ${'b'.repeat(40)} -->`);
  expect(body).toContain(`For commit ${'b'.repeat(40)}.`);
  expect(body).toMatch(/Finished: succeeded/);

  await rm(path.join(workspace, 'published.txt'));
  // A push, and the new commit's workflow run pauses again (its artifacts are its own): it asks anew.
  const again = await memoryStateStore();
  const pushed = { ...PULL, head: { ...PULL.head, sha: 'e'.repeat(40) } };
  github.pulls.set(5, { data: pushed, files: [] });
  await pause(again, PLAN, pushed, 79);
  const paused = github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';
  // A push: the newer commit's run has the comment from now on.
  github.pulls.set(5, { data: { ...PULL, head: { ...PULL.head, sha: 'd'.repeat(40) } }, files: [] });
  const late = await act('issue_comment', commentOn('/approve', 905), 82, again);
  expect(late.result.outputs.status).toBe('succeeded');
  expect(late.said.warnings.join('\n') + late.said.log.join('\n')).toContain('no longer the head of #5');
  // No run of the newer commit has written the comment, so it shows how this approved run ended, and that its commit
  // is no longer the head: it showed the pause the approval had answered, at ⏳, for good.
  const after = github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';
  expect(after).toMatch(/Finished: succeeded/);
  expect(after).toContain(paused.split('\n')[1]);
  expect(after).toContain(`For commit ${'e'.repeat(40)}, which is no longer the head of the pull request (now ${'d'.repeat(40)}).`);
});

/** The artifacts of each workflow run apart, as the service keeps them: a run lists its own, or another's by id. */
async function perRunStores(): Promise<(own: number) => RunStateStore> {
  const byRun = new Map<number, RunStateStore>();
  const of = async (run: number) => byRun.get(run) ?? (byRun.set(run, await memoryStateStore()), byRun.get(run)!);
  return (own) => ({
    save: async (name, file, days) => (await of(own)).save(name, file, days),
    list: async (run) => (await of(run ?? own)).list(),
    download: async (artifact, dir, run) => (await of(run ?? own)).download(artifact, dir),
  });
}

// "Re-run failed jobs" on the paused pull_request run (its check is red while it waits) paused again
// with the same hash and took the comment back to "awaiting": a second /approve published again (found
// by a review).
it('a re-run of the paused job after its approval is refused and keeps the comment answered: a second /approve runs nothing', async () => {
  const stores = await perRunStores();
  await sharedPause(stores(77));
  expect((await act('issue_comment', commentOn('/approve', 906), 80, stores(80))).result.outputs.status).toBe('succeeded');
  const rerun = await act('pull_request', { action: 'opened', number: 5, pull_request: PULL, repository: REPOSITORY, sender: { login: 'octocat', type: 'User' } }, 77, stores(77), { attempt: 2 });
  // It would only ask again: refused, the comment left as the approving run wrote it.
  expect(rerun.result.outputs.status).toBe('failed');
  expect(rerun.result.failure).toContain("this workflow run's request for approval was already approved by @maintainer");
  expect(readApprovalMarker(github.commentsOn('octo', 'app', 5).at(-1)!.body)).toMatchObject({ state: 'approved', by: 'maintainer' });
  const second = await act('issue_comment', commentOn('/approve', 907), 81, stores(81));
  expect(second.result.failure).toContain('was already approved by @maintainer');
  expect((await readFile(path.join(workspace, 'published.txt'), 'utf8')).match(/"total":42/g)).toHaveLength(1);
});

// A release whose announce fails after the approved deploy: the replan's replacement asks anew, and the approving run pauses again.
const RELEASE = `name: Release
model: { name: gpt-4.1-mini }
approval: side-effects
toolsets: [math]
tools:
  deploy:
    description: Deploys
    command: ["sh", "-c", "cat >> deployed.txt"]
    input: { type: object }
    side_effects: true
  announce:
    description: Announces
    command: ["sh", "-c", "test -f ok"]
    input: { type: object }
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
  - { id: 2, type: tool_call, tool: deploy, args: { target: prod }, depends_on: [1] }
  - { id: 3, type: tool_call, tool: announce, args: { where: chat }, depends_on: [2] }
`;

// The approving run's own pause wrote "awaiting" for itself over the answer to run 77: a re-run of run 77 then paused
// again with its first hash, and a second /approve deployed again (found by an approval hunt).
describe('a re-run of the paused job after its approving run paused again for a replan', () => {
  let chat: ChatServer;
  beforeAll(async () => {
    chat = await startChatServer(() => textAnswer(JSON.stringify({ steps: [{ id: 4, type: 'tool_call', tool: 'announce', args: '{"where": "mail"}', description: 'announce by mail', depends_on: [] }], why: 'chat failed' })));
  });
  afterAll(async () => {
    await chat.close();
  });

  /** Run 77 pauses, /approve (run 80) deploys, the announce fails, and the replan's step pauses run 80. */
  async function approvedAndPausedAgain(stores: (own: number) => RunStateStore, inputs: Record<string, string>) {
    await writeFile(path.join(workspace, 'plan.yml'), RELEASE);
    expect((await act('pull_request', opened, 77, stores(77), { inputs })).result.outputs.status).toBe('awaiting-approval');
    const approved = await act('issue_comment', commentOn('/approve', 901), 80, stores(80), { inputs });
    expect(approved.result.outputs.status).toBe('awaiting-approval');
    expect(readApprovalMarker(github.commentsOn('octo', 'app', 5).at(-1)!.body)).toMatchObject({ state: 'awaiting', runId: 80, answered: [{ runId: 77, state: 'approved', by: 'maintainer' }] });
  }
  const opened = { action: 'opened', number: 5, pull_request: PULL, repository: REPOSITORY, sender: { login: 'octocat', type: 'User' } };

  it('is refused as answered, and a second /approve deploys nothing again', async () => {
    const inputs = { 'base-url': chat.baseURL, 'api-key': 'local-key-123' };
    const stores = await perRunStores();
    await approvedAndPausedAgain(stores, inputs);
    const rerun = await act('pull_request', opened, 77, stores(77), { inputs, attempt: 2 });
    expect(rerun.result.outputs.status).toBe('failed');
    expect(rerun.result.failure).toContain("this workflow run's request for approval was already approved by @maintainer");
    // The second /approve answers run 80's own pause, which asks for the mail announce only.
    await act('issue_comment', commentOn('/approve', 902), 82, stores(82), { inputs });
    expect(await readFile(path.join(workspace, 'deployed.txt'), 'utf8')).toBe('{"target":"prod"}\n');
    expect(readApprovalMarker(github.commentsOn('octo', 'app', 5).at(-1)!.body)).toMatchObject({ runId: 80, answered: [{ runId: 77, state: 'approved' }] });
  });

  it('is refused as answered after a /reject of the approving run’s pause too', async () => {
    const inputs = { 'base-url': chat.baseURL, 'api-key': 'local-key-123' };
    const stores = await perRunStores();
    await approvedAndPausedAgain(stores, inputs);
    expect((await act('issue_comment', commentOn('/reject', 902), 81, stores(81), { inputs })).result.outputs.status).toBe('rejected');
    expect(readApprovalMarker(github.commentsOn('octo', 'app', 5).at(-1)!.body)).toMatchObject({ state: 'rejected', runId: 80, answered: [{ runId: 77, state: 'approved' }] });
    const rerun = await act('pull_request', opened, 77, stores(77), { inputs, attempt: 2 });
    expect(rerun.result.failure).toContain("this workflow run's request for approval was already approved by @maintainer");
    expect(await readFile(path.join(workspace, 'deployed.txt'), 'utf8')).toBe('{"target":"prod"}\n');
  });
});

// The approving job (issue_comment) runs on the default branch's checkout; its check run goes on the
// pull request's commit. A command goal run there checked main's code and put success on a commit whose
// own code failed it (found by a review).
it('an approving job does not check command goals on its own checkout for the pull request’s commit', async () => {
  const gated = PLAN.replace('workflow_sequence:', 'goals:\n  - { name: the code is good, command: [sh, -c, "grep -q good code.txt"] }\nworkflow_sequence:');
  await writeFile(path.join(workspace, 'code.txt'), 'bad');
  const stores = await perRunStores();
  await pause(stores(77), gated);
  // The default branch's checkout, where the goal would pass.
  await writeFile(path.join(workspace, 'code.txt'), 'good');
  const approved = await act('issue_comment', commentOn('/approve', 908), 80, stores(80), { inputs: { 'check-run': 'true' } });
  expect(approved.result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
  expect(approved.said.summary).toContain(`this approving job's checkout is ${'c'.repeat(40)}, not the pull request's commit ${'b'.repeat(40)}`);
  const check = github.checkRuns.filter((run) => run['head_sha'] === 'b'.repeat(40)).at(-1)!;
  expect(check['conclusion']).not.toBe('success');
});

// Found by an adversarial pass: a command TOOL of a step that ran in the approving job (approval: plan pauses
// before any step) read main's code, and an `equals` goal on its result put success on the pull request's commit.
// What the paused run read on that commit is checked as usual.
it('an approving job checks no goal on what its steps read from its own checkout, and checks the rest', async () => {
  const gated = `name: Gate
approval: side-effects
toolsets: [math]
tools:
  read_code: { description: The code under review, command: [sh, -c, "cat code.txt"] }
  read_after: { description: The code read again after the write, command: [sh, -c, "cat code.txt"] }
  publish: { description: Publish, command: [sh, -c, "cat >> published.txt"], side_effects: true }
workflow_sequence:
  - { id: before, type: tool_call, tool: read_code, args: {} }
  - { id: write, type: tool_call, tool: publish, args: {}, depends_on: [before] }
  - { id: after, type: tool_call, tool: read_after, args: {}, depends_on: [write] }
  - { id: sum, type: tool_call, tool: add, args: { a: 1, b: 2 }, depends_on: [write] }
  - { id: summary, type: tool_call, tool: multiply, args: { a: 2, b: 3 }, depends_on: [after] }
goals:
  - { name: the code read on the pull request commit is bad, of: before, equals: bad }
  - { name: the code read after approval is good, of: after, equals: good }
  - { name: the sum is 3, of: sum, equals: "3" }
  - { name: the product is 6, of: summary, equals: "6" }
`;
  await writeFile(path.join(workspace, 'code.txt'), 'bad');
  const stores = await perRunStores();
  await pause(stores(77), gated);
  await writeFile(path.join(workspace, 'code.txt'), 'good');
  const approved = await act('issue_comment', commentOn('/approve', 909), 80, stores(80), { inputs: { 'check-run': 'true' } });
  expect(approved.result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
  const row = (name: string) => approved.said.summary.split('\n').find((line) => line.startsWith('|') && line.includes(name)) ?? '';
  expect(row('the code read on the pull request commit is bad')).toContain('✅');
  expect(row('the code read after approval is good')).toContain('not checked: step after ran in this job with a tool that reads its checkout');
  // A step after one that read the checkout may take in what it read, though its own tool reads none: the write's
  // command ran in the checkout too.
  expect(row('the product is 6')).toContain('not checked: step after ran in this job');
  expect(row('the sum is 3')).toContain('not checked: step write ran in this job');
  const check = github.checkRuns.filter((run) => run['head_sha'] === 'b'.repeat(40)).at(-1)!;
  expect(check['conclusion']).not.toBe('success');
});

// Kept by the commit (an earlier version of the fix above), an answer held every later workflow run of
// the plan on that commit (reopened, labeled), and on an issue every later run: /approve was refused.
// /reject also dropped the comment's head line (found by a review).
it('another workflow run on the same commit asks anew, and a /reject keeps the paused commit’s head line', async () => {
  const stores = await perRunStores();
  await sharedPause(stores(77));
  const rejected = await act('issue_comment', commentOn('/reject', 909), 80, stores(80));
  expect(rejected.result.outputs.status).toBe('rejected');
  expect(github.commentsOn('octo', 'app', 5).at(-1)!.body).toContain(`<!-- plan-runner-head: ${'b'.repeat(40)} -->`);
  await pause(stores(78), PLAN, PULL, 78);
  expect(readApprovalMarker(github.commentsOn('octo', 'app', 5).at(-1)!.body)).toMatchObject({ state: 'awaiting', runId: 78 });
  expect((await act('issue_comment', commentOn('/approve', 910), 81, stores(81))).result.outputs.status).toBe('succeeded');
});

// Found by an adversarial pass: `/approve <hash>` (or a comment edited to say /approve, or one that quotes
// it) was no command, so the job ran the plan afresh on issue_comment, wrote its own pause over the waiting
// one, and the pull request's check stayed `action_required` for good. Each is refused, runs nothing, and
// leaves the waiting comment as it is; a plain /approve then approves the run that waited.
it('an answer that is not one runs nothing and leaves the waiting comment as it is', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const waiting = github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';
  const hash = readApprovalMarker(waiting)?.hash ?? '';
  const cases: [unknown, string][] = [
    [commentOn(`/approve ${hash}`, 910), `/approve takes nothing after it on its line (it answers the run that waits; no hash)`],
    [{ ...commentOn('/approve', 911), action: 'edited' }, '/approve: an edited comment is no answer (the comment was edited); post /approve in a new comment'],
    [commentOn('> /approve', 912), 'a run of plan.yml waits for approval here'],
    [commentOn('LGTM\n/approve', 913), 'a run of plan.yml waits for approval here'],
  ];
  for (const [payload, why] of cases) {
    const answer = await act('issue_comment', payload, 90, store);
    expect(answer.result.failure, why).toContain(why);
    expect(github.commentsOn('octo', 'app', 5).at(-1)?.body).toBe(waiting);
  }
  await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
  const approved = await act('issue_comment', commentOn('/approve', 914, new Date(Date.now() + 1_000).toISOString()), 91, store);
  expect(approved.result.outputs.status).toBe('succeeded');
  expect(await readFile(path.join(workspace, 'published.txt'), 'utf8')).toContain('"total":42');
});

// Found by a review: once the waiting run's saved state expired, every comment on the pull request was refused
// for good (answers included, which need that state); `/Approve` was refused as "takes nothing after it"; a
// deleted /approve was called an edited comment.
it('a waiting run whose state is gone lets go of the comment; /Approve approves; a deleted comment is no edit', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const deleted = await act('issue_comment', { ...commentOn('/approve', 920), action: 'deleted' }, 92, store);
  expect(deleted.result.failure).toContain('a run of plan.yml waits for approval here');
  const approved = await act('issue_comment', commentOn('/Approve', 921, new Date(Date.now() + 1_000).toISOString()), 93, store);
  expect(approved.result.outputs.status).toBe('succeeded');

  // Another workflow run pauses (run 88), and its state is gone by the time someone comments.
  const expired = await memoryStateStore();
  await pause(expired, PLAN, PULL, 88);
  const gone = await memoryStateStore();
  const after = await act('issue_comment', commentOn('LGTM', 922), 94, gone);
  expect(after.said.log.join('\n')).toContain('can no longer be answered (run 88 has no saved state of plan.yml');
  expect(after.result.outputs.status).toBe('awaiting-approval');
});

// Found by a review: the artifact service lists an expired state still (and refuses its download), so a run
// whose state had expired held the comment for good; a plain comment downloaded the whole state only to
// refuse; and a state this job could not reach was refused with advice that could not work either.
it('a waiting run holds its comment while its state can be had, judged without downloading it', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  let downloads = 0;
  const counted: RunStateStore = { ...store, download: (...args) => (downloads++, store.download(...args)) };
  const held = await act('issue_comment', commentOn('LGTM', 930), 95, counted);
  expect(held.result.failure).toContain('a run of plan.yml waits for approval here');
  expect(downloads).toBe(0);
  // A job that cannot list the states (no `actions: read`): the run may still be answered, and the refusal says why.
  const unreadable: RunStateStore = { ...store, list: () => Promise.reject(new Error('HTTP 403')) };
  const blind = await act('issue_comment', commentOn('LGTM', 931), 96, unreadable);
  expect(blind.result.failure).toContain('(this job cannot reach its state: cannot list the saved states of run 77 (HTTP 403)');
  // Listed, but older than its retention (7 days): expired, so a new run takes the comment over.
  const eightDaysOld = (states: RunStateStore): RunStateStore => ({ ...states, list: async (runId) => (await states.list(runId)).map((artifact) => ({ ...artifact, createdAt: new Date(Date.now() - 8 * 86_400_000) })) });
  const aged = eightDaysOld(store);
  // An answer is not judged by age (the paused run may have kept its state longer): its download decides (a review).
  const lateAnswer = await act('issue_comment', commentOn('/approve', 933, new Date(Date.now() + 1_000).toISOString()), 98, aged);
  expect(lateAnswer.result.outputs.status).toBe('succeeded');
  const second = await memoryStateStore();
  await pause(second, PLAN, PULL, 99);
  const after = await act('issue_comment', commentOn('LGTM', 932), 97, eightDaysOld(second));
  expect(after.said.log.join('\n')).toContain('is older than its 7 days of retention (state-retention-days): it has expired');
  expect(after.result.outputs.status).toBe('awaiting-approval');
});

// Found by a review: while GitHub could not say who the token is (GraphQL down for an installation token), no
// comment counted as plan-runner's, so a plain comment read "no run waits", ran, and wrote its own state over the
// waiting run's comment; an /approve was told no run waits. Both are refused with the real reason, and the
// waiting comment is left as it is; once GitHub answers, /approve approves.
it('a comment while GitHub cannot say who the token is runs nothing and leaves the waiting comment as it is', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const waiting = github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';
  for (const [body, id] of [['LGTM', 940], ['/approve', 941]] as const) {
    github.fail('graphql', { status: 502 });
    const refused = await act('issue_comment', commentOn(body, id), 100 + id, store);
    expect(refused.result.failure).toContain('cannot read the comments of pull request #5 to find the run that waits (Could not find the PR comment: GitHub could not say who the token is');
    expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([waiting]);
  }
  await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
  const approved = await act('issue_comment', commentOn('/approve', 942, new Date(Date.now() + 1_000).toISOString()), 142, store);
  expect(approved.result.outputs.status).toBe('succeeded');
});

// Found by a review of the fix above: every plain comment was refused when the comments could not be read once,
// or while GitHub could not say who the token is, on pull requests where no run ever waited.
it('a plain comment goes on where no run can wait, and after a failure GitHub gets over; refused while it does not', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const ran = (result: { result: { outputs: { status: string }; failure?: string } }) => result.result.failure === undefined && result.result.outputs.status === 'awaiting-approval';
  // No comment of the plan's on the pull request: none can be a waiting run's, whoever the token is.
  github.fail('graphql', { status: 502 });
  expect(ran(await act('issue_comment', commentOn('LGTM', 960), 160, await memoryStateStore()))).toBe(true);
  // The listing fails once (a 502): asked again a second later.
  github.comments.clear();
  github.fail('issues/list-comments', { status: 502 });
  expect(ran(await act('issue_comment', commentOn('LGTM', 961), 161, await memoryStateStore()))).toBe(true);
  // Refused for good (no permission to read): this token can see no waiting run, nor take a comment over.
  github.comments.clear();
  github.fail('issues/list-comments', { status: 403, body: { message: 'Resource not accessible by integration' } });
  expect(ran(await act('issue_comment', commentOn('LGTM', 962), 162, await memoryStateStore()))).toBe(true);
  // Failing still when asked again: nothing runs, and the message says why and what to do.
  github.fail('issues/list-comments', { status: 502 }, { status: 502 });
  const refused = await act('issue_comment', commentOn('LGTM', 963), 163, await memoryStateStore());
  expect(refused.result.failure).toMatch(/could not tell whether a run of plan\.yml waits for approval here: cannot read the comments of pull request #5 .*502.*re-run this job once GitHub answers/);
  // A wait GitHub asks for that is longer than 10 s is not waited for: refused at once, asked once.
  const listed = github.requestsTo('issues/list-comments').length;
  github.fail('issues/list-comments', { status: 429, headers: { 'retry-after': '60' }, body: { message: 'slow down' } });
  const limited = await act('issue_comment', commentOn('LGTM', 964), 164, await memoryStateStore());
  expect(limited.result.failure).toContain('could not tell whether a run of plan.yml waits for approval here');
  expect(github.requestsTo('issues/list-comments').length - listed).toBe(1);
  // While GitHub cannot say who the token is, plan comments that ask for nothing (an answered pause) hold nothing.
  github.comments.clear();
  const store = await memoryStateStore();
  await pause(store, PLAN, PULL, 165);
  expect((await act('issue_comment', commentOn('/approve', 966, new Date(Date.now() + 1_000).toISOString()), 166, store)).result.outputs.status).toBe('succeeded');
  github.fail('graphql', { status: 502 });
  expect(ran(await act('issue_comment', commentOn('LGTM', 967), 167, await memoryStateStore()))).toBe(true);
});

/** What a newer commit's run of the plan writes into plan-runner's comment (its own state, no approval asked). */
function newerRunBody(waiting: string): string {
  return `${waiting.split('\n', 1)[0]}\n<!-- plan-runner-head: ${'e'.repeat(40)} -->\n\n### ⏳ plan-runner: Publish — the newer commit’s run`;
}

// Found by an adversarial hunt: the answer was written over plan-runner's comment as the job had read it before
// downloading the paused run's state. A newer commit's run that wrote the comment meanwhile was overwritten with the
// old paused body (its pause, if it paused, lost for good), and the old commit's approved steps ran.
it('/approve whose comment another run rewrote after the job read it records nothing, runs nothing, and leaves that run’s comment', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const waiting = github.commentsOn('octo', 'app', 5).at(-1)!.body;
  const newer = newerRunBody(waiting);
  // While the paused run's state downloads, the newer commit's run writes the comment.
  const racing: RunStateStore = {
    ...store,
    async download(...args) {
      const file = await store.download(...args);
      github.pulls.set(5, { data: { ...PULL, head: { ...PULL.head, sha: 'e'.repeat(40) } }, files: [] });
      github.commentsOn('octo', 'app', 5).at(-1)!.body = newer;
      return file;
    },
  };
  const approved = await act('issue_comment', commentOn('/approve', 950), 150, racing);
  expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([newer]);
  await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
  expect(approved.result.failure).toContain('changed since this job read it');
});

// Found by an adversarial hunt: an approval refused once recorded (the plan file changed) put the comment back to the
// paused body it had read, blind: a newer commit's run that wrote the comment meanwhile lost its result to the old pause.
it('an approval refused after it was recorded puts the comment back only while it still holds that answer', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const waiting = github.commentsOn('octo', 'app', 5).at(-1)!.body;
  const newer = newerRunBody(waiting);
  // The plan changed on the default branch since the pause: the approval is refused after it was recorded.
  await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('b: 7', 'b: 8'));
  let recorded = false;
  github.onRequest = (request) => {
    const body = (request.body as { body?: unknown } | undefined)?.body;
    if (request.operationId === 'issues/update-comment' && typeof body === 'string' && body.includes('"state":"approved"')) recorded = true;
    // The first request after the answer was recorded: the newer commit's run has written the comment just before it.
    else if (recorded) {
      recorded = false;
      github.commentsOn('octo', 'app', 5).at(-1)!.body = newer;
    }
  };
  const approved = await act('issue_comment', commentOn('/approve', 951), 151, store);
  expect(approved.said.summary).toContain('changed since the approval was asked');
  expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([newer]);
  expect(approved.said.warnings.join('\n')).toContain('another run wrote it since');
  // Without a newer write, the refused approval still puts the waiting comment back (as before).
  github.onRequest = undefined;
  github.commentsOn('octo', 'app', 5).at(-1)!.body = waiting;
  const again = await act('issue_comment', commentOn('/approve', 952), 152, store);
  expect(again.said.summary).toContain('changed since the approval was asked');
  expect(github.commentsOn('octo', 'app', 5).at(-1)!.body).toBe(waiting);
});

// Found by an adversarial hunt: the run an approval marker names was taken as the paused run whatever it was.
// A marker copied into a comment by another workflow posting as the same bot could name a fork's pull_request
// run, whose code can upload an artifact under a state's name: an /approve then ran the fork's steps.
describe('an /approve whose marker names a run of another repository’s code', () => {
  it('is refused before any state is read, and nothing runs', async () => {
    const store = await memoryStateStore();
    await sharedPause(store);
    for (const [head, said] of [['mallory/app', 'run 77 ran the code of mallory/app, not of octo/app'], [null, 'run 77 ran the code of a repository that no longer exists']] as const) {
      github.workflowRunHeads.set(77, head);
      const refused = await act('issue_comment', commentOn('/approve', 910), 78, store);
      expect(refused.result.outputs.status).not.toBe('succeeded');
      expect(refused.said.warnings.join('\n') + refused.said.log.join('\n') + refused.said.summary).toContain(said);
      await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
    }
    // GitHub cannot say: refused too, saying what the token needs.
    github.workflowRunHeads.delete(77);
    github.fail('actions/get-workflow-run', { status: 403 });
    const unknown = await act('issue_comment', commentOn('/approve', 911), 79, store);
    expect(unknown.said.warnings.join('\n') + unknown.said.log.join('\n') + unknown.said.summary).toContain("cannot ask GitHub whether run 77 ran this repository's code");
    await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
    // The repository's own run: approved.
    const approved = await act('issue_comment', commentOn('/approve', 912), 80, store);
    expect(approved.result.outputs.status).toBe('succeeded');
  });

  // As the check of a comment's pull request does: a re-run keeps its event's names, and since a rename another
  // repository may hold the name, so the repository is told by its id where the event gives one.
  it('tells the repository by its id: a run of another repository under this name is refused, a renamed one is not', async () => {
    const store = await memoryStateStore();
    await sharedPause(store);
    const answer = (id: number) => ({ ...commentOn('/approve', id), repository: { ...REPOSITORY, id: 1 } });
    github.workflowRunHeads.set(77, { id: 666, full_name: 'octo/app' });
    const refused = await act('issue_comment', answer(913), 81, store);
    expect(refused.result.outputs.status).not.toBe('succeeded');
    expect(refused.said.warnings.join('\n') + refused.said.log.join('\n') + refused.said.summary).toContain('run 77 ran the code of octo/app (id 666, not 1), not of octo/app');
    await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
    github.workflowRunHeads.set(77, { id: 1, full_name: 'octo/app-renamed' });
    const approved = await act('issue_comment', answer(914), 82, store);
    expect(approved.result.outputs.status).toBe('succeeded');
  });
});

// Found by an adversarial pass: a pull request GitHub could not read (a 502) counts as a fork's (read-only, fail
// closed), but the /approve on a branch of the repository was refused as one "on a fork's pull request", and the
// log and summary said the pull request comes from a fork: the approver was told something untrue.
it('/approve while GitHub cannot read the pull request is refused saying so, not called a fork’s; then approves', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const waiting = github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';
  github.fail('pulls/get', { status: 502 });
  const refused = await act('issue_comment', commentOn('/approve', 960), 160, store);
  expect(refused.result.failure).toContain('approvals are not taken in a read-only run');
  expect(refused.result.failure).toContain("whether this comment is on a fork's pull request could not be told (reading pull request #5 failed: HTTP 502");
  expect(refused.result.failure).toContain('re-run this job once GitHub answers');
  expect(refused.result.failure).not.toContain('comes from a fork');
  expect(refused.said.log.join('\n')).not.toContain('comes from a fork');
  expect(github.commentsOn('octo', 'app', 5).at(-1)?.body).toBe(waiting);
  await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
  const approved = await act('issue_comment', commentOn('/approve', 961, new Date(Date.now() + 1_000).toISOString()), 161, store);
  expect(approved.result.outputs.status).toBe('succeeded');
});

// Found by an adversarial pass: `uses: …@v1` moved back to an older plan-runner between the pause and the
// /approve. The paused state, of a newer trace format, was read as this format's: the answer was written into
// the comment before the resume refused the format (or the state was called damaged at a changed event).
it('/approve or /reject of a state a newer plan-runner saved is refused for its format before the comment is answered', async () => {
  const store = await memoryStateStore();
  await sharedPause(store);
  const waiting = github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';
  const newer: RunStateStore = {
    ...store,
    async download(artifact, dir, runId) {
      const file = await store.download(artifact, dir, runId);
      await writeFile(file, (await readFile(file, 'utf8')).replace('"format":2', '"format":3'));
      return file;
    },
  };
  for (const [kind, id] of [['approve', 971], ['reject', 972]] as const) {
    const saved = new Map<string, string>();
    const answered = await act('issue_comment', commentOn(`/${kind}`, id), 90 + id, newer, { saved });
    expect(answered.result.failure ?? '').toContain('a newer plan-runner wrote it');
    expect(answered.result.failure).not.toContain('damaged');
    expect(saved.has('answerRecorded')).toBe(false);
    expect(github.commentsOn('octo', 'app', 5).at(-1)?.body).toBe(waiting);
  }
  await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toThrow();
});

// Found by an adversarial pass: an approving job's event (a comment) names no commit, so its github tools read the pull
// request as it was then, while its comment and check run are for the paused run's commit: after a push, the approved
// run reviewed the newer commit's files and reported them on the commit it was approved for.
describe('an approved run reading its pull request', () => {
  const READING = `name: Publish then read
approval: side-effects
toolsets: [github]
tools:
  publish:
    description: Appends its arguments to published.txt
    command: ["sh", "-c", "cat >> published.txt"]
    input: { type: object, properties: { total: { type: number } }, required: [total] }
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: publish, args: { total: 1 } }
  - { id: 2, type: tool_call, tool: list_pull_request_files, args: {}, depends_on: [1] }
`;
  const FILE = { filename: 'a.ts', status: 'modified', additions: 1, deletions: 0, changes: 1, patch: '@@ -1 +1 @@\n+a' };

  it('reads it as of the paused run’s commit', async () => {
    github.pulls.set(5, { data: PULL, files: [FILE] });
    const store = await memoryStateStore();
    await pause(store, READING);
    const approved = await act('issue_comment', commentOn('/approve', 960), 160, store);
    expect(approved.result.outputs.status).toBe('succeeded');
  });

  it('fails the read once a push moved the pull request on, rather than report the newer commit’s files on the paused one', async () => {
    github.pulls.set(5, { data: PULL, files: [FILE] });
    const store = await memoryStateStore();
    await pause(store, READING);
    const newer = 'e'.repeat(40);
    github.pulls.set(5, { data: { ...PULL, head: { ...PULL.head, sha: newer } }, files: [{ ...FILE, filename: 'pushed-later.ts' }] });
    const approved = await act('issue_comment', commentOn('/approve', 961), 161, store);
    expect(approved.result.outputs.status).toBe('failed');
    const said = approved.said.log.join('\n') + approved.said.summary;
    expect(said).toContain(`list_pull_request_files: pull request #5 of octo/app moved on to commit ${newer} during the run, which is for commit ${'b'.repeat(40)}`);
    expect(said).not.toContain('pushed-later.ts');
  });
});

// Found by an adversarial pass: a /reject job reported the paused run's model calls, cost, tokens and duration as its
// own (its record is rebuilt from the paused run's events); summed over jobs, they counted twice. A job counts its own.
describe('the usage outputs of a job that answers a pause', () => {
  const MODEL_PLAN = PLAN.replace('name: Publish\n', 'name: Publish\nmodel: { name: my-model }\npricing:\n  my-model: { input_per_mtok: 1, output_per_mtok: 1 }\n').replace(
    '  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }',
    '  - { id: 0, type: reasoning, description: say a number }\n  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 }, depends_on: [0] }',
  );
  let chat: ChatServer;
  let model: Record<string, string>;
  beforeAll(async () => {
    chat = await startChatServer(() => textAnswer('7', { usage: { prompt_tokens: 1000, completion_tokens: 10 } }));
    model = { 'base-url': chat.baseURL, 'api-key': 'local-key-123' };
  });
  afterAll(() => chat.close());

  it('are none for a /reject job, which made no model call, not the paused run’s; an /approve job counts its own', async () => {
    expect(MODEL_PLAN).toContain('type: reasoning');
    const store = await memoryStateStore();
    const paused = await pause(store, MODEL_PLAN, PULL, 77, model);
    expect(paused.result.outputs['model-calls']).toBe('1');
    const calls = chat.requests.length;
    const rejected = await act('issue_comment', commentOn('/reject', 904), 88, store, { inputs: model });
    expect(rejected.result.outputs.status).toBe('rejected');
    expect(chat.requests.length).toBe(calls);
    expect([rejected.result.outputs['model-calls'], rejected.result.outputs['cost-usd'], rejected.result.outputs['prompt-tokens']]).toEqual(['0', '0', '0']);
  });

  it('count an /approve job’s own model calls only', async () => {
    const store = await memoryStateStore();
    await pause(store, MODEL_PLAN, PULL, 77, model);
    const calls = chat.requests.length;
    const approved = await act('issue_comment', commentOn('/approve', 905), 89, store, { inputs: model });
    expect(approved.result.outputs.status).toBe('succeeded');
    expect(approved.result.outputs['model-calls']).toBe(String(chat.requests.length - calls));
  });
});

// Found by the review of the fix that made every trace line one line for every line reader (jsonLine): /reject wrote
// the paused run's events into the trace with JSON.stringify alone, so a tool's U+2028 split its line in two.
it('/reject writes a trace whose lines hold no U+2028, U+2029 or NEL, each line whole for every line reader', async () => {
  const store = await memoryStateStore();
  const said = PLAN.replace('tools:\n', 'tools:\n  say:\n    description: Says a line\n    command: ["printf", "a\\u2028b\\u2029c\\u0085d"]\n').replace('workflow_sequence:\n', 'workflow_sequence:\n  - { id: 0, type: tool_call, tool: say, args: {} }\n');
  await pause(store, said);
  const rejected = await act('issue_comment', commentOn('/reject', 909), 88, store);
  expect(rejected.result.outputs.status).toBe('rejected');
  const text = await readFile(rejected.result.outputs.trace, 'utf8');
  expect(text).toContain(String.raw`"result":"a\u2028b\u2029c\u0085d"`);
  expect(text).not.toMatch(/[\u0085\u2028\u2029]/);
  for (const line of text.trimEnd().split(/\r\n|[\n\r\v\f\u001c-\u001e\u0085\u2028\u2029]/)) JSON.parse(line);
});
