// A baseline column none of whose runs got an answer from the model showed a 0% baseline the plan "beat", and the eval
// passed (exit 0): a plan that needs no model beside a ReAct baseline whose every request the endpoint refused read as
// plan-and-execute 100%, ReAct 0% (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { evalSettings } from './eval-fixture.ts';
import { httpError, startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

let dir: string;
let server: ChatServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-baseline-nothing-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: sum\ngoal: Add 1 and 2\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
  server = await startChatServer();
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const evaluateWith = () =>
  evaluate(evalSettings(path.join(dir, 'plan.yml'), { runs: 2, baselines: ['react'], model: { kind: 'live', baseURL: server.baseURL, apiKey: 'sk-test-0000000000000000000000' } }), {}, { clock: systemClock, signal: new AbortController().signal });

describe('a baseline whose runs got no answer from the model', () => {
  it('fails the eval, saying the baseline’s figures say nothing, rather than showing a 0% baseline', async () => {
    server.script(() => httpError(401, { message: 'invalid api key' }));
    const report = await evaluateWith();
    expect(report.runs.map((run) => [run.column, run.status, run.modelCalls])).toEqual([['plan', 'succeeded', 0], ['plan', 'succeeded', 0], ['react', 'failed', 0], ['react', 'failed', 0]]);
    expect(report.markdown).toMatch(/Failed: no run of react got an answer from the model \(.*invalid api key.*\), so its figures say nothing of the react baseline\./);
    expect(report.passed).toBe(false);
  });

  it('passes when the baseline’s model answered', async () => {
    server.script(() => textAnswer('3'));
    const report = await evaluateWith();
    expect(report.runs.map((run) => [run.column, run.status])).toEqual([['plan', 'succeeded'], ['plan', 'succeeded'], ['react', 'succeeded'], ['react', 'succeeded']]);
    expect(report.markdown).not.toContain('Failed:');
    expect(report.passed).toBe(true);
  });
});
