import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInputsHash } from '../../scripts/build-inputs-hash.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function repository(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'build-inputs-'));
  dirs.push(root);
  await mkdir(path.join(root, 'src', 'plan'), { recursive: true });
  await writeFile(path.join(root, 'src', 'index.ts'), "import './plan/a.ts';\n");
  await writeFile(path.join(root, 'src', 'plan', 'a.ts'), 'export const a = 1;\n');
  await mkdir(path.join(root, 'stubs'));
  await writeFile(path.join(root, 'stubs', 'archiver.js'), 'export default {};\n');
  for (const name of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']) await writeFile(path.join(root, name), '{}\n');
  return root;
}

// The tests run the committed dist/ while the sources hash to what it was built from: a change the
// hash missed would have them test a stale bundle and pass.
describe('buildInputsHash', () => {
  it('changes with any source or stub, a new or renamed file, the lock file and the tsconfigs, and with nothing else', async () => {
    const root = await repository();
    const first = await buildInputsHash(root);
    expect(await buildInputsHash(root)).toBe(first);
    await writeFile(path.join(root, 'README.md'), 'not an input\n');
    await mkdir(path.join(root, 'test'));
    await writeFile(path.join(root, 'test', 'a.test.ts'), 'not an input\n');
    expect(await buildInputsHash(root)).toBe(first);

    const seen = new Set([first]);
    const changed = async (change: () => Promise<void>) => {
      await change();
      const hash = await buildInputsHash(root);
      expect(seen.has(hash)).toBe(false);
      seen.add(hash);
    };
    await changed(() => writeFile(path.join(root, 'src', 'plan', 'a.ts'), 'export const a = 2;\n'));
    await changed(() => writeFile(path.join(root, 'src', 'plan', 'b.ts'), ''));
    await changed(() => rename(path.join(root, 'src', 'plan', 'b.ts'), path.join(root, 'src', 'plan', 'c.ts')));
    await changed(() => writeFile(path.join(root, 'stubs', 'archiver.js'), 'export default { create() {} };\n'));
    await changed(() => writeFile(path.join(root, 'stubs', 'unzip-stream.js'), ''));
    for (const name of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']) await changed(() => writeFile(path.join(root, name), `{ "changed": "${name}" }\n`));
  });
});
