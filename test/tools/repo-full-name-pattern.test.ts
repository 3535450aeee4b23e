import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPO_FULL_NAME_PATTERN, RepoFullName } from '../../src/tools/github/github-config.ts';

const pattern = new RegExp(REPO_FULL_NAME_PATTERN);

describe('github.allow_repos, as the CLI and plan.schema.json read an entry', () => {
  it.each(['octo-org/reports', 'a/.x', 'a/..x', `${'a'.repeat(39)}/r`])('both accept %s', (text) => {
    expect([RepoFullName.safeParse(text).success, pattern.test(text)]).toEqual([true, true]);
  });

  it.each(['octo_org/reports', 'octo-org/..', 'octo-org/.', '-octo/r', 'octo--org/r', `${'a'.repeat(40)}/r`, `a/${'r'.repeat(101)}`, 'a/b/c'])('both refuse %s', (text) => {
    expect([RepoFullName.safeParse(text).success, pattern.test(text)]).toEqual([false, false]);
  });

  it('agree on any text of letters, -, _, . and /', () => {
    const piece = fc.constantFrom('a', 'B1', '-', '_', '.', '/', 'x'.repeat(38), 'r'.repeat(98));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join('');
        expect(pattern.test(text), text).toBe(RepoFullName.safeParse(text).success);
      }),
      { numRuns: 5000 },
    );
  });
});
