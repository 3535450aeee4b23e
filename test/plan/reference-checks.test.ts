import { describe, expect, it } from 'vitest';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

const header = ['inputs:', '  week: { default: "2026-W48" }', 'toolsets: [math]', 'workflow_sequence:'];

describe('references in args are checked before anything runs', () => {
  it('accepts references to ancestors, direct or through other steps, and to declared inputs', async () => {
    const plan = await validPlan(
      yaml(
        ...header,
        '  - { id: 1, type: tool_call, tool: multiply, args: { a: 3, b: 4 } }',
        '  - { id: 2, type: tool_call, tool: add, args: { a: 2, b: { step_result: 1 } } }',
        '  - { id: 3, type: tool_call, tool: subtract, args: { a: "${steps.1.result}", b: "${steps.2.result}" } }',
        '  - id: 4',
        '    type: reasoning',
        '    description: Explain ${inputs.week}',
      ),
    );
    expect(plan.steps.map((step) => step.key)).toEqual(['1', '2', '3', '4']);
  });

  it('rejects a reference to a step that is not an ancestor', async () => {
    expect(
      await errorsFor(
        yaml(
          ...header,
          '  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 }, depends_on: [] }',
          '  - { id: 2, type: tool_call, tool: add, args: { a: 1, b: 2 }, depends_on: [] }',
          '  - { id: 3, type: tool_call, tool: add, args: { a: { step_result: 1 }, b: 2 } }',
        ),
      ),
    ).toEqual([
      'plan.yml:7:53: {"step_result":1}: step 3 uses the result of step 1, which it does not depend on (directly or through other steps), so step 1 may not have run yet; add 1 to depends_on (at workflow_sequence[2].args.a)',
    ]);
  });

  // "add 3 to depends_on" made a cycle: step 3 already waits for step 2, directly or through others.
  it('rejects a reference to a step that runs after it without asking for a cycle', async () => {
    expect(
      await errorsFor(
        yaml(
          ...header,
          '  - { id: 1, type: tool_call, tool: add, args: { a: "${steps.3.result}", b: 2 } }',
          '  - { id: 2, type: tool_call, tool: add, args: { a: 1, b: 2 } }',
          '  - { id: 3, type: tool_call, tool: add, args: { a: 1, b: 2 } }',
        ),
      ),
    ).toEqual([
      'plan.yml:5:53: ${steps.3.result}: step 1 uses the result of step 3, which runs after it (step 3 depends on step 1, directly or through other steps), so step 1 cannot have it; move the work that needs it into a step after step 3 (at workflow_sequence[0].args.a)',
    ]);
  });

  it('rejects references to missing steps, to the step itself, and to undeclared inputs', async () => {
    expect(
      await errorsFor(
        yaml(
          ...header,
          '  - id: 1',
          '    type: tool_call',
          '    tool: add',
          '    args:',
          '      a: "${steps.9.result}"',
          '      b: "${steps.1.result}"',
          '  - id: 2',
          '    type: tool_call',
          '    tool: add',
          '    args: { a: "${inputs.wek}", b: "${inputs.region}" }',
        ),
      ),
    ).toEqual([
      'plan.yml:9:10: ${steps.9.result} refers to step 9, which does not exist; steps: 1, 2 (at workflow_sequence[0].args.a)',
      'plan.yml:10:10: ${steps.1.result}: step 1 cannot use its own result (at workflow_sequence[0].args.b)',
      'plan.yml:14:16: ${inputs.wek} uses input `wek`, which the plan does not declare — did you mean `week`? (at workflow_sequence[1].args.a)',
      'plan.yml:14:36: ${inputs.region} uses input `region`, which the plan does not declare; declare it under `inputs:` (at workflow_sequence[1].args.b)',
    ]);
  });

  // A reference or a goal's `of` naming a missing step said only "which does not exist", where `depends_on` names
  // the step meant or the steps there are (found by an adversarial pass).
  it('names the step meant, or the steps there are, for a reference or an `of` naming a missing step', async () => {
    expect(
      await errorsFor(
        yaml(
          ...header,
          '  - { id: fetch, type: tool_call, tool: add, args: { a: 1, b: 2 } }',
          '  - { id: sum, type: tool_call, tool: add, args: { a: "${steps.fetc.result}", b: { step_result: fech } } }',
          '  - { id: last, type: tool_call, tool: add, args: { a: "${steps.report.result}", b: 2 } }',
          'goals:',
          '  - { name: g, of: review, contains: x }',
          '  - { name: h, of: summ, contains: x }',
        ),
      ),
    ).toEqual([
      'plan.yml:6:55: ${steps.fetc.result} refers to step fetc, which does not exist — did you mean fetch? (at workflow_sequence[1].args.a)',
      'plan.yml:6:82: {"step_result":"fech"} refers to step fech, which does not exist — did you mean fetch? (at workflow_sequence[1].args.b)',
      'plan.yml:7:56: ${steps.report.result} refers to step report, which does not exist; steps: fetch, sum, last (at workflow_sequence[2].args.a)',
      'plan.yml:9:20: `of` names step review, which does not exist; steps: fetch, sum, last (at goals[0].of)',
      'plan.yml:10:20: `of` names step summ, which does not exist — did you mean sum? (at goals[1].of)',
    ]);
  });

  it('rejects malformed references at their position', async () => {
    expect(
      await errorsFor(yaml(...header, '  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }', '  - { id: 2, type: tool_call, tool: add, args: { a: "${step.1.result}", b: { step_result: 1, path: "a..b" } } }')),
    ).toEqual([
      'plan.yml:6:53: malformed reference `${step.1.result}`; write ${steps.<id>.result}, ${steps.<id>.result.field[0]} or ${inputs.<name>} (at workflow_sequence[1].args.a)',
      'plan.yml:6:100: malformed path "a..b"; write it like "a.b[0]" (at workflow_sequence[1].args.b.path)',
    ]);
  });

  it('skips the ancestor check when there is a cycle, reporting the cycle only', async () => {
    const errors = await errorsFor(
      yaml(
        ...header,
        '  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 }, depends_on: [2] }',
        '  - { id: 2, type: tool_call, tool: add, args: { a: 1, b: { step_result: 1 } } }',
      ),
    );
    expect(errors).toEqual([expect.stringContaining('dependency cycle: 1 → 2 → 1')]);
  });
});

// Found by an adversarial pass: only values are filled in, so `{ "${inputs.field}": 1 }` validated and
// sent the tool a key spelled `${inputs.field}`, and a key naming a step that does not exist passed too.
// Found by a hunt for bad inputs: nothing is filled into a description or a title, and the model reads a reference there
// beside the inputs and its ancestors' results, which its prompt holds: one to an undeclared input or a step it does not
// depend on pointed at nothing its prompt holds, and validate passed it.
describe('a reference in a description or a title', () => {
  it('must name a declared input or a step the step depends on; other `${…}` text is text', async () => {
    expect(
      await errorsFor(
        yaml(
          ...header,
          '  - { id: 1, type: reasoning, description: Say ok }',
          '  - { id: 2, type: reasoning, description: Say ok }',
          '  - { id: 3, type: reasoning, depends_on: [1], description: "Use ${inputs.wek} and ${steps.2.result}", title: "About ${steps.9.result}" }',
        ),
      ),
    ).toEqual([
      'plan.yml:7:61: ${inputs.wek} uses input `wek`, which the plan does not declare — did you mean `week`? (at workflow_sequence[2].description)',
      'plan.yml:7:61: ${steps.2.result}: step 3 uses the result of step 2, which it does not depend on (directly or through other steps), so step 2 may not have run yet; add 2 to depends_on (at workflow_sequence[2].description)',
      'plan.yml:7:111: ${steps.9.result} refers to step 9, which does not exist; steps: 1, 2, 3 (at workflow_sequence[2].title)',
    ]);
    await validPlan(yaml(...header, '  - { id: 1, type: reasoning, description: Say ok }', '  - { id: 2, type: reasoning, depends_on: [1], description: "Explain ${steps.1.result} for ${inputs.week}; a shell reads ${HOME}" }'));
  });
});

describe('a reference in a key of args or with:', () => {
  it('is refused at the key, since a key is never filled in; a shell’s `${HOME}` in a key is text', async () => {
    expect(
      await errorsFor(
        yaml(
          'inputs:',
          '  field: { default: "region" }',
          'tools:',
          '  store: { command: [cat], description: Store values }',
          'workflow_sequence:',
          '  - id: 1',
          '    type: tool_call',
          '    tool: store',
          '    args:',
          '      "${inputs.field}": 1',
          '      nested: { "by ${steps.0.result}": 2, "${HOME}": 3 }',
        ),
      ),
    ).toEqual([
      'plan.yml:10:7: `${inputs.field}` in a key is not filled in (only values are), so the key would reach the tool as those very characters; write the key out, and put what the reference makes in a value (at workflow_sequence[0].args["${inputs.field}"])',
      'plan.yml:11:17: `${steps.0.result}` in a key is not filled in (only values are), so the key would reach the tool as those very characters; write the key out, and put what the reference makes in a value (at workflow_sequence[0].args.nested["by ${steps.0.result}"])',
    ]);
  });
});
