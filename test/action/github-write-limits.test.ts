import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRunResult, checkRunSummary } from '../../src/action/check-run-output.ts';
import { startCheckRun } from '../../src/action/check-run.ts';
import { openEscalationIssue } from '../../src/action/escalation-issue.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { cutMarkdownBytes } from '../../src/report/cut-text.ts';
import type { FinalReport } from '../../src/report/final-report.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';

// Text a tool controls can make a GitHub write too long, and GitHub then refuses it whole (422): a
// required check left in progress, no escalation issue at all. Every write must fit however long the
// run's text is, in the unit GitHub counts.

/** The reason a for_each key made of a tool's output gave: `@a ` ten thousand times, before this change 30,133 characters. */
const mentions = '@a '.repeat(10_000);
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.stop();
});

const octokit = () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });

describe('cutMarkdownBytes', () => {
  it('cuts at a line end to at most the bytes, and leaves shorter text alone', () => {
    const cjk = Array.from({ length: 500 }, (_, i) => `${i}行目：売上は増加した`).join('\n');
    expect(cutMarkdownBytes(cjk, bytes(cjk))).toBe(cjk);
    for (const max of [5, 100, 1001, 4096, bytes(cjk) - 1]) {
      const cut = cutMarkdownBytes(cjk, max);
      expect(bytes(cut), `at ${max}`).toBeLessThanOrEqual(max);
      expect(cut === '…' || (cut.endsWith('\n…') && cjk.startsWith(`${cut.slice(0, -2)}\n`))).toBe(true);
    }
  });
});

describe('a GitHub write fits however long the run\'s text is', () => {
  it('a check run\'s summary is cut to 65,535 bytes, and the run\'s reason to 1,000 characters, so the check completes', async () => {
    const goals = Array.from({ length: 400 }, (_, i) => ({ name: `目標 ${i}`, severity: 'required' as const, outcome: 'unmet' as const, evidence: `見つからない：${'結果'.repeat(60)} @team #12` }));
    const report = { status: 'failed', reason: `step review failed: key \${item.name} gave "${mentions}"`, goals, markdown: '', planErrors: [] } as unknown as FinalReport;
    const result = await checkRunResult(report, 'failure', createRedactor());
    // 40 rows of the 400, each cut: the table no longer needs the write's own cut to fit.
    expect(bytes(result.summary)).toBeLessThanOrEqual(65_535);
    expect(result.summary).toContain('… 360 more goals (360 not met) in the job summary.');
    const warnings: string[] = [];
    const check = await startCheckRun(octokit(), { owner: 'acme', repo: 'app', name: 'plan-runner', headSha: 'a'.repeat(40) }, (m) => warnings.push(m));
    await check!.complete(result);
    expect(warnings).toEqual([]);
    const run = github.checkRuns[0] as { status: string; output: { summary: string } };
    expect(run.status).toBe('completed');
    expect(bytes(run.output.summary)).toBeLessThanOrEqual(65_535);
    // The reason's line is its first 1,000 characters, then the goals as far as they fit.
    const reasonLine = run.output.summary.split('\n')[0]!;
    expect(reasonLine.length).toBeLessThan(1_000 + 3_000);
    expect(run.output.summary).toContain('目標 0');
  });

  // Found by a caps hunt: the link to the run came after a rejected plan's report, and the write's cut at 65,535 bytes took it.
  it('a check run of a rejected plan too long for it is cut before its link to the run, saying so', async () => {
    const markdown = `## ❌ plan-runner: \`plan.yml\`\n\n**Status:** failed — rejected\n\n${Array.from({ length: 2000 }, (_, i) => `- problem ${i} ${'x'.repeat(60)}`).join('\n')}\n`;
    const report = { status: 'failed', reason: 'rejected', goals: [], markdown, planErrors: [{ message: 'x' }] } as unknown as FinalReport;
    const result = await checkRunResult(report, 'failure', createRedactor(), 'https://github.com/acme/app/actions/runs/1');
    const check = await startCheckRun(octokit(), { owner: 'acme', repo: 'app', name: 'plan-runner', headSha: 'a'.repeat(40) }, () => {});
    await check!.complete(result);
    const { summary } = (github.checkRuns[0] as { output: { summary: string } }).output;
    expect(bytes(summary)).toBeLessThanOrEqual(65_535);
    expect(summary).toContain('- problem 0 ');
    expect(summary).toMatch(/\n…\n\n_The report was cut here to stay under a check run's 65,535 bytes; the job summary has it whole\._\n\n\[View the run and its job summary\]\(https:\/\/github\.com\/acme\/app\/actions\/runs\/1\)$/);
    // One that fits is not cut.
    const short = await checkRunResult({ ...report, markdown: '**Status:** failed — rejected' }, 'failure', createRedactor(), 'https://github.com/acme/app/actions/runs/1');
    expect(checkRunSummary(short)).toBe('**Status:** failed — rejected\n\n[View the run and its job summary](https://github.com/acme/app/actions/runs/1)');
  });

  // Found by a re-read: the advice went before a report already cut to 65,535 bytes with its link, and the write's cut took the link again.
  it('a check run too long for it, failed as another job writes its name, keeps the advice and its link to the run', async () => {
    const markdown = Array.from({ length: 2000 }, (_, i) => `- goal ${i} ${'x'.repeat(60)}`).join('\n');
    const report = { status: 'succeeded', goals: [], markdown, planErrors: [{ message: 'x' }] } as unknown as FinalReport;
    const result = await checkRunResult(report, 'success', createRedactor(), 'https://github.com/acme/app/actions/runs/1');
    const check = await startCheckRun(octokit(), { owner: 'acme', repo: 'app', name: 'plan-runner', headSha: 'a'.repeat(40) }, () => {});
    github.checkRuns.push({ id: 900, name: 'plan-runner', head_sha: 'a'.repeat(40), status: 'in_progress', started_at: new Date().toISOString(), completed_at: null });
    await check!.complete(result);
    const { conclusion, output } = github.checkRuns[0] as { conclusion: string; output: { summary: string } };
    expect(conclusion).toBe('failure');
    expect(bytes(output.summary)).toBeLessThanOrEqual(65_535);
    expect(output.summary).toMatch(/^Another check run named 'plan-runner' \(id 900, in progress\)/);
    expect(output.summary).toMatch(/\n…\n\n_The report was cut here to stay under a check run's 65,535 bytes; the job summary has it whole\._\n\n\[View the run and its job summary\]\(https:\/\/github\.com\/acme\/app\/actions\/runs\/1\)$/);
  });

  // Found by an adversarial pass: with 400 goals the table passed 65,535 bytes, and the cut end took the
  // 5 unmet ones: the failed check run showed 283 ✅ rows and no ❌.
  it('a check run with many goals shows the ones not met first', async () => {
    const goals = Array.from({ length: 400 }, (_, i) => ({ name: `goal ${i}`, severity: 'required' as const, outcome: i >= 395 ? ('unmet' as const) : ('met' as const), evidence: 'x'.repeat(300) }));
    const report = { status: 'goals-unmet', goals, markdown: '', planErrors: [] } as unknown as FinalReport;
    const result = await checkRunResult(report, 'failure', createRedactor());
    expect(result.summary.match(/^\| ❌ /gm)).toHaveLength(5);
    expect(result.summary).toContain('… 360 more goals (all met) in the job summary.');
  });

  it('an escalation issue stays within 65,536 characters and shows the last error once, cut', async () => {
    const warnings: string[] = [];
    const lastError = `for_each key gave "${mentions}"`;
    await openEscalationIssue(
      octokit(),
      { owner: 'acme', repo: 'app', planPath: 'plan.yml', planName: 'Weekly' },
      { reason: `step review failed: ${lastError}`, lastError, tried: Array.from({ length: 50 }, (_, i) => `attempt ${i}: ${lastError}`), label: 'needs-human' },
      createRedactor(),
      (m) => warnings.push(m),
    );
    expect(warnings).toEqual([]);
    const body = (github.issues[0] as { body: string }).body;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain('**Why:** step review failed');
    expect(body).toContain('**Last error:**');
    expect(body).toContain('earlier attempts');
  });

  // Found by a caps hunt: the body was cut with 2,048 characters kept for the marker, the link and the mention, and a deep
  // plan path outside ASCII made the marker 12,537 (each character 9 encoded): 74,483 in all, and GitHub refused the issue.
  it('an escalation issue stays within 65,536 characters whatever its marker’s length, the marker as it always was', async () => {
    const planPath = `.github/${Array.from({ length: 16 }, () => '計画'.repeat(40)).join('/')}/plan.yml`;
    const where = { owner: 'acme', repo: 'app', planPath, planName: 'Weekly', runKey: '鍵'.repeat(100), runUrl: 'https://github.com/acme/app/actions/runs/1' };
    const item = '*'.repeat(1000);
    const warnings: string[] = [];
    await openEscalationIssue(octokit(), where, { reason: item, lastError: '@a '.repeat(7000), tried: Array.from({ length: 20 }, () => item), label: 'needs-human', mention: '@acme/oncall' }, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    const body = (github.issues[0] as { body: string }).body;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body.startsWith(`<!-- plan-runner:escalation:${encodeURIComponent(`${planPath} [run-key ${where.runKey}]`)} -->\n`)).toBe(true);
    expect(body).toMatch(/\n…\n\n\[The run\]\(https:\/\/github\.com\/acme\/app\/actions\/runs\/1\) has the full summary and trace\.\n\n@acme\/oncall: please take a look\.$/);
  });
});
