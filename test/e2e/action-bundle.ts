import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'plan-runner-bundles');
/** What a build depends on besides `src/`. */
const BUILD_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

/** The bundles built from the current sources, as `npm run build` makes them. */
export interface Bundles {
  /** The action's entry point, as `runs.main` names it (`dist/index.js`). */
  readonly action: string;
  /** The CLI (`dist/cli/index.js`). */
  readonly cli: string;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)).sort();
}

/** A hash of everything the bundles are built from: the same sources never build twice. */
async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [...(await filesUnder(path.join(ROOT, 'src'))), ...BUILD_INPUTS.map((name) => path.join(ROOT, name))]) {
    hash.update(path.relative(ROOT, file)).update('\0');
    if (existsSync(file)) hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function bundlesIn(dir: string): Bundles {
  return { action: path.join(dir, 'dist', 'index.js'), cli: path.join(dir, 'dist', 'cli', 'index.js') };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The action and the CLI built exactly as `npm run build` builds them (tsc with
 * tsconfig.build.json, then ncc on lib/index.js and lib/cli.js), once per set of sources: into a
 * folder under node_modules/.cache named by their hash, so the committed dist/ stays untouched (CI
 * compares it with a fresh build), test files running at once share one build (the first takes a
 * lock, the others wait for it), and a later run on unchanged sources builds nothing.
 */
export async function sharedBundles(): Promise<Bundles> {
  const dir = path.join(CACHE, await sourceHash());
  const bundles = bundlesIn(dir);
  const complete = path.join(dir, 'complete');
  const lock = `${dir}.lock`;
  await mkdir(CACHE, { recursive: true });
  for (;;) {
    if (existsSync(complete)) return bundles;
    try {
      await mkdir(lock);
    } catch {
      // Another test file is building these sources: wait for it, unless it died.
      const owner = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => 'NaN'));
      if (Number.isInteger(owner) && !alive(owner)) await rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      await writeFile(path.join(lock, 'pid'), String(process.pid));
      if (!existsSync(complete)) await build(dir);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

async function build(dir: string): Promise<void> {
  const work = await mkdtemp(path.join(CACHE, 'build-'));
  const options = { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 };
  const ncc = (entry: string, out: string) =>
    run(process.execPath, [path.join(ROOT, 'node_modules/@vercel/ncc/dist/ncc/cli.js'), 'build', path.join(work, 'lib', entry), '-o', path.join(work, out), '--quiet'], options);
  try {
    // --noCheck: the sources are type-checked by `npm run typecheck` (CI's step before the tests);
    // here only the emit is needed, and with erasableSyntaxOnly and isolatedModules it is the same
    // JavaScript either way, in half the time (5 s against 11 s here).
    await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--noCheck', '--outDir', path.join(work, 'lib')], options);
    await Promise.all([ncc('index.js', 'dist'), ncc('cli.js', path.join('dist', 'cli'))]);
    await writeFile(path.join(work, 'complete'), '');
    // Builds of other sources are of code that no longer exists (a lock's build is still running).
    for (const old of await readdir(CACHE)) {
      const entry = path.join(CACHE, old);
      if (!old.startsWith('build-') && !old.endsWith('.lock') && entry !== dir && !existsSync(`${entry}.lock`)) await rm(entry, { recursive: true, force: true });
    }
    await rename(work, dir);
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/** The action bundle, built from the current sources. */
export interface ActionBundle {
  /** The bundled entry point, as `runs.main` names it (`dist/index.js`). */
  readonly entry: string;
}

/** The action bundle built from the current sources (shared by every test that runs it). */
export async function buildActionBundle(): Promise<ActionBundle> {
  return { entry: (await sharedBundles()).action };
}
