import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../helpers/github-server.ts';
import { buildActionBundle, type ActionBundle } from './action-bundle.ts';
import { pullRequestEvent, REPO } from './pull-request-event.ts';
import { removeActionRuns, runActionBundle, startAction } from './start-action.ts';

// Two steps of one job that run the same plan: each has its own GITHUB_STATE on a runner, and the post
// steps run after every main step, the last step's first.
let bundle: ActionBundle;

beforeAll(async () => {
  bundle = await buildActionBundle();
}, 600_000);

afterAll(async () => {
  await removeActionRuns();
});

const PLAN = '.github/plan.yml';

/** Waits for ready.txt (where the first step is killed), then multiplies. */
const WAIT_THEN_MULTIPLY = `name: Deploy
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
    type: tool_call
    tool: wait_for_file
    description: Wait for the numbers
    args: { file: ready.txt }
  - id: 2
    type: tool_call
    tool: multiply
    description: Multiply 6 × 7
    args: { a: 6, b: 7 }
    depends_on: [1]
goals:
  - name: the product
    contains: "42"
`;

const WAIT_FOR_FILE = `input=$(cat)
file=\${input#*'"file":"'}
file=\${file%%'"'*}
parent=$PPID
workspace=$(pwd)
while [ ! -e "$file" ]; do
  kill -0 "$parent" 2>/dev/null && [ -d "$workspace" ] || exit 1
  sleep 0.05
done
printf '"%s"' "$(cat "$file")"
`;

describe('two steps of one job that run the same plan', { timeout: 120_000 }, () => {
  it('a killed first step’s post step, run after a second step ran the plan, does not report the second step’s run as its own', async (context) => {
    const github = await startFakeGitHub();
    context.onTestFinished(() => github.stop());
    const job = {
      entry: bundle.entry,
      inputs: { 'check-run': 'true' },
      event: { name: 'pull_request', payload: pullRequestEvent(21) },
      githubUrl: github.url,
    };
    const running = await startAction({ ...job, files: { [PLAN]: WAIT_THEN_MULTIPLY, 'tools/wait-for-file.sh': WAIT_FOR_FILE } });
    await running.printed(/⏳ 1\. Wait for the numbers/);
    running.child.kill('SIGKILL');
    const killed = await running.finished;
    expect(killed.exitCode).toBeNull();
    // On a runner each step has its own state file: the first step's is kept for its post step.
    const stateFile = path.join(killed.root, 'runner-temp', 'state');
    const firstState = await readFile(stateFile, 'utf8');

    // The next step (`if: always()`) runs the same plan, and its run passes.
    const second = await runActionBundle({ ...job, files: { 'ready.txt': 'numbers\n' }, sameJobAs: killed });
    expect(second.exitCode, second.stdout + second.stderr).toBe(0);
    expect(second.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(github.checkRuns).toEqual([
      expect.objectContaining({ status: 'in_progress' }),
      expect.objectContaining({ status: 'completed', conclusion: 'success' }),
    ]);

    const comment = github.commentsOn(REPO.owner, REPO.name, 21).map((posted) => posted.body);
    expect(comment).toEqual([expect.stringContaining('Finished: succeeded')]);
    const report = await readFile(second.outputs['report']!, 'utf8');

    // The first step's post step, last of all.
    await writeFile(stateFile, firstState);
    const post = await runActionBundle({ ...job, files: {}, sameJobAs: second, post: true });
    expect(post.exitCode, post.stdout + post.stderr).toBe(0);
    // Its check run was killed mid-run: never "success" from another step's run.
    expect(github.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect(post.summary).not.toContain('Multiply 6 × 7');
    expect(post.summary).toContain('a later step of this job ran the same plan');
    // The comment and the report file report the later step's run, and stay so.
    expect(github.commentsOn(REPO.owner, REPO.name, 21).map((posted) => posted.body)).toEqual(comment);
    expect(await readFile(second.outputs['report']!, 'utf8')).toBe(report);
    expect(github.violations).toEqual([]);
  });
});
