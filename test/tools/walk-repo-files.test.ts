import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { filesToolset } from '../../src/tools/files/files-toolset.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { walkRepoFiles } from '../../src/tools/files/walk-repo-files.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Found by an adversarial pass: a folder the walk had listed, then swapped for a symlink out of the repository
// (a command tool running beside list_files can do that), was opened by its path, which followed the link, and
// the names of files outside the repository were listed.
it('does not list a folder swapped for a symlink out of the repository after it was listed', async () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-walk-'));
  dirs.push(base);
  const repo = path.join(base, 'repo');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(repo, 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(repo, 'a.txt'), 'a');
  writeFileSync(path.join(repo, 'sub', 'inside.txt'), 'in');
  writeFileSync(path.join(outside, 'SECRET_NAME.pem'), 'x');
  let swapped = false;
  // The swap happens while the walk reads the repository's root, after it has noted `sub` as a folder to walk or
  // before (the root's entries come in no set order): either way before `sub` is opened.
  const walk = await walkRepoFiles(repo, {
    keep: (relative) => {
      if (!swapped && relative === 'a.txt') {
        renameSync(path.join(repo, 'sub'), path.join(base, 'sub.real'));
        symlinkSync(outside, path.join(repo, 'sub'));
        swapped = true;
      }
      return true;
    },
  });
  expect(swapped).toBe(true);
  expect(walk.files.join('\n')).not.toContain('SECRET_NAME');
  expect(walk.files).toContain('a.txt');
});

// Found by an adversarial pass: a name that is not UTF-8 (a Latin-1 `café.txt`, which git keeps as bytes) was listed
// with a U+FFFD that names no file: read_file said it did not exist, and search_files answered "no matches" for the
// text it holds, so a pull request could hide a file from a review's searches.
it('says which files and folders it passed over as their names are not UTF-8, and lists and searches the rest', async () => {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-walk-'));
  dirs.push(repo);
  writeFileSync(Buffer.concat([Buffer.from(`${repo}/`), Buffer.from('caf\xe9.js', 'latin1')]), 'eval(atob(payload))\n');
  mkdirSync(Buffer.concat([Buffer.from(`${repo}/`), Buffer.from('d\xe9j\xe0', 'latin1')]));
  writeFileSync(path.join(repo, 'café.js'), 'eval(x)\n');
  const walk = await walkRepoFiles(repo);
  expect(walk.files).toEqual(['café.js']);
  // The two names come in no set order.
  expect(walk.notice).toMatch(/^\[cut: 2 files or folders whose names are not UTF-8 \('(caf\uFFFD\.js|d\uFFFDj\uFFFD)', '(caf\uFFFD\.js|d\uFFFDj\uFFFD)', with \uFFFD for each byte that is not\) were not looked at, as the files tools cannot name them; rename them in UTF-8\]\n$/);
  expect(walk.notice).toContain("'caf\uFFFD.js'");
  expect(walk.notice).toContain("'d\uFFFDj\uFFFD'");
  const ctx = { signal: new AbortController().signal, cwd: repo, stepKey: 'test' };
  const tools = new Map(filesToolset({ root: repo, redact: createRedactor() }).map((tool) => [tool.name, tool]));
  const searched = (await tools.get('search_files')!.execute({ query: 'eval(' }, ctx)) as string;
  expect(searched.startsWith('[cut: 2 files or folders whose names are not UTF-8')).toBe(true);
  expect(searched.endsWith('\ncafé.js:1: eval(x)')).toBe(true);
});
