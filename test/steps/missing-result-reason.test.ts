import { describe, expect, it } from 'vitest';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { stepContext, type StepSpec } from './step-context-fixture.ts';

const echo: Tool = { name: 'echo', description: 'echo', inputSchema: { type: 'object' }, sideEffects: false, execute: (args) => Promise.resolve(args) };
// Never asked: the reference fails before the first model call.
const model: ModelClient = { defaultModel: 'm', complete: () => Promise.reject(new Error('no model call was expected')) };
const why = 'step sales failed: tool \u2019fetch\u2019 exited with status 3';

function failure(spec: StepSpec): Promise<unknown> {
  const steps: StepSpec[] = [{ key: 'sales', type: 'tool_call', tool: 'echo' }, { ...spec, key: 'use', dependsOn: ['sales'], optional: ['sales'] }];
  const { ctx } = stepContext({ steps, run: 'use', model, tools: [echo] });
  return runStep({ ...ctx, missing: new Map([['sales', why]]) }).then(() => undefined, (error: unknown) => error);
}

// Found by an adversarial pass: an agent whose task named an optional input that failed said the step "has not completed".
describe('a reference to a step that has no result', () => {
  it('says why, in a tool step’s args and an agent’s task alike', async () => {
    const fromArgs = await failure({ key: 'use', type: 'tool_call', tool: 'echo', args: { v: '${steps.sales.result}' } });
    const fromTask = await failure({ key: 'use', type: 'agent', task: 'Summarise ${steps.sales.result}' });
    expect(String(fromArgs)).toContain(`step sales has no result (${why})`);
    expect(String(fromTask)).toContain(`step sales has no result (${why})`);
  });
});
