import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
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
