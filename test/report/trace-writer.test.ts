import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';
import { TraceWriteError } from '../../src/report/trace-write-error.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { failingRun } from './run-events.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'trace-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readLines(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('traceWriter', () => {
  it('writes one JSON line per event, each with its ISO time, including those of a failed run', async () => {
    const file = path.join(dir, 'nested', 'run.jsonl');
    const trace = traceWriter(file, { now: () => new Date('2026-11-30T08:00:00.000Z') });
    const events = failingRun();
    events.forEach(trace.listener);
    await trace.close();
    const lines = await readLines(file);
    expect(lines.map((line) => line.type)).toEqual(events.map((event) => event.type));
    expect(lines[0]).toMatchObject({ ts: '2026-11-30T08:00:00.000Z', type: 'plan_created', plan: { name: 'Weekly report' } });
    expect(lines[2]).toEqual({ ts: '2026-11-30T08:00:00.000Z', ...events[2] });
    expect(lines.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', reason: 'step 2 failed' });
  });

  it('redacts planted secrets and token shapes everywhere in the trace', async () => {
    const file = path.join(dir, 'redacted.jsonl');
    const token = `ghp_${'a1'.repeat(18)}`;
    const trace = traceWriter(file, { redact: createRedactor(['planted-secret-42']) });
    failingRun('planted-secret-42').forEach(trace.listener);
    trace.listener({ type: 'step_completed', at: 2, stepKey: '1', result: { [`key ${token}`]: [`use ${token}`] }, durationMs: 1, usage: NO_USAGE });
    await trace.close();
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('planted-secret-42');
    expect(text).not.toContain(token);
    expect(text).toContain('"note":"***"');
    expect(text).toContain('{"key ***":["use ***"]}');
  });

  it('writes results JSON cannot hold as text instead of losing the event', async () => {
    const file = path.join(dir, 'odd.jsonl');
    const trace = traceWriter(file);
    const circular: Record<string, unknown> = { big: 10n };
    circular.self = circular;
    trace.listener({ type: 'step_completed', at: 1, stepKey: '1', result: circular, durationMs: 1, usage: NO_USAGE });
    await trace.close();
    const [line] = await readLines(file);
    expect(line).toMatchObject({ result: { big: '10', self: '[Circular]' } });
  });

  it('ignores events after close', async () => {
    const file = path.join(dir, 'closed.jsonl');
    const trace = traceWriter(file);
    trace.listener({ type: 'step_started', at: 0, stepKey: '1' });
    await trace.close();
    trace.listener({ type: 'step_started', at: 1, stepKey: '2' });
    expect(await readLines(file)).toHaveLength(1);
  });

  it('throws TraceWriteError naming the path when the file cannot be created', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, '');
    const file = path.join(blocker, 'trace.jsonl');
    expect(() => traceWriter(file)).toThrow(TraceWriteError);
    expect(() => traceWriter(file)).toThrow(`cannot write the trace file ${file}`);
  });

  it.skipIf(!existsSync('/dev/full'))('does not disturb the run when a write fails, but close() rejects', async () => {
    const trace = traceWriter('/dev/full');
    expect(() => trace.listener({ type: 'step_started', at: 0, stepKey: '1' })).not.toThrow();
    await expect(trace.close()).rejects.toThrow(TraceWriteError);
  });
});
