import { describe, expect, it } from 'vitest';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { readOnlyWithholding } from '../../src/plan/read-only-withholding.ts';
import { FORK_PULL_REQUEST } from '../../src/security/event-head.ts';

const PLAN = `name: Fork review
toolsets: [github]
github: { writes: { labels: [bug] } }
tools:
  lint:
    description: Lint the change
    command: [node, lint.mjs]
  count_lines:
    description: Count lines
    command: [node, count.mjs]
    fork_safe: true
workflow_sequence:
  - id: pr
    type: tool_call
    tool: get_pull_request
    args: {}
  - id: count
    type: tool_call
    tool: count_lines
    args: {}
  - id: label
    type: tool_call
    tool: add_labels
    args: { issue_number: 1, labels: [bug] }
  - id: lint
    type: tool_call
    tool: lint
    args: {}
`;

describe('validation in read-only mode (a fork’s pull request)', () => {
  it('fails a plan whose steps name a withheld tool, naming the tool and the fork', async () => {
    const result = await loadPlanText(PLAN, 'plan.yml', { withhold: readOnlyWithholding(FORK_PULL_REQUEST) });
    expect(result.ok).toBe(false);
    const messages = result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^workflow_sequence\[2\]\.tool: tool `add_labels` is withheld from this run: .*fork.*side effects/),
      expect.stringMatching(/^workflow_sequence\[3\]\.tool: tool `lint` is withheld from this run: .*fork.*not marked `fork_safe: true`/),
    ]);
  });

  it('keeps read-only and fork_safe tools, and lists the withheld ones on the plan', async () => {
    const readOnlyPlan = PLAN.split('  - id: label')[0]!;
    const result = await loadPlanText(readOnlyPlan, 'plan.yml', { withhold: readOnlyWithholding(FORK_PULL_REQUEST) });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([...result.plan.tools.keys()]).toContain('count_lines');
    expect([...result.plan.tools.keys()]).not.toContain('create_issue');
    expect([...(result.plan.withheld?.keys() ?? [])].sort()).toEqual(['add_comment', 'add_labels', 'create_issue', 'lint']);
  });

  it('changes nothing outside read-only mode', async () => {
    expect((await loadPlanText(PLAN, 'plan.yml')).ok).toBe(true);
  });
});
