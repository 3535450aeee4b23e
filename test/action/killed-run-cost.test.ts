import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { finishKilledRun } from '../../src/action/finish-killed-run.ts';
import { TRACE_STARTED_STATE } from '../../src/action/trace-started.ts';
import { jobReportPaths } from '../../src/action/report-paths.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { hang, startChatServer, textAnswer, toolCallAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { recordingIO } from './recording-io.ts';

let workspace: string;
let server: ChatServer;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-killed-cost-'));
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});

const usage = (prompt_tokens: number, completion_tokens: number) => ({ usage: { prompt_tokens, completion_tokens } });

/** Starts the action on `plan` against the chat server, and "kills" it once `requests` calls have come in: the post step reads the trace on disk and writes the summary. */
async function killedAfter(plan: string, requests: number) {
  await writeFile(path.join(workspace, 'plan.yml'), plan);
  const runnerTemp = path.join(workspace, 'runner');
  await mkdir(runnerTemp, { recursive: true });
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'workflow_dispatch', GITHUB_REPOSITORY: 'octo/app', GITHUB_RUN_ID: '77', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  const given: Record<string, string> = { plan: 'plan.yml', state: 'off', 'base-url': server.baseURL, 'api-key': 'sk-test-key' };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const settings = read.settings;
  const stop = new AbortController();
  const saved = new Map<string, string>();
  const main = runAction(settings, { io: recordingIO().io, redact: createRedactor(), clock: systemClock, signal: stop.signal, saveState: (name, value) => saved.set(name, value) });
  try {
    while (server.requests.length < requests) await new Promise((resolve) => setTimeout(resolve, 20));
    const trace = await readFile(jobReportPaths(settings).trace, 'utf8');
    const { io, said } = recordingIO();
    expect(await finishKilledRun(settings, { io, redact: createRedactor(), clock: systemClock, traceStarted: saved.get(TRACE_STARTED_STATE) })).toBe(true);
    return { trace, cost: said.summary.slice(said.summary.indexOf('### Cost')) };
  } finally {
    stop.abort();
    await (await main).published;
  }
}

// A killed run's post step rebuilt its cost from its steps' ends alone: the review's call, and the calls of
// the agent step the kill cut short, were in no figure, and the summary said 1 model call where 3 were made
// (found by reading the code in an earlier round). The trace now has each call as it is charged.
it('a killed run’s summary counts every call made: a running step’s, and those no step owns', async () => {
  server.script([
    textAnswer('hi', usage(100, 10)),
    textAnswer('{"fits": true}', usage(200, 20)),
    { ...toolCallAnswer('add', { a: 1, b: 2 }), ...usage(400, 40) },
    hang(),
  ]);
  const plan = [
    'name: Killed',
    'toolsets: [math]',
    'model: { name: gpt-4.1-mini }',
    'workflow_sequence:',
    '  - { id: a, type: reasoning, description: say hi, review: true }',
    '  - { id: b, type: agent, task: add one and two, tools: [add], depends_on: [a] }',
    '',
  ].join('\n');
  const { trace, cost } = await killedAfter(plan, 4);
  // Each charge is on disk when it is made, not up to 250 ms later with the next batch.
  expect(trace.match(/"type":"model_used"/g)).toHaveLength(3);
  // Its counts alone: not the model's name and price the budget priced it with, on every line.
  const used = trace.split('\n').filter((line) => line.includes('"model_used"')).map((line) => Object.keys(JSON.parse(line) as object).sort().join());
  expect(new Set(used)).toEqual(new Set(['at,stepKey,ts,type,usage', 'at,ts,type,usage']));
  expect(trace.split('\n').filter((line) => line.includes('"model_used"')).every((line) => !line.includes('priceKnown') && !line.includes('gpt-4.1'))).toBe(true);
  expect(cost).toMatch(/\| a \| 1 \| 100 \| 10 \|/);
  expect(cost).toMatch(/\| b \| 1 \| 400 \| 40 \|/);
  expect(cost).toMatch(/\| planning and goal checks \| 1 \| 200 \| 20 \|/);
  expect(cost).toMatch(/\| \*\*Total\*\* \| 3 \| 700 \| 70 \|/);
  // The agent's second call was in flight: no figure can have it, and the summary says so.
  expect(cost).toContain('what a model request then in flight used never came back, so no figure here counts it');
});

it('a run killed while its first step waits counts the call that wrote its plan', async () => {
  server.script([textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'reasoning', description: 'Say hello', depends_on: [], why: 'asked' }] }), usage(300, 30)), hang()]);
  const { cost } = await killedAfter('name: Written\ngoal: say hello\nmodel: { name: gpt-4.1-mini }\n', 2);
  expect(cost).toMatch(/\| planning and goal checks \| 1 \| 300 \| 30 \|/);
  expect(cost).toMatch(/\| \*\*Total\*\* \| 1 \| 300 \| 30 \|/);
});

// Found by a hunt of cancels and kills: the trace of a run killed while the model wrote its plan was empty, and the
// post step's summary had no cost for the call that was charged.
it('a run killed while the model writes its plan counts the calls it was charged for', async () => {
  server.script([textAnswer('not a plan', usage(1000, 100)), hang()]);
  const { trace, cost } = await killedAfter('name: Written\ngoal: say hello\nmodel: { name: gpt-4.1-mini }\n', 2);
  expect(trace.match(/"type":"model_used"/g)).toHaveLength(1);
  expect(cost).toMatch(/\| planning \| 1 \| 1,000 \| 100 \|/);
});

it('a run killed while its goals are checked counts the judge calls that answered', async () => {
  server.script([textAnswer('hello', usage(100, 10)), textAnswer('{"met": true, "reason": "polite"}', usage(1000, 50)), hang()]);
  const plan = 'name: Judged\nmodel: { name: gpt-4.1-mini }\nlimits: { concurrency: 1 }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Say hello }\ngoals:\n  - { name: polite, judge: The answer is polite. }\n  - { name: short, judge: The answer is short. }\n';
  const { cost } = await killedAfter(plan, 3);
  expect(cost).toMatch(/\| 1 \| 1 \| 100 \| 10 \|/);
  expect(cost).toMatch(/\| planning and goal checks \| 1 \| 1,000 \| 50 \|/);
  expect(cost).toMatch(/\| \*\*Total\*\* \| 2 \| 1,100 \| 60 \|/);
});
