// "Did you mean" compared every misspelt name with every candidate: a plan of 4,000 steps naming 4,000
// missing ones took 25 s to validate (and near the 1 MiB cap, minutes).
import { describe, expect, it } from 'vitest';
import { NameSuggester, SUGGESTION_BUDGET } from '../../src/plan/nearest-name.ts';
import { parse } from 'yaml';
import { checkPlanValue } from '../../src/plan/validate-plan.ts';
import { yaml } from './plan-text.ts';

/** Every problem the checks find: the loader shows a person the first 20 (load-plan.ts), these tests count them all. */
function problemsOf(text: string): string[] {
  const checked = checkPlanValue(parse(text), { origin: 'file', file: 'plan.yml' });
  if (checked.ok) throw new Error('expected the plan to be rejected, but it passed');
  return checked.issues.map((issue) => issue.message);
}

describe('NameSuggester', () => {
  const candidates = Array.from({ length: 1000 }, (_, n) => `step${n}`);

  it('suggests until its comparisons reach the budget, then none, and answers a name asked again for free', () => {
    const suggester = new NameSuggester(candidates);
    const lookups = SUGGESTION_BUDGET / candidates.length;
    for (let n = 0; n < lookups; n++) expect(suggester.nearest(`stp${n}`)).toBe(`step${n}`);
    expect(suggester.nearest(`stp${lookups}`)).toBeUndefined();
    expect(suggester.nearest('stp0')).toBe('step0');
  });

  it('suggests by edit distance, ignoring case, and nothing for a name far from all', () => {
    const suggester = new NameSuggester(['fetch_sales', 'Summarise', 'report']);
    expect(suggester.nearest('fetch_sale')).toBe('fetch_sales');
    expect(suggester.nearest('summarise')).toBe('Summarise');
    expect(suggester.nearest('deploy')).toBeUndefined();
  });
});

it('validates a plan naming thousands of missing steps with suggestions for the first names only, each error still listing the steps', async () => {
  const steps = 2000;
  const lines = Array.from({ length: steps }, (_, n) => `  - { id: step${n}, type: reasoning, depends_on: [stp${n}] }`);
  const errors = problemsOf(yaml('workflow_sequence:', ...lines));
  const unknown = errors.filter((error) => error.includes('which does not exist'));
  expect(unknown).toHaveLength(steps);
  const suggested = unknown.filter((error) => error.includes('did you mean'));
  expect(suggested).toHaveLength(SUGGESTION_BUDGET / steps);
  expect(suggested[0]).toContain('depends_on names step stp0, which does not exist — did you mean step0?');
  expect(unknown.at(-1)).toContain(`depends_on names step stp${steps - 1}, which does not exist; steps: step0, step1, step2`);
});

it('bounds the suggestions for references to undeclared inputs the same way', async () => {
  const count = 1000;
  const inputs = Array.from({ length: count }, (_, n) => `  input${n}: { default: "x" }`);
  const steps = Array.from({ length: count }, (_, n) => `  - { id: s${n}, type: tool_call, tool: add, args: { a: 1, b: 2, c: "\${inputs.inptu${n}}" } }`);
  const errors = problemsOf(yaml('toolsets: [math]', 'inputs:', ...inputs, 'workflow_sequence:', ...steps));
  const undeclared = errors.filter((error) => error.includes('which the plan does not declare'));
  expect(undeclared).toHaveLength(count);
  expect(undeclared.filter((error) => error.includes('did you mean'))).toHaveLength(SUGGESTION_BUDGET / count);
  expect(undeclared[0]).toContain('uses input `inptu0`, which the plan does not declare — did you mean `input0`?');
});
