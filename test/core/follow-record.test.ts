import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, followRecord, newRunRecord, type RunRecord } from '../../src/core/run-record.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { createCommentUpdater } from '../../src/report/comment/comment-updater.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import { failingRun } from '../report/run-events.ts';

const events = failingRun();
const [created, started] = events as [RunEvent, RunEvent, ...RunEvent[]];

describe('followRecord', () => {
  it('reads the record sent with each event and never folds into it', () => {
    const follow = followRecord();
    const sent = applyEvent(newRunRecord(), created);
    const before = structuredClone(sent);
    expect(follow(created, sent)).toBe(sent);
    // The step_started event is not folded in by the view: the sender does that.
    expect(follow(started, sent)).toBe(sent);
    expect(sent).toEqual(before);
  });

  it('folds events that come without a record into one of its own, and keeps to it', () => {
    const follow = followRecord();
    const own = follow(created, undefined);
    expect(follow(started, undefined)).toBe(own);
    expect([...own.steps.values()].map((step) => step.state)).toEqual(['in_progress', 'pending', 'pending']);
    // A record sent later is not taken: the view's own holds every event it was given.
    expect(follow(events[2]!, newRunRecord())).toBe(own);
    expect(own.steps.get('1')?.state).toBe('completed');
  });

  it('refuses an event without the record it followed, or with another run\'s', () => {
    const sent = applyEvent(newRunRecord(), created);
    const follow = followRecord();
    follow(created, sent);
    expect(() => follow(started, undefined)).toThrow(/without the run's record after following one/);
    const other = followRecord();
    other(created, sent);
    expect(() => other(started, newRunRecord())).toThrow(/the record of another run/);
  });

  it('gives a view the same lines from the sent record as from folding the events itself', () => {
    const lines = (withRecord: boolean): string => {
      let text = '';
      const listener = consoleChecklist({ write: (chunk) => (text += chunk), isTTY: false });
      const record = newRunRecord();
      for (const event of events) {
        applyEvent(record, event);
        listener(event, withRecord ? record : undefined);
      }
      return text;
    };
    expect(lines(true)).toBe(lines(false));
    expect(lines(true)).toContain('❌ 2. Fetch return rates');
  });

  it('shows what the sent record holds: a view reads it rather than a copy', () => {
    let text = '';
    const listener = consoleChecklist({ write: (chunk) => (text += chunk), isTTY: false });
    const record = applyEvent(newRunRecord(), created);
    listener(created, record);
    // The sender's record says the step completed with this result; the view draws that line.
    applyEvent(record, { type: 'step_completed', at: 5, stepKey: '1', result: 'from the record', durationMs: 5, usage: NO_USAGE } as RunEvent);
    listener({ type: 'step_completed', at: 5, stepKey: '1', result: 'from the event', durationMs: 5, usage: NO_USAGE } as RunEvent, record);
    expect(text).toContain('✅ 1. Fetch sales → from the record');
  });

  it('has the PR comment drawn from the record sent with the events', async () => {
    const drawn: RunRecord[] = [];
    const updater = createCommentUpdater({
      api: { listOwn: async () => [], read: async () => undefined, create: async () => ({ id: 1 }), update: async () => {}, remove: async () => {} },
      marker: '<!-- m -->',
      render: (record) => (drawn.push(record), 'body'),
      warn: () => {},
      clock: new ManualClock(),
      minIntervalMs: 0,
    });
    const record = newRunRecord();
    for (const event of events) updater.listener(event, applyEvent(record, event));
    await updater.finish([]);
    expect(drawn.length).toBeGreaterThan(0);
    for (const each of drawn) expect(each).toBe(record);
  });
});
