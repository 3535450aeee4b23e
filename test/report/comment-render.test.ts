import { describe, expect, it } from 'vitest';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { COMMENT_MAX_CHARS, renderComment } from '../../src/report/comment/render-comment.ts';
import { noRedaction, plan, RunScript, step } from '../report/summary-run-fixture.ts';

const marker = commentMarker('.github/plan.yml');
const runUrl = 'https://github.com/o/r/actions/runs/42';
const fiveSteps = plan(['Search', 'Fetch', 'Extract', 'Write', 'Publish'].map((d, i) => step(String(i + 1), d)));

describe('commentMarker', () => {
  it('is a hidden HTML comment naming the plan', () => {
    expect(marker).toBe('<!-- plan-runner: .github/plan.yml -->');
  });

  it('cannot be closed early by the plan id', () => {
    expect(commentMarker('a --> b <!-- c')).toBe('<!-- plan-runner: a-b-c -->');
  });
});

describe('renderComment', () => {
  it('opens with the marker and a progress header, then a checklist with first lines of results', () => {
    const record = new RunScript(fiveSteps).complete('1', '12 hits\nsecond line').complete('2', { status: 200 }).complete('3', 'ok').record();
    const body = renderComment(record, { marker, runUrl, redact: noRedaction });
    expect(body.startsWith(`${marker}\n### ⏳ plan-runner: weekly-report — 3/5 complete, 0 failed`)).toBe(true);
    expect(body).toContain('- ✅ 1. Search → 12 hits\n- ✅ 2. Fetch → {"status":200}\n- ✅ 3. Extract → ok\n- ⬜ 4. Write\n- ⬜ 5. Publish');
    expect(body).not.toContain('second line');
    expect(body).toContain(`[View the run](${runUrl})`);
    expect(body).not.toContain('Finished');
  });

  it('shows the final status and the goals table when the run has ended', () => {
    const record = new RunScript(fiveSteps).complete('1', 'a').fail('2', 'HTTP 404').skip('3', 'step 2 failed').skip('4', 'x').skip('5', 'x').finish('failed', undefined, 'step 2 failed').record();
    const body = renderComment(record, {
      marker,
      runUrl,
      redact: noRedaction,
      goals: [{ name: 'cites sources', severity: 'required', outcome: 'error', evidence: 'the run failed before producing its result' }],
    });
    expect(body).toContain('### ❌ plan-runner: weekly-report — 1/5 complete, 1 failed, 3 skipped');
    expect(body).toContain('- ❌ 2. Fetch — HTTP 404');
    expect(body).toContain('**Finished: failed: step 2 failed**');
    expect(body).toContain('| ❔ | cites sources | required | could not evaluate | the run failed before producing its result |');
  });

  it('redacts results before taking their first line', () => {
    const record = new RunScript(plan([step('1', 'a')])).complete('1', 'token ghp_abcdefabcdefabcdefabcdefabcdefabcd1234').record();
    const body = renderComment(record, { marker, redact: (t) => t.replace(/ghp_\w+/g, '***') });
    expect(body).not.toContain('ghp_');
    expect(body).toContain('token \\*\\*\\*');
  });

  it('stays under 65,536 characters by dropping result lines first, and says where the rest is', () => {
    const steps = Array.from({ length: 900 }, (_, i) => step(String(i + 1), `step ${i + 1}`));
    const script = new RunScript(plan(steps));
    for (const s of steps) script.complete(s.key, `${'r'.repeat(200)}\n${'x'.repeat(2000)}`);
    const body = renderComment(script.record(), { marker, runUrl, redact: noRedaction });
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body.startsWith(marker)).toBe(true);
    // Every checklist line is still there; only result text went.
    for (const s of steps) expect(body).toContain(`- ✅ ${s.key}. step ${s.key}`);
    expect(body).toContain(`Results were left out of this comment to stay under GitHub's 65,536-character limit; see [the run's job summary](${runUrl})`);
  });

  it('cuts checklist lines too when even those do not fit, counting the rest', () => {
    const steps = Array.from({ length: 5000 }, (_, i) => step(String(i + 1), 'a fairly long description of what this step does'));
    const body = renderComment(new RunScript(plan(steps)).record(), { marker, runUrl, redact: noRedaction });
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body).toContain('- ⬜ 1. a fairly long');
    expect(body).toMatch(/- … \d+ more steps; see \[the run's job summary\]/);
    expect(body).toContain(`[View the run](${runUrl})`);
  });
});
