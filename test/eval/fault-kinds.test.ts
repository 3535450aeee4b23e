import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaultRule } from '../../src/eval/fault-rule.ts';
import type { EvalSettings } from '../../src/eval/run-eval.ts';
import { CHAPTER_PLAN, ROOT, chapterFaults, runChapterEval } from './eval-fixture.ts';

const BODMAS = { file: 'workflows/bodmas.yml' };

describe('tool faults, injected in the runner and seen in each run\'s events', () => {
  it.each([
    ['timeout', 'step_retrying'],
    ['exit 75', 'step_retrying'],
    ['http 500', 'step_retrying'],
    ['http 429', 'step_retrying'],
  ] as const)('%s on the first multiply is retried and the run still succeeds', async (fault, seen) => {
    const rule = { tool: 'multiply', fault, attempt: 1, ...(fault === 'http 429' && { retry_after: '20ms' }) } as FaultRule;
    const { report, events } = await runChapterEval({ plans: [BODMAS], faults: [rule] });
    expect(report.runs[0]).toMatchObject({ status: 'succeeded', retries: 1, faults: [{ target: 'tool:multiply in 1', fault, call: 1 }] });
    const retry = events.get('plan 1')!.find((event) => event.type === seen);
    expect(retry).toMatchObject({ stepKey: '1', error: expect.stringContaining(`injected fault '${fault}' on call 1`) });
    if (fault === 'http 429') expect(retry).toMatchObject({ waitMs: 20 });
  });

  it('exit 1 is permanent: never retried; the step fails and the run does not succeed', async () => {
    const { report, events } = await runChapterEval({ plans: [BODMAS], faults: [{ tool: 'divide', fault: 'exit 1', attempt: 1 }] });
    expect(report.runs[0]).toMatchObject({ retries: 0 });
    expect(report.runs[0]!.status).not.toBe('succeeded');
    expect(events.get('plan 1')).toContainEqual(expect.objectContaining({ type: 'step_failed', stepKey: '2', transient: false, error: expect.stringContaining("injected fault 'exit 1'") }));
    expect(report.columns[0]!.successRate).toBe(0);
  });

  it('slow holds the call for its delay, then runs the tool', async () => {
    const { report, events } = await runChapterEval({ plans: [BODMAS], faults: [{ tool: 'add', fault: 'slow', delay: '150ms', attempt: 1 }] });
    expect(report.runs[0]).toMatchObject({ status: 'succeeded', faults: [{ target: 'tool:add in 3', fault: 'slow' }] });
    const completed = events.get('plan 1')!.find((event) => event.type === 'step_completed' && event.stepKey === '3');
    expect(completed).toMatchObject({ result: 14 });
    expect((completed as { durationMs: number }).durationMs).toBeGreaterThanOrEqual(140);
  });
});

describe('model faults, injected below the SDK', () => {
  it('bad json from the planner is repaired by its one repair call', async () => {
    const { report } = await runChapterEval({ faults: [{ model: 'planner', fault: 'bad json', attempt: 1 }] });
    expect(report.runs[0]).toMatchObject({ status: 'succeeded', plannerCalls: 2, planValid: true, faults: [{ target: 'model:planner', fault: 'bad json' }] });
    expect(report.columns[0]).toMatchObject({ planValidRate: 1, planFirstTryRate: 0 });
  });

  // The `bad json` fault read a live endpoint's answer whole, below the client's 16 MiB cap: an endless
  // answer filled memory again (found by a review of the cap).
  it('bad json reads a live answer through the cap: an endless one fails the step', async () => {
    const endless = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"choices":[{"message":{"content":"');
        const chunk = 'a'.repeat(64 * 1024);
        const more = (): void => {
          if (res.destroyed) return;
          if (res.write(chunk)) setImmediate(more);
          else res.once('drain', more);
        };
        res.on('error', () => {});
        more();
      });
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-'));
      const plan = path.join(dir, 'note.yml');
      writeFileSync(plan, 'name: note\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Write a note }\n');
      const baseURL = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/v1`;
      const { report, events } = await runChapterEval({ plans: [{ file: plan }], model: { kind: 'live', baseURL, apiKey: 'k' }, faults: [{ model: 'step:1', fault: 'bad json', attempt: 1 }] });
      expect(report.runs[0]?.status).not.toBe('succeeded');
      const failed = [...events.values()].flat().find((event) => event.type === 'step_failed');
      expect(failed && 'error' in failed ? failed.error : '').toContain('the answer was longer than the 16 MiB plan-runner reads');
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  // What an endpoint bills for a request abandoned in flight is not known: the run's figures leave it
  // out, and the eval's table says how many there were instead of passing over them.
  it('a request abandoned at a step timeout is counted apart, and the table says so', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-'));
    const plan = path.join(dir, 'note.yml');
    // 2 s: the retry answers in 40 ms alone, 250 ms with the machine loaded eight times over.
    writeFileSync(plan, 'name: note\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Write a note, timeout_seconds: 2 }\n');
    const model: EvalSettings['model'] = { kind: 'answers', answers: { 'step:1': [{ text: 'A note.' }] } };
    const { report } = await runChapterEval({ plans: [{ file: plan }], model, faults: [{ model: 'step:1', fault: 'slow', delay: '20s', attempt: 1 }] });
    expect(report.runs[0]).toMatchObject({ status: 'succeeded', retries: 1, modelCalls: 1, abandonedRequests: 1 });
    expect(report.markdown).toContain('| model requests abandoned per run, not in the cost (mean) | 1 |');
    const calm = await runChapterEval({ plans: [{ file: plan }], model, faults: [] });
    expect(calm.report.runs[0]).toMatchObject({ status: 'succeeded', abandonedRequests: 0 });
    expect(calm.report.markdown).not.toContain('abandoned');
  });

  it('a 429 and a 500 are retried by the SDK: the calls succeed and count once', async () => {
    const { report } = await runChapterEval({
      faults: [
        { model: 'planner', fault: 'http 429', attempt: 1, retry_after: '1ms' },
        { model: 'step:*', fault: 'model 500', attempt: 1 },
      ],
    });
    expect(report.runs[0]).toMatchObject({ status: 'succeeded', modelCalls: 3, plannerCalls: 1 });
    expect(report.runs[0]!.faults).toEqual([
      { target: 'model:planner', fault: 'http 429', call: 1, rule: 0 },
      { target: 'model:step:7', fault: 'model 500', call: 1, rule: 1 },
    ]);
  });
});

describe('reproducible draws', () => {
  const rule: FaultRule = { tool: '*', fault: 'http 429', rate: 0.5, retry_after: '1ms' };
  const draws = async (seed: number) => (await runChapterEval({ plans: [BODMAS], faults: [rule], seed, runs: 3 })).report.runs.map((run) => run.faults);

  it('the same seed injects the same faults in the same calls; another seed does not', async () => {
    const first = await draws(7);
    expect(first.flat().length).toBeGreaterThan(0);
    expect(await draws(7)).toEqual(first);
    expect(await draws(8)).not.toEqual(first);
  });
});

describe('verdicts', () => {
  it('thresholds pass and fail as stated', async () => {
    const met = await runChapterEval({ plans: [BODMAS], faults: [] }, { minSuccessRate: 1, maxCostUsdPerRun: 0 });
    expect(met.report.thresholds.map((check) => [check.name, check.ok])).toEqual([['min-success-rate', true], ['max-cost-usd-per-run', true]]);
    expect(met.report.passed).toBe(true);
    const unmet = await runChapterEval({ plans: [BODMAS], faults: [{ tool: 'add', fault: 'exit 1', attempt: 1 }] }, { minSuccessRate: 0.9 });
    expect(unmet.report.thresholds).toEqual([{ name: 'min-success-rate', limit: 0.9, actual: 0, ok: false }]);
    expect(unmet.report.passed).toBe(false);
    expect(unmet.report.markdown).toContain('❌ `min-success-rate`: 0.0000 (limit 0.9)');
    const costly = await runChapterEval({ faults: [] }, { maxCostUsdPerRun: 0.0001 });
    expect(costly.report.passed).toBe(false);
  });

  it('--compare reports a regression when the new plan succeeds less often', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-'));
    const worse = path.join(dir, 'no-replans.yml');
    writeFileSync(worse, readFileSync(path.join(ROOT, CHAPTER_PLAN), 'utf8').replace('max_replans: 2', 'max_replans: 0'));
    const { report } = await runChapterEval({ plans: [{ file: CHAPTER_PLAN, label: 'base' }, { file: worse, label: 'new' }] });
    expect(report.columns.map((column) => [column.column, column.successRate])).toEqual([['base', 1], ['new', 0]]);
    expect(report.regressions).toContainEqual({ figure: 'success rate', base: 1, plan: 0 });
    expect(report.passed).toBe(false);
    expect(report.markdown).toContain('regression(s)** against the base plan');
  });
});

describe('side effects', () => {
  it('a plan with a side-effect tool is refused before any run calls it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-'));
    const marker = path.join(dir, 'sent');
    const plan = path.join(dir, 'send.yml');
    writeFileSync(path.join(dir, 'send.mjs'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'sent');\n`);
    writeFileSync(plan, `name: send
tools:
  send_email:
    description: Send an email
    command: [node, ${JSON.stringify(path.join(dir, 'send.mjs'))}]
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: send_email, args: {} }
`);
    const { report } = await runChapterEval({ plans: [{ file: plan }], faults: [], baselines: ['react'] });
    expect(report.runs.map((run) => run.status)).toEqual(['rejected', 'rejected']);
    expect(report.runs[0]!.reason).toContain('plan-runner eval runs a plan many times');
    expect(existsSync(marker)).toBe(false);
  });
});

// Rules naming a tool the plan does not have (`emitt`) or a goal it does not have injected nothing, and
// the eval's fault-tolerance gate passed on runs that met no fault (found by a review).
describe('a fault rule that targets no call', () => {
  it('fails the eval, naming the rule, while the rules that did target calls pass it', async () => {
    const faults = await chapterFaults();
    const idle = await runChapterEval({ faults: [...faults, { tool: 'emitt', fault: 'timeout', attempt: 1 }, { model: 'goal:no such goal', fault: 'http 500', rate: 1 }] });
    expect(idle.report.passed).toBe(false);
    expect(idle.report.markdown).toContain('Failed: fault rule 2 (tool: emitt, timeout), rule 3 (model: goal:no such goal, http 500) matched no call in any run, so what it would test was never tried');
    const used = await runChapterEval({ faults });
    expect(used.report.passed).toBe(true);
  });
});
