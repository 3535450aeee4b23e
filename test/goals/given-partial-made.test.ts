import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNT, partialRuns } from './partial-runs.ts';

// Found by an adversarial pass: the run judged a `for_each` tool step with failed items of its own, given a result that
// hides its gap, as lacking work its value does not show, and a plan step whose plan's result was that step too; the
// goals re-derived it from the failed items alone and passed `contains` on answers made from a count that read `0`.
const runs = partialRuns('partial-made');
const { run } = runs;
// Rates an item by the failures it is given; fails on the item 0.
const RATE = `let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => { const a = JSON.parse(s); if (a.item === 0) process.exit(1); process.stdout.write(JSON.stringify(a.failures + ' failures')); })`;
const TOOLS = `tools:
  divisors: { description: The divisors, command: [printf, '%s', '[1, 0, 2]'] }
  count_failures: { description: Counts the failed divisions, command: [node, -e, "${COUNT}"] }
  rate: { description: Rates an item, command: [node, -e, "${RATE}"] }
`;
/** Divides 6 by 1, 0 and 2, going on past the item that fails, and counts the failures: `{"failures": 0}`. */
const DIVIDE = `  - { id: list, type: tool_call, tool: divisors, args: {} }
  - { id: divide, type: tool_call, tool: divide, for_each: "\${steps.list.result}", on_item_failure: continue, args: { a: 6, b: "\${item}" } }
  - { id: count, type: tool_call, tool: count_failures, args: { results: "\${steps.divide.result}" } }
`;
/** Rates each divisor by `failures`, going on past the item 0, which fails. */
const rated = (args: string) => `  - { id: rated, type: tool_call, tool: rate, for_each: "\${steps.list.result}", on_item_failure: continue, args: { item: "\${item}", ${args} } }\n`;
const goalLine = (summary: string, name: string): string => summary.split('\n').find((line) => line.startsWith('|') && line.includes(name)) ?? '';

describe('a for_each tool step with failed items, given a result that lacks work', () => {
  it('passes no goal when what it was given hides its gap, and says both', async () => {
    const { result, said } = await run(`name: Rated\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}${rated('failures: "${steps.count.result.failures}"')}goals:\n  - { name: none failed, of: rated, contains: "0 failures" }\n`);
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(said.summary, 'none failed')).toContain('the result of step rated lacks work the run left undone');
    expect(goalLine(said.summary, 'none failed')).toContain('its tool was given the result of step count');
    const line = said.summary.split('\n').find((text) => text.includes('**rated.')) ?? '';
    expect(line).toContain('result partial: 1 of 3 items failed');
    expect(line).toContain('its tool was given the result of step count, which lacks work');
  });

  it('passes no goal when what it was given shows its gap, as a tool step without for_each', async () => {
    const { result, said } = await run(`name: Rated\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}${rated('failures: 0, given: "${steps.divide.result}"')}goals:\n  - { name: none failed, of: rated, contains: "0 failures" }\n`);
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(said.summary, 'none failed')).toContain('its tool was given the result of step divide');
  });

  it('passes contains on its own genuine items when it is given nothing that lacks work', async () => {
    const { result } = await run(`name: Rated\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}${rated('failures: 0')}goals:\n  - { name: none failed, of: rated, contains: "0 failures" }\n`);
    expect(result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
  });
});

describe('a plan step whose plan’s result step has failed items', () => {
  it('passes no goal when that step’s answers were made from a result that hides its gap', async () => {
    const inner = `name: Inner\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}${rated('failures: "${steps.count.result.failures}"')}`;
    const { result, said } = await run(`name: Outer\nworkflow_sequence:\n  - { id: rating, type: plan, uses: inner.yml }\ngoals:\n  - { name: none failed, of: rating, contains: "0 failures" }\n`, { 'inner.yml': inner });
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(said.summary, 'none failed')).toContain('the result of step rating lacks work the run left undone');
  });

  it('passes contains on a list of genuine item results, as on the step itself', async () => {
    const inner = `name: Inner\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}${rated('failures: 0')}`;
    const direct = await run(`name: Rated\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}${rated('failures: 0')}goals:\n  - { name: none failed, of: rated, contains: "0 failures" }\n`);
    const used = await run(`name: Outer\nworkflow_sequence:\n  - { id: rating, type: plan, uses: inner.yml }\ngoals:\n  - { name: none failed, of: rating, contains: "0 failures" }\n`, { 'inner.yml': inner });
    expect(direct.result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(used.result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
  });

  // Found by an adversarial pass: the goal named only the failed items, and told to check the run with
  // all_steps_completed, which passes: every step completed, and the items past the cut never ran.
  it('says, as the step’s line does, that its list was cut too, and not to check it with all_steps_completed', async () => {
    const cut = `tools:\n  divisors: { description: The divisors, command: [node, -e, "process.stdout.write(JSON.stringify({ note: '[cut: the list has 5 divisors; showing the first 3]', items: [1, 0, 2] }))"] }\n`;
    const steps = `  - { id: list, type: tool_call, tool: divisors, args: {} }\n  - { id: each, type: tool_call, tool: divide, for_each: "\${steps.list.result.items}", on_item_failure: continue, args: { a: 6, b: "\${item}" } }\n`;
    const { result, said } = await run(`name: Outer\nworkflow_sequence:\n  - { id: p, type: plan, uses: inner.yml }\ngoals:\n  - { name: no fail, of: p, not_contains: FAIL }\n`, { 'inner.yml': `name: Inner\ntoolsets: [math]\n${cut}workflow_sequence:\n${steps}` });
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    const goal = goalLine(said.summary, 'no fail');
    expect(goal).toContain('which its tool cut');
    expect(goal).toContain('1 of 3 items failed');
    expect(goal).not.toContain('all_steps_completed');
  });

  it('passes no goal on a result its plan’s tool made from a list with a null when a resumed run reuses it', async () => {
    // The last step fails while the file `down` exists: the first run fails there, and a re-run resumes past the plan step.
    const counter = `name: Counter\ninputs: { results: {} }\n${TOOLS}workflow_sequence:\n  - { id: count, type: tool_call, tool: count_failures, args: { results: "\${inputs.results}" } }\n`;
    const gate = `  gate: { description: Fails while down exists, command: [test, '!', -e, down] }\n`;
    const plan = `name: Outer\ntoolsets: [math]\n${TOOLS}${gate}workflow_sequence:\n${DIVIDE}  - { id: counted, type: plan, uses: counter.yml, with: { results: "\${steps.divide.result}" } }\n  - { id: gate, type: tool_call, tool: gate, args: {}, depends_on: [counted], on_failure: fail }\ngoals:\n  - { name: failures counted, of: counted, contains: "0" }\n`;
    await writeFile(path.join(runs.workspace, 'down'), '');
    const first = await run(plan, { 'counter.yml': counter });
    expect(first.result.outputs).toMatchObject({ status: 'failed' });
    await unlink(path.join(runs.workspace, 'down'));
    const { result, said } = await run(plan, { 'counter.yml': counter }, { 'resume-from': first.result.outputs.trace! });
    expect(said.summary).toMatch(/\*\*counted\. [^\n]* reused — result partial: its plan’s result/);
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
  });
});
