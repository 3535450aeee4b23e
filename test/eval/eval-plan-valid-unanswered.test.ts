// A run whose planner got no answer (an endpoint error, an injected fault past the SDK's retries) counted as one whose
// model wrote an invalid plan: the table's "plan valid" read 0% where no plan was written (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { evalSettings } from './eval-fixture.ts';
import { httpError, startChatServer, type ChatServer } from '../helpers/chat-server.ts';

let dir: string;
let server: ChatServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-plan-valid-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: sum\ngoal: Add 1 and 2\ntoolsets: [math]\n');
  server = await startChatServer();
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the plan-valid figure of runs whose planner got no answer', () => {
  it('counts no plan as invalid that the model never wrote', async () => {
    server.script(() => httpError(400, { message: 'model not found' }));
    const settings = evalSettings(path.join(dir, 'plan.yml'), { runs: 2, model: { kind: 'live', baseURL: server.baseURL, apiKey: 'sk-test-0000000000000000000000' } });
    const report = await evaluate(settings, {}, { clock: systemClock, signal: new AbortController().signal });
    expect(report.runs.map((run) => [run.status, run.plannerCalls, run.planValid])).toEqual([['rejected', 2, undefined], ['rejected', 2, undefined]]);
    expect(report.columns[0]?.planValidRate).toBeUndefined();
    expect(report.markdown).toContain('| plan valid (first answer / after repair) | — |');
    expect(report.passed).toBe(false);
  });
});

describe('the first-answer figure of an endpoint that refuses `response_format`', () => {
  // The planner asks such an endpoint once more without it: two calls, one answer, and that answer valid.
  it('counts a valid first answer as valid at the first answer', async () => {
    const plan = JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'add', args: { a: 1, b: 2 }, depends_on: [], description: 'Add', why: 'the sum' }] });
    server.script(({ body }) => (body.response_format ? httpError(400, { message: 'response_format is not supported' }) : { kind: 'completion', content: plan }));
    const settings = evalSettings(path.join(dir, 'plan.yml'), { runs: 1, model: { kind: 'live', baseURL: server.baseURL, apiKey: 'sk-test-0000000000000000000000' } });
    const report = await evaluate(settings, {}, { clock: systemClock, signal: new AbortController().signal });
    expect(report.runs.map((run) => [run.status, run.plannerCalls, run.planValid])).toEqual([['succeeded', 2, true]]);
    expect(report.columns[0]).toMatchObject({ planValidRate: 1, planFirstTryRate: 1 });
    expect(report.markdown).toContain('| plan valid (first answer / after repair) | 100% / 100% |');
  });
});

// The job's own rule: the model's plan was refused only when it wrote one that failed validation (`rejectedPlan`). A
// valid plan whose run was refused after it (a toolset it could not set up) read as an invalid one.
describe('the plan-valid figure of runs refused after the model wrote a valid plan', () => {
  it('counts no such plan as invalid', async () => {
    await writeFile(path.join(dir, 'github.yml'), 'name: sum\ngoal: Add 1 and 2\ntoolsets: [math, github]\n');
    const plan = JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'add', args: { a: 1, b: 2 }, depends_on: [], description: 'Add', why: 'the sum' }] });
    server.script(() => ({ kind: 'completion', content: plan }));
    const settings = evalSettings(path.join(dir, 'github.yml'), { runs: 1, model: { kind: 'live', baseURL: server.baseURL, apiKey: 'sk-test-0000000000000000000000' } });
    const report = await evaluate(settings, {}, { clock: systemClock, signal: new AbortController().signal });
    expect(report.runs.map((run) => [run.status, run.plannerCalls, run.planValid])).toEqual([['rejected', 1, undefined]]);
    expect(report.runs[0]?.reason).toMatch(/github/i);
    expect(report.markdown).toContain('| plan valid (first answer / after repair) | — |');
  });
});
