import { describe, expect, it } from 'vitest';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

const tools = [
  'tools:',
  '  list_packages: { description: List packages, command: [node, list.mjs] }',
  '  review_package:',
  '    description: Review one package',
  '    command: [node, review.mjs]',
  '    input: { type: object, properties: { name: { type: string }, depth: { type: integer } }, required: [name] }',
];

describe('for_each validation', () => {
  it('loads a for_each step with its template, key and failure policy', async () => {
    const plan = await validPlan(
      yaml(
        ...tools,
        'limits: { max_items: 200 }',
        'workflow_sequence:',
        '  - { id: list, type: tool_call, tool: list_packages, args: {} }',
        '  - id: review',
        '    type: tool_call',
        '    tool: review_package',
        '    for_each: ${steps.list.result.packages}',
        '    as: pkg',
        '    key: ${pkg.name}',
        '    title: Review packages',
        '    on_item_failure: continue',
        '    args: { name: "${pkg.name}", depth: 2 }',
      ),
    );
    expect(plan.steps[1]!.forEach).toEqual({ list: '${steps.list.result.packages}', as: 'pkg', key: '${pkg.name}', onItemFailure: 'continue' });
    expect(plan.limits.max_items).toBe(200);
  });

  it('checks the template’s literal args against the tool, as for any step', async () => {
    const errors = await errorsFor(
      yaml(...tools, 'workflow_sequence:', '  - { id: list, type: tool_call, tool: list_packages, args: {} }', '  - { id: review, type: tool_call, tool: review_package, for_each: "${steps.list.result}", args: { name: "${item}", depth: deep } }'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('workflow_sequence[1].args.depth');
  });

  it('refuses ${item…} outside a for_each step, with where and what to do', async () => {
    expect(await errorsFor(yaml(...tools, 'workflow_sequence:', '  - { id: review, type: tool_call, tool: review_package, args: { name: "${item.name}" } }'))).toEqual([
      'plan.yml:8:72: `${item.name}` refers to a for_each item, but this step has no `for_each`; ${item…} works only inside a for_each step (at workflow_sequence[0].args.name)',
    ]);
  });

  it('refuses a key template longer than 200 characters where it is written', async () => {
    const key = '${item.name}'.repeat(20);
    const errors = await errorsFor(yaml(...tools, 'workflow_sequence:', '  - { id: list, type: tool_call, tool: list_packages, args: {} }', `  - { id: review, type: tool_call, tool: review_package, for_each: "\${steps.list.result}", key: "${key}", args: { name: "\${item.name}" } }`));
    expect(errors).toEqual(['plan.yml:9:97: a key template is at most 200 characters; the key it makes, at most 64 (at workflow_sequence[1].key)']);
  });

  it('refuses ${item…} in a description of a step without for_each', async () => {
    const errors = await errorsFor(yaml('workflow_sequence:', '  - { id: 1, type: reasoning, description: "Summarise ${item}" }'));
    expect(errors[0]).toContain('refers to a for_each item, but this step has no `for_each`');
    expect(errors[0]).toContain('workflow_sequence[0].description');
  });

  // Found by a hunt of the README: its own example's `title: Review ${pkg.name}` showed as written in every view.
  it('refuses the item in a for_each step’s title, which is the step’s one line, and keeps it in its description', async () => {
    const errors = await errorsFor(
      yaml(...tools, 'workflow_sequence:', '  - { id: list, type: tool_call, tool: list_packages, args: {} }', '  - { id: r, type: tool_call, tool: review_package, for_each: "${steps.list.result}", as: pkg, title: "Review ${pkg.name}", description: "Review ${pkg.name}", args: { name: "${pkg.name}" } }'),
    );
    expect(errors).toEqual([expect.stringMatching(/^plan\.yml:9:\d+: `\$\{pkg\.name\}` in a for_each step's title stays as written: the title is the step's one line, for all its items \(each item is shown by its key\); write it without the item, such as `Review packages` \(at workflow_sequence\[1\]\.title\)$/)]);
  });

  it('says which name to use when the step renamed its item with as:', async () => {
    const errors = await errorsFor(yaml(...tools, 'workflow_sequence:', '  - { id: list, type: tool_call, tool: list_packages, args: {} }', '  - { id: r, type: tool_call, tool: review_package, for_each: "${steps.list.result}", as: pkg, args: { name: "${item.name}" } }'));
    expect(errors).toEqual([expect.stringContaining('this step names its item `pkg` (as: pkg); write ${pkg.name}')]);
  });

  it('needs for_each to be one reference to an upstream step it depends on', async () => {
    const errors = await errorsFor(
      yaml(
        ...tools,
        'workflow_sequence:',
        '  - { id: list, type: tool_call, tool: list_packages, args: {} }',
        '  - { id: other, type: reasoning, depends_on: [] }',
        '  - { id: a, type: reasoning, for_each: "packages: ${steps.list.result}", depends_on: [list] }',
        '  - { id: b, type: reasoning, for_each: "${steps.list.result}", depends_on: [other] }',
        '  - { id: c, type: reasoning, for_each: "${steps.nope.result}" }',
      ),
    );
    expect(errors.join('\n')).toContain('for_each takes one reference to a list, such as ${steps.<id>.result}');
    expect(errors.join('\n')).toContain('step b uses the result of step list, which it does not depend on');
    expect(errors.join('\n')).toContain('${steps.nope.result} refers to step nope, which does not exist; steps: list, other, a, b, c (at workflow_sequence[4].for_each)');
  });

  // Found by an adversarial pass: it offered ${inputs.<name>} as a list to write, which is then refused (inputs are never lists).
  it('offers only what it takes when for_each is not one reference', async () => {
    const errors = await errorsFor(yaml(...tools, 'workflow_sequence:', '  - { id: list, type: tool_call, tool: list_packages, args: {} }', '  - { id: a, type: reasoning, for_each: "packages: ${steps.list.result}", depends_on: [list] }'));
    expect(errors.join('\n')).toContain('for_each takes one reference to a list, such as ${steps.<id>.result} or ${steps.<id>.result.field}; got');
    expect(errors.join('\n')).not.toContain('${inputs.');
  });

  it('knows a reasoning step’s result and an input are never lists', async () => {
    const errors = await errorsFor(
      yaml(
        'inputs: { names: { default: a } }',
        'workflow_sequence:',
        '  - { id: think, type: reasoning }',
        '  - { id: a, type: reasoning, for_each: "${steps.think.result}" }',
        '  - { id: b, type: reasoning, for_each: "${inputs.names}", depends_on: [] }',
      ),
    );
    expect(errors.join('\n')).toContain('step think is a reasoning step, whose result is text, not a list');
    expect(errors.join('\n')).toContain('inputs are text, numbers or true/false, never a list');
  });

  // Found by a hunt of references: mapping over an agent's answer validated, and failed after its turns were paid for.
  it('knows an agent step’s result is text, never a list', async () => {
    expect(await errorsFor(yaml('workflow_sequence:', '  - { id: a, type: agent, task: List the files as JSON }', '  - { id: b, type: reasoning, description: Say it, for_each: "${steps.a.result}" }'))).toEqual([
      "plan.yml:3:62: ${steps.a.result}: step a is an agent step, whose result is text, not a list; map over a tool's result or a for_each step's list (at workflow_sequence[1].for_each)",
    ]);
  });

  it('refuses for_each-only fields on a plain step, and a key that ignores the item', async () => {
    const errors = await errorsFor(
      yaml(...tools, 'workflow_sequence:', '  - { id: list, type: tool_call, tool: list_packages, args: {} }', '  - { id: a, type: reasoning, on_item_failure: continue }', '  - { id: b, type: reasoning, for_each: "${steps.list.result}", key: fixed, depends_on: [list] }'),
    );
    expect(errors.join('\n')).toContain('only for_each steps take `on_item_failure`');
    expect(errors.join('\n')).toContain('key must use the item');
  });

  // Only the item is filled into a key: `${inputs.env}` stayed as written in every child's key and checklist line.
  it('refuses a key that reads a step’s result or an input, which a key never fills', async () => {
    const errors = await errorsFor(
      yaml(
        'goal: g',
        ...tools,
        'inputs: { env: { default: prod } }',
        'workflow_sequence:',
        '  - { id: list, type: tool_call, tool: list_packages, args: {} }',
        '  - { id: b, type: reasoning, for_each: "${steps.list.result}", key: "${inputs.env}-${item.name}", depends_on: [list] }',
        '  - { id: c, type: reasoning, for_each: "${steps.list.result}", key: "${item.name}-${steps.list.result.n}", depends_on: [list] }',
      ),
    );
    expect(errors).toEqual([
      expect.stringMatching(/:11:70: `\$\{inputs\.env\}` in a key stays as written: a key reads only the item .*\(at workflow_sequence\[1\]\.key\)$/),
      expect.stringMatching(/:12:70: `\$\{steps\.list\.result\.n\}` in a key stays as written: a key reads only the item .*\(at workflow_sequence\[2\]\.key\)$/),
    ]);
  });

  it('bounds max_items', async () => {
    expect((await errorsFor(yaml('limits: { max_items: 1000000 }', 'workflow_sequence:', '  - { id: 1, type: reasoning }')))[0]).toContain('limits.max_items');
  });
});

describe('for_each in a plan a model wrote', () => {
  it('is accepted: a list step plus one mapped step, the mapped step using the list through for_each', async () => {
    const { validatePlanObject } = await import('../../src/plan/validate-plan.ts');
    const result = validatePlanObject(
      {
        goal: 'summarise every open bug',
        tools: { list_bugs: { description: 'List bugs', command: ['node', 'bugs.mjs'] }, get_issue: { description: 'Get one', command: ['node', 'get.mjs'], input: { type: 'object', properties: { number: { type: 'integer' } } } } },
        workflow_sequence: [
          { id: 1, type: 'tool_call', tool: 'list_bugs', args: {} },
          { id: 2, type: 'tool_call', tool: 'get_issue', for_each: '${steps.1.result}', args: { number: '${item.number}' }, depends_on: [1] },
          { id: 3, type: 'aggregate', inputs: [2], description: 'Summarise the bugs' },
        ],
      },
      { origin: 'model' },
    );
    expect(result.ok ? [] : result.errors).toEqual([]);
  });
});
