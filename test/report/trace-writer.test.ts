import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedactor, redactDeep } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { TraceWriteError } from '../../src/report/trace-write-error.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { traceEvents } from '../../src/run/read-resume-trace.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { failingRun, PLAN } from './run-events.ts';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { planOf } from '../run/run-fixture.ts';

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
    for (const event of events) trace.listener(event);
    await trace.close();
    const lines = await readLines(file);
    expect(lines.map((line) => line.type)).toEqual(events.map((event) => event.type));
    expect(lines[0]).toMatchObject({ ts: '2026-11-30T08:00:00.000Z', type: 'plan_created', plan: { name: 'Weekly report' } });
    expect(lines[2]).toEqual({ ts: '2026-11-30T08:00:00.000Z', ...events[2] });
    expect(lines.at(-2)).toMatchObject({ type: 'run_finished', status: 'failed', reason: 'step 2 failed' });
  });

  it('redacts planted secrets and token shapes everywhere in the trace', async () => {
    const file = path.join(dir, 'redacted.jsonl');
    const token = `ghp_${'a1'.repeat(18)}`;
    const trace = traceWriter(file, { redact: createRedactor(['planted-secret-42']) });
    for (const event of failingRun('planted-secret-42')) trace.listener(event);
    trace.listener({ type: 'step_completed', at: 2, stepKey: '1', result: { [`key ${token}`]: [`use ${token}`] }, durationMs: 1, usage: NO_USAGE });
    await trace.close();
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('planted-secret-42');
    expect(text).not.toContain(token);
    expect(text).toContain('"note":"***"');
    expect(text).toContain('{"key ***":["use ***"]}');
  });

  // The far shapes (a JWT, a private key) are found by their literal starts: the screen that lets a line be written
  // from its plain JSON must look for those starts too, or the line is written with the key in it.
  it('redacts a JWT and a private key block in a line written from its plain JSON', async () => {
    const file = path.join(dir, 'far.jsonl');
    const jwt = `eyJ${'hdr'.repeat(4)}.eyJ${'pay'.repeat(4)}.${'sig'.repeat(4)}`;
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nAAA=\n-----END RSA PRIVATE KEY-----';
    const trace = traceWriter(file, { redact: createRedactor(['s3cret-value']) });
    trace.listener({ type: 'step_failed', at: 1, stepKey: '1', error: `token ${jwt}`, transient: false, durationMs: 1, usage: NO_USAGE });
    trace.listener({ type: 'step_completed', at: 2, stepKey: '2', result: `key ${pem}`, durationMs: 1, usage: NO_USAGE });
    await trace.close();
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('sigsig');
    expect(text).not.toContain('MIIEow');
    expect(await readLines(file)).toMatchObject([{ error: 'token ***' }, { result: 'key ***' }]);
  });

  // A password with a backslash and no run of 8 letters and digits, wrapped right after its backslash: its JSON
  // text holds `\\\n` there, and the screen took the whole run of backslashes for the break's. The line was written
  // from its plain JSON, both halves in it (found by an adversarial pass).
  it('redacts a known value wrapped right after a backslash in it, raw or as JSON escapes the break', async () => {
    const file = path.join(dir, 'wrapped-backslash.jsonl');
    const trace = traceWriter(file, { redact: createRedactor(['Tr0ub4\\dor&3x']) });
    const results = ['Tr0ub4\\\ndor&3x', 'Tr0ub4\\\r\n  dor&3x', 'Tr0ub4\\\\\\n\\tdor&3x'];
    for (const [at, result] of results.entries()) trace.listener({ type: 'step_completed', at, stepKey: String(at), result, durationMs: 1, usage: NO_USAGE });
    await trace.close();
    const lines = await readLines(file);
    expect(lines.map((line) => line.result)).toEqual(['***\n***', '***\r\n  ***', '***\\n\\t***']);
  });

  // A secret of digits came back from a tool's JSON as a number, which every walk over strings passed
  // by: the trace kept `{"pin":98765432}` (found by an adversarial pass).
  it('hides a secret that is a number, and marks the result masked; leaves other numbers as numbers', async () => {
    const file = path.join(dir, 'numbers.jsonl');
    const trace = traceWriter(file, { redact: createRedactor(['98765432']) });
    trace.listener({ type: 'step_completed', at: 2, stepKey: '1', result: { pin: 98765432, big: 98765432n, count: 3, year: 2026, ratio: 0.5, id: 123456789 }, durationMs: 1, usage: NO_USAGE });
    await trace.close();
    const [line] = await readLines(file);
    expect(line).toMatchObject({ result: { pin: '***', big: '***', count: 3, year: 2026, ratio: 0.5, id: 123456789 }, masked: true });
  });

  // A first version hid the digits wherever they stood: a cost of 0.000123456 beside a PIN of 123456 was
  // written "0.000***", the step marked masked, and a resume refused the trace (found by a review).
  it('leaves the run’s own numbers as numbers, even one equal to a secret, so the trace reads back', async () => {
    const file = path.join(dir, 'own-numbers.jsonl');
    const trace = traceWriter(file, { redact: createRedactor(['123456']) });
    trace.listener({ type: 'plan_created', at: 0, format: 2, plan: { name: 'p', revision: 1, steps: [] } });
    const usage = { modelCalls: 1, promptTokens: 123456, completionTokens: 10, costUsd: 0.000123456 };
    trace.listener({ type: 'step_completed', at: 123456, stepKey: '1', result: 'done', durationMs: 123456, usage });
    trace.listener({ type: 'nested_event', at: 123456, stepKey: '2', event: { type: 'step_completed', at: 123456, stepKey: '1', result: 123456, durationMs: 5, usage, reused: { usage } } });
    await trace.close();
    const lines = await readLines(file);
    expect(lines[1]).toMatchObject({ at: 123456, durationMs: 123456, usage, result: 'done' });
    expect(lines[1]).not.toHaveProperty('masked');
    expect(lines[2]).toMatchObject({ at: 123456, event: { at: 123456, usage, reused: { usage }, result: '***', masked: true } });
    expect(traceEvents({ file, text: await readFile(file, 'utf8') })).toMatchObject({ ok: true });
  });

  it('writes results JSON cannot hold as text instead of losing the event', async () => {
    const file = path.join(dir, 'odd.jsonl');
    const trace = traceWriter(file);
    const circular: Record<string, unknown> = { big: 10n };
    circular.self = circular;
    trace.listener({ type: 'step_completed', at: 1, stepKey: '1', result: circular, durationMs: 1, usage: NO_USAGE });
    // An item's result, an agent's tool's and a carried one likewise: an item's was written as a gap, and a resume refused the trace.
    trace.listener({ type: 'item_completed', at: 2, stepKey: 'each', index: 0, result: { count: 2n }, durationMs: 1, usage: NO_USAGE });
    trace.listener({ type: 'agent_tool_called', at: 3, stepKey: 'agent', turn: 1, tool: 'count', args: {}, ok: true, result: [circular] });
    trace.listener({ type: 'result_carried', at: 4, stepKey: 'each', reuseKey: 'r', result: { count: 3n }, usage: NO_USAGE, item: { index: 1, key: 'each[1]' } });
    await trace.close();
    const [line, item, agent, carried] = await readLines(file);
    expect(line).toMatchObject({ result: { big: '10', self: '[Circular]' } });
    expect(item).toMatchObject({ type: 'item_completed', result: { count: '2' } });
    expect(agent).toMatchObject({ type: 'agent_tool_called', result: [{ big: '10', self: '[Circular]' }] });
    expect(carried).toMatchObject({ type: 'result_carried', result: { count: '3' } });
  });

  // c7ed58b wrote a step's result object from its plain JSON when the redactor found nothing in it, where an
  // Error is `{}`: the replacer writes its name and message (found by a review).
  it('writes an Error in a step’s result as its name and message', async () => {
    const file = path.join(dir, 'error-result.jsonl');
    // A run's redactor, whose screen lets text it finds nothing in be written as it is.
    const trace = traceWriter(file, { redact: createRedactor(['s3cret-value']) });
    trace.listener({ type: 'step_completed', at: 1, stepKey: '1', result: { err: new Error('boom') }, durationMs: 1, usage: NO_USAGE });
    await trace.close();
    const [line] = await readLines(file);
    expect(line).toMatchObject({ result: { err: { name: 'Error', message: 'boom' } } });
    expect(traceEvents({ file, text: await readFile(file, 'utf8') })).toMatchObject({ ok: true });
  });

  // A tool's or a model's text holding U+2028, U+2029 or NEL: JSON.stringify writes them as they are, and a reader that
  // ends lines there (Python's `read().splitlines()`) found two lines, neither of them JSON (found by a text hunt).
  it('writes a result holding U+2028, U+2029 or NEL on one line that every line reader keeps whole', async () => {
    const file = path.join(dir, 'line-separators.jsonl');
    const trace = traceWriter(file, { redact: createRedactor(['s3cret-value']) });
    const result = 'a\u2028::error::b\u2029c\u0085d';
    trace.listener({ type: 'step_completed', at: 1, stepKey: '1', result, durationMs: 1, usage: NO_USAGE });
    trace.listener({ type: 'step_completed', at: 2, stepKey: '2', result: { text: result, big: 1n }, durationMs: 1, usage: NO_USAGE });
    await trace.close();
    const text = await readFile(file, 'utf8');
    expect(text).not.toMatch(/[\u0085\u2028\u2029]/);
    const lines = text.trimEnd().split(/\r\n|[\n\r\v\f\u001c-\u001e\u0085\u2028\u2029]/);
    expect(lines.map((line) => JSON.parse(line) as RunEvent)).toMatchObject([{ result }, { result: { text: result, big: '1' } }]);
  });

  it('ignores events after close', async () => {
    const file = path.join(dir, 'closed.jsonl');
    const trace = traceWriter(file);
    trace.listener({ type: 'step_started', at: 0, stepKey: '1' });
    await trace.close();
    trace.listener({ type: 'step_started', at: 1, stepKey: '2' });
    expect(await readLines(file)).toHaveLength(1);
  });

  // A tool that cleans up (`rm -rf`, `git clean -fdx`) removed the trace's folder mid-run: the writer went on
  // into a file no path named, and the run ended with no trace and no word of it.
  it('puts the trace back whole where a step removed or moved its folder, and goes on writing there', async () => {
    const folder = path.join(dir, 'removed');
    const file = path.join(folder, 'trace.jsonl');
    const trace = traceWriter(file);
    const events = failingRun();
    trace.listener(events[0]!);
    trace.listener(events[1]!);
    trace.listener(events[2]!);
    await rm(folder, { recursive: true });
    for (const event of events.slice(3, 5)) trace.listener(event);
    trace.flush();
    expect((await readLines(file)).map((line) => line.type)).toEqual(events.slice(0, 5).map((event) => event.type));
    // Moved away after the last write, with nothing left to write: put back at close.
    for (const event of events.slice(5)) trace.listener(event);
    trace.flush();
    await rename(folder, `${folder}-moved`);
    await trace.close();
    expect(existsSync(path.join(`${folder}-moved`, 'trace.jsonl'))).toBe(true);
    expect((await readLines(file)).map((line) => line.type)).toEqual(events.map((event) => event.type));
  });

  // The folder a trace is opened in is checked once (a checkout's `.plan-runner -> /anywhere` is refused):
  // a step that replaced it with a link mid-run (a `git checkout` of a branch that holds one) had the
  // trace put back through the link, over a file of that name wherever it pointed.
  it('does not put the trace back through a link a step put in place of its folder', async () => {
    const work = path.join(dir, 'relinked');
    const folder = path.join(work, '.plan-runner');
    const file = path.join(folder, 'trace.jsonl');
    const elsewhere = path.join(work, 'elsewhere');
    await mkdir(elsewhere, { recursive: true });
    await writeFile(path.join(elsewhere, 'trace.jsonl'), 'not the trace\n');
    const trace = traceWriter(file);
    const events = failingRun();
    trace.listener(events[0]!);
    trace.flush();
    await rm(folder, { recursive: true });
    await symlink(elsewhere, folder);
    for (const event of events.slice(1)) trace.listener(event);
    trace.flush();
    expect(await readFile(path.join(elsewhere, 'trace.jsonl'), 'utf8')).toBe('not the trace\n');
    expect(trace.problem()).toMatch(/link/);
    await expect(trace.close()).rejects.toBeInstanceOf(TraceWriteError);
    expect(await readFile(path.join(elsewhere, 'trace.jsonl'), 'utf8')).toBe('not the trace\n');
  });

  it('throws TraceWriteError naming the path when the file cannot be created', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, '');
    const file = path.join(blocker, 'trace.jsonl');
    expect(() => traceWriter(file)).toThrow(TraceWriteError);
    expect(() => traceWriter(file)).toThrow(`cannot write the trace file ${file}`);
  });

  it('keeps every line written before the process exits without closing the trace', async () => {
    const file = path.join(dir, 'exit.jsonl');
    const writer = new URL('../../src/report/trace-writer.ts', import.meta.url).href;
    // A crash mid-run: 500 events, no close(), then process.exit — the buffered lines must reach the file.
    const script = [
      `const { traceWriter } = await import(${JSON.stringify(writer)});`,
      `const trace = traceWriter(${JSON.stringify(file)});`,
      "for (let i = 0; i < 500; i++) trace.listener({ type: 'step_started', at: i, stepKey: String(i) });",
      'process.exit(3);',
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.status).toBe(3);
    const lines = await readLines(file);
    expect(lines).toHaveLength(500);
    expect(lines.at(-1)).toMatchObject({ type: 'step_started', stepKey: '499' });
  });

  it('has a completed step and a side-effect call on disk before the run goes on: a SIGKILL loses neither', async () => {
    const file = path.join(dir, 'killed.jsonl');
    const writer = new URL('../../src/report/trace-writer.ts', import.meta.url).href;
    // SIGKILL runs no exit handler: only what was written before it survives.
    const script = [
      `const { traceWriter } = await import(${JSON.stringify(writer)});`,
      `const trace = traceWriter(${JSON.stringify(file)});`,
      "trace.listener({ type: 'step_started', at: 0, stepKey: '1' });",
      "trace.listener({ type: 'step_completed', at: 1, stepKey: '1', result: 12, usage: { promptTokens: 0, completionTokens: 0, modelCalls: 0 } });",
      "trace.listener({ type: 'step_started', at: 2, stepKey: '2' });",
      "trace.listener({ type: 'tool_called', at: 3, stepKey: '2', tool: 'send_email', args: {}, sideEffects: true, callKey: 'k' });",
      "process.kill(process.pid, 'SIGKILL');",
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.signal).toBe('SIGKILL');
    const lines = await readLines(file);
    expect(lines.map((line) => line.type)).toEqual(['step_started', 'step_completed', 'step_started', 'tool_called']);
  });

  it('writes the same redacted lines as redacting a copy of each event, for keys, nested values and errors', async () => {
    const file = path.join(dir, 'same.jsonl');
    const redact = createRedactor(['hunter2-secret']);
    const trace = traceWriter(file, { redact, now: () => new Date('2026-11-30T08:00:00.000Z') });
    const result = { 'hunter2-secret': ['a hunter2-secret b', { deep: 'Bearer abc.def', n: 1, no: null }], error: new Error('hunter2-secret leaked'), when: new Date(0) };
    const token = `ghp_${'b2'.repeat(18)}`;
    const events: RunEvent[] = [
      { type: 'step_completed', at: 3, stepKey: '1', result, durationMs: 1, usage: NO_USAGE },
      // Flat events are written from their plain JSON text unless a secret might be in it: a token
      // after an escaped line break, a Bearer with an escaped tab, a secret with a quote in it.
      { type: 'step_failed', at: 4, stepKey: '2', error: `exit 1\n${token}`, transient: false, durationMs: 1, usage: NO_USAGE },
      { type: 'step_retrying', at: 5, stepKey: '2', attempt: 1, maxAttempts: 2, waitMs: 10, error: 'Bearer\tabcdef.ghi' },
      { type: 'step_skipped', at: 6, stepKey: '3', reason: 'said "hunter2-secret" aloud' },
      { type: 'step_completed', at: 7, stepKey: '4', result: 'plain', durationMs: 1, usage: NO_USAGE },
      // Plans are written from their plain JSON too, unless the screen finds something in one: a clean plan,
      // one with a secret in a step's arguments and one in a key, and one with a token shape.
      { type: 'plan_created', at: 8, plan: PLAN },
      { type: 'plan_revised', at: 9, plan: { ...PLAN, revision: 2, steps: [{ ...PLAN.steps[0]!, args: { path: 'x/hunter2-secret', 'hunter2-secret': 1 } }] }, replaced: ['2'], added: [], reason: 'r' },
      { type: 'plan_revised', at: 10, plan: { ...PLAN, revision: 3, steps: [{ ...PLAN.steps[0]!, description: `call with ${token}` }] }, replaced: [], added: [], reason: 'basic' },
    ];
    for (const event of events) trace.listener(event);
    await trace.close();
    const lines = await readLines(file);
    // The completion whose result was masked says so (a resume must not judge goals on it); step 4's was not.
    const masked = (event: RunEvent) => (event.type === 'step_completed' && event.stepKey === '1' ? { masked: true } : {});
    expect(lines).toEqual(events.map((event) => JSON.parse(JSON.stringify(redactDeep({ ts: '2026-11-30T08:00:00.000Z', ...event, ...masked(event) }, redact)))));
    const text = JSON.stringify(lines);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain(token);
    expect(text).not.toContain('abcdef');
    expect(text).toContain('"description":"call with ***"');
  });

  it('writes a completed step worth keeping at once, a cheap one with the next batch, and a side-effect call before the tool runs', async () => {
    const file = path.join(dir, 'durable.jsonl');
    const trace = traceWriter(file);
    const onDisk = () => readFileSync(file, 'utf8').trimEnd().split('\n').filter(Boolean).map((line) => (JSON.parse(line) as RunEvent).type);
    const done = (stepKey: string, durationMs = 1, modelCalls = 0): RunEvent => ({ type: 'step_completed', at: 2, stepKey, result: 1, durationMs, usage: { ...NO_USAGE, modelCalls } });
    // A step that took under 10 ms with no model call is cheap to run again: it waits for the batch.
    trace.listener({ type: 'step_started', at: 0, stepKey: '0' });
    trace.listener(done('0'));
    trace.listener({ type: 'step_started', at: 0, stepKey: '1' });
    trace.listener({ type: 'tool_called', at: 0, stepKey: '1', tool: 'read', args: {}, sideEffects: false, callKey: 'r' });
    trace.listener({ type: 'tool_returned', at: 0, stepKey: '1', tool: 'read', callKey: 'r', outcome: 'succeeded' });
    expect(onDisk()).toEqual([]);
    // One that took 10 ms or more is on disk at once, with everything before it.
    trace.listener(done('1', 10));
    expect(onDisk()).toEqual(['step_started', 'step_completed', 'step_started', 'tool_called', 'tool_returned', 'step_completed']);
    trace.listener({ type: 'step_started', at: 3, stepKey: '2' });
    trace.listener(done('2', 0, 1));
    expect(onDisk()).toHaveLength(8);
    trace.listener({ type: 'step_started', at: 3, stepKey: '3' });
    trace.listener({ type: 'tool_called', at: 5, stepKey: '3', tool: 'post', args: { n: 1 }, sideEffects: true, callKey: 'p' });
    expect(onDisk()).toHaveLength(10);
    trace.listener({ type: 'tool_returned', at: 6, stepKey: '3', tool: 'post', callKey: 'p', outcome: 'succeeded' });
    expect(onDisk()).toHaveLength(11);
    // The step that made the side effect: its completion is written at once however quick it was.
    trace.listener(done('3'));
    expect(onDisk()).toHaveLength(12);
    trace.listener({ type: 'step_skipped', at: 8, stepKey: '4', reason: 'no' });
    expect(onDisk()).toHaveLength(12);
    // A model call's cost, at once: a killed run's summary counts it.
    trace.listener({ type: 'model_used', at: 8, usage: { ...NO_USAGE, modelCalls: 1 } });
    expect(onDisk()).toHaveLength(14);
    trace.listener({ type: 'run_finished', at: 9, status: 'succeeded', durationMs: 9, usage: NO_USAGE });
    expect(onDisk()).toHaveLength(15);
    await trace.close();
  });

  // A resume of a run killed before it reached its carried steps needs them: they are written in one, with
  // the first event after them, not one write each (a 1,000-item resume's start took 5 times as long).
  it('writes the results a resumed run carries together, with the event after them', async () => {
    const file = path.join(dir, 'carried.jsonl');
    const trace = traceWriter(file);
    const onDisk = () => readFileSync(file, 'utf8').trimEnd().split('\n').filter(Boolean).map((line) => (JSON.parse(line) as RunEvent).type);
    trace.listener({ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [] } });
    expect(onDisk()).toEqual(['plan_created']);
    for (let index = 0; index < 3; index++) trace.listener({ type: 'result_carried', at: 0, stepKey: 'each', reuseKey: 'r', result: index, usage: NO_USAGE, item: { index, key: `each[${index}]` } });
    expect(onDisk()).toEqual(['plan_created']);
    trace.listener({ type: 'step_started', at: 1, stepKey: 'a' });
    expect(onDisk()).toEqual(['plan_created', 'result_carried', 'result_carried', 'result_carried', 'step_started']);
    trace.listener({ type: 'step_started', at: 1, stepKey: 'b' });
    expect(onDisk()).toHaveLength(5);
    await trace.close();
  });

  it('in a real run of steps with side effects, each call finds its own call and every completion before it already in the trace file', async () => {
    const file = path.join(dir, 'run-durable.jsonl');
    const trace = traceWriter(file);
    const seen: Record<string, string[]> = {};
    const tool: Tool = {
      name: 'look',
      description: 'reads the trace as it stands when the call starts',
      inputSchema: { type: 'object' },
      sideEffects: true,
      async execute(args) {
        const lines = readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as RunEvent);
        seen[String(args.step)] = lines.flatMap((event) => (event.type === 'step_completed' ? [event.stepKey] : event.type === 'tool_called' && event.args.step === args.step ? ['own call'] : []));
        return String(args.step);
      },
    };
    const steps: PlanStep[] = ['a', 'b', 'c', 'd'].map((key, i) => ({ key, id: key, type: 'tool_call', description: key, tool: 'look', args: { step: key }, inputs: [], dependsOn: i ? [String.fromCharCode(96 + i)] : [] }));
    const outcome = await runPlan(planOf(steps), { runStep, tools: new Map([[tool.name, tool]]), clock: systemClock, cwd: dir, inputs: {}, listeners: [trace.listener] });
    await trace.close();
    expect(outcome.status).toBe('succeeded');
    expect(seen).toEqual({ a: ['own call'], b: ['a', 'own call'], c: ['a', 'b', 'own call'], d: ['a', 'b', 'c', 'own call'] });
  });

  it.skipIf(!existsSync('/dev/full'))('does not disturb the run when a write fails, but close() rejects', async () => {
    const trace = traceWriter('/dev/full');
    expect(() => trace.listener({ type: 'step_started', at: 0, stepKey: '1' })).not.toThrow();
    await expect(trace.close()).rejects.toThrow(TraceWriteError);
  });
});
