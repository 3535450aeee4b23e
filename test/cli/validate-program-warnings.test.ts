// `validate` said ok of a plan whose command tool's program did not exist, and `run` then failed at the
// step with ENOENT and no line (found by a new-user walkthrough): it warns, at the program's position.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate-command.ts';

it('warns of each command program this machine cannot start, in the plan and the plans it uses, and stays valid', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-programs-'));
  mkdirSync(path.join(dir, 'scripts'));
  writeFileSync(path.join(dir, 'scripts', 'run.sh'), '#!/bin/sh\necho 1\n');
  chmodSync(path.join(dir, 'scripts', 'run.sh'), 0o755);
  writeFileSync(path.join(dir, 'scripts', 'plain.sh'), 'echo 1\n');
  writeFileSync(
    path.join(dir, 'plan.yml'),
    [
      'name: Programs',
      'tools:',
      '  gone: { description: G, command: [no-such-program-xyz] }',
      '  here: { description: H, command: [./scripts/run.sh] }',
      '  plain: { description: P, command: [./scripts/plain.sh] }',
      '  shell: { description: S, command: [sh, -c, "echo 1"] }',
      'workflow_sequence:',
      '  - { id: 1, type: tool_call, tool: here, args: {} }',
      '  - { id: 2, type: plan, uses: inner.yml }',
      'goals:',
      '  - { name: tests pass, command: [./scripts/missing.sh] }',
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'inner.yml'), 'name: Inner\ntools:\n  far: { description: F, command: [also-missing-xyz] }\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: far, args: {} }\n');
  const lines: string[] = [];
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    expect(await validateCommand(['plan.yml'], (line) => lines.push(line), { cwd: dir, env: { PATH: process.env.PATH ?? '', DEPLOY_TOKEN: 'no-such-program-xyz' } })).toBe(true);
  } finally {
    process.chdir(cwd);
  }
  const tail = "; install it in a workflow step before plan-runner's, or fix the command (a warning: the plan is valid)";
  expect(lines).toEqual([
    expect.stringMatching(/^ok plan\.yml: /),
    // A program's name that is a secret of the environment is hidden, as in an error (found by a redaction hunt).
    `warning: plan.yml:3:37: tool 'gone': '***' is not on PATH here${tail}`,
    `warning: plan.yml:5:38: tool 'plain': './scripts/plain.sh' is not executable (chmod +x it, or run it through its interpreter: ["bash", "./scripts/plain.sh"])${tail}`,
    `warning: plan.yml:11:35: goal 'tests pass': there is no file './scripts/missing.sh' (from ${dir})${tail}`,
    `warning: inner.yml:3:36: tool 'far': 'also-missing-xyz' is not on PATH here${tail}`,
  ]);
});

// Found by reviews: on Windows `node` is `node.exe`, and every bare program name would have been warned of;
// and a spawn without a shell tries `.com` and `.exe` only, and refuses a batch file.
it('finds a program as a spawn on Windows does', async () => {
  const { programProblem } = await import('../../src/process/program-problem.ts');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-pathext-'));
  for (const name of ['tool.exe', 'other.cmd']) {
    writeFileSync(path.join(dir, name), '');
    chmodSync(path.join(dir, name), 0o755);
  }
  expect(programProblem('tool', dir, dir, 'win32')).toBeUndefined();
  expect(programProblem('tool.exe', dir, dir, 'win32')).toBeUndefined();
  expect(programProblem('tool', dir, dir, 'linux')).toBe("'tool' is not on PATH here");
  expect(programProblem('missing', dir, dir, 'win32')).toBe("'missing' is not on PATH here");
  expect(programProblem('other', dir, dir, 'win32')).toBe(`'other' is other.cmd here, a batch file, which starts only through cmd: write ["cmd", "/c", "other", …]`);
  expect(programProblem('other.cmd', dir, dir, 'win32')).toBe(`'other.cmd' is a batch file, which starts only through cmd: write ["cmd", "/c", "other.cmd", …]`);
});

// Found by an adversarial hunt: on Windows `npm`, `npx`, `yarn`, `tsc` are `.cmd` shims, which a spawn without a shell never
// starts; `validate` said "'npm' is not on PATH here" of an npm the runner had, and the run "ENOENT; check the path".
it('says a bare name that is a batch file on Windows PATH starts only through cmd, at validate and at the start', async () => {
  const { programProblem, scriptProblem } = await import('../../src/process/program-problem.ts');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-cmd-shim-'));
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, 'npm.cmd'), '@echo off\r\n');
  writeFileSync(path.join(dir, 'build.bat'), '@echo off\r\n');
  const advice = (program: string, file: string) => `'${program}' is ${file} here, a batch file, which starts only through cmd: write ["cmd", "/c", "${program}", …]`;
  // PATH as Windows writes it, folders apart by `;`.
  expect(programProblem('npm', dir, `${dir};${bin}`, 'win32')).toBe(advice('npm', 'npm.cmd'));
  expect(scriptProblem('npm', dir, `${dir};${bin}`, 'win32')).toBe(advice('npm', 'npm.cmd'));
  expect(programProblem('./build', dir, '', 'win32')).toBe(advice('./build', 'build.bat'));
  expect(programProblem('npm', dir, bin, 'linux')).toBe("'npm' is not on PATH here");
  expect(scriptProblem('npm', dir, bin, 'linux')).toBeUndefined();
  // At a tool's, goal's or MCP server's start, from the start's error and the child's environment (Windows spells it `Path`).
  const { spawnProblem } = await import('../../src/process/program-problem.ts');
  expect(spawnProblem('ENOENT', 'npm', dir, { Path: `${dir};${bin}` }, 'win32')).toBe(advice('npm', 'npm.cmd'));
  // A batch file named as one: the spawn refuses it (EINVAL), and the start said only "check the command in the plan".
  expect(spawnProblem('EINVAL', 'scripts\\build.CMD', dir, {}, 'win32')).toBe(`'scripts\\build.CMD' is a batch file, which starts only through cmd: write ["cmd", "/c", "scripts\\build.CMD", …]`);
  expect(spawnProblem('EINVAL', 'build.cmd', dir, {}, 'linux')).toBeUndefined();
});

// Found by a re-read: a path without an ending was looked for as written before its `.exe` was tried.
it('finds a program given by its path as a spawn on Windows does', async () => {
  const { programProblem } = await import('../../src/process/program-problem.ts');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-path-exe-'));
  mkdirSync(path.join(dir, 'tools'));
  writeFileSync(path.join(dir, 'tools', 'run.exe'), '');
  chmodSync(path.join(dir, 'tools', 'run.exe'), 0o755);
  expect(programProblem('./tools/run', dir, '', 'win32')).toBeUndefined();
  expect(programProblem('./tools/run', dir, '', 'linux')).toBe(`there is no file './tools/run' (from ${dir})`);
});

// Each program is looked up once (a plan of 16,000 commands held the event loop 2.7 s): one written many times is
// still warned of at each place it is written.
it('warns of a missing program at every place it is written, however often', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-programs-'));
  const tools = Array.from({ length: 600 }, (_, i) => `  t${i}: { description: T, command: [${i % 2 === 0 ? 'same-missing-xyz' : `missing-${i}-xyz`}] }`);
  writeFileSync(path.join(dir, 'plan.yml'), ['name: Many', 'tools:', ...tools, 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: t0, args: {} }', ''].join('\n'));
  const lines: string[] = [];
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    expect(await validateCommand(['plan.yml'], (line) => lines.push(line), { cwd: dir, env: { PATH: process.env.PATH ?? '' } })).toBe(true);
  } finally {
    process.chdir(cwd);
  }
  const warnings = lines.filter((line) => line.startsWith('warning: '));
  expect(warnings).toHaveLength(600);
  expect(warnings.filter((line) => line.includes("'same-missing-xyz' is not on PATH here"))).toHaveLength(300);
  expect(warnings[599]).toMatch(/^warning: plan\.yml:602:\d+: tool 't599': 'missing-599-xyz' is not on PATH here/);
});

// A script saved with Windows line endings starts nowhere (`/bin/sh\r` is no interpreter), and `validate` said ok of it.
it('warns of a script whose #! line names an interpreter this machine lacks, on PATH or by its path', async () => {
  const { programProblem } = await import('../../src/process/program-problem.ts');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-shebang-'));
  writeFileSync(path.join(dir, 'crlf'), '#!/bin/sh\r\necho 1\r\n');
  writeFileSync(path.join(dir, 'py9'), '#! /opt/none/python9\nprint(1)\n');
  writeFileSync(path.join(dir, 'fine'), '#!/bin/sh\necho 1\n');
  for (const name of ['crlf', 'py9', 'fine']) chmodSync(path.join(dir, name), 0o755);
  expect(programProblem('crlf', dir, dir, 'linux')).toMatch(/^'crlf' has Windows \(CRLF\) line endings: its #! line names the interpreter "\/bin\/sh\\r"/);
  expect(programProblem('./py9', dir, undefined, 'linux')).toBe("the #! line of './py9' names the interpreter '/opt/none/python9', which this machine does not have");
  expect(programProblem('fine', dir, dir, 'linux')).toBeUndefined();
});
