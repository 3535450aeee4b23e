import { groupDigits } from '../../core/group-digits.ts';

/**
 * Which of `count` lines the summary leaves out or cuts need attention, in words: `unfinished` failed or did not
 * finish, `flagged` completed with work inside failed or left undone. One rule for the notice of steps left out and the
 * count of a used plan's cut lines: the count called a completed `for_each` step with failed items "failed or unfinished".
 */
export function attentionClause(count: number, unfinished: number, flagged: number): string {
  if (unfinished === count) return ' that failed or did not finish';
  if (flagged === count) return ' that completed, with work inside failed or left undone,';
  if (unfinished + flagged === 0) return ' that completed or did not run';
  const parts = [unfinished > 0 ? `${groupDigits(unfinished)} of them failed or unfinished` : '', flagged > 0 ? `${groupDigits(flagged)} completed with work inside failed or left undone` : ''];
  return `, ${parts.filter((text) => text !== '').join(' and ')},`;
}
