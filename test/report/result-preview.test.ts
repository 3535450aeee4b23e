import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { resultJson, resultText } from '../../src/core/result-text.ts';
import { visibleControls } from '../../src/core/visible-controls.ts';
import { oneLogLine, resultPreview, stepTitle } from '../../src/report/checklist.ts';
import { cutText } from '../../src/report/cut-text.ts';

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

// The checklist's texts skip work a text does not need (a flattening of white space it has none of, a tab it has
// not, JSON's machinery for a number): each must give what the full work gives, on every text.
describe('the checklist texts without the work a text does not need', () => {
  const pieces = ['a', 'Add 1', ' ', '  ', '\t', '\n', '\r\n', '\r', '\v', '\f', '\u00a0', '\u2028', '\u2029', '\u3000', '\ufeff', '\u0085', '\x1b[2J', '\u202e', 'é', '😀', 'bench-secret-value'];
  const text = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(''));
  // What each did before: every text through the whole of it.
  const oldOneLogLine = (value: string): string => visibleControls(value.replace(/\s+/g, ' ').trim());
  const oldPreview = (value: string, max: number): string => {
    const trimmed = value.trim();
    const end = trimmed.search(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
    const first = visibleControls((end < 0 ? trimmed : trimmed.slice(0, end)).replaceAll('\t', ' '));
    const shown = end >= 0 && /[^\s\u0085]/.test(trimmed.slice(end)) ? `${first} …` : first;
    return cutText(shown, max);
  };
  const redact = createRedactor(['bench-secret-value']);

  it('gives the log line, the title and the preview the whole work gives', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(oneLogLine(value)).toBe(oldOneLogLine(value));
        expect(resultPreview(value)).toBe(oldPreview(value, 80));
        expect(resultPreview(value, 5)).toBe(oldPreview(value, 5));
        const planStep: PlanStep = { key: 'k', id: 'k', type: 'reasoning', description: value, inputs: [], dependsOn: [] };
        expect(stepTitle(planStep, redact)).toBe(cutText(oldOneLogLine(redact(value || 'reasoning')), 100));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes a number, a boolean and null as JSON.stringify does', () => {
    const values: unknown[] = [0, -0, 1, -1, 0.1, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, 2 ** 53, NaN, Infinity, -Infinity, true, false, null];
    for (const value of values) {
      expect(resultJson(value)).toBe(JSON.stringify(value));
      expect(resultJson(value, 2)).toBe(JSON.stringify(value, null, 2));
      expect(resultText(value)).toEqual({ text: JSON.stringify(value), json: true });
    }
    fc.assert(fc.property(fc.double(), (value) => {
        expect(resultJson(value)).toBe(JSON.stringify(value));
      }), { numRuns: 2000 });
  });
});
