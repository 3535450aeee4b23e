import { describe, expect, it } from 'vitest';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

describe('YAML problems are reported with their positions', () => {
  it('reports a syntax error at its line and column', async () => {
    expect((await errorsFor(yaml('goal: x', 'toolsets: [math]]', 'tools: {}')))[0]).toMatch(/^plan\.yml:2:17: YAML: Unexpected flow-seq-end/);
  });

  // Found by an adversarial pass: `yaml` reports a `[` or `{` left open where it gave up on it, the line after it
  // (`plan.yml:3:1` for a `[` on line 2) or the end of the file, with words about indentation only.
  it('places a `[` or `{` never closed where it opens, saying where it was read on to', async () => {
    expect(await errorsFor(yaml('goal: x', 'workflow_sequence: [1, 2', 'tools: {}'))).toEqual([
      'plan.yml:2:20: YAML: the `[` here opens a list that no `]` closes before 3:1; close it with `]` where its items end (a list written over more lines than one indents them past its key)',
    ]);
    const steps = ['goal: g', 'toolsets: [math]', 'workflow_sequence:', '  - id: a', '    type: tool_call', '    tool: add'];
    expect(await errorsFor(yaml(...steps, '    args: { a: 1, b: 2', '  - id: b', '    type: tool_call', '    tool: add', '    args: { a: 1, b: 2 }'))).toEqual([
      'plan.yml:7:11: YAML: the `{` here opens a map that no `}` closes before 8:3; close it with `}` where its items end (a map written over more lines than one indents them past its key)',
      expect.stringMatching(/^plan\.yml:8:\d+: and \d+ more YAML errors after this point/),
    ]);
    // At the top level, where `yaml`'s code for it is a quote's; and the inner one of two, closed by the outer's `}`.
    expect((await errorsFor('[goal, name\n'))[0]).toMatch(/^plan\.yml:1:1: YAML: the `\[` here opens a list that no `\]` closes before 2:1;/);
    expect((await errorsFor(yaml('goal: g', 'model: { name: [a, b }', 'name: n')))[0]).toMatch(/^plan\.yml:2:16: YAML: the `\[` here opens a list that no `\]` closes before 2:22;/);
    // Closed, but on a line indented no further than its key: the same place, and the same advice.
    expect((await errorsFor(yaml('goal: g', 'model: { name: a,', 'temperature: 0 }')))[0]).toMatch(/^plan\.yml:2:8: YAML: the `\{` here opens a map/);
  });

  // Found by a new-user walkthrough: `-id: 4` gave five errors, none saying what to fix, and a tab three.
  it('reports one syntax error per top-level part, with a hint for a list item without a space after `-`', async () => {
    expect(await errorsFor(yaml('goal: g', 'workflow_sequence:', '  - { id: 1, type: reasoning, description: a }', '  -id: 4', '    type: reasoning', 'goals: [1, 2', 'name: n'))).toEqual([
      'plan.yml:4:1: YAML: All mapping items must start at the same column; a list item needs a space after its `-` (`- id: 4`)',
      expect.stringMatching(/^plan\.yml:6:8: YAML: the `\[` here opens a list that no `\]` closes before 7:1;/),
      expect.stringMatching(/^plan\.yml:4:8: and \d more YAML errors after this point, most likely caused by the ones above; fix those first$/),
    ]);
    expect(await errorsFor('goal: g\nworkflow_sequence:\n  - id: 1\n\ttype: tool_call\n    tool: add\n')).toEqual([
      'plan.yml:4:1: tabs are not allowed as indentation in YAML; indent with spaces',
      expect.stringMatching(/^plan\.yml:4:\d+: and \d more YAML errors after this point, most likely caused by the ones above; fix those first$/),
    ]);
  });

  // `yaml`'s words name its grammar, not the fix: the README's `args: { week: "${inputs.week}" }` written without its
  // quotes was "Unexpected flow-map-start at node end", with nothing saying to quote it (found by an adversarial pass).
  it('says what to do about the syntax errors people make most: an unquoted reference, `: ` or `@` in text, a missing `:`, a key out of line', async () => {
    const steps = ['toolsets: [math]', 'workflow_sequence:', '  - { id: a, type: tool_call, tool: add, args: { a: 1, b: 2 } }'];
    expect(await errorsFor(yaml(...steps, '  - { id: b, type: tool_call, tool: add, args: { a: ${steps.a.result}, b: 2 } }'))).toEqual([
      'plan.yml:4:54: YAML: Unexpected flow-map-start at node end; inside `{ … }` or `[ … ]` a reference must be quoted: `"${steps.a.result}"`',
      expect.stringMatching(/^plan\.yml:4:\d+: and \d more YAML errors after this point/),
    ]);
    expect(await errorsFor(yaml(...steps, '  - id: b', '    type: tool_call', '    tool: add', '    args:', '      a: [${inputs.n}]'))).toEqual([
      'plan.yml:8:12: YAML: Missing , or : between flow sequence items; inside `{ … }` or `[ … ]` a reference must be quoted: `"${inputs.n}"`',
    ]);
    expect(await errorsFor(yaml('goal: Fix: the build   # the task'))).toEqual([
      'plan.yml:1:7: YAML: Nested mappings are not allowed in compact mappings; text with `: ` in it must be quoted: `"Fix: the build"`',
    ]);
    expect(await errorsFor(yaml('goal: g', 'workflow_sequence:', '  - { id: a, type: reasoning, description: Note: be brief }'))).toEqual([
      'plan.yml:3:44: YAML: Block collections are not allowed within flow collections; text with `: ` in it must be quoted: `"Note: be brief"`',
    ]);
    expect(await errorsFor(yaml('goal: g', 'escalate:', '  mention: @org/team'))).toEqual([
      'plan.yml:3:12: YAML: Plain value cannot start with reserved character @; quote text that starts with @: `"@org/team"`',
    ]);
    expect(await errorsFor(yaml('goal: g', 'workflow_sequence:', '  - id: a', '    description: `npm test` must pass'))).toEqual([
      'plan.yml:4:18: YAML: Plain value cannot start with reserved character `; quote text that starts with a backtick: "`npm test` must pass"',
    ]);
    expect(await errorsFor(yaml('goal: g', 'workflow_sequence:', '  - id: a', '    type reasoning', '    description: d'))).toEqual([
      'plan.yml:4:5: YAML: Implicit keys need to be on a single line; a key needs `:` and a space after it (`type: reasoning`)',
    ]);
    expect(await errorsFor(yaml(...steps, '  - id: b', '    type: tool_call', '   tool: add'))).toEqual([
      'plan.yml:6:1: YAML: Sequence item without - indicator; this line is indented by 3 spaces, the one above by 4: the keys of one map line up in one column',
    ]);
    expect(await errorsFor(yaml('goal: g', 'workflow_sequence:', '  - id: a', '    type: reasoning', '      description: d'))).toEqual([
      'plan.yml:4:11: YAML: Nested mappings are not allowed in compact mappings; the line below is indented by 6 spaces, this one by 4: the keys of one map line up in one column',
      expect.stringMatching(/^plan\.yml:4:11: and \d more YAML errors after this point/),
    ]);
  });

  it('rejects a duplicate key at the second occurrence', async () => {
    expect(await errorsFor(yaml('goal: one', 'name: n', 'goal: two'))).toEqual(['plan.yml:3:1: duplicate key `goal`: each key may appear once in a map']);
  });

  // The duplicate check is plan-runner's own since `yaml`'s compared each key with every key before it
  // (60,000 keys in one map: 48 s): every map is checked, deep ones too, in the order of the text.
  it('rejects duplicate keys in nested, listed and flow maps, each at its second occurrence, in order', async () => {
    expect(
      await errorsFor(yaml('goal: g', 'workflow_sequence:', '  - { id: 1, id: 2 }', '  - id: 3', '    args: { a: 1, b: 2, a: 3 }', 'tools: {}', 'goal: h')),
    ).toEqual([
      'plan.yml:3:14: duplicate key `id`: each key may appear once in a map',
      'plan.yml:5:25: duplicate key `a`: each key may appear once in a map',
      'plan.yml:7:1: duplicate key `goal`: each key may appear once in a map',
    ]);
  });

  // Found by an adversarial pass of the YAML readers: a key with no value in a flow map was named with what follows it
  // (`a, d`, a key the file does not have), and a quoted one by its quote alone.
  it('says a key written as an alias is an alias, whatever its anchor names', async () => {
    expect(await errorsFor(yaml('goal: &g g', '*g : h', 'inputs: { *g : {} }'))).toEqual([
      'plan.yml:2:1: the key `*g` is an alias (*name), and a key is plain text: write the key out',
      'plan.yml:3:11: the key `*g` is an alias (*name), and a key is plain text: write the key out',
    ]);
  });

  it('names a duplicate key in a flow map as written, with no value or quoted', async () => {
    expect(await errorsFor(yaml('goal: g', 'inputs: { b: {}, a, c: {}, a, d: {} }', "env: { \"x\", \"x\", 'it''s': 1, 'it''s': 2 }"))).toEqual([
      'plan.yml:2:28: duplicate key `a`: each key may appear once in a map',
      'plan.yml:3:13: duplicate key `"x"`: each key may appear once in a map',
      "plan.yml:3:30: duplicate key `'it''s'`: each key may appear once in a map",
    ]);
  });

  // Found by review: a block map's plain key holds commas and brackets, and was named cut at the first (`q[0]` as `q`).
  it('names a duplicate key in a block map whole, with its commas and brackets', async () => {
    expect(await errorsFor(yaml('goal: g', 'env:', '  q[0]: 1', '  q[0]: 2', '  a,b: 1', '  a,b: 2'))).toEqual([
      'plan.yml:4:3: duplicate key `q[0]`: each key may appear once in a map',
      'plan.yml:6:3: duplicate key `a,b`: each key may appear once in a map',
    ]);
  });

  // Found by an adversarial pass: a quote left open was reported where the file ends (`plan.yml:9:1`), lines below the
  // line that opens it; in a long plan, nowhere near it.
  it('places a quote never closed where it opens, saying where it runs on to', async () => {
    expect(await errorsFor(yaml('goal: g', 'name: "my plan', 'toolsets: [math]', 'workflow_sequence: []'))).toEqual([
      'plan.yml:2:7: YAML: Missing closing "quote: the quote opened here runs on to 5:1; close it where its text ends',
    ]);
    expect((await errorsFor(yaml('goal: g', "toolsets: ['math]", 'name: n')))[0]).toBe("plan.yml:2:12: YAML: Missing closing 'quote: the quote opened here runs on to 4:1; close it where its text ends");
  });

  it('treats 1 and "1" as the same key', async () => {
    expect(await errorsFor(yaml('goal: g', 'inputs:', '  1: {}', '  "1": {}'))).toEqual(['plan.yml:4:3: duplicate key `"1"`: each key may appear once in a map']);
  });

  it('rejects tabs used as indentation', async () => {
    expect((await errorsFor('goal: g\nmodel:\n\tname: x\n'))[0]).toBe('plan.yml:3:1: tabs are not allowed as indentation in YAML; indent with spaces');
  });

  it('rejects a second YAML document', async () => {
    expect(await errorsFor(yaml('goal: g', '---', 'goal: h'))).toEqual([
      'plan.yml:2:1: a plan file holds one YAML document; remove the `---` separator and what follows it',
    ]);
  });

  // Found by an adversarial pass: `yaml` counts no line break inside the token it could not read (`,` then a line
  // break after a quoted value), so every error after it was placed a line up, past that line's end (`plan.yml:1:16`).
  it('places the errors after a value followed by a stray comma on their own lines', async () => {
    expect(await errorsFor(yaml('"goal",', 'name: {{}: 1}'))).toEqual([
      expect.stringMatching(/^plan\.yml:1:7: YAML: /),
      'plan.yml:2:8: keys must be plain text, not lists or maps',
    ]);
  });

  it('rejects keys that are lists or maps', async () => {
    expect((await errorsFor(yaml('goal: g', '? [a, b]', ': 1')))[0]).toMatch(/^plan\.yml:2:3: keys must be plain text, not lists or maps/);
  });

  it('says what to add to an empty file', async () => {
    expect(await errorsFor('')).toEqual([
      'plan.yml:1:1: the plan file is empty: add `goal:` (the task in words, for a model to plan) or `workflow_sequence:` (the steps)',
    ]);
    expect(await errorsFor('# only a comment\n')).toHaveLength(1);
  });

  it('rejects a list where the plan map belongs', async () => {
    expect(await errorsFor(yaml('- id: 1', '  type: reasoning'))).toEqual([
      'plan.yml:1:1: a plan must be a map of keys (goal:, workflow_sequence:, tools:, …), not a list',
    ]);
  });

  it('rejects a bare string', async () => {
    expect(await errorsFor('just some text\n')).toEqual(['plan.yml:1:1: a plan must be a map of keys (goal:, workflow_sequence:, tools:, …), not a string']);
  });

  // Found by an adversarial pass: `default: 01234` (a zip code) was the number 1234, and `id: 01` step 1, which
  // `${steps.01.result}` then "does not exist"; YAML 1.1 tools read both as octal.
  it('refuses a whole number written with a leading zero, at the number, saying how to write it', async () => {
    const plan = yaml('goal: g', 'inputs:', '  zip: { default: 01234 }', '  code: { default: 0089 }', 'toolsets: [math]', 'workflow_sequence:', '  - id: 010', '    type: tool_call', '    tool: add', '    args: { a: -07, b: 2 }');
    expect(await errorsFor(plan)).toEqual([
      'plan.yml:3:19: `01234` has a leading zero: YAML reads it as the number 1234 here, and YAML 1.1 tools as octal; write 1234, or quote it ("01234") to keep the text',
      'plan.yml:4:20: `0089` has a leading zero: YAML reads it as the number 89 here, and YAML 1.1 tools as text; write 89, or quote it ("0089") to keep the text',
      'plan.yml:7:9: `010` has a leading zero: YAML reads it as the number 10 here, and YAML 1.1 tools as octal; write 10, or quote it ("010") to keep the text',
      'plan.yml:10:16: `-07` has a leading zero: YAML reads it as the number -7 here, and YAML 1.1 tools as octal; write -7, or quote it ("-07") to keep the text',
    ]);
    const written = await validPlan(plan.replace('01234', '"01234"').replace('010', '10').replace('-07', '-7').replace('0089', '89'));
    expect([written.source.inputs, written.steps[0]!.id]).toEqual([{ zip: { default: '01234' }, code: { default: 89 } }, 10]);
  });

  // Found by a hunt: the CLI read `null:` or `1.0:` as written, where yaml.parse and editors read null ("") or 1 ("1").
  it('refuses a plain key YAML reads as null or a number, at the key, saying to quote it', async () => {
    expect(await errorsFor(yaml('goal: g', 'inputs:', '  null: { default: a }', '  week: { default: b }', 'tools:', '  1.0: { description: d, command: [node] }', '  123456789012345678901234567890: { description: d, command: [node] }'))).toEqual([
      'plan.yml:3:3: the key `null` is not text to YAML: it reads it as null, as editors do; quote it ("null") to keep it as written',
      'plan.yml:6:3: the key `1.0` is not text to YAML: it reads it as the number 1, as editors do; quote it ("1.0") to keep it as written',
      'plan.yml:7:3: the key `123456789012345678901234567890` is not text to YAML: it reads it as the number 1.2345678901234568e+29, as editors do; quote it ("123456789012345678901234567890") to keep it as written',
    ]);
    // Quoted, or read as written (`1:`), a key is the name it shows.
    const written = await validPlan(yaml('goal: g', 'tools:', '  "null": { description: d, command: [node] }', '  1: { description: d, command: [node] }'));
    expect(Object.keys(written.source.tools ?? {})).toEqual(['1', 'null']);
  });

  // Found by a hunt of plan errors: `a: 12345678901234567890` was accepted as 12345678901234567168, another number.
  it('refuses a whole number past 2^53, which it would read as another, at the number, saying to quote it', async () => {
    expect(await errorsFor(yaml('toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: add, args: { a: 12345678901234567890, b: 9007199254740991 } }'))).toEqual([
      'plan.yml:3:53: `12345678901234567890` is a whole number past 2^53, which a plan does not hold exactly: YAML reads it as 12345678901234567168; quote it ("12345678901234567890") to keep it as written',
    ]);
    // Written in hex or octal (or, under `%YAML 1.1`, with `_`), it reached the tool as 9007199254740992 without a word.
    expect(await errorsFor(yaml('toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: add, args: { a: 0x20000000000001, b: 0o400000000000000001 } }'))).toEqual([
      'plan.yml:3:53: `0x20000000000001` is a whole number past 2^53, which a plan does not hold exactly: YAML reads it as 9007199254740992; quote it ("0x20000000000001") to keep it as written',
      'plan.yml:3:74: `0o400000000000000001` is a whole number past 2^53, which a plan does not hold exactly: YAML reads it as 9007199254740992; quote it ("0o400000000000000001") to keep it as written',
    ]);
    expect(await errorsFor(yaml('%YAML 1.1', '---', 'toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: add, args: { a: 9_007_199_254_740_993, b: 0x1F } }'))).toEqual([
      'plan.yml:5:53: `9_007_199_254_740_993` is a whole number past 2^53, which a plan does not hold exactly: YAML reads it as 9007199254740992; quote it ("9_007_199_254_740_993") to keep it as written',
    ]);
    // Found by review: with `_` after its leading zero, an octal number under `%YAML 1.1` was read as 8 without a word.
    expect(await errorsFor(yaml('%YAML 1.1', '---', 'toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: add, args: { a: 01_0, b: 1_0 } }'))).toEqual([
      'plan.yml:5:53: `01_0` has a leading zero: YAML reads it as the number 8 here, and YAML 1.1 tools as octal; write 8, or quote it ("01_0") to keep the text',
    ]);
  });
});
