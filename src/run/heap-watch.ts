import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How much of its JavaScript heap a process is using, in bytes. */
export interface HeapUse {
  readonly usedBytes: number;
  readonly limitBytes: number;
}

/**
 * The share of the heap past which no step or item starts. Past the limit V8 ends the process at
 * once, with no checklist, summary or trace written; the rest is kept for writing them.
 */
const HEAP_STOP_SHARE = 0.8;

/** NODE_OPTIONS's words as node reads them: split at spaces, a double-quoted word whole (`"--max-old-space-size=64"`), `\` escaping in it. */
function nodeOptionWords(options: string): string[] {
  return [...options.matchAll(/"((?:\\.|[^"\\])*)"|[^\s"]+/g)].map((word) => (word[1] === undefined ? word[0] : word[1].replace(/\\(.)/g, '$1')));
}

/** The heap size `--max-old-space-size` sets (NODE_OPTIONS or node's own arguments; the last one counts), in bytes. */
function oldSpaceFlag(): number | undefined {
  const words = [...nodeOptionWords(process.env['NODE_OPTIONS'] ?? ''), ...process.execArgv];
  let megabytes: number | undefined;
  for (const word of words) {
    const flag = /^--max[-_]old[-_]space[-_]size=(.*)$/.exec(word);
    const value = Number(flag?.[1]);
    if (flag && Number.isFinite(value) && value > 0) megabytes = value;
  }
  return megabytes === undefined ? undefined : megabytes * 1_048_576;
}

/**
 * This process's old generation (what outlives a few collections, and what V8 ends the process over
 * when it passes its limit) when a full collection leaves `HEAP_STOP_SHARE` of its limit in use, else
 * undefined; read before every step and item starts. The limit is `--max-old-space-size` when set, else
 * V8's `heap_size_limit`, which also holds the young generation's room (192 MB of 4,288 with node 24's
 * defaults on a 24 GB machine): a little above the true limit.
 *
 * The heap's use between collections is mostly garbage: a run of 40,000 items that ended well in 64 MB
 * had 52 MB in use. Collecting to find out each time the share was passed took that run from 4.7 to
 * 7.7 s; so V8's own full collections (which it makes before its old generation passes its limit) are
 * watched, and only one that left the share in use (as read once it is reported, a little later) is
 * confirmed by a full collection of our own (V8's `gc`, in a context of its own).
 */
export function heapNearlyFull(): HeapUse | undefined {
  const limitBytes = watchCollections();
  const reported = kept !== undefined && kept.usedBytes >= limitBytes * HEAP_STOP_SHARE;
  // The heap can fill between two of V8's full collections, or before the last one is reported (a loaded machine
  // delivers the report late, a run that never waits not at all): the old generation went from 33 to 63 MB of 64
  // in 330 ms, and V8 ended the run. So a heap at its brim is collected and read too; a read costs 0.3–1 µs.
  if (!reported && getHeapStatistics().used_heap_size < limitBytes * HEAP_BRIM_SHARE) return undefined;
  collectGarbage();
  kept = { usedBytes: oldGeneration(), limitBytes };
  return kept.usedBytes < limitBytes * HEAP_STOP_SHARE ? undefined : kept;
}

/** The share of the limit the whole heap (garbage and the young generation too) may hold before it is collected to be read. */
const HEAP_BRIM_SHARE = 0.95;

/** The old generation as V8's last full collection left it, as read when the collection was reported. */
let kept: HeapUse | undefined;
let watchedLimit: number | undefined;
let gc: (() => void) | null | undefined;

function oldGeneration(): number {
  let young = 0;
  for (const space of getHeapSpaceStatistics()) if (space.space_name === 'new_space' || space.space_name === 'new_large_object_space') young += space.space_used_size;
  return getHeapStatistics().used_heap_size - young;
}

/** Watches V8's full collections from the first call on; returns the heap's limit. */
function watchCollections(): number {
  if (watchedLimit !== undefined) return watchedLimit;
  const limitBytes = (watchedLimit = oldSpaceFlag() ?? getHeapStatistics().heap_size_limit);
  new PerformanceObserver((entries) => {
    if (entries.getEntries().some((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) kept = { usedBytes: oldGeneration(), limitBytes };
  }).observe({ entryTypes: ['gc'] });
  return limitBytes;
}

/** A full garbage collection, as `node --expose-gc`'s `gc()` makes one; nothing when V8 refuses the flag. */
function collectGarbage(): void {
  if (gc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
