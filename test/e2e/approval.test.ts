import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { startChatServer, textAnswer } from '../helpers/chat-server.ts';
import { startFakeArtifactService, type FakeArtifactService } from '../helpers/artifact-server.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { buildActionBundle, type ActionBundle } from './action-bundle.ts';
import { HEAD_SHA, pullRequestEvent, REPO } from './pull-request-event.ts';
import { removeActionRuns, runActionBundle, type ActionRun, type ActionRunOptions } from './start-action.ts';

// Approval as GitHub plays it: a pull_request run pauses and saves its state; a later workflow run on
// `issue_comment` (another run id, a fresh runner on the default branch) finds it through
// plan-runner's own comment, downloads that state across runs and continues — or refuses.
let bundle: ActionBundle;

beforeAll(async () => {
  bundle = await buildActionBundle();
}, 600_000);

afterAll(async () => {
  await removeActionRuns();
});

const run = promisify(execFile);
const PLAN = '.github/plan.yml';
const PR = 21;
const PAUSED = { runId: 4242, backendId: 'b2f1c3d4-run-4242' };
const APPROVING = { runId: 5151, backendId: 'c3d4e5f6-run-5151' };

/** A model step, then a write (a command tool with side effects that echoes what it publishes). */
const PUBLISH = `name: Weekly post
approval: side-effects
toolsets: [math]
tools:
  publish:
    description: Publish a post
    command: [node, -e, "process.stdin.pipe(process.stdout)"]
    input:
      type: object
      properties: { title: { type: string }, total: { type: number } }
      required: [title, total]
      additionalProperties: false
    side_effects: true
workflow_sequence:
  - id: 1
    type: reasoning
    description: Write a title for the week
  - id: 2
    type: tool_call
    tool: multiply
    description: Count the items
    args: { a: 6, b: 7 }
    depends_on: []
  - id: 3
    type: tool_call
    tool: publish
    description: Publish the post
    args: { title: "\${steps.1.result}", total: { step_result: 2 } }
    depends_on: [1, 2]
`;

/** A git checkout of the workspace, as actions/checkout leaves it on the default branch: GITHUB_SHA is its commit. */
async function checkout(workspace: string): Promise<Record<string, string>> {
  const git = (...args: string[]) => run('git', ['-c', 'user.email=ci@example.com', '-c', 'user.name=ci', '-c', 'commit.gpgsign=false', ...args], { cwd: workspace });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'default branch');
  const { stdout } = await git('rev-parse', 'HEAD');
  return { GITHUB_SHA: stdout.trim() };
}

/** Each answer a comment of its own, as on GitHub: the job reads it again by its id. */
let nextCommentId = 900;

function commentEvent(body: string, login: string): Record<string, unknown> {
  const base = pullRequestEvent(PR);
  return {
    action: 'created',
    issue: { number: PR, title: 'Weekly post', state: 'open', user: { login: 'octocat', id: 2, type: 'User' }, pull_request: { url: `https://api.github.com/repos/${REPO.owner}/${REPO.name}/pulls/${PR}` } },
    comment: { id: nextCommentId++, body, user: { login, id: 77, type: 'User' }, created_at: new Date().toISOString() },
    repository: base['repository'],
    sender: { login, id: 77, type: 'User' },
  };
}

interface Services {
  readonly github: FakeGitHub;
  readonly artifacts: FakeArtifactService;
  /** Requests the model got, the adopted pause's included. */
  readonly chatRequests: () => number;
  readonly chatURL: string;
}

interface OwnServices extends Services {
  /** Gives these services what the shared pause left on its own: then the paused run waits here too. */
  adoptPause(once: SharedPause): void;
  stop(): Promise<void>;
}

/** A fake GitHub, artifact service and model. */
async function startServices(): Promise<OwnServices> {
  const github = await startFakeGitHub();
  // The pull request the comments are on: an issue_comment run reads it to tell whether it comes from a fork.
  github.pulls.set(PR, { data: pullRequestEvent(PR)['pull_request'] as Record<string, unknown>, files: [] });
  const artifacts = await startFakeArtifactService();
  artifacts.attach(github);
  const chat = await startChatServer(() => textAnswer('A calm week'));
  let adopted = 0;
  return {
    github,
    artifacts,
    chatRequests: () => adopted + chat.requests.length,
    chatURL: chat.baseURL,
    async stop() {
      await github.stop();
      await artifacts.stop();
      await chat.close();
    },
    adoptPause(once) {
      // What the paused run left, as it left it: its comment (its id and times, the fake's clock after them) and its saved state.
      for (const comment of once.services.github.commentsOn(REPO.owner, REPO.name, PR)) {
        Object.assign(github.addComment(REPO.owner, REPO.name, PR, comment.body, { ...comment.user }), { id: comment.id, created_at: comment.created_at, updated_at: comment.updated_at });
      }
      github.now = once.services.github.now;
      github.violations.push(...once.services.github.violations);
      artifacts.adopt(once.services.artifacts, PAUSED);
      adopted = once.services.chatRequests();
    },
  };
}

async function services(context: TestContext): Promise<OwnServices> {
  const started = await startServices();
  context.onTestFinished(() => started.stop());
  return started;
}

function options(s: Services, files: Record<string, string>, event: { name: string; payload: unknown }, fake: typeof PAUSED, more: Partial<ActionRunOptions> = {}): ActionRunOptions {
  return {
    entry: bundle.entry,
    files,
    inputs: { 'base-url': s.chatURL, 'api-key': 'sk-test-approval' },
    event,
    githubUrl: s.github.url,
    env: { ...s.artifacts.env(fake, 'plan'), GITHUB_RUN_ID: String(fake.runId) },
    ...more,
  };
}

/** The pull request run that pauses before the write, and the services it ran against. */
interface SharedPause {
  readonly run: ActionRun;
  readonly services: OwnServices;
}

/**
 * The pause is the same run in every test that answers it (same plan, event, run id and model answer): it runs
 * once, on services of its own, and each test's services get a copy of what it left there.
 */
let sharedPause: Promise<SharedPause> | undefined;

afterAll(async () => {
  const once = await sharedPause?.catch(() => undefined);
  await once?.services.stop();
});

async function pauseOnce(): Promise<SharedPause> {
  const s = await startServices();
  const run = await runActionBundle(options(s, { [PLAN]: PUBLISH }, { name: 'pull_request', payload: pullRequestEvent(PR) }, PAUSED));
  return { run, services: s };
}

/** The pull request run that pauses before the write, as `s` now holds it. */
async function pause(s: OwnServices): Promise<ActionRun> {
  const once = await (sharedPause ??= pauseOnce());
  const paused = once.run;
  expect(paused.exitCode, paused.stdout + paused.stderr).toBe(0);
  expect(paused.outputs['status']).toBe('awaiting-approval');
  s.adoptPause(once);
  return paused;
}

/** An `issue_comment` run on the default branch answering with `body` as `login`. */
function answer(s: Services, body: string, login: string, plan = PUBLISH, runId = APPROVING): Promise<ActionRun> {
  const payload = commentEvent(body, login);
  s.github.postEventComment(payload);
  return runActionBundle(options(s, { [PLAN]: plan }, { name: 'issue_comment', payload }, runId, { prepare: checkout }));
}

function events(trace: string): Array<{ type: string; stepKey?: string; reused?: unknown; decision?: string }> {
  return trace.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string });
}

function onlyComment(github: FakeGitHub): string {
  const comments = github.commentsOn(REPO.owner, REPO.name, PR).filter((comment) => comment.body.startsWith('<!-- plan-runner: .github/plan.yml -->'));
  expect(comments).toHaveLength(1);
  return comments[0]!.body;
}

describe.concurrent('approval by comment, through the built action', { timeout: 120_000 }, () => {
  it('/approve continues the paused run from its saved state: the write runs once, nothing else again, in the same comment', async (context) => {
    const s = await services(context);
    const paused = await pause(s);
    expect(s.chatRequests()).toBe(1);
    expect(events(paused.trace).some((event) => event.type === 'tool_called' && event.stepKey === '3')).toBe(false);
    const waiting = onlyComment(s.github);
    expect(waiting).toMatch(/<!-- plan-runner-approval: \{"state":"awaiting","runId":4242,"hash":"[0-9a-f]{32}"\} -->/);
    expect(waiting).toContain('⏸️ 3. Publish the post');
    expect(waiting).toContain('calls `publish` with `{"title":"A calm week","total":42}`');
    expect(paused.summary).toContain('Goals are not checked yet');

    const approved = await answer(s, '/approve\nLooks right.', 'maintainer');
    expect(approved.exitCode, approved.stdout + approved.stderr).toBe(0);
    expect(approved.outputs['status']).toBe('succeeded');
    expect(JSON.parse(approved.outputs['result']!)).toEqual({ title: 'A calm week', total: 42 });
    // Steps 1 and 2 came from the saved state: the model was not asked again.
    expect(s.chatRequests()).toBe(1);
    const trace = events(approved.trace);
    expect(trace.filter((event) => event.type === 'step_completed').map((event) => [event.stepKey, event.reused !== undefined])).toEqual([
      ['1', true],
      ['2', true],
      ['3', false],
    ]);
    expect(trace.filter((event) => event.type === 'tool_called').map((event) => event.stepKey)).toEqual(['3']);
    expect(trace[1]).toMatchObject({ type: 'approval_decided', decision: 'approved', by: 'maintainer' });
    const done = onlyComment(s.github);
    expect(done).toContain('3/3 complete');
    // The neutraliser keeps a login in plan-runner's text from pinging (a zero-width space after @).
    expect(done).toMatch(/Approved by @\u200b?maintainer/);
    expect(done).toContain('"state":"approved"');
    expect(s.artifacts.violations).toEqual([]);
    expect(s.github.violations).toEqual([]);

    // The same approval again: refused, nothing runs.
    const again = await answer(s, '/approve', 'maintainer', PUBLISH, { runId: 6161, backendId: 'd4e5f6a7-run-6161' });
    expect(again.exitCode).toBe(1);
    expect(again.stdout + again.stderr).toContain('was already approved by @maintainer');
    expect(again.trace).toBe('');
  });

  it('with check-run: true, the paused run’s check blocks a merge (action_required) on the pull request commit, and the approved run reports on that commit', async (context) => {
    const s = await services(context);
    const inputs = { 'base-url': s.chatURL, 'api-key': 'sk-test-approval', 'check-run': 'true' };
    const paused = await runActionBundle(options(s, { [PLAN]: PUBLISH }, { name: 'pull_request', payload: pullRequestEvent(PR) }, PAUSED, { inputs }));
    expect(paused.outputs['status']).toBe('awaiting-approval');
    // A required check passes on success, neutral or skipped: a paused run, goals unchecked, must end on none of them.
    expect(s.github.checkRuns).toEqual([expect.objectContaining({ head_sha: HEAD_SHA, conclusion: 'action_required' })]);
    const approval = commentEvent('/approve', 'maintainer');
    s.github.postEventComment(approval);
    const approved = await runActionBundle(options(s, { [PLAN]: PUBLISH }, { name: 'issue_comment', payload: approval }, APPROVING, { prepare: checkout, inputs }));
    expect(approved.outputs['status']).toBe('succeeded');
    // The issue_comment run's own commit is the default branch's; its check goes on the commit the paused run was for.
    expect(s.github.checkRuns).toEqual([
      expect.objectContaining({ head_sha: HEAD_SHA, conclusion: 'action_required' }),
      expect.objectContaining({ head_sha: HEAD_SHA, conclusion: 'success' }),
    ]);
    expect(s.github.violations).toEqual([]);
  });

  it('/reject ends the paused run as rejected: the job passes, nothing runs, the comment says so and a later /approve is refused', async (context) => {
    const s = await services(context);
    await pause(s);
    const rejected = await answer(s, '/reject', 'maintainer');
    expect(rejected.exitCode, rejected.stdout + rejected.stderr).toBe(0);
    expect(rejected.outputs).toMatchObject({ status: 'rejected', 'goals-met': 'false' });
    const trace = events(rejected.trace);
    expect(trace.some((event) => event.type === 'tool_called' && event.stepKey === '3')).toBe(false);
    expect(trace.at(-1)).toMatchObject({ type: 'approval_decided', decision: 'rejected', by: 'maintainer' });
    const comment = onlyComment(s.github);
    expect(comment).toMatch(/Rejected by @\u200b?maintainer/);
    expect(comment).toMatch(/⏭️ 3\. Publish the post — not run: \\?@\u200b?maintainer answered \/reject/);
    expect(comment).toContain('"state":"rejected"');
    expect(rejected.summary).toContain('🚫 plan-runner: Weekly post');

    const late = await answer(s, '/approve', 'maintainer', PUBLISH, { runId: 6161, backendId: 'd4e5f6a7-run-6161' });
    expect(late.exitCode).toBe(1);
    expect(late.stdout + late.stderr).toContain('was already rejected by @maintainer');
  });

  it('refuses /approve from someone without write access: nothing is downloaded or run, the comment still waits', async (context) => {
    const s = await services(context);
    await pause(s);
    const before = onlyComment(s.github);
    s.github.permissions.set('passer-by', 'read');
    const refused = await answer(s, '/approve', 'passer-by');
    expect(refused.exitCode).toBe(1);
    expect(refused.outputs['status']).toBe('failed');
    expect(refused.stdout + refused.stderr).toContain('@passer-by (sender) has read permission');
    expect(refused.trace).toBe('');
    expect(onlyComment(s.github)).toBe(before);
    expect(s.chatRequests()).toBe(1);
  });

  it('refuses /approve when the plan file on the branch changed since approval was asked: nothing runs, the comment still waits', async (context) => {
    const s = await services(context);
    await pause(s);
    const before = onlyComment(s.github);
    const changed = PUBLISH.replace('args: { a: 6, b: 7 }', 'args: { a: 6, b: 700 }');
    const refused = await answer(s, '/approve', 'maintainer', changed);
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout + refused.stderr).toContain('changed since the approval was asked');
    expect(events(refused.trace).some((event) => event.type === 'tool_called')).toBe(false);
    expect(onlyComment(s.github)).toBe(before);
  });

  it('an /approve whose answer cannot be written to the comment runs nothing: a later /approve runs the write once, never twice', async (context) => {
    const s = await services(context);
    await pause(s);
    const before = onlyComment(s.github);
    // The comment cannot be updated (a token without issues: write, GitHub down): the pause would still read as waiting.
    let writable = false;
    s.github.handle('issues/update-comment', ({ params, body }) => {
      if (!writable) return { status: 403, body: { message: 'Resource not accessible by integration' } };
      const comment = s.github.commentsOn(REPO.owner, REPO.name, PR).find((known) => known.id === Number(params['comment_id']));
      if (!comment) return { status: 404, body: { message: 'Not Found' } };
      comment.body = String(body['body']);
      return { status: 200, body: { id: comment.id, body: comment.body, user: comment.user, created_at: comment.created_at, updated_at: comment.updated_at, html_url: `https://github.com/${REPO.owner}/${REPO.name}/pull/${PR}#issuecomment-${comment.id}`, issue_url: `https://api.github.com/repos/${REPO.owner}/${REPO.name}/issues/${PR}`, node_id: 'IC_1', url: `https://api.github.com/repos/${REPO.owner}/${REPO.name}/issues/comments/${comment.id}`, author_association: 'NONE' } };
    });
    const unrecorded = await answer(s, '/approve', 'maintainer');
    const writes = (trace: string) => events(trace).filter((event) => event.type === 'tool_called' && event.stepKey === '3').length;
    expect(writes(unrecorded.trace)).toBe(0);
    expect(unrecorded.exitCode).toBe(1);
    expect(unrecorded.stdout + unrecorded.stderr).toContain('could not record /approve in plan-runner\'s comment');
    expect(onlyComment(s.github)).toBe(before);

    writable = true;
    const approved = await answer(s, '/approve', 'maintainer', PUBLISH, { runId: 6161, backendId: 'd4e5f6a7-run-6161' });
    expect(approved.exitCode, approved.stdout + approved.stderr).toBe(0);
    expect(writes(approved.trace)).toBe(1);
    expect(onlyComment(s.github)).toContain('"state":"approved"');
    const again = await answer(s, '/approve', 'maintainer', PUBLISH, { runId: 7171, backendId: 'e5f6a7b8-run-7171' });
    expect(again.exitCode).toBe(1);
    expect(writes(again.trace)).toBe(0);
  });

  it('refuses /approve from an app even when allowed-bots lets it start runs: an approval is a person\'s', async (context) => {
    const s = await services(context);
    await pause(s);
    const before = onlyComment(s.github);
    const payload = commentEvent('/approve', 'helper[bot]');
    for (const key of ['comment', 'sender'] as const) {
      const holder = payload[key] as { user?: { type: string }; type?: string };
      if (holder.user) holder.user.type = 'Bot';
      else holder.type = 'Bot';
    }
    const refused = await runActionBundle(
      options(s, { [PLAN]: PUBLISH }, { name: 'issue_comment', payload }, APPROVING, { prepare: checkout, inputs: { 'base-url': s.chatURL, 'api-key': 'sk-test-approval', 'allowed-bots': 'helper[bot]' } }),
    );
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout + refused.stderr).toContain('an approval needs a person');
    expect(events(refused.trace).some((event) => event.type === 'tool_called')).toBe(false);
    expect(onlyComment(s.github)).toBe(before);
  });

  it('an /approve refused for a bad input leaves the comment waiting: the answer is recorded only when the run goes ahead', async (context) => {
    const s = await services(context);
    await pause(s);
    const before = onlyComment(s.github);
    const refused = await runActionBundle(
      options(s, { [PLAN]: PUBLISH }, { name: 'issue_comment', payload: commentEvent('/approve', 'maintainer') }, APPROVING, { prepare: checkout, inputs: { 'base-url': s.chatURL, 'api-key': 'sk-test-approval', 'weights-from': 'no-such-trace.jsonl' } }),
    );
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout + refused.stderr).toContain('weights-from');
    expect(onlyComment(s.github)).toBe(before);
  });

  it('refuses an approval marker in a comment plan-runner did not write', async (context) => {
    const s = await services(context);
    // A stranger's comment with plan-runner's markers pointing at a run of their choosing.
    s.github.addComment(REPO.owner, REPO.name, PR, '<!-- plan-runner: .github/plan.yml -->\n<!-- plan-runner-approval: {"state":"awaiting","runId":4242,"hash":"0123456789abcdef0123456789abcdef"} -->', { login: 'mallory', type: 'User' });
    const refused = await answer(s, '/approve', 'maintainer');
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout + refused.stderr).toContain('no run of .github/plan.yml waits for approval on pull request #21');
  });
});

describe('approval by environment: mode: plan freezes the plan, a later job runs it as written', { timeout: 120_000 }, () => {
  it('job 1 writes the model-written plan to plan-file; job 2 runs that file without planning again', async (context) => {
    const steps = [
      { id: 1, type: 'tool_call', tool: 'multiply', args: JSON.stringify({ a: 6, b: 7 }), depends_on: [], description: 'Multiply', inputs: null, why: null, task: null, tools: null, agent: null, for_each: null, on_item_failure: null },
      { id: 2, type: 'tool_call', tool: 'add', args: JSON.stringify({ a: { step_result: 1 }, b: 1 }), depends_on: [1], description: 'Add one', inputs: null, why: null, task: null, tools: null, agent: null, for_each: null, on_item_failure: null },
    ];
    const chat = await startChatServer(() => textAnswer(JSON.stringify({ steps, why: null })));
    context.onTestFinished(() => chat.close());
    const goalOnly = 'name: Answer\ngoal: Compute 6 × 7 + 1\ntoolsets: [math]\n';
    const planned = await runActionBundle({ entry: bundle.entry, files: { [PLAN]: goalOnly }, inputs: { mode: 'plan', 'base-url': chat.baseURL, 'api-key': 'sk-test-env' } });
    expect(planned.exitCode, planned.stdout + planned.stderr).toBe(0);
    expect(chat.requests).toHaveLength(1);
    const planFile = planned.outputs['plan-file']!;
    expect(planFile).toMatch(/\.plan\.yml$/);
    const frozen = await readFile(planFile, 'utf8');

    // Job 2 (environment: with required reviewers) on another runner: the frozen plan arrives as an artifact.
    const ran = await runActionBundle({ entry: bundle.entry, files: { 'frozen-plan.yml': frozen }, inputs: { plan: 'frozen-plan.yml', 'base-url': chat.baseURL, 'api-key': 'sk-test-env' } });
    expect(ran.exitCode, ran.stdout + ran.stderr).toBe(0);
    expect(ran.outputs).toMatchObject({ status: 'succeeded', result: '43' });
    expect(chat.requests).toHaveLength(1);
  });
});
