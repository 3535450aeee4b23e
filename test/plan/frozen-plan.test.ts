import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';
import { frozenPlanText } from '../../src/plan/frozen-plan.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { validPlan, yaml } from './plan-text.ts';

describe('a frozen plan', () => {
  it('loads back into exactly the same steps and settings', async () => {
    const plan = await validPlan(
      yaml(
        'name: Weekly',
        'goal: Report the week',
        'approval: side-effects',
        'toolsets: [math]',
        'workflow_sequence:',
        '  - { id: 1, type: tool_call, tool: multiply, args: { a: 2, b: 3 }, title: Multiply }',
        '  - { id: two, type: reasoning, description: "Say ${steps.1.result}", depends_on: [{ step: 1, optional: true }], on_failure: continue, approval: true }',
        '  - { id: 3, type: reasoning, description: "Greet ${item}", for_each: "${steps.1.result}", depends_on: [1], on_item_failure: continue }',
        '  - { id: 4, type: aggregate, inputs: [two, 3], description: Join }',
      ),
    );
    const again = await validPlan(await frozenPlanText(plan, '.github/plan.yml'));
    expect(again.steps).toEqual(plan.steps);
    expect(again.source.approval).toBe('side-effects');
    expect(again.name).toBe('Weekly');
  });

  // Found by an adversarial hunt: the run of a frozen file (after an environment's reviewers approved it) still
  // replanned a failed step, and the replacement could call any tool of the catalogue with arguments nobody saw.
  it('sets max_replans: 0 and keeps its other limits, so a step that fails is escalated, not replaced', async () => {
    const plan = await validPlan(yaml('name: Weekly', 'limits: { max_replans: 3, max_steps: 9 }', 'toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }'));
    const again = await validPlan(await frozenPlanText(plan, 'plan.yml'));
    expect(again.limits).toMatchObject({ max_replans: 0, max_steps: 9 });
  });

  it('writes out the steps of a plan that had only a goal, so a run plans nothing', async () => {
    const goalOnly = await validPlan(yaml('name: Sums', 'goal: Multiply 6 by 7', 'toolsets: [math]'));
    expect(goalOnly.steps).toEqual([]);
    const written = { ...goalOnly, steps: (await validPlan(yaml('toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }'))).steps };
    const text = await frozenPlanText(written, 'plan.yml');
    expect(text.startsWith('# Frozen by plan-runner (mode: plan) from plan.yml.')).toBe(true);
    expect((await validPlan(text)).steps).toEqual(written.steps);
  });

  // Found by an adversarial pass: the frozen file dropped `fan_out: true`, so the job that ran it could not fan
  // that step out (mode: prepare refused the plan as having no step with fan_out: true).
  it('keeps a for_each step’s fan_out: true', async () => {
    const plan = await validPlan(
      yaml(
        'name: Packages',
        'toolsets: [math]',
        'workflow_sequence:',
        '  - { id: list, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }',
        '  - { id: each, type: reasoning, description: "Check ${item}", for_each: "${steps.list.result}", fan_out: true, on_item_failure: continue }',
      ),
    );
    expect(plan.steps[1]?.forEach?.fanOut).toBe(true);
    const again = await validPlan(await frozenPlanText(plan, 'plan.yml'));
    expect(again.steps).toEqual(plan.steps);
  });

  // Found by a hunt of frozen plans: the whole of each step was redacted, so a token-shaped id became `***` in the
  // id, in depends_on and in ${steps.<id>.result}, and the job that ran the file after its approval refused it.
  it('keeps the names its steps run by, token-shaped ones too, and redacts their text around its references', async () => {
    const id = 'sk-release-notes-2026-week48';
    const token = `ghp_${'a1B2'.repeat(9)}`;
    const plan = await validPlan(
      yaml(
        'name: Notes',
        'toolsets: [math]',
        'workflow_sequence:',
        `  - { id: ${id}, type: tool_call, tool: multiply, args: { a: 2, b: 3 }, title: "Multiply with ${token}" }`,
        `  - { id: say, type: reasoning, description: "Say \${steps.${id}.result} with ${token}", depends_on: [${id}] }`,
      ),
    );
    const text = await frozenPlanText(plan, 'plan.yml', { redact: createRedactor() });
    expect(text).not.toContain(token);
    const again = await validPlan(text);
    expect(again.steps.map((step) => [step.id, step.dependsOn, step.title ?? step.description])).toEqual([
      [id, [], 'Multiply with ***'],
      ['say', [id], `Say \${steps.${id}.result} with ***`],
    ]);
  });

  // Found by a hunt of frozen plans: a plan without `name:` was written with its file's name as its name, which a file
  // name over 200 characters (or of invisible characters) made a file that did not load.
  it('writes the name of a plan without one as the path it ran under, only as a name it may have: cut to 200 characters, or none', async () => {
    const steps = yaml('toolsets: [math]', 'workflow_sequence:', '  - { id: a, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }');
    for (const [file, name] of [
      [`${'x'.repeat(230)}.yml`, `${'x'.repeat(199)}…`],
      ['.github/release notes.yml', '.github/release notes.yml'],
      ['\u200b\u200b', undefined],
    ] as const) {
      const loaded = await loadPlanText(steps, file);
      if (!loaded.ok) expect.fail('the plan did not load');
      const text = await frozenPlanText(loaded.plan, file, { redact: createRedactor() });
      const again = await validPlan(text);
      expect(again.source.name).toBe(name);
    }
  });
});
