import { describe, expect, it } from 'vitest';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { PLAN, SEED_FLOW } from './agent-fixtures.ts';

const asIs = (text: string): string => text;

async function seedEvents(): Promise<RunEvent[]> {
  const job = await runOfflineJob({ plan: PLAN, script: SEED_FLOW });
  return job.events;
}

describe('the nested TODO list in the PR comment (the seed’s flow)', () => {
  it('shows the first list once and updates it in place: same lines, new icons', async () => {
    const events = await seedEvents();
    const record = newRunRecord();
    const bodies: { type: string; body: string }[] = [];
    for (const event of events) {
      applyEvent(record, event);
      if (event.type.startsWith('todos_')) bodies.push({ type: event.type, body: renderComment(record, { marker: commentMarker('plan.yml'), redact: asIs }) });
    }
    expect(bodies.map((entry) => entry.type)).toEqual(['todos_created', 'todos_updated', 'todos_updated']);
    const lines = bodies.map((entry) => entry.body.split('\n'));
    expect(lines[0]).toContain('  - ⏳ Add 2 and 3');
    expect(lines[0]).toContain('  - ⬜ Multiply the sum by 4');
    // No new lines in the comment for an update: the same number of lines, each item once.
    expect(new Set(lines.map((body) => body.length)).size).toBe(1);
    for (const body of bodies) expect(body.body.match(/Add 2 and 3/g)).toHaveLength(1);
    expect(lines[1]).toContain('  - ✅ Add 2 and 3');
    expect(lines[1]).toContain('  - ⏳ Multiply the sum by 4');
    expect(lines[2]!.filter((line) => line.startsWith('  - '))).toEqual(['  - ✅ Add 2 and 3', '  - ✅ Multiply the sum by 4', '  - ✅ Answer']);
  });
});

describe('the nested TODO list on the console', () => {
  it('redraws the list in place on a terminal: the cursor goes back over the frame, no line is added', async () => {
    const events = await seedEvents();
    const writes: { type: string; text: string }[] = [];
    let current = '';
    // Events a redraw interval apart, so each one draws its frame (faster ones are coalesced).
    let time = 0;
    const listener = consoleChecklist({ write: (text) => writes.push({ type: current, text }), isTTY: true, now: () => (time += 1000) });
    for (const event of events) {
      current = event.type;
      listener(event);
    }
    const created = writes.find((write) => write.type === 'todos_created')!;
    const updates = writes.filter((write) => write.type === 'todos_updated');
    expect(created.text).toContain('   ⏳ Add 2 and 3\n   ⬜ Multiply the sum by 4\n   ⬜ Answer\n');
    expect(updates).toHaveLength(2);
    const frameLines = (text: string) => text.replace(/^\x1b\[\d+A\r\x1b\[0J/, '').split('\n').length - 1;
    for (const update of updates) {
      // Cursor up over exactly the lines drawn before, then a frame of the same height.
      expect(update.text).toMatch(new RegExp(`^\\x1b\\[${frameLines(created.text)}A\\r\\x1b\\[0J`));
      expect(frameLines(update.text)).toBe(frameLines(created.text));
    }
    expect(updates[0]!.text).toContain('   ✅ Add 2 and 3\n   ⏳ Multiply the sum by 4\n');
    expect(updates[1]!.text).toContain('   ✅ Add 2 and 3\n   ✅ Multiply the sum by 4\n   ✅ Answer\n');
  });

  it('prints the list once in a log, then only the items that changed', async () => {
    const events = await seedEvents();
    const writes: string[] = [];
    const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: false });
    for (const event of events) listener(event);
    const log = writes.join('');
    expect(log).toContain('solve. TODO list:\n   ⏳ Add 2 and 3\n   ⬜ Multiply the sum by 4\n   ⬜ Answer\n');
    expect(log).toContain('solve. ✅ Add 2 and 3\nsolve. ⏳ Multiply the sum by 4\n');
    expect(log).toContain('solve. ✅ Multiply the sum by 4\nsolve. ✅ Answer\n');
    expect(log.match(/Add 2 and 3/g)).toHaveLength(2);
  });

  // Found by an adversarial pass: a log cannot redraw, and `⏳ Add 2 and 3`, printed when the agent started it,
  // stayed that entry's last word after the step stopped.
  it('prints, once the step has ended, the entries it left in progress as they read now', async () => {
    const events = await seedEvents();
    // The run as if stopped after the first update: the step fails with the list half done.
    const cut = events.findIndex((event) => event.type === 'todos_updated') + 1;
    const ended: RunEvent[] = [...events.slice(0, cut), { type: 'step_failed', at: 9, stepKey: 'solve', error: 'budget exceeded', transient: false, durationMs: 9, usage: NO_USAGE }];
    const writes: string[] = [];
    const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: false });
    for (const event of ended) listener(event);
    const log = writes.join('');
    expect(log).toMatch(/❌ solve\. .*budget exceeded\nsolve\. ⏹️ Multiply the sum by 4\n$/);
    // A step that completed its list adds nothing.
    const whole: string[] = [];
    const again = consoleChecklist({ write: (text) => whole.push(text), isTTY: false });
    for (const event of events) again(event);
    expect(whole.join('').match(/⏹️/g)).toBeNull();
  });
});

describe('the nested TODO list in the job summary', () => {
  it('lists the final todos under the step with its turns and tool calls', async () => {
    const job = await runOfflineJob({ plan: PLAN, script: SEED_FLOW });
    expect(job.summary).toContain('· turn 6/20 · 2 tool calls · todos 3/3 done');
    expect(job.summary).toContain('- ✅ Add 2 and 3\n- ✅ Multiply the sum by 4\n- ✅ Answer');
  });
});
