import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { asciiBundle } from '../scripts/ascii-bundle.ts';
import { copyBesideBundle } from '../scripts/beside-bundles.ts';
import { cachedBuild } from '../test/e2e/action-bundle.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');

/** Bundles of only part of what the action does at start, to show what that part alone costs. */
export interface FloorBundles {
  /** zod, and the plan schema built: nothing read, nothing run. */
  readonly schema: string;
  /** Reads and validates the plan file given as its argument (the CLI's `validate` without its output); exits 1 on an invalid plan. */
  readonly validate: string;
  /** Loads `@actions/artifact` and makes its client, as `state: artifact` does before its first upload. */
  readonly artifact: string;
}

const ENTRIES = {
  schema: [
    "import '../lib/plan/zod-jitless.js';",
    "import { StepId } from '../lib/plan/schema.js';",
    'if (!StepId.safeParse("a").success) process.exit(1);',
  ],
  validate: [
    "import '../lib/plan/zod-jitless.js';",
    "import { loadPlanFile } from '../lib/plan/load-plan.js';",
    'const loaded = await loadPlanFile(process.argv[2]);',
    'if (!loaded.ok) process.exit(1);',
  ],
  artifact: [
    "const { DefaultArtifactClient } = await import('@actions/artifact');",
    'new DefaultArtifactClient();',
  ],
} as const;

/**
 * The floor bundles, built with ncc (and made ASCII) from the tsc output of the current sources (a cached build's
 * `lib/`), exactly as the action is, and kept beside it: the same sources build them once.
 */
export async function floorBundles(): Promise<FloorBundles> {
  const dir = path.join(await cachedBuild(), 'floor');
  const out = (name: string) => path.join(dir, `dist-${name}`, 'index.js');
  const floor = { schema: out('schema'), validate: out('validate'), artifact: out('artifact') };
  if (existsSync(path.join(dir, 'complete')) && Object.values(floor).every((file) => existsSync(file))) return floor;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const [name, lines] of Object.entries(ENTRIES)) {
    const entry = path.join(dir, `${name}.js`);
    await writeFile(entry, `${lines.join('\n')}\n`);
    await run(process.execPath, [path.join(ROOT, 'node_modules/@vercel/ncc/dist/ncc/cli.js'), 'build', entry, '-o', path.dirname(out(name)), '--no-cache', '--quiet'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    await asciiBundle(path.dirname(out(name)));
    await copyBesideBundle(path.dirname(out(name)));
  }
  await writeFile(path.join(dir, 'complete'), '');
  return floor;
}
