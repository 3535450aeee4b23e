import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkOutputPaths } from '../../src/cli/check-output-paths.ts';
import { UsageError } from '../../src/cli/parse-cli-args.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-outputs-'));
const plan = path.join(dir, 'p.yml');
writeFileSync(plan, 'name: P\n');
const trace = path.join(dir, 't.jsonl');
writeFileSync(trace, '{"type":"run_started"}\n');

describe('checkOutputPaths', () => {
  it('refuses an output that is an input, however spelled, before writing anything', () => {
    const inputs = [['the plan', plan], ['--resume', trace, '--trace']] as const;
    expect(() => checkOutputPaths([['--trace', plan]], inputs)).toThrow(new UsageError(`--trace ${plan} would overwrite the plan ${plan}, which this command reads; choose another path for --trace`));
    expect(() => checkOutputPaths([['--summary', path.join(dir, '.', 'sub', '..', 'p.yml')]], inputs)).toThrow(UsageError);
    const link = path.join(dir, 'link.yml');
    symlinkSync(plan, link);
    expect(() => checkOutputPaths([['--summary', link]], inputs)).toThrow(/--summary .* would overwrite the plan/);
    expect(() => checkOutputPaths([['--summary', trace]], inputs)).toThrow(/would overwrite --resume/);
    expect(readFileSync(plan, 'utf8')).toBe('name: P\n');
  });

  it('refuses two outputs that are the same file, existing or not', () => {
    const out = path.join(dir, 'new', 'out.md');
    expect(() => checkOutputPaths([['--markdown', out], ['--json', path.join(dir, 'new', '..', 'new', 'out.md')]])).toThrow(/--json .* is the same file as --markdown/);
  });

  // Found by an adversarial pass: these were "internal error" with the whole path.
  it('refuses a path no file can have, a loop of links or a name too long, in words', () => {
    const loop = path.join(dir, 'loop');
    symlinkSync(loop, loop);
    const long = path.join(dir, `${'b/'.repeat(2_100)}x`);
    const errors: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((text) => (errors.push(String(text)), true));
    try {
      expect(checkOutputPaths([['--trace', path.join(loop, 'x')]])).toBe(false);
      expect(checkOutputPaths([['--summary', long]])).toBe(false);
    } finally {
      spy.mockRestore();
    }
    expect(errors).toEqual([
      `plan-runner: cannot write --trace ${path.join(loop, 'x')}: cannot use this path (ELOOP); choose another path\n`,
      `plan-runner: cannot write --summary ${long.slice(0, 199)}…: cannot use this path (ENAMETOOLONG); choose another path\n`,
    ]);
  });

  it('refuses a folder before the run, which writing found only after it', () => {
    const errors: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((text) => (errors.push(String(text)), true));
    try {
      expect(checkOutputPaths([['--summary', dir]])).toBe(false);
    } finally {
      spy.mockRestore();
    }
    expect(errors.join('')).toBe(`plan-runner: cannot write --summary ${dir}: it is a folder; name a file (in it, or elsewhere)\n`);
  });

  // Found by an adversarial CLI hunt: `--summary out/` (a folder not there yet) and `--trace notes.md/` passed,
  // the run ran, and then the report was not written (EISDIR) and the trace was lost ("the run goes on without a trace").
  it('refuses a path that names a folder by its spelling (a trailing slash, a last name of . or ..) before the run', () => {
    writeFileSync(path.join(dir, 'notes.md'), 'x\n');
    const spelled = [path.join(dir, 'missing') + path.sep, path.join(dir, 'notes.md') + path.sep, `${dir}${path.sep}missing${path.sep}.`, `${dir}${path.sep}missing${path.sep}..`];
    const errors: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((text) => (errors.push(String(text)), true));
    try {
      for (const file of spelled) expect(checkOutputPaths([['--summary', file]])).toBe(false);
    } finally {
      spy.mockRestore();
    }
    expect(errors).toEqual(spelled.map((file) => `plan-runner: cannot write --summary ${file}: it names a folder (it ends in ${path.sep}, . or ..); name a file (in it, or elsewhere)\n`));
  });

  it('lets the trace rewrite the trace it resumes or weighs by, and /dev/null take several outputs', () => {
    mkdirSync(path.join(dir, 'ok'), { recursive: true });
    expect(checkOutputPaths([['--trace', trace], ['--summary', path.join(dir, 'ok', 'r.md')]], [['--resume', trace, '--trace'], ['--weights-from', trace, '--trace']])).toBe(true);
    expect(checkOutputPaths([['--trace', '/dev/null'], ['--summary', '/dev/null']], [['the plan', plan]])).toBe(true);
  });
});

describe('checkOutputPaths and symlinks', () => {
  it('refuses a final symlink and a linked .plan-runner before the run, and writes nothing', () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-linked-'));
    const victim = path.join(repo, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    const errors: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((text) => (errors.push(String(text)), true));
    const cwd = process.cwd();
    try {
      symlinkSync(victim, path.join(repo, 'out.md'));
      expect(checkOutputPaths([['--summary', path.join(repo, 'out.md')]])).toBe(false);
      symlinkSync(path.join(repo, 'elsewhere'), path.join(repo, '.plan-runner'));
      process.chdir(repo);
      expect(checkOutputPaths([['--trace', '.plan-runner/trace.jsonl']])).toBe(false);
      // However it is spelled: absolute, or through the folder above (found by an adversarial pass).
      expect(checkOutputPaths([['--summary', path.join(repo, '.plan-runner', 'report.md')]])).toBe(false);
      expect(checkOutputPaths([['--summary', path.join('..', path.basename(repo), '.plan-runner', 'r2.md')]])).toBe(false);
    } finally {
      process.chdir(cwd);
      spy.mockRestore();
    }
    expect(errors.join('')).toMatch(/out\.md: it is a symbolic link[^]*\.plan-runner: it is plan-runner's default output folder, and it is a symbolic link/);
    expect(errors.filter((line) => line.includes("it is plan-runner's default output folder"))).toHaveLength(3);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });
});

// Opening a FIFO no one reads blocked the process once the run had ended, and no signal could end it
// but SIGKILL (found by an adversarial pass).
describe('checkOutputPaths and FIFOs', () => {
  it('refuses a FIFO before the run, and still writes a device', async () => {
    const { execFileSync } = await import('node:child_process');
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const errors: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((text) => (errors.push(String(text)), true));
    try {
      expect(checkOutputPaths([['--summary', fifo]])).toBe(false);
      expect(checkOutputPaths([['--summary', '/dev/null']])).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(errors.join('')).toBe(`plan-runner: cannot write --summary ${fifo}: it is a FIFO, which would hold the command until something reads it; name a regular file (or /dev/stdout)\n`);
  });
});

// Found by an adversarial CLI hunt: a regular file under /dev (`--summary /dev/shm/n.md`) passed this check, was removed as
// an earlier summary, and was refused at the run's end as inside a system tree: the run failed and the file was gone.
describe('checkOutputPaths under /dev', () => {
  it.skipIf(!existsSync('/dev/shm'))('refuses a file or a link that is no device before the run, and leaves it be', () => {
    const file = path.join('/dev/shm', `plan-runner-${process.pid}-n.md`);
    const link = path.join('/dev/shm', `plan-runner-${process.pid}-null`);
    writeFileSync(file, 'notes\n');
    symlinkSync('/dev/null', link);
    const errors: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((text) => (errors.push(String(text)), true));
    try {
      expect(checkOutputPaths([['--summary', file]])).toBe(false);
      expect(checkOutputPaths([['--trace', link]])).toBe(false);
      expect(checkOutputPaths([['--summary', '/dev/null'], ['--trace', '/dev/stderr']])).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe('notes\n');
    } finally {
      spy.mockRestore();
      rmSync(file, { force: true });
      rmSync(link, { force: true });
    }
    expect(errors).toEqual([
      `plan-runner: cannot write --summary ${file}: refused to write ${file}: it is inside a system tree (/proc, /sys, /dev; only an existing device such as /dev/null can be written); choose a path in the workspace or in RUNNER_TEMP\n`,
      expect.stringMatching(`^plan-runner: cannot write --trace ${link}: refused to write ${link}: it is a symbolic link`),
    ]);
  });
});

// A name too long for the file system was found only when the report was written, after the whole run, and
// the CLI still ended with `report: <that name>` (found by an adversarial pass).
describe('checkOutputPaths and long names', () => {
  it('refuses a file name longer than a file system takes, before the run', () => {
    const errors: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((text) => (errors.push(String(text)), true));
    try {
      expect(checkOutputPaths([['--summary', path.join(dir, `${'a'.repeat(300)}.md`)]])).toBe(false);
      expect(checkOutputPaths([['--summary', path.join(dir, `${'a'.repeat(250)}.md`)]])).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(errors.join('')).toMatch(/its name is 303 bytes, more than the 255 a file system takes; choose a shorter name\n$/);
  });
});
