import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bundledFolders, licensesText } from '../../scripts/bundle-licenses.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A package folder under `root` with its package.json and, when given, its license file. */
function pack(root: string, at: string, manifest: Record<string, unknown>, license?: [string, string]): string {
  const folder = path.join(root, at);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest));
  if (license) writeFileSync(path.join(folder, license[0]), license[1]);
  return folder;
}

describe('bundle-licenses', () => {
  it('finds the package of every bundled module, inside concatenated ones and behind loaders, and none for the project’s own code', () => {
    const stats = {
      modules: [
        { nameForCondition: '/repo/lib/index.js' },
        // In no chunk: tree-shaken away (markdown-table's only use was an export nothing imports), or listed again inside its concatenation.
        { nameForCondition: '/repo/node_modules/markdown-table/index.js', orphan: true },
        { nameForCondition: '/repo/node_modules/string-width/index.js', orphan: true },
        { identifier: '/repo/node_modules/@octokit/core/dist-src/index.js' },
        // webpack concatenates ES modules into one: the plugin ncc runs left these out.
        { nameForCondition: '/repo/lib/report/console-checklist.js', modules: [{ nameForCondition: '/repo/node_modules/string-width/index.js' }, { nameForCondition: '/repo/node_modules/get-east-asian-width/lookup.js' }] },
        { identifier: '/repo/node_modules/@vercel/ncc/dist/ncc/loaders/shebang-loader.js!/repo/node_modules/js-yaml/dist/js-yaml.mjs' },
        { nameForCondition: '/repo/node_modules/mdast-util-find-and-replace/node_modules/escape-string-regexp/index.js' },
      ],
    };
    expect([...bundledFolders(stats)].sort()).toEqual([
      '/repo/node_modules/@octokit/core',
      '/repo/node_modules/get-east-asian-width',
      '/repo/node_modules/js-yaml',
      '/repo/node_modules/mdast-util-find-and-replace/node_modules/escape-string-regexp',
      '/repo/node_modules/string-width',
    ]);
  });

  it('lists each package once, sorted, and a package bundled in versions whose licenses differ once per version', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'bundle-licenses-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const folders = [
      pack(root, 'node_modules/zod', { name: 'zod', version: '4.0.0', license: 'MIT' }, ['LICENSE', 'MIT License\nCopyright Colin\n']),
      pack(root, 'node_modules/isarray', { name: 'isarray', version: '2.0.5', license: 'MIT' }, ['LICENSE', 'MIT, 2013\n']),
      pack(root, 'node_modules/a/node_modules/isarray', { name: 'isarray', version: '1.0.0', license: 'MIT' }, ['license', 'MIT, 2010\n']),
      pack(root, 'node_modules/ms', { name: 'ms', version: '2.1.3', license: 'MIT' }, ['license.md', 'The MIT License\n']),
      pack(root, 'node_modules/b/node_modules/ms', { name: 'ms', version: '2.1.2', license: 'MIT' }, ['license.md', 'The MIT License\n']),
      pack(root, 'node_modules/@scope/plain', { name: '@scope/plain', version: '1.0.0', license: 'ISC' }),
      // A folder named LICENSES (REUSE's layout) is no license file to read.
      pack(root, 'node_modules/reuse', { name: 'reuse', version: '1.0.0', license: 'MIT' }, ['LICENSE', 'MIT text\n']),
    ];
    mkdirSync(path.join(root, 'node_modules/reuse/LICENSES'));
    const expected = ['@scope/plain\nISC', 'isarray@1.0.0\nMIT\nMIT, 2010', 'isarray@2.0.5\nMIT\nMIT, 2013', 'ms\nMIT\nThe MIT License', 'reuse\nMIT\nMIT text', 'zod\nMIT\nMIT License\nCopyright Colin'].join('\n\n');
    expect(licensesText(folders)).toBe(`${expected}\n`);
    // The order the bundles met them in changes nothing.
    expect(licensesText([...folders].reverse())).toBe(`${expected}\n`);
  });

  it('covers in dist/licenses.txt the packages ncc’s plugin left out', () => {
    const named = new Set(readFileSync(path.join(ROOT, 'dist/licenses.txt'), 'utf8').split(/\n{2,}/).map((entry) => entry.split('\n', 1)[0]));
    for (const name of ['js-yaml', 're2js', 'string-width', 'zod', 'yaml']) expect(named, name).toContain(name);
    // Not in the bundle: markdown-table's one user (a GFM table writer) is an export nothing imports.
    expect(named).not.toContain('markdown-table');
  });
});
