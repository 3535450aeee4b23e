// The planner's answer format asks for a tool_call's args as JSON text. Text that did not parse (a key given twice,
// a brace left open) was kept as text, and the repair call was told "`args` must be a map; got text": the model had
// written text as it was asked, and was not told what was wrong with it.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import type { ValidPlan } from '../../src/plan/valid-plan.ts';
import { validateModelSteps } from '../../src/planner/validate-model-steps.ts';
import { writePlan } from '../../src/planner/write-plan.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

let server: ChatServer;
beforeEach(async () => {
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
});

async function goalPlan(): Promise<ValidPlan> {
  const loaded = await loadPlanText('goal: Compute 2 + 3\ntoolsets: [math]\n', 'math.yml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.plan;
}

const model = () => createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'gpt-4.1-mini', timeoutMs: 5_000, maxRetries: 0 });
const add = (args: unknown) => ({ id: 1, type: 'tool_call', description: 'Add', tool: 'add', args, depends_on: [] });

it('tells the planner what is wrong with args text that is not a JSON object, and takes the repair', async () => {
  server.script([textAnswer(JSON.stringify({ steps: [add('{"a": 2, "a": 3, "b": 3}')], why: null })), textAnswer(JSON.stringify({ steps: [add('{"a": 2, "b": 3}')], why: null }))]);
  const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
  expect(result.ok).toBe(true);
  const [first] = result.attempts.map((attempt) => attempt.errors.map((error) => `${error.path}: ${error.message}`));
  expect(first).toHaveLength(1);
  expect(first![0]).toMatch(/^steps\[0\]\.args: the args text is not a JSON object: .*"a".*; write the arguments as a JSON object encoded as a string/);
  expect(JSON.stringify(server.requests[1]!.body.messages.at(-1))).toContain('the args text is not a JSON object');
});

it('says so for args text that is cut off, or that holds a value other than an object', async () => {
  const plan = await goalPlan();
  for (const args of ['{"a": 2, "b": 3', '"{\\"a\\": 2}"']) {
    const checked = validateModelSteps(plan, [add(args)]);
    expect(checked.ok).toBe(false);
    if (checked.ok) continue;
    expect(checked.errors).toHaveLength(1);
    expect(checked.errors[0]).toMatchObject({ path: 'steps[0].args', message: expect.stringMatching(/^the args text is not a JSON object: /) });
  }
});
