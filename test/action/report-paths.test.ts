import { describe, expect, it } from 'vitest';
import { reportPaths } from '../../src/action/report-paths.ts';

describe('reportPaths', () => {
  // The slug maps every run of other characters to '-': these two plans overwrote each other's files.
  it('gives plans whose slugs collide their own report and trace', () => {
    const underscore = reportPaths('/out', 'checks/a_b.yml');
    const dash = reportPaths('/out', 'checks/a-b.yml');
    expect(underscore.trace).not.toBe(dash.trace);
    expect(underscore.report).not.toBe(dash.report);
    expect(underscore.trace).toMatch(/^\/out\/checks-a-b-yml-[0-9a-f]{8}\.trace\.jsonl$/);
  });

  it('names the same plan the same, however its path is spelled', () => {
    expect(reportPaths('/out', './checks/a_b.yml')).toEqual(reportPaths('/out', 'checks/a_b.yml'));
  });
});
