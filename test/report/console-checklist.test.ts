import { describe, expect, it } from 'vitest';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { failingRun, PLAN } from './run-events.ts';

function capture(options: { isTTY: boolean; columns?: number; secrets?: string[] }) {
  const writes: string[] = [];
  const listener = consoleChecklist({
    write: (text) => writes.push(text),
    isTTY: options.isTTY,
    ...(options.columns && { columns: options.columns }),
    ...(options.secrets && { redact: createRedactor(options.secrets) }),
  });
  return { writes, listener };
}

describe('consoleChecklist in a log (not a terminal)', () => {
  it('prints the plan once, then one line per change, then the summary', () => {
    const { writes, listener } = capture({ isTTY: false });
    failingRun().forEach(listener);
    expect(writes.join('')).toBe(
      [
        'Weekly report',
        '⬜ 1. Fetch sales',
        '⬜ 2. Fetch return rates',
        '⬜ 3. Summarise',
        '⏳ 1. Fetch sales',
        '✅ 1. Fetch sales → {"Electronics":142000,"note":"no-secret"}',
        '⏳ 2. Fetch return rates',
        "❌ 2. Fetch return rates — tool 'fetch_return_rates' exited with status 1 (no-secret)",
        '⏭️ 3. Summarise — step 2 failed',
        'Run failed in 1.5 s (step 2 failed) — 1/3 complete, 1 failed, 1 skipped',
        '',
      ].join('\n'),
    );
    expect(writes.some((text) => text.includes('\x1b['))).toBe(false);
  });

  it('redacts secrets in results and errors before printing them', () => {
    const { writes, listener } = capture({ isTTY: false, secrets: ['s3cr3t-value'] });
    failingRun('s3cr3t-value').forEach(listener);
    const out = writes.join('');
    expect(out).not.toContain('s3cr3t-value');
    expect(out).toContain('"note":"***"');
    expect(out).toContain('status 1 (***)');
  });
});

describe('consoleChecklist on a terminal', () => {
  it('redraws the whole checklist in place after each event', () => {
    const { writes, listener } = capture({ isTTY: true });
    const events = failingRun();
    events.forEach(listener);
    expect(writes).toHaveLength(events.length);
    expect(writes[0]).toBe('Weekly report\n⬜ 1. Fetch sales\n⬜ 2. Fetch return rates\n⬜ 3. Summarise\n0/3 complete, 0 failed\n');
    // Title, three steps and the footer: five lines to move up over and clear.
    for (const frame of writes.slice(1)) expect(frame.startsWith('\x1b[5A\r\x1b[0J')).toBe(true);
    expect(writes.at(-1)).toBe(
      '\x1b[5A\r\x1b[0J' +
        [
          'Weekly report',
          '✅ 1. Fetch sales → {"Electronics":142000,"note":"no-secret"}',
          "❌ 2. Fetch return rates — tool 'fetch_return_rates' exited with status 1 (no-secret)",
          '⏭️ 3. Summarise — step 2 failed',
          'Run failed in 1.5 s (step 2 failed) — 1/3 complete, 1 failed, 1 skipped',
          '',
        ].join('\n'),
    );
  });

  it('cuts lines to the terminal width so a redraw never miscounts wrapped lines', () => {
    const { writes, listener } = capture({ isTTY: true, columns: 20 });
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps: [{ ...PLAN.steps[0]!, description: 'A very long description of fetching sales' }] } });
    const lines = writes[0]!.trimEnd().split('\n');
    expect(lines[1]).toBe('⬜ 1. A very long …');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(18);
  });

  it('draws nothing before the plan is known', () => {
    const { writes, listener } = capture({ isTTY: true });
    listener({ type: 'step_started', at: 0, stepKey: '1' });
    expect(writes).toEqual([]);
  });
});
