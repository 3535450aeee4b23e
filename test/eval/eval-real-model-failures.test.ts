// A run with a fault of the eval's own on any model call had every real request of that run passed over (found by an
// adversarial pass): an endpoint that refused every request the eval sent (a revoked key) read as the eval's doing, and
// the eval passed on a plan no model answered; a request abandoned after it left (an answer that broke off) read as one
// a `slow` fault held, and the cost gate passed without what the provider bills for it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { evalSettings } from './eval-fixture.ts';
import { httpError, startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import type { EvalSettings } from '../../src/eval/run-eval.ts';

let dir: string;
let server: ChatServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-real-failures-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: think\ngoal: Say hello\nworkflow_sequence:\n  - { id: a, type: reasoning, description: Say hello }\n');
  await writeFile(path.join(dir, 'timed.yml'), 'name: timed\ngoal: Say hello\nworkflow_sequence:\n  - { id: a, type: reasoning, description: Say hello, timeout_seconds: 1 }\n');
  server = await startChatServer();
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

// The step's first request is answered by an injected 500 in the endpoint's place; the SDK retries it, to the endpoint.
const settings = (): EvalSettings =>
  evalSettings(path.join(dir, 'plan.yml'), {
    faults: [{ model: 'step:a', fault: 'http 500', attempt: 1 }],
    model: { kind: 'live', baseURL: server.baseURL, apiKey: 'sk-test-0000000000000000000000' },
  });

describe('real model requests beside an injected model fault', () => {
  it('an endpoint that answered no request fails the eval', async () => {
    server.script(() => httpError(401, { message: 'invalid api key' }));
    const report = await evaluate(settings(), {}, { clock: systemClock, signal: new AbortController().signal });
    expect(report.runs.map((run) => [run.status, run.modelCalls, run.faults.length])).toEqual([['failed', 0, 1]]);
    expect(report.markdown).toContain('Failed: no run of plan got an answer from the model');
    expect(report.passed).toBe(false);
  });

  it('a request abandoned after it left fails the cost gate, not checked', async () => {
    // The retried request's answer breaks off (billed, no usage); the SDK asks again and gets one.
    server.script([{ kind: 'cut', text: '{"id": "chatcmpl-1", "choi' }, textAnswer('hello')]);
    const report = await evaluate(settings(), { maxCostUsdPerRun: 1 }, { clock: systemClock, signal: new AbortController().signal });
    expect(report.runs.map((run) => [run.status, run.abandonedRequests, run.faults.length])).toEqual([['succeeded', 1, 1]]);
    expect(report.thresholds).toEqual([expect.objectContaining({ name: 'max-cost-usd-per-run', ok: false, unevaluable: expect.stringContaining('1 model request(s) were abandoned') })]);
    expect(report.passed).toBe(false);
  });

  it('a request a `slow` fault held until it was abandoned never left: the cost gate is checked', async () => {
    // The first request is held past the step's timeout; the step's retry is answered.
    server.script([textAnswer('hello')]);
    const held = evalSettings(path.join(dir, 'timed.yml'), { faults: [{ model: 'step:a', fault: 'slow', delay: '20s', attempt: 1 }], model: settings().model });
    const report = await evaluate(held, { maxCostUsdPerRun: 1 }, { clock: systemClock, signal: new AbortController().signal });
    expect(report.runs.map((run) => [run.status, run.abandonedRequests, run.heldAbandonedRequests])).toEqual([['succeeded', 1, 1]]);
    expect(report.thresholds).toEqual([expect.objectContaining({ name: 'max-cost-usd-per-run', ok: true })]);
    expect(report.passed).toBe(true);
  });
});
