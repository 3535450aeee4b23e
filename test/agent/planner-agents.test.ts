import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import type { ValidPlan } from '../../src/plan/valid-plan.ts';
import { writePlan } from '../../src/planner/write-plan.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

let server: ChatServer;
beforeEach(async () => {
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
});

async function goalPlan(extra = ''): Promise<ValidPlan> {
  const text = `goal: Compute 2 + 3 × 4\ntoolsets: [math]\n${extra}agents:\n  calculator:\n    description: Does arithmetic with the math tools\n    model: gpt-4.1-nano\n    tools: [add, multiply]\n  writer:\n    system: You write short, plain answers.\n`;
  const loaded = await loadPlanText(text, 'math.yml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.plan;
}

const model = () => createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'gpt-4.1-mini', timeoutMs: 5_000, maxRetries: 0 });
const answer = (steps: unknown[]) => textAnswer(JSON.stringify({ steps, why: null }));
const reasoningOnly = { id: 1, type: 'reasoning', description: 'Work out 2 + 3 × 4 in your head', depends_on: [] };
const agentStep = { id: 1, type: 'agent', description: 'Compute it', task: 'Compute 2 + 3 × 4 with the tools', tools: ['add', 'multiply'], agent: 'calculator', depends_on: [] };
const summary = { id: 2, type: 'reasoning', description: 'State the answer from ${steps.1.result}', agent: 'writer', depends_on: [1] };

describe('the planner and agents', () => {
  it('lists the agent profiles, what each is for, their models and tools, and may write agent steps that use them', async () => {
    server.script([answer([agentStep, summary])]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.steps.map((step) => [step.key, step.type, step.agent, step.tools])).toEqual([
      ['1', 'agent', 'calculator', ['add', 'multiply']],
      ['2', 'reasoning', 'writer', undefined],
    ]);
    const prompt = String(server.requests[0]!.body.messages[1]!.content);
    expect(prompt).toContain('Agent profiles (set "agent" on a step to give it one; a profile with tools may only use those):\n' +
      '- calculator: Does arithmetic with the math tools (model gpt-4.1-nano; tools: add, multiply)\n' +
      '- writer: You write short, plain answers.');
    expect(String(server.requests[0]!.body.messages[0]!.content)).toContain('"agent" (a model works on "task" in a loop');
  });

  it('rejects a written plan with no tool step when the plan has tools (require_tools by default), then takes the repair', async () => {
    server.script([answer([reasoningOnly]), answer([agentStep])]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.ok).toBe(true);
    expect(result.attempts.map((attempt) => attempt.errors.map((error) => `${error.path}: ${error.message}`))).toEqual([
      ['steps: the plan calls no tool, but tools are available for this goal (planner.require_tools): add a tool_call step, or an agent step with tools, for the part of the work a tool does'],
      [],
    ]);
    expect(JSON.stringify(server.requests[1]!.body.messages.at(-1))).toContain('planner.require_tools');
  });

  it('counts an agent step without tools as no tool step, and rejects the run when the repair has none either', async () => {
    const talker = { ...agentStep, tools: [] };
    server.script([answer([talker]), answer([reasoningOnly])]);
    const result = await writePlan(await goalPlan(), { model: model(), inputs: {} });
    expect(result.ok).toBe(false);
    expect(result.attempts).toHaveLength(2);
  });

  it('takes a plan without tool steps when planner.require_tools is false', async () => {
    server.script([answer([reasoningOnly])]);
    const result = await writePlan(await goalPlan('planner: { require_tools: false }\n'), { model: model(), inputs: {} });
    expect(result.ok).toBe(true);
  });
});
