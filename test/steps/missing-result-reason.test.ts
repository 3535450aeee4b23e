import { describe, expect, it } from 'vitest';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { stepContext, type StepSpec } from './step-context-fixture.ts';

const echo: Tool = { name: 'echo', description: 'echo', inputSchema: { type: 'object' }, sideEffects: false, execute: (args) => Promise.resolve(args) };
const why = 'step sales failed: tool \u2019fetch\u2019 exited with status 3';

/** A model that answers every call with `Done.`, keeping the user messages it was sent. */
function answering(prompts: string[]): ModelClient {
  return {
    defaultModel: 'm',
    complete: (request) => {
      prompts.push(request.messages.filter((message) => message.role === 'user').map((message) => String(message.content)).join('\n'));
      return Promise.resolve({ id: 'x', object: 'chat.completion', created: 0, model: request.model, choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content: 'Done.', refusal: null } }] });
    },
  };
}

function runUse(spec: StepSpec, prompts: string[]): Promise<unknown> {
  const steps: StepSpec[] = [{ key: 'sales', type: 'tool_call', tool: 'echo' }, { ...spec, key: 'use', dependsOn: ['sales'], optional: ['sales'] }];
  const { ctx } = stepContext({ steps, run: 'use', model: answering(prompts), tools: [echo] });
  return runStep({ ...ctx, missing: new Map([['sales', why]]) }).then((result) => result, (error: unknown) => error);
}

// Found by adversarial passes: an agent whose task named an optional input that failed said the step "has not completed",
// then failed saying why, where the README says such a step still runs and its prompt says which input is missing and why.
describe('a reference to an optional input that has no result', () => {
  it('fails a tool step, saying why', async () => {
    const fromArgs = await runUse({ key: 'use', type: 'tool_call', tool: 'echo', args: { v: '${steps.sales.result}' } }, []);
    expect(String(fromArgs)).toContain(`step sales has no result (${why})`);
  });

  it('runs an agent, its prompt saying which input is missing and why, as a reasoning step’s does', async () => {
    const prompts: string[] = [];
    const fromTask = await runUse({ key: 'use', type: 'agent', task: 'Summarise ${steps.sales.result}' }, prompts);
    const fromDescription = await runUse({ key: 'use', type: 'reasoning', description: 'Summarise ${steps.sales.result}' }, prompts);
    expect([fromTask, fromDescription]).toEqual(['Done.', 'Done.']);
    for (const prompt of prompts) expect(prompt).toContain(`this input is missing because ${why}; work without it and say what is missing`);
    expect(prompts[0]).toContain('Summarise [data 1]');
  });
});
