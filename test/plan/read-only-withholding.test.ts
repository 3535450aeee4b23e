import { describe, expect, it } from 'vitest';
import { isForkPullRequest } from '../../src/security/fork-pull-request.ts';
import { readOnlyWithholding } from '../../src/plan/read-only-withholding.ts';
import type { Plan } from '../../src/plan/schema.ts';

const pull = (head: unknown, base = 'octo/demo') => ({ pull_request: { head: { repo: head }, base: { repo: { full_name: base } } } });

describe('isForkPullRequest', () => {
  it('is true when the head repository differs from the base, or is gone', () => {
    expect(isForkPullRequest(pull({ full_name: 'forker/demo' }))).toBe(true);
    expect(isForkPullRequest(pull(null))).toBe(true);
  });

  it('is false for a branch of the same repository (letter case aside) and for events without a pull request', () => {
    expect(isForkPullRequest(pull({ full_name: 'Octo/Demo' }))).toBe(false);
    expect(isForkPullRequest({ issue: { number: 1 } })).toBe(false);
    expect(isForkPullRequest(undefined)).toBe(false);
  });
});

describe('readOnlyWithholding', () => {
  const tools = [
    { name: 'get_pull_request', sideEffects: false },
    { name: 'add_labels', sideEffects: true },
    { name: 'lint', sideEffects: false },
    { name: 'count_lines', sideEffects: false },
    { name: 'deploy', sideEffects: true },
  ];
  const plan = { tools: { lint: {}, count_lines: { fork_safe: true }, deploy: { fork_safe: true } } } as unknown as Plan;

  it('keeps read-only tools and fork_safe command tools, and says why each other tool is withheld, in the run’s own words', () => {
    const withhold = readOnlyWithholding("the check suite names no branch of this repository");
    const why = new Map(tools.map((tool) => [tool.name, withhold(tool, plan)]));
    expect([...why].filter(([, reason]) => reason === undefined).map(([name]) => name)).toEqual(['get_pull_request', 'count_lines']);
    expect(why.get('add_labels')).toBe('this run is read-only because the check suite names no branch of this repository, and `add_labels` has side effects');
    expect(why.get('lint')).toBe('this run is read-only because the check suite names no branch of this repository, and the command tool `lint` is not marked `fork_safe: true`');
    // fork_safe does not make a tool with side effects safe.
    expect(why.get('deploy')).toContain('`deploy` has side effects');
  });
});
