import { expect, it } from 'vitest';
import { actionOutputs, MAX_RESULT_OUTPUT_BYTES } from '../../src/action/action-outputs.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { newRunRecord } from '../../src/core/run-record.ts';
import type { FinalReport } from '../../src/report/final-report.ts';

function resultOutput(finalResult: string): string {
  const report: FinalReport = { status: 'succeeded', goals: [], markdown: '', record: newRunRecord(), planErrors: [], finalResult };
  return actionOutputs(report, { report: '', trace: '' }, createRedactor()).result;
}

// Found by an adversarial pass: `result` was cut to 65,536 characters, not 64 KiB. A review in Russian, Japanese or
// emoji was 128–192 KiB, and a later step that read it as the README and this repository's CI do
// (`env: RESULT: ${{ steps.plan.outputs.result }}`) could not start: Linux takes no variable over 128 KiB (E2BIG).
it.each([
  ['Cyrillic', 'я'],
  ['Japanese', '漢'],
  ['emoji', '🙂'],
])('cuts a %s result to 64 KiB of UTF-8, ending in …, whole characters only', (_script, char) => {
  const result = resultOutput(char.repeat(70_000));
  expect(Buffer.byteLength(result)).toBeLessThanOrEqual(64 * 1024);
  expect(MAX_RESULT_OUTPUT_BYTES).toBe(64 * 1024);
  expect(result.endsWith('…')).toBe(true);
  expect(result.slice(0, -1)).toBe(char.repeat(result.slice(0, -1).length / char.length));
  // As much as fits: less than one character more would pass the limit.
  expect(Buffer.byteLength(result) + Buffer.byteLength(char)).toBeGreaterThan(64 * 1024);
});

it('keeps a result of 64 KiB whole, and an ASCII one cut to 64 KiB', () => {
  expect(resultOutput('a'.repeat(64 * 1024))).toBe('a'.repeat(64 * 1024));
  expect(resultOutput('a'.repeat(64 * 1024 + 1))).toBe(`${'a'.repeat(64 * 1024 - 3)}…`);
});
