import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileCacheEnv } from '../helpers/compile-cache.ts';
import { cliBundle, runCli } from '../helpers/run-cli.ts';
import { injectedCommands } from '../security/workflow-commands.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-cli-'));

// The CLI as users run it: the bundle `npm run build` makes (test/helpers/run-cli.ts).
beforeAll(cliBundle, 600_000);

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { cwd: root, env });

function events(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('plan-runner validate', () => {
  it('accepts every example with a one-line summary', async () => {
    const { code, stdout } = await cli(['validate', 'workflows/bodmas.yml', 'workflows/weekly-report.yml']);
    expect(code).toBe(0);
    expect(stdout).toContain('ok workflows/bodmas.yml: 4 steps, 4 tools, 1 goal; no model needed');
    expect(stdout).toMatch(/ok workflows\/weekly-report\.yml: 5 steps, 3 tools, 3 goals; needs a model \(steps: 3, 4, 5\)/);
  });

  it('rejects a broken file with compiler-style lines and exit code 1', async () => {
    const file = path.join(tmp, 'broken.yml');
    writeFileSync(file, 'goal: x\ntoolsets: [math]\nworkflow_sequence:\n  - id: 1\n    type: tool_call\n    tool: ad\n');
    const { code, stdout } = await cli(['validate', file]);
    expect(code).toBe(1);
    expect(stdout).toContain(`${file}:6:11: unknown tool \`ad\``);
    expect(stdout).toContain(`${file}: 1 error`);
  });

  it('counts every YAML error in its summary, not only the lines it prints', async () => {
    const file = path.join(tmp, 'commas.yml');
    writeFileSync(file, `goal: [${','.repeat(5_000)}]\n`);
    const { code, stdout } = await cli(['validate', file]);
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)).toBe(`${file}: 5,000 errors`);
  });

  it('stops writing, with no stack trace and the exit code of the check, when the reader closes its output (`| head`)', async () => {
    const { cli: entry } = await cliBundle();
    const child = spawn(process.execPath, [entry, 'validate', 'workflows/bodmas.yml', 'workflows/weekly-report.yml'], { cwd: root, env: { PATH: process.env['PATH'] ?? '', ...compileCacheEnv() }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // the reader is gone before the first line: that write fails with EPIPE
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});

describe('plan-runner usage', () => {
  // Found by a new-user walkthrough: an unknown command printed the whole usage, where the README says a
  // usage error prints one line and where the usage is; `help` was an unknown command.
  it('exits 2 on an unknown command, in one line with the nearest command; `help` is --help', async () => {
    const { code, stderr } = await cli(['vaildate', 'x.yml']);
    expect(code).toBe(2);
    expect(stderr).toBe("plan-runner: unknown command 'vaildate'; the commands are validate, run, plan, eval (did you mean 'validate'?)\nplan-runner --help lists the commands and their options.\n");
    const help = await cli(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage:');
  });

  // Found by a redaction hunt: a usage error quoted the command line whole, a secret in it included, and the
  // last lines named the --trace path as given.
  it('hides the environment\'s secrets in a usage error and in the paths it names', async () => {
    const secret = 'Zq7vXm3kPw9rT2bLnY5c';
    const usage = await cli(['run', 'workflows/bodmas.yml', '--input', secret], { DEPLOY_TOKEN: secret });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe("plan-runner: --input takes NAME=VALUE, got '***'\nplan-runner --help lists the commands and their options.\n");
    const dir = mkdtempSync(path.join(tmp, `${secret}-`));
    const run = await cli(['run', 'workflows/bodmas.yml', '--trace', path.join(dir, 't.jsonl'), '--summary', path.join(dir, 'r.md')], { DEPLOY_TOKEN: secret });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('trace: ');
    expect(run.stdout).not.toContain(secret);
  });

  it('says how to give a value that starts with a dash', async () => {
    const { code, stderr } = await cli(['run', 'workflows/bodmas.yml', '--trace', '-t.jsonl']);
    expect(code).toBe(2);
    expect(stderr).toBe('plan-runner: --trace needs a value; a value that starts with a dash is written --trace=-…\nplan-runner --help lists the commands and their options.\n');
  });

  it('refuses an API key on the command line', async () => {
    const { code, stderr } = await cli(['run', 'workflows/bodmas.yml', '--api-key', 'sk-test']);
    expect(code).toBe(2);
    expect(stderr).toContain('never taken on the command line');
  });

  // Every usage error printed the 60 lines of usage after its one line, which scrolled it away (found by a
  // new-user review); Node's own "Option '--trace <value>' argument missing" came through as it was.
  it('says a usage error in one line and where the usage is, and an option without its value in its own words', async () => {
    const { code, stderr } = await cli(['run', 'workflows/bodmas.yml', '--trace']);
    expect({ code, stderr }).toEqual({ code: 2, stderr: 'plan-runner: --trace needs a value\nplan-runner --help lists the commands and their options.\n' });
  });

  it('documents every command in --help', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    for (const word of ['validate', 'run', '--input', '--trace', '--record', '--replay', '--api-key-env']) expect(stdout).toContain(word);
  });
});

describe('plan-runner run', () => {
  // One run of the BODMAS example: the first test checks it, the second orders a run by its trace.
  const trace = path.join(tmp, 'bodmas.jsonl');
  const summary = path.join(tmp, 'bodmas.md');
  let bodmas: Awaited<ReturnType<typeof cli>>;
  beforeAll(async () => {
    bodmas = await cli(['run', 'workflows/bodmas.yml', '--trace', trace, '--summary', summary]);
  });

  it('solves the BODMAS example in four tool steps with zero model calls', () => {
    const { code, stdout } = bodmas;
    expect(code).toBe(0);
    expect(stdout).toContain('status: succeeded');
    const finished = events(trace).find((event) => event.type === 'run_finished');
    expect(finished).toMatchObject({ status: 'succeeded', usage: { modelCalls: 0 } });
    const completed = events(trace).filter((event) => event.type === 'step_completed').map((event) => event.result);
    expect(completed).toEqual([12, 3, 14, 11]);
    expect(readFileSync(summary, 'utf8')).toContain('the answer is 11');
  });

  it('orders a run by the step durations of a previous trace, even when it is the trace being rewritten', async () => {
    const weighted = path.join(tmp, 'weighted.jsonl');
    expect(bodmas.code).toBe(0);
    copyFileSync(trace, weighted);
    const again = await cli(['run', 'workflows/bodmas.yml', '--weights-from', weighted, '--trace', weighted, '--summary', path.join(tmp, 'weighted.md')]);
    expect(again.code).toBe(0);
    expect(events(weighted).filter((event) => event.type === 'step_completed')).toHaveLength(4);
  });

  it('refuses a --weights-from file that is not a trace, naming its line', async () => {
    const broken = path.join(tmp, 'broken-trace.jsonl');
    writeFileSync(broken, 'not json\n');
    const refused = await cli(['run', 'workflows/bodmas.yml', '--weights-from', broken, '--trace', path.join(tmp, 'w2.jsonl'), '--summary', path.join(tmp, 'w2.md')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${broken}:1: not a JSON line; give --weights-from the trace file a previous run wrote (--trace)`);
  });

  it('runs the weekly report offline from its replay file', async () => {
    const trace = path.join(tmp, 'weekly.jsonl');
    const { code, stdout } = await cli(['run', 'workflows/weekly-report.yml', '--replay', 'workflows/weekly-report.replay.jsonl', '--trace', trace, '--summary', path.join(tmp, 'weekly.md')]);
    expect(code).toBe(0);
    expect(stdout).toContain('status: succeeded');
    expect(events(trace).find((event) => event.type === 'run_finished')).toMatchObject({ usage: { modelCalls: 3 } });
  });

  it('stops before the first step when steps need a model and none is configured', async () => {
    const trace = path.join(tmp, 'nomodel.jsonl');
    const { code, stderr } = await cli(['run', 'workflows/weekly-report.yml', '--trace', trace, '--summary', path.join(tmp, 'nomodel.md')]);
    expect(code).toBe(1);
    expect(stderr).toContain('steps 3, 4, 5 need a model, and none is configured: OPENAI_API_KEY is empty or not set');
  });

  it('names the variable --api-key-env gave when it holds no key', async () => {
    const { code, stderr } = await cli(['run', 'workflows/weekly-report.yml', '--api-key-env', 'REPORT_KEY', '--trace', path.join(tmp, 'nokey.jsonl'), '--summary', path.join(tmp, 'nokey.md')]);
    expect(code).toBe(1);
    expect(stderr).toContain('none is configured: REPORT_KEY is empty or not set (the API key is read from it, as --api-key-env says); set it, or use --replay FILE');
    expect(stderr).not.toContain('OPENAI_API_KEY');
  });

  it('rejects an input the plan does not declare, or a required one left out, as a usage error (exit 2)', async () => {
    const { code, stderr } = await cli(['run', 'workflows/bodmas.yml', '--input', 'colour=blue', '--trace', path.join(tmp, 'x.jsonl'), '--summary', path.join(tmp, 'x.md')]);
    expect(code).toBe(2);
    expect(stderr).toContain("input 'colour' is not declared");
    const file = path.join(tmp, 'needs-input.yml');
    writeFileSync(file, readFileSync(path.join(root, 'workflows/bodmas.yml'), 'utf8').replace(/^workflow_sequence:/m, 'inputs:\n  colour: { description: a colour }\nworkflow_sequence:'));
    for (const command of ['run', 'plan']) {
      const missing = await cli([command, file, ...(command === 'run' ? ['--trace', path.join(tmp, 'y.jsonl')] : []), '--summary', path.join(tmp, 'y.md')]);
      expect(missing.stderr).toContain("input 'colour' is required: pass --input colour=");
      expect(missing.code).toBe(2);
    }
  });

  it('reports unmet goals in the report as well as in the exit code', async () => {
    const file = path.join(tmp, 'bodmas-12.yml');
    writeFileSync(file, readFileSync(path.join(root, 'workflows/bodmas.yml'), 'utf8').replace('equals: "11"', 'equals: "12"'));
    const summary = path.join(tmp, 'bodmas-12.md');
    const { code, stdout } = await cli(['run', file, '--trace', path.join(tmp, 'bodmas-12.jsonl'), '--summary', summary]);
    expect(code).toBe(1);
    expect(stdout).toContain('status: goals-unmet');
    expect(stdout).toContain('❌ goal: the answer is 11');
    const report = readFileSync(summary, 'utf8');
    expect(report).not.toContain('**Status:** succeeded');
    expect(report).toContain('**Status:** goals unmet');
  });

  it('lets --model replace the plan model: a replay recorded with another model is stale', async () => {
    const { code, stdout } = await cli(['run', 'workflows/weekly-report.yml', '--replay', 'workflows/weekly-report.replay.jsonl', '--model', 'gpt-4o', '--trace', path.join(tmp, 'm.jsonl'), '--summary', path.join(tmp, 'm.md')]);
    expect(code).toBe(1);
    expect(stdout).toContain('model differs: recorded "gpt-4.1-mini" but now "gpt-4o"');
  });

  it('says plainly when the replay file is missing or the report cannot be written', async () => {
    const missing = await cli(['run', 'workflows/weekly-report.yml', '--replay', path.join(tmp, 'none.jsonl'), '--trace', path.join(tmp, 'r.jsonl'), '--summary', path.join(tmp, 'r.md')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('none.jsonl: cannot be read');
    expect(missing.stderr).not.toContain('internal error');
    const blocker = path.join(tmp, 'a-file');
    writeFileSync(blocker, '');
    const unwritable = await cli(['run', 'workflows/bodmas.yml', '--trace', path.join(tmp, 'u.jsonl'), '--summary', path.join(blocker, 'report.md')]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toBe(`plan-runner: cannot write --summary ${path.join(blocker, 'report.md')}: ${blocker} is not a folder, so nothing can be written in it; choose another path\n`);
  });

  // Node's recursive mkdirSync spun at 100% CPU forever under /proc, deaf to SIGTERM: the run never
  // started and never ended. Output paths are now checked before any folder is made.
  it.each([
    ['--trace', '/proc/nope/trace.jsonl', 'a system tree (/proc, /sys, /dev; only an existing device such as /dev/null can be written)'],
    ['--summary', '/sys/kernel/nope/report.md', 'a system tree (/proc, /sys, /dev; only an existing device such as /dev/null can be written)'],
    ['--record', '/dev/nope/record.jsonl', 'a system tree (/proc, /sys, /dev; only an existing device such as /dev/null can be written)'],
  ])('refuses %s %s on a special file system before running anything', async (option, file, reason) => {
    // An option given twice is a usage error: the one under test replaces its default.
    const defaults = { '--trace': path.join(tmp, 'p.jsonl'), '--summary': path.join(tmp, 'p.md'), [option]: file };
    const result = await cli(['run', 'workflows/bodmas.yml', ...Object.entries(defaults).flat()]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`plan-runner: cannot write ${option} ${file}: refused to write ${file}: it is inside ${reason}; choose a path in the workspace or in RUNNER_TEMP\n`);
    expect(result.stdout).toBe('');
  });
});


describe('plan-runner run in a CI step', () => {
  it('prints a tool’s output and error text as text: nothing it printed is a workflow command', async () => {
    const nonce = `INJ${Date.now()}`;
    const tool = path.join(tmp, 'hostile-tool.mjs');
    writeFileSync(tool, `process.stdout.write(${JSON.stringify(`ok\r::error title=${nonce}::forged\n##[add-mask]${nonce}`)});\n`);
    const failing = path.join(tmp, 'hostile-fail.mjs');
    writeFileSync(failing, `process.stderr.write(${JSON.stringify(`boom\n::stop-commands::${nonce}`)});\nprocess.exit(1);\n`);
    const plan = path.join(tmp, 'hostile.yml');
    writeFileSync(
      plan,
      `name: Hostile\ntools:\n  say:\n    description: Say\n    command: [node, ${JSON.stringify(tool)}]\n  fail:\n    description: Fail\n    command: [node, ${JSON.stringify(failing)}]\n` +
        'workflow_sequence:\n  - id: 1\n    type: tool_call\n    tool: say\n    args: {}\n  - id: 2\n    type: tool_call\n    tool: fail\n    args: {}\n    on_failure: fail\n',
    );
    const { code, stdout, stderr } = await cli(['run', plan, '--trace', path.join(tmp, 'hostile.jsonl'), '--summary', path.join(tmp, 'hostile.md')], { GITHUB_ACTIONS: 'true' });
    expect(code).toBe(1);
    const log = `${stdout}\n${stderr}`;
    expect(log).toContain(nonce);
    expect(injectedCommands(log, nonce)).toEqual([]);
  });
});
