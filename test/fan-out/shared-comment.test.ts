import { createHash } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/core/clock.ts';
import type { PlanSnapshot, RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { MAX_ITEMS_CEILING } from '../../src/core/run-event.ts';
import type { CommentApi, OwnComment } from '../../src/report/comment/comment-api.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { createCommentUpdater, VERIFY_ROUNDS } from '../../src/report/comment/comment-updater.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { bodyHolds, drawShared, holdsState, mergeSharedStates, readSharedState, sharedStateBlock, sharedStateOf, STATE_BLOCK_MAX_CHARS } from '../../src/report/comment/shared-comment-state.ts';

const asIs = (text: string): string => text;
const marker = commentMarker('plan.yml');
const PLAN: PlanSnapshot = {
  name: 'Checks',
  revision: 1,
  steps: [
    { key: 'list', id: 'list', type: 'tool_call', description: 'List', tool: 'list', inputs: [], dependsOn: [] },
    { key: 'check', id: 'check', type: 'tool_call', description: 'Check', tool: 'check', inputs: [], dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail', fanOut: true } },
  ],
};
const KEYS = ['check[0]', 'check[1]', 'check[2]', 'check[3]'];

/** The events of shard `shard` of 2 over 4 items (items 0 and 2, or 1 and 3), up to `done` items. */
function shardEvents(shard: 1 | 2, done = 2): RunEvent[] {
  const mine = [shard - 1, shard + 1].slice(0, done);
  return [
    { type: 'plan_created', at: 0, plan: PLAN },
    { type: 'step_started', at: 1, stepKey: 'list' },
    { type: 'step_completed', at: 1, stepKey: 'list', result: [0, 1, 2, 3], durationMs: 0, usage: NO_USAGE, reused: { usage: NO_USAGE } },
    { type: 'step_started', at: 2, stepKey: 'check' },
    { type: 'step_expanded', at: 2, stepKey: 'check', keys: KEYS },
    ...mine.flatMap((index): RunEvent[] => [
      { type: 'item_started', at: 3, stepKey: 'check', index },
      { type: 'item_completed', at: 4, stepKey: 'check', index, result: `ok ${index}`, durationMs: 1, usage: NO_USAGE },
    ]),
  ];
}

const recordOf = (events: RunEvent[]): RunRecord => events.reduce(applyEvent, newRunRecord());
const itemsOf = (body: string | undefined): string | undefined => readSharedState(body)?.steps['check']?.i;

describe('the shared comment state', () => {
  it('merges per step and per item to the further state, never back', () => {
    const one = sharedStateOf(recordOf(shardEvents(1)), asIs);
    const two = sharedStateOf(recordOf(shardEvents(2)), asIs);
    expect(one.steps['check']).toEqual({ s: 'in_progress', i: 'cpcp' });
    const merged = mergeSharedStates(one, two);
    expect(merged.steps['check']).toEqual({ s: 'in_progress', i: 'cccc' });
    // A stale writer (shard 1 before any item) merged in again moves nothing back.
    expect(mergeSharedStates(sharedStateOf(recordOf(shardEvents(1, 0)), asIs), merged)).toEqual(merged);
    expect(mergeSharedStates(merged, sharedStateOf(recordOf(shardEvents(1, 0)), asIs))).toEqual(merged);
  });

  // Found by an adversarial pass: a re-run (attempt 2) whose items all failed merged attempt 1's ✅ over them,
  // as "completed" outranks "failed", and the comment showed 6/6 done while both shards failed.
  it('does not merge an earlier attempt of the run: a re-run shows its own states', () => {
    const failed = (shard: 1 | 2): RunEvent[] => shardEvents(shard, 0).concat([shard - 1, shard + 1].flatMap((index): RunEvent[] => [
      { type: 'item_started', at: 3, stepKey: 'check', index },
      { type: 'item_failed', at: 4, stepKey: 'check', index, error: 'broken', transient: false, durationMs: 1, usage: NO_USAGE },
    ]));
    const body = (block: string): string => `${marker}\nbody${block}`;
    const first = drawShared(recordOf(shardEvents(1)), undefined, asIs, false, 77, 1);
    const firstBoth = drawShared(recordOf(shardEvents(2)), body(first.block), asIs, false, 77, 1);
    expect(readSharedState(body(firstBoth.block), 77)?.steps['check']?.i).toBe('cccc');
    const rerun = drawShared(recordOf(failed(1)), body(firstBoth.block), asIs, false, 77, 2);
    const shown = readSharedState(body(rerun.block), 77, 2);
    expect(shown?.steps['check']?.i).toBe('fpfp');
    expect(shown?.attempt).toBe(2);
    // Within one attempt the writers still merge.
    const both = drawShared(recordOf(failed(2)), body(rerun.block), asIs, false, 77, 2);
    expect(readSharedState(body(both.block), 77, 2)?.steps['check']?.i).toBe('ffff');
    expect(readSharedState(body(both.block), 77, 1)).toBeUndefined();
  });

  it('reads back what it wrote, and ignores a block that is not one', () => {
    const state = sharedStateOf(recordOf(shardEvents(1)), asIs);
    expect(readSharedState(`${marker}\nbody${sharedStateBlock(state)}`)).toEqual(state);
    expect(readSharedState(`${marker}\n<!-- plan-runner-state: not base64 json -->`)).toBeUndefined();
    const forged = Buffer.from(JSON.stringify({ steps: { check: { s: 'completed', i: '<img>' } } })).toString('base64');
    expect(readSharedState(`<!-- plan-runner-state: ${forged} -->`)).toEqual({ steps: {} });
  });

  it('carries 100,000 items in any order in a block a comment holds, and still reads a block as earlier versions wrote it', () => {
    // Mid-run, the shards' items interleave (round-robin assignment), and states vary item by item.
    // Letters from hashes: an LCG in floating point (`seed * 1_103_515_245`) lost its low bits and cycled
    // soon, and its 100,000 letters deflated to 8,894 characters where random ones take 50,700.
    const bytes = Buffer.concat(Array.from({ length: 100_000 / 32 }, (_, n) => createHash('sha256').update(String(n)).digest()));
    const random = [...bytes].map((byte) => 'pwrcfs'[byte % 6]).join('');
    for (const letters of ['cp'.repeat(50_000), random]) {
      const state = { steps: { check: { s: 'in_progress' as const, i: letters } }, run: 7 };
      const block = sharedStateBlock(state);
      // Room is left for the checklist (a comment takes 65,536 characters).
      expect(block.length).toBeLessThan(52_000);
      expect(readSharedState(`${marker}\nbody${block}`, 7)).toEqual(state);
    }
    const plain = Buffer.from(JSON.stringify({ steps: { check: { s: 'in_progress', i: 'cccfp' } } })).toString('base64');
    expect(readSharedState(`<!-- plan-runner-state: ${plain} -->`)?.steps['check']?.i).toBe('cccfp');
    // A block that inflates past its bound is not read.
    const bomb = `z${deflateRawSync(JSON.stringify({ steps: { check: { s: 'completed', i: 'c'.repeat(5 * 1024 * 1024) } } })).toString('base64')}`;
    expect(readSharedState(`<!-- plan-runner-state: ${bomb} -->`)).toBeUndefined();
    // Nor the items of a step that has more than a for_each may expand into: 4 million letters (5 KB deflated) cost
    // 7 s and 560 MB at each write that read them. As many as it may is read.
    const letters = (count: number) => `z${deflateRawSync(JSON.stringify({ steps: { check: { s: 'in_progress', i: 'c'.repeat(count) }, list: { s: 'completed' } } })).toString('base64')}`;
    expect(readSharedState(`<!-- plan-runner-state: ${letters(MAX_ITEMS_CEILING + 1)} -->`)?.steps).toEqual({ list: { s: 'completed' } });
    expect(readSharedState(`<!-- plan-runner-state: ${letters(MAX_ITEMS_CEILING)} -->`)?.steps['check']?.i).toHaveLength(MAX_ITEMS_CEILING);
    // A state named after what every object inherits is none: `toString` was drawn as its function's source.
    const inherited = Buffer.from(JSON.stringify({ steps: { a: { s: 'toString' }, b: { s: 'constructor' }, c: { s: 'failed' } } })).toString('base64');
    expect(readSharedState(`<!-- plan-runner-state: ${inherited} -->`)?.steps).toEqual({ c: { s: 'failed' } });
  });

  // Found by a review: 500 steps of 200 characters of text that does not compress made a block of 104,000
  // characters; the comment's last-resort cut took it off the end of the body, and every writer lost the others' states.
  it('keeps a block to half a comment when status texts would make it longer: failures\' texts first, every state kept', () => {
    // Hashes: 200 characters that deflate to no less than 100 bytes.
    const noise = (n: number) => [0, 1, 2, 3].map((k) => createHash('sha256').update(`${n}:${k}`).digest('hex')).join('').slice(0, 200);
    const steps = Object.fromEntries(Array.from({ length: 1000 }, (_, n) => [`s${n}`, { s: n % 100 === 99 ? ('failed' as const) : ('completed' as const), t: noise(n) }]));
    const state = { steps, run: 7 };
    const block = sharedStateBlock(state);
    expect(block.length).toBeLessThan(STATE_BLOCK_MAX_CHARS + 64);
    const read = readSharedState(`${marker}\nbody${block}`, 7)!;
    expect(Object.keys(read.steps)).toEqual(Object.keys(steps));
    expect(Object.values(read.steps).map((step) => step.s)).toEqual(Object.values(steps).map((step) => step.s));
    // All 10 failures keep their text; the results fill what room is left, in step order.
    expect(Object.entries(read.steps).filter(([, step]) => step.s === 'failed').map(([key, step]) => step.t === steps[key]!.t)).toEqual(Array(10).fill(true));
    const kept = Object.entries(read.steps).filter(([, step]) => step.s === 'completed' && step.t !== undefined);
    expect(kept.length).toBeGreaterThan(50);
    expect(kept.map(([key]) => key)).toEqual(Object.keys(steps).filter((key) => !key.endsWith('99')).slice(0, kept.length));
    // The block written holds what its writer knew: no write again and again for texts it has no room for.
    expect(holdsState(read, state)).toBe(true);
    expect(holdsState(read, { ...state, steps: { ...steps, s1000: { s: 'failed', t: 'broke' } } })).toBe(false);
    // A state that fits is carried whole.
    const small = { steps: { a: { s: 'completed' as const, t: noise(0) } }, run: 7 };
    expect(readSharedState(`${marker}\nbody${sharedStateBlock(small)}`, 7)).toEqual(small);
  });

  it('draws nothing from an earlier workflow run\'s block: its items are not this run\'s (a new push reuses the comment)', () => {
    // The run for the previous commit finished all 4 items; this run's shard 1 has done none yet.
    const earlierRun = `${marker}\nold${sharedStateBlock({ ...sharedStateOf(recordOf([...shardEvents(1), ...shardEvents(2).slice(5)]), asIs), run: 100 })}`;
    expect(readSharedState(earlierRun, 100)?.steps['check']?.i).toBe('cccc');
    const drawn = drawShared(recordOf(shardEvents(1, 0)), earlierRun, asIs, false, 200);
    expect(renderComment(drawn.record, { marker, redact: asIs })).not.toContain('4/4 done');
    expect(readSharedState(`${marker}${drawn.block}`, 200)?.steps['check']?.i).toBe('pppp');
    expect(bodyHolds(recordOf(shardEvents(1, 0)), earlierRun, asIs, 200)).toBe(false);
    // The same workflow run (another job, a later attempt) is merged as before.
    expect(renderComment(drawShared(recordOf(shardEvents(1, 0)), earlierRun, asIs, false, 100).record, { marker, redact: asIs })).toContain('4/4 done');
  });

  it('draws the other writers’ items into the comment: 4/4 done', () => {
    const other = `${marker}\nold${sharedStateBlock(sharedStateOf(recordOf(shardEvents(2)), asIs))}`;
    const drawn = drawShared(recordOf(shardEvents(1)), other, asIs);
    expect(renderComment(drawn.record, { marker, redact: asIs })).toContain('Check — 4/4 done');
    expect(bodyHolds(recordOf(shardEvents(1)), `${marker}${drawn.block}`, asIs)).toBe(true);
    expect(bodyHolds(recordOf(shardEvents(1)), other, asIs)).toBe(false);
  });
});

/** Virtual time: a sleep returns at once and moves the clock on. */
class VirtualClock implements Clock {
  time = 0;
  now(): number {
    return this.time;
  }
  async sleep(ms: number): Promise<void> {
    this.time += Math.max(0, ms);
    await Promise.resolve();
  }
}

/**
 * One comment on a pull request that two writers share. `interleave` holds every read until both
 * writers have read, so both render over the same body and the second write overwrites the first.
 */
function sharedThread(interleave: number) {
  const comments = new Map<number, string>();
  let nextId = 1;
  let waiting: Array<() => void> = [];
  let held = 0;
  const writes: string[] = [];
  let after: (() => void) | undefined;
  const wrote = (): void => {
    const hook = after;
    after = undefined;
    hook?.();
  };
  const api = (who: string): CommentApi => ({
    async listOwn(prefix): Promise<OwnComment[]> {
      const snapshot = [...comments].filter(([, body]) => body.startsWith(prefix)).map(([id, body]) => ({ id, body }));
      if (held < interleave) {
        held += 1;
        // The first reads wait for each other: both writers now hold the same stale body.
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === 2) {
            for (const release of waiting) release();
            waiting = [];
          }
        });
      }
      return snapshot;
    },
    async read(id) {
      return comments.get(id);
    },
    async create(body) {
      writes.push(who);
      comments.set(nextId, body);
      wrote();
      return { id: nextId++ };
    },
    async update(id, body) {
      writes.push(who);
      comments.set(id, body);
      wrote();
    },
    async remove(id) {
      comments.delete(id);
    },
  });
  return { comments, api, writes, afterNextWrite: (hook: () => void) => (after = hook) };
}

function writer(thread: ReturnType<typeof sharedThread>, who: string) {
  return createCommentUpdater({
    api: thread.api(who),
    marker,
    render: (record, goals, current) => {
      const drawn = drawShared(record, current, asIs);
      return `${renderComment(drawn.record, { marker, redact: asIs, ...(goals ? { goals } : {}) })}${drawn.block}`;
    },
    shared: { holds: (record, current) => bodyHolds(record, current, asIs) },
    warn: (message) => {
      throw new Error(message);
    },
    clock: new VirtualClock(),
  });
}

describe('two shard jobs writing one comment at the same moment', () => {
  it('ends with one comment holding every shard’s items, though both read before either wrote (two creates)', async () => {
    const thread = sharedThread(4);
    const one = writer(thread, 'shard 1');
    const two = writer(thread, 'shard 2');
    for (const event of shardEvents(1)) one.listener(event);
    for (const event of shardEvents(2)) two.listener(event);
    await Promise.all([one.finish(), two.finish()]);
    expect(thread.comments.size).toBe(1);
    const [body] = thread.comments.values();
    expect(itemsOf(body)).toBe('cccc');
    expect(body).toContain('Check — 4/4 done');
    // Each writer wrote at most: one create or update, plus one per verification round.
    const count = (who: string) => thread.writes.filter((w) => w === who).length;
    expect(count('shard 1') + count('shard 2')).toBeLessThanOrEqual(2 * (1 + VERIFY_ROUNDS));
  });

  it('writes again when a racing write lands right after its final one and drops its items', async () => {
    const thread = sharedThread(0);
    const one = writer(thread, 'shard 1');
    const events = shardEvents(1);
    for (const event of events.slice(0, -2)) one.listener(event);
    await one.flush();
    // The other job read the comment before shard 1's last write and writes over it, without shard 1's items.
    const stale = `${marker}\nstale${sharedStateBlock(sharedStateOf(recordOf(shardEvents(2)), asIs))}`;
    thread.afterNextWrite(() => thread.comments.set(1, stale));
    for (const event of events.slice(-2)) one.listener(event);
    await one.finish();
    expect(itemsOf(thread.comments.get(1))).toBe('cccc');
    expect(thread.writes.filter((who) => who === 'shard 1').length).toBe(3);
  });
});
