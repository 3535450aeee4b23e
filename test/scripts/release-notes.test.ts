import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { releaseNotes } from '../../scripts/release-notes-section.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

const CHANGELOG = `# Changelog

## [Unreleased]

## [1.2.0] - 2026-12-01
### Added
- cost outputs

## 1.1.0
### Fixed
- a fix

## [1.0.0] - 2026-11-01
`;

describe('releaseNotes', () => {
  it("takes a version's section up to the next one, in any of the usual heading forms", () => {
    expect(releaseNotes(CHANGELOG, '1.2.0')).toEqual({ ok: true, text: '### Added\n- cost outputs' });
    expect(releaseNotes(CHANGELOG, '1.1.0')).toEqual({ ok: true, text: '### Fixed\n- a fix' });
  });

  it('refuses a missing or empty section, saying what to do', () => {
    expect(releaseNotes(CHANGELOG, '1.3.0')).toEqual({ ok: false, message: expect.stringContaining('no "## [1.3.0]" section') as string });
    expect(releaseNotes(CHANGELOG, '1.0.0')).toEqual({ ok: false, message: expect.stringContaining('is empty') as string });
    // 1.2.0 must not match 1.2.01 or 11.2.0.
    expect(releaseNotes('## [11.2.0]\n- x\n', '1.2.0').ok).toBe(false);
  });
});

describe('scripts/release-notes.ts', () => {
  it('refuses a tag that is not the version in package.json', async () => {
    const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
    const failed = await run(process.execPath, [path.join(root, 'scripts/release-notes.ts'), `v${version}9`], { cwd: root }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failed && failed.code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain(`package.json has version ${version}`);
  });
});
