import type { StepWeights } from './start-order.ts';

/** Which shard (1 to `shards`) runs each item of a fan-out step, by item index. */
export type ShardAssignment = readonly number[];

/**
 * Spreads the items of a fan-out step (their child keys, in input order) over `shards` shards,
 * deterministically: by index (item i to shard i mod N + 1) when no duration is known; otherwise
 * longest item first to the least-loaded shard (ties: the lower index; the shard with fewer items, then
 * the lower shard), with an item of unknown duration counted at the mean of the known ones. The same
 * keys, count and weights always give the same assignment, so a re-run shard takes the same items.
 */
export function assignShards(keys: readonly string[], shards: number, weights?: StepWeights): ShardAssignment {
  if (!Number.isInteger(shards) || shards < 1) throw new RangeError(`shards must be a whole number of at least 1, got ${shards}`);
  const known = keys.map((key) => weights?.get(key)).filter((weight): weight is number => weight !== undefined);
  if (known.length === 0) return keys.map((_, index) => (index % shards) + 1);
  const mean = known.reduce((sum, weight) => sum + weight, 0) / known.length;
  const order = keys.map((key, index) => ({ index, weight: weights?.get(key) ?? mean }));
  order.sort((a, b) => b.weight - a.weight || a.index - b.index);
  const load = new Array<number>(shards).fill(0);
  // By count where loads tie: items of 0 ms (a merge's trace of an older plan-runner gave that to the items a dead shard left, and the
  // mean of those to every other) added nothing to shard 1's load, and all 8 items of 4 shards went to it (found by a hunting pass).
  const count = new Array<number>(shards).fill(0);
  const assignment = new Array<number>(keys.length).fill(0);
  for (const { index, weight } of order) {
    let lightest = 0;
    for (let shard = 1; shard < shards; shard++) if (load[shard]! < load[lightest]! || (load[shard] === load[lightest] && count[shard]! < count[lightest]!)) lightest = shard;
    load[lightest]! += weight;
    count[lightest]! += 1;
    assignment[index] = lightest + 1;
  }
  return assignment;
}
