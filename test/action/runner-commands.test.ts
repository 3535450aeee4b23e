import * as toolkit from '@actions/core';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workflowCommands, type RunnerCommands } from '../../src/action/runner-commands.ts';
import { toolkitCommands } from '../../src/action/toolkit-commands.ts';

// What each implementation leaves for the runner: stdout, the files, the exit code.
interface Left {
  readonly stdout: string;
  readonly output: string;
  readonly state: string;
  readonly summary: string;
  readonly exitCode: typeof process.exitCode;
}

let dir: string;
const savedEnv = { ...process.env };
const savedExitCode = process.exitCode;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'runner-commands-'));
});
afterEach(async () => {
  // In place: process.env is Node's own object, and a worker's next file gets it as this one leaves it.
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
  process.exitCode = savedExitCode;
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** The runner's files, empty, in process.env (where @actions/core reads them) and returned. */
async function runnerFiles(files: boolean): Promise<Record<string, string | undefined>> {
  const env: Record<string, string | undefined> = {};
  for (const [name, file] of [
    ['GITHUB_OUTPUT', 'output'],
    ['GITHUB_STATE', 'state'],
    ['GITHUB_STEP_SUMMARY', 'summary'],
  ] as const) {
    const at = path.join(dir, file);
    await writeFile(at, '');
    if (files) env[name] = at;
    else delete process.env[name];
  }
  Object.assign(process.env, env);
  return { ...process.env };
}

// The delimiters are random per value; compare them by position.
const sameDelimiters = (text: string): string => text.replace(/ghadelimiter_[0-9a-f-]{36}/g, 'ghadelimiter_X');

async function leftBy(use: (commands: RunnerCommands) => Promise<void>, ours: boolean, files: boolean): Promise<Left> {
  const env = await runnerFiles(files);
  process.exitCode = undefined;
  let stdout = '';
  const write = (text: string) => void (stdout += text);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    write(String(chunk));
    return true;
  });
  const commands: RunnerCommands = ours ? workflowCommands(env, write) : toolkitCommands(toolkit);
  try {
    await use(commands);
  } finally {
    vi.restoreAllMocks();
  }
  const read = async (name: string) => sameDelimiters(await readFile(path.join(dir, name), 'utf8'));
  return { stdout: sameDelimiters(stdout), output: await read('output'), state: await read('state'), summary: await read('summary'), exitCode: process.exitCode };
}

// Text an attacker may put anywhere: workflow-command lookalikes, line breaks, escapes.
const hostile = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', ':', ',', '%', '\r', '\n', '::', '%0A', 'é', ' ', '=', '\u2028'), maxLength: 30 }),
  fc.string({ maxLength: 30 }),
);
const properties = fc.record(
  { title: hostile, file: hostile, startLine: fc.nat({ max: 5 }), startColumn: fc.nat({ max: 5 }) },
  { requiredKeys: [] },
);

describe('workflowCommands, byte for byte as @actions/core', () => {
  it('writes the same log lines, output and state files, summary and exit code for any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), hostile, hostile, properties, fc.constantFrom('error', 'warning', 'notice') , async (files, name, text, props, level) => {
        const use = async (commands: RunnerCommands) => {
          commands.info(text);
          commands[level](text, props);
          commands.warning(text);
          commands.startGroup(text);
          commands.endGroup();
          commands.setSecret(text);
          commands.setOutput(`out-${name}`, text);
          commands.saveState(`state-${name}`, text);
          if (files) await commands.appendSummary(text);
          commands.setFailed(text);
        };
        expect(await leftBy(use, true, files)).toEqual(await leftBy(use, false, files));
      }),
      { numRuns: 150 },
    );
  });

  it('reads inputs by the runner’s rule (INPUT_, spaces to underscores, upper case, trimmed)', async () => {
    process.env['INPUT_BASE-URL'] = '  https://x  ';
    process.env['INPUT_MY_INPUT'] = 'v\n';
    const ours = workflowCommands(process.env, () => {});
    for (const name of ['base-url', 'my input', 'missing']) expect(ours.getInput(name)).toBe(toolkit.getInput(name));
    expect(ours.getInput('base-url')).toBe('https://x');
  });

  it('refuses, as the toolkit does, an output file the runner named but that is gone, and a summary with no file', async () => {
    const env = { GITHUB_OUTPUT: path.join(dir, 'gone') };
    const ours = workflowCommands(env, () => {});
    expect(() => ours.setOutput('a', 'b')).toThrow(`Missing file at path: ${env.GITHUB_OUTPUT}`);
    await expect(ours.appendSummary('x')).rejects.toThrow(/GITHUB_STEP_SUMMARY/);
  });
});
