import { describe, expect, it } from 'vitest';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

const steps = ['workflow_sequence:', '  - { id: 1, type: reasoning, description: Draft }', '  - { id: report, type: reasoning, description: Report }', 'goals:'];

describe('goal definitions are validated with the plan', () => {
  it('accepts one check per goal, inline regex flags and `of` naming a step', async () => {
    const plan = await validPlan(
      yaml(...steps, '  - { name: has percent, contains: "%" }', '  - { name: case-free, matches: "(?i)^summary" }', '  - { name: json, of: report, json_schema: { type: object, required: [version] } }'),
    );
    expect(plan.source.goals).toHaveLength(3);
  });

  it('rejects a goal with no check, listing the kinds', async () => {
    expect(await errorsFor(yaml(...steps, '  - name: empty'))).toEqual([
      'plan.yml:5:5: goal `empty` checks nothing; add one of: contains, not_contains, matches, equals, min_words, max_words, max_chars, every_sentence_matches, json_schema, command, all_steps_completed, judge (at goals[0])',
    ]);
  });

  it('rejects two checks in one goal at the second', async () => {
    expect(await errorsFor(yaml(...steps, '  - name: two', '    contains: x', '    max_words: 10'))).toEqual([
      'plan.yml:7:5: goal `two` has 2 checks (contains, max_words); a goal has one, so split it into 2 goals (at goals[0].max_words)',
    ]);
  });

  // Each was read, then ignored: `not_contains: todo` with `flags: i` passed on "TODO: remove the
  // password", a pattern that finds an empty match passed on anything, and two goals of one name
  // were one row in eval's comparison, which hid a regression (found by a review).
  it('rejects options of another kind of check, patterns that match any text, and goals of one name', async () => {
    expect(
      await errorsFor(
        yaml(
          ...steps,
          '  - { name: a, not_contains: todo, flags: i }',
          '  - { name: b, contains: x, timeout_seconds: 5 }',
          '  - { name: c, matches: "x|" }',
          "  - { name: d, every_sentence_matches: '(\\[\\d+\\])?' }",
          '  - { name: a, max_words: 10 }',
          '  - { name: e, all_steps_completed: true, of: 1 }',
        ),
      ),
    ).toEqual([
      'plan.yml:5:36: `flags` applies to matches and every_sentence_matches only, not to not_contains; for a case-insensitive check write `matches: \'(?i)…\'` (at goals[0].flags)',
      'plan.yml:6:29: `timeout_seconds` applies to command goals only, not to contains (at goals[1].timeout_seconds)',
      'plan.yml:7:25: `x|` matches any text (an empty match is found everywhere), so the goal could never fail; make its parts required (no `x|`, `(…)?` or `x*` as the whole) (at goals[2].matches)',
      'plan.yml:8:40: `(\\[\\d+\\])?` matches any text (an empty match is found everywhere), so the goal could never fail; make its parts required (no `x|`, `(…)?` or `x*` as the whole) (at goals[3].every_sentence_matches)',
      'plan.yml:9:13: goal `a` is named like goal 1; give each goal its own name (at goals[4].name)',
      'plan.yml:10:43: `of` does not apply to all_steps_completed, which checks every step of the run (at goals[5].of)',
    ]);
    // A pattern that matches every sentence could never fail either (found by a review of the change).
    expect(await errorsFor(yaml(...steps, "  - { name: s, every_sentence_matches: '\\S' }"))).toEqual([expect.stringContaining('`\\S` matches any text')]);
    // Nor can `min_words: 0`, met by an empty result (found by an adversarial pass).
    expect(await errorsFor(yaml(...steps, '  - { name: w, min_words: 0 }'))).toEqual(['plan.yml:5:27: `min_words` must be at least 1; got `0` (at goals[0].min_words)']);
    // What stays valid: flags on a regex goal, anchored patterns that real text can fail (only spaces,
    // ASCII only, no HTML, at most 280 characters).
    for (const pattern of ['^[\\x00-\\x7F]*$', '(?s)^.{0,280}$', '^[^<>]*$']) await validPlan(yaml(...steps, `  - { name: p, matches: '${pattern}' }`));
    await validPlan(yaml(...steps, '  - { name: a, matches: todo, flags: i }', "  - { name: b, matches: '^\\s*$' }", '  - { name: c, command: [test, -s, x], timeout_seconds: 5 }'));
  });

  // Found by an adversarial pass: goals whose names differ only in what does not show (`café` with `é` and with
  // `e` + U+0301, a zero-width space, a second space) were two rows that the goals table, the check run and eval's
  // comparison all showed under one name, one ✅ and one ❌: no reader could tell which check failed.
  it('rejects goals whose names show alike', async () => {
    expect(
      await errorsFor(yaml(...steps, '  - { name: "caf\\u00e9", contains: x }', '  - { name: "cafe\\u0301", contains: y }', '  - { name: tests pass, contains: z }', '  - { name: "tests\\u200b  pass", contains: w }')),
    ).toEqual([
      'plan.yml:6:13: goal `cafe\u0301` is named like goal 1 as shown (the names differ only in invisible characters, spaces or how an accented letter is encoded); give each goal its own name (at goals[1].name)',
      'plan.yml:8:13: goal `tests\u200b  pass` is named like goal 3 as shown (the names differ only in invisible characters, spaces or how an accented letter is encoded); give each goal its own name (at goals[3].name)',
    ]);
  });

  // Found by an adversarial pass: nothing fills in a goal's text, so `not_contains: "${inputs.api_key}"` looked for
  // those characters and passed whatever the result held, and a judge was asked about `${steps.1.result}`.
  it('rejects a reference in a goal’s text, which would be checked as those characters', async () => {
    const because = "would be taken as those characters: a goal's text is not filled in with a step's result, an input or a variable; write the text itself (`of:` picks the step whose result is checked)";
    expect(
      await errorsFor(
        yaml(
          'inputs: { api_key: { default: x } }',
          ...steps,
          '  - { name: a, not_contains: "${inputs.api_key}" }',
          '  - { name: b, judge: "It cites ${steps.1.result}" }',
          '  - { name: c, equals: "${item.name}" }',
          "  - { name: d, matches: '^v${env.VERSION}$' }",
        ),
      ),
    ).toEqual([
      `plan.yml:6:30: \`\${inputs.api_key}\` ${because} (at goals[0].not_contains)`,
      `plan.yml:7:23: \`\${steps.1.result}\` ${because} (at goals[1].judge)`,
      `plan.yml:8:24: \`\${item.name}\` ${because} (at goals[2].equals)`,
      `plan.yml:9:25: \`\${env.VERSION}\` ${because} (at goals[3].matches)`,
    ]);
    // A shell's or a template's own `${…}` is text like any other.
    await validPlan(yaml(...steps, '  - { name: a, contains: "${HOME}" }', '  - { name: b, not_contains: "${name}" }'));
  });

  it('rejects bad regular expressions in matches and every_sentence_matches', async () => {
    expect(await errorsFor(yaml(...steps, '  - { name: a, matches: "(unclosed" }', '  - { name: b, every_sentence_matches: "[z-a]" }'))).toEqual([
      'plan.yml:5:25: bad regular expression: missing closing ): `(unclosed` (at goals[0].matches)',
      'plan.yml:6:40: bad regular expression: invalid character class range: `z-a` (at goals[1].every_sentence_matches)',
    ]);
  });

  it('rejects, where they are written, regex features the linear-time engine cannot run', async () => {
    expect(await errorsFor(yaml(...steps, '  - { name: a, matches: "x(?=y)" }', '  - { name: b, matches: "(a)\\\\1", flags: i }'))).toEqual([
      'plan.yml:5:25: bad regular expression: invalid or unsupported Perl syntax: `(?=` — lookahead and lookbehind are not supported (patterns run on a linear-time engine, RE2 syntax); match the surrounding text instead (at goals[0].matches)',
      'plan.yml:6:25: bad regular expression: invalid escape sequence: `\\1` — backreferences are not supported (patterns run on a linear-time engine, RE2 syntax) (at goals[1].matches)',
    ]);
  });

  // Found by a hunt for bad inputs: re2js read an escape it does not know as the letter itself, so Python's `\Z` looked
  // for a `Z` and a named backreference for `k<n>`, and validate passed them.
  it('rejects, where they are written, escapes the engine does not know instead of reading them as the letter', async () => {
    expect(await errorsFor(yaml(...steps, '  - { name: a, matches: "^done\\\\Z" }', '  - { name: b, matches: "(?<n>a)\\\\k<n>" }', '  - { name: c, every_sentence_matches: "[\\\\q]" }'))).toEqual([
      'plan.yml:5:25: bad regular expression: invalid escape sequence: `\\Z` — not an escape the pattern engine knows (RE2 syntax); for the character itself write `Z` (at goals[0].matches)',
      'plan.yml:6:25: bad regular expression: invalid escape sequence: `\\k` — backreferences are not supported (patterns run on a linear-time engine, RE2 syntax) (at goals[1].matches)',
      'plan.yml:7:40: bad regular expression: invalid escape sequence: `\\q` — not an escape the pattern engine knows (RE2 syntax); for the character itself write `q` (at goals[2].every_sentence_matches)',
    ]);
    // The escapes it knows still compile: RE2's and JavaScript's that mean the same.
    await validPlan(yaml(...steps, '  - { name: a, matches: "\\\\d\\\\w\\\\s\\\\b\\\\Bx\\\\z" }', '  - { name: b, matches: "\\\\x41\\\\u00e9\\\\p{L}\\\\P{L}\\\\t\\\\n\\\\cA\\\\Q.\\\\E\\\\A" }'));
  });

  // Found by an adversarial hunt: 1,170 of them took 13.4 s and 2.5 GB to validate, before any bound applied.
  it('rejects a pattern of more counted repeats than the engine compiles, where it is written, without compiling it', async () => {
    const large = 'a{1000}'.repeat(1_170);
    expect(await errorsFor(yaml(...steps, `  - { name: a, matches: "${large}" }`, `  - { name: b, json_schema: { type: string, pattern: "${large}" } }`))).toEqual([
      'plan.yml:5:25: bad regular expression: it is too large: it would compile to about 1,170,000 instructions, more than 20,000 (a counted repeat such as {1000} copies what it repeats that many times); write a shorter pattern (at goals[0].matches)',
      'plan.yml:6:54: bad `pattern`: it is too large: it would compile to about 1,170,000 instructions, more than 20,000 (a counted repeat such as {1000} copies what it repeats that many times); write a shorter pattern (at goals[1].json_schema.pattern)',
    ]);
  });

  it('rejects a json_schema pattern the linear-time engine cannot run, where it is written', async () => {
    expect(await errorsFor(yaml(...steps, '  - { name: a, json_schema: { type: string, pattern: "(?<!x)y" } }'))).toEqual([
      'plan.yml:5:54: bad `pattern`: invalid named capture: `(?<!x)y` — lookahead and lookbehind are not supported (patterns run on a linear-time engine, RE2 syntax); match the surrounding text instead (at goals[0].json_schema.pattern)',
    ]);
  });

  it('rejects `of` naming a missing step, and `of` in a plan without steps', async () => {
    expect(await errorsFor(yaml(...steps, '  - { name: a, of: reprt, contains: x }'))).toEqual([
      'plan.yml:5:20: `of` names step reprt, which does not exist — did you mean report? (at goals[0].of)',
    ]);
    expect(await errorsFor(yaml('goal: g', 'goals:', '  - { name: a, of: 1, contains: x }'))).toEqual([
      'plan.yml:3:20: `of` names step 1, but the plan has no workflow_sequence (a model will write the steps); leave `of` out to check the final result (at goals[0].of)',
    ]);
  });

  it('rejects a key in a json_schema that is no JSON Schema keyword, where it is written: a typo must not loosen a gate', async () => {
    expect(await errorsFor(yaml(...steps, '  - { name: a, json_schema: { type: array, maxItem: 0 } }'))).toEqual([
      'plan.yml:5:44: `maxItem` is not a JSON Schema keyword — did you mean `maxItems`?; a check would ignore it (at goals[0].json_schema.maxItem)',
    ]);
  });

  // Found by review: Ajv leaves a property named __proto__ out, so {"__proto__": 5} passed a schema asking for text.
  it('rejects a json_schema that constrains a property named __proto__, which the validator cannot check', async () => {
    expect(await errorsFor(yaml(...steps, '  - { name: a, json_schema: { type: object, required: [__proto__] } }'))).toEqual([
      expect.stringMatching(/^plan\.yml:5:\d+: a property named `__proto__` cannot be checked \(the validator leaves it out\).*\(at goals\[0\]\.json_schema\.required\)$/),
    ]);
  });

  // Found by the second review: each was accepted at load and could never be checked, or loosened the gate.
  it('rejects in a goal json_schema what the check would refuse or check otherwise, where it is written', async () => {
    const errors = await errorsFor(yaml(...steps, '  - { name: a, json_schema: { $schema: "http://json-schema.org/draft-07/schema#", type: object, properties: { u: { type: string, format: url } }, if: { required: [a] }, then: { requird: [b] }, unevaluatedProperties: false } }'));
    expect(errors).toEqual([
      expect.stringMatching(/json_schema goals are JSON Schema 2020-12: remove \$schema/),
      expect.stringMatching(/format "url" is not checked — did you mean `uri`\?.*\(at goals\[0\]\.json_schema\.properties\.u\.format\)$/),
      expect.stringMatching(/`requird` is not a JSON Schema keyword — did you mean `required`\?.*\(at goals\[0\]\.json_schema\.then\.requird\)$/),
      expect.stringMatching(/`unevaluatedProperties` is not supported in a goal's json_schema.*use additionalProperties/),
    ]);
    for (const error of errors) expect(error).toMatch(/^plan\.yml:5:\d+: /);
  });

  // Found by an adversarial pass: contentSchema (with contentMediaType) on a string of JSON passed the gate though
  // the decoded value broke it: the content keywords are notes in 2020-12, and the validator checks nothing by them.
  it('rejects the content keywords in a goal json_schema, which nothing checks', async () => {
    const errors = await errorsFor(yaml(...steps, '  - { name: a, json_schema: { type: object, properties: { payload: { type: string, contentMediaType: application/json, contentSchema: { type: object } } } } }'));
    expect(errors).toEqual([
      expect.stringMatching(/^plan\.yml:5:\d+: `contentMediaType` is not checked in a goal's json_schema .*\(at goals\[0\]\.json_schema\.properties\.payload\.contentMediaType\)$/),
      expect.stringMatching(/^plan\.yml:5:\d+: `contentSchema` is not checked in a goal's json_schema .*\(at goals\[0\]\.json_schema\.properties\.payload\.contentSchema\)$/),
    ]);
  });

  // Found by an adversarial pass: `validate` said ok, and the run's goal could not be evaluated ("can't resolve reference",
  // "Maximum call stack size exceeded").
  it('rejects a goal json_schema whose $ref leads nowhere or back to itself, and takes a tree and a $dynamicRef', async () => {
    const errors = await errorsFor(
      yaml(
        ...steps,
        '  - { name: a, json_schema: { type: object, properties: { b: { $ref: "#/$defs/missing" } } } }',
        '  - { name: b, json_schema: { $ref: "#nope" } }',
        '  - { name: c, json_schema: { type: object, $ref: "#" } }',
        '  - { name: d, json_schema: { $defs: { x: { not: { $ref: "#/$defs/x" } } }, $ref: "#/$defs/x" } }',
      ),
    );
    expect(errors).toEqual([
      expect.stringMatching(/^plan\.yml:5:\d+: `\$ref` "#\/\$defs\/missing" leads nowhere in this schema \(at goals\[0\]\.json_schema\)$/),
      expect.stringMatching(/^plan\.yml:6:\d+: `\$ref` "#nope" names an anchor no subschema has \(at goals\[1\]\.json_schema\)$/),
      expect.stringMatching(/^plan\.yml:7:\d+: `\$ref: '#'` leads back to itself .*, so no value can be checked against it \(at goals\[2\]\.json_schema\)$/),
      expect.stringMatching(/^plan\.yml:8:\d+: `\$ref: '#\/\$defs\/x'` leads back to itself .* \(at goals\[3\]\.json_schema\)$/),
    ]);
    const tree = '{ $defs: { t: { type: array, items: { $ref: "#/$defs/t" } } }, $ref: "#/$defs/t" }';
    const dynamic = '{ $dynamicAnchor: node, type: object, properties: { kids: { type: array, items: { $dynamicRef: "#node" } } } }';
    expect((await validPlan(yaml(...steps, `  - { name: a, json_schema: ${tree} }`, `  - { name: b, json_schema: ${dynamic} }`))).source.goals).toHaveLength(2);
  });

  it('rejects a malformed json_schema', async () => {
    expect(await errorsFor(yaml(...steps, '  - { name: a, json_schema: { type: object, properties: [x] } }'))).toEqual([
      'plan.yml:5:57: `properties` must be a map from names to schemas (at goals[0].json_schema.properties)',
    ]);
  });
});
