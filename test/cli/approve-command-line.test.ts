import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cliInProcess } from '../helpers/cli-in-process.ts';
import { approveCommandLine } from '../../src/cli/approve-command-line.ts';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';

/** Runs `plan-runner run …` in this process; returns the exit code and what it printed. */
const run = (argv: readonly string[]) => cliInProcess(argv);

/** The words a POSIX shell reads from `line`: bare words, '…' quoted parts and \-escapes, as the user’s shell would. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (char === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "'") {
      const end = line.indexOf("'", index + 1);
      if (end < 0) throw new Error(`a quote without its end: ${line}`);
      word = (word ?? '') + line.slice(index + 1, end);
      index = end;
    } else if (char === '\\') {
      word = (word ?? '') + line[index + 1]!;
      index++;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

afterEach(() => vi.restoreAllMocks());

describe('the command a paused run prints to approve it', () => {
  // It named the plan, the trace and the hash only: run as printed, it was refused for other inputs
  // (the defaults), or ran another plan than the one asked about (found by an adversarial pass).
  it('approves the run when run as printed, with the run’s own inputs, quoted as a shell reads them', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-approve-line-'));
    const plan = path.join(dir, "it's plan.yml");
    const log = path.join(dir, 'deployed.txt');
    const deploy = `let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{require("node:fs").appendFileSync(${JSON.stringify(log)},JSON.parse(s).target+"\\n");process.stdout.write("\\"done\\"")})`;
    writeFileSync(
      plan,
      [
        'name: Deploy',
        'inputs:',
        '  target: { description: where to deploy, default: staging }',
        'tools:',
        `  deploy: { description: Deploy, command: [${JSON.stringify(process.execPath)}, -e, ${JSON.stringify(deploy)}], input: { type: object, properties: { target: { type: string } } }, side_effects: true }`,
        'workflow_sequence:',
        '  - { id: 1, type: tool_call, tool: deploy, args: { target: "${inputs.target}" }, approval: true }',
        '',
      ].join('\n'),
    );
    const paused = await run(['run', plan, '--input', "target=blue 'green'", '--trace', path.join(dir, 'p.jsonl'), '--summary', path.join(dir, 'p.md')]);
    expect(paused.out).toContain('status: awaiting-approval');
    const line = /^to approve: plan-runner (.*)$/m.exec(paused.out)?.[1];
    expect(line).toBeDefined();
    expect(existsSync(log)).toBe(false);

    const approved = await run(shellWords(line!));
    expect(approved.out).toContain('status: succeeded');
    expect(approved.code, approved.out).toBe(0);
    expect(readFileSync(log, 'utf8')).toBe("blue 'green'\n");
  });

  // Found by an adversarial pass: a value that starts with a dash (`--model=-local`, a task that is a `- ` bullet,
  // `--trace=-t.jsonl`) was printed as a word of its own, which the CLI refuses as an option without its value.
  it('approves the run when run as printed, an option’s value that starts with a dash included', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-approve-dash-'));
    const plan = path.join(dir, 'plan.yml');
    writeFileSync(plan, 'name: Guarded\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 }, approval: true }\n');
    const paused = await run(['run', plan, '--model=-local', '--trace', path.join(dir, 'p.jsonl'), '--summary', path.join(dir, 'p.md')]);
    const line = /^to approve: plan-runner (.*)$/m.exec(paused.out)?.[1];
    expect(line).toBeDefined();
    const approved = await run(shellWords(line!));
    expect(approved.out).toContain('status: succeeded');
    expect(approved.code, approved.out).toBe(0);
  });

  it('prints a command the CLI reads back as the run’s own options when their values, or the plan’s name, start with a dash', () => {
    const args = parseCliArgs(['run', '--task=- fix the flaky test', '--trace=-t.jsonl', '--summary=-r.md', '--input', 'who=-me', '--', '-plan.yml']);
    if (args.command !== 'run') throw new Error('not a run');
    const again = parseCliArgs(shellWords(approveCommandLine(args, 'abc', (text) => text)).slice(1));
    expect(again).toMatchObject({ command: 'run', file: './-plan.yml', task: '- fix the flaky test', trace: '-t.jsonl', summary: '-r.md', resume: '-t.jsonl', approve: 'abc', inputs: { who: '-me' } });
  });

  it('shows a secret input’s value as *** in it, a quote in the value included', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-approve-secret-'));
    const plan = path.join(dir, 'plan.yml');
    writeFileSync(plan, 'name: Guarded\ninputs:\n  api_token: { description: a token, default: none }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 }, approval: true }\n');
    const paused = await run(['run', plan, '--input', "api_token=s3cr'et-v4lue", '--trace', path.join(dir, 'p.jsonl'), '--summary', path.join(dir, 'p.md')]);
    const line = /^to approve: .*$/m.exec(paused.out)?.[0];
    expect(line).toContain('api_token=***');
    expect(line).not.toContain('v4lue');
  });
});
