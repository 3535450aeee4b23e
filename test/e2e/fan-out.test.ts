import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { readSharedState } from '../../src/report/comment/shared-comment-state.ts';
import { startFakeArtifactService, type FakeArtifactService } from '../helpers/artifact-server.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { buildActionBundle, type ActionBundle } from './action-bundle.ts';
import { pullRequestEvent, REPO } from './pull-request-event.ts';
import { removeActionRuns, runActionBundle, startAction, type ActionRun, type ActionRunOptions } from './start-action.ts';
import { joinResultsScript } from '../helpers/join-results-script.ts';

// A plan fanned out over a job matrix as GitHub Actions runs it: every job is a fresh runner (its own
// workspace and RUNNER_TEMP) running the built dist/index.js; the jobs share only the workflow run's
// artifacts (the real @actions/artifact client against the local results-service stand-in) and the
// pull request's comment (the local GitHub stand-in, which validates every request).
let bundle: ActionBundle;
let scratch: string;

beforeAll(async () => {
  bundle = await buildActionBundle();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-fan-out-e2e-'));
}, 600_000);

afterAll(async () => {
  await removeActionRuns();
  await rm(scratch, { recursive: true, force: true });
});

const PLAN = '.github/plan.yml';

function plan(items: number, concurrency = 4): string {
  return `name: Package checks
limits: { concurrency: ${concurrency} }
tools:
  list_packages: { description: The packages, command: [sh, tools/list.sh] }
  check_package:
    description: Check one package
    command: [sh, tools/check.sh]
    input: { type: object, properties: { n: { type: integer } }, required: [n], additionalProperties: false }
  join: { description: Join the results, command: [sh, tools/join.sh] }
workflow_sequence:
  - { id: list, type: tool_call, tool: list_packages, args: {} }
  - id: check
    type: tool_call
    tool: check_package
    title: Check packages
    for_each: \${steps.list.result}
    fan_out: true
    args: { n: "\${item}" }
  - { id: report, type: tool_call, tool: join, args: { results: { step_result: check } } }
goals:
  - { name: the last package is checked, of: report, contains: "package ${items - 1} ok" }
`;
}

/** How many \`item_completed\` events the trace files in a job's RUNNER_TEMP hold so far. */
async function completedItems(root: string): Promise<number> {
  const folder = path.join(root, 'runner-temp', 'plan-runner');
  const names = await readdir(folder).catch(() => []);
  let count = 0;
  for (const name of names.filter((file) => file.endsWith('.trace.jsonl'))) {
    count += (await readFile(path.join(folder, name), 'utf8')).split('\n').filter((line) => line.includes('"type":"item_completed"')).length;
  }
  return count;
}

/**
 * The repository's tools. check.sh appends each item it starts to \`log\` (one file outside every
 * runner, so the test sees every job's calls), and waits for hold.txt in the workspace before items
 * from \`holdFrom\` on while it is missing, until its parent dies or its workspace is removed: a shard
 * killed mid-way leaves no process polling for a file in a workspace that is gone (one per suite run
 * did, for good; one killed before check.sh started, with init as its parent, did too). The tools are
 * shell scripts, not node: the suite runs them about a hundred times, and each node start cost 30–80 ms
 * of CPU. join.sh joins the item results that are strings, as `results.join('; ')` did for these items.
 */
function files(items: number, log: string, options: { concurrency?: number; holdFrom?: number; extra?: Record<string, string> } = {}): Record<string, string> {
  return {
    [PLAN]: plan(items, options.concurrency),
    'tools/list.sh': `printf '%s' '${JSON.stringify(range(items))}'\n`,
    // The arguments arrive as compact JSON on stdin: {"n":3}.
    'tools/check.sh': `input=$(cat)
n=\${input#*'"n":'}
n=\${n%%[!0-9]*}
echo "$n" >> ${shellQuote(log)}
# Orphaned (its shard was killed), it ends, as a runner's orphan-process clean-up would end it; killed
# before this script started, it has no parent to watch, and ends once the test removes its workspace.
parent=$PPID
workspace=$(pwd)
while [ "$n" -ge ${options.holdFrom ?? 999_999_999} ] && [ ! -e hold.txt ]; do
  kill -0 "$parent" 2>/dev/null && [ -d "$workspace" ] || exit 1
  sleep 0.05
done
printf '"package %s ok"' "$n"
`,
    'tools/join.sh': JOIN,
    ...options.extra,
  };
}

const JOIN = joinResultsScript('package');

/** `text` as one shell word. */
const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

const logged = async (log: string): Promise<number[]> => (existsSync(log) ? (await readFile(log, 'utf8')).trim().split('\n').filter(Boolean).map(Number) : []);
const sorted = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

async function services(context: TestContext, runId: number): Promise<{ github: FakeGitHub; artifacts: FakeArtifactService; run: { runId: number; backendId: string } }> {
  const github = await startFakeGitHub();
  const artifacts = await startFakeArtifactService();
  artifacts.attach(github);
  context.onTestFinished(async () => {
    await github.stop();
    await artifacts.stop();
  });
  return { github, artifacts, run: { runId, backendId: `backend-run-${runId}` } };
}

describe.concurrent('a plan fanned out over a job matrix: prepare, shards, merge', { timeout: 180_000 }, () => {
  it('4 shards over 40 command items: every item runs once, one comment shows 40/40, the merge judges the goals', async (context) => {
    const { github, artifacts, run } = await services(context, 5101);
    const log = path.join(scratch, 'four-shards.log');
    // What `needs.prepare.outputs.prepared` gives the shard and merge jobs.
    const handed: { prepared?: string } = {};
    const job = (name: string, inputs: Record<string, string>): ActionRunOptions => ({
      entry: bundle.entry,
      files: files(40, log),
      inputs: { ...inputs, ...(inputs['mode'] !== 'prepare' && handed.prepared !== undefined && { prepared: handed.prepared }) },
      event: { name: 'pull_request', payload: pullRequestEvent(21) },
      githubUrl: github.url,
      env: { ...artifacts.env(run, name), GITHUB_RUN_ID: String(run.runId) },
    });

    const prepare = await runActionBundle(job('prepare', { mode: 'prepare', shards: '4' }));
    expect(prepare.exitCode, prepare.stdout + prepare.stderr).toBe(0);
    handed.prepared = prepare.outputs['prepared'];
    expect(prepare.outputs['matrix']).toBe('{"shard":[1,2,3,4]}');
    expect(await logged(log)).toEqual([]);

    // The matrix: four runners at once, each given only its shard number.
    const shards = await Promise.all(JSON.parse(prepare.outputs['matrix']!).shard.map((shard: number) => runActionBundle(job(`work-${shard}`, { mode: 'shard', shard: String(shard) }))));
    for (const shard of shards) expect(shard.exitCode, shard.stdout + shard.stderr).toBe(0);
    expect(sorted(await logged(log))).toEqual(range(40));

    const merge = await runActionBundle(job('finish', { mode: 'merge' }));
    expect(merge.exitCode, merge.stdout + merge.stderr).toBe(0);
    expect(merge.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(merge.outputs['result']).toContain('package 39 ok');
    // Every item ran exactly once, across all jobs: the merge ran none.
    expect(sorted(await logged(log))).toEqual(range(40));
    expect(merge.summary).toContain('40/40 done');
    expect(merge.summary).toContain('1/1 goals met');
    const comments = github.commentsOn(REPO.owner, REPO.name, 21);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('Check package');
    expect(comments[0]!.body).toContain('40/40 done');
    expect(comments[0]!.body).toContain('Finished: succeeded');
    expect(artifacts.artifactsOf(run).map((artifact) => artifact.name.replace(/^plan-runner-state-github-plan-yml-[0-9a-f]{8}-/, '')).sort()).toEqual(
      ['merge', 'prepare', 'shard-1', 'shard-2', 'shard-3', 'shard-4'].map((part) => `${part}-attempt-1.jsonl`),
    );
    expect(artifacts.violations).toEqual([]);
    expect(github.violations).toEqual([]);
  });

  it('two shards writing the comment at the same moment, their writes landing late: the comment ends with both shards’ items', async (context) => {
    const { github, artifacts, run } = await services(context, 5102);
    const log = path.join(scratch, 'interleaved.log');
    // What `needs.prepare.outputs.prepared` gives the shard and merge jobs.
    const handed: { prepared?: string } = {};
    const job = (name: string, inputs: Record<string, string>): ActionRunOptions => ({
      entry: bundle.entry,
      files: files(12, log),
      inputs: { ...inputs, ...(inputs['mode'] !== 'prepare' && handed.prepared !== undefined && { prepared: handed.prepared }) },
      event: { name: 'pull_request', payload: pullRequestEvent(22) },
      githubUrl: github.url,
      env: { ...artifacts.env(run, name), GITHUB_RUN_ID: String(run.runId) },
    });
    const prepareRun = await runActionBundle(job('prepare', { mode: 'prepare', shards: '2' }));
    expect(prepareRun.exitCode).toBe(0);
    handed.prepared = prepareRun.outputs['prepared'];
    const writes = (): number => github.requestsTo('issues/update-comment').length + github.requestsTo('issues/create-comment').length;
    const before = writes();
    // Every edit is carried out 600 ms after it arrives: the other shard reads the comment in between and writes over it.
    github.fail('issues/update-comment', ...Array.from({ length: 8 }, () => ({ lateMs: 600 })));
    const shards = await Promise.all([1, 2].map((shard) => runActionBundle(job(`work-${shard}`, { mode: 'shard', shard: String(shard) }))));
    for (const shard of shards) expect(shard.exitCode, shard.stdout + shard.stderr).toBe(0);
    const comments = github.commentsOn(REPO.owner, REPO.name, 22);
    expect(comments).toHaveLength(1);
    // Before any merge: the shards' own writes hold all 12 items, and say nothing has finished.
    expect(readSharedState(comments[0]!.body, run.runId)?.steps['check']?.i).toBe('c'.repeat(12));
    expect(comments[0]!.body).toContain('12/12 done');
    expect(comments[0]!.body).not.toContain('Finished');
    // The bound: per shard job of 2, its first write, one per 2 s of its run, its final write and at most 3 read-backs.
    const bound = shards.reduce((sum, shard) => sum + 1 + Math.ceil(Number(shard.outputs['duration-seconds']) / 2) + 1 + 3, 0);
    expect(writes() - before).toBeLessThanOrEqual(bound);
    expect(github.violations).toEqual([]);
  });

  it('a merge re-run after a shard was re-run builds on the shard\'s new items, not on the earlier merge\'s partial result', async (context) => {
    const { github, artifacts, run } = await services(context, 5104);
    const log = path.join(scratch, 'merge-again.log');
    const tolerant = files(4, log);
    tolerant[PLAN] = tolerant[PLAN]!.replace('    fan_out: true\n', '    fan_out: true\n    on_item_failure: continue\n');
    // What `needs.prepare.outputs.prepared` gives the shard and merge jobs.
    const handed: { prepared?: string } = {};
    const job = (name: string, attempt: number, inputs: Record<string, string>): ActionRunOptions => ({
      entry: bundle.entry,
      files: tolerant,
      inputs: { ...inputs, ...(inputs['mode'] !== 'prepare' && handed.prepared !== undefined && { prepared: handed.prepared }) },
      githubUrl: github.url,
      env: { ...artifacts.env(run, `${name}-attempt-${attempt}`), GITHUB_RUN_ID: String(run.runId), GITHUB_RUN_ATTEMPT: String(attempt) },
    });
    const prepareRun = await runActionBundle(job('prepare', 1, { mode: 'prepare', shards: '2' }));
    expect(prepareRun.exitCode).toBe(0);
    handed.prepared = prepareRun.outputs['prepared'];
    expect((await runActionBundle(job('work-1', 1, { mode: 'shard', shard: '1' }))).exitCode).toBe(0);
    // Shard 2's job was cancelled before it saved anything; the merge (if: always()) goes on without its items.
    const partial = await runActionBundle(job('finish', 1, { mode: 'merge' }));
    expect(partial.outputs, partial.stdout + partial.stderr).toMatchObject({ 'goals-met': 'false' });
    // "Re-run failed jobs": shard 2 and the merge, attempt 2.
    expect((await runActionBundle(job('work-2', 2, { mode: 'shard', shard: '2' }))).exitCode).toBe(0);
    const merge = await runActionBundle(job('finish', 2, { mode: 'merge' }));
    expect(merge.outputs, merge.stdout + merge.stderr).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(merge.summary).toContain('4/4 done');
    expect(sorted(await logged(log))).toEqual([0, 1, 2, 3]);
  });

  it('a merge re-run does not repeat the side effects the earlier merge made: its completed steps are reused', async (context) => {
    const { github, artifacts, run } = await services(context, 5105);
    const log = path.join(scratch, 'merge-side-effect.log');
    const published = path.join(scratch, 'published.log');
    const base = files(4, log);
    base[PLAN] = base[PLAN]!
      .replace('  join: { description: Join the results, command: [sh, tools/join.sh] }', '  join: { description: Publish the results, command: [sh, tools/join.sh], side_effects: true }')
      .concat('  - { name: the release notes exist, command: [test, -f, notes.txt] }\n');
    base['tools/join.sh'] = `echo published >> ${shellQuote(published)}\n${JOIN}`;
    // What `needs.prepare.outputs.prepared` gives the shard and merge jobs.
    const handed: { prepared?: string } = {};
    const job = (name: string, attempt: number, inputs: Record<string, string>, extra: Record<string, string> = {}): ActionRunOptions => ({
      entry: bundle.entry,
      files: { ...base, ...extra },
      inputs: { ...inputs, ...(inputs['mode'] !== 'prepare' && handed.prepared !== undefined && { prepared: handed.prepared }) },
      githubUrl: github.url,
      env: { ...artifacts.env(run, `${name}-attempt-${attempt}`), GITHUB_RUN_ID: String(run.runId), GITHUB_RUN_ATTEMPT: String(attempt) },
    });
    const prepareRun = await runActionBundle(job('prepare', 1, { mode: 'prepare', shards: '2' }));
    expect(prepareRun.exitCode).toBe(0);
    handed.prepared = prepareRun.outputs['prepared'];
    for (const shard of [1, 2]) expect((await runActionBundle(job(`work-${shard}`, 1, { mode: 'shard', shard: String(shard) }))).exitCode).toBe(0);
    // The merge publishes, then a goal fails (notes.txt is missing on that runner).
    const first = await runActionBundle(job('finish', 1, { mode: 'merge' }));
    expect(first.outputs, first.stdout + first.stderr).toMatchObject({ 'goals-met': 'false' });
    expect(await readFile(published, 'utf8')).toBe('published\n');
    // "Re-run failed jobs": the merge again, on a runner that has notes.txt.
    const again = await runActionBundle(job('finish', 2, { mode: 'merge' }, { 'notes.txt': '' }));
    expect(again.outputs, again.stdout + again.stderr).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(await readFile(published, 'utf8')).toBe('published\n');
  });

  it('a shard killed mid-way and re-run as attempt 2 runs only its unfinished items', async (context) => {
    const { github, artifacts, run } = await services(context, 5103);
    const log = path.join(scratch, 'killed.log');
    // What `needs.prepare.outputs.prepared` gives the shard and merge jobs.
    const handed: { prepared?: string } = {};
    const job = (name: string, attempt: number, inputs: Record<string, string>, extra: Record<string, string> = {}): ActionRunOptions => ({
      entry: bundle.entry,
      files: files(10, log, { concurrency: 1, holdFrom: 6, extra }),
      inputs: { ...inputs, ...(inputs['mode'] !== 'prepare' && handed.prepared !== undefined && { prepared: handed.prepared }) },
      githubUrl: github.url,
      env: { ...artifacts.env(run, `${name}-attempt-${attempt}`), GITHUB_RUN_ID: String(run.runId), GITHUB_RUN_ATTEMPT: String(attempt) },
    });
    const prepareRun = await runActionBundle(job('prepare', 1, { mode: 'prepare', shards: '2' }));
    expect(prepareRun.exitCode).toBe(0);
    handed.prepared = prepareRun.outputs['prepared'];
    // Shard 1 has items 0, 2, 4, 6, 8, one at a time; item 6 waits for hold.txt, which this runner never gets.
    const running = await startAction(job('work-1', 1, { mode: 'shard', shard: '1' }));
    while (!(await logged(log)).includes(6)) await sleep(50);
    // Items 0, 2 and 4 took a few ms each (a shell script), so the trace writes their completion within
    // 250 ms, not at once (a kill in that window loses them, and a resume runs them again, by design):
    // the kill comes once the trace holds them, as it would on a runner a moment later.
    while ((await completedItems(running.root)) < 3) await sleep(50);
    running.child.kill('SIGKILL');
    const killed: ActionRun = await running.finished;
    expect(killed.exitCode).toBeNull();
    // The job's post step saves the trace the killed step left.
    const post = await runActionBundle({ ...job('work-1', 1, { mode: 'shard', shard: '1' }), files: {}, sameJobAs: killed, post: true });
    expect(post.stdout).toContain('ended without saving');

    await writeFile(log, '');
    const again = await runActionBundle(job('work-1', 2, { mode: 'shard', shard: '1' }, { 'hold.txt': '' }));
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
    expect(sorted(await logged(log))).toEqual([6, 8]);
    const two = await runActionBundle(job('work-2', 1, { mode: 'shard', shard: '2' }, { 'hold.txt': '' }));
    expect(two.exitCode).toBe(0);
    const merge = await runActionBundle(job('finish', 2, { mode: 'merge' }));
    expect(merge.outputs, merge.stdout + merge.stderr).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(merge.summary).toContain('10/10 done');
    expect(sorted(await logged(log))).toEqual([1, 3, 5, 6, 7, 8, 9]);
    expect(artifacts.violations).toEqual([]);
    expect(github.violations).toEqual([]);
  });
});
