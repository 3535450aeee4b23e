// Fails the build when ncc emitted anything but the bundles: `node scripts/check-dist-files.ts dist dist/cli`.
//
// Why: ncc's asset relocator reads `path.resolve(dir, \`${name}…\`)` beside an fs call as a glob of files the
// code needs, and copies what matches into the bundle's folder: a `path.resolve(cwd, \`${program}${ending}\`)`
// once put the whole repository (node_modules included, 958 files) under dist/cli/main, and the rebuild
// check of CI cannot see it, as the copy is committed with the rest.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { BESIDE_BUNDLES } from './beside-bundles.ts';

const BESIDE = BESIDE_BUNDLES.map((file) => file.name);
/** What a bundle folder may hold besides its `.js` chunks. */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  dist: ['package.json', 'licenses.txt', 'build-inputs.sha256', 'cli', ...BESIDE],
  'dist/cli': ['package.json', ...BESIDE],
};

const dirs = process.argv.slice(2);
const unexpected: string[] = [];
for (const dir of dirs) {
  const allowed = EXPECTED[path.normalize(dir)] ?? [];
  for (const entry of await readdir(dir)) if (!entry.endsWith('.js') && !allowed.includes(entry)) unexpected.push(path.join(dir, entry));
}
if (unexpected.length > 0) {
  console.error(`check-dist-files: ncc emitted what is no bundle: ${unexpected.join(', ')}. Find the path it read as an asset (a path.resolve or a file read of a computed name in src/) and build that path another way.`);
  process.exit(1);
}
