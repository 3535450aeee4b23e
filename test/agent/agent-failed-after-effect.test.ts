import { expect, it } from 'vitest';
import type { Tool } from '../../src/tools/tool.ts';
import { textAnswer, toolCallAnswer, type ScriptedReply } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { todos } from './agent-fixtures.ts';

const PLAN = `
name: Release agent
workflow_sequence:
  - id: release
    type: agent
    task: Publish the release note for v1, then say what you published.
    tools: [publish]
`;

const cut = (content: string): ScriptedReply => ({ kind: 'raw', body: { choices: [{ index: 0, finish_reason: 'length', message: { role: 'assistant', content } }], usage: { prompt_tokens: 10, completion_tokens: 5 } } });

// Found by a hunt of agent mode: a failed agent step's replacement, told only that it failed, made its side effect again in
// other words, and the run succeeded. It escalates instead, naming the call.
it('a failed agent step whose side effect took effect is not replaced by steps that make it again in other words', async () => {
  const published: string[] = [];
  const publish: Tool = {
    name: 'publish',
    description: 'Publishes a release note.',
    inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
    sideEffects: true,
    async execute(args) {
      published.push(String(args['title']));
      return 'ok';
    },
  };
  const replan = { steps: [{ id: '1', type: 'agent', description: 'Publish the v1 release note', task: 'Publish the release note for v1, then say what you published.', tools: ['publish'], depends_on: [] }], why: 'cut off; try again' };
  const job = await runOfflineJob({
    plan: PLAN,
    extraTools: [publish],
    script: [
      todos(false, [['1', 'Publish v1', 'in_progress']]),
      toolCallAnswer('publish', { title: 'Release v1: faster builds' }),
      cut('I published Release v1: faster bu'),
      textAnswer(JSON.stringify(replan)),
      todos(false, [['1', 'Publish v1', 'in_progress']]),
      toolCallAnswer('publish', { title: 'v1 released: builds are faster' }),
      textAnswer('Published: v1 released: builds are faster'),
    ],
  });
  expect(published).toEqual(['Release v1: faster builds']);
  const run = job.outcome.kind === 'ran' ? job.outcome : undefined;
  expect(run?.status).toBe('escalated');
  expect(run?.run.reason).toContain('step release, an agent, failed after its calls with side effects took effect (publish({"title":"Release v1: faster builds"}))');
});
