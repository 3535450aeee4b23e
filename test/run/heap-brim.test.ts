import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const watch = JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../src/run/heap-watch.ts')).href);

// Found on a loaded machine: the old generation went from 33 to 63 MB of 64 between two of V8's full collections,
// whose reports the guard waited for, and V8 ended the CLI with nothing written. Here the loop never waits, so no
// report ever arrives: only a read of the heap at its brim can stop it before V8 does.
it('finds the heap nearly full between V8’s reports of its collections, before V8 ends the process', () => {
  const script = `
    import { heapNearlyFull } from ${watch};
    const kept = [];
    for (let i = 0; i < 10_000; i++) {
      const full = heapNearlyFull();
      if (full) {
        console.log(JSON.stringify({ items: i, usedMb: Math.round(full.usedBytes / 1048576), limitMb: full.limitBytes / 1048576 }));
        process.exit(0);
      }
      kept.push(new Array(25_000).fill(i));
    }
    console.log('never full');`;
  const run = spawnSync(process.execPath, ['--max-old-space-size=64', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  expect(run.stderr).not.toContain('heap out of memory');
  expect(run.status).toBe(0);
  const found = JSON.parse(run.stdout) as { items: number; usedMb: number; limitMb: number };
  expect(found.limitMb).toBe(64);
  expect(found.usedMb).toBeGreaterThanOrEqual(51);
  expect(found.items).toBeGreaterThan(100);
});
