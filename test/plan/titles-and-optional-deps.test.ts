import { describe, expect, it } from 'vitest';
import { checklistLines, stepTitle } from '../../src/report/checklist.ts';
import { renderMermaidGraph } from '../../src/report/mermaid-graph.ts';
import { plan, RunScript, step } from '../report/summary-run-fixture.ts';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

describe('optional dependencies in the plan file', () => {
  it('reads {step, optional: true} entries beside plain ids', async () => {
    const loaded = await validPlan(
      yaml(
        'workflow_sequence:',
        '  - { id: sales, type: reasoning }',
        '  - { id: returns, type: reasoning, depends_on: [] }',
        '  - id: report',
        '    type: reasoning',
        '    depends_on: [{ step: sales, optional: true }, returns]',
        'goal: Report on sales and returns',
      ),
    );
    expect(loaded.steps[2]).toMatchObject({ dependsOn: ['sales', 'returns'], optional: ['sales'] });
    expect(loaded.steps[1]!.optional).toBeUndefined();
  });

  it('points at the step of an optional entry that names no step', async () => {
    expect(
      await errorsFor(yaml('workflow_sequence:', '  - { id: a, type: reasoning }', '  - id: b', '    type: reasoning', '    depends_on: [{ step: sails, optional: true }]', 'goal: Report')),
    ).toEqual(['plan.yml:5:26: depends_on names step sails, which does not exist; steps: a, b (at workflow_sequence[1].depends_on[0].step)']);
  });

  // A misspelt key of a `{step, optional}` entry was told "unknown key `optinal`" alone: the entry is a step id or
  // a map, and the keys of neither were looked up (found by an adversarial pass).
  it('names the key meant, or the keys there are, for an unknown key of an optional entry', async () => {
    expect(
      await errorsFor(yaml('workflow_sequence:', '  - { id: a, type: reasoning }', '  - id: b', '    type: reasoning', '    depends_on: [{ step: a, optinal: true }, { step: a, if_failed: run }]', 'goal: Report')),
    ).toEqual([
      'plan.yml:5:29: unknown key `optinal` — did you mean `optional`? (at workflow_sequence[1].depends_on[0].optinal)',
      'plan.yml:5:57: unknown key `if_failed`; known keys here: step, optional (at workflow_sequence[1].depends_on[1].if_failed)',
    ]);
  });

  it('refuses a step listed as optional and as required, which ran as optional and let the run succeed past its failure', async () => {
    const errors = await errorsFor(
      yaml(
        'workflow_sequence:',
        '  - { id: a, type: reasoning }',
        '  - id: b',
        '    type: reasoning',
        '    depends_on: [{ step: a, optional: true }, a]',
        '  - id: c',
        '    type: aggregate',
        '    inputs: [a]',
        '    depends_on: [b, { step: a, optional: true }]',
        'goal: Report',
      ),
    );
    expect(errors).toEqual([
      'plan.yml:5:18: depends_on lists step a as optional here and as required at depends_on[1]; list it once: { step: a, optional: true } to run without it, or a to need it (at workflow_sequence[1].depends_on[0])',
      'plan.yml:9:21: depends_on lists step a as optional, but inputs lists it, and an aggregate step needs every input; to run without it, take it out of inputs, else write a here (at workflow_sequence[2].depends_on[1])',
    ]);
  });

  it('rejects unknown keys in a dependency entry', async () => {
    const errors = await errorsFor(yaml('workflow_sequence:', '  - { id: a, type: reasoning }', '  - { id: b, type: reasoning, depends_on: [{ step: a, optinal: true }] }'));
    expect(errors.join('\n')).toContain('workflow_sequence[1].depends_on[0]');
  });
});

describe('step titles', () => {
  it('shows the title instead of the description in the checklist and the graph', async () => {
    const loaded = await validPlan(yaml('workflow_sequence:', '  - id: 1', '    type: reasoning', '    title: Summarise sales', '    description: Read the sales figures and write three sentences about them.'));
    const snapshot = plan([...loaded.steps]);
    const record = new RunScript(snapshot).complete('1', 'done').record();
    expect(checklistLines(record)).toEqual(['✅ 1. Summarise sales → done']);
    expect(renderMermaidGraph(record, (t) => t)).toContain('1. Summarise sales');
    expect(loaded.steps[0]!.description).toBe('Read the sales figures and write three sentences about them.');
  });

  it('cuts a long description at a sensible width on one line', async () => {
    const long = step('1', `${'word '.repeat(60)}\nsecond line`);
    const title = stepTitle(long);
    expect(title.length).toBeLessThanOrEqual(100);
    expect(title.endsWith('…')).toBe(true);
    expect(title).not.toContain('\n');
  });

  it('redacts before it cuts, so half a secret never shows', async () => {
    const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const title = stepTitle(step('1', `${'x'.repeat(80)} ${secret}`), (text) => text.replaceAll(secret, '***'));
    expect(title).toBe(`${'x'.repeat(80)} ***`);
  });

  it('refuses a title longer than a label', async () => {
    const errors = await errorsFor(yaml('workflow_sequence:', `  - { id: 1, type: reasoning, title: ${'t'.repeat(121)} }`));
    expect(errors[0]).toContain('at most 120 characters');
  });
});
