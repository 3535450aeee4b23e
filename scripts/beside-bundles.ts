// Files `npm run build` puts beside each bundle, which the bundles load at run time rather than hold:
// `node scripts/beside-bundles.ts dist dist/cli`. check-dist-files.ts allows them, bundle-licenses.ts
// lists their packages' licenses, and the tests' own builds (test/e2e/action-bundle.ts) copy them too.
//
// Why: V8 compiles the whole of a bundle at every start, the code no run calls included. re2js (264 KB,
// the linear-time regex engine) is needed only once a pattern is compiled, synchronously, inside checks
// that cannot wait for an `import()` chunk; src/core/linear-regex.ts `require`s this copy then.
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { RE2JS_BESIDE_BUNDLE } from '../src/core/regex-engine-file.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A file beside the bundles: its name there, where it is copied from, and the package whose license covers it. */
export interface BesideBundle {
  readonly name: string;
  readonly from: string;
  readonly packageFolder: string;
}

export const BESIDE_BUNDLES: readonly BesideBundle[] = [
  { name: RE2JS_BESIDE_BUNDLE, from: 'node_modules/re2js/build/index.cjs', packageFolder: 'node_modules/re2js' },
];

/** Copies every file of BESIDE_BUNDLES into `dir`, a bundle's folder; `root` is the repository they are copied from. */
export async function copyBesideBundle(dir: string, root = ROOT): Promise<void> {
  for (const file of BESIDE_BUNDLES) await copyFile(path.join(root, file.from), path.join(dir, file.name));
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/beside-bundles.ts DIR...');
    process.exit(2);
  }
  for (const dir of dirs) await copyBesideBundle(dir);
}
