import { expect, it } from 'vitest';
import { fanOutSpeedUp } from '../../bench/fan-out.ts';

// `npm run bench` is never part of the suite, and its fan-out section drives the action's prepare, shard and
// merge jobs: when the shard and merge jobs came to require the `prepared` input, the section failed and
// took the sections after it down with it, unnoticed. A small run keeps it working; nothing is timed.
it("bench section (10) runs prepare, the shards and merge as a workflow would, handing on the prepare job's state", async () => {
  const table = await fanOutSpeedUp({ items: 3, shards: 2, itemMs: 1, repeats: 1 });
  const row = (what: string) => table.rows.find((cells) => String(cells[0]).trim() === what);
  expect(row('fanned out, end to end')?.[1]).toBeGreaterThan(0);
  expect(row('artifact bytes moved per item (up + down)')?.[1]).toBeGreaterThan(0);
}, 60_000);
