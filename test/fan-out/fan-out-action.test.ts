import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
import { stateArtifactName } from '../../src/state/state-artifact-name.ts';
import { stepDurations, stepWeightsFromTrace } from '../../src/run/trace-step-weights.ts';
import { recordingIO } from '../action/recording-io.ts';
import { memoryStateStore } from './memory-state-store.ts';
import { joinResultsScript } from '../helpers/join-results-script.ts';

const PLAN = `name: Checks
tools:
  list: { description: The items, command: [sh, list.sh] }
  check: { description: Check one item, command: [sh, check.sh], input: { type: object, properties: { n: { type: integer } }, required: [n] } }
  join: { description: Join the results, command: [sh, join.sh] }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: check, type: tool_call, tool: check, for_each: "\${steps.list.result}", fan_out: true, on_item_failure: continue, args: { n: "\${item}" } }
  - { id: report, type: tool_call, tool: join, args: { results: { step_result: check } } }
goals:
  - { name: every item checked, of: report, contains: "item 11 ok" }
`;

// Each check appends its item to ran.log, so the test can count how often every item ran; a file broken-<n> breaks item n.
// A shell script, not node: the file runs it about ninety times, and each node start costs 80 ms of CPU or more.
// The arguments arrive as compact JSON on stdin, {"n":3}; any other input fails the call loudly, rather than
// logging a blank line that ranItems would read as item 0.
const CHECK = `input=$(cat)
n=\${input#'{"n":'}
n=\${n%'}'}
case "$n" in ''|*[!0-9]*) printf 'check.sh takes {"n":<digits>}, got %s' "$input" >&2; exit 2;; esac
echo "$n" >> ran.log
if [ -e "broken-$n" ]; then printf 'item %s is broken' "$n" >&2; exit 1; fi
printf '"item %s ok"' "$n"
`;

const JOIN = joinResultsScript('item');

/** A list tool's script: prints the items, `0` to `items - 1` for a count, as a JSON array. */
const listing = (items: number | readonly number[]): string => `printf '%s' '${JSON.stringify(typeof items === 'number' ? Array.from({ length: items }, (_, i) => i) : items)}'`;

let workspace: string;
let store: RunStateStore & { saved: StateArtifact[] };
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-fan-out-'));
  store = await memoryStateStore();
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  await writeFile(path.join(workspace, 'list.sh'), listing(12));
  await writeFile(path.join(workspace, 'check.sh'), CHECK);
  await writeFile(path.join(workspace, 'join.sh'), JOIN);
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

// What `needs.prepare.outputs.prepared` gives the shard and merge jobs: the last prepare job's, by run-key.
const prepared = new Map<string, string>();
beforeEach(() => prepared.clear());

async function job(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<{ result: Awaited<ReturnType<typeof runAction>>; said: ReturnType<typeof recordingIO>['said'] }> {
  const given: Record<string, string> = { plan: 'plan.yml', ...inputs };
  const key = inputs['run-key'] ?? '';
  if ((inputs.mode === 'shard' || inputs.mode === 'merge') && !('prepared' in inputs) && prepared.has(key)) given.prepared = prepared.get(key)!;
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', RUNNER_TEMP: runnerTemp, PATH: process.env['PATH'] ?? '', ...env });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, state: store });
  await result.published;
  if (inputs.mode === 'prepare' && result.outputs.prepared) prepared.set(key, result.outputs.prepared);
  return { result, said };
}

const ranItems = async () => (await readFile(path.join(workspace, 'ran.log'), 'utf8')).trim().split('\n').map(Number).sort((a, b) => a - b);

describe('the action fanned out: prepare, 3 shards, merge', () => {
  it('runs every item once over the shards; the merge aggregates, checks the goals and reports', async () => {
    const prepare = await job({ mode: 'prepare', shards: '3' });
    expect(prepare.result.outputs).toMatchObject({ status: 'succeeded', matrix: '{"shard":[1,2,3]}' });
    for (const shard of ['1', '2', '3']) {
      const work = await job({ mode: 'shard', shard });
      // The shard passes, checked no goal, and its summary says which part it ran.
      expect(work.result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'false' });
      expect(work.said.summary).toContain(`**Shard ${shard} of 3** of a fanned-out run`);
    }
    const merge = await job({ mode: 'merge' });
    expect(merge.result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(merge.result.outputs.result).toContain('item 11 ok');
    expect(await ranItems()).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(merge.said.summary).toContain('12/12 done');
    expect(merge.said.summary).toContain('**Merge job** of a fanned-out run over 3 shards');
    // The prepare job's step is taken, not resumed: its cost is in that job's summary.
    expect(merge.said.summary).toContain("Taken from this workflow run's saved states: 1 step and 12 items that the prepare or shard jobs");
    expect(merge.said.summary).not.toContain('Resumed:');
    expect(store.saved.map((artifact) => artifact.name.replace(/^plan-runner-state-plan-yml-[0-9a-f]+-/, ''))).toEqual([
      'prepare-attempt-1.jsonl',
      'shard-1-attempt-1.jsonl',
      'shard-2-attempt-1.jsonl',
      'shard-3-attempt-1.jsonl',
      'merge-attempt-1.jsonl',
    ]);
  });

  // Found by a hunting pass: a prepare or shard job's log ended "The steps ended …; checking the goals", which it never
  // does, and never said how the job ended (a failed shard's reason was in its annotation only).
  it('the prepare and shard jobs\' logs end with how the job ended, and that the merge job checks the goals', async () => {
    await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('on_item_failure: continue', 'on_item_failure: fail'));
    await writeFile(path.join(workspace, 'broken-4'), ''); // item 4 is shard 2's
    const prepare = await job({ mode: 'prepare', shards: '3' });
    const one = await job({ mode: 'shard', shard: '1' });
    const two = await job({ mode: 'shard', shard: '2' });
    expect(prepare.said.log.at(-2)).toMatch(/^Run succeeded in .+ — 1\/3 complete, 0 failed; the merge job checks the goals\n$/);
    // Shard 1 has done its items: its step's share is done (✅), not left ⏳ as if it still ran.
    expect(one.said.log.at(-3)).toBe('✅ check. check — 4/4 done; other shards run 8 more\n');
    expect(one.said.log.at(-2)).toMatch(/^Run succeeded in .+ — 2\/3 complete, 0 failed; the merge job checks the goals\n$/);
    expect(two.said.log.at(-2)).toMatch(/^Run failed in .+ \(step check failed: item check\[4\] failed: .+\) — 1\/3 complete, 1 failed, 1 skipped; the merge job checks the goals\n$/);
    for (const said of [prepare.said, one.said, two.said]) expect(said.log.join('\n')).not.toContain('checking the goals');
    const merge = await job({ mode: 'merge' });
    expect(merge.said.log.join('\n')).toContain('checking the goals');
  });

  // Any step that holds the runner's artifact token can upload a state under a shard's name (found by a
  // review: one forged state made a merge with a failed item and a shard that never ran pass 12/12).
  it('the merge reads each shard\'s state for the items assigned to that shard only, and no shard or attempt that was not', async () => {
    await job({ mode: 'prepare', shards: '3' });
    await writeFile(path.join(workspace, 'broken-4'), ''); // item 4 is shard 2's
    const one = await job({ mode: 'shard', shard: '1' });
    await job({ mode: 'shard', shard: '2' });
    // Shard 3 never ran. Forged: shard 1's trace and every item completed, under shard 3's name, a shard
    // the plan never had, and a later attempt of shard 1.
    const usage = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
    const items = Array.from({ length: 12 }, (_, index) => JSON.stringify({ type: 'item_completed', stepKey: 'check', index, result: `item ${index} ok`, durationMs: 1, usage, at: 1 }));
    const forged = path.join(workspace, 'forged.jsonl');
    await writeFile(forged, `${(await readFile(one.result.outputs.trace!, 'utf8')).trim()}\n${items.join('\n')}\n`);
    for (const [part, attempt] of [['shard-3', 1], ['shard-99', 1], ['shard-1', 7]] as const) await store.save(stateArtifactName({ planPath: 'plan.yml', attempt, part }), forged, 1);
    const merge = await job({ mode: 'merge' });
    expect(merge.said.log).toContain('Building on the saved state of prepare (attempt 1), shard-1 (attempt 1), shard-2 (attempt 1), shard-3 (attempt 1).');
    // Shard 3's own items come from its state; item 4 stays shard 2's failure.
    expect(merge.result.outputs.result).toContain('item 11 ok');
    expect(merge.result.outputs.result).not.toContain('item 4 ok');
    expect(merge.said.summary).toContain('11/12 done, 1 failed');
  });

  /** A forged state: `trace`'s events and every item of `check` completed, as `result_carried` lines. */
  async function forgedState(trace: string, reuseKey: string, count: number): Promise<string> {
    const usage = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
    const items = Array.from({ length: count }, (_, index) => JSON.stringify({ type: 'result_carried', stepKey: 'check', reuseKey, result: `item ${index} FORGED`, usage, item: { index, key: `check[${index}]` }, at: 1 }));
    const forged = path.join(workspace, `forged-${Math.random().toString(36).slice(2)}.jsonl`);
    await writeFile(forged, `${(await readFile(trace, 'utf8')).trim()}\n${items.join('\n')}\n`);
    return forged;
  }
  const reuseKeyOf = async (trace: string) =>
    (await readFile(trace, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; stepKey?: string; reuseKey?: string }).find((event) => event.type === 'step_started' && event.stepKey === 'check')!.reuseKey!;
  const allDone = () => writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('of: report, contains: "item 11 ok"', 'all_steps_completed: true'));

  // Any step of the workflow run that holds the artifact token can save an artifact under a free name. A re-run that
  // does not re-run the prepare job leaves the new attempt's prepare name free, and one whose first prepare saved
  // nothing leaves the first attempt's: found by name, newest or first, a forged prepare state decided every item
  // and step of a merge (found by two adversarial passes). The prepare job's output names its own artifact.
  it('the shards and merge build on the prepare state the prepare job\'s output names, never one found by name', async () => {
    await allDone();
    const prepare = await job({ mode: 'prepare', shards: '2' });
    expect(prepare.result.outputs.prepared).toBe(String(store.saved[0]!.id));
    await writeFile(path.join(workspace, 'broken-1'), ''); // item 1 is shard 2's
    const one = await job({ mode: 'shard', shard: '1' });
    await job({ mode: 'shard', shard: '2' });
    expect((await job({ mode: 'merge' })).result.outputs.status).toBe('goals-unmet');
    // Attempt 2, "Re-run failed jobs": the merge only, given attempt 1's prepared output as GitHub keeps it.
    const forged = await forgedState(prepare.result.outputs.trace!, await reuseKeyOf(one.result.outputs.trace!), 12);
    await store.save(stateArtifactName({ planPath: 'plan.yml', attempt: 2, part: 'prepare' }), forged, 1);
    const merge = await job({ mode: 'merge', resume: 'never' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(merge.said.log).toContain('Building on the saved state of prepare (attempt 1), shard-1 (attempt 1), shard-2 (attempt 1).');
    expect(merge.result.outputs.status).toBe('goals-unmet');
    expect(merge.result.outputs.result).not.toContain('FORGED');
  });

  it('a prepare state saved under a free earlier name is not read: the shards run the genuine prepare\'s items', async () => {
    await allDone();
    // Attempt 1's prepare job saved nothing (it failed before plan-runner ran); a forged state takes its name,
    // listing half the items. The prepare job of attempt 2 saves the genuine list.
    await writeFile(path.join(workspace, 'list.sh'), listing([0, 2, 4]));
    const fake = await job({ mode: 'prepare', shards: '2', 'run-key': 'fake' });
    await store.save(stateArtifactName({ planPath: 'plan.yml', attempt: 1, part: 'prepare' }), fake.result.outputs.trace!, 1);
    await writeFile(path.join(workspace, 'list.sh'), listing(6));
    // resume: never, as the README advises where untrusted code runs: with auto the prepare job resumes its own
    // earlier attempt, and the forged state would be that (as any job's own earlier state may be).
    await job({ mode: 'prepare', shards: '2', resume: 'never' }, { GITHUB_RUN_ATTEMPT: '2' });
    await writeFile(path.join(workspace, 'ran.log'), '');
    for (const shard of ['1', '2']) await job({ mode: 'shard', shard }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(await ranItems()).toEqual([0, 1, 2, 3, 4, 5]);
    const merge = await job({ mode: 'merge' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(merge.said.log).toContain('Building on the saved state of prepare (attempt 2), shard-1 (attempt 2), shard-2 (attempt 2).');
    expect(merge.said.summary).toContain('6/6 done');
  });

  // A prepare that failed in attempt 1 skipped that attempt's shards and merge: their names were free, and a forged
  // merge-attempt-1 completed every item, a forged shard-2-attempt-1 every item of shard 2 (found by an adversarial pass).
  it('reads no shard or merge state of an attempt before the prepare state it builds on', async () => {
    await allDone();
    await writeFile(path.join(workspace, 'list.sh'), 'exit 3');
    const failed = await job({ mode: 'prepare', shards: '2' });
    expect(failed.result.outputs.status).toBe('failed');
    await writeFile(path.join(workspace, 'list.sh'), listing(6));
    const prepare = await job({ mode: 'prepare', shards: '2' }, { GITHUB_RUN_ATTEMPT: '2' });
    // The genuine reuse key, from a scratch run of shard 1 under another key (as a forger could compute it).
    const scratch = await job({ mode: 'prepare', shards: '2', 'run-key': 'scratch' });
    const probe = await job({ mode: 'shard', shard: '1', 'run-key': 'scratch' });
    expect(scratch.result.outputs.status).toBe('succeeded');
    const forged = await forgedState(prepare.result.outputs.trace!, await reuseKeyOf(probe.result.outputs.trace!), 6);
    for (const part of ['merge', 'shard-2']) await store.save(stateArtifactName({ planPath: 'plan.yml', attempt: 1, part }), forged, 1);
    await writeFile(path.join(workspace, 'broken-1'), '');
    await writeFile(path.join(workspace, 'ran.log'), '');
    for (const shard of ['1', '2']) await job({ mode: 'shard', shard }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(await ranItems()).toEqual([0, 1, 2, 3, 4, 5]);
    const merge = await job({ mode: 'merge' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(merge.said.log).toContain('Building on the saved state of prepare (attempt 2), shard-1 (attempt 2), shard-2 (attempt 2).');
    expect(merge.result.outputs.status).toBe('goals-unmet');
    expect(merge.result.outputs.result).not.toContain('FORGED');
  });

  it('refuses a prepared input that names no prepare state of this plan, or one that did not succeed', async () => {
    await job({ mode: 'prepare', shards: '2' });
    const shard = await job({ mode: 'shard', shard: '1' });
    const shardState = String(store.saved.find((artifact) => artifact.name.includes('-shard-1-'))!.id);
    const wrong = await job({ mode: 'merge', prepared: shardState });
    expect(wrong.result.failure).toContain(`mode merge: input 'prepared' names artifact ${shardState}, which is not the state of the prepare job for plan.yml`);
    expect(wrong.result.failure).toContain('give prepared: ${{ needs.prepare.outputs.prepared }}');
    const gone = await job({ mode: 'merge', prepared: '999' });
    expect(gone.result.failure).toContain("mode merge: input 'prepared' names artifact 999, which this workflow run does not have: it expired (state-retention-days) or was deleted");
    expect(shard.result.outputs.status).toBe('succeeded');
    await writeFile(path.join(workspace, 'list.sh'), 'exit 3');
    const failed = await job({ mode: 'prepare', shards: '2', resume: 'never' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(failed.result.outputs.status).toBe('failed');
    const after = await job({ mode: 'shard', shard: '1', prepared: failed.result.outputs.prepared! }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(after.result.failure).toContain("mode shard: the prepare job's state (attempt 2");
    expect(after.result.failure).toContain('records a run that ended failed');
  });

  it('a prepare job re-run with resume: never prepares afresh, and the shards given its output build on it', async () => {
    await job({ mode: 'prepare', shards: '2' });
    await writeFile(path.join(workspace, 'list.sh'), listing([0, 1, 2]));
    const again = await job({ mode: 'prepare', shards: '2', resume: 'never' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(again.result.outputs.status).toBe('succeeded');
    expect(again.said.log.join('\n')).not.toContain('Building on');
    for (const shard of ['1', '2']) await job({ mode: 'shard', shard }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(await ranItems()).toEqual([0, 1, 2]);
    const merge = await job({ mode: 'merge' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(merge.said.summary).toContain('3/3 done');
  });

  // Read for its calls only (an earlier version of this round's fix), a prepare whose step with side effects had
  // succeeded escalated at every re-run (found by a review): a prepare job resumes its own earlier attempt as
  // any job does, and the README says what a state found by name is worth.
  it('a failed prepare job re-run resumes its earlier attempt with resume: auto, a step with side effects included; with never it starts afresh', async () => {
    await writeFile(path.join(workspace, 'announce.mjs'), `import { appendFileSync } from 'node:fs'; appendFileSync('announced.log', 'x'); process.stdout.write('"announced"');`);
    await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('tools:\n', 'tools:\n  announce: { description: Announce, command: [node, announce.mjs], side_effects: true }\n').replace('  - { id: list,', '  - { id: announce, type: tool_call, tool: announce, args: {} }\n  - { id: list, depends_on: [announce],'));
    await writeFile(path.join(workspace, 'list.sh'), 'exit 3');
    expect((await job({ mode: 'prepare', shards: '2' })).result.outputs.status).toBe('failed');
    await writeFile(path.join(workspace, 'list.sh'), listing([0, 1, 2, 3]));
    const again = await job({ mode: 'prepare', shards: '2' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(again.said.log).toContain('Building on the saved state of prepare (attempt 1).');
    expect(again.result.outputs.status).toBe('succeeded');
    expect(await readFile(path.join(workspace, 'announced.log'), 'utf8')).toBe('x');
    const never = await job({ mode: 'prepare', shards: '2', resume: 'never' }, { GITHUB_RUN_ATTEMPT: '3' });
    expect(never.said.log.join('\n')).not.toContain('Building on');
  });

  // The merge saved nothing in attempt 1 (a shard failed and its job was skipped); a forged merge-attempt-1, read
  // last and whole, overwrote every shard's items (found by an adversarial pass).
  it("a merge's own earlier state gives no fan-out item, shard plan or prepared step", async () => {
    await allDone();
    const prepare = await job({ mode: 'prepare', shards: '2' });
    const one = await job({ mode: 'shard', shard: '1' });
    const forged = await forgedState(prepare.result.outputs.trace!, await reuseKeyOf(one.result.outputs.trace!), 6);
    await store.save(stateArtifactName({ planPath: 'plan.yml', attempt: 1, part: 'merge' }), forged, 1);
    await writeFile(path.join(workspace, 'broken-1'), '');
    await job({ mode: 'shard', shard: '2' }, { GITHUB_RUN_ATTEMPT: '2' });
    const merge = await job({ mode: 'merge' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(merge.said.log).toContain('Building on the saved state of prepare (attempt 1), shard-1 (attempt 1), shard-2 (attempt 2), merge (attempt 1).');
    expect(merge.result.outputs.status).toBe('goals-unmet');
    expect(merge.result.outputs.result).not.toContain('FORGED');
  });

  // "Re-run all jobs" makes a new prepare state: the shards' states of the attempt before it were not read at
  // all, and their items with side effects that had succeeded ran again (found by an adversarial pass); then read
  // for their calls only, every such item was refused and a green gate went red (found by a review).
  it('a shard re-run after a new prepare reuses the items its earlier attempt completed, calls with side effects included', async () => {
    await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('command: [sh, check.sh],', 'command: [sh, check.sh], side_effects: true,'));
    await job({ mode: 'prepare', shards: '2' });
    await job({ mode: 'shard', shard: '1' });
    expect(await ranItems()).toEqual([0, 2, 4, 6, 8, 10]);
    await writeFile(path.join(workspace, 'ran.log'), '');
    await job({ mode: 'prepare', shards: '2' }, { GITHUB_RUN_ATTEMPT: '2' });
    const again = await job({ mode: 'shard', shard: '1' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(again.said.log).toContain('Building on the saved state of prepare (attempt 2), shard-1 (attempt 1).');
    await expect(readFile(path.join(workspace, 'ran.log'), 'utf8')).resolves.toBe('');
    expect(again.said.summary).toContain('6/6 done; other shards run 6 more');
    expect(again.said.summary).not.toContain('would call');
  });

  it('a failed shard re-run as attempt 2 runs only its failed items, and the merge after it completes', async () => {
    await job({ mode: 'prepare', shards: '2' });
    await job({ mode: 'shard', shard: '1' });
    await writeFile(path.join(workspace, 'broken-5'), '');
    const broken = await job({ mode: 'shard', shard: '2' });
    // on_item_failure: continue: the shard reports the item and passes; the merge reports it per item.
    expect(broken.result.outputs.status).toBe('succeeded');
    const firstMerge = await job({ mode: 'merge' });
    // The join was given the list with item 5's null: its answer lacks that item's work, so no goal on it passes.
    expect(firstMerge.result.outputs['goals-met']).toBe('false');
    expect(firstMerge.said.summary).toContain('result partial: its tool was given the result of step check');
    expect(firstMerge.said.summary).toContain('shard 2: ');
    await writeFile(path.join(workspace, 'ran.log'), '');
    await rm(path.join(workspace, 'broken-5'));
    await job({ mode: 'shard', shard: '2' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(await ranItems()).toEqual([5]);
    const merge = await job({ mode: 'merge' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(merge.said.summary).toContain('12/12 done');
    expect(merge.result.outputs['goals-met']).toBe('true');
  });

  it('weights-from balances the shards by the item durations of an earlier run', async () => {
    // An earlier run in which item 0 took as long as all the others together.
    const keys = Array.from({ length: 12 }, (_, i) => `check[${i}]`);
    const earlier = [
      { type: 'step_expanded', at: 0, stepKey: 'check', keys },
      ...keys.map((_, index) => ({ type: 'item_completed', at: 1, stepKey: 'check', index, result: null, durationMs: index === 0 ? 1100 : 100, usage: { promptTokens: 0, completionTokens: 0, modelCalls: 0, costUsd: 0 } })),
    ];
    await writeFile(path.join(workspace, 'earlier.jsonl'), earlier.map((event) => JSON.stringify(event)).join('\n'));
    const prepare = await job({ mode: 'prepare', shards: '2', 'weights-from': 'earlier.jsonl' });
    expect(prepare.result.outputs.status).toBe('succeeded');
    const trace = (await readFile(prepare.result.outputs.trace, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; assignment?: number[] });
    // Item 0 alone on shard 1, the 11 others on shard 2: 1,100 ms each.
    expect(trace.find((event) => event.type === 'shards_assigned')?.assignment).toEqual([1, ...Array.from({ length: 11 }, () => 2)]);
  });

  // Found by a review: the merge's trace, the one that records the whole run, gave the items it took from the shards no
  // duration and those a dead shard left 0 ms, so a prepare given it as weights-from weighed nothing it should have.
  it("a merge's trace weighs each item a shard ran by that shard's time, and a dead shard's items not at all", async () => {
    await writeFile(path.join(workspace, 'list.sh'), listing(4));
    await job({ mode: 'prepare', shards: '2' });
    const { result } = await job({ mode: 'shard', shard: '1' });
    const events = (await readFile(result.outputs.trace, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as unknown);
    const shardTimes = new Map([...stepDurations(events)].filter(([key]) => key.startsWith('check[')));
    // In the order the items ended, which a loaded machine may swap.
    expect([...shardTimes.keys()].sort()).toEqual(['check[0]', 'check[2]']);
    // Shard 2 died: items 1 and 3 have no result, and the merge reports them failed.
    const merge = await job({ mode: 'merge' });
    expect(merge.said.summary).toContain('shard 2 left no result for this item');
    const weights = await stepWeightsFromTrace(merge.result.outputs.trace);
    expect(new Map([...weights].filter(([key]) => key.startsWith('check[')))).toEqual(shardTimes);
  });

  // The shards resume their own earlier states only: a prepare job re-run ("Re-run all jobs") whose weights-from
  // trace had changed (the newest run's, downloaded again) dealt items 0 and 11 to the other shard, and each ran
  // there again, its call with side effects too (found by an adversarial pass).
  it('a prepare job re-run keeps the shards its earlier attempt assigned, whatever weights-from says now', async () => {
    await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('command: [sh, check.sh],', 'command: [sh, check.sh], side_effects: true,'));
    const keys = Array.from({ length: 12 }, (_, i) => `check[${i}]`);
    const usage = { promptTokens: 0, completionTokens: 0, modelCalls: 0, costUsd: 0 };
    const weights = (heavy: number) =>
      [{ type: 'step_expanded', at: 0, stepKey: 'check', keys }, ...keys.map((_, index) => ({ type: 'item_completed', at: 1, stepKey: 'check', index, result: null, durationMs: index === heavy ? 1100 : 100, usage }))]
        .map((event) => JSON.stringify(event))
        .join('\n');
    await writeFile(path.join(workspace, 'earlier.jsonl'), weights(0));
    await job({ mode: 'prepare', shards: '2', 'weights-from': 'earlier.jsonl' });
    for (const shard of ['1', '2']) await job({ mode: 'shard', shard });
    expect(await ranItems()).toEqual(Array.from({ length: 12 }, (_, i) => i));
    await writeFile(path.join(workspace, 'ran.log'), '');
    await writeFile(path.join(workspace, 'earlier.jsonl'), weights(11));
    await job({ mode: 'prepare', shards: '2', 'weights-from': 'earlier.jsonl' }, { GITHUB_RUN_ATTEMPT: '2' });
    for (const shard of ['1', '2']) await job({ mode: 'shard', shard }, { GITHUB_RUN_ATTEMPT: '2' });
    await expect(readFile(path.join(workspace, 'ran.log'), 'utf8')).resolves.toBe('');
    const merge = await job({ mode: 'merge' }, { GITHUB_RUN_ATTEMPT: '2' });
    expect(merge.said.summary).toContain('12/12 done');
    expect(merge.result.outputs['goals-met']).toBe('true');
  });

  // The merge ran again a step the prepare job had run and failed (on_failure: continue): where it succeeded this
  // time, the fan-out step's list changed under it, and every item the shards had run was refused as "no shard left
  // no result for this item; re-run that shard job" (found by an adversarial pass).
  it('the merge runs no step the prepare job runs: one that failed there stays failed, and the shards’ items count', async () => {
    await writeFile(path.join(workspace, 'warm.sh'), `echo warm >> warm.log; if [ -e broken-warm ]; then echo 'cache down' >&2; exit 1; fi; printf '"warm"'`);
    await writeFile(
      path.join(workspace, 'plan.yml'),
      PLAN.replace('tools:\n', 'tools:\n  warm: { description: Warm the cache, command: [sh, warm.sh] }\n').replace(
        '  - { id: list, type: tool_call, tool: list, args: {} }',
        '  - { id: warm, type: tool_call, tool: warm, args: {}, on_failure: continue }\n  - { id: list, type: tool_call, tool: list, args: {}, depends_on: [{ step: warm, optional: true }] }',
      ),
    );
    await writeFile(path.join(workspace, 'broken-warm'), '');
    expect((await job({ mode: 'prepare', shards: '2' })).result.outputs.status).toBe('succeeded');
    for (const shard of ['1', '2']) await job({ mode: 'shard', shard });
    expect(await ranItems()).toEqual(Array.from({ length: 12 }, (_, i) => i));
    await rm(path.join(workspace, 'broken-warm'));
    const merge = await job({ mode: 'merge' });
    expect(merge.said.summary).toContain('12/12 done');
    expect(merge.said.summary).toContain("step warm is not in the prepare job's state: it failed or was skipped there");
    expect(merge.result.outputs['goals-met']).toBe('true');
    await expect(readFile(path.join(workspace, 'warm.log'), 'utf8')).resolves.toBe('warm\n');
  });

  // Given the job's part, a used plan the prepare job ran had none of its steps in scope (none leads to a fan-out
  // step of its own): it completed ✅ with nothing run and no result, the merge ran it again, and every item the
  // shards had run failed there for want of a shard plan (found by an adversarial pass).
  it('a used plan the prepare job runs runs whole, once', async () => {
    await writeFile(path.join(workspace, 'setup.yml'), 'name: Setup\ntools:\n  build: { description: Build, command: [sh, build.sh] }\nworkflow_sequence:\n  - { id: build, type: tool_call, tool: build, args: {} }\n');
    await writeFile(path.join(workspace, 'build.sh'), `echo built >> built.log; printf '"built"'`);
    await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('  - { id: list, type: tool_call, tool: list, args: {} }', '  - { id: setup, type: plan, uses: setup.yml }\n  - { id: list, type: tool_call, tool: list, args: {}, depends_on: [setup] }'));
    const prepare = await job({ mode: 'prepare', shards: '2' });
    expect(prepare.said.summary).toContain('✅ build. build → built');
    await expect(readFile(path.join(workspace, 'built.log'), 'utf8')).resolves.toBe('built\n');
    for (const shard of ['1', '2']) await job({ mode: 'shard', shard });
    const merge = await job({ mode: 'merge' });
    expect(merge.result.outputs['goals-met']).toBe('true');
    expect(merge.said.summary).toContain('✅ **setup. plan** · reused → built');
    expect(merge.said.summary).toContain('12/12 done');
    await expect(readFile(path.join(workspace, 'built.log'), 'utf8')).resolves.toBe('built\n');
  });

  // A used plan the prepare job ran, one of whose steps failed under on_failure: continue, completed there (the
  // prepare job succeeded), but was not in the state the shards and merge read (a resume runs such a step again):
  // every shard and the merge failed it as "failed or was skipped there", ran no item, and re-running all jobs
  // met the same (found by an adversarial pass).
  it('a used plan the prepare job completed with a step failed under on_failure: continue is taken as it stands', async () => {
    await writeFile(path.join(workspace, 'setup.yml'), 'name: Setup\ntools:\n  build: { description: Build, command: [sh, build.sh] }\n  warm: { description: Warm, command: [sh, warm.sh] }\nworkflow_sequence:\n  - { id: warm, type: tool_call, tool: warm, args: {}, on_failure: continue }\n  - { id: build, type: tool_call, tool: build, args: {}, depends_on: [] }\n');
    await writeFile(path.join(workspace, 'warm.sh'), `echo warm >> warm.log; echo 'cache down' >&2; exit 1`);
    await writeFile(path.join(workspace, 'build.sh'), `echo built >> built.log; printf '"built"'`);
    await writeFile(
      path.join(workspace, 'plan.yml'),
      PLAN.replace('  - { id: list, type: tool_call, tool: list, args: {} }', '  - { id: setup, type: plan, uses: setup.yml }\n  - { id: list, type: tool_call, tool: list, args: {}, depends_on: [setup] }').replace('goals:\n', 'goals:\n  - { name: all done, all_steps_completed: true, severity: warning }\n'),
    );
    expect((await job({ mode: 'prepare', shards: '2' })).result.outputs.status).toBe('succeeded');
    for (const shard of ['1', '2']) expect((await job({ mode: 'shard', shard })).result.outputs.status).toBe('succeeded');
    expect(await ranItems()).toEqual(Array.from({ length: 12 }, (_, i) => i));
    const merge = await job({ mode: 'merge' });
    expect(merge.said.summary).toContain('12/12 done');
    expect(merge.said.summary).not.toContain("not in the prepare job's state");
    expect(merge.result.outputs['goals-met']).toBe('true');
    // The used plan's failed step still counts against all_steps_completed, in the merge's goals.
    expect(merge.said.summary).toMatch(/all done \| warning \| unmet \(warning\) \| [^|]*setup\/warm \(failed in the plan step setup uses/);
    // And every view says so: the merge has no record of the used plan to show its ❌ (found by an adversarial pass).
    expect(merge.said.summary).toContain('4/4 complete, 0 failed, 1 left undone in the run resumed');
    expect(merge.said.summary).toContain('✅ **setup. plan** · reused → built — left undone in the run resumed: setup/warm (failed in the plan step setup uses');
    expect(merge.said.log).toContainEqual(expect.stringMatching(/^✅ setup\. plan \(reused\) → built — left undone in the run resumed: setup\/warm \(failed/));
    // Neither the shards nor the merge ran the prepare job's used plan again.
    await expect(readFile(path.join(workspace, 'built.log'), 'utf8')).resolves.toBe('built\n');
    await expect(readFile(path.join(workspace, 'warm.log'), 'utf8')).resolves.toBe('warm\n');
  });

  // Read whole, a trace given as resume-from to a merge completed every item (another run-key's whole run: a merge
  // with a failed item passed 12/12), and one given to a shard replaced the prepare job's shard plan (another
  // fan-out's prepare over 3 shards: shard 1 of 2 ran items 0, 3, 6, 9) (found by an adversarial pass).
  it('a trace given as resume-from to a shard or merge job is read as that job\'s own earlier state', async () => {
    await allDone();
    const whole = await job({ 'run-key': 'other' });
    const other = await job({ mode: 'prepare', shards: '3', 'run-key': 'other' });
    await writeFile(path.join(workspace, 'ran.log'), '');
    await job({ mode: 'prepare', shards: '2' });
    await writeFile(path.join(workspace, 'broken-1'), '');
    await job({ mode: 'shard', shard: '1', 'resume-from': path.relative(workspace, other.result.outputs.trace!) });
    expect(await ranItems()).toEqual([0, 2, 4, 6, 8, 10]);
    await job({ mode: 'shard', shard: '2' });
    const merge = await job({ mode: 'merge', 'resume-from': path.relative(workspace, whole.result.outputs.trace!) });
    expect(merge.result.outputs.status).toBe('goals-unmet');
    expect(merge.said.summary).toContain('11/12 done, 1 failed');
  });

  it('refuses a shard job with no prepare state, and a plan without fan_out, saying what to do', async () => {
    const given: Record<string, string> = { plan: 'plan.yml', mode: 'shard', shard: '1' };
    const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace });
    expect(read).toEqual({ ok: false, problems: [expect.stringContaining("input 'prepared': mode: shard needs it — the prepare job's state, prepared: ${{ needs.prepare.outputs.prepared }} (with needs: prepare), and the prepare job must pass it on: outputs: { prepared:")] });
    await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('fan_out: true, ', ''));
    const prepare = await job({ mode: 'prepare', shards: '2' });
    expect(prepare.result.outputs.status).toBe('failed');
    expect(prepare.said.summary).toContain('this plan has no step with fan_out: true');
  });

  // run-key tells apart jobs that run the same plan; a key per shard split one fan-out into many.
  it('a fan-out shares one run-key across its jobs: a shard with another key finds no prepare state and says why', async () => {
    const prepare = await job({ mode: 'prepare', shards: '2', 'run-key': 'linux' });
    expect(prepare.result.outputs.status).toBe('succeeded');
    const wrong = await job({ mode: 'shard', shard: '1', 'run-key': '0', prepared: prepare.result.outputs.prepared! });
    expect(wrong.result.failure).toContain('with run-key "0" in this workflow run');
    expect(wrong.result.failure).toContain('the shard and merge jobs give the same run-key as their prepare job, never one per shard');
    const right = await job({ mode: 'shard', shard: '1', 'run-key': 'linux' });
    expect(right.result.failure).toBeUndefined();
  });

  it('refuses to fan out a plan that may pause for approval, before any item runs', async () => {
    // approval: side-effects pauses before a tool with side effects: the plan's check tool is one here.
    await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('name: Checks\n', 'name: Checks\napproval: side-effects\n').replace('command: [sh, check.sh],', 'command: [sh, check.sh], side_effects: true,'));
    const prepare = await job({ mode: 'prepare', shards: '2' });
    expect(prepare.result.outputs.status).toBe('failed');
    expect(prepare.said.summary).toContain('cannot pause for approval midway (approval: side-effects, and it may call check, a tool with side effects)');
    await expect(readFile(path.join(workspace, 'ran.log'), 'utf8')).rejects.toThrow();
  });

  it('refuses to fan out a plan whose used plan may pause for approval', async () => {
    await writeFile(path.join(workspace, 'inner.yml'), 'name: Inner\napproval: plan\ntoolsets: [math]\nworkflow_sequence:\n  - { id: one, type: tool_call, tool: add, args: { a: 1, b: 1 } }\n');
    await writeFile(path.join(workspace, 'plan.yml'), `${PLAN.replace('goals:\n', '  - { id: inner, type: plan, uses: inner.yml, depends_on: [] }\ngoals:\n')}`);
    const prepare = await job({ mode: 'prepare', shards: '2' });
    expect(prepare.result.outputs.status).toBe('failed');
    expect(prepare.said.summary).toContain('cannot pause for approval midway');
    await expect(readFile(path.join(workspace, 'ran.log'), 'utf8')).rejects.toThrow();
  });

  // A hand-written matrix with more shards than the prepare job's passed, saved `shard-5` and said "Shard 5 of 2";
  // the merge never read it (found by a review).
  it('refuses a shard number the prepare job assigned no items to', async () => {
    await job({ mode: 'prepare', shards: '2' });
    const beyond = await job({ mode: 'shard', shard: '5' });
    expect(beyond.result.failure).toContain('mode shard: shard 5 is not one of the 2 the prepare job assigned items to');
  });

  // A hand-written matrix that ran shard 1 twice: the second shard's state was saved aside, and both its warning and
  // the merge's refusal told the user to give each job its own run-key, a matrix value such as `${{ matrix.node }}`,
  // which splits the fan-out (the shard and merge jobs must give the prepare job's run-key) (found by an adversarial pass).
  it('a shard run twice in one attempt is told as such: the matrix is the prepare job’s, and run-key is one per fan-out', async () => {
    await job({ mode: 'prepare', shards: '2' });
    await job({ mode: 'shard', shard: '1' });
    const twice = await job({ mode: 'shard', shard: '1' });
    await job({ mode: 'shard', shard: '2' });
    const merge = await job({ mode: 'merge' });
    for (const said of [twice.said.warnings.join('\n'), merge.result.failure!]) {
      expect(said).toContain('strategy.matrix: ${{ fromJSON(needs.prepare.outputs.matrix) }}');
      expect(said).toContain('the same in all three, never one per shard');
      expect(said).not.toContain('matrix.node');
    }
  });

  it('checks shards and shard against the mode', async () => {
    const read = (given: Record<string, string>) => readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace });
    expect(await read({ mode: 'prepare' })).toEqual({ ok: false, problems: [expect.stringContaining("input 'shards': mode: prepare needs it")] });
    expect(await read({ mode: 'shard', shards: '4' })).toEqual({
      ok: false,
      problems: [expect.stringContaining("input 'shards': only mode: prepare takes it"), expect.stringContaining("input 'shard': mode: shard needs it"), expect.stringContaining("input 'prepared': mode: shard needs it")],
    });
    expect(await read({ mode: 'prepare', shards: '0' })).toEqual({ ok: false, problems: ["input 'shards': expected a whole number from 1 to 256"] });
    expect(await read({ mode: 'prepare', shards: '2', prepared: '7' })).toEqual({ ok: false, problems: [expect.stringContaining("input 'prepared': only mode: shard and mode: merge take it")] });
    expect(await read({ mode: 'merge', prepared: 'abc' })).toEqual({ ok: false, problems: [expect.stringMatching(/^input 'prepared': expected a decimal number, got "abc": the prepare job's prepared output, .*write prepared: \$\{\{ needs\.prepare\.outputs\.prepared \}\}$/)] });
    expect(await read({ mode: 'merge', prepared: '0' })).toEqual({ ok: false, problems: [expect.stringContaining("input 'prepared': expected the prepare job's prepared output")] });
  });
});

// A prepare job whose state could not be saved failed, but its `status` output said succeeded: a
// later step reading it went on as if the shards could start (found by a review).
describe('a prepare job whose state is lost', () => {
  it('fails, and its status output says failed', async () => {
    const save = store.save.bind(store);
    store.save = () => Promise.reject(new Error('the artifact service is down'));
    try {
      const prepare = await job({ mode: 'prepare', shards: '3' });
      expect(prepare.result.failure).toContain("this job's state could not be saved");
      expect(prepare.result.outputs.status).toBe('failed');
    } finally {
      store.save = save;
    }
  });
});
