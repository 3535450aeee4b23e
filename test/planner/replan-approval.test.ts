import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { startChatServer, textAnswer, type ChatScript, type ChatServer } from '../helpers/chat-server.ts';

// Found by an adversarial hunt: a step the plan file marks `approval: true` waits for a person. When an
// earlier step failed, the replanner (a model, steered by what it read) replaced what was left, that step
// included, with a step calling the same tool without `approval:` (a field only people set), and the tool
// ran with nobody asked.
const PLAN = `
name: Release
model: { name: gpt-4.1-mini }
tools:
  notes: { description: Reads the release notes, command: ["sh", "-c", "exit 3"], input: { type: object } }
  deploy: { description: Deploys, command: ["sh", "-c", "cat >> deployed.txt; echo done"], input: { type: object } }
workflow_sequence:
  - { id: 1, type: tool_call, tool: notes, args: {} }
  - { id: 2, type: tool_call, tool: deploy, args: { target: prod }, depends_on: [1], approval: true }
`;

let server: ChatServer | undefined;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plan-runner-replan-approval-'));
  writeFileSync(join(dir, 'plan.yml'), PLAN);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const replacement = (steps: unknown[]) => textAnswer(JSON.stringify({ steps, why: 'the notes are not needed' }));

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

it('a replacement of a step that asks for approval waits for approval too, whatever the replanner writes', async () => {
  const answers = [
    [{ id: 3, type: 'tool_call', tool: 'deploy', args: '{"target": "prod"}', description: 'deploy anyway', depends_on: [] }],
    [{ id: 3, type: 'agent', task: 'deploy to prod', tools: ['deploy'], description: 'deploy anyway', depends_on: [] }],
  ];
  for (const steps of answers) {
    const outcome = await job([replacement(steps)], join(dir, 'paused.jsonl'));
    if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
    expect(outcome.run.replans).toBe(1);
    expect(existsSync(join(dir, 'deployed.txt'))).toBe(false);
    expect(outcome.status).toBe('awaiting-approval');
    expect(outcome.run.record.steps.get('3')).toMatchObject({ state: 'waiting' });
    expect(outcome.run.record.revisions.at(-1)?.reason).toMatch(/^step 1 failed: .* — the notes are not needed \(its steps ask for approval, as step 2 they replace did\)$/);
  }
});

it('an approval of the replacement runs it, once', async () => {
  const steps = [{ id: 3, type: 'tool_call', tool: 'deploy', args: '{"target": "prod"}', description: 'deploy anyway', depends_on: [] }];
  const paused = await job([replacement(steps)], join(dir, 'paused.jsonl'));
  expect(paused.kind === 'ran' && paused.status).toBe('awaiting-approval');
  const text = readFileSync(join(dir, 'paused.jsonl'), 'utf8');
  const asked = text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; request: { hash: string; pending: { stepKey: string }[] } }).findLast((event) => event.type === 'approval_requested')!;
  expect(asked.request.pending.map((step) => step.stepKey)).toEqual(['3']);
  const approved = await job([], join(dir, 'approved.jsonl'), { resume: { file: join(dir, 'paused.jsonl'), text, label: 'attempt 1' }, approve: { hash: asked.request.hash, by: 'maintainer' } });
  expect(approved.kind === 'ran' && approved.status).toBe('succeeded');
  expect(readFileSync(join(dir, 'deployed.txt'), 'utf8')).toBe('{"target":"prod"}\n');
});

// The approved step itself failed in the approving run, and its replacement, which the person never saw, ran unasked.
it('a replacement of an approved step that failed asks for approval again', async () => {
  writeFileSync(join(dir, 'plan.yml'), PLAN.replace('echo done', 'exit 3').replace('command: ["sh", "-c", "exit 3"]', 'command: ["sh", "-c", "echo notes"]'));
  const paused = await job([], join(dir, 'paused.jsonl'));
  expect(paused.kind === 'ran' && paused.status).toBe('awaiting-approval');
  const text = readFileSync(join(dir, 'paused.jsonl'), 'utf8');
  const asked = text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; request: { hash: string } }).findLast((event) => event.type === 'approval_requested')!;
  const steps = [{ id: 3, type: 'tool_call', tool: 'deploy', args: '{"target": "elsewhere"}', description: 'deploy elsewhere', depends_on: [] }];
  const approved = await job([replacement(steps)], join(dir, 'approved.jsonl'), { resume: { file: join(dir, 'paused.jsonl'), text, label: 'attempt 1' }, approve: { hash: asked.request.hash, by: 'maintainer' } });
  if (approved.kind !== 'ran') throw new Error(JSON.stringify(approved));
  expect(approved.run.replans).toBe(1);
  expect(readFileSync(join(dir, 'deployed.txt'), 'utf8')).toBe('{"target":"prod"}\n');
  expect(approved.status).toBe('awaiting-approval');
});

it('a replacement of a step whose used plan asks for approval asks too; the plan’s side-effects policy alone asks only for the steps it names', async () => {
  writeFileSync(join(dir, 'inner.yml'), 'name: Inner\napproval: plan\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
  writeFileSync(join(dir, 'plan.yml'), PLAN.replace('  - { id: 2, type: tool_call, tool: deploy, args: { target: prod }, depends_on: [1], approval: true }', '  - { id: 2, type: plan, uses: inner.yml, depends_on: [1] }'));
  const steps = [{ id: 3, type: 'tool_call', tool: 'deploy', args: '{"target": "prod"}', description: 'deploy anyway', depends_on: [] }];
  const used = await job([replacement(steps)], join(dir, 'paused.jsonl'));
  expect(used.kind === 'ran' && used.status).toBe('awaiting-approval');
  expect(existsSync(join(dir, 'deployed.txt'))).toBe(false);
  // Under approval: side-effects a waiting step is replaced by steps the policy judges each: a read runs, a write waits.
  writeFileSync(join(dir, 'plan.yml'), `${PLAN.replace('approval: true', 'description: deploy').replace('  deploy: { description: Deploys,', '  deploy: { side_effects: true, description: Deploys,')}approval: side-effects\ntoolsets: [math]\n`);
  const policy = await job([replacement([{ id: 4, type: 'tool_call', tool: 'add', args: '{"a": 1, "b": 2}', description: 'add', depends_on: [] }, { id: 5, type: 'tool_call', tool: 'deploy', args: '{"target": "prod"}', description: 'deploy anyway', depends_on: [] }])], join(dir, 'policy.jsonl'));
  if (policy.kind !== 'ran') throw new Error(JSON.stringify(policy));
  expect(policy.status).toBe('awaiting-approval');
  expect(policy.run.record.steps.get('4')).toMatchObject({ state: 'completed', result: 3 });
  expect(policy.run.record.steps.get('5')).toMatchObject({ state: 'waiting' });
});
