import { describe, expect, it } from 'vitest';
import { JsonDuplicateKeyError, parseJson } from '../../src/core/parse-json.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

describe('parseJson and a key written twice', () => {
  it('refuses an object that names a key twice, however the key is spelt', () => {
    expect(() => parseJson('{"verdict": "FAIL", "verdict": "pass"}')).toThrow(JsonDuplicateKeyError);
    expect(() => parseJson('{"a": 1, "\\u0061": 2}')).toThrow('the JSON has the key "a" twice in one object');
    expect(() => parseJson('[{"x": [1, {"k": 1, "k": 2}]}]')).toThrow(JsonDuplicateKeyError);
    expect(() => parseJson('{"__proto__": 1, "__proto__": 2}')).toThrow(JsonDuplicateKeyError);
  });

  it('reads the same key in different objects, and keys inside strings, as JSON.parse does', () => {
    const texts = [
      '[{"a": 1}, {"a": 2}]',
      '{"a": {"a": {"a": 1}}, "b": [{"a": 2}, {"a": 3}]}',
      '{"a": "\\"a\\": 1, {\\"a\\": [", "b": "a", "c": ["a", "a"]}',
      '{"a\\\\": 1, "a": 2, "a\\"": 3}',
      '"{\\"a\\": 1, \\"a\\": 2}"',
      '{ }',
      '[]',
    ];
    for (const text of texts) expect(parseJson(text)).toEqual(JSON.parse(text));
  });
});

// Found by review: a command's output {"verdict": "FAIL: tests broken", "verdict": "pass"} was read as
// {"verdict": "pass"}: a required not_contains FAIL and a json_schema asking for "pass" were both met.
it('a command output with a key twice is kept as its text: the goals see all of it', async () => {
  const job = await runOfflineJob({
    script: [],
    plan: `name: Verdict
tools:
  verdict:
    description: Prints a verdict
    command: [sh, -c, 'printf "%s" "{\\"verdict\\": \\"FAIL: tests broken\\", \\"verdict\\": \\"pass\\"}"']
workflow_sequence:
  - { id: v, type: tool_call, tool: verdict, args: {} }
goals:
  - { name: no failure, not_contains: FAIL }
  - { name: passed, json_schema: { type: object, required: [verdict], properties: { verdict: { const: pass } } } }
`,
  });
  expect(job.outcome.kind).toBe('ran');
  if (job.outcome.kind !== 'ran') return;
  expect(job.outcome.run.finalResult).toBe('{"verdict": "FAIL: tests broken", "verdict": "pass"}');
  expect(job.outcome.goals.map((goal) => [goal.name, goal.outcome])).toEqual([
    ['no failure', 'unmet'],
    ['passed', 'unmet'],
  ]);
  expect(job.outcome.goals[1]!.evidence).toContain('twice in one object');
  expect(job.outcome.status).toBe('goals-unmet');
});
