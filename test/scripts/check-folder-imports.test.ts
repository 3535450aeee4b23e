import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycles, folderGraph, twoWayPairs } from '../../scripts/folder-graph.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/check-folder-imports.ts');

let tmp: string;
async function files(tree: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmp, 'src-'));
  for (const [file, text] of Object.entries(tree)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'folder-graph-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('the folder import graph', () => {
  it('has no cycle between the folders of src/ beyond the allowed pairs', async () => {
    const { stdout } = await run(process.execPath, [SCRIPT, path.join(ROOT, 'src')], { cwd: ROOT });
    expect(stdout).toContain('core -> (nothing)');
    const pairs = twoWayPairs(folderGraph(path.join(ROOT, 'src')));
    expect(pairs.length).toBeLessThanOrEqual(2);
  });

  it('finds a cycle through three folders and names an import on each edge', async () => {
    const src = await files({
      'a/one.ts': "import { two } from '../b/two.ts';\nexport const one = two;\n",
      'b/two.ts': "import type { Three } from '../c/three.ts';\nexport const two = 2;\n",
      'c/three.ts': "export type Three = 3;\nexport const load = () => import('../a/one.ts');\n",
      'core/leaf.ts': 'export const leaf = 1;\n',
      'main.ts': "import { one } from './a/one.ts';\n",
    });
    const graph = folderGraph(src);
    expect(cycles(graph)).toEqual([{ folders: ['a', 'b', 'c'], path: ['a', 'b', 'c', 'a'] }]);
    expect(twoWayPairs(graph)).toEqual([]);
    const failed = await run(process.execPath, [SCRIPT, src]).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('among a, b, c; for example a -> b -> c -> a');
    expect((failed as { stderr: string }).stderr).toContain('c/three.ts -> a/one.ts');
  });

  it('sets aside only the edges of an allowed pair', async () => {
    const src = await files({
      'plan/p.ts': "import '../tools/t.ts';\n",
      'tools/t.ts': "import '../plan/p.ts';\n",
      'x/x.ts': "import '../y/y.ts';\n",
      'y/y.ts': "import '../x/x.ts';\n",
    });
    const graph = folderGraph(src);
    expect(twoWayPairs(graph)).toEqual([['plan', 'tools'], ['x', 'y']]);
    expect(cycles(graph, [['plan', 'tools']]).map((cycle) => cycle.folders)).toEqual([['x', 'y']]);
  });
});
