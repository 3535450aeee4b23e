import { describe, expect, it } from 'vitest';
import { writeAnnotations, type Annotate, type AnnotationProperties } from '../../src/report/annotations.ts';
import { applyEvent } from '../../src/core/run-record.ts';
import { noRedaction, plan, RunScript, step } from './summary-run-fixture.ts';

function collect(): { calls: { level: string; message: string; properties: AnnotationProperties }[]; annotate: Annotate } {
  const calls: { level: string; message: string; properties: AnnotationProperties }[] = [];
  return { calls, annotate: (level, message, properties) => calls.push({ level, message, properties }) };
}

describe('writeAnnotations', () => {
  it('pins plan file errors to their line and column', () => {
    const { calls, annotate } = collect();
    writeAnnotations({ planErrors: [{ file: '.github/plan.yml', line: 12, column: 5, message: 'unknown tool "serch"; did you mean "search"?' }], planFile: '.github/plan.yml', redact: noRedaction }, annotate);
    expect(calls).toEqual([
      { level: 'error', message: 'unknown tool "serch"; did you mean "search"?', properties: { title: 'Plan file error', file: '.github/plan.yml', startLine: 12, startColumn: 5 } },
    ]);
  });

  // Found by a new-user walkthrough: a `task` run's error was annotated on a file named `(task)`.
  it('names no file for a run with no plan file', () => {
    const { calls, annotate } = collect();
    writeAnnotations({ planErrors: [{ file: '(task)', message: 'no model is configured', setup: true }], redact: noRedaction }, annotate);
    expect(calls).toEqual([{ level: 'error', message: 'no model is configured', properties: { title: 'Cannot start the run' } }]);
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

  // Found by a user-path review: with fail-on-unmet-goals: false the job passed under a red "Goal not met".
  it('writes an unmet goal that does not fail the job as a warning, and one that could not be evaluated as an error', () => {
    const { calls, annotate } = collect();
    const goals = [
      { name: 'cites sources', severity: 'required' as const, outcome: 'unmet' as const, evidence: 'sentence 2 has no citation' },
      { name: 'judged', severity: 'required' as const, outcome: 'error' as const, evidence: 'the judge call failed' },
    ];
    writeAnnotations({ goals, planFile: 'plan.yml', failOnUnmetGoals: false, redact: noRedaction }, annotate);
    expect(calls).toEqual([
      { level: 'error', message: 'Goal could not be evaluated: judged. the judge call failed', properties: { title: 'Goal could not be evaluated: judged', file: 'plan.yml' } },
      { level: 'warning', message: 'Goal not met: cites sources. sentence 2 has no citation', properties: { title: 'Goal not met: cites sources', file: 'plan.yml' } },
    ]);
  });

  // A step that failed and was replaced by a plan revision was an error annotation on a job that passed.
  it('writes a failed step a plan revision replaced as a warning, not an error', () => {
    const { calls, annotate } = collect();
    const script = new RunScript(plan([step('1', 'a'), step('fetch', 'b')])).complete('1', 'x').fail('fetch', 'HTTP 404');
    script.events.push({ type: 'plan_revised', at: 9_000, plan: plan([step('1', 'a'), step('fetch2', 'c')], { revision: 2 }), replaced: ['fetch'], added: ['fetch2'], reason: 'use the mirror' });
    const record = script.complete('fetch2', 'y').finish('succeeded').record();
    writeAnnotations({ record, planFile: 'plan.yml', redact: noRedaction }, annotate);
    expect(calls).toEqual([
      { level: 'warning', message: 'Step fetch failed and a plan revision replaced it: HTTP 404', properties: { title: 'Step fetch failed, replaced', file: 'plan.yml' } },
    ]);
  });

  // A step that failed under `on_failure: continue` in a run that succeeded: a red "Step failed" over a green job.
  it('writes a failed step the run went on without as a warning when the run succeeded, and as an error when it did not', () => {
    const run = (status: 'succeeded' | 'failed') => {
      const { calls, annotate } = collect();
      const record = new RunScript(plan([step('1', 'a'), step('extra', 'b')])).complete('1', 'x').fail('extra', 'HTTP 404').finish(status).record();
      writeAnnotations({ record, planFile: 'plan.yml', redact: noRedaction }, annotate);
      return calls;
    };
    expect(run('succeeded')).toEqual([
      { level: 'warning', message: 'Step extra failed and the run went on without it: HTTP 404', properties: { title: 'Step extra failed, run went on', file: 'plan.yml' } },
    ]);
    expect(run('failed')).toEqual([{ level: 'error', message: 'Step extra failed: HTTP 404', properties: { title: 'Step extra failed', file: 'plan.yml' } }]);
  });

  // Found by an adversarial pass: with fail-on-unmet-goals: false a run whose steps succeeded past a step that
  // failed under `on_failure: continue`, and whose goals were unmet, passed its job (the check run neutral) under
  // a red "Step failed": the goals made its status goals-unmet, which was taken for a run that did not go on.
  it('writes a failed step the run went on without as a warning when the steps succeeded and the goals were unmet', () => {
    const { calls, annotate } = collect();
    const steps = new RunScript(plan([step('1', 'a'), step('extra', 'b')])).complete('1', 'x').fail('extra', 'HTTP 404').finish('succeeded').record();
    const goals = [{ name: 'seven', severity: 'required' as const, outcome: 'unmet' as const, evidence: 'got 6' }];
    const record = applyEvent(steps, { type: 'goals_checked', goals, status: 'goals-unmet', at: 100 });
    writeAnnotations({ record, goals, planFile: 'plan.yml', failOnUnmetGoals: false, redact: noRedaction }, annotate);
    expect(calls.map((call) => `${call.level}: ${call.properties.title}`)).toEqual(['warning: Goal not met: seven', 'warning: Step extra failed, run went on']);
  });

  // GitHub shows 10 error annotations per step in all, and the job's verdict (setFailed) is one of them,
  // written last: 10 of one kind, or 10 per kind, pushed the verdict out (found by a review).
  it('writes at most 9 in all, leaving the tenth for the verdict, and summarises the rest of a kind in one', () => {
    const { calls, annotate } = collect();
    const planErrors = Array.from({ length: 14 }, (_, i) => ({ file: 'plan.yml', line: i + 1, message: `error ${i + 1}` }));
    writeAnnotations({ planErrors, planFile: 'plan.yml', redact: noRedaction }, annotate);
    expect(calls).toHaveLength(9);
    expect(calls.slice(0, 8).map((c) => c.message)).toEqual(planErrors.slice(0, 8).map((e) => e.message));
    expect(calls[8]).toMatchObject({ message: expect.stringMatching(/^6 more plan file errors .*error 9; error 10; error 11; error 12; error 13; error 14$/), properties: { file: 'plan.yml' } });
  });

  // Found by a hunt of plan errors: the errors left out were a used plan's, and the summary of them named the plan using it.
  it('puts the summary of the plan file errors left out on the file they are in', () => {
    const { calls, annotate } = collect();
    const own = { file: 'plan.yml', line: 3, message: 'own error' };
    const used = Array.from({ length: 15 }, (_, i) => ({ file: 'plans/used.yml', line: i + 1, message: `used error ${i + 1}` }));
    writeAnnotations({ planErrors: [own, ...used], planFile: 'plan.yml', redact: noRedaction }, annotate);
    expect(calls[8]).toMatchObject({ message: expect.stringMatching(/^8 more plan file errors /), properties: { file: 'plans/used.yml' } });
    // Left out of two files: on the plan's own.
    const { calls: mixed, annotate: annotateMixed } = collect();
    writeAnnotations({ planErrors: [...used.slice(0, 8), own, used[8]!], planFile: 'plan.yml', redact: noRedaction }, annotateMixed);
    expect(mixed[8]).toMatchObject({ message: expect.stringMatching(/^2 more plan file errors /), properties: { file: 'plan.yml' } });
  });

  it('keeps a line for each kind within the 9', () => {
    const { calls, annotate } = collect();
    const record = new RunScript(plan([step('fetch', 'b')])).fail('fetch', 'HTTP 404').record();
    const goals = Array.from({ length: 12 }, (_, i) => ({ name: `goal ${i + 1}`, severity: 'required' as const, outcome: 'unmet' as const, evidence: 'no' }));
    writeAnnotations({ record, goals, planFile: 'plan.yml', redact: noRedaction }, annotate);
    expect(calls).toHaveLength(9);
    expect(calls[0]?.message).toBe('Step fetch failed: HTTP 404');
    expect(calls[8]?.message).toMatch(/^5 more unmet goals /);
  });

  it('redacts messages', () => {
    const { calls, annotate } = collect();
    const record = new RunScript(plan([step('1', 'a')])).fail('1', 'bad token ghp_123').record();
    writeAnnotations({ record, redact: (t) => t.replace('ghp_123', '***') }, annotate);
    expect(calls[0]?.message).toBe('Step 1 failed: bad token ***');
  });
});

// Found by an adversarial pass: 12 failed steps left the unmet goals, which decide the gate, one annotation, titled
// "5 more unmet goals" over none shown: a reader looked for the goals it was "more" than.
it('names the kind’s whole count, not “more”, when its one annotation sums up all of it', () => {
  const calls: { message: string; properties: AnnotationProperties }[] = [];
  let script = new RunScript(plan(Array.from({ length: 12 }, (_, i) => step(`s${i}`, 'x'))));
  for (let i = 0; i < 12; i++) script = script.fail(`s${i}`, 'HTTP 404');
  const goals = Array.from({ length: 5 }, (_, i) => ({ name: `goal ${i + 1}`, severity: 'required' as const, outcome: 'unmet' as const, evidence: 'no' }));
  writeAnnotations({ record: script.record(), goals, planFile: 'plan.yml', redact: noRedaction }, (_level, message, properties) => calls.push({ message, properties }));
  expect(calls).toHaveLength(9);
  expect(calls[7]).toMatchObject({ message: expect.stringMatching(/^5 more failed steps /), properties: { title: '5 more failed steps' } });
  expect(calls[8]).toMatchObject({ message: expect.stringMatching(/^5 unmet goals \(see the job summary\): Goal not met: goal 1\. no; /), properties: { title: '5 unmet goals', file: 'plan.yml' } });
});

// Found by an adversarial pass: the warning that sums up the rest made its plural by adding an `s` to the phrase.
it('sums up the failed steps a run went on without as “failed steps the run went on without”', () => {
  const calls: { message: string; properties: AnnotationProperties }[] = [];
  let script = new RunScript(plan(Array.from({ length: 10 }, (_, i) => step(`s${i}`, 'x'))));
  for (let i = 0; i < 10; i++) script = script.fail(`s${i}`, 'HTTP 404');
  writeAnnotations({ record: script.finish('succeeded').record(), planFile: 'plan.yml', redact: noRedaction }, (_level, message, properties) => calls.push({ message, properties }));
  // 7 of GitHub's 10: one left for the runner's own warning, two for those written after these.
  expect(calls).toHaveLength(7);
  expect(calls[6]).toMatchObject({ message: expect.stringMatching(/^4 more failed steps the run went on without \(see the job summary\): /), properties: { title: '4 more failed steps the run went on without' } });
});

// GitHub shows 10 warnings per step: the caps of 3 failed steps the run went on without, 3 replaced and 5 report-only
// unmet goals came to 11 before the run's own warnings, so the goals' summing-up line could be the one dropped.
// Found by a caps hunt: 8 in all assumed the run wrote 2 before them; it counts those it wrote, and keeps one for the runner's.
// Found by a review: and two for those written after them (a check run not completed), as the 8 kept before.
it('writes the warnings left of 10 after those written, the runner’s and two later ones, unmet goals first, each kind keeping a line and its rest summed up', () => {
  const calls: { level: string; title: string | undefined }[] = [];
  let script = new RunScript(plan(Array.from({ length: 4 }, (_, i) => step(`s${i}`, 'x'))));
  for (let i = 0; i < 4; i++) script = script.fail(`s${i}`, 'HTTP 404');
  const steps = script.finish('succeeded').record();
  const goals = Array.from({ length: 9 }, (_, i) => ({ name: `goal ${i + 1}`, severity: 'required' as const, outcome: 'unmet' as const, evidence: 'no' }));
  const record = applyEvent(steps, { type: 'goals_checked', goals, status: 'goals-unmet', at: 100 });
  const titles = (warnings: number): (string | undefined)[] => {
    calls.length = 0;
    writeAnnotations({ record, goals, planFile: 'plan.yml', failOnUnmetGoals: false, written: { warnings, errors: 0 }, redact: noRedaction }, (level, _message, properties) => calls.push({ level, title: properties.title }));
    expect(calls.every((call) => call.level === 'warning')).toBe(true);
    return calls.map((call) => call.title);
  };
  expect(titles(0)).toEqual([...Array.from({ length: 5 }, (_, i) => `Goal not met: goal ${i + 1}`), '4 more unmet goals', '4 failed steps the run went on without']);
  expect(titles(4)).toEqual(['Goal not met: goal 1', '8 more unmet goals', '4 failed steps the run went on without']);
  // One left for two kinds: one line sums up both, the failed steps first (found by a review: a line each went past the 10).
  expect(titles(6)).toEqual(['4 failed steps the run went on without, 9 unmet goals']);
  expect(titles(12)).toEqual(['4 failed steps the run went on without, 9 unmet goals']);
});

// Found by a review: each kind there was kept a line however few the slots, so three kinds took three of two.
it('keeps a line for the failed steps and sums up the other kinds together when the slots are fewer than the kinds', () => {
  const { calls, annotate } = collect();
  const record = new RunScript(plan([step('fetch', 'b')])).fail('fetch', 'HTTP 404').record();
  const planErrors = [1, 2].map((line) => ({ file: 'plan.yml', line, message: `error ${line}` }));
  const goals = [{ name: 'cites sources', severity: 'required' as const, outcome: 'unmet' as const, evidence: 'no citation' }];
  writeAnnotations({ planErrors, record, goals, planFile: 'plan.yml', written: { warnings: 0, errors: 7 }, redact: noRedaction }, annotate);
  expect(calls).toEqual([
    { level: 'error', message: 'Step fetch failed: HTTP 404', properties: { title: 'Step fetch failed', file: 'plan.yml' } },
    {
      level: 'error',
      message: '2 plan file errors, 1 unmet goal (see the job summary): error 1; error 2; Goal not met: cites sources. no citation',
      properties: { title: '2 plan file errors, 1 unmet goal', file: 'plan.yml' },
    },
  ]);
});

it('writes the errors left of 10 after those written, keeping the tenth for the verdict', () => {
  const { calls, annotate } = collect();
  const planErrors = Array.from({ length: 14 }, (_, i) => ({ file: 'plan.yml', line: i + 1, message: `error ${i + 1}` }));
  writeAnnotations({ planErrors, planFile: 'plan.yml', written: { warnings: 0, errors: 4 }, redact: noRedaction }, annotate);
  expect(calls.map((call) => call.message.split(' (')[0])).toEqual(['error 1', 'error 2', 'error 3', 'error 4', '10 more plan file errors']);
});

// Found by an adversarial pass: the annotation summing up the rest joins their messages' starts with `; `, one line,
// but a message's line breaks came with its start: the runner logged the next step's "Step s9 failed" as a line of the
// step before's error, under the rule that marks run text, and that error's second line as one of the list.
it('sums up the rest on one line, whatever line breaks their messages hold', () => {
  const calls: { message: string }[] = [];
  let script = new RunScript(plan(Array.from({ length: 12 }, (_, i) => step(`s${i}`, 'x'))));
  for (let i = 0; i < 12; i++) script = script.fail(`s${i}`, 'exit 1\r\nStep deploy succeeded\u2028done');
  writeAnnotations({ record: script.record(), planFile: 'plan.yml', redact: noRedaction }, (_level, message) => calls.push({ message }));
  expect(calls).toHaveLength(9);
  expect(calls[8]!.message).toMatch(/^4 more failed steps \(see the job summary\): Step s8 failed: exit 1 Step deploy succeeded done; Step s9 failed: /);
  expect(calls[8]!.message).not.toMatch(/[\r\n\u2028\u2029]/);
});
