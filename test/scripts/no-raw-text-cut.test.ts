import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { noRawTextCut } from '../../scripts/no-raw-text-cut.ts';

function problems(code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const config = [{ plugins: { 'plan-runner': { rules: { 'no-raw-text-cut': noRawTextCut } } }, rules: { 'plan-runner/no-raw-text-cut': 'error' as const } }];
  return linter.verify(code, config).map((message) => message.message);
}

describe('the ESLint rule against cuts of text by UTF-16 units', () => {
  it('finds a cut a `…` marks, at the end or at the start', () => {
    expect(problems('const a = `${text.slice(0, 200)}…`;')).toHaveLength(1);
    expect(problems('const a = `…${text.slice(-200)}`;')).toHaveLength(1);
    expect(problems('const a = `${text.substring(0, 9)}… and more`;')).toHaveLength(1);
  });

  it('lets through a cut at an index keptUnits chose, a list’s slice and a slice with no `…`', () => {
    expect(problems('const a = `${text.slice(0, keptUnits(text, 200))}…`;')).toEqual([]);
    expect(problems('const a = `${list.slice(0, 3).join(", ")}…`;')).toEqual([]);
    expect(problems('const a = `${sha.slice(0, 7)} is the head`;')).toEqual([]);
  });
});
