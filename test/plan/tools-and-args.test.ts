import { describe, expect, it } from 'vitest';
import { checkInputSchemas } from '../../src/plan/check-args.ts';
import { mathToolset } from '../../src/tools/math-toolset.ts';
import { toolsetTools } from '../../src/tools/toolsets.ts';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

describe('tools named by steps', () => {
  it('rejects an unknown tool, suggesting the nearest and listing what is available', async () => {
    expect(await errorsFor(yaml('toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: divde }'))).toEqual([
      'plan.yml:3:37: unknown tool `divde` — did you mean `divide`? Tools: add, divide, multiply, subtract (at workflow_sequence[0].tool)',
    ]);
  });

  // Found by a hunt of retries: only a call that never reached its target is retried where it has side effects, and a
  // command always starts: `retry` on such a tool, or on a step calling one, validated and was read by no one.
  it('refuses `retry` for a command tool with side effects, on the tool and on a step, and keeps it for others', async () => {
    const errors = await errorsFor(
      yaml(
        'tools:',
        '  post: { description: P, side_effects: true, command: [sh, -c, "exit 75"], retry: { max_attempts: 5 } }',
        '  read: { description: R, command: [cat, x], retry: { max_attempts: 5 } }',
        'workflow_sequence:',
        '  - { id: 1, type: tool_call, tool: post, args: {}, retry: { max_attempts: 4 } }',
        '  - { id: 2, type: tool_call, tool: read, args: {}, retry: { max_attempts: 4 } }',
      ),
    );
    expect(errors).toEqual([
      expect.stringMatching(/^plan\.yml:2:\d+: a command tool with side_effects: true is never retried, as a repeat could make its effect twice; remove `retry`, .* \(at tools\.post\.retry\)$/),
      expect.stringMatching(/^plan\.yml:5:\d+: step retries `post`, but a command tool with side_effects: true is never retried.* \(at workflow_sequence\[0\]\.retry\)$/),
    ]);
  });

  it('says how to make tools available when there are none', async () => {
    expect(await errorsFor(yaml('workflow_sequence:', '  - { id: 1, type: tool_call, tool: fetch_sales_data }'))).toEqual([
      'plan.yml:2:37: unknown tool `fetch_sales_data`; no tools are available: declare it under `tools:` or enable a toolset (`toolsets: [math]`) (at workflow_sequence[0].tool)',
    ]);
  });

  // `args` on a plan step was told "a plan step is answered by the model", which it is not (its used plan runs), with
  // nothing saying its inputs go under `with:`; an aggregate step was "a aggregate step" (found by an adversarial pass).
  it('tells `args` off a tool_call step where what it holds belongs, by the step type', async () => {
    expect(
      await errorsFor(
        yaml(
          'toolsets: [math]',
          'workflow_sequence:',
          '  - { id: 1, type: agent, task: t, tools: [add], args: { a: 1 } }',
          '  - { id: 2, type: aggregate, inputs: [1], args: { a: 1 }, description: d }',
          '  - { id: 3, type: plan, uses: plans/sub.yml, args: { repository: octo/web } }',
        ),
      ),
    ).toEqual([
      "plan.yml:3:50: only tool_call steps take `args`: an agent step's model chooses the arguments of each tool call; say what it needs in `task`, and remove `args` (at workflow_sequence[0].args)",
      'plan.yml:4:44: only tool_call steps take `args`; an aggregate step is answered by the model: remove `args`, or write `type: tool_call` with a `tool` (at workflow_sequence[1].args)',
      'plan.yml:5:47: a plan step gives the plan it uses its inputs under `with:`, not `args:`; rename `args` to `with` (at workflow_sequence[2].args)',
    ]);
  });

  it('requires tool on tool_call and allows tool, args and inputs only where they apply', async () => {
    expect(
      await errorsFor(
        yaml(
          'toolsets: [math]',
          'workflow_sequence:',
          '  - { id: 1, type: tool_call }',
          '  - { id: 2, type: reasoning, tool: add, args: { a: 1 } }',
          '  - { id: 3, type: tool_call, tool: add, inputs: [1] }',
          '  - { id: 4, type: reasoning, handles_gaps: true }',
          'goal: Add',
        ),
      ),
    ).toEqual([
      'plan.yml:3:5: a tool_call step needs `tool:`; available tools: add, divide, multiply, subtract (at workflow_sequence[0])',
      'plan.yml:4:31: only tool_call steps name a tool; remove `tool` or write `type: tool_call` (at workflow_sequence[1].tool)',
      'plan.yml:4:42: only tool_call steps take `args`; a reasoning step is answered by the model: remove `args`, or write `type: tool_call` with a `tool` (at workflow_sequence[1].args)',
      'plan.yml:5:42: only aggregate steps take `inputs`; use `depends_on` to wait for other steps (at workflow_sequence[2].inputs)',
      'plan.yml:6:31: only tool_call steps take `handles_gaps`: a model step is told what a result it is given lacks, and its answer is its own; remove it (at workflow_sequence[3].handles_gaps)',
    ]);
  });

  it('rejects a declared tool that shadows a toolset tool', async () => {
    expect(await errorsFor(yaml('goal: g', 'toolsets: [math]', 'tools:', '  add: { description: mine, command: [node, add.mjs] }'))).toEqual([
      'plan.yml:4:3: tool `add` is also in the `math` toolset; give the declared tool another name (at tools.add)',
    ]);
  });

  it('accepts tools from adapters through extraTools and lists them in the catalogue', async () => {
    const plan = await validPlan(yaml('workflow_sequence:', '  - { id: 1, type: tool_call, tool: everything__echo, args: { message: hi } }'), {
      extraTools: [{ name: 'everything__echo', description: 'Echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } }, sideEffects: false }],
    });
    expect(plan.tools.get('everything__echo')).toMatchObject({ origin: 'extra', description: 'Echo' });
  });

  it("compiles the input schemas of the tools steps call, not every tool a server lists", async () => {
    const listed = Array.from({ length: 50 }, (_, i) => ({ name: `server__tool${i}`, description: 'A tool', inputSchema: { type: 'object' as const, properties: { q: { type: 'string', pattern: '^[a-z]+$' } } }, sideEffects: false }));
    const plan = await validPlan(yaml('toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: server__tool7, args: { q: abc } }', '  - { id: 2, type: tool_call, tool: add, args: { a: 1, b: 2 } }'), { extraTools: listed });
    expect(plan.tools.size).toBe(54);
    expect([...checkInputSchemas({ plan: plan.source, tools: plan.tools, steps: plan.steps }).schemas.keys()].sort()).toEqual(['add', 'server__tool7']);
    // The called tool's schema still checks its literal args.
    expect(await errorsFor(yaml('workflow_sequence:', '  - { id: 1, type: tool_call, tool: server__tool7, args: { q: ABC } }'), { extraTools: listed })).toEqual([
      'plan.yml:2:63: `q` does not match the pattern /^[a-z]+$/; got `ABC` (input of tool `server__tool7`) (at workflow_sequence[0].args.q)',
    ]);
  });

  it('builds the catalogue from toolsets and declared tools', async () => {
    const plan = await validPlan(yaml('goal: g', 'toolsets: [math]', 'tools:', '  fetch: { description: Fetch, command: [node, f.mjs], side_effects: true }'));
    expect([...plan.tools.keys()]).toEqual(['add', 'subtract', 'multiply', 'divide', 'fetch']);
    expect(plan.tools.get('fetch')).toEqual({ name: 'fetch', description: 'Fetch', inputSchema: { type: 'object', properties: {} }, sideEffects: true, origin: 'plan' });
    expect(plan.tools.get('add')).toMatchObject({ origin: 'toolset', toolset: 'math' });
  });

  it('maps the math toolset name to its tools', async () => {
    expect(toolsetTools('math').map((tool) => tool.name)).toEqual(mathToolset().map((tool) => tool.name));
  });
});

// Found by a hunt of plan errors: `toolsets: [math, math]` was refused, and each of these passed.
describe('lists whose items are each written once', () => {
  it('refuses an item written twice, at its second place', async () => {
    expect(
      await errorsFor(
        yaml(
          'toolsets: [math, http]',
          'http: { allow: ["https://x.test/", "https://x.test/"] }',
          'agents: { a: { tools: [add, add] } }',
          'tools: { t: { description: T, command: [x], env: [A, A] } }',
          'workflow_sequence:',
          '  - { id: 1, type: agent, task: add, tools: [add, add] }',
          '  - { id: 2, type: aggregate, inputs: [1, "1"] }',
        ),
      ),
    ).toEqual([
      'plan.yml:2:36: `https://x.test/` is listed twice; list each URL prefix once (at http.allow[1])',
      'plan.yml:3:29: `add` is listed twice; list each tool once (at agents.a.tools[1])',
      'plan.yml:4:54: `A` is listed twice; list each variable once (at tools.t.env[1])',
      'plan.yml:6:51: `add` is listed twice; list each tool once (at workflow_sequence[0].tools[1])',
      'plan.yml:7:43: `1` is listed twice; list each step once (at workflow_sequence[1].inputs[1])',
    ]);
  });
});

// Found by a hunt of plan errors: "unknown key `name` — did you mean `name`?", the zero-width space in it unseen.
describe('characters a reader cannot see, in messages', () => {
  it('are written as escapes', async () => {
    expect(await errorsFor(yaml('name\u200b: x', 'toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: "add\u00a0", args: { a: 1, b: 2 } }'))).toEqual([
      expect.stringMatching(/^plan\.yml:1:1: unknown key `name\\u200b` — did you mean `name`\?/),
      expect.stringMatching(/^plan\.yml:4:37: tool names use ASCII letters, digits, _ and - \(1 to 64\), as Chat Completions requires; got `add\\u00a0`/),
    ]);
  });
});

describe('agents', () => {
  const agents = ['toolsets: [math]', 'agents:', '  calculator: { tools: [add, multiply] }', '  writer: { tools: [multipy] }', 'workflow_sequence:'];

  it('rejects unknown agents, tools an agent may not use, and unknown tools in an agent', async () => {
    expect(
      await errorsFor(yaml(...agents, '  - { id: 1, type: tool_call, tool: subtract, agent: calculator, args: { a: 1, b: 2 } }', '  - { id: 2, type: reasoning, agent: calculater }', 'goal: Add')),
    ).toEqual([
      'plan.yml:4:21: unknown tool `multipy` — did you mean `multiply`? Tools: add, divide, multiply, subtract (at agents.writer.tools[0])',
      'plan.yml:6:37: agent `calculator` may not use tool `subtract`; its tools: add, multiply (at workflow_sequence[0].tool)',
      'plan.yml:7:38: unknown agent `calculater` — did you mean `calculator`? (at workflow_sequence[1].agent)',
    ]);
  });
});

describe('literal args are checked against the tool input schema', () => {
  const tools = [
    'toolsets: [math]',
    'tools:',
    '  fetch:',
    '    description: Fetch',
    '    command: [node, fetch.mjs]',
    '    input:',
    '      type: object',
    '      properties: { week: { type: string, pattern: "^\\\\d{4}-W\\\\d{2}$" }, limit: { type: integer } }',
    '      required: [week]',
    '      additionalProperties: false',
    'workflow_sequence:',
  ];

  it('reports wrong types, missing and unknown args at their positions', async () => {
    expect(
      await errorsFor(yaml(...tools, '  - { id: 1, type: tool_call, tool: fetch, args: { limit: ten, wek: x } }', '  - { id: 2, type: tool_call, tool: add, args: { a: 1, b: "2" } }')),
    ).toEqual([
      'plan.yml:12:50: missing `week` (input of tool `fetch`) (at workflow_sequence[0].args.week)',
      'plan.yml:12:59: `limit` must be a number; got text (input of tool `fetch`) (at workflow_sequence[0].args.limit)',
      'plan.yml:12:64: unknown key `wek` — did you mean `week`? (input of tool `fetch`) (at workflow_sequence[0].args.wek)',
      'plan.yml:13:59: `b` must be a number, not text: write 2 without quotes (input of tool `add`) (at workflow_sequence[1].args.b)',
    ]);
  });

  // zod checked `uri-reference` as a URL: a relative path was refused, named as the `uri` format (found by an adversarial pass).
  it('checks a format as JSON Schema means it, naming it as the schema does', async () => {
    const input = '  show: { description: Show, command: [node, show.mjs], input: { type: object, properties: { ref: { type: string, format: uri-reference } } } }';
    expect(
      await errorsFor(yaml('tools:', input, 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: show, args: { ref: guides/setup.md } }', '  - { id: 2, type: tool_call, tool: show, args: { ref: a b }, depends_on: [] }')),
    ).toEqual(['plan.yml:5:56: `ref` must be in the `uri-reference` format; got `a b` (input of tool `show`) (at workflow_sequence[1].args.ref)']);
  });

  it('does not check values that are references, only literal ones', async () => {
    const plan = await validPlan(
      yaml(
        ...tools,
        '  - { id: 1, type: tool_call, tool: multiply, args: { a: 3, b: 4 } }',
        '  - { id: 2, type: tool_call, tool: add, args: { a: "${steps.1.result}", b: { step_result: 1 } } }',
        '  - { id: 3, type: tool_call, tool: fetch, args: { week: "W${steps.2.result}" } }',
      ),
    );
    expect(plan.steps[1]!.args).toEqual({ a: '${steps.1.result}', b: { step_result: 1 } });
  });

  // Found by a hunt of plan errors: validate passed each of these, and every run failed at the step, whatever was given.
  it('checks the kind of a reference the file tells: an input by its default, and text around a reference', async () => {
    expect(
      await errorsFor(
        yaml(
          'inputs: { x: { default: "3" }, flag: { default: true }, n: { default: 2.5 }, free: { description: any } }',
          ...tools,
          '  - { id: 1, type: tool_call, tool: multiply, args: { a: "${inputs.x}", b: "${inputs.flag}" } }',
          '  - { id: 2, type: tool_call, tool: add, args: { a: "=${steps.1.result}", b: "${inputs.free}" } }',
          '  - { id: 3, type: tool_call, tool: fetch, args: { week: "W${steps.2.result}", limit: "${inputs.n}" } }',
        ),
      ),
    ).toEqual([
      "plan.yml:13:58: `a` must be a number, and `${inputs.x}` is text: input `x`'s default is, and a value given for it is read as that kind; give input `x` a default of the kind the tool takes (input of tool `multiply`) (at workflow_sequence[0].args.a)",
      "plan.yml:13:76: `b` must be a number, and `${inputs.flag}` is true or false: input `flag`'s default is, and a value given for it is read as that kind; give input `flag` a default of the kind the tool takes (input of tool `multiply`) (at workflow_sequence[0].args.b)",
      'plan.yml:14:53: `a` must be a number, and `=${steps.1.result}` is text: a reference with text around it makes text; write the reference alone (input of tool `add`) (at workflow_sequence[1].args.a)',
    ]);
  });

  // Found by a hunt of references: the run passes `${HOME}` on as written (it is no reference), and a model's answer
  // is its text, never parsed: each validated, and the run failed at the step (after paying for the model's answer).
  it('checks ${…} text that is no reference as written, and knows a step a model answers makes text', async () => {
    expect(
      await errorsFor(
        yaml(
          ...tools,
          '  - { id: 1, type: tool_call, tool: add, args: { a: "${HOME}", b: 2 } }',
          '  - { id: r, type: reasoning, description: Answer with a number }',
          '  - { id: each, type: agent, task: Say it, for_each: "${steps.1.result}", depends_on: [1] }',
          '  - { id: 4, type: tool_call, tool: add, args: { a: "${steps.r.result}", b: { step_result: each, path: "[0]" } }, depends_on: [r, each] }',
          '  - { id: 5, type: tool_call, tool: fetch, args: { week: "${steps.r.result}", limit: "${steps.1.result}" }, depends_on: [r, 1] }',
        ),
      ),
    ).toEqual([
      'plan.yml:12:53: `a` must be a number; got text (input of tool `add`) (at workflow_sequence[0].args.a)',
      'plan.yml:15:53: `a` must be a number, and `${steps.r.result}` is text: step r is a reasoning step, whose result is text; have a tool step make the value (input of tool `add`) (at workflow_sequence[3].args.a)',
      'plan.yml:15:77: `b` must be a number, and `{"step_result":"each","path":"[0]"}` is text: step each is a for_each agent step, whose result is a list of texts; have a tool step make the value (input of tool `add`) (at workflow_sequence[3].args.b)',
    ]);
  });

  it('still checks literal args beside a reference', async () => {
    expect(await errorsFor(yaml(...tools, '  - { id: 1, type: tool_call, tool: multiply, args: { a: 3, b: 4 } }', '  - { id: 2, type: tool_call, tool: add, args: { a: { step_result: 1 }, b: x } }'))).toEqual([
      'plan.yml:13:76: `b` must be a number; got text (input of tool `add`) (at workflow_sequence[1].args.b)',
    ]);
  });

  it('rejects a malformed input schema at the bad keyword, and one zod cannot use', async () => {
    expect(
      await errorsFor(
        yaml(
          'goal: g',
          'tools:',
          '  a: { description: A, command: [x], input: { type: object, properties: { n: { type: strnig, minLength: -1 } }, required: n } }',
          '  b: { description: B, command: [x], input: { type: array } }',
          '  c: { description: C, command: [x], input: { type: object, if: { required: [x] }, then: { required: [y] } } }',
        ),
      ),
    ).toEqual([
      'plan.yml:3:86: JSON Schema type "strnig" does not exist — did you mean `string`? (at tools.a.input.properties.n.type)',
      'plan.yml:3:105: `minLength` must be a whole number, 0 or more (at tools.a.input.properties.n.minLength)',
      'plan.yml:3:123: `required` must be a list of property names (at tools.a.input.required)',
      'plan.yml:4:53: a tool\'s `input` describes its args map: write `type: object` and list the args under `properties` (at tools.b.input.type)',
      'plan.yml:5:45: this input schema cannot be used: Conditional schemas (if/then/else) are not supported (at tools.c.input)',
    ]);
  });

  // Found by review: a typo switched argument checking off without a word (`requird` made `week`
  // optional, `propertes` dropped its type); our own examples had `description: ISO week, e.g. …` in a
  // flow map, whose comma made `e.g. 2026-W48` a key.
  it('rejects a key in a tool input schema that is no JSON Schema keyword, where it is written', async () => {
    expect(
      await errorsFor(yaml('goal: g', 'tools:', '  echo: { description: E, command: [cat], input: { type: object, propertes: { week: { type: string, description: ISO week, e.g. 2026-W48 } }, requird: [week] } }')),
    ).toEqual([
      'plan.yml:3:66: `propertes` is not a JSON Schema keyword — did you mean `properties`?; a check would ignore it (at tools.echo.input.propertes)',
      'plan.yml:3:143: `requird` is not a JSON Schema keyword — did you mean `required`?; a check would ignore it (at tools.echo.input.requird)',
    ]);
  });

  // Found by a hunt for bad inputs: zod's converter took `multipleOf: 0`, and refused the argument with its own words.
  it('rejects a multipleOf of 0 or less in a tool input schema, where it is written', async () => {
    expect(await errorsFor(yaml('goal: g', 'tools:', '  t: { description: T, command: [echo], input: { type: object, properties: { a: { type: number, multipleOf: 0 }, b: { multipleOf: -2 } } } }'))).toEqual([
      expect.stringMatching(/^plan\.yml:3:\d+: `multipleOf` must be a number greater than 0 \(at tools\.t\.input\.properties\.a\.multipleOf\)$/),
      expect.stringMatching(/^plan\.yml:3:\d+: `multipleOf` must be a number greater than 0 \(at tools\.t\.input\.properties\.b\.multipleOf\)$/),
    ]);
  });

  // Found by the review of the keyword check: zod's converter enforces a draft-07 schema's additionalItems.
  it('takes the earlier drafts\' keywords in a tool input schema', async () => {
    await validPlan(yaml('goal: g', 'tools:', '  x: { description: X, command: [x], input: { $schema: "http://json-schema.org/draft-07/schema#", type: object, properties: { pair: { type: array, items: [{ type: string }, { type: number }], additionalItems: false } } } }'));
  });

  // The schemas under the earlier drafts' `dependencies` are checked for typos as every other subschema is.
  it('checks what a tool input schema\'s dependencies hold', async () => {
    expect(await errorsFor(yaml('goal: g', 'tools:', '  x: { description: X, command: [x], input: { type: object, dependencies: { a: [b], c: { requird: [d] }, e: [1] }, dependentRequired: { f: g } } }'))).toEqual([
      expect.stringMatching(/^plan\.yml:3:\d+: `requird` is not a JSON Schema keyword — did you mean `required`\?; a check would ignore it \(at tools\.x\.input\.dependencies\.c\.requird\)$/),
      expect.stringMatching(/^plan\.yml:3:\d+: a list of `dependencies` holds property names \(at tools\.x\.input\.dependencies\.e\)$/),
      expect.stringMatching(/^plan\.yml:3:\d+: `dependentRequired` must map property names to lists of property names \(at tools\.x\.input\.dependentRequired\)$/),
    ]);
    await validPlan(yaml('goal: g', 'tools:', '  x: { description: X, command: [x], input: { type: object, dependencies: { a: [b], c: { required: [d] } } } }'));
  });

  // Found by review: validate said ok; the run failed with "cannot start 'node' (ERR_INVALID_ARG_VALUE)".
  it('rejects a NUL byte in a command tool or command goal argv, where it is written', async () => {
    expect(await errorsFor(yaml('goal: g', 'tools:', '  echo: { description: E, command: [node, "-e", "x\\0y"] }', 'goals:', '  - { name: ok, command: ["t\\0"] }'))).toEqual([
      expect.stringMatching(/^plan\.yml:3:49: a program and its arguments cannot hold a NUL byte .*\(at tools\.echo\.command\[2\]\)$/),
      expect.stringMatching(/^plan\.yml:5:27: a program and its arguments cannot hold a NUL byte .*\(at goals\[0\]\.command\[0\]\)$/),
    ]);
  });

  // Found by a review: the NUL check of argv covered command tools and command goals, not a stdio MCP server's command.
  it('rejects a NUL byte in a stdio MCP server’s command, where it is written', async () => {
    expect(await errorsFor(yaml('goal: g', 'mcp_servers:', '  s: { command: [node, "srv\\0.mjs"] }'))).toEqual([
      expect.stringMatching(/^plan\.yml:3:\d+: a program and its arguments cannot hold a NUL byte .*\(at mcp_servers\.s\.command\[1\]\)$/),
    ]);
  });

  // Found by an adversarial pass: validate said ok of a NUL byte in an `env:` value; the run failed with "cannot start
  // 'node' (ERR_INVALID_ARG_VALUE); check the command in the plan", which named the wrong field and no position.
  it('rejects a NUL byte in a command tool’s or MCP server’s env: value, where it is written', async () => {
    expect(await errorsFor(yaml('goal: g', 'tools:', '  echo: { description: E, command: [node], env: { A: "x\\0y" } }', 'mcp_servers:', '  s: { command: [node], env: { B: "\\0" } }'))).toEqual([
      expect.stringMatching(/^plan\.yml:3:\d+: a variable's or header's value cannot hold a NUL byte .*\(at tools\.echo\.env\.A\)$/),
      expect.stringMatching(/^plan\.yml:5:\d+: a variable's or header's value cannot hold a NUL byte .*\(at mcp_servers\.s\.env\.B\)$/),
    ]);
  });

  // Found by review: `max_interval: 3000000` passed Node's timer limit: it warned, waited 1 ms and retried at once.
  it('rejects a retry interval of three hours or more, number or text', async () => {
    expect(await errorsFor(yaml('goal: g', 'tools:', '  x: { description: X, command: [x], retry: { initial_interval: 10000, max_interval: 100m } }'))).toEqual([
      expect.stringMatching(/^plan\.yml:3:\d+: .*at most 9999 \(under three hours\).*\(at tools\.x\.retry\.initial_interval\)$/),
      expect.stringMatching(/^plan\.yml:3:\d+: write a duration as 500ms, 2s or 1m, under three hours .*got `100m` \(at tools\.x\.retry\.max_interval\)$/),
    ]);
    await validPlan(yaml('goal: g', 'tools:', '  x: { description: X, command: [x], retry: { initial_interval: 9999, max_interval: 99m } }'));
  });
});

// Found by an adversarial pass: argv is passed as written, so a goal `command: [echo, "${steps.1.result}"]`
// was met by echoing the literal text, and a tool got `${inputs.p}` for the input's value.
describe('references in a command argv', () => {
  it('are refused where they are written, for tools and for command goals', async () => {
    expect(
      await errorsFor(
        yaml(
          'inputs: { p: { default: x } }',
          'tools:',
          '  t: { description: d, command: [node, t.mjs, "--p=${inputs.p}", "${env.TOKEN}"] }',
          'workflow_sequence:',
          '  - { id: 1, type: tool_call, tool: t }',
          'goals:',
          '  - { name: g, command: [check, "${steps.1.result}"] }',
        ),
      ),
    ).toEqual([
      "plan.yml:3:47: `${inputs.p}` would reach the program as written: a command's argv is not filled in (no shell), and it gets the step's `args` as JSON on stdin: pass the value there (at tools.t.command[2])",
      "plan.yml:3:66: `${env.TOKEN}` would reach the program as written: a command's argv is not filled in (no shell), and a runner variable reaches it through `env:` (at tools.t.command[3])",
      "plan.yml:7:33: `${steps.1.result}` would reach the program as written: a command goal's argv is not filled in (no shell); it reads the result it checks on stdin (at goals[0].command[1])",
    ]);
  });

  // Found by an adversarial pass: an MCP server's `command: [node, server.mjs, "--token=${env.DOCS_TOKEN}"]` passed
  // validate, and the server was started with those very characters for its token.
  it('are refused in an MCP server’s command too', async () => {
    expect(await errorsFor(yaml('goal: g', 'mcp_servers:', '  docs: { command: [node, server.mjs, "--token=${env.DOCS_TOKEN}", "${inputs.p}"] }'))).toEqual([
      "plan.yml:3:39: `${env.DOCS_TOKEN}` would reach the program as written: a command's argv is not filled in (no shell), and a runner variable reaches it through `env:` (at mcp_servers.docs.command[2])",
      expect.stringMatching(/^plan\.yml:3:\d+: `\$\{inputs\.p\}` would reach the program as written: a command's argv is not filled in \(no shell\).* \(at mcp_servers\.docs\.command\[3\]\)$/),
    ]);
  });

  // Found by a review: an MCP server's `url: https://mcp.test/${env.TENANT}/mcp` passed validate, and the requests
  // went to a path with those very characters in it, as the argv did before it was checked.
  it('are refused in an MCP server’s url too', async () => {
    expect(await errorsFor(yaml('goal: g', 'mcp_servers:', '  docs: { url: "https://mcp.test/${env.TENANT}/mcp?k=${inputs.key}" }'))).toEqual([
      expect.stringMatching(/^plan\.yml:3:\d+: `\$\{env\.TENANT\}` would reach the server as written: a server's url is not filled in, and a runner variable reaches it through `headers:` \(at mcp_servers\.docs\.url\)$/),
    ]);
    await validPlan(yaml('goal: g', 'mcp_servers:', '  docs: { url: "https://mcp.test/mcp", headers: { Authorization: "Bearer ${env.TOKEN}" } }'));
  });

  it("leave a shell's own variables alone", async () => {
    await validPlan(
      yaml(
        'tools:',
        '  t: { description: d, command: [sh, -c, "for item in a b; do echo ${item} ${HOME} ${result}; done"] }',
        'workflow_sequence:',
        '  - { id: 1, type: tool_call, tool: t }',
      ),
    );
  });
});
