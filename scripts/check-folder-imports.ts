// Prints the import graph between the folders of src/ and exits 1 on a cycle between folders
// that is not in ALLOWED below: `node scripts/check-folder-imports.ts [src-dir]`.
// Shared types live in src/core/ (a leaf), so a new cycle usually means a type wants to move there.
import path from 'node:path';
import { cycles, folderGraph, twoWayPairs } from './folder-graph.ts';

/** Folder pairs that may import each other both ways (at most 2; each with the reason). */
const ALLOWED: readonly (readonly [string, string])[] = [];

if (ALLOWED.length > 2) throw new Error('at most 2 folder pairs may import each other both ways');

const srcDir = path.resolve(process.argv[2] ?? 'src');
const graph = folderGraph(srcDir);
for (const [from, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${from} -> ${[...targets.keys()].sort().join(', ') || '(nothing)'}`);
}
const pairs = twoWayPairs(graph);
console.log(`\nfolder pairs importing each other both ways: ${pairs.length}${pairs.length ? ` (${pairs.map((pair) => pair.join('<->')).join(', ')})` : ''}`);

const found = cycles(graph, ALLOWED);
if (found.length > 0) {
  console.error(`\n${found.length} import cycle${found.length === 1 ? '' : 's'} between folders of ${path.relative(process.cwd(), srcDir) || '.'}:`);
  for (const cycle of found) {
    console.error(`  among ${cycle.folders.join(', ')}; for example ${cycle.path.join(' -> ')}:`);
    for (let i = 0; i + 1 < cycle.path.length; i++) console.error(`    ${graph.get(cycle.path[i]!)!.get(cycle.path[i + 1]!)}`);
  }
  console.error('\nMove what both folders need into src/core/ (or to the folder that owns it), or inject it; see README "Architecture".');
  process.exit(1);
}
