import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeAnnotations, type AnnotationProperties } from '../../src/report/annotations.ts';
import { planTextHash } from '../../src/plan/plan-text-hash.ts';
import { planLines } from '../../src/report/plan-lines.ts';
import { noRedaction, plan, RunScript, step } from './summary-run-fixture.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-lines-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const PLAN = `name: Lines
workflow_sequence:
  - id: fetch
    type: tool_call
    tool: get
    for_each: { list: [a, b] }
  - { id: 2, type: reasoning, description: Sum up, depends_on: [fetch] }
goals:
  - { name: short, max_chars: 10 }
  - name: says done
    contains: done
`;

it('finds where the plan file writes each step (an item at its step) and each goal', async () => {
  const file = path.join(dir, 'plan.yml');
  await writeFile(file, PLAN);
  const lines = await planLines(file, planTextHash(PLAN));
  expect([lines?.step('fetch'), lines?.step('fetch[b]'), lines?.step('2'), lines?.step('3')]).toEqual([3, 3, 7, undefined]);
  expect([lines?.goal('short'), lines?.goal('says done'), lines?.goal('other')]).toEqual([9, 10, undefined]);
  expect(await planLines(path.join(dir, 'gone.yml'), planTextHash(PLAN))).toBeUndefined();
});

// Found by a review: a step the file does not write took the line of the deepest node there was, and a file a tool
// changed during the run gave the lines of its new text, where GitHub shows the commit's.
it('gives no line for a step the file does not write, and none at all once the file changed', async () => {
  const file = path.join(dir, 'plan.yml');
  const agentPlan = '# An agent works on the task\n\nname: Agentic\ngoal: Triage the issue\ngoals:\n  - { name: labelled, contains: label }\n';
  await writeFile(file, agentPlan);
  const lines = await planLines(file, planTextHash(agentPlan));
  expect([lines?.step('agent'), lines?.goal('labelled')]).toEqual([undefined, 6]);
  await writeFile(file, `# changed by a tool\n${PLAN}`);
  expect(await planLines(file, planTextHash(PLAN))).toBeUndefined();
});

it('puts a failed step’s and an unmet goal’s annotations on their lines', async () => {
  const file = path.join(dir, 'plan.yml');
  await writeFile(file, PLAN);
  const lines = await planLines(file, planTextHash(PLAN));
  const calls: AnnotationProperties[] = [];
  const record = new RunScript(plan([step('fetch', 'a'), step('9', 'b')])).fail('fetch', 'HTTP 404').fail('9', 'replanned in').record();
  const goals = [{ name: 'says done', severity: 'required' as const, outcome: 'unmet' as const, evidence: 'no' }];
  writeAnnotations({ record, goals, planFile: 'plan.yml', ...(lines && { lines }), redact: noRedaction }, (_level, _message, properties) => calls.push(properties));
  expect(calls).toEqual([
    { title: 'Step fetch failed', file: 'plan.yml', startLine: 3 },
    { title: 'Step 9 failed', file: 'plan.yml' },
    { title: 'Goal not met: says done', file: 'plan.yml', startLine: 10 },
  ]);
});
