import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { fitToColumns } from '../../src/report/terminal-width.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { failingRun, PLAN } from './run-events.ts';
import type { RunEvent, RunStatus } from '../../src/core/run-event.ts';
import { goalLogLine } from '../../src/report/goals-table.ts';

function capture(options: { isTTY: boolean; columns?: number; secrets?: string[] }) {
  const writes: string[] = [];
  const listener = consoleChecklist({
    write: (text) => writes.push(text),
    isTTY: options.isTTY,
    ...(options.columns && { fit: fitToColumns(() => options.columns) }),
    ...(options.secrets && { redact: createRedactor(options.secrets) }),
  });
  return { writes, listener };
}

describe('consoleChecklist in a log (not a terminal)', () => {
  it('prints the plan once, then one line per change, then the summary', () => {
    const { writes, listener } = capture({ isTTY: false });
    for (const event of failingRun()) listener(event);
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
        // The steps' end is not the run's: the goals are checked next, and only then is the status known
        // (it said "Run succeeded" above a run its goals then failed, and printed the reason twice).
        'The steps ended in 1.5 s — 1/3 complete, 1 failed, 1 skipped; checking the goals',
        'Run failed in 1.5 s (step 2 failed) — 1/3 complete, 1 failed, 1 skipped',
        '',
      ].join('\n'),
    );
    expect(writes.some((text) => text.includes('\x1b['))).toBe(false);
  });

  // A resumed run writes the results it carries at its start: each printed a ⬜ line for its step (a
  // used plan's steps under the outer plan's keys), 200 lines for a 200-item step (found by an adversarial pass).
  it('prints nothing for the results a resumed run carries', () => {
    const { writes, listener } = capture({ isTTY: false });
    const [created, ...rest] = failingRun();
    const carried: RunEvent[] = [
      { type: 'result_carried', at: 0, stepKey: '1', reuseKey: 'r1', result: { Electronics: 1 }, usage: NO_USAGE },
      { type: 'result_carried', at: 0, stepKey: '3', reuseKey: 'r3', result: 'x', usage: NO_USAGE, item: { index: 0, key: '3[0]' } },
    ];
    for (const event of [created!, ...carried, ...rest]) listener(event);
    const lines = writes.join('').split('\n');
    expect(lines.filter((line) => line === '⬜ 1. Fetch sales')).toHaveLength(1);
    expect(lines.filter((line) => line === '⬜ 3. Summarise')).toHaveLength(1);
  });

  it('redacts secrets in results and errors before printing them', () => {
    const { writes, listener } = capture({ isTTY: false, secrets: ['s3cr3t-value'] });
    for (const event of failingRun('s3cr3t-value')) listener(event);
    const out = writes.join('');
    expect(out).not.toContain('s3cr3t-value');
    expect(out).toContain('"note":"***"');
    expect(out).toContain('status 1 (***)');
  });

  // Found by an adversarial pass: an agent item's TODO lines named it by its key unredacted, where the summary and an
  // item's failure line hide it; the CLI prints these lines with only the environment's values hidden.
  it('redacts a for_each item’s key where its agent’s TODO lines name it', () => {
    const secret = 'Zq7vX9pL2kR4mN8tWc';
    const { writes, listener } = capture({ isTTY: false, secrets: [secret] });
    const plan = { name: 'p', revision: 1, steps: [{ key: 'review', id: 1, type: 'agent', description: 'Review', inputs: [], dependsOn: [] }] };
    const todos = [{ id: '1', content: 'Check', status: 'in_progress' }];
    for (const event of [
      { type: 'plan_created', at: 0, plan },
      { type: 'step_started', at: 1, stepKey: 'review' },
      { type: 'step_expanded', at: 1, stepKey: 'review', keys: [`review[${secret}]`] },
      { type: 'item_started', at: 1, stepKey: 'review', index: 0 },
      { type: 'todos_created', at: 1, stepKey: 'review', index: 0, todos },
      { type: 'todos_updated', at: 2, stepKey: 'review', index: 0, todos: [{ ...todos[0], status: 'completed' }], changed: ['1'] },
    ] as unknown as RunEvent[]) listener(event);
    const out = writes.join('');
    expect(out).toContain('review[***]. TODO list:');
    expect(out).toContain('review[***]. ✅ Check');
    expect(out).not.toContain(secret);
  });
});

describe('consoleChecklist and a replaced TODO list', () => {
  // A replace (merge: false) printed only the items it changed: the ones it left out just stopped being named.
  it('prints each item a replace left out, redacted, in a log', () => {
    const secret = 'Zq7vX9pL2kR4mN8tWc';
    const { writes, listener } = capture({ isTTY: false, secrets: [secret] });
    const plan = { name: 'p', revision: 1, steps: [{ key: 'review', id: 1, type: 'agent', description: 'Review', inputs: [], dependsOn: [] }] };
    const first = [
      { id: '1', content: `Fetch ${secret}`, status: 'completed' },
      { id: '2', content: 'Compare', status: 'in_progress' },
    ];
    for (const event of [
      { type: 'plan_created', at: 0, plan },
      { type: 'step_started', at: 1, stepKey: 'review' },
      { type: 'todos_created', at: 1, stepKey: 'review', todos: first },
      { type: 'todos_updated', at: 2, stepKey: 'review', todos: [{ ...first[1], status: 'completed' }], changed: ['2'], dropped: [first[0]] },
    ] as unknown as RunEvent[]) listener(event);
    const out = writes.join('').split('\n');
    expect(out).toContain('review. ✅ Compare');
    expect(out).toContain('review. left out of the TODO list: ✅ Fetch ***');
    expect(out.join('\n')).not.toContain(secret);
  });
});

describe('consoleChecklist and text that controls a terminal', () => {
  // On a terminal the CLI writes as it is (nothing parses it): a `\r` in a result was a line start
  // to a log reader, and an escape sequence moved the cursor over what the checklist showed.
  it('shows a result, an error, a skip reason and a title without a control character, on a terminal and in a log', () => {
    const hostile = 'ok\r::add-mask::PUBLICWORD\r::error file=x.js,line=1::forged';
    const plan = { ...PLAN, steps: [{ ...PLAN.steps[0]!, description: 'Fetch \x1b[2Jsales' }, PLAN.steps[1]!, PLAN.steps[2]!] };
    const events = failingRun().map((event) => {
      if (event.type === 'plan_created') return { ...event, plan };
      if (event.type === 'step_completed') return { ...event, result: hostile };
      if (event.type === 'step_failed') return { ...event, error: 'exit 1 \x1b[31mred\x1b[0m\u009b2J' };
      if (event.type === 'step_skipped') return { ...event, reason: 'upstream\rfailed' };
      return event;
    });
    for (const isTTY of [false, true]) {
      const { writes, listener } = capture({ isTTY });
      for (const event of events) listener(event);
      // Our own redraws are the only escape sequences and line starts.
      const text = writes.join('').replace(/\x1b\[\d+A\r\x1b\[0J/g, '');
      expect(text).not.toMatch(/[\r\x1b\u009b]/);
      expect(text).toContain('✅ 1. Fetch ␛[2Jsales → ok …\n');
      expect(text).toContain('— exit 1 ␛[31mred␛[0m\ufffd2J');
      expect(text).toContain('— upstream');
      expect(text).not.toContain('add-mask');
    }
  });
});

describe('consoleChecklist on a terminal', () => {
  it('redraws the whole checklist in place after each event when events are at least minRedrawMs apart', () => {
    let time = 0;
    const writes: string[] = [];
    const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: true, now: () => (time += 100) });
    const events = failingRun();
    for (const event of events) listener(event);
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

  it('coalesces events that come faster than minRedrawMs into one later frame, and draws the end at once', () => {
    const writes: string[] = [];
    const scheduled: { draw: () => void; ms: number; cancelled: boolean }[] = [];
    const listener = consoleChecklist({
      write: (text) => writes.push(text),
      isTTY: true,
      minRedrawMs: 100,
      now: () => 0,
      schedule: (draw, ms) => {
        const timer = { draw, ms, cancelled: false };
        scheduled.push(timer);
        return () => (timer.cancelled = true);
      },
    });
    const events = failingRun();
    for (const event of events.slice(0, 3)) listener(event);
    // The plan is drawn at once; the next two events share one redraw, 100 ms after the first frame.
    expect(writes).toHaveLength(1);
    expect(scheduled.map((timer) => timer.ms)).toEqual([100]);
    scheduled[0]!.draw();
    expect(writes).toHaveLength(2);
    expect(writes[1]).toContain('✅ 1. Fetch sales → {"Electronics":142000');
    for (const event of events.slice(3)) listener(event);
    // The steps' end and the run's (its goals checked) are drawn at once, and the redraw waiting for the events before them is cancelled.
    expect(writes).toHaveLength(4);
    expect(scheduled).toHaveLength(2);
    expect(scheduled[1]!.cancelled).toBe(true);
    expect(writes[2]).toContain('The steps ended in 1.5 s — 1/3 complete, 1 failed, 1 skipped; checking the goals');
    expect(writes[3]).toContain('Run failed in 1.5 s (step 2 failed) — 1/3 complete, 1 failed, 1 skipped');
  });

  it('draws a checklist taller than the terminal as a window from the first unfinished step, and in full at the end', () => {
    const writes: string[] = [];
    let time = 0;
    const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: true, rows: 8, now: () => (time += 1000) });
    const steps = Array.from({ length: 20 }, (_, i) => ({ ...PLAN.steps[0]!, key: String(i + 1), description: `Step ${i + 1}` }));
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps } });
    for (let i = 1; i <= 5; i++) listener({ type: 'step_completed', at: i, stepKey: String(i), result: i, durationMs: 1, usage: NO_USAGE });
    const frame = writes.at(-1)!.replace(/^\x1b\[\d+A\r\x1b\[0J/, '').trimEnd().split('\n');
    expect(frame).toEqual(['Weekly report', '… 5 steps above', '⬜ 6. Step 6', '⬜ 7. Step 7', '⬜ 8. Step 8', '… 12 more below', '5/20 complete, 0 failed']);
    expect(frame.length).toBeLessThan(8);
    listener({ type: 'run_finished', at: 9, status: 'cancelled', durationMs: 9, usage: NO_USAGE });
    const last = writes.at(-1)!;
    expect(last.startsWith('\x1b[7A\r\x1b[0J')).toBe(true);
    expect(last).toContain('✅ 1. Step 1 → 1\n');
    expect(last).toContain('⬜ 20. Step 20\n');
  });

  // Found by a cross-view pass: a step failed above the window (or below it, past a step that waits) and the frame said
  // `… 2 steps above` with no ❌ in view, while the comment's cut says `… 3 more steps (1 failed)`.
  it('says how many of the steps above and below the window failed', () => {
    const writes: string[] = [];
    let time = 0;
    const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: true, rows: 8, now: () => (time += 1000) });
    const steps = Array.from({ length: 20 }, (_, i) => ({ ...PLAN.steps[0]!, key: String(i + 1), description: `Step ${i + 1}` }));
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps } });
    const failed = (at: number, stepKey: string): RunEvent => ({ type: 'step_failed', at, stepKey, error: 'boom', transient: false, durationMs: 1, usage: NO_USAGE });
    for (let i = 1; i <= 5; i++) listener(i === 2 ? failed(i, '2') : { type: 'step_completed', at: i, stepKey: String(i), result: i, durationMs: 1, usage: NO_USAGE });
    for (const key of ['12', '15']) listener(failed(7, key));
    const frame = writes.at(-1)!.replace(/^\x1b\[\d+A\r\x1b\[0J/, '').trimEnd().split('\n');
    expect(frame).toEqual(['Weekly report', '… 5 steps above (1 failed)', '⬜ 6. Step 6', '⬜ 7. Step 7', '⬜ 8. Step 8', '… 12 more below (2 failed)', '4/20 complete, 3 failed']);
  });

  // Found by an adversarial pass: the steps' end drew the checklist in full, taller than the terminal, and the goals'
  // verdict redrew it moving up as many lines, which a terminal stops at its top: the lines that had scrolled off
  // stayed, and the whole checklist was written under them, so the scrollback showed the first steps twice.
  it('shows each step once on a terminal shorter than the final checklist, the goals’ verdict redrawing only what changed', () => {
    const rows = 8;
    const screen = terminalScreen(rows);
    let time = 0;
    const listener = consoleChecklist({ write: screen.write, isTTY: true, rows, now: () => (time += 1000) });
    const steps = Array.from({ length: 20 }, (_, i) => ({ ...PLAN.steps[0]!, key: String(i + 1), description: `Step ${i + 1}` }));
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps } });
    for (let i = 1; i <= 20; i++) listener({ type: 'step_completed', at: i, stepKey: String(i), result: i, durationMs: 1, usage: NO_USAGE });
    listener({ type: 'run_finished', at: 21, status: 'succeeded', durationMs: 21, usage: NO_USAGE });
    listener({ type: 'goals_checked', at: 22, status: 'goals-unmet', goals: [] });
    const lines = screen.lines();
    for (let i = 1; i <= 20; i++) expect(lines.filter((line) => line === `✅ ${i}. Step ${i} → ${i}`)).toHaveLength(1);
    expect(lines.filter((line) => line === 'Weekly report')).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/ — 20\/20 complete, 0 failed$/);
    expect(lines.at(-1)).not.toContain('checking the goals');
    expect(lines).toHaveLength(22);
  });

  // A terminal whose size was never set (`script`, `docker run -t` from CI) reports 0 rows, as it reports 0
  // columns, which already meant "unknown": each frame showed one step and "… 19 more below" (found by an adversarial pass).
  it('draws every step on a terminal that reports 0 rows, its height unknown', () => {
    const writes: string[] = [];
    let time = 0;
    const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: true, rows: 0, now: () => (time += 1000) });
    const steps = Array.from({ length: 20 }, (_, i) => ({ ...PLAN.steps[0]!, key: String(i + 1), description: `Step ${i + 1}` }));
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps } });
    listener({ type: 'step_started', at: 1, stepKey: '1' });
    const frame = writes.at(-1)!.replace(/^\x1b\[\d+A\r\x1b\[0J/, '').trimEnd().split('\n');
    expect(frame).not.toContainEqual(expect.stringMatching(/more below/));
    expect(frame).toContain('⬜ 20. Step 20');
  });

  // Found by an adversarial pass: with every step in the window, the lines of one step's used plan were not cut, and each
  // redraw wrote all of them past the top of the screen.
  it('cuts a frame to the terminal also when one step’s used plan holds more lines than it', () => {
    const writes: string[] = [];
    let time = 0;
    const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: true, rows: 8, now: () => (time += 1000) });
    const outer = [{ ...PLAN.steps[0]!, key: 'sums', type: 'plan' as const, description: 'Sums' }];
    const inner = Array.from({ length: 50 }, (_, i) => ({ ...PLAN.steps[0]!, key: `s${i}`, description: `Sum ${i}` }));
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps: outer } });
    listener({ type: 'step_started', at: 1, stepKey: 'sums' });
    listener({ type: 'nested_event', at: 2, stepKey: 'sums', event: { type: 'plan_created', at: 2, plan: { ...PLAN, name: 'Inner', steps: inner } } });
    listener({ type: 'nested_event', at: 3, stepKey: 'sums', event: { type: 'step_started', at: 3, stepKey: 's0' } });
    const frame = writes.at(-1)!.replace(/^\x1b\[\d+A\r\x1b\[0J/, '').trimEnd().split('\n');
    expect(frame.length).toBeLessThan(8);
    expect(frame.at(-2)).toMatch(/^… \d+ more lines below$/);
  });

  // Found by a cross-view pass: the window ended inside a step's used plan with steps below it, and said only
  // `… 2 more below`: the used plan's lines it cut off went uncounted.
  it('counts the lines of a used plan the window cuts off, with the steps below it', () => {
    const writes: string[] = [];
    let time = 0;
    const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: true, rows: 8, now: () => (time += 1000) });
    const outer = [{ ...PLAN.steps[0]!, key: 'sums', type: 'plan' as const, description: 'Sums' }, ...['a', 'b'].map((key) => ({ ...PLAN.steps[0]!, key, description: `Step ${key}` }))];
    const inner = Array.from({ length: 50 }, (_, i) => ({ ...PLAN.steps[0]!, key: `s${i}`, description: `Sum ${i}` }));
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps: outer } });
    listener({ type: 'step_started', at: 1, stepKey: 'sums' });
    listener({ type: 'nested_event', at: 2, stepKey: 'sums', event: { type: 'plan_created', at: 2, plan: { ...PLAN, name: 'Inner', steps: inner } } });
    listener({ type: 'nested_event', at: 3, stepKey: 'sums', event: { type: 'step_started', at: 3, stepKey: 's0' } });
    listener({ type: 'step_failed', at: 4, stepKey: 'b', error: 'boom', transient: false, durationMs: 1, usage: NO_USAGE });
    const frame = writes.at(-1)!.replace(/^\x1b\[\d+A\r\x1b\[0J/, '').trimEnd().split('\n');
    expect(frame.length).toBeLessThan(8);
    // 3 lines of room: the step's own and 2 of its used plan's 50, so 48 are cut off.
    expect(frame.at(-2)).toBe('… 48 more lines and 2 more steps below (1 failed)');
  });

  // Found by an adversarial pass: with one step below, the count read `… 48 more lines and 1 more steps below`.
  it('says "1 more step" for the one step below the lines of a used plan it cuts off', () => {
    const writes: string[] = [];
    let time = 0;
    const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: true, rows: 8, now: () => (time += 1000) });
    const outer = [{ ...PLAN.steps[0]!, key: 'sums', type: 'plan' as const, description: 'Sums' }, { ...PLAN.steps[0]!, key: 'a', description: 'Step a' }];
    const inner = Array.from({ length: 50 }, (_, i) => ({ ...PLAN.steps[0]!, key: `s${i}`, description: `Sum ${i}` }));
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps: outer } });
    listener({ type: 'step_started', at: 1, stepKey: 'sums' });
    listener({ type: 'nested_event', at: 2, stepKey: 'sums', event: { type: 'plan_created', at: 2, plan: { ...PLAN, name: 'Inner', steps: inner } } });
    const frame = writes.at(-1)!.replace(/^\x1b\[\d+A\r\x1b\[0J/, '').trimEnd().split('\n');
    expect(frame.at(-2)).toBe('… 48 more lines and 1 more step below');
  });

  // Found by an adversarial pass: the window cut off a ❌ of the used plan under its last step, and its count line,
  // `… 8 more lines and 1 more step below`, said nothing failed there (nor did the footer, while the step using the plan ran).
  it('says how many of the used plan lines it cuts off are of steps that failed', () => {
    for (const below of [1, 0]) {
      const writes: string[] = [];
      let time = 0;
      const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: true, rows: 8, now: () => (time += 1000) });
      const outer = [{ ...PLAN.steps[0]!, key: 'sums', type: 'plan' as const, description: 'Sums' }, ...['a'].slice(0, below).map((key) => ({ ...PLAN.steps[0]!, key, description: `Step ${key}` }))];
      const inner = Array.from({ length: 10 }, (_, i) => ({ ...PLAN.steps[0]!, key: `s${i}`, description: `Sum ${i}` }));
      listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps: outer } });
      listener({ type: 'step_started', at: 1, stepKey: 'sums' });
      listener({ type: 'nested_event', at: 2, stepKey: 'sums', event: { type: 'plan_created', at: 2, plan: { ...PLAN, name: 'Inner', steps: inner } } });
      listener({ type: 'nested_event', at: 3, stepKey: 'sums', event: { type: 'step_started', at: 3, stepKey: 's7' } });
      listener({ type: 'nested_event', at: 4, stepKey: 'sums', event: { type: 'step_failed', at: 4, stepKey: 's7', error: 'DOWN', transient: false, durationMs: 1, usage: NO_USAGE } });
      const frame = writes.at(-1)!.replace(/^\x1b\[\d+A\r\x1b\[0J/, '').trimEnd().split('\n');
      // 3 lines of room: the step's own and 2 of its used plan's 10; the ❌ of s7 is among the 8 cut off.
      expect(frame.at(-2)).toBe(below ? '… 8 more lines (1 failed) and 1 more step below' : '… 8 more lines (1 failed) below');
    }
  });

  // The log's last checklist line said "Run succeeded" for a run its goals then made goals-unmet, and
  // its time left out the goal checks that the summary's "took" counts (a judge took 21 s here).
  it('ends with the status the goals decided and the time they took, in a log and on a terminal', () => {
    for (const isTTY of [false, true]) {
      const { writes, listener } = capture({ isTTY });
      listener({ type: 'plan_created', at: 0, plan: PLAN });
      for (const step of PLAN.steps) listener({ type: 'step_completed', at: 1, stepKey: step.key, result: 1, durationMs: 1, usage: NO_USAGE });
      listener({ type: 'run_finished', at: 2, status: 'succeeded', durationMs: 2, usage: NO_USAGE });
      listener({ type: 'goals_checked', at: 21_000, status: 'goals-unmet', goals: [{ name: 'mentions returns', severity: 'required', outcome: 'unmet', evidence: 'not found' }] });
      const last = writes.join('').trimEnd().split('\n').at(-1)!;
      expect(last, isTTY ? 'terminal' : 'log').toMatch(/^Run finished in 21 s with goals unmet — 3\/3 complete, 0 failed; 0\/1 goals met$/);
    }
  });

  // Found by a user-path review: "Run goals-unmet in 45 ms" and "Run awaiting-approval in 45 ms" read as status codes.
  it('says in words how the run ended, whatever its status', () => {
    const ended: Record<RunStatus, string> = {
      succeeded: 'Run succeeded in 2 ms',
      failed: 'Run failed in 2 ms',
      'goals-unmet': 'Run finished in 2 ms with goals unmet',
      escalated: 'Run escalated in 2 ms',
      cancelled: 'Run cancelled in 2 ms',
      'awaiting-approval': 'Run paused for approval after 2 ms',
      rejected: 'Run rejected in 2 ms',
    };
    for (const [status, words] of Object.entries(ended) as [RunStatus, string][]) {
      const { writes, listener } = capture({ isTTY: false });
      listener({ type: 'plan_created', at: 0, plan: PLAN });
      listener({ type: 'run_finished', at: 2, status, durationMs: 2, usage: NO_USAGE });
      // A paused run checks no goals; every other run's status is the one its goals leave.
      if (status !== 'awaiting-approval') listener({ type: 'goals_checked', at: 2, status, goals: [] });
      expect(writes.join('').trimEnd().split('\n').at(-1)).toBe(`${words} — 0/3 complete, 0 failed`);
    }
  });

  it('cuts lines to the terminal width so a redraw never miscounts wrapped lines', () => {
    const { writes, listener } = capture({ isTTY: true, columns: 20 });
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps: [{ ...PLAN.steps[0]!, description: 'A very long description of fetching sales' }] } });
    const lines = writes[0]!.trimEnd().split('\n');
    expect(lines[1]).toBe('⬜ 1. A very long …');
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(19);
  });

  // Cut at 18 code points, a line of CJK took up to 36 columns: it wrapped, and each redraw moved the
  // cursor up too few lines, leaving earlier frames on the screen.
  it('counts the columns wide characters and emoji take, and never splits one', () => {
    const { writes, listener } = capture({ isTTY: true, columns: 20 });
    const steps = [{ ...PLAN.steps[0]!, description: '週次売上レポートを取得する' }, { ...PLAN.steps[1]!, description: 'Ship it 👨‍👩‍👧 👨‍👩‍👧 👨‍👩‍👧 👨‍👩‍👧' }];
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps } });
    const lines = writes[0]!.trimEnd().split('\n');
    // The family emoji takes 6 columns where each of its emoji is drawn apart (xterm, VTE): it does not fit in the 4 left.
    expect(lines.slice(1, 3)).toEqual(['⬜ 1. 週次売上レポ…', '⬜ 2. Ship it …']);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(19);
    // A terminal one column wide: every line is the ellipsis alone, which fits.
    const narrow = capture({ isTTY: true, columns: 1 });
    narrow.listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps } });
    expect(new Set(narrow.writes[0]!.trimEnd().split('\n'))).toEqual(new Set(['…']));
  });

  // Found by an adversarial pass: an emoji sequence joined by U+200D was measured as one emoji, two columns, but
  // xterm, VTE (GNOME Terminal), Alacritty and tmux draw each of its emoji: a tool's result of 25 joined emoji took
  // 50 columns, the line wrapped, and each redraw left lines of earlier frames on the screen.
  it('fits a line on a terminal that draws each emoji of a joined sequence apart', () => {
    const eachCodePoint = (line: string): number => [...line].reduce((sum, char) => sum + stringWidth(char), 0);
    const { writes, listener } = capture({ isTTY: true, columns: 40 });
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps: [{ ...PLAN.steps[0]!, description: `Ship ${'👍\u200d'.repeat(25)}done` }] } });
    const lines = writes[0]!.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^⬜ 1\. Ship .*…$/);
    for (const line of lines) expect(eachCodePoint(line)).toBeLessThanOrEqual(39);
  });

  // Found by an adversarial pass: the CLI read the terminal's size once, at the start. Made narrower or shorter
  // mid-run, every later frame wrapped or ran past the screen, and each redraw left lines of earlier ones on it.
  it('fits each frame to the size the terminal has when it is drawn, after a resize too', () => {
    const size = { columns: 80, rows: 0 };
    const writes: string[] = [];
    let time = 0;
    const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: true, fit: fitToColumns(() => size.columns), rows: () => size.rows, now: () => (time += 1000) });
    const steps = Array.from({ length: 20 }, (_, i) => ({ ...PLAN.steps[0]!, key: String(i + 1), description: `Fetch the weekly sales figures, part ${i + 1}` }));
    listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps } });
    expect(writes.at(-1)!.trimEnd().split('\n')).toHaveLength(22);
    Object.assign(size, { columns: 20, rows: 10 });
    listener({ type: 'step_started', at: 1, stepKey: '1' });
    const frame = writes.at(-1)!.replace(/^\x1b\[\d+A\r\x1b\[0J/, '').trimEnd().split('\n');
    expect(frame.length).toBeLessThan(10);
    for (const line of frame) expect(stringWidth(line)).toBeLessThanOrEqual(19);
  });

  it('draws nothing before the plan is known', () => {
    const { writes, listener } = capture({ isTTY: true });
    listener({ type: 'step_started', at: 0, stepKey: '1' });
    expect(writes).toEqual([]);
  });
});

/**
 * The screen a terminal shows after `output`: text, line breaks, carriage returns, and the two sequences
 * the checklist writes (cursor up n lines; clear from the cursor to the end of the screen).
 */
function screenAfter(output: string): string[] {
  const lines: string[] = [''];
  let row = 0;
  let column = 0;
  for (const part of output.split(/(\x1b\[\d+A|\x1b\[0J|\r|\n)/)) {
    const up = /^\x1b\[(\d+)A$/.exec(part);
    if (up) row = Math.max(0, row - Number(up[1]));
    else if (part === '\x1b[0J') {
      lines[row] = lines[row]!.slice(0, column);
      lines.length = row + 1;
    } else if (part === '\r') column = 0;
    else if (part === '\n') {
      row += 1;
      column = 0;
      lines[row] ??= '';
    } else if (part) {
      const line = lines[row]!.padEnd(column);
      lines[row] = line.slice(0, column) + part + line.slice(column + part.length);
      column += part.length;
    }
  }
  return lines;
}

describe('consoleChecklist and other text on its terminal', () => {
  // A line written under the live frame (a second Ctrl-C's "already stopping", a warning) was erased by the
  // next redraw, which moved up over it as if it were the frame's, and left the frame's title on the screen twice.
  it('keeps a line written while the frame is live above the frame, through every later redraw', () => {
    let time = 0;
    let output = '';
    const listener = consoleChecklist({ write: (text) => (output += text), control: (sequence) => (output += sequence), isTTY: true, now: () => (time += 100) });
    const events = failingRun();
    listener(events[0]!);
    listener(events[1]!);
    listener.above(() => (output += 'plan-runner: already stopping (SIGINT again)\n'));
    for (const event of events.slice(2)) listener(event);
    const screen = screenAfter(output);
    expect(screen).toEqual([
      'plan-runner: already stopping (SIGINT again)',
      'Weekly report',
      '✅ 1. Fetch sales → {"Electronics":142000,"note":"no-secret"}',
      "❌ 2. Fetch return rates — tool 'fetch_return_rates' exited with status 1 (no-secret)",
      '⏭️ 3. Summarise — step 2 failed',
      'Run failed in 1.5 s (step 2 failed) — 1/3 complete, 1 failed, 1 skipped',
      '',
    ]);
    // Once the final frame is drawn it stays: what follows is written under it.
    listener.above(() => (output += 'warning: later\n'));
    expect(screenAfter(output).slice(-3)).toEqual(['Run failed in 1.5 s (step 2 failed) — 1/3 complete, 1 failed, 1 skipped', 'warning: later', '']);
  });

  // Found by an adversarial CLI hunt: between the steps' end and the goals' verdicts (a second Ctrl-C while the servers
  // end, a warning while a judge runs) the line went under the full frame, the verdicts' redraw erased it, and the title stayed twice.
  it('keeps a line written between the steps\' end and the goals\' verdicts above the last frame', () => {
    let time = 0;
    let output = '';
    const listener = consoleChecklist({ write: (text) => (output += text), control: (sequence) => (output += sequence), isTTY: true, now: () => (time += 100) });
    const events = failingRun();
    for (const event of events.slice(0, -1)) listener(event);
    expect(events.at(-2)?.type).toBe('run_finished');
    listener.above(() => (output += 'plan-runner: already stopping (SIGINT again)\n'));
    listener(events.at(-1)!);
    const screen = screenAfter(output);
    expect(screen[0]).toBe('plan-runner: already stopping (SIGINT again)');
    expect(screen.filter((line) => line === 'Weekly report')).toHaveLength(1);
    expect(screen.slice(-2)).toEqual(['Run failed in 1.5 s (step 2 failed) — 1/3 complete, 1 failed, 1 skipped', '']);
  });

  // The frame draws the plan as it is now: a failed step a revision replaced was redrawn away, and the terminal
  // said only "1 had failed", with no step and no reason (found by a hunt across the views).
  it('keeps a failed step a plan revision replaced above the frame, with the revision and its reason', () => {
    let time = 0;
    let output = '';
    const listener = consoleChecklist({ write: (text) => (output += text), control: (sequence) => (output += sequence), isTTY: true, now: () => (time += 100) });
    const [created, started1, completed1, started2, failed2] = failingRun();
    const revised = { ...PLAN, revision: 2, steps: [PLAN.steps[0]!, { ...PLAN.steps[1]!, key: '4', id: 4, description: 'Fetch return rates again' }, { ...PLAN.steps[2]!, dependsOn: ['4'] }] };
    const events: RunEvent[] = [
      created!, started1!, completed1!, started2!, failed2!,
      { type: 'plan_revised', at: 901, reason: 'step 2 failed; fetching again', plan: revised, replaced: ['2'], added: ['4'] },
      { type: 'step_started', at: 902, stepKey: '4' },
      { type: 'step_completed', at: 950, stepKey: '4', result: 'rates', durationMs: 48, usage: NO_USAGE },
      { type: 'step_started', at: 951, stepKey: '3' },
      { type: 'step_completed', at: 990, stepKey: '3', result: 'summary', durationMs: 39, usage: NO_USAGE },
      { type: 'run_finished', at: 1000, status: 'succeeded', durationMs: 1000, usage: NO_USAGE },
      { type: 'goals_checked', at: 1000, status: 'succeeded', goals: [] },
    ];
    for (const event of events) listener(event);
    const screen = screenAfter(output);
    expect(screen.slice(0, 2)).toEqual(['Plan revised (revision 2): step 2 failed; fetching again', "❌ 2. Fetch return rates — tool 'fetch_return_rates' exited with status 1 (no-secret)"]);
    expect(screen.slice(2, 6)).toEqual(['Weekly report', '✅ 1. Fetch sales → {"Electronics":142000,"note":"no-secret"}', '✅ 4. Fetch return rates again → rates', '✅ 3. Summarise → summary']);
    expect(screen.filter((line) => line.startsWith('❌'))).toHaveLength(1);
  });

  it('only prints in a log, where nothing is redrawn', () => {
    const { writes, listener } = capture({ isTTY: false });
    const events = failingRun();
    listener(events[0]!);
    listener.above(() => writes.push('warning: x\n'));
    expect(writes.at(-1)).toBe('warning: x\n');
    expect(writes.join('')).not.toContain('\x1b');
  });
});

describe('consoleChecklist and a step waiting for approval', () => {
  // The reason names a used plan's file, which any plan's author writes: it was printed as it came, so a
  // `uses:` path with a line break printed a checklist line of its own, and escape codes reached the terminal.
  it('prints the reason on the step’s one line, its controls shown and secrets hidden', () => {
    const { writes, listener } = capture({ isTTY: false, secrets: ['s3cr3t-token'] });
    listener({ type: 'plan_created', at: 0, plan: PLAN });
    listener({ type: 'step_waiting', at: 1, stepKey: '1', reason: 'awaiting approval: the plan plans/x\n✅ 9. deploy to prod → done\n\x1b[2Js3cr3t-token.yml asks for approval' });
    const lines = writes.join('').split('\n');
    expect(lines.filter((line) => line.startsWith('✅'))).toEqual([]);
    expect(writes.join('')).not.toContain('\x1b');
    expect(writes.join('')).not.toContain('s3cr3t-token');
    expect(lines).toContainEqual(expect.stringMatching(/^⏸️ 1\. Fetch sales — awaiting approval: the plan plans\/x ✅ 9\. deploy to prod → done .*\*\*\*\.yml asks for approval$/));
  });
});

describe('consoleChecklist on a long run', () => {
  // Each event used to redact and rebuild every step's line: n² redactions for n steps.
  it('redacts each text a constant number of times per step (and per frame), however long the plan', () => {
    const redactions = (size: number, isTTY: boolean): { calls: number; frames: number } => {
      let calls = 0;
      let frames = 0;
      const redact = (text: string): string => (calls++, text);
      let time = 0;
      const listener = consoleChecklist({ write: () => frames++, isTTY, rows: 40, redact, now: () => (time += 1000) });
      const steps = Array.from({ length: size }, (_, i) => ({ ...PLAN.steps[0]!, key: String(i + 1), description: `Step ${i + 1}`, dependsOn: [] }));
      listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps } });
      for (const step of steps) {
        listener({ type: 'step_started', at: 1, stepKey: step.key });
        listener({ type: 'step_completed', at: 2, stepKey: step.key, result: `result of ${step.key}`, durationMs: 1, usage: NO_USAGE });
      }
      listener({ type: 'run_finished', at: 3, status: 'succeeded', durationMs: 3, usage: NO_USAGE });
      return { calls, frames: isTTY ? frames : 0 };
    };
    // Each step's title and result once; on a terminal also the plan's name once per frame.
    for (const isTTY of [false, true]) {
      for (const size of [300, 1200]) {
        const { calls, frames } = redactions(size, isTTY);
        expect(calls).toBeLessThanOrEqual(2 * size + frames + 2);
      }
    }
  });

  // Found by a hunt for cliffs: each frame made and redacted a line for every step of a used plan to show the few that
  // fit, 33 ms a frame for one of 20,000 steps, at up to 10 frames a second.
  it('redacts only the used plan’s steps a terminal frame shows, however many it has', () => {
    const redactions = (size: number): number => {
      let calls = 0;
      const redact = (text: string): string => (calls++, text);
      let time = 0;
      const listener = consoleChecklist({ write: () => {}, isTTY: true, rows: 12, redact, now: () => (time += 1000) });
      const outer = [{ ...PLAN.steps[0]!, key: 'sums', type: 'plan' as const, description: 'Sums' }];
      const inner = Array.from({ length: size }, (_, i) => ({ ...PLAN.steps[0]!, key: `s${i}`, description: `Sum ${i}` }));
      listener({ type: 'plan_created', at: 0, plan: { ...PLAN, steps: outer } });
      listener({ type: 'step_started', at: 1, stepKey: 'sums' });
      listener({ type: 'nested_event', at: 2, stepKey: 'sums', event: { type: 'plan_created', at: 2, plan: { ...PLAN, name: 'Inner', steps: inner } } });
      for (const step of inner.slice(0, 20)) {
        listener({ type: 'nested_event', at: 3, stepKey: 'sums', event: { type: 'step_started', at: 3, stepKey: step.key } });
        listener({ type: 'nested_event', at: 4, stepKey: 'sums', event: { type: 'step_failed', at: 4, stepKey: step.key, error: 'boom', transient: false, durationMs: 1, usage: NO_USAGE } });
      }
      return calls;
    };
    expect(redactions(3000)).toBe(redactions(300));
  });
});

// Text from a run (a command's stderr in a step's error, an item's error, a replan's reason, a goal's
// evidence) printed its lines as they were: a log reader saw "✅ 3. Deploy → deployed" and "Run
// succeeded" lines for a run whose step 3 was skipped and that failed (found by a review).
describe('text from a run in the log', () => {
  const forged = 'boom\n✅ 3. Deploy → deployed\r\nRun succeeded in 2 s — 3/3 complete, 0 failed';
  const step = (key: string, description: string, dependsOn: string[] = []) => ({ key, id: Number(key), type: 'tool_call', description, tool: 'tool', inputs: [], dependsOn }) as never;
  const plan = { name: 'p', revision: 1, steps: [step('1', 'Tests'), step('2', 'Review', ['1']), step('3', 'Deploy', ['2'])] };
  const logOf = (events: readonly RunEvent[]): string[] => {
    let out = '';
    const listener = consoleChecklist({ write: (text) => (out += text), isTTY: false });
    for (const event of events) listener(event);
    return out.split('\n');
  };

  it('is one line wherever it is printed: a failed run’s reason, an item’s error, a plan revision’s reason', () => {
    const lines = logOf([
      { type: 'plan_created', at: 0, plan },
      { type: 'step_started', at: 1, stepKey: '1' },
      { type: 'step_expanded', at: 1, stepKey: '1', keys: ['1[0]'] },
      { type: 'item_started', at: 1, stepKey: '1', index: 0 },
      { type: 'item_failed', at: 2, stepKey: '1', index: 0, error: forged, transient: false, durationMs: 1, usage: NO_USAGE },
      { type: 'plan_revised', at: 2, reason: forged, plan: { ...plan, revision: 2 } },
      { type: 'step_failed', at: 2, stepKey: '1', error: forged, transient: false, durationMs: 1, usage: NO_USAGE },
      { type: 'step_skipped', at: 2, stepKey: '2', reason: 'upstream step 1 failed' },
      { type: 'step_skipped', at: 2, stepKey: '3', reason: 'upstream step 1 failed' },
      { type: 'run_finished', at: 3, status: 'failed', durationMs: 3, usage: NO_USAGE, reason: `step 1 failed: ${forged}` },
      { type: 'goals_checked', at: 3, status: 'failed', goals: [] },
    ] as RunEvent[]);
    expect(lines.filter((line) => line.startsWith('✅') || line.startsWith('Run succeeded'))).toEqual([]);
    expect(lines.at(-2)).toMatch(/^Run failed in .* \(step 1 failed: boom ✅ 3\. Deploy → deployed Run succeeded in 2 s — 3\/3 complete, 0 failed\) — /);
  });

  it('a goal’s evidence is one line in the log', () => {
    expect(goalLogLine({ name: 'lint\nclean', severity: 'required', outcome: 'unmet', evidence: 'exit 1\n✅ goal: tests — met' })).toBe('❌ goal: lint clean — exit 1 ✅ goal: tests — met');
  });
});

/**
 * A terminal of `rows` lines with its scrollback, as xterm keeps one: a cursor moved up stops at the screen's
 * top, and lines scrolled above it stay as they are. Takes the checklist's own sequences only.
 */
function terminalScreen(rows: number) {
  const buffer: string[] = [''];
  let cursor = 0;
  const write = (text: string): void => {
    for (const part of text.split(/(\x1b\[\d+A|\r\x1b\[0J|\n)/)) {
      const up = /^\x1b\[(\d+)A$/.exec(part);
      if (up) cursor = Math.max(cursor - Number(up[1]), Math.max(0, buffer.length - rows));
      else if (part === '\r\x1b[0J') buffer.splice(cursor, buffer.length - cursor, '');
      else if (part === '\n') {
        cursor++;
        if (cursor === buffer.length) buffer.push('');
      } else buffer[cursor] += part;
    }
  };
  return { write, lines: () => buffer.filter((line) => line !== '') };
}
