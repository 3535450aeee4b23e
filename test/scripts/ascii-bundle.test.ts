import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiBundle, AsciiBundleError, asciiSource } from '../../scripts/ascii-bundle.ts';
import { sharedBundles } from '../e2e/action-bundle.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-ascii-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Imports `source` as an ES module from a file of its own and returns what it exports. */
async function load(name: string, source: string): Promise<Record<string, unknown>> {
  const file = path.join(dir, `${name}.mjs`);
  await writeFile(file, source);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

// Every place a character beyond ASCII can be in, with what it means there.
const SOURCE = [
  '// ✅ a comment, /* and ✅ another */',
  'export const plain = "é… ✅ 😀";',
  'export const escapedBefore = "\\é" + \'\\😀\';',
  'export const doubled = "\\\\é";',
  'export const template = `— ${plain} —\\é`;',
  'export const raw = String.raw`é\\d–${1}`;',
  'const café = 1; export const name = café;',
  'class Box { #ñ = 2; get() { return this.#ñ; } } export const hidden = new Box().get();',
  'export const classes = [/[–é]/.test("é"), /[😀]/u.test("😀"), /^.$/u.test("😀"), /^..$/.test("😀"), /\\é/.test("é"), /…/v.test("…")];',
  'export const space = 1\u00a0+\u00a02;',
].join('\n');

describe('asciiSource', () => {
  it('escapes every character outside tagged templates, and the module exports the same values', async () => {
    const { text, kept } = asciiSource(SOURCE);
    // Only String.raw`é\d–…` keeps its two: its tag reads the raw text.
    expect(kept).toBe(2);
    expect(text.replace(/String\.raw`[^`]*`/g, '')).toMatch(/^[\x00-\x7f]*$/);
    const before = await load('before', SOURCE);
    const after = await load('after', text);
    expect(after).toEqual(before);
    expect(before['classes']).toEqual([true, true, true, true, true, true]);
    expect(after['escapedBefore']).toBe('é😀');
    expect(after['doubled']).toBe('\\é');
    expect(after['raw']).toBe('é\\d–1');
  });

  it('leaves an ASCII source as it is', () => {
    const source = 'export const a = "plain";\n';
    expect(asciiSource(source)).toEqual({ text: source, kept: 0 });
  });

  it('refuses a line continuation it cannot escape, and says where', () => {
    expect(() => asciiSource('export const a = "x\\\u2028y";', 'f.js')).toThrow(AsciiBundleError);
    expect(() => asciiSource('export const a = "x\\\u2028y";', 'f.js')).toThrow(/f\.js, offset 20 \(U\+2028\)/);
  });
});

describe('asciiBundle', () => {
  it('rewrites the .js files of a folder and leaves other files', async () => {
    const folder = await mkdtemp(path.join(dir, 'bundle-'));
    await writeFile(path.join(folder, 'index.js'), 'export const a = "✅";\n');
    await writeFile(path.join(folder, 'licenses.txt'), '© someone\n');
    expect(await asciiBundle(folder)).toBe(0);
    expect(await readFile(path.join(folder, 'index.js'), 'utf8')).toBe('export const a = "\\u2705";\n');
    expect(await readFile(path.join(folder, 'licenses.txt'), 'utf8')).toBe('© someone\n');
  });
});

describe('the bundles the tests run (dist/, or a build of the current sources)', () => {
  it('are ASCII: Node decodes and V8 keeps them as one-byte strings', async () => {
    const bundles = await sharedBundles();
    for (const folder of [path.dirname(bundles.action), path.dirname(bundles.cli)]) {
      const files = (await readdir(folder)).filter((name) => name.endsWith('.js'));
      expect(files.length).toBeGreaterThan(1);
      for (const name of files) {
        const bytes = await readFile(path.join(folder, name));
        const beyond = bytes.findIndex((byte) => byte > 0x7f);
        expect(beyond, `${folder}/${name} has a byte beyond ASCII at ${beyond}`).toBe(-1);
      }
    }
  });
});
