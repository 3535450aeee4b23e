import { describe, expect, it } from 'vitest';
import { writeAnnotations, type Annotate, type AnnotationProperties } from '../../src/report/annotations.ts';
import { noRedaction, plan, RunScript, step } from './summary-run-fixture.ts';

function collect(): { calls: { level: string; message: string; properties: AnnotationProperties }[]; annotate: Annotate } {
  const calls: { level: string; message: string; properties: AnnotationProperties }[] = [];
  return { calls, annotate: (level, message, properties) => calls.push({ level, message, properties }) };
}

describe('writeAnnotations', () => {
  it('pins plan file errors to their line and column', () => {
    const { calls, annotate } = collect();
    writeAnnotations({ planErrors: [{ file: '.github/plan.yml', line: 12, column: 5, message: 'unknown tool "serch"; did you mean "search"?' }], redact: noRedaction }, annotate);
    expect(calls).toEqual([
      { level: 'error', message: 'unknown tool "serch"; did you mean "search"?', properties: { title: 'Plan file error', file: '.github/plan.yml', startLine: 12, startColumn: 5 } },
    ]);
  });

  it('names each failed step and each unmet required goal, on the plan file', () => {
    const { calls, annotate } = collect();
    const record = new RunScript(plan([step('1', 'a'), step('fetch', 'b')])).complete('1', 'x').fail('fetch', 'HTTP 404 for https://example.test/x').record();
    writeAnnotations(
      {
        record,
        planFile: 'plan.yml',
        goals: [
          { name: 'cites sources', severity: 'required', outcome: 'unmet', evidence: 'sentence 2 has no citation' },
          { name: 'short', severity: 'warning', outcome: 'unmet', evidence: 'too long' },
          { name: 'ok', severity: 'required', outcome: 'met', evidence: '' },
        ],
        redact: noRedaction,
      },
      annotate,
    );
    expect(calls).toEqual([
      { level: 'error', message: 'Step fetch failed: HTTP 404 for https://example.test/x', properties: { title: 'Step fetch failed', file: 'plan.yml' } },
      { level: 'error', message: 'Goal not met: cites sources. sentence 2 has no citation', properties: { title: 'Goal not met: cites sources', file: 'plan.yml' } },
    ]);
  });

  it('writes at most 10 of a kind, summarising the rest in one', () => {
    const { calls, annotate } = collect();
    const planErrors = Array.from({ length: 14 }, (_, i) => ({ file: 'plan.yml', line: i + 1, message: `error ${i + 1}` }));
    writeAnnotations({ planErrors, redact: noRedaction }, annotate);
    expect(calls).toHaveLength(10);
    expect(calls.slice(0, 9).map((c) => c.message)).toEqual(planErrors.slice(0, 9).map((e) => e.message));
    expect(calls[9]).toMatchObject({ message: expect.stringMatching(/^5 more plan file errors .*error 10; error 11; error 12; error 13; error 14$/), properties: { file: 'plan.yml' } });
  });

  it('redacts messages', () => {
    const { calls, annotate } = collect();
    const record = new RunScript(plan([step('1', 'a')])).fail('1', 'bad token ghp_123').record();
    writeAnnotations({ record, redact: (t) => t.replace('ghp_123', '***') }, annotate);
    expect(calls[0]?.message).toBe('Step 1 failed: bad token ***');
  });
});
