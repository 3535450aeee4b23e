import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { isInside } from '../../src/core/is-inside.ts';
import { loadPlanFile } from '../../src/plan/load-plan.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import { filesToolset } from '../../src/tools/files/files-toolset.ts';

// Every "is it inside the repository" check asked `startsWith('..')`, so a file whose name starts with
// two dots (`..notes.md`) counted as outside: refused to the files tools and to `uses:`.
describe('inside a folder', () => {
  it('leaves the folder only through a `..` segment', () => {
    expect(isInside('/repo', '/repo')).toBe(true);
    expect(isInside('/repo', '/repo/..notes.md')).toBe(true);
    expect(isInside('/repo', '/repo/a/..b/c')).toBe(true);
    expect(isInside('/repo', '/')).toBe(false);
    expect(isInside('/repo', '/repo-other/x')).toBe(false);
    expect(isInside('/repo', '/repo/../etc/passwd')).toBe(false);
    expect(isInside('/repo/a', '/repo')).toBe(false);
  });

  it('lets the files tools, a used plan and the action read a file named `..something`', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'plan-runner-dots-'));
    mkdirSync(path.join(root, 'plans'));
    writeFileSync(path.join(root, '..notes.md'), 'dotted\n');
    writeFileSync(path.join(root, 'outer.yml'), 'workflow_sequence:\n  - { id: u, type: plan, uses: ..shared.yml }\n');
    writeFileSync(path.join(root, '..shared.yml'), 'workflow_sequence:\n  - { id: s, type: reasoning, description: Think }\n');

    const readFile = filesToolset({ root, redact: (text: string) => text }).find((tool) => tool.name === 'read_file')!;
    const read = await readFile.execute({ path: '..notes.md' }, { signal: new AbortController().signal, cwd: root, stepKey: 'a' });
    expect(JSON.stringify(read)).toContain('dotted');

    const loaded = await loadPlanFile(path.join(root, 'outer.yml'), { root });
    expect(loaded.ok ? [] : loaded.errors.map(formatPlanError)).toEqual([]);

    const settings = await readActionSettings((name) => (name === 'plan' ? '..plan.yml' : ''), { GITHUB_WORKSPACE: root }, () => true);
    expect(settings.ok && settings.settings.planPath).toBe('..plan.yml');
  });
});
