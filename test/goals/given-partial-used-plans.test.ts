import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNT, partialRuns } from './partial-runs.ts';
import { textAnswer } from '../helpers/chat-server.ts';

// Found by an adversarial pass: a partial result (a for_each list with a null for each failed item) that crosses a
// `type: plan` step, out of its used plan or into it through `with:`, read as whole to the tool steps on the other side.
const runs = partialRuns('partial-used');
const { run } = runs;
const TOOLS = `tools:
  divisors: { description: The divisors, command: [printf, '%s', '[1, 0, 2]'] }
  count_failures: { description: Counts the failed divisions, command: [node, -e, "${COUNT}"] }
`;
/** Divides 6 by 1, 0 and 2, going on past the item that fails. */
const DIVIDE = `  - { id: list, type: tool_call, tool: divisors, args: {} }
  - { id: divide, type: tool_call, tool: divide, for_each: "\${steps.list.result}", on_item_failure: continue, args: { a: 6, b: "\${item}" } }
`;
const NO_FAILURES = '{ type: object, properties: { failures: { const: 0 } }, required: [failures] }';
const goalLine = (summary: string, name: string): string => summary.split('\n').find((line) => line.startsWith('|') && line.includes(name)) ?? '';

describe('a partial result out of a used plan', () => {
  it('makes the result of a tool step given the plan step’s result partial', async () => {
    const { result, said } = await run(
      `name: Outer\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n  - { id: divisions, type: plan, uses: inner.yml }\n  - { id: count, type: tool_call, tool: count_failures, args: { results: "\${steps.divisions.result}" } }\ngoals:\n  - { name: no division failed, of: count, json_schema: ${NO_FAILURES} }\n`,
      { 'inner.yml': `name: Inner\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}` },
    );
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(said.summary, 'no division failed')).toContain('the result of step count lacks work the run left undone (step count: its tool was given the result of step divisions');
    expect(goalLine(said.summary, 'no division failed')).toContain('1 of 3 items failed');
  });

  it('makes the plan step’s result partial when its plan’s result is a tool’s made from a partial one', async () => {
    const { result, said } = await run(
      `name: Outer\ntoolsets: [math]\nworkflow_sequence:\n  - { id: counted, type: plan, uses: inner.yml }\ngoals:\n  - { name: no division failed, of: counted, json_schema: ${NO_FAILURES} }\n`,
      { 'inner.yml': `name: Inner\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}  - { id: count, type: tool_call, tool: count_failures, args: { results: "\${steps.divide.result}" } }\n` },
    );
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(said.summary, 'no division failed')).toContain('the result of step counted lacks work the run left undone (step counted: its plan’s result, step count of inner.yml, lacks work');
    expect(said.summary).toMatch(/\*\*counted\. [^\n]*result partial: its plan’s result/);
  });

  it('tells a model step after the plan step what is missing', async () => {
    runs.chat.script([textAnswer('No division failed.')]);
    await run(
      `name: Outer\ntoolsets: [math]\nworkflow_sequence:\n  - { id: counted, type: plan, uses: inner.yml }\n  - { id: verdict, type: reasoning, description: Say whether any division failed, depends_on: [counted] }\n`,
      { 'inner.yml': `name: Inner\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}  - { id: count, type: tool_call, tool: count_failures, args: { results: "\${steps.divide.result}" } }\n` },
    );
    expect(JSON.stringify(runs.chat.requests[0])).toContain('[incomplete: its plan’s result, step count of inner.yml, lacks work');
  });
});

describe('a partial result given to a used plan through with:', () => {
  const counter = `name: Counter\ninputs: { results: {} }\n${TOOLS}workflow_sequence:\n  - { id: count, type: tool_call, tool: count_failures, args: { results: "\${inputs.results}" } }\n`;

  it('makes the results of its tool steps, and so the plan step’s, partial', async () => {
    const { result, said } = await run(
      `name: Outer\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}  - { id: counted, type: plan, uses: counter.yml, with: { results: "\${steps.divide.result}" } }\ngoals:\n  - { name: no division failed, of: counted, json_schema: ${NO_FAILURES} }\n`,
      { 'counter.yml': counter },
    );
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(said.summary, 'no division failed')).toContain('the result of step counted lacks work the run left undone');
    expect(goalLine(said.summary, 'no division failed')).toContain('its tool was given input results, which lacks work (step divide: 1 of 3 items failed');
  });

  // Found by an adversarial pass: only its tool steps were flagged; a model step reading the input was told nothing.
  it('tells its model steps which input lacks work, and not of a whole one', async () => {
    runs.chat.script([textAnswer('No division failed.'), textAnswer('No division failed.')]);
    const reader = `name: Reader\ninputs: { results: {}, label: {} }\nworkflow_sequence:\n  - { id: verdict, type: reasoning, description: "Say whether any of \${inputs.results} failed" }\n`;
    const outer = `name: Outer\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}  - { id: read, type: plan, uses: reader.yml, with: { results: "\${steps.divide.result}", label: divisions } }\n`;
    await run(outer, { 'reader.yml': reader });
    const prompt = JSON.stringify(runs.chat.requests[0]);
    expect(prompt).toContain('[incomplete: input results lacks work (step divide: 1 of 3 items failed and are null in the list');
    expect(prompt).not.toContain('input label lacks work');
    await run(outer.replace('[1, 0, 2]', '[1, 3, 2]'), { 'reader.yml': reader });
    expect(JSON.stringify(runs.chat.requests[1])).not.toContain('[incomplete:');
  });

  // Found by an adversarial pass: handles_gaps in the used plan blessed a count made from a list with a null, given through with:.
  it('keeps partial a handles_gaps tool step whose input is a result that does not show its gap, and not one given the list', async () => {
    const echo = `name: Echo\ninputs: { value: {} }\ntools:\n  echo_json: { description: Echoes its input, command: [cat] }\nworkflow_sequence:\n  - { id: echo, type: tool_call, tool: echo_json, args: { value: "\${inputs.value}" }, handles_gaps: true }\n`;
    const outer = (given: string, schema: string) =>
      `name: Outer\ntoolsets: [math]\n${TOOLS}workflow_sequence:\n${DIVIDE}  - { id: count, type: tool_call, tool: count_failures, args: { results: "\${steps.divide.result}" } }\n  - { id: echoed, type: plan, uses: echo.yml, with: { value: "\${steps.${given}.result}" } }\ngoals:\n  - { name: as echoed, of: echoed, json_schema: ${schema} }\n`;
    const hidden = await run(outer('count', '{ type: object, properties: { value: { type: object, properties: { failures: { const: 0 } } } } }'), { 'echo.yml': echo });
    expect(hidden.result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(hidden.said.summary, 'as echoed')).toContain('the result of step echoed lacks work the run left undone');
    const shown = await run(outer('divide', '{ type: object, properties: { value: { type: array, contains: { type: "null" } } } }'), { 'echo.yml': echo });
    expect(shown.result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
  });

  it('is whole when every item worked', async () => {
    const { result, said } = await run(
      `name: Outer\ntoolsets: [math]\n${TOOLS.replace('[1, 0, 2]', '[1, 3, 2]')}workflow_sequence:\n${DIVIDE}  - { id: counted, type: plan, uses: counter.yml, with: { results: "\${steps.divide.result}" } }\ngoals:\n  - { name: no division failed, of: counted, json_schema: ${NO_FAILURES} }\n`,
      { 'counter.yml': counter.replace('[1, 0, 2]', '[1, 3, 2]') },
    );
    expect(result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(said.summary).not.toContain('result partial');
  });

  it('stays partial when a resumed run reuses the plan step’s result', async () => {
    // The last step fails while the file `down` exists: the first run fails there, and a re-run resumes past the plan step.
    const gate = `gate: { description: Fails while down exists, command: [test, '!', -e, down] }`;
    const plan = `name: Outer\ntoolsets: [math]\n${TOOLS}  ${gate}\nworkflow_sequence:\n${DIVIDE}  - { id: counted, type: plan, uses: counter.yml, with: { results: "\${steps.divide.result}" } }\n  - { id: gate, type: tool_call, tool: gate, args: {}, depends_on: [counted], on_failure: fail }\ngoals:\n  - { name: no division failed, of: counted, json_schema: ${NO_FAILURES} }\n`;
    await writeFile(path.join(runs.workspace, 'down'), '');
    const first = await run(plan, { 'counter.yml': counter });
    expect(first.result.outputs).toMatchObject({ status: 'failed' });
    await unlink(path.join(runs.workspace, 'down'));
    const { result, said } = await run(plan, { 'counter.yml': counter }, { 'resume-from': first.result.outputs.trace! });
    expect(said.summary).toMatch(/\*\*counted\. [^\n]* reused — result partial: its plan’s result/);
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(said.summary, 'no division failed')).toContain('its tool was given input results, which lacks work (step divide: 1 of 3 items failed');
  });
});

// Found by an adversarial pass: a for_each list a tool made from a result that lacks work (an input given a list with a
// null for a failed item, or drawn from a result its tool cut) read as whole to a model step's for_each over it (a tool
// step's was partial), and so did a tool step counting its answers: a goal of the used plan, or of the plan using it,
// passed on the count. (`for_each: ${inputs.files}` is refused at load: inputs reach a list through a step.)
describe('a model step’s for_each over a list a tool made from an input that lacks work', () => {
  const ECHO = `let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => process.stdout.write(JSON.stringify(JSON.parse(s).files)))`;
  const COUNT_FAILS = `let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => process.stdout.write(JSON.stringify({ failures: JSON.parse(s).results.filter((r) => String(r).includes('FAIL')).length })))`;
  const REVIEW = `  - { id: review, type: reasoning, for_each: "\${steps.names.result}", description: Review the item }\n  - { id: count, type: tool_call, tool: count_fails, args: { results: "\${steps.review.result}" } }\n`;
  const REVIEW_TOOLS = `  echo_list: { description: Lists the files, command: [node, -e, "${ECHO}"] }\n  count_fails: { description: Counts the failed reviews, command: [node, -e, "${COUNT_FAILS}"] }\n`;
  const reviewer = (goals = ''): string =>
    `name: Reviewer\ninputs: { files: {} }\ntools:\n${REVIEW_TOOLS}workflow_sequence:\n  - { id: names, type: tool_call, tool: echo_list, args: { files: "\${inputs.files}" } }\n${REVIEW}${goals}`;
  const outer = (given: string, list = ''): string =>
    `name: Outer\ntoolsets: [math]\n${TOOLS}${list}workflow_sequence:\n${DIVIDE}  - { id: reviewed, type: plan, uses: reviewer.yml, with: { files: "${given}" } }\ngoals:\n  - { name: no file fails, of: reviewed, json_schema: ${NO_FAILURES} }\n`;

  it('makes the plan step’s result partial when the input’s list has a null for a failed item', async () => {
    runs.chat.script(() => textAnswer('PASS'));
    const { result, said } = await run(outer('${steps.divide.result}'), { 'reviewer.yml': reviewer() });
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(said.summary, 'no file fails')).toContain('its plan’s result, step count of reviewer.yml, lacks work');
    expect(goalLine(said.summary, 'no file fails')).toContain('its for_each list comes from the result of step names, which lacks work (its tool was given input files');
  });

  it('makes it partial when the input is drawn from a result its tool cut', async () => {
    runs.chat.script(() => textAnswer('PASS'));
    const listing = `  listing: { description: Lists files, command: [printf, '%s', '{"note":"[cut: 3 files; showing the first 2]","files":["a.ts","b.ts"]}'] }\n`;
    const plan = outer('${steps.files.result.files}', listing).replace('workflow_sequence:\n', 'workflow_sequence:\n  - { id: files, type: tool_call, tool: listing, args: {} }\n');
    const { result, said } = await run(plan, { 'reviewer.yml': reviewer() });
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(said.summary, 'no file fails')).toContain('which lacks work (step files: its tool cut it (');
  });

  it('does not pass the used plan’s own goal on the for_each step', async () => {
    runs.chat.script(() => textAnswer('PASS'));
    const { result, said } = await run(outer('${steps.divide.result}'), { 'reviewer.yml': reviewer('goals:\n  - { name: no review fails, of: review, not_contains: FAIL }\n') });
    expect(result.outputs).toMatchObject({ status: 'failed' });
    expect(said.summary).toContain('the result of step review lacks work the run left undone (step review: its for_each list comes from the result of step names');
    expect(said.summary).toContain('make the list step names returns whole');
  });

  it('is whole when every item worked', async () => {
    runs.chat.script(() => textAnswer('PASS'));
    const { result, said } = await run(outer('${steps.divide.result}').replace('[1, 0, 2]', '[1, 3, 2]'), { 'reviewer.yml': reviewer('goals:\n  - { name: no review fails, of: review, not_contains: FAIL }\n') });
    expect(result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(said.summary).not.toContain('result partial');
  });

  it('makes it partial in the plan that made the list too', async () => {
    runs.chat.script(() => textAnswer('PASS'));
    const plan = `name: Outer\ntoolsets: [math]\n${TOOLS}${REVIEW_TOOLS}workflow_sequence:\n${DIVIDE}  - { id: names, type: tool_call, tool: echo_list, args: { files: "\${steps.divide.result}" } }\n${REVIEW}goals:\n  - { name: no file fails, of: count, json_schema: ${NO_FAILURES} }\n`;
    const { result, said } = await run(plan, {});
    expect(result.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false' });
    expect(goalLine(said.summary, 'no file fails')).toContain('step review, which lacks work (step review: its for_each list comes from the result of step names');
    expect(said.summary).toMatch(/\*\*review\. [^\n]*3\/3 done — result partial: its for_each list comes from the result of step names/);
  });

  // Found by an adversarial pass: the for_each step's line said `✅ review — 3/3 done`, nothing of the items it never had.
  it('says so on the for_each step’s line in the summary and the checklist', async () => {
    runs.chat.script(() => textAnswer('PASS'));
    const { said } = await run(outer('${steps.divide.result}'), { 'reviewer.yml': reviewer() });
    expect(said.summary).toMatch(/- ✅ review\. Review the item — 3\/3 done — result partial: its for_each list comes from the result of step names, which lacks work/);
    expect(said.log.join('\n')).toMatch(/✅ review\. Review the item — 3\/3 done — result partial: its for_each list comes from the result of step names/);
  });
});
