import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobReportPaths, reportPaths, resumesInPlace } from '../../src/action/report-paths.ts';

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

// Found by an adversarial pass: `resume-from` compared as a path, where the CLI's `--resume` compares files. This
// job's trace named through a linked folder was not "in place", so it was removed as an earlier run's left-over
// before it was read, and the job was refused: "no trace at …".
describe('resumesInPlace', () => {
  it('knows this job’s trace however `resume-from` spells it, through a linked folder', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'plan-runner-in-place-'));
    const outputDir = path.join(root, 'plan-runner');
    mkdirSync(outputDir);
    symlinkSync(outputDir, path.join(root, 'alias'));
    const settings = { outputDir, planPath: '.github/plan.yml' };
    const trace = jobReportPaths(settings).trace;
    writeFileSync(trace, '{"type":"plan_created"}\n');
    expect(resumesInPlace({ ...settings, resumeFrom: path.join(root, 'alias', path.basename(trace)) })).toBe(true);
    expect(resumesInPlace({ ...settings, resumeFrom: trace })).toBe(true);
    expect(resumesInPlace({ ...settings, resumeFrom: path.join(root, 'other.jsonl') })).toBe(false);
  });
});
