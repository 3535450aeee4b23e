import { describe, expect, it } from 'vitest';
import { validatePlanObject } from '../../src/plan/validate-plan.ts';

const hardcoded = {
  goal: 'Compute 2 + 3 × 4',
  toolsets: ['math'],
  workflow_sequence: [
    { id: 1, type: 'tool_call', tool: 'multiply', args: { a: 3, b: 4 } },
    { id: 2, type: 'tool_call', tool: 'add', args: { a: 2, b: 12 }, depends_on: [1] },
  ],
};

describe('validatePlanObject', () => {
  it('rejects a model plan that hard-codes a result it depends on, naming the fix', () => {
    expect(validatePlanObject(hardcoded, { origin: 'model' })).toEqual({
      ok: false,
      errors: [{ path: 'workflow_sequence[1].args', message: 'step 2 depends on step 1 but none of its args uses a step result; write {"step_result": 1}' }],
    });
  });

  // The blog's own plan: add(2, 12) after multiply(3, 4), relying on the implied dependency on the
  // previous step. It used to pass, because the rule only read a written-out depends_on.
  it('rejects the same hard-coding when the dependency is implied by the step order', () => {
    const implied = structuredClone(hardcoded) as { workflow_sequence: Record<string, unknown>[] };
    delete implied.workflow_sequence[1]!['depends_on'];
    expect(validatePlanObject(implied, { origin: 'model' })).toEqual({
      ok: false,
      errors: [
        {
          path: 'workflow_sequence[1].args',
          message: 'step 2 depends on step 1 (no depends_on: it waits for the step before it) but none of its args uses a step result; write {"step_result": 1}, or "depends_on": [] if it needs no earlier result',
        },
      ],
    });
    const independent = structuredClone(implied);
    independent.workflow_sequence[1]!['depends_on'] = [];
    expect(validatePlanObject(independent, { origin: 'model' }).ok).toBe(true);
  });

  it('accepts the same plan from a file: people may hard-code values', () => {
    expect(validatePlanObject(hardcoded, { origin: 'file', file: 'plan.yml' }).ok).toBe(true);
  });

  it('accepts a model plan whose args use a dependency’s result', () => {
    const referenced = structuredClone(hardcoded);
    referenced.workflow_sequence[1]!.args = { a: 2, b: { step_result: 1 } as unknown as number };
    expect(validatePlanObject(referenced, { origin: 'model' }).ok).toBe(true);
  });

  it('names every dependency when several are listed', () => {
    const plan = {
      toolsets: ['math'],
      workflow_sequence: [
        { id: 'x', type: 'tool_call', tool: 'add', args: { a: 1, b: 1 } },
        { id: 'y', type: 'tool_call', tool: 'add', args: { a: 1, b: 1 }, depends_on: [] },
        { id: 'z', type: 'tool_call', tool: 'add', args: { a: 1, b: 2 }, depends_on: ['x', 'y'] },
      ],
    };
    const result = validatePlanObject(plan, { origin: 'model' });
    expect(result.ok === false && result.errors.map((error) => error.message)).toEqual([
      'step z depends on steps x, y but none of its args uses a step result; write {"step_result": "x"}',
    ]);
  });

  it('reports schema errors with paths but no positions, and every other problem with them', () => {
    expect(validatePlanObject({ goal: 'g', workflow_sequence: [{ id: 1, type: 'tool_call', tool: 'nope', dependson: [] }] }, { origin: 'model' })).toEqual({
      ok: false,
      errors: [
        { path: 'workflow_sequence[0].dependson', message: 'unknown key `dependson` — did you mean `depends_on`?' },
        { path: 'workflow_sequence[0].tool', message: 'unknown tool `nope`; no tools are available: declare it under `tools:` or enable a toolset (`toolsets: [math]`)' },
      ],
    });
  });

  it('returns errors, not a throw, for values that are not plans', () => {
    for (const value of [null, 42, 'text', [], undefined]) {
      const result = validatePlanObject(value, { origin: 'model' });
      expect(result.ok).toBe(false);
    }
    let deep: unknown = {};
    for (let level = 0; level < 10_000; level++) deep = { goal: 'g', inputs: deep };
    expect(validatePlanObject(deep, { origin: 'model' })).toEqual({ ok: false, errors: [{ path: '', message: 'the plan nests more than 64 levels deep; plans never need that' }] });
  });
});
