import { describe, expect, it } from 'vitest';
import { createRedactor, redactDeep, type Redactor } from '../../src/core/redact.ts';
import { stableHash } from '../../src/core/stable-hash.ts';
import { fileStepsHash } from '../../src/job/run-job.ts';
import { validatePlanObject } from '../../src/plan/validate-plan.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';

function steps(count: number, description = (i: number) => `Add ${i} and 1`, a = (i: number) => i): PlanStep[] {
  const loaded = validatePlanObject(
    { name: 'many', toolsets: ['math'], limits: { max_steps: count }, workflow_sequence: Array.from({ length: count }, (_, i) => ({ id: i + 1, type: 'tool_call', tool: 'add', description: description(i + 1), args: { a: a(i + 1), b: 1 } })) },
    { origin: 'file' },
  );
  if (!loaded.ok) throw new Error(loaded.errors[0]!.message);
  return [...loaded.plan.steps];
}

/** The hash as it was always made, and as earlier traces hold it: of the steps' redacted copy, through JSON. */
const copiedHash = (fileSteps: readonly PlanStep[], redact: Redactor) => stableHash(JSON.parse(JSON.stringify(redactDeep(fileSteps, redact))) as unknown);

/** The steps, counting the copies made of the list (a redacted copy maps it; its JSON text does not). */
function watched(fileSteps: PlanStep[]): { steps: PlanStep[]; copies: () => number } {
  let copies = 0;
  const proxy = new Proxy(fileSteps, { get: (target, property, receiver) => ((property === 'map' && copies++), Reflect.get(target, property, receiver)) });
  return { steps: proxy, copies: () => copies };
}

describe('fileStepsHash', () => {
  it('hashes steps with nothing in their text to redact as the redacted copy would hash, without making the copy', () => {
    const fileSteps = steps(1_000);
    const redact = createRedactor(['a-known-secret-value', '1234567']);
    const { steps: list, copies } = watched(fileSteps);
    expect(fileStepsHash(list, redact)).toBe(copiedHash(fileSteps, redact));
    expect(copies()).toBe(0);
  });

  it.each([
    ['a secret in a description', steps(50, (i) => (i === 7 ? 'uses a-known-secret-value here' : `Add ${i}`))],
    ['a number that is a secret', steps(20, undefined, (i) => (i === 5 ? 1_234_567 : i))],
    ['a token in a description', steps(20, (i) => (i === 3 ? 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' : `Add ${i}`))],
  ])('hashes the redacted copy when the text holds %s', (_what, fileSteps) => {
    const redact = createRedactor(['a-known-secret-value', '1234567']);
    const { steps: list, copies } = watched(fileSteps);
    const hashed = fileStepsHash(list, redact);
    expect(hashed).toBe(copiedHash(fileSteps, redact));
    expect(hashed).not.toBe(stableHash(fileSteps));
    expect(copies()).toBe(1);
  });

  // An older version's trace holds a mode agent step without `taskAsWritten`: where the task holds no `${…}`, taking it
  // as written changes nothing, and the hash is that trace's; where it holds one, the step's meaning changed.
  it.each([
    ['holds no ${…}', 'Publish the release note', true],
    ['holds a ${…}', 'Publish `Total: ${result.total}`', false],
  ])('hashes a task taken as written as the older trace did when it %s', (_what, task, same) => {
    const step: PlanStep = { key: 'agent', id: 'agent', type: 'agent', description: task, title: task, task, tools: [], inputs: [], dependsOn: [] };
    const redact = createRedactor([]);
    expect(fileStepsHash([{ ...step, taskAsWritten: true }], redact) === stableHash([step])).toBe(same);
  });
});
