import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { startChatServer, textAnswer } from '../helpers/chat-server.ts';
import { startFakeArtifactService, type FakeArtifactService } from '../helpers/artifact-server.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { buildActionBundle, type ActionBundle } from './action-bundle.ts';
import { pullRequestEvent, REPO } from './pull-request-event.ts';
import { removeActionRuns, runActionBundle, startAction, type ActionRun, type ActionRunOptions } from './start-action.ts';

// Durable runs as GitHub Actions plays them: each attempt of the job is a fresh runner (new
// workspace and RUNNER_TEMP); what carries over is the artifact the earlier attempt saved, through
// the real @actions/artifact client against the local results-service and blob stand-in.
let bundle: ActionBundle;

beforeAll(async () => {
  bundle = await buildActionBundle();
}, 600_000);

afterAll(async () => {
  await removeActionRuns();
});

const PLAN = '.github/plan.yml';
const RUN = { runId: 4242, backendId: 'b2f1c3d4-run-4242' };

/** 5 steps: two model steps, then one that waits for ready.txt, then two tool steps after it. */
const FIVE_STEPS = `name: Weekly report
toolsets: [math]
tools:
  wait_for_file:
    description: Wait until a file exists and read it
    command: [sh, tools/wait-for-file.sh]
    input:
      type: object
      properties: { file: { type: string } }
      required: [file]
      additionalProperties: false
workflow_sequence:
  - id: 1
    type: reasoning
    description: Write a headline for the week
  - id: 2
    type: reasoning
    description: Write one sentence under the headline
    depends_on: [1]
  - id: 3
    type: tool_call
    tool: wait_for_file
    description: Wait for the numbers
    args: { file: ready.txt }
    depends_on: [2]
  - id: 4
    type: tool_call
    tool: multiply
    description: Multiply 6 × 7
    args: { a: 6, b: 7 }
    depends_on: [3]
  - id: 5
    type: tool_call
    tool: add
    description: Add 1
    args: { a: { step_result: 4 }, b: 1 }
`;

/** A step that fails for good (its file is missing) and one that depends on it. */
const BROKEN_STEP = `name: Release notes
toolsets: [math]
tools:
  read_file:
    description: Read a file of the repository
    command: [sh, tools/read-file.sh]
    input:
      type: object
      properties: { file: { type: string } }
      required: [file]
      additionalProperties: false
workflow_sequence:
  - id: 1
    type: tool_call
    tool: multiply
    description: Multiply 3 × 4
    args: { a: 3, b: 4 }
  - id: 2
    type: tool_call
    tool: read_file
    description: Read the notes
    args: { file: notes.txt }
  - id: 3
    type: tool_call
    tool: add
    description: Add 1 to the product
    args: { a: { step_result: 1 }, b: 1 }
    depends_on: [2]
`;

/**
 * The plans' tools, as shell scripts: a node start costs 30–80 ms of CPU, and these run about ten times.
 * The arguments arrive as compact JSON on stdin: {"file":"ready.txt"}. wait-for-file.sh ends with the
 * action that started it, or once its workspace is removed (killed before it started, it has no parent
 * to watch): a test that SIGKILLs the action leaves no poller behind, as a runner would end the job's processes.
 */
const TOOLS = {
  'tools/read-file.sh': `input=$(cat)
file=\${input#*'"file":"'}
exec cat "\${file%%'"'*}"
`,
  'tools/wait-for-file.sh': `input=$(cat)
file=\${input#*'"file":"'}
file=\${file%%'"'*}
parent=$PPID
workspace=$(pwd)
while [ ! -e "$file" ]; do
  kill -0 "$parent" 2>/dev/null && [ -d "$workspace" ] || exit 1
  sleep 0.05
done
printf '"%s"' "$(cat "$file")"
`,
};

interface Trace {
  readonly types: string[];
  readonly completed: Array<{ stepKey: string; reused: boolean }>;
  readonly started: string[];
}

function readTrace(text: string): Trace {
  const events = text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; stepKey?: string; reused?: unknown });
  return {
    types: events.map((event) => event.type),
    completed: events.filter((event) => event.type === 'step_completed').map((event) => ({ stepKey: event.stepKey!, reused: event.reused !== undefined })),
    started: events.filter((event) => event.type === 'step_started').map((event) => event.stepKey!),
  };
}

async function services(context: TestContext): Promise<{ github: FakeGitHub; artifacts: FakeArtifactService }> {
  const github = await startFakeGitHub();
  const artifacts = await startFakeArtifactService();
  artifacts.attach(github);
  context.onTestFinished(async () => {
    await github.stop();
    await artifacts.stop();
  });
  return { github, artifacts };
}

function attempt(n: number, base: Omit<ActionRunOptions, 'entry' | 'env'>, artifacts: FakeArtifactService, more: Partial<ActionRunOptions> = {}): ActionRunOptions {
  return { entry: bundle.entry, ...base, env: { ...artifacts.env(RUN, `job-attempt-${n}`), GITHUB_RUN_ATTEMPT: String(n) }, ...more };
}

describe.concurrent('durable runs: state saved as an artifact, a re-run resumes it', { timeout: 120_000 }, () => {
  it('(a) a run killed with SIGKILL in step 3 of 5: the post step saves its trace, attempt 2 reuses steps 1–2 without their model calls, one comment', async (context) => {
    const { github, artifacts } = await services(context);
    const chat = await startChatServer(() => textAnswer('A calm week.'));
    context.onTestFinished(() => chat.close());
    const base = {
      files: { [PLAN]: FIVE_STEPS, ...TOOLS },
      inputs: { 'base-url': chat.baseURL, 'api-key': 'sk-test-durable-a', 'check-run': 'true' },
      event: { name: 'pull_request', payload: pullRequestEvent(11) },
      githubUrl: github.url,
    };

    const running = await startAction(attempt(1, base, artifacts));
    await running.printed(/⏳ 3\. Wait for the numbers/);
    running.child.kill('SIGKILL');
    const killed = await running.finished;
    expect(killed.exitCode).toBeNull();
    expect(chat.requests).toHaveLength(2);
    // Killed before it could save: nothing saved yet. The post step (same job) saves the trace it left.
    expect(artifacts.artifactsOf(RUN)).toHaveLength(0);
    const post: ActionRun = await runActionBundle(attempt(1, { ...base, files: {} }, artifacts, { sameJobAs: killed, post: true }));
    expect(post.exitCode, post.stdout + post.stderr).toBe(0);
    expect(post.stdout).toContain('ended without saving');
    expect(artifacts.artifactsOf(RUN).map((artifact) => artifact.name)).toEqual([expect.stringMatching(/^plan-runner-state-github-plan-yml-[0-9a-f]{8}-job-plan-[0-9a-f]{8}-attempt-1\.jsonl$/)]);
    // The killed step wrote no summary and left the comment at ⏳: the post step ends both from the trace.
    expect(killed.summary).toBe('');
    expect(post.summary).toContain('the main step ended before the run did');
    expect(post.summary).toMatch(/✅ \*\*1\. /);
    // Step 3 ran when the step was killed; a cheap step's start is not flushed at once, so the trace may not show it.
    // With its time when an event came after its start (a loaded machine): `· 3 ms`.
    expect(post.summary).toMatch(/(❌|⏭️) \*\*3\. Wait for the numbers\*\*(?: · [\d.]+ m?s)? — the main step ended /);
    expect(post.summary).toContain('2/5 complete');
    const ended = github.commentsOn(REPO.owner, REPO.name, 11);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.body).not.toContain('⏳');
    expect(ended[0]!.body).toContain('cancelled');
    // The check run it left in progress (a required check stuck there blocks merges) ends cancelled.
    expect(github.checkRuns).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'cancelled' })]);

    // "Re-run failed jobs": attempt 2 on a fresh runner, where the numbers are now ready.
    const second = await runActionBundle(attempt(2, { ...base, files: { ...base.files, 'ready.txt': 'numbers\n' } }, artifacts));
    expect(second.exitCode, second.stdout + second.stderr).toBe(0);
    expect(second.outputs).toMatchObject({ status: 'succeeded', result: '43' });
    expect(chat.requests).toHaveLength(2);
    const trace = readTrace(second.trace);
    expect(trace.completed).toEqual([
      { stepKey: '1', reused: true },
      { stepKey: '2', reused: true },
      { stepKey: '3', reused: false },
      { stepKey: '4', reused: false },
      { stepKey: '5', reused: false },
    ]);
    expect(second.stdout).toContain('resuming from the state attempt 1 saved');
    const comments = github.commentsOn(REPO.owner, REPO.name, 11);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('Resumed from attempt 1: 2 steps reused.');
    expect(comments[0]!.body).toContain('5/5 complete');
    // Attempt 2 saved its own state too, for an attempt 3.
    expect(artifacts.artifactsOf(RUN).map((artifact) => artifact.name.replace(/.*-attempt-/, 'attempt-'))).toEqual(['attempt-1.jsonl', 'attempt-2.jsonl']);
    expect(artifacts.violations).toEqual([]);
    expect(github.violations).toEqual([]);
  });

  it('(b) a step that failed for good, fixed, re-run: only that step and its dependents run', async (context) => {
    const { github, artifacts } = await services(context);
    const base = { files: { [PLAN]: BROKEN_STEP, ...TOOLS }, githubUrl: github.url };

    const first = await runActionBundle(attempt(1, base, artifacts));
    expect(first.exitCode).toBe(1);
    expect(first.outputs['status']).not.toBe('succeeded');
    // The main step saved the state itself and said so: the post step does nothing, not even load the bundle.
    const post = await runActionBundle(attempt(1, { ...base, files: {} }, artifacts, { sameJobAs: first, post: true }));
    expect(post.stdout).toBe('plan-runner (post): nothing to do: the main step ended and left no state to save.\n');
    expect(artifacts.artifactsOf(RUN)).toHaveLength(1);
    // It ended its run itself: the post step writes no summary of its own.
    expect(post.summary).toBe('');

    const second = await runActionBundle(attempt(2, { ...base, files: { ...base.files, 'notes.txt': 'fixed' } }, artifacts));
    expect(second.exitCode, second.stdout + second.stderr).toBe(0);
    expect(second.outputs).toMatchObject({ status: 'succeeded', result: '13' });
    expect(readTrace(second.trace).completed).toEqual([
      { stepKey: '1', reused: true },
      { stepKey: '2', reused: false },
      { stepKey: '3', reused: false },
    ]);
    expect(artifacts.violations).toEqual([]);
    expect(github.violations).toEqual([]);
  });

  it('(c, e) a send that may have happened is never repeated, by a retry or a re-run; a scheduled run escalates into one issue', async (context) => {
    const { github, artifacts } = await services(context);
    const outbox = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-outbox-'));
    context.onTestFinished(() => rm(outbox, { recursive: true, force: true }));
    const sent = path.join(outbox, 'sent.log');
    // The mail goes out, then the tool fails as if it timed out: exit 75, a transient failure, after the effect.
    const send = `input=$(cat); to=\${input#*'"to":"'}; outbox=\${input#*'"outbox":"'}; echo "\${to%%'"'*}" >> "\${outbox%%'"'*}"; exit 75`;
    const plan = `name: Weekly mail
escalate: { mention: "@acme/oncall", label: needs-human }
toolsets: [math]
tools:
  send_email:
    description: Send the weekly mail
    command: [sh, -c, ${JSON.stringify(send)}]
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, description: Count the readers, args: { a: 6, b: 7 } }
  - { id: 2, type: tool_call, tool: send_email, description: Send the mail, args: { to: readers@example.com, outbox: ${JSON.stringify(sent)} }, depends_on: [1] }
`;
    const base = { files: { [PLAN]: plan }, githubUrl: github.url, event: { name: 'schedule', payload: { schedule: '0 7 * * 1' } } };

    const first = await runActionBundle(attempt(1, base, artifacts));
    expect(first.outputs['status']).toBe('escalated');
    expect((await readFile(sent, 'utf8')).trim().split('\n')).toEqual(['readers@example.com']);
    expect(github.issues).toHaveLength(1);
    expect(JSON.stringify(github.issues[0])).toContain('send_email');

    const second = await runActionBundle(attempt(2, base, artifacts));
    expect(second.outputs['status']).toBe('escalated');
    expect(readTrace(second.trace).completed).toEqual([{ stepKey: '1', reused: true }]);
    // Exactly one mail in all: the unknown call was neither retried nor made again by the re-run.
    expect((await readFile(sent, 'utf8')).trim().split('\n')).toEqual(['readers@example.com']);
    expect(second.summary).toContain('send_email');
    expect(github.issues).toHaveLength(1);
    expect(github.requestsTo('issues/create')).toHaveLength(1);
    expect(artifacts.violations).toEqual([]);
    expect(github.violations).toEqual([]);
  });

  it('resume: never starts afresh on a re-run; state: off saves nothing', async (context) => {
    const { artifacts } = await services(context);
    const base = { files: { [PLAN]: BROKEN_STEP, ...TOOLS, 'notes.txt': 'fine' } };
    await runActionBundle(attempt(1, base, artifacts));
    const fresh = await runActionBundle(attempt(2, { ...base, inputs: { resume: 'never' } }, artifacts));
    expect(readTrace(fresh.trace).completed.every((step) => !step.reused)).toBe(true);
    const off = await runActionBundle(attempt(3, { ...base, inputs: { state: 'off' } }, artifacts));
    expect(off.exitCode).toBe(0);
    expect(artifacts.artifactsOf(RUN).map((artifact) => artifact.name.replace(/.*-attempt-/, 'attempt-'))).toEqual(['attempt-1.jsonl', 'attempt-2.jsonl']);
  });

  it('refuses a re-run whose earlier state cannot be read, rather than repeat what attempt 1 did', async (context) => {
    const { artifacts } = await services(context);
    const base = { files: { [PLAN]: BROKEN_STEP, ...TOOLS, 'notes.txt': 'fine' } };
    await runActionBundle(attempt(1, base, artifacts));
    const second = attempt(2, base, artifacts);
    await artifacts.stop();
    const refused = await runActionBundle(second);
    expect(refused.exitCode).toBe(1);
    expect(refused.outputs['status']).toBe('failed');
    expect(refused.stdout + refused.stderr).toMatch(/cannot list this run's saved states to resume attempt 2 .*resume: never/s);
    expect(refused.trace).toBe('');
  });
});
