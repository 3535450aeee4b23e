import { describe, expect, it } from 'vitest';
import { isForkPullRequest } from '../../src/security/fork-pull-request.ts';
import { commandToolMarks, withholdForFork } from '../../src/plan/fork-read-only.ts';

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

describe('withholdForFork', () => {
  const tools = [
    { name: 'get_pull_request', sideEffects: false },
    { name: 'add_labels', sideEffects: true },
    { name: 'lint', sideEffects: false },
    { name: 'count_lines', sideEffects: false },
    { name: 'deploy', sideEffects: true },
  ];
  const marks = commandToolMarks({ lint: {}, count_lines: { fork_safe: true }, deploy: { fork_safe: true } });

  it('keeps read-only tools and fork_safe command tools, and says why each other tool is withheld', () => {
    const { kept, withheld } = withholdForFork(tools, marks);
    expect(kept.map((tool) => tool.name)).toEqual(['get_pull_request', 'count_lines']);
    expect(withheld).toEqual([
      { name: 'add_labels', why: expect.stringMatching(/fork.*`add_labels` has side effects/) },
      { name: 'lint', why: expect.stringMatching(/fork.*command tool `lint` is not marked `fork_safe: true`/) },
      // fork_safe does not make a tool with side effects safe.
      { name: 'deploy', why: expect.stringContaining('has side effects') },
    ]);
  });
});
