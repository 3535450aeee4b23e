// `npm run bench`: prints every benchmark as a table; nothing is asserted (tests assert behaviour).
// Node 24 strips types, so the sections are plain .ts files imported directly.
import { existsSync } from 'node:fs';
import { formatTable, tableOfRecords } from './bench-table.ts';
import { fanOutSpeedUp } from './fan-out.ts';
import { forEachOverhead } from './for-each-overhead.ts';
import { hostileSchema } from './hostile-schema.ts';
import { hostileText } from './hostile-text.ts';
import { makespanVsBound } from './makespan.ts';
import { listenerOverhead } from './listener-overhead.ts';
import { endToEnd } from './end-to-end.ts';
import { schedulerOverhead } from './scheduler-overhead.ts';
import { artifactLoad, startUp } from './start-up.ts';
import { stateCost } from './state-cost.ts';
import { validateScale } from './validate-scale.ts';
import { youngGeneration } from './young-generation.ts';

// Ratios within one run hold up on a busy machine far better than absolute times; say how busy it was.
const load = (await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`plan-runner bench on Node ${process.version}, ${new Date().toISOString()}, ${(await import('node:os')).availableParallelism()} CPUs, load average ${load}\n`);

console.log(formatTable(await schedulerOverhead()));
console.log(formatTable(await makespanVsBound()));

// ---- (3) Prompt tokens: dependency-scoped context vs full history (owned by the LLM engineer) ----
// Contract: bench/context-tokens.ts exports `contextTokens()`, resolving to a BenchTable or to an
// array of flat records (one row each).
const contextTokensFile = new URL('./context-tokens.ts', import.meta.url);
if (existsSync(contextTokensFile)) {
  const { contextTokens } = await import(contextTokensFile.href);
  const figures = await contextTokens();
  const title = '(3) Prompt tokens: dependency-scoped context vs full history';
  console.log(formatTable(Array.isArray(figures) ? tableOfRecords(title, figures) : figures));
} else {
  console.log('### (3) Prompt tokens\n\n(not yet: bench/context-tokens.ts does not exist)\n');
}

console.log(formatTable(await listenerOverhead()));
console.log(formatTable(await youngGeneration()));
console.log(formatTable(await forEachOverhead()));
console.log(formatTable(await endToEnd()));

console.log(formatTable(await startUp()));
console.log(formatTable(await artifactLoad()));
console.log(formatTable(await validateScale()));
console.log(formatTable(await stateCost()));
console.log(formatTable(await fanOutSpeedUp()));
console.log(formatTable(await hostileText()));
console.log(formatTable(hostileSchema()));
