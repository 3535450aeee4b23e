import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import archiver from '../../stubs/archiver.js';
import unzip from '../../stubs/unzip-stream.js';
import { sharedBundles } from '../e2e/action-bundle.ts';

// A run of this file alone, with sources newer than dist/, builds the bundles first: not in a test's 20 s.
beforeAll(sharedBundles, 600_000);

// The action's bundle takes @actions/artifact without its zip code (stubs/README.md): the end-to-end
// tests that save and read state through the bundle show plan-runner never needs it; these show it is
// gone, and that a call reaching a stub would say why instead of zipping nothing.
describe('the stubs tsconfig.json puts in for @actions/artifact’s zip packages', () => {
  it('refuse every call, naming the option plan-runner always passes', () => {
    expect(() => archiver.create('zip', {})).toThrow(/no zip code.*skipArchive/);
    expect(() => unzip.Extract({ path: '.' })).toThrow(/no unzip code.*skipDecompress/);
    expect(() => unzip.Parse()).toThrow(/no unzip code.*skipDecompress/);
  });

  it('are what the action bundle holds: @actions/artifact is there, archiver and unzip-stream are not', async () => {
    const folder = path.dirname((await sharedBundles()).action);
    const texts = await Promise.all((await readdir(folder)).filter((name) => name.endsWith('.js')).map((name) => readFile(path.join(folder, name), 'utf8')));
    const holding = (pattern: RegExp) => texts.filter((text) => pattern.test(text)).length;
    expect(holding(/DefaultArtifactClient/)).toBeGreaterThan(0);
    expect(holding(/plan-runner bundles no zip code/)).toBe(1);
    expect(holding(/plan-runner bundles no unzip code/)).toBe(1);
    // Names only archiver's, zip-stream's, unzip-stream's and readable-stream's own code uses.
    expect(holding(/ArchiverError|ZipStream|UnzipStream|lazystream|readable-stream/)).toBe(0);
  }, 600_000);
});
