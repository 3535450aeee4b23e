import { describe, expect, it } from 'vitest';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { textAnswer, toolCallAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { todos } from './agent-fixtures.ts';

// Each item's agent wrote its TODO list and turns into the one for_each step's record: the summary
// showed the last item's list (0/2 done after the first item finished 2/2), turns of one item, tool
// calls of all, and the log printed "ag. TODO list:" for each without saying whose (found by a review).
const PLAN = `
name: Agents per pair
toolsets: [math]
tools:
  pairs:
    description: The pairs to add
    command: ["sh", "-c", "echo '[[1, 2], [3, 4]]'"]
    input: { type: object }
limits: { concurrency: 1 }
workflow_sequence:
  - { id: list, type: tool_call, tool: pairs, args: {} }
  - id: ag
    type: agent
    task: Add the pair
    tools: [add]
    max_turns: 2
    for_each: \${steps.list.result}
    depends_on: [list]
    as: pair
    on_item_failure: continue
`;

describe('a for_each agent step', () => {
  it('keeps each item’s TODO list and progress on that item, and the log names the item', async () => {
    const log: string[] = [];
    const job = await runOfflineJob({
      plan: PLAN,
      script: [
        todos(false, [['1', 'Add', 'completed'], ['2', 'Answer', 'completed']]),
        textAnswer('3'),
        todos(false, [['1', 'Add', 'in_progress'], ['2', 'Answer', 'pending']]),
        toolCallAnswer('add', { a: 3, b: 4 }),
      ],
      listeners: () => [consoleChecklist({ write: (text) => log.push(text), isTTY: false, redact: (text) => text })],
    });
    const step = job.outcome.kind === 'ran' ? job.outcome.run.record.steps.get('ag') : undefined;
    expect(step?.todos).toBeUndefined();
    expect(step?.agent).toBeUndefined();
    expect(step?.items?.map((item) => [item.state, item.todos?.map((todo) => todo.status), item.agent?.toolCalls ?? 0])).toEqual([
      ['completed', ['completed', 'completed'], 0],
      ['failed', ['in_progress', 'pending'], 1],
    ]);
    const text = log.join('');
    expect(text).toContain('ag[0]. TODO list:');
    expect(text).toContain('ag[1]. TODO list:');
    expect(text).not.toMatch(/^ag\. TODO list:/m);
    // The summary's item lines say which left TODOs open (found by an adversarial pass: none did).
    expect(job.summary).toContain('- ✅ ag\\[0\\] → 3\n- ❌ ag\\[1\\] (2 of 2 TODOs not done) — Step ag\\[1\\] (agent) stopped');
  });

  // Found by an adversarial pass: each item's agent failed ("step sales has no result"), where the README says it runs.
  it('runs each item when its task names an optional input that failed, each prompt saying it is missing and why', async () => {
    const plan = `
name: Agents beside a failed input
tools:
  pairs:
    description: The pairs
    command: ["sh", "-c", "echo '[[1, 2], [3, 4]]'"]
    input: { type: object }
  sales:
    description: Fails
    command: ["sh", "-c", "exit 3"]
    input: { type: object }
limits: { concurrency: 1 }
workflow_sequence:
  - { id: sales, type: tool_call, tool: sales, args: {}, depends_on: [] }
  - { id: list, type: tool_call, tool: pairs, args: {}, depends_on: [] }
  - id: ag
    type: agent
    task: Add the pair, beside the sales in \${steps.sales.result}
    max_turns: 1
    for_each: \${steps.list.result}
    depends_on: [{ step: sales, optional: true }, list]
    as: pair
`;
    const job = await runOfflineJob({ plan, script: [textAnswer('3'), textAnswer('7')] });
    const step = job.outcome.kind === 'ran' ? job.outcome.run.record.steps.get('ag') : undefined;
    expect(step?.items?.map((item) => item.state)).toEqual(['completed', 'completed']);
    const prompts = job.server.requests.map((request) => JSON.stringify(request.body.messages));
    expect(prompts).toHaveLength(2);
    for (const prompt of prompts) expect(prompt).toContain('missing=\\"true\\">\\n(no result: this input is missing because step sales failed: ');
  });
});
