import { describe, expect, it } from 'vitest';
import { readOnlyWithholding } from '../../src/plan/read-only-withholding.ts';
import { FORK_PULL_REQUEST } from '../../src/security/event-head.ts';
import { errorsFor, validPlan, yaml } from '../plan/plan-text.ts';

describe('agent steps in a plan file', () => {
  it('loads an agent step with its task, tools and max_turns', async () => {
    const plan = await validPlan(
      yaml('toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: agent, task: "Add 2 and 3", tools: [add], max_turns: 5 }'),
    );
    expect(plan.steps[0]).toMatchObject({ key: '1', type: 'agent', task: 'Add 2 and 3', tools: ['add'], maxTurns: 5, description: 'Add 2 and 3' });
  });

  it('needs a task, and keeps task, tools and max_turns to agent steps', async () => {
    expect(
      await errorsFor(yaml('toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: agent }', '  - { id: 2, type: reasoning, task: x, tools: [add], max_turns: 3 }', 'goal: Add')),
    ).toEqual([
      'plan.yml:3:5: an agent step needs `task:`, the instruction it works on (at workflow_sequence[0])',
      'plan.yml:4:31: only agent steps take `task`; write `type: agent` or remove it (at workflow_sequence[1].task)',
      'plan.yml:4:40: only agent steps take `tools`; write `type: agent` or remove it (at workflow_sequence[1].tools)',
      'plan.yml:4:54: only agent steps take `max_turns`; write `type: agent` or remove it (at workflow_sequence[1].max_turns)',
    ]);
  });

  // Found by an adversarial pass: an agent step is never retried (its tool calls would run twice), yet its `retry:`
  // validated, and `max_attempts: 5` was read by no one.
  it('refuses retry on an agent step, which is never retried', async () => {
    expect(await errorsFor(yaml('toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: agent, task: x, retry: { max_attempts: 5 } }'))).toEqual([
      'plan.yml:3:36: an agent step is never retried as a whole (its tool calls would run again): a failed tool call goes back to its model, which may call it again; remove `retry` (at workflow_sequence[0].retry)',
    ]);
  });

  it('names unknown tools, write_todos listed by hand, and tools outside the agent profile', async () => {
    expect(
      await errorsFor(
        yaml(
          'toolsets: [math]',
          'agents:',
          '  adder: { tools: [add] }',
          'workflow_sequence:',
          '  - { id: 1, type: agent, task: x, tools: [ad, write_todos] }',
          '  - { id: 2, type: agent, task: x, agent: adder, tools: [add, divide] }',
        ),
      ),
    ).toEqual([
      'plan.yml:5:44: unknown tool `ad`; available tools: add, divide, multiply, subtract (at workflow_sequence[0].tools[0])',
      'plan.yml:5:48: `write_todos` is given to every agent step; leave it out of `tools` (at workflow_sequence[0].tools[1])',
      'plan.yml:6:63: agent `adder` may not use tool `divide`; its tools: add (at workflow_sequence[1].tools[1])',
    ]);
  });

  it('checks references in the task like references in args', async () => {
    expect(
      await errorsFor(yaml('toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 }, depends_on: [] }', '  - { id: 2, type: agent, task: "Use ${steps.1.result} and ${inputs.week}", depends_on: [] }')),
    ).toEqual([
      expect.stringMatching(/^plan\.yml:4:.*\$\{inputs\.week\} uses input `week`, which the plan does not declare.* \(at workflow_sequence\[1\]\.task\)$/),
      expect.stringMatching(/^plan\.yml:4:.*\$\{steps\.1\.result\}: step 2 uses the result of step 1, which it does not depend on.* \(at workflow_sequence\[1\]\.task\)$/),
    ]);
  });

  it('rejects an agent step that names a tool withheld on a fork’s pull request', async () => {
    expect(await errorsFor(yaml('toolsets: [github]', 'workflow_sequence:', '  - { id: 1, type: agent, task: x, tools: [get_issue, add_comment] }'), { withhold: readOnlyWithholding(FORK_PULL_REQUEST) })).toEqual([
      expect.stringMatching(/^plan\.yml:3:.*tool `add_comment` is withheld from this run: .*fork.*side effects.*\(at workflow_sequence\[0\]\.tools\[1\]\)$/),
    ]);
  });
});
