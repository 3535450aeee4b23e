import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';
import { renderRejectedReport } from '../../src/report/rejected-report.ts';

describe('the report of a rejected plan', () => {
  it('counts what an "and N more" line stands for, not only the lines it lists', () => {
    const errors = [
      { file: 'plan.yml', line: 1, column: 8, path: '', message: 'YAML: Unexpected , in flow sequence' },
      { file: 'plan.yml', line: 1, column: 9, path: '', message: 'and 4999 more YAML errors after this point; fix the ones above first', standsFor: 4_999 },
    ];
    const markdown = renderRejectedReport(errors, 'plan.yml', createRedactor([]));
    expect(markdown).toContain('the plan was rejected before any step ran (5,000 problems)');
    expect(markdown.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(2);
  });
});
