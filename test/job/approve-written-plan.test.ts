// A paused run whose steps the model wrote could never be approved: the pause hashed the plan with the
// written steps in its source, while the approving run hashes the file, which has none ("the plan file
// changed"), though nothing had changed.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

let server: ChatServer;
let dir: string;
beforeEach(async () => {
  server = await startChatServer();
  dir = mkdtempSync(join(tmpdir(), 'plan-runner-written-approval-'));
  writeFileSync(
    join(dir, 'plan.yml'),
    `name: Publish
goal: Publish the product
approval: side-effects
toolsets: [math]
tools:
  publish:
    description: Appends its arguments to published.txt
    command: ["sh", "-c", "cat >> published.txt"]
    input: { type: object, properties: { total: { type: number }, region: { type: string } }, required: [total] }
    side_effects: true
`,
  );
});
afterEach(async () => {
  await server.close();
});

const PLAN = textAnswer(
  JSON.stringify({
    steps: [
      { id: 1, type: 'tool_call', tool: 'multiply', args: { a: 6, b: 7 }, depends_on: [], why: 'the product' },
      { id: 2, type: 'tool_call', tool: 'publish', args: { total: { step_result: 1 }, region: 'eu-west' }, depends_on: [1], why: 'publish' },
    ],
  }),
);

async function job(tracePath: string, extra: Record<string, unknown>) {
  const redact = createRedactor(['eu-central-primary']);
  const trace = traceWriter(tracePath, { redact });
  const outcome = await runJob(
    { planFile: join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env.PATH }, model: { baseURL: server.baseURL, apiKey: 'sk-test' }, ...extra } as never,
    { listeners: [trace.listener], clock: systemClock, redact },
  );
  await trace.close();
  return outcome;
}

it('/approve of a run whose steps the model wrote runs the approved step: the plan file hash is the file’s, not the written plan’s', async () => {
  server.script([PLAN]);
  const first = await job(join(dir, 'paused.jsonl'), {});
  expect(first.kind === 'ran' && first.status).toBe('awaiting-approval');
  const text = readFileSync(join(dir, 'paused.jsonl'), 'utf8');
  const asked = text.split('\n').filter(Boolean).map((line) => JSON.parse(line)).findLast((event) => event.type === 'approval_requested');
  const approved = await job(join(dir, 'approved.jsonl'), { resume: { file: join(dir, 'paused.jsonl'), text, label: 'attempt 1' }, approve: { hash: asked.request.hash, by: 'maintainer' } });
  expect(approved.kind === 'rejected' ? approved.errors : undefined).toBeUndefined();
  expect(approved.kind === 'ran' && approved.status).toBe('succeeded');
  expect(existsSync(join(dir, 'published.txt'))).toBe(true);
});

// The trace keeps a written plan redacted: a value the redactor hides is `***` there. The approving run
// runs the trace's steps, whose approval keys were those of the unredacted steps, so it paused again
// at every /approve, for good.
it('/approve of a written plan holding a value the redactor hides runs the step, with the arguments a run that never paused gives it', async () => {
  const hidden = textAnswer(
    JSON.stringify({
      steps: [
        { id: 1, type: 'tool_call', tool: 'multiply', args: { a: 6, b: 7 }, depends_on: [], why: 'the product' },
        { id: 2, type: 'tool_call', tool: 'publish', args: { total: { step_result: 1 }, region: 'eu-central-primary' }, depends_on: [1], why: 'publish' },
      ],
    }),
  );
  server.script([hidden]);
  const first = await job(join(dir, 'paused.jsonl'), {});
  expect(first.kind === 'ran' && first.status).toBe('awaiting-approval');
  const text = readFileSync(join(dir, 'paused.jsonl'), 'utf8');
  expect(text).not.toContain('eu-central-primary');
  const asked = text.split('\n').filter(Boolean).map((line) => JSON.parse(line)).findLast((event) => event.type === 'approval_requested');
  const approved = await job(join(dir, 'approved.jsonl'), { resume: { file: join(dir, 'paused.jsonl'), text, label: 'attempt 1' }, approve: { hash: asked.request.hash, by: 'maintainer' } });
  expect(approved.kind === 'rejected' ? approved.errors : undefined).toBeUndefined();
  expect(approved.kind === 'ran' && approved.status).toBe('succeeded');
  const published = readFileSync(join(dir, 'published.txt'), 'utf8');
  // Tools get redacted arguments in every run: the one that never paused writes the same.
  writeFileSync(join(dir, 'plan.yml'), readFileSync(join(dir, 'plan.yml'), 'utf8').replace('approval: side-effects', 'approval: never'));
  server.script([hidden]);
  const never = await job(join(dir, 'never.jsonl'), {});
  expect(never.kind === 'ran' && never.status).toBe('succeeded');
  expect(readFileSync(join(dir, 'published.txt'), 'utf8')).toBe(published + published);
  expect(published).toBe('{"total":42,"region":"***"}\n');
});
