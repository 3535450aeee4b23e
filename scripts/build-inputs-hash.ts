// The hash of everything `npm run build` builds dist/ from: src/, stubs/, the package and lock files
// and the tsconfigs. `npm run build` ends by writing it to dist/build-inputs.sha256 (`node
// scripts/build-inputs-hash.ts --write`); the tests run the committed dist/ while the sources still
// hash to it, and build bundles of their own otherwise (test/e2e/action-bundle.ts). CI rebuilds dist/
// and compares it with what is committed, this file included, so it cannot claim sources it was not
// built from.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The folders whose every file a build reads: the sources, and the modules tsconfig.json's `paths` puts in for packages. */
const BUILD_FOLDERS = ['src', 'stubs'];
/** What a build depends on besides those folders: the build command, the packages it bundles, the compiler options. */
const BUILD_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/ascii-bundle.ts', 'scripts/bundle-licenses.ts', 'scripts/beside-bundles.ts'];
/** Where `npm run build` records the hash of the inputs it built dist/ from. */
const DIST_HASH_FILE = path.join(ROOT, 'dist', 'build-inputs.sha256');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)).sort();
}

/** A sha256 over every build input's path (with `/` separators) and bytes, in the repository at `root`. */
export async function buildInputsHash(root = ROOT): Promise<string> {
  const hash = createHash('sha256');
  const folders = await Promise.all(BUILD_FOLDERS.map((folder) => filesUnder(path.join(root, folder))));
  for (const file of [...folders.flat(), ...BUILD_INPUTS.map((name) => path.join(root, name))]) {
    hash.update(path.relative(root, file).split(path.sep).join('/')).update('\0');
    if (existsSync(file)) hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hash dist/ was built from, or undefined when `npm run build` has not recorded one. */
export async function distBuildInputsHash(): Promise<string | undefined> {
  const text = await readFile(DIST_HASH_FILE, 'utf8').catch(() => undefined);
  return text?.match(/^[0-9a-f]{64}\b/)?.[0];
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  if (process.argv[2] !== '--write') {
    console.error('usage: node scripts/build-inputs-hash.ts --write   (npm run build runs it after ncc)');
    process.exit(2);
  }
  await writeFile(DIST_HASH_FILE, `${await buildInputsHash()}  ${BUILD_FOLDERS.map((folder) => `${folder}/`).join(', ')}, ${BUILD_INPUTS.join(', ')}\n`);
}
