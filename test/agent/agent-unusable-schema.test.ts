import { expect, it } from 'vitest';
import type { Tool } from '../../src/tools/tool.ts';
import { textAnswer, toolCallAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { todos } from './agent-fixtures.ts';

// Found by an adversarial pass: an MCP server's tool whose input schema the argument checker cannot read (a
// `$ref` to `#/properties/…`, as zod-to-json-schema writes a reused schema; `#/definitions/…`; `if`/`then`)
// ended the agent step at its first call, though the agent had other tools to do the task with.
it('an agent calling a tool whose input schema cannot be read is told so, and goes on with the others', async () => {
  const called: string[] = [];
  const tool = (name: string, inputSchema: Tool['inputSchema']): Tool => ({
    name,
    description: `The ${name} tool`,
    inputSchema,
    sideEffects: false,
    execute: async () => (called.push(name), `${name} answered`),
  });
  const lookup = tool('fx__lookup', { type: 'object', properties: { from: { type: 'object', properties: { city: { type: 'string' } } }, to: { $ref: '#/properties/from' } } });
  const ping = tool('fx__ping', { type: 'object' });
  const job = await runOfflineJob({
    plan: `
name: Unreadable schema
workflow_sequence:
  - id: work
    type: agent
    task: Look the route up.
    tools: [fx__lookup, fx__ping]
`,
    extraTools: [lookup, ping],
    script: [
      todos(false, [['1', 'Look the route up', 'in_progress']]),
      toolCallAnswer('fx__lookup', { from: { city: 'A' }, to: { city: 'B' } }),
      toolCallAnswer('fx__ping', {}),
      todos(true, [['1', 'Look the route up', 'completed']]),
      textAnswer('The route is known.'),
    ],
  });
  expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
  expect(called).toEqual(['fx__ping']);
  // The model was told why, in the tool's answer to its call.
  const told = job.server.requests[2]!.body.messages.at(-1) as { role: string; content: string };
  expect(told.role).toBe('tool');
  expect(told.content).toMatch(/^Error: Tool 'fx__lookup' has an input schema that cannot be used to check arguments \(.+\); fix its input schema, or for an MCP server's tool leave it out with the server's `tools:` list\. 'fx__lookup' was not run and cannot be in this run; do the task with the other tools\.$/s);
});
