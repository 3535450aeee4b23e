import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliInProcessStreams } from '../helpers/cli-in-process.ts';
import { cliBundle, runCli } from '../helpers/run-cli.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-approve-'));

const cli = (args: string[]) => runCli(args, { cwd: tmp });

beforeAll(cliBundle, 600_000);

/**
 * `plan-runner run …` in this process, as runCli would run the bundle in `dir`: for the rules of an approval, which
 * are the run’s; the first test and the locales’ go through the bundle. 8 fewer starts, about 0.5 CPU-s.
 */
const inProcess = (args: string[], dir: string) => cliInProcessStreams(args, { cwd: dir });

const PLAN = `name: Guarded sums
toolsets: [math]
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
  - { id: 2, type: tool_call, tool: add, args: { a: { step_result: 1 }, b: 1 }, approval: true }
`;

describe('plan-runner run --resume TRACE --approve HASH', () => {
  it('pauses (exit 0, says how to approve), then runs the approved step reusing the first; a changed plan is refused', async () => {
    const plan = path.join(tmp, 'plan.yml');
    writeFileSync(plan, PLAN);
    const paused = await cli(['run', plan, '--trace', 'paused.jsonl', '--summary', 'paused.md']);
    expect(paused.code, paused.stderr).toBe(0);
    expect(paused.stdout).toContain('status: awaiting-approval');
    const hash = /--approve ([0-9a-f]{32})/.exec(paused.stdout)?.[1];
    expect(hash).toBeDefined();

    writeFileSync(plan, PLAN.replace('b: 1 }', 'b: 2 }'));
    const changed = await cli(['run', plan, '--resume', 'paused.jsonl', '--approve', hash!, '--trace', 'changed.jsonl', '--summary', 'changed.md']);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('changed since the approval was asked');

    writeFileSync(plan, PLAN);
    const approved = await cli(['run', plan, '--resume', 'paused.jsonl', '--approve', hash!, '--trace', 'approved.jsonl', '--summary', 'approved.md']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain('status: succeeded');
    const trace = readFileSync(path.join(tmp, 'approved.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string; stepKey?: string });
    expect(trace.filter((event) => event.type === 'tool_called').map((event) => event.stepKey)).toEqual(['2']);
  });

  it('refuses an approval when a plan the paused step uses changed since: the hash covers used plan files too', async () => {
    const dir = mkdtempSync(path.join(tmp, 'nested-'));
    const run = (args: string[]) => inProcess(args, dir);
    const SUB = 'name: Inner\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 1 } }\n';
    writeFileSync(path.join(dir, 'inner.yml'), SUB);
    writeFileSync(path.join(dir, 'outer.yml'), 'name: Outer\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }\n  - { id: 2, type: plan, uses: inner.yml, depends_on: [1], approval: true }\n');
    const paused = await run(['run', 'outer.yml', '--trace', 'paused.jsonl', '--summary', 'paused.md']);
    expect(paused.code, paused.stderr).toBe(0);
    const hash = /--approve ([0-9a-f]{32})/.exec(paused.stdout)?.[1];
    expect(hash).toBeDefined();

    writeFileSync(path.join(dir, 'inner.yml'), SUB.replace('b: 1 }', 'b: 1000 }'));
    const changed = await run(['run', 'outer.yml', '--resume', 'paused.jsonl', '--approve', hash!, '--trace', 'changed.jsonl', '--summary', 'changed.md']);
    expect(changed.stderr + changed.stdout).toContain('the plan file outer.yml or a plan file it uses (inner.yml) changed since the approval was asked');
    expect(changed.code).toBe(1);

    writeFileSync(path.join(dir, 'inner.yml'), SUB);
    const approved = await run(['run', 'outer.yml', '--resume', 'paused.jsonl', '--approve', hash!, '--trace', 'approved.jsonl', '--summary', 'approved.md']);
    expect(approved.code, approved.stderr + approved.stdout).toBe(0);
    expect(approved.stdout).toContain('status: succeeded');
  });

  it('approves under another locale than the pause: used plans are hashed in an order no locale changes', async () => {
    const dir = mkdtempSync(path.join(tmp, 'locales-'));
    const SUB = 'name: Inner\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 1 } }\n';
    writeFileSync(path.join(dir, 'aa.yml'), SUB);
    writeFileSync(path.join(dir, 'z.yml'), SUB);
    writeFileSync(path.join(dir, 'outer.yml'), 'name: Outer\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: plan, uses: aa.yml }\n  - { id: 2, type: plan, uses: z.yml, depends_on: [1], approval: true }\n');
    // Danish collation sorts `aa` after `z`; en-US, before it. The hash used to follow the locale.
    const paused = await runCli(['run', 'outer.yml', '--trace', 'paused.jsonl', '--summary', 'paused.md'], { cwd: dir, env: { LANG: 'da_DK.UTF-8', LC_ALL: 'da_DK.UTF-8' } });
    expect(paused.code, paused.stderr).toBe(0);
    const hash = /--approve ([0-9a-f]{32})/.exec(paused.stdout)?.[1];
    expect(hash).toBeDefined();
    const approved = await runCli(['run', 'outer.yml', '--resume', 'paused.jsonl', '--approve', hash!, '--trace', 'approved.jsonl', '--summary', 'approved.md'], {
      cwd: dir,
      env: { LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' },
    });
    expect(approved.code, approved.stderr + approved.stdout).toBe(0);
    expect(approved.stdout).toContain('status: succeeded');
  });

  it('exits 1 when a plan with required goals pauses: its goals were not checked, so the gate does not pass', async () => {
    const dir = mkdtempSync(path.join(tmp, 'gate-'));
    writeFileSync(path.join(dir, 'plan.yml'), `${PLAN}goals:\n  - { name: the sum is 43, equals: "43" }\n`);
    const paused = await inProcess(['run', 'plan.yml', '--trace', 'paused.jsonl', '--summary', 'paused.md'], dir);
    expect(paused.stdout).toContain('status: awaiting-approval');
    expect(paused.stderr).toContain('the run is paused for approval, so its goals were not checked: exit 1');
    expect(paused.code).toBe(1);
    const hash = /--approve ([0-9a-f]{32})/.exec(paused.stdout)?.[1];
    const approved = await inProcess(['run', 'plan.yml', '--resume', 'paused.jsonl', '--approve', hash!, '--trace', 'approved.jsonl', '--summary', 'approved.md'], dir);
    expect(approved.stdout).toContain('✅ goal: the sum is 43');
    expect(approved.code, approved.stderr).toBe(0);
  });

  it('refuses an approval given with other inputs than the pause had: the arguments shown follow from them', async () => {
    const dir = mkdtempSync(path.join(tmp, 'inputs-'));
    writeFileSync(path.join(dir, 'plan.yml'), `name: Deploy
inputs:
  target: { description: where to deploy, default: staging }
tools:
  deploy:
    description: Deploys (appends its input to deployed.txt)
    command: ["sh", "-c", "cat >> deployed.txt"]
    input: { type: object, properties: { target: { type: string } }, required: [target] }
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: deploy, args: { target: "\${inputs.target}" }, approval: true }
`);
    const run = (args: string[]) => inProcess(args, dir);
    const paused = await run(['run', 'plan.yml', '--input', 'target=staging', '--trace', 'p.jsonl', '--summary', 'p.md']);
    expect(paused.stdout).toContain('status: awaiting-approval');
    const hash = /--approve ([0-9a-f]{32})/.exec(paused.stdout)?.[1];
    const other = await run(['run', 'plan.yml', '--input', 'target=production', '--resume', 'p.jsonl', '--approve', hash!, '--trace', 'a.jsonl', '--summary', 'a.md']);
    expect(other.stderr).toContain("the run's inputs differ from those of the run that asked for approval");
    expect(other.code).toBe(1);
    expect(existsSync(path.join(dir, 'deployed.txt'))).toBe(false);
    const same = await run(['run', 'plan.yml', '--input', 'target=staging', '--resume', 'p.jsonl', '--approve', hash!, '--trace', 'b.jsonl', '--summary', 'b.md']);
    expect(same.code, same.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'deployed.txt'), 'utf8').trim()).toBe('{"target":"staging"}');
  });

  it('needs --resume with --approve', async () => {
    expect(await cli(['run', 'plan.yml', '--approve', 'abc'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--approve HASH approves the run that --resume TRACE paused') });
  });
});
