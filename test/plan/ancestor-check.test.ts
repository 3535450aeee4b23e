import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { AncestorCheck, type AncestorQuestion } from '../../src/plan/ancestor-check.ts';
import { checkReferences } from '../../src/plan/check-references.ts';
import { errorsFor, yaml } from './plan-text.ts';

/** A seeded random DAG in a shuffled declaration order: step `s<i>` depends only on lower-numbered steps, some far back. */
function randomPlan(size: number, seed: number): PlanStep[] {
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const steps = Array.from({ length: size }, (_, i) => {
    const dependsOn = new Set<string>();
    const count = i === 0 ? 0 : Math.floor(random() * 3);
    for (let d = 0; d < count; d++) dependsOn.add(`s${random() < 0.3 ? Math.floor(random() * i) : Math.max(0, i - 1 - Math.floor(random() * 3))}`);
    // A key listed twice, as a plan may list it.
    if (random() < 0.05 && dependsOn.size > 0) return { key: `s${i}`, dependsOn: [...dependsOn, [...dependsOn][0]!] };
    return { key: `s${i}`, dependsOn: [...dependsOn] };
  });
  for (let i = steps.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [steps[i], steps[j]] = [steps[j]!, steps[i]!];
  }
  return steps as unknown as PlanStep[];
}

/** Every step's ancestors by a plain search from it: the answer the check must give. */
function ancestorsBySearch(steps: readonly PlanStep[], index: ReadonlyMap<string, number>, from: PlanStep): Set<string> {
  const found = new Set<string>();
  const stack = [...from.dependsOn];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (found.has(key)) continue;
    found.add(key);
    stack.push(...steps[index.get(key)!]!.dependsOn);
  }
  return found;
}

describe('AncestorCheck', () => {
  it('answers as a search from each step does, on random plans with near and far ancestors', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const steps = randomPlan(300, seed);
      const index = new Map(steps.map((step, i) => [step.key, i]));
      const questions: AncestorQuestion[] = [];
      const expected: boolean[] = [];
      steps.forEach((step, stepIndex) => {
        const ancestors = ancestorsBySearch(steps, index, step);
        for (const target of [`s${(stepIndex * 7) % 300}`, `s${(stepIndex * 13 + 5) % 300}`, ...[...ancestors].slice(0, 3)]) {
          if (target === step.key) continue;
          questions.push({ stepIndex, target });
          expected.push(ancestors.has(target));
        }
      });
      expect(expected.filter(Boolean).length).toBeGreaterThan(questions.length / 3);
      expect(new AncestorCheck(steps, index).answer(questions)).toEqual(expected);
    }
  });

  it('answers a question about a far target the same whichever other questions share the pass', () => {
    const steps = randomPlan(200, 9);
    const index = new Map(steps.map((step, i) => [step.key, i]));
    const all = steps.flatMap((step, stepIndex) => steps.filter((other) => other !== step).map((other) => ({ stepIndex, target: other.key })));
    const together = new AncestorCheck(steps, index).answer(all);
    const alone = all.map((question) => new AncestorCheck(steps, index).answer([question])[0]);
    expect(together).toEqual(alone);
  });

  it('finds every reference to a step that is not an ancestor among many far ones, and accepts far ancestors', async () => {
    const lines = ['toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }'];
    for (let i = 2; i <= 60; i++) lines.push(`  - { id: ${i}, type: tool_call, tool: add, depends_on: [${i - 1}], args: { a: 1, b: "\${steps.${Math.max(1, i - 20)}.result}" } }`);
    // Step 61 uses step 1 (far back, an ancestor), step 62 uses step 30 (not one) and an undeclared input.
    lines.push('  - { id: 61, type: tool_call, tool: add, depends_on: [60], args: { a: "${steps.1.result}", b: 2 } }');
    lines.push('  - { id: 62, type: tool_call, tool: add, depends_on: [1], args: { a: "${steps.30.result}", b: "${inputs.nope}" } }');
    lines.push('  - { id: 63, type: tool_call, tool: add, depends_on: [], args: { a: "${steps.2.result}", b: 2 } }');
    lines.push('limits: { max_steps: 100 }');
    const errors = await errorsFor(yaml(...lines));
    expect(errors.map((error) => error.replace(/ —.*|;.*/, ''))).toEqual([
      'plan.yml:64:71: ${steps.30.result}: step 62 uses the result of step 30, which it does not depend on (directly or through other steps), so step 30 may not have run yet',
      'plan.yml:64:96: ${inputs.nope} uses input `nope`, which the plan does not declare',
      expect.stringMatching(/^plan\.yml:65:\d+: \$\{steps\.2\.result\}: step 63 uses the result of step 2, which it does not depend on/),
    ]);
  });

  it('keeps each step’s issues in the order the step found them, the ancestor ones answered after all steps were read', () => {
    const step = (key: string, dependsOn: string[], args: Record<string, unknown>) => ({ key, id: key, type: 'tool_call', description: '', tool: 'add', inputs: [], dependsOn, args }) as unknown as PlanStep;
    const steps = [step('1', [], {}), step('2', [], {}), step('3', ['2'], { a: '${steps.1.result}', b: '${inputs.nope}' }), step('4', ['3'], { a: '${inputs.other}', b: '${steps.1.result}' })];
    const { issues } = checkReferences(steps, new Map(steps.map((s, i) => [s.key, i])), [], true);
    expect(issues.map((issue) => issue.message.replace(/ which.*|,.*/, ''))).toEqual([
      '${inputs.nope} uses input `nope`',
      '${steps.1.result}: step 3 uses the result of step 1',
      '${inputs.other} uses input `other`',
      '${steps.1.result}: step 4 uses the result of step 1',
    ]);
  });
});
