import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { asciiBundle } from '../../scripts/ascii-bundle.ts';
import { copyBesideBundle } from '../../scripts/beside-bundles.ts';
import { buildInputsHash, distBuildInputsHash } from '../../scripts/build-inputs-hash.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'plan-runner-bundles');

/** The bundles built from the current sources, as `npm run build` makes them. */
export interface Bundles {
  /** The action's entry point, as `runs.main` names it (`dist/index.js`). */
  readonly action: string;
  /** The CLI (`dist/cli/index.js`). */
  readonly cli: string;
}

/** Set by the tests' global setup to the sources' hash when the run started: the bundles of those sources are the run's. */
export const BUILD_HASH_VARIABLE = 'PLAN_RUNNER_TEST_BUILD_HASH';

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
 * The action and the CLI as `npm run build` builds them from the current sources (in a test run, the
 * sources as they were when it started: BUILD_HASH_VARIABLE). While the sources
 * are those the committed dist/ was built from (its build-inputs.sha256; a fresh clone, or after `npm
 * run build`), that is dist/ itself: what ships is what the tests run, and nothing is built. Otherwise
 * they are built exactly as `npm run build` does (tsc with tsconfig.build.json, then ncc on
 * lib/index.js and lib/cli.js, then scripts/ascii-bundle.ts), once per set of sources: into a folder under node_modules/.cache
 * named by their hash, so dist/ stays untouched (CI compares it with a fresh build), test files
 * running at once share one build (the first takes a lock, the others wait for it), and a later run
 * on unchanged sources builds nothing.
 */
export async function sharedBundles(): Promise<Bundles> {
  const hash = process.env[BUILD_HASH_VARIABLE] || (await buildInputsHash());
  const dist = bundlesIn(ROOT);
  if (hash === (await distBuildInputsHash()) && existsSync(dist.action) && existsSync(dist.cli)) return dist;
  return bundlesIn(await cachedBuild(hash));
}

/**
 * A build of the current sources under node_modules/.cache, as `npm run build` makes it: its `lib/`
 * (tsc's output) and `dist/`. The bench's floor bundles are built from that `lib/`.
 */
export async function cachedBuild(hash?: string): Promise<string> {
  const dir = path.join(CACHE, (hash ?? (await buildInputsHash())).slice(0, 16));
  const complete = path.join(dir, 'complete');
  const lock = `${dir}.lock`;
  await mkdir(CACHE, { recursive: true });
  for (;;) {
    if (existsSync(complete)) return dir;
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
    run(process.execPath, [path.join(ROOT, 'node_modules/@vercel/ncc/dist/ncc/cli.js'), 'build', path.join(work, 'lib', entry), '-o', path.join(work, out), '--no-cache', '--quiet'], options);
  try {
    // --noCheck: the sources are type-checked by `npm run typecheck` (CI's step before the tests);
    // here only the emit is needed, and with erasableSyntaxOnly and isolatedModules it is the same
    // JavaScript either way, in half the time (5 s against 11 s here).
    await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--noCheck', '--outDir', path.join(work, 'lib')], options);
    await Promise.all([ncc('index.js', 'dist'), ncc('cli.js', path.join('dist', 'cli'))]);
    // The post step's entry (runs.post), which imports the bundle beside it: copied as `npm run build` does.
    await copyFile(path.join(work, 'lib', 'post.js'), path.join(work, 'dist', 'post.js'));
    for (const out of ['dist', path.join('dist', 'cli')]) {
      await asciiBundle(path.join(work, out));
      await copyBesideBundle(path.join(work, out));
    }
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
