import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBundle, runCli } from '../helpers/run-cli.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-resume-'));

const cli = (args: string[]) => runCli(args, { cwd: root });

function events(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

const started = (trace: string) => events(trace).flatMap((event) => (event.type === 'tool_called' ? [event.stepKey] : []));

beforeAll(cliBundle, 600_000);

describe('plan-runner run --resume', () => {
  const first = path.join(tmp, 'first.jsonl');
  const replay = 'workflows/weekly-report.replay.jsonl';

  it('reuses every completed step of an unchanged plan: no tool runs, no model call', async () => {
    expect((await cli(['run', 'workflows/weekly-report.yml', '--replay', replay, '--trace', first, '--summary', path.join(tmp, 'first.md')])).code).toBe(0);
    // An empty replay file: any model call would fail the run.
    const noAnswers = path.join(tmp, 'empty.jsonl');
    writeFileSync(noAnswers, '');
    const second = path.join(tmp, 'second.jsonl');
    const { code, stdout } = await cli(['run', 'workflows/weekly-report.yml', '--replay', noAnswers, '--resume', first, '--trace', second, '--summary', path.join(tmp, 'second.md')]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/✅ 1\. .*\(reused\)/);
    expect(started(second)).toEqual([]);
    const finished = events(second).find((event) => event.type === 'run_finished') as { usage: { modelCalls: number } };
    expect(finished.usage.modelCalls).toBe(0);
    expect(events(second).filter((event) => event.type === 'step_completed' && event.reused)).toHaveLength(5);
    expect(readFileSync(path.join(tmp, 'second.md'), 'utf8')).toMatch(/Resumed: 5 steps reused from the earlier run, which would have cost 3 model calls/);
    expect(events(second).at(-1)).toMatchObject({ type: 'goals_checked', status: 'succeeded' });
  });

  it('runs exactly a changed step and its dependents again', async () => {
    const before = path.join(tmp, 'bodmas.jsonl');
    expect((await cli(['run', 'workflows/bodmas.yml', '--trace', before, '--summary', path.join(tmp, 'bodmas.md')])).code).toBe(0);
    const changed = path.join(tmp, 'bodmas-changed.yml');
    writeFileSync(changed, readFileSync(path.join(root, 'workflows/bodmas.yml'), 'utf8').replace('description: Add 2 + result of step 1', 'description: Add two and the product'));
    const after = path.join(tmp, 'bodmas-after.jsonl');
    expect((await cli(['run', changed, '--resume', before, '--trace', after, '--summary', path.join(tmp, 'bodmas-after.md')])).code).toBe(0);
    const reused = events(after).flatMap((event) => (event.type === 'step_completed' && event.reused ? [event.stepKey] : []));
    expect(reused).toEqual(['1', '2']);
    expect(started(after)).toEqual(['3', '4']);
  });

  it('refuses a trace of another plan, and one that does not exist', async () => {
    // Every output in the test's folder: the default report is .plan-runner/ in the checkout.
    expect(await cli(['run', 'workflows/bodmas.yml', '--resume', first, '--trace', path.join(tmp, 'x.jsonl'), '--summary', path.join(tmp, 'x.md')])).toMatchObject({ code: 1, stderr: expect.stringContaining("is a trace of the plan 'Weekly product health report', not of 'BODMAS'") });
    expect(await cli(['run', 'workflows/bodmas.yml', '--resume', path.join(tmp, 'nope.jsonl'), '--trace', path.join(tmp, 'y.jsonl'), '--summary', path.join(tmp, 'y.md')])).toMatchObject({ code: 1, stderr: expect.stringContaining('cannot resume: no trace at') });
  });
});
