import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRunName } from '../../src/action/check-run-name.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'check-run-name-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The check run's name of a plan file whose `name:` line is `nameLine`. */
async function nameOf(nameLine: string): Promise<string> {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, `${nameLine}\ngoal: g\n`);
  return checkRunName({ planFile, planPath: 'plan.yml' });
}

// Found by an adversarial pass: the plan's name went to GitHub as written, while the comment, the summary and the
// log showed it as one line with its control characters as symbols. A name of two lines (`name: >` keeps its line
// break) or with a bidi override named a check that read otherwise than every other view of the run, and a warning
// about the check (`Could not create the check run '…'`) put an ESC from it raw into the log.
describe('the check run’s name', () => {
  it('is the plan’s name on one line, as the comment’s header shows it', async () => {
    expect(await nameOf('name: "Weekly\\n  report\\n"')).toBe('Weekly report');
    expect(await nameOf('name: >\n  Weekly\n\n  report\n')).toBe('Weekly report');
  });

  it('shows control characters and bidi overrides as symbols', async () => {
    expect(await nameOf('name: "Gate\\e[2K \\u202Eevil"')).toBe('Gate\u241b[2K \ufffdevil');
  });

  it('is the plan path, shown likewise, when the name shows nothing', async () => {
    expect(await nameOf('name: "\\u200b"')).toBe('plan.yml');
    const planFile = path.join(dir, 'a\nb.yml');
    await writeFile(planFile, 'goal: g\n');
    expect(await checkRunName({ planFile, planPath: 'a\u001b\nb.yml' })).toBe('a\u241b b.yml');
  });

  it('keeps a plain name as written', async () => {
    expect(await nameOf('name: Weekly report 🚀')).toBe('Weekly report 🚀');
  });
});
