import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { runJob } from '../../src/job/run-job.ts';
import { checklistHeader } from '../../src/report/checklist.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { startChatServer, textAnswer, type ChatScript, type ChatServer } from '../helpers/chat-server.ts';

// Found by an adversarial pass: a replan may not give a new step the id of one used before in the run (a goal's
// `of:` names it, and a failure it replaced is kept by its id). A re-run that resumed a replanned run knew only the
// ids of its own plan: the first attempt's tests (step 2) failed and were replaced; in the second, a replan wrote
// a step 2 saying PASS, the goal `of: 2` judged it, and the gate opened on tests that never passed.
const PLAN = `
name: Gate
model: { name: gpt-4.1-mini }
toolsets: [math]
limits: { max_replans: 1 }
tools:
  tests: { description: Runs the tests, command: ["sh", "-c", "echo FAIL; exit 3"], input: { type: object } }
  flaky: { description: Flaky, command: ["sh", "-c", "exit 3"], input: { type: object } }
goals:
  - { name: tests pass, of: 2, contains: PASS }
workflow_sequence:
  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }
  - { id: 2, type: tool_call, tool: tests, args: {}, depends_on: [] }
  - { id: 3, type: reasoning, description: Say the result, depends_on: [2] }
`;

let server: ChatServer | undefined;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plan-runner-replan-resumed-ids-'));
  writeFileSync(join(dir, 'plan.yml'), PLAN);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const replacement = (steps: unknown[]) => textAnswer(JSON.stringify({ steps, why: 'another way' }));

async function job(script: ChatScript, tracePath: string, extra: Record<string, unknown> = {}) {
  await server?.close();
  server = await startChatServer(script);
  const redact = createRedactor([]);
  const trace = traceWriter(tracePath, { redact });
  const outcome = await runJob(
    { planFile: join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env.PATH }, model: { baseURL: server.baseURL, apiKey: 'sk-test' }, ...extra } as never,
    { listeners: [trace.listener], clock: systemClock, redact },
  );
  await trace.close();
  return outcome;
}

it('a replan in a resumed run gives no new step the id of a step the run it resumes replaced', async () => {
  const first = await job(
    [
      replacement([
        { id: 4, type: 'tool_call', tool: 'add', args: '{"a": 5, "b": 6}', description: 'add', depends_on: [] },
        { id: 5, type: 'tool_call', tool: 'flaky', args: '{}', description: 'flaky', depends_on: [] },
      ]),
    ],
    join(dir, 'first.jsonl'),
  );
  expect(first.kind === 'ran' && first.status).toBe('escalated');
  const text = readFileSync(join(dir, 'first.jsonl'), 'utf8');
  const prompts: string[] = [];
  const second = await job(
    ({ body }) => {
      prompts.push(JSON.stringify(body.messages));
      return prompts.length === 1 ? replacement([{ id: 2, type: 'reasoning', description: 'Say PASS', depends_on: [] }]) : textAnswer('PASS');
    },
    join(dir, 'second.jsonl'),
    { resume: { file: join(dir, 'first.jsonl'), text, label: 'attempt 1' } },
  );
  if (second.kind !== 'ran') throw new Error(JSON.stringify(second));
  expect(prompts[0]).toContain('Ids used so far (new steps need other ids): 1, 4, 5, 2, 3.');
  expect(second.status).toBe('escalated');
  expect(second.run.reason).toContain('step id 2 was used before in this run; new steps need new ids');
  expect(second.run.record.steps.get('2')).toBeUndefined();
  expect(prompts).toHaveLength(1);
  // The tests failed in the first attempt and were replaced there (and step 3 dropped with them): the second's
  // checklist says so, as that attempt's did, where it read as if no step had ever failed (found by an adversarial pass).
  expect(checklistHeader(second.run.record)).toMatch(/, 2 left undone in the run resumed$/);
});
