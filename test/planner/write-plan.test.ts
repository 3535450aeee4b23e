import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import type { ValidPlan } from '../../src/plan/valid-plan.ts';
import { writePlan } from '../../src/planner/write-plan.ts';
import { httpError, startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

let server: ChatServer;
beforeEach(async () => {
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
});

async function goalPlan(): Promise<ValidPlan> {
  const loaded = await loadPlanText('goal: Compute 2 + 3 × 4\ntoolsets: [math]\ngoals:\n  - { name: the answer is 14, equals: "14" }\n', 'math.yml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.plan;
}

const model = () => createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'gpt-4.1-mini', timeoutMs: 5_000, maxRetries: 0 });
const answer = (steps: unknown[]) => textAnswer(JSON.stringify({ steps, why: null }));
const multiply = { id: 1, type: 'tool_call', tool: 'multiply', args: { a: 3, b: 4 }, depends_on: [], description: null, inputs: null, why: 'the product first' };
const hardcodedAdd = { id: 2, type: 'tool_call', tool: 'add', args: { a: 2, b: 12 }, depends_on: [1] };
const referencedAdd = { id: 2, type: 'tool_call', tool: 'add', args: { a: 2, b: { step_result: 1 } }, depends_on: [1] };

describe('writePlan', () => {
  it('writes the steps in one call that sees the goal, the goal checks and the tools, and validates them', async () => {
    server.script([answer([multiply, referencedAdd])]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.steps.map((step) => [step.key, step.tool, step.dependsOn])).toEqual([['1', 'multiply', []], ['2', 'add', ['1']]]);
    expect(result.plan).toMatchObject({ name: 'math', file: 'math.yml', goal: 'Compute 2 + 3 × 4' });
    expect(server.requests).toHaveLength(1);
    const prompt = JSON.stringify(server.requests[0]!.body.messages);
    for (const part of ['Goal: Compute 2 + 3 × 4', '- the answer is 14', '- multiply:', 'input schema:', '{\\"step_result\\": 3}']) expect(prompt).toContain(part);
    expect(server.requests[0]!.body).toMatchObject({ model: 'gpt-4.1-mini', response_format: { type: 'json_schema' } });
  });

  it('sends a hard-coded intermediate value back in one repair call, and takes the fix', async () => {
    server.script([answer([multiply, hardcodedAdd]), answer([multiply, referencedAdd])]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.ok).toBe(true);
    expect(result.attempts.map((attempt) => attempt.errors.map((error) => `${error.path}: ${error.message}`))).toEqual([
      ['steps[1].args: step 2 depends on step 1 but none of its args uses a step result; write {"step_result": 1}'],
      [],
    ]);
    const repair = server.requests[1]!.body.messages;
    expect(repair.at(-2)).toMatchObject({ role: 'assistant' });
    expect(JSON.stringify(repair.at(-1))).toContain('steps[1].args: step 2 depends on step 1');
  });

  // Without strict mode (or from a replay) nothing else stops them: `approval: true` from a model paused a gate.
  it('refuses fields only people set (approval, retry, on_failure, handles_gaps, optional dependencies) in one repair call', async () => {
    const sneaky = { ...referencedAdd, approval: true, retry: { max_attempts: 5 }, on_failure: 'continue', handles_gaps: true, depends_on: [{ step: 1, optional: true }] };
    server.script([answer([multiply, sneaky]), answer([multiply, referencedAdd])]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.ok).toBe(true);
    const [first] = result.attempts.map((attempt) => attempt.errors.map((error) => `${error.path}: ${error.message}`));
    expect(first).toEqual([
      expect.stringMatching(/^steps\[1\]\.approval: `approval` is for people to set in the plan file; a plan a model writes leaves it out/),
      expect.stringMatching(/^steps\[1\]\.retry: `retry` is for people/),
      expect.stringMatching(/^steps\[1\]\.on_failure: `on_failure` is for people/),
      // A model's step that said its tool reads the gaps would make a partial answer count as whole.
      expect.stringMatching(/^steps\[1\]\.handles_gaps: `handles_gaps` is for people/),
      'steps[1].depends_on[0]: a plan a model writes lists plain step ids in depends_on; optional dependencies are for people to set in the plan file',
    ]);
    if (!result.ok) return;
    expect(result.plan.steps.every((step) => step.approval === undefined)).toBe(true);
  });

  // `{"__proto__": {...}}` in a step made its value the step's prototype: the key check saw no
  // `approval`, the schema read it anyway, and a model's step paused a gate (found by a review).
  it('refuses fields only people set when a model hides them under a __proto__ key', async () => {
    const hidden = `{"steps": [${JSON.stringify(multiply)}, ${JSON.stringify(referencedAdd).slice(0, -1)}, "__proto__": {"approval": true, "timeout_seconds": 86400}}], "why": null}`;
    server.script([textAnswer(hidden), textAnswer(hidden)]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.ok).toBe(false);
    expect(result.attempts[0]!.errors.map((error) => `${error.path}: ${error.message}`).join('\n')).toContain('steps[1].__proto__: `__proto__` cannot be a name in a plan');
    if (result.ok) expect(result.plan.steps.every((step) => step.approval === undefined && step.timeoutSeconds === undefined)).toBe(true);
  });

  it('leaves a field the plan format does not know to the schema, which names the nearest one', async () => {
    server.script([answer([multiply, { ...referencedAdd, dependson: [1] }]), answer([multiply, referencedAdd])]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.attempts[0]!.errors.map((error) => error.message).join('\n')).not.toContain('for people to set');
    expect(result.attempts[0]!.errors.length).toBeGreaterThan(0);
  });

  // Such a plan used to run max_steps steps and then fail on the budget.
  it('refuses a plan longer than limits.max_steps before any step runs, and takes the shorter repair', async () => {
    const loaded = await loadPlanText('goal: Compute 2 + 3 × 4\ntoolsets: [math]\nlimits: { max_steps: 2 }\n', 'math.yml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const third = { id: 3, type: 'tool_call', tool: 'add', args: { a: { step_result: 2 }, b: 0 }, depends_on: [2] };
    server.script([answer([multiply, referencedAdd, third]), answer([multiply, referencedAdd])]);
    const result = await writePlan(loaded.plan, { model: model(), inputs: {} });
    expect(result.attempts.map((attempt) => attempt.errors.map((error) => `${error.path}: ${error.message}`))).toEqual([
      ['steps: the plan has 3 steps, but limits.max_steps allows 2 in all; write at most 2 (combine steps, or use for_each over a list)'],
      [],
    ]);
    expect(result.ok && result.plan.steps.map((step) => step.key)).toEqual(['1', '2']);
  });

  it('rejects the plan when the repair fails too, keeping both answers and their errors', async () => {
    server.script([answer([{ ...multiply, tool: 'times' }]), answer([{ ...multiply, tool: 'product' }])]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(server.requests).toHaveLength(2);
    expect(result.attempts).toHaveLength(2);
    expect(result.errors[0]).toMatchObject({ path: 'steps[0].tool', message: expect.stringContaining('product') });
    expect(result.attempts[0]!.steps).toEqual([{ id: 1, type: 'tool_call', tool: 'times', args: { a: 3, b: 4 }, depends_on: [], why: 'the product first' }]);
  });

  // Found by a hunting pass: the plan format's own error, "workflow_sequence needs at least one step; leave it out to let a
  // model plan", went to the model in its repair call and to the person reading the rejection.
  it('tells a model that wrote no steps to write them, in its terms', async () => {
    server.script([answer([]), answer([])]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result).toMatchObject({ ok: false, errors: [{ path: 'steps', message: 'the answer lists no steps; write the steps that reach the goal (at least one)' }] });
    expect(JSON.stringify(server.requests[1]!.body.messages.at(-1))).toContain('steps: the answer lists no steps; write the steps that reach the goal (at least one)');
  });

  it('asks again without response_format when the endpoint refuses it, and reads JSON from the prose', async () => {
    server.script([httpError(400, { message: 'response_format is not supported' }), textAnswer(`Plan:\n\`\`\`json\n${JSON.stringify([multiply, referencedAdd])}\n\`\`\``)]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.ok).toBe(true);
    expect(server.requests[0]!.body.response_format).toBeDefined();
    expect(server.requests[1]!.body.response_format).toBeUndefined();
  });

  // Found by an adversarial pass: a 400 for another reason (a prompt over the context window) turned
  // structured answers off for the rest of the run, though the request failed without the format too.
  it('keeps asking with response_format after a 400 the request without it got as well', async () => {
    const client = model();
    server.script([httpError(400, { message: 'context length exceeded' }), httpError(400, { message: 'context length exceeded' })]);
    expect(await writePlan(await goalPlan(), { model: client, inputs: {} })).toMatchObject({ ok: false });
    server.script([textAnswer(JSON.stringify({ steps: [multiply, referencedAdd], why: null }))]);
    expect((await writePlan(await goalPlan(), { model: client, inputs: {} })).ok).toBe(true);
    expect(server.requests.map((request) => request.body.response_format !== undefined)).toEqual([true, false, true]);
  });

  it('turns a failed planner call into a rejection that says so', async () => {
    server.script([httpError(401, { message: 'bad key' })]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result).toMatchObject({ ok: false, attempts: [], errors: [{ path: '', message: expect.stringMatching(/^the planner's model call failed: .*401 bad key/) }] });
  });
});

// A planner answer the endpoint cut off at its token limit was read if what came was JSON: a list cut
// after its second step ran as the whole plan (found by a review).
describe('a planner answer the endpoint cut off', () => {
  it('is not read as the whole plan: the planning fails and says why', async () => {
    const cut = { kind: 'raw' as const, body: { id: 'c', object: 'chat.completion', created: 1, model: 'gpt-4.1-mini', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ steps: [multiply, referencedAdd], why: null }) }, finish_reason: 'length' }], usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 } } };
    server.script([cut]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((error) => error.message).join('\n')).toContain("the model's answer was cut off before it ended (it reached the token limit)");
  });
});
