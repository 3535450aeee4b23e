import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateGoals } from '../../src/goals/evaluate-goals.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { checkGoal, finishedRun, goal, NO_DEPS } from './goal-fixtures.ts';

describe('evaluateGoals', () => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer();
  });
  afterAll(() => server.close());

  it('judges one goal at a time (each call checked against the budget with what the last spent), and reports in declaration order', async () => {
    // Each judge call notes whether another was in flight: none may be.
    let inFlight = 0;
    let overlapped = false;
    server.script(async (request) => {
      inFlight++;
      if (inFlight > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      const first = String(request.body.messages[1]?.content).includes('Criterion: first');
      return textAnswer(first ? '{"met": true, "reason": "first reason"}' : '{"met": false, "reason": "second reason"}');
    });
    const model = createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'k', model: 'm', timeoutMs: 5_000, maxRetries: 0 });
    const goals = [goal({ name: 'first', judge: 'first' }), goal({ name: 'second', judge: 'second' }), goal({ name: 'third', contains: 'x' })];
    const results = await evaluateGoals(goals, finishedRun('x'), { ...NO_DEPS, model });
    expect(results.map((r) => [r.name, r.outcome, r.evidence])).toEqual([
      ['first', 'met', 'first reason'],
      ['second', 'unmet', 'second reason'],
      ['third', 'met', 'found "x" on line 1: x'],
    ]);
    expect(server.requests).toHaveLength(2);
    expect(overlapped).toBe(false);
  });

  it('checks an object result by the text of its values: a key or JSON syntax is not the result saying it', async () => {
    expect((await checkGoal({ contains: '1.2.0' }, finishedRun({ version: '1.2.0' }))).outcome).toBe('met');
    const syntax = await checkGoal({ contains: '"version": "1.2.0"' }, finishedRun({ version: '1.2.0' }));
    expect(syntax).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('only its JSON has it, in a key or in JSON syntax; text checks read the values, check structure with json_schema') });
  });

  it('checks the result of the step named in of:, by numeric id too', async () => {
    const run = finishedRun('final text', { '2': { state: 'completed', result: 'draft with tram' } });
    expect((await checkGoal({ of: 2, contains: 'tram' }, run)).outcome).toBe('met');
    expect((await checkGoal({ contains: 'tram' }, run)).outcome).toBe('unmet');
  });

  it('could not evaluate a goal whose step is not in the plan that ran', async () => {
    const result = await checkGoal({ of: 'notes', contains: 'x' }, finishedRun('x'));
    expect(result).toMatchObject({ outcome: 'error', evidence: 'could not evaluate: step notes is not in the plan that ran' });
  });

  it('keeps the severity: a warning stays a warning', async () => {
    const result = await checkGoal({ severity: 'warning', max_words: 1 }, finishedRun('two words'));
    expect(result).toEqual({ name: 'the goal', severity: 'warning', outcome: 'unmet', evidence: '2 words (at most 1 allowed)' });
  });

  it('fails closed for a goal that names no check', async () => {
    const result = await checkGoal({}, finishedRun('x'));
    expect(result.outcome).toBe('error');
    expect(result.evidence).toMatch(/^could not evaluate: the goal names no check/);
  });
});

describe('all_steps_completed', () => {
  it('is met when every step completed, even without a final result to read', async () => {
    const run = finishedRun(undefined, { '1': { state: 'completed' }, '2': { state: 'completed' } });
    expect(await checkGoal({ all_steps_completed: true }, run)).toMatchObject({ outcome: 'met', evidence: 'all 2 steps completed' });
    // One step reads as one ("all 1 steps completed", found by a review).
    expect(await checkGoal({ all_steps_completed: true }, finishedRun(undefined, { '1': { state: 'completed' } }))).toMatchObject({ evidence: 'the one step completed' });
    expect(await checkGoal({ all_steps_completed: true }, finishedRun(undefined, { '1': { state: 'failed' } }))).toMatchObject({ evidence: '1 of 1 step did not complete all its work: 1 (failed)' });
  });

  it('is unmet, listing the steps that did not complete and how they ended', async () => {
    const run = finishedRun('x', { '1': { state: 'completed' }, fetch: { state: 'failed' }, report: { state: 'skipped' } });
    expect(await checkGoal({ all_steps_completed: true }, run)).toMatchObject({
      outcome: 'unmet',
      evidence: '2 of 3 steps did not complete all their work: fetch (failed), report (skipped)',
    });
  });

  it('names the first 20 steps that did not complete and counts the rest, the same for every such goal', async () => {
    const steps = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`s${i}`, { state: i === 0 ? ('completed' as const) : ('skipped' as const) }]));
    const run = finishedRun(undefined, steps);
    const named = Array.from({ length: 20 }, (_, i) => `s${i + 1} (skipped)`).join(', ');
    const results = await evaluateGoals([goal({ name: 'a', all_steps_completed: true }), goal({ name: 'b', all_steps_completed: true })], run, NO_DEPS);
    expect(results.map((result) => result.evidence)).toEqual([`25 of 26 steps did not complete all their work: ${named}, and 5 more`, `25 of 26 steps did not complete all their work: ${named}, and 5 more`]);
  });

  it('could not be evaluated when no steps ran at all', async () => {
    expect(await checkGoal({ all_steps_completed: true }, finishedRun(undefined))).toMatchObject({
      outcome: 'error',
      evidence: 'could not evaluate: the run has no steps to check',
    });
  });
});

describe('the texts goals check', () => {
  it('are made once per checked value, for all the goals on it', async () => {
    let reads = 0;
    const result = { get summary() { reads++; return 'all figures rose'; } };
    const goals = Array.from({ length: 20 }, (_, i) => goal({ name: `g${i}`, contains: 'rose' }));
    const results = await evaluateGoals(goals, finishedRun(result), NO_DEPS);
    expect(results.every((r) => r.outcome === 'met')).toBe(true);
    const once = reads;
    await evaluateGoals(goals.slice(0, 1), finishedRun(result), NO_DEPS);
    expect(reads - once).toBe(once);
  });
});
