import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cliInProcess } from '../helpers/cli-in-process.ts';

const PLAN = `name: Guarded sums
toolsets: [math]
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
  - { id: 2, type: tool_call, tool: add, args: { a: { step_result: 1 }, b: 1 }, approval: true }
`;

/** Runs `plan-runner run …` in this process; returns the exit code and what it printed. */
const run = (argv: readonly string[]) => cliInProcess(argv);

afterEach(() => vi.restoreAllMocks());

describe('a resume the job refuses', () => {
  it('leaves the paused trace byte for byte when it is also the output trace', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-refused-'));
    const plan = path.join(dir, 'plan.yml');
    const trace = path.join(dir, 'trace.jsonl');
    const summary = path.join(dir, 'report.md');
    writeFileSync(plan, PLAN);
    const paused = await run(['run', plan, '--trace', trace, '--summary', summary]);
    expect(paused.code, paused.out).toBe(0);
    const hash = /--approve ([0-9a-f]{32})/.exec(paused.out)?.[1];
    expect(hash).toBeDefined();
    const before = readFileSync(trace);
    expect(before.length).toBeGreaterThan(0);

    const wrong = await run(['run', plan, '--resume', trace, '--approve', '0'.repeat(32), '--trace', trace, '--summary', summary]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('cannot approve');
    expect(readFileSync(trace).equals(before)).toBe(true);

    writeFileSync(plan, PLAN.replace('b: 1 }', 'b: 2 }'));
    const changed = await run(['run', plan, '--resume', trace, '--approve', hash!, '--trace', trace, '--summary', summary]);
    expect(changed.code).toBe(1);
    expect(readFileSync(trace).equals(before)).toBe(true);

    writeFileSync(plan, PLAN);
    const approved = await run(['run', plan, '--resume', trace, '--approve', hash!, '--trace', trace, '--summary', summary]);
    expect(approved.code, approved.out).toBe(0);
    expect(approved.out).toContain('status: succeeded');
    expect(readFileSync(trace, 'utf8')).toContain('"type":"run_finished"');
  });

  // In place was told by comparing paths: a refused --approve of the trace named through a symlinked
  // folder emptied it, the paused run's only state (found by an adversarial pass).
  it('leaves the paused trace when --resume names it by another path than --trace', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-alias-'));
    const plan = path.join(dir, 'plan.yml');
    const trace = path.join(dir, 'out', 'trace.jsonl');
    const summary = path.join(dir, 'report.md');
    writeFileSync(plan, PLAN);
    mkdirSync(path.join(dir, 'out'));
    symlinkSync(path.join(dir, 'out'), path.join(dir, 'alias'));
    const paused = await run(['run', plan, '--trace', trace, '--summary', summary]);
    const hash = /--approve ([0-9a-f]{32})/.exec(paused.out)?.[1];
    const before = readFileSync(trace);
    const wrong = await run(['run', plan, '--resume', path.join(dir, 'alias', 'trace.jsonl'), '--approve', '0'.repeat(32), '--trace', trace, '--summary', summary]);
    expect(wrong.code).toBe(1);
    expect(readFileSync(trace).equals(before)).toBe(true);
    const approved = await run(['run', plan, '--resume', path.join(dir, 'alias', 'trace.jsonl'), '--approve', hash!, '--trace', trace, '--summary', summary]);
    expect(approved.out).toContain('status: succeeded');
  });

  // The gate was asked before the earlier result was looked for: a resume after an approved run failed
  // paused again for a step that had run, and approving that refused to repeat its side effect, for
  // good (found by an adversarial pass).
  it('reuses a step that ran after an approval, and asks approval only for the steps still to run', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-approved-'));
    const plan = path.join(dir, 'plan.yml');
    const trace = path.join(dir, 'trace.jsonl');
    const summary = path.join(dir, 'report.md');
    const log = path.join(dir, 'effects.log');
    const flag = path.join(dir, 'fixed.flag');
    const effect = `let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{require("node:fs").appendFileSync(${JSON.stringify(log)},JSON.parse(s).msg+"\\n");process.stdout.write("\\"done\\"")})`;
    const check = `if(!require("node:fs").existsSync(${JSON.stringify(flag)})){console.error("not yet");process.exit(1)}process.stdout.write("\\"ok\\"")`;
    writeFileSync(
      plan,
      [
        'name: Approved then fixed',
        'approval: side-effects',
        'tools:',
        `  effect: { description: Append, command: [${JSON.stringify(process.execPath)}, -e, ${JSON.stringify(effect)}], input: { type: object, properties: { msg: { type: string } } }, side_effects: true }`,
        `  check: { description: Check, command: [${JSON.stringify(process.execPath)}, -e, ${JSON.stringify(check)}], input: { type: object } }`,
        'workflow_sequence:',
        '  - { id: b, type: tool_call, tool: effect, args: { msg: one } }',
        '  - { id: c, type: tool_call, tool: check, args: {} }',
        '  - { id: d, type: tool_call, tool: effect, args: { msg: two } }',
        '',
      ].join('\n'),
    );
    const hashOf = (out: string) => /approval hash ([0-9a-f]{32})/.exec(out)?.[1];
    const paused = await run(['run', plan, '--trace', trace, '--summary', summary]);
    const approved = await run(['run', plan, '--resume', trace, '--approve', hashOf(paused.out)!, '--trace', trace, '--summary', summary]);
    expect(approved.out).toContain('status: failed');
    writeFileSync(flag, '');
    const again = await run(['run', plan, '--resume', trace, '--trace', trace, '--summary', summary]);
    expect(again.out).toMatch(/Awaiting approval: 1 step \(d\)/);
    const done = await run(['run', plan, '--resume', trace, '--approve', hashOf(again.out)!, '--trace', trace, '--summary', summary]);
    expect(done.out).toContain('status: succeeded');
    expect(readFileSync(log, 'utf8')).toBe('one\ntwo\n');
  });

  // A run refused before it starts (an invalid plan, a mistyped --resume or --input) completed nothing: the trace an earlier
  // run left at the path stays, the state a resume needs, and the refused run says so. Emptied, a mistyped --resume
  // destroyed the only file the earlier run could be resumed from (found by a hunt of the README; an earlier review had
  // emptied it so that no earlier trace stood beside the refused run's report, which now names none).
  it('leaves an earlier run’s trace as it was when a run is refused before it starts, and says so', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-stale-'));
    const plan = path.join(dir, 'plan.yml');
    const trace = path.join(dir, 'trace.jsonl');
    const summary = path.join(dir, 'report.md');
    writeFileSync(plan, PLAN.replace(', approval: true', ''));
    expect((await run(['run', plan, '--trace', trace, '--summary', summary])).code).toBe(0);
    expect(readFileSync(trace, 'utf8')).toContain('"type":"run_finished"');
    const earlier = readFileSync(trace, 'utf8');
    writeFileSync(plan, 'name: Broken\nworkflow_sequence: 3\n');
    const refused = await run(['run', plan, '--trace', trace, '--summary', summary]);
    expect(refused.code).toBe(1);
    expect(readFileSync(trace, 'utf8')).toBe(earlier);
    expect(refused.out).toContain(`${trace} is left as it was: this run was refused before it started, and wrote no trace`);
    expect(readFileSync(summary, 'utf8')).not.toContain(trace);
    // A mistyped --resume and an undeclared --input are refused the same way.
    writeFileSync(plan, PLAN.replace(', approval: true', ''));
    const notATrace = path.join(dir, 'x.jsonl');
    writeFileSync(notATrace, '{"not":"a trace"}\n');
    expect((await run(['run', plan, '--trace', trace, '--summary', summary, '--resume', notATrace])).code).toBe(1);
    expect((await run(['run', plan, '--trace', trace, '--summary', summary, '--input', 'zz=1'])).code).toBe(2);
    expect(readFileSync(trace, 'utf8')).toBe(earlier);
  });
});
