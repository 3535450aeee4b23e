import { describe, expect, it } from 'vitest';
import { resultPreview } from '../../src/report/checklist.ts';

describe('resultPreview', () => {
  it('shows a one-line result as it is', () => {
    expect(resultPreview('12 hits')).toBe('12 hits');
    expect(resultPreview({ status: 200 })).toBe('{"status":200}');
  });

  it('marks a result whose later lines it leaves out, as it marks a line it cuts', () => {
    // Found by an adversarial pass: the log, the PR comment and a for_each item's line in the job summary
    // showed `→ APPROVED` for this result, and nothing said the rest was left out.
    expect(resultPreview('APPROVED\nbut 3 blocking issues remain')).toBe('APPROVED …');
    expect(resultPreview('PASS\r\nFAIL')).toBe('PASS …');
    // JSON text keeps U+2028 raw, a line break to a log reader: half an object was shown as the whole.
    expect(resultPreview({ note: 'a\u2028b' })).toBe('{"note":"a …');
  });

  it('adds no mark for blank lines around the result', () => {
    expect(resultPreview('\n\n  ok  \n\n')).toBe('ok');
  });

  it('stays within its length with the mark', () => {
    const preview = resultPreview(`${'x'.repeat(79)}\nmore`);
    expect(preview.length).toBeLessThanOrEqual(80);
    expect(preview.endsWith('…')).toBe(true);
  });
});
