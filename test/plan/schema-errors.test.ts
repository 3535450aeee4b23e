import { describe, expect, it } from 'vitest';
import { errorsFor, validPlan, yaml } from './plan-text.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { problemCount } from '../../src/plan/plan-error.ts';

describe('schema errors point at the offending key or value', () => {
  // Found by an adversarial pass: `goal: "   "` validated, and a model was asked to plan a blank goal.
  it('refuses a goal or a name that is blank', async () => {
    expect(await errorsFor('goal: "   "\n')).toEqual(['plan.yml:1:7: the text is blank (only spaces or invisible characters): write it, or leave the key out (at goal)']);
    expect(await errorsFor('name: "\\u200b\\t"\ngoal: g\n')).toEqual(['plan.yml:1:7: the text is blank (only spaces or invisible characters): write it, or leave the key out (at name)']);
  });

  // Found by an adversarial pass: `validate` said ok of `model: { name: " " }`, which `run` refused with no line
  // ("the model name is blank"); an agent's blank model reached the endpoint as a model no one has.
  it('refuses a model name that is blank, the plan’s or an agent’s', async () => {
    expect(await errorsFor('goal: g\nmodel: { name: " " }\n')).toEqual(['plan.yml:2:16: the text is blank (only spaces or invisible characters): write it, or leave the key out (at model.name)']);
    expect(await errorsFor('goal: g\nagents:\n  a: { model: "\\u200b" }\n')).toEqual(['plan.yml:3:15: the text is blank (only spaces or invisible characters): write it, or leave the key out (at agents.a.model)']);
  });

  // Found by a new-user walkthrough: `escalate: {}` validated and told no one, nor opened the issue the README
  // promises a run escalated on a schedule.
  it('refuses an escalate block that names no one', async () => {
    expect(await errorsFor('goal: g\nescalate: {}\n')).toEqual(['plan.yml:2:11: escalate names no one to tell: give it a mention (@user or @org/team), a label, or both, or leave it out (at escalate)']);
    expect((await loadPlanText('goal: g\nescalate:\n  label: needs-human\n', 'plan.yml')).ok).toBe(true);
  });

  // GitHub refuses such a label when an escalation issue is created with it (found by a hunt).
  it('refuses an escalate label with spaces at its ends or a comma, saying why', async () => {
    expect((await errorsFor('goal: g\nescalate:\n  label: " needs-human"\n')).join('\n')).toContain('write the label without spaces at its start or end: GitHub refuses such a name (at escalate.label)');
    expect((await errorsFor('goal: g\nescalate:\n  label: "needs,human"\n')).join('\n')).toContain('write one label, without a comma: GitHub refuses a label name with one (at escalate.label)');
  });

  it('suggests the nearest known key for an unknown key, pointing at the key', async () => {
    const text = yaml('workflow_sequence:', '  - id: 1', '    type: reasoning', '    depend_on: []', 'goal: Answer');
    expect(await errorsFor(text)).toEqual([
      'plan.yml:4:5: unknown key `depend_on` — did you mean `depends_on`? (at workflow_sequence[0].depend_on)',
    ]);
  });

  // An unknown key used to stop the checks at the schema: the duplicate id below went unreported.
  it('reports an unknown key and a duplicate step id in the same file at once', async () => {
    const text = yaml('workflow_sequence:', '  - id: 1', '    type: reasoning', '    depend_on: []', '  - id: 1', '    type: reasoning', 'goal: Answer');
    expect(await errorsFor(text)).toEqual([
      'plan.yml:4:5: unknown key `depend_on` — did you mean `depends_on`? (at workflow_sequence[0].depend_on)',
      'plan.yml:5:9: duplicate step id 1: workflow_sequence[0] has it too (at workflow_sequence[1].id)',
    ]);
  });

  it('still finds duplicate step ids beside a value of the wrong kind', async () => {
    const text = yaml('workflow_sequence:', '  - id: a', '    type: reasoning', '  - id: b', '    type: reasonin', '  - id: a', '    type: reasoning');
    expect(await errorsFor(text)).toEqual([
      expect.stringMatching(/^plan\.yml:5:11: `type` must be one of .*did you mean `reasoning`\?/),
      'plan.yml:6:9: duplicate step id a: workflow_sequence[0] has it too (at workflow_sequence[2].id)',
    ]);
  });

  it('lists the known keys when no key is close', async () => {
    expect(await errorsFor(yaml('goal: g', 'limits:', '  parallelism: 3'))).toEqual([
      'plan.yml:3:3: unknown key `parallelism`; known keys here: concurrency, max_steps, max_items, max_replans, max_model_calls, max_tokens, max_cost_usd, timeout_minutes (at limits.parallelism)',
    ]);
  });

  it('suggests the nearest step type for a typo', async () => {
    expect(await errorsFor(yaml('workflow_sequence:', '  - id: 1', '    type: tool-call'))).toEqual([
      'plan.yml:3:11: `type` must be one of tool_call, reasoning, aggregate, agent, plan; got `tool-call` — did you mean `tool_call`? (at workflow_sequence[0].type)',
    ]);
  });

  it('says which key is missing, at the map that lacks it', async () => {
    expect(await errorsFor(yaml('workflow_sequence:', '  - id: 1', '    description: no type'))).toEqual([
      'plan.yml:2:5: missing `type`: write tool_call, reasoning, aggregate, agent, plan (at workflow_sequence[0].type)',
    ]);
  });

  it('explains step ids instead of printing a union error', async () => {
    expect(await errorsFor(yaml('workflow_sequence:', '  - id: 1.5', '    type: reasoning', '  - id: [x]', '    type: reasoning'))).toEqual([
      'plan.yml:2:9: step ids are whole numbers (0 or more) or names of ASCII letters, digits, _ and -; got `1.5` (at workflow_sequence[0].id)',
      'plan.yml:4:9: step ids are whole numbers (0 or more) or names of ASCII letters, digits, _ and -; got `["x"]` (at workflow_sequence[1].id)',
    ]);
  });

  // Each got a hint that did not fit (found by an adversarial pass): a dependency object was told the step
  // id rules, a quoted `1` "must be one of 1; got `1`", and a null list item named the list as a map.
  it('says what is wrong with a dependency object, a quoted literal, and an empty list item', async () => {
    const steps = ['workflow_sequence:', '  - { id: 1, type: reasoning }'];
    expect(await errorsFor(yaml(...steps, '  - { id: 2, type: reasoning, depends_on: [{ step: 1, optional: "yes" }] }', '  - { id: 3, type: reasoning, depends_on: [{ stp: 1 }] }'))).toEqual([
      'plan.yml:3:65: `optional` must be true or false; got `yes`, which is text here (only YAML 1.1 reads it as true): write true (at workflow_sequence[1].depends_on[0].optional)',
      'plan.yml:4:44: missing `step` (at workflow_sequence[2].depends_on[0].step)',
      'plan.yml:4:46: unknown key `stp` — did you mean `step`? (at workflow_sequence[2].depends_on[0].stp)',
    ]);
    expect(await errorsFor(yaml('version: "1"', ...steps, '  - { id: 2, type: reasoning, approval: "true" }'))).toEqual([
      'plan.yml:1:10: `version` must be 1, not text: write 1 without quotes (at version)',
      'plan.yml:4:41: `approval` must be true, not text: write true without quotes (at workflow_sequence[1].approval)',
    ]);
    expect(await errorsFor(yaml('workflow_sequence: [~]'))).toEqual(['plan.yml:1:21: an item of `workflow_sequence` must be a map; got an empty value (at workflow_sequence[0])']);
  });

  // Found by an adversarial CLI hunt: `model: gpt-4o` was told "`model` must be a map; got text", naming no key a
  // new user could write, and `max_steps: "10"` "must be a number; got text", where `version: "1"` says what to write.
  it('names the keys of a map given a scalar, and says to unquote a number or a flag written as text', async () => {
    expect(await errorsFor(yaml('goal: g', 'model: gpt-4o', 'limits: { max_steps: "10", timeout_minutes: " 2.5 " }', 'inputs:', '  a: { description: A, required: "false" }'))).toEqual([
      expect.stringMatching(/^plan\.yml:2:8: `model` must be a map of its keys \(name, .*\); got text \(at model\)$/),
      'plan.yml:3:22: `max_steps` must be a number, not text: write 10 without quotes (at limits.max_steps)',
      'plan.yml:3:45: `timeout_minutes` must be a number, not text: write 2.5 without quotes (at limits.timeout_minutes)',
      'plan.yml:5:34: `required` must be true or false, not text: write false without quotes (at inputs.a.required)',
    ]);
    // Text that spells no number is still told the kind.
    expect(await errorsFor(yaml('goal: g', 'limits: { max_steps: ten }'))).toEqual(['plan.yml:2:22: `max_steps` must be a number; got text (at limits.max_steps)']);
  });

  // Found by an adversarial pass: `required: no`, as GitHub workflows (YAML 1.1) write a flag, was told "must be true
  // or false; got text", which named neither the word nor why it is text.
  it('says a YAML 1.1 flag (yes, no, on, off) is text here, and which of true or false to write', async () => {
    expect(await errorsFor(yaml('goal: g', 'inputs:', '  a: { required: no }', '  b: { required: On }', 'workflow_sequence:', '  - { id: 1, type: reasoning, approval: YES }'))).toEqual([
      'plan.yml:3:18: `required` must be true or false; got `no`, which is text here (only YAML 1.1 reads it as false): write false (at inputs.a.required)',
      'plan.yml:4:18: `required` must be true or false; got `On`, which is text here (only YAML 1.1 reads it as true): write true (at inputs.b.required)',
      'plan.yml:6:41: `approval` must be true; got `YES`, which is text here (only YAML 1.1 reads it as true): write true (at workflow_sequence[0].approval)',
    ]);
  });

  // `max_steps: 1_000` was told "must be a number; got text": YAML 1.1 (GitHub's workflow files) reads the digits grouped.
  it('says digits grouped with _ are text here, and the number to write', async () => {
    expect(await errorsFor(yaml('goal: g', 'limits: { max_steps: 1_000, max_cost_usd: 2_5.0_5 }'))).toEqual([
      'plan.yml:2:22: `max_steps` must be a number; got `1_000`, which is text here (only YAML 1.1 reads it as 1000): write 1000 (at limits.max_steps)',
      'plan.yml:2:43: `max_cost_usd` must be a number; got `2_5.0_5`, which is text here (only YAML 1.1 reads it as 25.05): write 25.05 (at limits.max_cost_usd)',
    ]);
    expect(await errorsFor(yaml('goal: g', 'limits: { max_steps: _1, max_replans: 1__ }'))).toEqual([
      'plan.yml:2:22: `max_steps` must be a number; got text (at limits.max_steps)',
      'plan.yml:2:39: `max_replans` must be a number; got `1__`, which is text here (only YAML 1.1 reads it as 1): write 1 (at limits.max_replans)',
    ]);
  });

  it('says a merge key is not read, a toolset is listed twice, and a file of lone carriage returns has the wrong line endings', async () => {
    const steps = ['workflow_sequence:', '  - &s { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }', '  - { <<: *s, id: 2 }'];
    expect(await errorsFor(yaml('toolsets: [math, files, math]', ...steps))).toEqual([
      'plan.yml:1:25: `math` is listed twice; list each toolset once (at toolsets[2])',
      'plan.yml:4:5: missing `type`: write tool_call, reasoning, aggregate, agent, plan (at workflow_sequence[1].type)',
      'plan.yml:4:7: YAML merge keys (`<<: *name`) are not read here; write the keys out (an alias `*name` of a whole value is read) (at workflow_sequence[1]["<<"])',
    ]);
    expect(await errorsFor('toolsets: [math]\rworkflow_sequence:\r  - { id: 1, type: reasoning }\r')).toEqual([
      'plan.yml:1:17: this line ends with a carriage return alone (\\r, as old Mac files do), which is not read as a line break; save the file with LF (or CRLF) line endings',
    ]);
  });

  it('keeps the schema author’s message for a bad string id', async () => {
    expect(await errorsFor(yaml('workflow_sequence:', '  - id: "a b"', '    type: reasoning'))).toEqual([
      'plan.yml:2:9: step ids use ASCII letters, digits, _ and - (at most 64); got `a b` (at workflow_sequence[0].id)',
    ]);
  });

  it('rejects a tool name that Chat Completions would refuse, at the key', async () => {
    expect(await errorsFor(yaml('goal: g', 'tools:', '  fetch data:', '    description: d', '    command: [x]'))).toEqual([
      'plan.yml:3:3: tool names use ASCII letters, digits, _ and - (1 to 64), as Chat Completions requires; got `fetch data` (at tools["fetch data"])',
    ]);
  });

  it('explains wrong value types in words', async () => {
    expect(await errorsFor(yaml('goal: g', 'limits:', '  concurrency: lots', '  max_replans: -1', 'toolsets: math'))).toEqual([
      'plan.yml:3:16: `concurrency` must be a number; got text (at limits.concurrency)',
      'plan.yml:4:16: `max_replans` must be at least 0; got `-1` (at limits.max_replans)',
      'plan.yml:5:11: `toolsets` must be a list; got text: write [math] for a list of one (at toolsets)',
    ]);
    // Found by a new-user walkthrough: `depends_on: 1` did not say to write [1]; text that is no plain word gets no such hint.
    expect(await errorsFor(yaml('goal: g', 'workflow_sequence:', '  - { id: 1, type: reasoning, description: d }', '  - { id: 2, type: reasoning, description: d, depends_on: 1 }', 'toolsets: "math, files"'))).toEqual([
      'plan.yml:4:59: `depends_on` must be a list; got a whole number: write [1] for a list of one (at workflow_sequence[1].depends_on)',
      'plan.yml:5:11: `toolsets` must be a list; got text (at toolsets)',
    ]);
  });

  // Found by an adversarial pass: `command: npm test`, written as a workflow's `run:` is, was told only "must be a list; got text".
  it('tells a command written as one line the list of words to write, and one with shell syntax what a command is', async () => {
    expect(
      await errorsFor(
        yaml(
          'goal: g',
          'tools:',
          '  t: { description: d, command: node scripts/x.mjs --week 48 }',
          'mcp_servers:',
          '  ev: { command: npx -y @modelcontextprotocol/server-everything }',
          'goals:',
          '  - { name: a, command: npm test && echo "ok" }',
          '  - { name: b, command: pytest }',
        ),
      ),
    ).toEqual([
      'plan.yml:3:33: `command` must be a list of the program and its arguments (run without a shell); got text: write [node, scripts/x.mjs, --week, "48"] (at tools.t.command)',
      'plan.yml:5:18: `command` must be a list of the program and its arguments (run without a shell); got text: write [npx, -y, "@modelcontextprotocol/server-everything"] (at mcp_servers.ev.command)',
      'plan.yml:7:25: `command` must be a list of the program and its arguments (run without a shell), such as [npm, test]; got text (at goals[0].command)',
      'plan.yml:8:25: `command` must be a list; got text: write [pytest] for a list of one (at goals[1].command)',
    ]);
  });

  // Found by an adversarial pass: `.nan` and `.inf` were told to write `[NaN]` and `[Infinity]`, which YAML reads as text.
  it('tells a value that is no finite number where a list belongs no list of one to write', async () => {
    expect(await errorsFor(yaml('goal: g', 'workflow_sequence:', '  - { id: 1, type: reasoning, description: d }', '  - { id: 2, type: reasoning, description: d, depends_on: .inf }', 'toolsets: .nan'))).toEqual([
      'plan.yml:4:59: `depends_on` must be a list; got infinity (`.inf`, or a number too large, such as 1e400) (at workflow_sequence[1].depends_on)',
      'plan.yml:5:11: `toolsets` must be a list; got not a number (`.nan`) (at toolsets)',
    ]);
  });

  // Found by an adversarial pass: a whole number past the safe range (`-1e20`, `1e308`) was told zod’s own
  // safe-integer bound beside the key’s: "`max_model_calls` must be at least -9007199254740991", which is false.
  it('tells a whole number out of range only the key’s own bound, not the safe-integer one', async () => {
    expect(await errorsFor(yaml('goal: g', 'limits:', '  max_model_calls: -1e20', '  concurrency: 1e308', '  max_tokens: 1e20'))).toEqual([
      'plan.yml:3:20: `max_model_calls` must be at least 0; got `-100000000000000000000` (at limits.max_model_calls)',
      'plan.yml:4:16: `concurrency` must be at most 64; got `1e+308` (at limits.concurrency)',
      'plan.yml:5:15: `max_tokens` must be at most 9007199254740991; got `100000000000000000000` (at limits.max_tokens)',
    ]);
  });

  // Found by a review: the model timeout's own message (its 1 to 1800) was replaced by "must be a whole number".
  it("keeps a setting's range beside the fraction it was given", async () => {
    expect(await errorsFor(yaml('goal: g', 'model:', '  timeout_seconds: 1.5'))).toEqual([
      'plan.yml:3:20: `timeout_seconds` must be a whole number; got `1.5`: expected a whole number of seconds from 1 to 1800 (30 minutes) (at model.timeout_seconds)',
    ]);
  });

  // Found by an adversarial pass: `concurrency: 0.5` was told "must be a whole number; got a number", which 0.5 is.
  it('shows the fraction a whole number was given as', async () => {
    expect(await errorsFor(yaml('goal: g', 'limits:', '  concurrency: 0.5', '  max_model_calls: 1e-9'))).toEqual([
      'plan.yml:3:16: `concurrency` must be a whole number; got `0.5` (at limits.concurrency)',
      'plan.yml:4:20: `max_model_calls` must be a whole number; got `1e-9` (at limits.max_model_calls)',
    ]);
  });

  // A 20,000-character name pushed the checklist and the status out of the PR comment, whose header shows it whole.
  it('refuses a plan name over 200 characters, at the name', async () => {
    const steps = ['workflow_sequence:', '  - { id: 1, type: reasoning, description: d }'];
    expect(await errorsFor(yaml(`name: ${'n'.repeat(201)}`, ...steps))).toEqual(['plan.yml:1:7: `name` takes at most 200 characters (at name)']);
    expect((await validPlan(yaml(`name: ${'n'.repeat(200)}`, ...steps))).name).toHaveLength(200);
  });

  it('says a number must be finite when YAML read infinity or not-a-number', async () => {
    expect(await errorsFor(yaml('goal: g', 'limits:', '  max_cost_usd: .inf', '  max_tokens: 1e400', '  max_model_calls: .nan'))).toEqual([
      'plan.yml:3:17: `max_cost_usd` must be a finite number; got infinity (`.inf`, or a number too large, such as 1e400) (at limits.max_cost_usd)',
      'plan.yml:4:15: `max_tokens` must be a finite number; got infinity (`.inf`, or a number too large, such as 1e400) (at limits.max_tokens)',
      'plan.yml:5:20: `max_model_calls` must be a finite number; got not a number (`.nan`) (at limits.max_model_calls)',
    ]);
  });

  // Found by an adversarial pass: a value quoted in a message went through JSON.stringify, which writes
  // infinity and not-a-number as `null`: `id: 1e400` was told it got `null`, a value it does not hold.
  it('names infinity and not-a-number as such where a message quotes the value', async () => {
    const step = (id: string, type: string) => ['  - id: ' + id, `    type: ${type}`, '    description: d'];
    expect(await errorsFor(yaml('goal: g', 'workflow_sequence:', ...step('1e400', 'reasoning'), ...step('2', '.nan')))).toEqual([
      'plan.yml:3:9: step ids are whole numbers (0 or more) or names of ASCII letters, digits, _ and -; got infinity (`.inf`, or a number too large, such as 1e400) (at workflow_sequence[0].id)',
      'plan.yml:7:11: `type` must be one of tool_call, reasoning, aggregate, agent, plan; got not a number (`.nan`) (at workflow_sequence[1].type)',
    ]);
  });

  it('rejects an empty workflow_sequence with the schema’s advice', async () => {
    expect(await errorsFor(yaml('goal: g', 'workflow_sequence: []'))).toEqual([
      'plan.yml:2:20: workflow_sequence needs at least one step; leave it out to let a model plan (at workflow_sequence)',
    ]);
  });

  it('points at the key when a value is left empty', async () => {
    expect(await errorsFor(yaml('workflow_sequence:', '  - id: 1', '    type: tool_call', '    tool:'))).toEqual([
      'plan.yml:4:10: `tool` must be text; got an empty value (at workflow_sequence[0].tool)',
    ]);
  });

  it('requires a goal or steps, saying what to add', async () => {
    expect(await errorsFor(yaml('name: nothing to do'))).toEqual([
      'plan.yml:1:1: the plan has neither `goal` nor `workflow_sequence`: add `goal:` (the task in words, for a model to plan) or `workflow_sequence:` (the steps)',
    ]);
  });

  it('accepts a plan with only a goal, applying default limits', async () => {
    const plan = await validPlan(yaml('goal: Summarize the week', 'limits: { concurrency: 2 }'));
    expect(plan.steps).toEqual([]);
    expect(plan.name).toBe('plan');
    expect(plan.goal).toBe('Summarize the week');
    expect(plan.limits).toMatchObject({ concurrency: 2, max_steps: 50, max_replans: 2, timeout_minutes: 30 });
  });
});

// Found by an adversarial pass: a file of 100,000 unknown keys printed 100,001 lines (23 MB).
describe('a plan with very many problems', () => {
  it('shows the first 20 in file order and one line for the rest, which still counts them', async () => {
    const keys = Array.from({ length: 35 }, (_, index) => `k${index}: 1`);
    const text = yaml('goal: g', ...keys);
    const lines = await errorsFor(text);
    expect(lines).toHaveLength(21);
    expect(lines[0]).toMatch(/^plan\.yml:2:1: unknown key `k0`/);
    expect(lines[19]).toMatch(/^plan\.yml:21:1: unknown key `k19`/);
    expect(lines[20]).toBe('plan.yml:22:1: and 15 more problems after this point; fix the ones above first');
    const loaded = await loadPlanText(text, 'plan.yml');
    expect(!loaded.ok && problemCount(loaded.errors)).toBe(35);
  });
});
