import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** A freshly built action bundle and how to remove it. */
export interface ActionBundle {
  /** The bundled entry point, as `runs.main` names it (`dist/index.js`), built from the current sources. */
  readonly entry: string;
  remove(): Promise<void>;
}

/**
 * Builds the action exactly as `npm run build` does (tsc with tsconfig.build.json, then ncc on
 * lib/main.js), but into a private folder under node_modules/.cache: the committed dist/ stays
 * untouched (CI compares it with a fresh build) and concurrent test runs cannot clash.
 */
export async function buildActionBundle(): Promise<ActionBundle> {
  const cache = path.join(ROOT, 'node_modules', '.cache', 'plan-runner-e2e');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, 'build-'));
  const lib = path.join(dir, 'lib');
  const dist = path.join(dir, 'dist');
  const options = { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 };
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', lib], options);
    await run(process.execPath, [path.join(ROOT, 'node_modules/@vercel/ncc/dist/ncc/cli.js'), 'build', path.join(lib, 'main.js'), '-o', dist, '--quiet'], options);
  } catch (error) {
    await remove();
    throw error;
  }
  return { entry: path.join(dist, 'index.js'), remove };
}
