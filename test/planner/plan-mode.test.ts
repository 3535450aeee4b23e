import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { planCommand } from '../../src/cli/plan-command.ts';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import { finalReport } from '../../src/report/final-report.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

let server: ChatServer;
let dir: string;
beforeEach(async () => {
  server = await startChatServer();
  dir = mkdtempSync(join(tmpdir(), 'plan-mode-'));
  writeFileSync(join(dir, 'math.yml'), 'name: math\ngoal: Compute 3 × 4\ntoolsets: [math]\n');
});
afterEach(async () => {
  await server.close();
});

const PLAN = textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'multiply', args: { a: 3, b: 4 }, depends_on: [], why: 'the product' }] }));

describe('mode: plan', () => {
  it('writes and validates the plan, and runs nothing', async () => {
    server.script([PLAN]);
    const events: unknown[] = [];
    const outcome = await runJob(
      { planFile: join(dir, 'math.yml'), inputs: {}, cwd: dir, env: {}, model: { baseURL: server.baseURL, apiKey: 'sk-test' }, mode: 'plan' },
      { listeners: [(event) => events.push(event)], clock: systemClock },
    );
    expect(outcome).toMatchObject({ kind: 'planned', written: true, usage: { modelCalls: 1 } });
    expect(outcome.kind === 'planned' && outcome.plan.steps.map((step) => step.tool)).toEqual(['multiply']);
    // Nothing runs: the listeners hear only of the call that wrote the plan, as it is charged.
    expect(events).toEqual([expect.objectContaining({ type: 'model_used', usage: expect.objectContaining({ modelCalls: 1 }) })]);
  });

  it('is `plan-runner plan <file>`: prints the checklist and the Mermaid graph, and writes the summary when asked', async () => {
    server.script([PLAN]);
    process.env.PLAN_MODE_TEST_KEY = 'sk-test';
    const args = parseCliArgs(['plan', join(dir, 'math.yml'), '--base-url', server.baseURL, '--api-key-env', 'PLAN_MODE_TEST_KEY', '--summary', join(dir, 'plan.md')]);
    expect(args).toMatchObject({ command: 'plan', summary: join(dir, 'plan.md') });
    if (args.command !== 'plan') return;
    let printed = '';
    const code = await planCommand(args, new AbortController().signal, (text) => (printed += text));
    delete process.env.PLAN_MODE_TEST_KEY;
    expect(code).toBe(0);
    expect(printed).toContain('math: 1 step, written by the model (1 call) and validated; nothing was run');
    expect(printed).toContain('⬜ 1. multiply — multiply {"a":3,"b":4} · can start at once · why: the product');
    expect(printed).toContain('```mermaid\ngraph TD');
    expect(readFileSync(join(dir, 'plan.md'), 'utf8')).toContain('plan only, nothing was run');
  });

  // Found by an adversarial pass: the name went to the terminal as written, so a plan from someone else's
  // pull request could set the clipboard (OSC 52), retitle the window or overwrite earlier lines.
  it('prints the plan name on one line with its control characters shown', async () => {
    const file = join(dir, 'osc.yml');
    writeFileSync(file, 'name: "Release\\e]52;c;Y3VybA==\\a\\e[1A\\nnext"\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: multiply, args: { a: 3, b: 4 } }\n');
    const args = parseCliArgs(['plan', file]);
    if (args.command !== 'plan') throw new Error('not the plan command');
    let printed = '';
    expect(await planCommand(args, new AbortController().signal, (text) => (printed += text))).toBe(0);
    const first = printed.split('\n')[0]!;
    expect(first).toMatch(/^Release.*next: 1 step, valid; nothing was run$/);
    expect(printed).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
  });

  // Found by an adversarial pass: the error said the rejected plan was in the summary, and without --summary
  // there was none; the model's answer was lost.
  it('prints the rejected plan when no summary is asked for', async () => {
    server.script([textAnswer('not json at all'), textAnswer('still not json')]);
    process.env.PLAN_MODE_TEST_KEY = 'sk-test';
    const args = parseCliArgs(['plan', join(dir, 'math.yml'), '--base-url', server.baseURL, '--api-key-env', 'PLAN_MODE_TEST_KEY']);
    if (args.command !== 'plan') throw new Error('not the plan command');
    let printed = '';
    const code = await planCommand(args, new AbortController().signal, (text) => (printed += text));
    delete process.env.PLAN_MODE_TEST_KEY;
    expect(code).toBe(1);
    expect(printed).toContain('### The plan the model wrote');
    expect(printed).toContain('not json at all');
    expect(printed).toContain('still not json');
  });

  // Found by an adversarial pass: the planner's call spent 5,500 tokens under max_tokens 1,000 and the job succeeded,
  // the cap passed with nothing said; the same plan run (mode: run) failed naming the limit.
  it('fails naming the limit when the model’s calls writing the plan passed a cap, and still shows the plan', async () => {
    writeFileSync(join(dir, 'capped.yml'), 'name: math\ngoal: Compute 3 × 4\ntoolsets: [math]\nlimits: { max_tokens: 1000 }\n');
    server.script([textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'multiply', args: { a: 3, b: 4 }, depends_on: [], why: 'the product' }] }), { usage: { prompt_tokens: 5_000, completion_tokens: 500 } })]);
    const outcome = await runJob(
      { planFile: join(dir, 'capped.yml'), inputs: {}, cwd: dir, env: {}, model: { baseURL: server.baseURL, apiKey: 'sk-test' }, mode: 'plan' },
      { listeners: [], clock: systemClock },
    );
    expect(outcome).toMatchObject({ kind: 'planned', usage: { promptTokens: 5_000, completionTokens: 500 } });
    const report = finalReport(outcome, { planFile: 'capped.yml', planPath: 'capped.yml', tracePath: '', redact: (text) => text });
    expect(report).toMatchObject({ status: 'failed', reason: 'budget exceeded: max_tokens 1,000 (spent 5,500)' });
    expect(report.markdown).toContain('budget exceeded: max_tokens 1,000 (spent 5,500)');
    expect(report.markdown).toContain('multiply');
    // Above the steps, with the planning's cost: after them, a long plan's cut end took both (found by a caps hunt).
    expect(report.markdown.indexOf('**Status:** failed — budget exceeded')).toBeLessThan(report.markdown.indexOf('### Steps'));
    expect(report.markdown.indexOf('### Cost')).toBeLessThan(report.markdown.indexOf('### Steps'));
    // `plan-runner plan` prints the plan, and exits 1 as a run over its budget does.
    server.script([textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'multiply', args: { a: 3, b: 4 }, depends_on: [], why: 'the product' }] }), { usage: { prompt_tokens: 5_000, completion_tokens: 500 } })]);
    process.env.PLAN_MODE_TEST_KEY = 'sk-test';
    const args = parseCliArgs(['plan', join(dir, 'capped.yml'), '--base-url', server.baseURL, '--api-key-env', 'PLAN_MODE_TEST_KEY']);
    if (args.command !== 'plan') throw new Error('not the plan command');
    let printed = '';
    const code = await planCommand(args, new AbortController().signal, (text) => (printed += text));
    delete process.env.PLAN_MODE_TEST_KEY;
    expect(printed).toContain('multiply');
    expect(code).toBe(1);
  });

  it('refuses --trace, which a plan never writes', () => {
    expect(() => parseCliArgs(['plan', 'x.yml', '--trace', 't.jsonl'])).toThrow('plan runs nothing, so it writes no trace');
  });
});
