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

  // Plain Levenshtein counted a swap of two letters as two edits, past the one a five-letter word may have:
  // `frist` (for `first`) and `modle` (for `model`) got no suggestion (found by an adversarial pass).
  it('counts two neighbouring letters swapped as one edit', async () => {
    const suggester = new NameSuggester(['first', 'model', 'fetch_sales']);
    expect(suggester.nearest('frist')).toBe('first');
    expect(suggester.nearest('modle')).toBe('model');
    expect(suggester.nearest('fetch_saels')).toBe('fetch_sales');
    expect(suggester.nearest('mdoel')).toBe('model');
    expect(suggester.nearest('odmle')).toBeUndefined();
    expect(problemsOf(yaml('agents:', '  r: { modle: gpt-4.1 }', 'workflow_sequence:', '  - { id: a, type: agent, agent: r, task: t }'))).toEqual(['unknown key `modle` — did you mean `model`?']);
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

/** A tool `t` whose input takes `count` args `p0`, `p1`, … (`additionalProperties: false`), or one arg `e` of an enum of that many values. */
function toolWith(count: number, kind: 'keys' | 'enum'): string[] {
  const names = Array.from({ length: count }, (_, n) => `p${n}`);
  const input = kind === 'keys' ? ['      additionalProperties: false', '      properties:', ...names.map((name) => `        ${name}: { type: string }`)] : ['      properties:', `        e: { enum: [${names.join(', ')}] }`];
  return ['tools:', '  t:', '    description: d', '    command: [echo]', '    input:', '      type: object', ...input];
}

// Each unknown arg was compared with every key the tool takes and its error listed them all: 4,000 unknown
// args of a tool that takes 4,000 took 7.7 s and wrote 540,000 characters of errors for one step.
it('suggests for unknown args within the budget and lists at most 20 of the keys a tool takes', () => {
  const count = 2000;
  const args = Array.from({ length: count }, (_, n) => `px${n}: 1`);
  const errors = problemsOf(yaml('goal: g', ...toolWith(count, 'keys'), 'workflow_sequence:', `  - { id: 0, type: tool_call, tool: t, args: { ${args.join(', ')} } }`));
  expect(errors).toHaveLength(count);
  expect(errors[0]).toBe('unknown key `px0` — did you mean `p0`? (input of tool `t`)');
  expect(errors.filter((error) => error.includes('did you mean'))).toHaveLength(SUGGESTION_BUDGET / count);
  expect(errors.at(-1)).toBe(`unknown key \`px${count - 1}\`; known keys here: ${Array.from({ length: 20 }, (_, n) => `p${n}`).join(', ')} … and ${count - 20} more (input of tool \`t\`)`);
});

// The same list, and budget, serves every step: 2,000 steps each giving a value not in an 8,000-value enum
// took 8 s, each error searching and listing all 8,000.
it('suggests for values outside an enum within one budget across the steps, listing at most 20 values', () => {
  const count = 1000;
  const steps = Array.from({ length: count }, (_, n) => `  - { id: ${n}, type: tool_call, tool: t, args: { e: px${n} } }`);
  const errors = problemsOf(yaml('goal: g', 'limits: { max_steps: 100000 }', ...toolWith(count, 'enum'), 'workflow_sequence:', ...steps));
  expect(errors).toHaveLength(count);
  const listed = `${Array.from({ length: 20 }, (_, n) => `p${n}`).join(', ')} … and ${count - 20} more`;
  expect(errors[0]).toBe(`\`e\` must be one of ${listed}; got \`px0\` — did you mean \`p0\`? (input of tool \`t\`)`);
  expect(errors.filter((error) => error.includes('did you mean'))).toHaveLength(SUGGESTION_BUDGET / count);
  expect(errors.at(-1)).toBe(`\`e\` must be one of ${listed}; got \`px${count - 1}\` (input of tool \`t\`)`);
});
