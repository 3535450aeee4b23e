import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiBundle, asciiSource } from '../../scripts/ascii-bundle.ts';
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

  // Found by review: each threw on valid code, or would have changed where a line ends.
  it('keeps lines where line terminators (U+2028, U+2029) put them, and reads a line continuation as nothing', async () => {
    const source = [
      'let a = 1\u2028export const first = a;',
      'let b = 1 // ends here\u2029b = 2; export const second = b;',
      'let c = 1 /* a comment\u2028across lines */ c = 3; export const third = c;',
      'export const continued = "x\\\u2028y" + `p\\\u2029q`;',
      'export const inside = "L\u2028S";',
    ].join('\n');
    const { text } = asciiSource(source);
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    expect(await load('lines-after', text)).toEqual(await load('lines-before', source));
    expect((await load('lines-again', text))['continued']).toBe('xypq');
  });

  it('escapes a directive-like string, a regex escape after an escaped backslash, and strings inside a tagged template’s ${}', async () => {
    const source = [
      'function f() { "é"; return 1; } export const directive = f();',
      'export const backslash = [/\\\\\é/.test("\\\\é"), /\\\\\é/.test("é")];',
      'const tag = (strings, ...values) => strings.raw.join("|") + values.join("|");',
      'export const tagged = tag`ü${"é"}`;',
    ].join('\n');
    const { text, kept } = asciiSource(source);
    expect(kept).toBe(1);
    expect(text).toContain('${"\\u00e9"}');
    const before = await load('more-before', source);
    expect(await load('more-after', text)).toEqual(before);
    expect({ ...before }).toEqual({ directive: 1, backslash: [true, false], tagged: 'ü|é' });
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
    // Run alone after a change to the sources, it builds them first (npm test builds before vitest starts).
  }, 600_000);
});
