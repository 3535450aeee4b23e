import { NO_USAGE } from '../../src/core/usage.ts';
import { describe, expect, it } from 'vitest';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { COMMENT_MAX_CHARS, renderComment } from '../../src/report/comment/render-comment.ts';
import { noRedaction, plan, RunScript, step } from './summary-run-fixture.ts';
import type { RunRecord } from '../../src/core/run-record.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { checklistHeader, checklistItems } from '../../src/report/checklist.ts';
import { escapeInlineMarkdown } from '../../src/report/markdown/escape-markdown.ts';
import { cutMarkdown } from '../../src/report/cut-text.ts';

const marker = commentMarker('.github/plan.yml');
const runUrl = 'https://github.com/o/r/actions/runs/42';
const fiveSteps = plan(['Search', 'Fetch', 'Extract', 'Write', 'Publish'].map((d, i) => step(String(i + 1), d)));

/** A used plan's run of `count` steps, each failing with the error `fails` gives for it, else completed. */
function usedPlan(count: number, fails: (index: number) => string | undefined, suffix = ''): RunScript {
  const steps = Array.from({ length: count }, (_, i) => step(`s${i}`, `Check region ${i}${suffix}`));
  const used = new RunScript(plan(steps));
  steps.forEach((s, i) => {
    const error = fails(i);
    if (error === undefined) used.complete(s.key, 'ok');
    else used.fail(s.key, error);
  });
  return used.finish(steps.some((_, i) => fails(i) !== undefined) ? 'failed' : 'succeeded');
}

/** A run whose step `key` completed using the plan whose run `events` recorded, then steps `others`, completed. */
function usingPlan(events: readonly RunEvent[], key: string, others: readonly string[]): RunScript {
  const script = new RunScript(plan([step(key, 'Run the region checks'), ...others.map((other) => step(other, `Report ${other}`, [key]))]));
  script.events.push({ type: 'step_started', at: 1, stepKey: key });
  for (const event of events) script.events.push({ type: 'nested_event', at: event.at, stepKey: key, event });
  script.events.push({ type: 'step_completed', at: 2, stepKey: key, result: 'done', durationMs: 1, usage: NO_USAGE });
  for (const other of others) script.complete(other, 'ok');
  return script;
}

describe('commentMarker', () => {
  it('is a hidden HTML comment naming the plan', () => {
    expect(marker).toBe('<!-- plan-runner: .github/plan.yml -->');
  });

  it('cannot be closed early by the plan id', () => {
    expect(commentMarker('a --> b <!-- c')).toMatch(/^<!-- plan-runner: a-b-c [0-9a-f]{8} -->$/);
  });
});

describe('renderComment', () => {
  // Found by an adversarial pass: after a replan, the comment said `3/3 complete, 0 failed, 2 replaced`, and
  // the step that failed showed nowhere in it.
  it('keeps the steps that failed and were replaced in view, under their own titles', () => {
    const script = new RunScript(plan([step('1', 'Search'), step('2', 'Fetch an invented URL', ['1'])])).complete('1', 'hits').fail('2', 'HTTP 404\nmore');
    script.events.push({ type: 'plan_revised', at: 2000, plan: plan([step('1', 'Search'), step('3', 'Read the top hit', ['1'])], { revision: 2 }), replaced: ['2'], added: ['3'], reason: 'the URL does not exist' });
    const record = script.complete('3', 'page text').finish('succeeded').record();
    const body = renderComment(record, { marker, runUrl, redact: noRedaction });
    expect(body).toContain('weekly-report — 2/2 complete, 0 failed, 1 replaced (1 had failed)');
    expect(body).toContain('**Replaced by a plan revision:**\n- ❌ 2. Fetch an invented URL — HTTP 404 …\n\n**Finished: succeeded**');
  });

  // Found by a hunt across the views: the header counted `2 replaced (1 had failed)`, and the step replaced before
  // it ran was in no line of the comment (the summary and the log name it).
  it('lists the steps replaced before they ran too, after those that failed', () => {
    const script = new RunScript(plan([step('1', 'Search'), step('2', 'Fetch an invented URL'), step('4', 'Quote it', ['2'])])).complete('1', 'hits').fail('2', 'HTTP 404');
    script.events.push({ type: 'plan_revised', at: 2000, plan: plan([step('1', 'Search'), step('3', 'Read the top hit', ['1'])], { revision: 2 }), replaced: ['2', '4'], added: ['3'], reason: 'the URL does not exist' });
    script.events.push({ type: 'step_skipped', at: 2000, stepKey: '4', reason: 'replaced by plan revision 2' });
    const body = renderComment(script.complete('3', 'page text').finish('succeeded').record(), { marker, runUrl, redact: noRedaction });
    expect(body).toContain('2 replaced (1 had failed)');
    expect(body).toContain('**Replaced by a plan revision:**\n- ❌ 2. Fetch an invented URL — HTTP 404\n- ⏭️ 4. Quote it — replaced by plan revision 2\n\n**Finished: succeeded**');
  });

  it('opens with the marker and a progress header, then a checklist with first lines of results', () => {
    const record = new RunScript(fiveSteps).complete('1', '12 hits\nsecond line').complete('2', { status: 200 }).complete('3', 'ok').record();
    const body = renderComment(record, { marker, runUrl, redact: noRedaction });
    expect(body.startsWith(`${marker}\n### ⏳ plan-runner: weekly-report — 3/5 complete, 0 failed`)).toBe(true);
    expect(body).toContain('- ✅ 1. Search → 12 hits …\n- ✅ 2. Fetch → {"status":200}\n- ✅ 3. Extract → ok\n- ⬜ 4. Write\n- ⬜ 5. Publish');
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
    expect(body).toMatch(/- … \d,\d{3} more steps; see \[the run's job summary\]/);
    expect(body).toContain(`[View the run](${runUrl})`);
  });

  // The rule as written, computed the plain way: every line with and without its result, then cut.
  function referenceComment(record: RunRecord, maxChars: number): string {
    const head = `${marker}\n### ⏳ plan-runner: ${escapeInlineMarkdown(record.plan!.name)} — ${checklistHeader(record)}`;
    const tail = [`[View the run](${runUrl}) · full results in the job summary`];
    const build = (lines: string[], note?: string) => [head, lines.join('\n'), note ?? '', ...tail].filter((p) => p !== '').join('\n\n');
    const items = checklistItems(record, noRedaction).map((item) => {
      const bare = `- ${item.icon} ${escapeInlineMarkdown(`${item.key}. ${item.title}`)}`;
      return { bare, full: `${bare}${escapeInlineMarkdown(item.status)}` };
    });
    const all = build(items.map((item) => item.full));
    if (all.length <= maxChars) return all;
    const note = "_Results were left out of this comment to stay under GitHub's 65,536-character limit; see [the run's job summary](https://github.com/o/r/actions/runs/42)._";
    const lines = items.map((item) => item.full);
    const order = items.map((item, index) => ({ index, length: item.full.length - item.bare.length })).sort((a, b) => b.length - a.length);
    for (const { index } of order) {
      if (build(lines, note).length <= maxChars) break;
      lines[index] = items[index]!.bare;
    }
    if (build(lines, note).length <= maxChars) return build(lines, note);
    const more = (n: number) => `- … ${n} more step${n === 1 ? '' : 's'}; see [the run's job summary](${runUrl})`;
    // Room is kept for the count line as it would read with every step left out.
    const kept: string[] = [];
    let used = build([more(items.length)], note).length;
    for (const { bare } of items) {
      if (used + bare.length + 1 > maxChars) break;
      kept.push(bare);
      used += bare.length + 1;
    }
    return cutMarkdown(build([...kept, more(items.length - kept.length)], note), maxChars);
  }

  it('cuts exactly as the plain rule does at every size, computing only the lines that fit when even bare lines overflow', () => {
    const steps = Array.from({ length: 40 }, (_, i) => step(String(i + 1), i % 3 ? `step *${i + 1}*` : `a longer step | number ${i + 1}`));
    const script = new RunScript(plan(steps));
    steps.slice(0, 25).forEach((s, i) => script.complete(s.key, i % 2 ? `result ${'r'.repeat(i * 3)}` : { n: i }));
    const record = script.record();
    const full = referenceComment(record, Number.POSITIVE_INFINITY).length;
    for (let maxChars = 300; maxChars <= full + 5; maxChars += 7) {
      expect(renderComment(record, { marker, runUrl, redact: noRedaction, maxChars })).toBe(referenceComment(record, maxChars));
    }
  });

  it('redacts only the lines it shows when even the bare checklist of a long plan overflows', () => {
    const steps = Array.from({ length: 10_000 }, (_, i) => step(String(i + 1), `add ${i + 1} and 1`));
    const script = new RunScript(plan(steps));
    for (const s of steps) script.complete(s.key, Number(s.key) + 1);
    let calls = 0;
    const body = renderComment(script.record(), { marker, runUrl, redact: (text) => (calls++, text) });
    const shown = body.split('\n').filter((line) => line.startsWith('- ✅')).length;
    expect(shown).toBeGreaterThan(1000);
    expect(shown).toBeLessThan(10_000);
    // A title per line shown, a few for lines that did not fit, and the plan's name: no result, and no title of the thousands left out.
    expect(calls).toBeGreaterThan(shown);
    expect(calls).toBeLessThan(shown + 50);
  });

  // The lines that did not fit were those after the first that did not: a failure late in a long plan,
  // or every line after an agent whose TODO list alone was too long, was left out of the comment.
  describe('when not every checklist line fits', () => {
    it('keeps the line of a step that failed, wherever it is in the plan', () => {
      const steps = Array.from({ length: 5000 }, (_, i) => step(`s${i}`, `Deploy region ${i} ${'r'.repeat(300)}`));
      const script = new RunScript(plan(steps));
      for (const s of steps) if (s.key === 's4990') script.fail(s.key, 'LATE_FAILURE');
      else script.complete(s.key, 'ok');
      const body = renderComment(script.finish('failed').record(), { marker, runUrl, redact: noRedaction });
      expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
      expect(body).toMatch(/^- ❌ s4990\. Deploy region 4990 r+…$/m);
      expect(body).toMatch(/^- … \d,\d{3} more steps; see \[the run's job summary\]/m);
    });

    // Found by an adversarial pass: with more failed steps than fit, the line for the rest gave only a count of
    // steps, and the failures among them were told by the header alone.
    it('says how many of the steps it left out failed, when even the failed ones do not all fit', () => {
      const steps = Array.from({ length: 3000 }, (_, i) => step(`s${i}`, `Deploy region ${i} ${'r'.repeat(300)}`));
      const script = new RunScript(plan(steps));
      for (const s of steps) script.fail(s.key, 'DOWN');
      const body = renderComment(script.finish('failed').record(), { marker, runUrl, redact: noRedaction });
      expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
      const [, left, failed] = /^- … ([\d,]+) more steps \(([\d,]+) failed\); see \[the run's job summary\]/m.exec(body) ?? [];
      expect(left).toMatch(/^\d,\d{3}$/);
      expect(failed).toBe(left);
    });

    // The counts are read from the run record's failed steps, not by looking up every plan step: a step a revision replaced
    // is not the current plan's, and a failure shown on its own line is not among those left out.
    it('counts among the steps left out the failed ones of the current plan not shown, and no replaced step', () => {
      const first = Array.from({ length: 3000 }, (_, i) => step(`s${i}`, `Deploy region ${i} ${'r'.repeat(300)}`));
      const script = new RunScript(plan([...first, step('old', 'Replaced')]));
      script.fail('old', 'GONE');
      const revised = [...first, step('new', 'Instead')];
      script.events.push({ type: 'plan_revised', at: 5, plan: plan(revised, { revision: 2 }), replaced: ['old'], added: ['new'], reason: 'retry' });
      const failing = new Set(revised.filter((_, i) => i % 3 === 1).map((s) => s.key));
      for (const s of revised) if (failing.has(s.key)) script.fail(s.key, 'DOWN');
      else script.complete(s.key, 'ok');
      const body = renderComment(script.finish('failed').record(), { marker, runUrl, redact: noRedaction });
      const shownFailed = body.split('\n').filter((line) => /^- ❌ s\d+\./.test(line)).length;
      const shown = body.split('\n').filter((line) => /^- (?:❌|✅) (?:s\d+|new)\./.test(line)).length;
      expect(shownFailed).toBeGreaterThan(0);
      const [, left, failed] = /^- … ([\d,]+) more steps \(([\d,]+) failed\); see \[the run's job summary\]/m.exec(body) ?? [];
      expect(Number(left!.replace(',', ''))).toBe(revised.length - shown);
      expect(Number(failed!.replace(',', ''))).toBe(failing.size - shownFailed);
    });

    // Found by a cross-view pass: steps that completed past failed items, more than fit, were left out as `… 2,900 more
    // steps; see …`, read as fine, where the summary's notice says they completed with work inside failed.
    it('says how many of the steps it left out completed with work inside failed, as the summary does', () => {
      const steps = Array.from({ length: 3000 }, (_, i) => step(`s${i}`, `Deploy region ${i} ${'r'.repeat(300)}`));
      const script = new RunScript(plan(steps));
      for (const s of steps) script.complete(s.key, 'ok');
      const record = script.finish('succeeded').record();
      for (const s of steps) record.steps.get(s.key)!.itemCounts = { total: 2, running: 0, completed: 1, failed: 1, reused: 0, reusedUsage: NO_USAGE };
      const body = renderComment(record, { marker, runUrl, redact: noRedaction });
      expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
      const [, left, flagged] = /^- … ([\d,]+) more steps \(([\d,]+) completed with work inside failed or left undone\); see \[the run's job summary\]/m.exec(body) ?? [];
      expect(left).toMatch(/^\d,\d{3}$/);
      expect(flagged).toBe(left);
    });

    // Found by a cross-view pass: steps that run or await approval, more than fit, were left out as `… 2,900 more steps`,
    // where the summary's notice counts them with the failed ("failed or unfinished").
    it('says how many of the steps it left out run or await approval', () => {
      const steps = Array.from({ length: 3000 }, (_, i) => step(`s${i}`, `Deploy region ${i} ${'r'.repeat(300)}`));
      const script = new RunScript(plan(steps));
      steps.forEach((s, i) => script.events.push(i % 2 ? { type: 'step_started', at: 1, stepKey: s.key } : { type: 'step_waiting', at: 1, stepKey: s.key, reason: 'awaiting approval' }));
      script.fail('s2999', 'DOWN');
      const body = renderComment(script.record(), { marker, runUrl, redact: noRedaction });
      expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
      const shown = body.split('\n').filter((line) => /^- (?:⏳|⏸️|❌) s\d+\./u.test(line)).length;
      expect(shown).toBeGreaterThan(100);
      // The failed step is last: every line before it needs attention too, so it is among those left out.
      const [, left, unfinished] = /^- … ([\d,]+) more steps \(1 failed, ([\d,]+) running or awaiting approval\); see \[the run's job summary\]/m.exec(body) ?? [];
      expect(Number(left?.replace(',', ''))).toBe(3000 - shown);
      expect(Number(unfinished?.replace(',', ''))).toBe(3000 - shown - 1);
    });

    it('keeps the line of a for_each step that went on past a failed item', () => {
      const steps = Array.from({ length: 5000 }, (_, i) => step(`s${i}`, `Deploy region ${i} ${'r'.repeat(300)}`));
      const script = new RunScript(plan(steps));
      for (const s of steps) script.complete(s.key, 'ok');
      const record = script.finish('failed').record();
      record.steps.get('s4990')!.itemCounts = { total: 2, running: 0, completed: 1, failed: 1, reused: 0, reusedUsage: NO_USAGE };
      const body = renderComment(record, { marker, runUrl, redact: noRedaction });
      expect(body).toMatch(/^- ✅ s4990\. Deploy region 4990 r+…/m);
    });

    // Found by an adversarial pass: a used plan's lines stopped once longer than the comment, so the ❌ of its
    // 2,900th step of 3,000 was never drawn, though the header counted it and the comment had room for it.
    it('keeps the ❌ of a used plan’s step far down a used plan too long to show whole', () => {
      const record = usingPlan(usedPlan(3000, (i) => (i === 2900 ? 'DOWN' : undefined)).events, 'p', ['q']).finish('succeeded').record();
      expect(checklistHeader(record)).toContain('1 step of used plans failed');
      const body = renderComment(record, { marker, runUrl, redact: noRedaction });
      expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
      expect(body).toMatch(/^- ✅ p\. Run the region checks\n {2}- ❌ s2900\. Check region 2900$/m);
      expect(body).toMatch(/^- ✅ q\. Report q$/m);
    });

    // Found by an adversarial pass: the comment read `- ✅ p…` with only the ❌ of the 2,900th step under it, and
    // nothing said the other 2,999 were left out: the used plan read as a plan of one step.
    it('counts the steps of a used plan it leaves out, under the steps it keeps', () => {
      const record = usingPlan(usedPlan(3000, (i) => (i === 2900 ? 'DOWN' : undefined)).events, 'p', ['q']).finish('succeeded').record();
      const body = renderComment(record, { marker, runUrl, redact: noRedaction });
      expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
      expect(body).toContain('\n- ✅ p. Run the region checks\n  - ❌ s2900. Check region 2900\n  - … 2,999 more steps\n- ✅ q. Report q\n');
    });

    it('counts the steps left out at each level of a used plan that uses another', () => {
      const inner = usingPlan(usedPlan(3000, (i) => (i === 2900 ? 'DOWN' : undefined)).events, 'p2', ['r']).finish('failed');
      const record = usingPlan(inner.events, 'p', ['q']).finish('succeeded').record();
      const body = renderComment(record, { marker, runUrl, redact: noRedaction });
      expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
      expect(body).toContain(
        '\n- ✅ p. Run the region checks\n  - ✅ p2. Run the region checks\n    - ❌ s2900. Check region 2900\n    - … 2,999 more steps\n  - … 1 more step\n- ✅ q. Report q\n',
      );
    });

    // The steps a used plan leaves out are those not drawn at all (past what a comment holds) and those its cut
    // dropped: the count is of both, and of the failures among them.
    it('counts every step and failure of a used plan that fails all over, at each level', () => {
      for (const depth of [1, 2]) {
        let events = usedPlan(3000, () => `DOWN ${'d'.repeat(40)}`, 'x'.repeat(30)).events;
        if (depth === 2) events = usingPlan(events, 'p2', []).finish('failed').events;
        const record = usingPlan(events, 'p', ['q']).finish('failed').record();
        const body = renderComment(record, { marker, runUrl, redact: noRedaction });
        expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
        const indent = '  '.repeat(depth);
        const kept = body.split('\n').filter((line) => line.startsWith(`${indent}- ❌ s`)).length;
        const [, left, failed] = new RegExp(`^${indent}- … ([\\d,]+) more steps \\(([\\d,]+) failed\\)$`, 'm').exec(body) ?? [];
        expect(kept).toBeGreaterThan(100);
        expect(Number(left?.replace(',', '')) + kept).toBe(3000);
        expect(failed).toBe(left);
      }
    });

    // Found by a cross-view pass: a used plan's count line said how many of the steps it left out failed, but not how many
    // completed past failed items, which the comment's own count line and the summary's notice both say.
    it('counts the steps of a used plan it leaves out that completed with work inside failed', () => {
      const record = usingPlan(usedPlan(3000, () => undefined).events, 'p', ['q']).finish('succeeded').record();
      const nested = record.steps.get('p')!.nested!;
      for (const inner of nested.steps.values()) inner.itemCounts = { total: 2, running: 0, completed: 1, failed: 1, reused: 0, reusedUsage: NO_USAGE };
      const body = renderComment(record, { marker, runUrl, redact: noRedaction });
      expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
      const kept = body.split('\n').filter((line) => /^ {2}- ✅ s\d+\./.test(line)).length;
      const [, left, flagged] = /^ {2}- … ([\d,]+) more steps \(([\d,]+) completed with work inside failed or left undone\)$/m.exec(body) ?? [];
      expect(kept).toBeGreaterThan(100);
      expect(Number(left?.replace(',', '')) + kept).toBe(3000);
      expect(flagged).toBe(left);
    });

    it('counts the steps of a used plan of 30,000 steps whose 29,900th failed', () => {
      const record = usingPlan(usedPlan(30_000, (i) => (i === 29_900 ? 'DOWN' : undefined)).events, 'p', ['q']).finish('succeeded').record();
      const body = renderComment(record, { marker, runUrl, redact: noRedaction });
      expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
      expect(body).toContain('\n- ✅ p. Run the region checks\n  - ❌ s29900. Check region 29900\n  - … 29,999 more steps\n');
    });

    it('keeps an agent step’s own line without its TODO list when the list is too long, and the lines after it', () => {
      const steps = [step('agent', 'Plan the rollout'), ...Array.from({ length: 10 }, (_, i) => step(`deploy_${i}`, `Deploy region ${i}`))];
      const script = new RunScript(plan(steps));
      script.complete('agent', 'planned');
      for (const s of steps.slice(1)) if (s.key === 'deploy_7') script.fail(s.key, 'refused');
      else script.complete(s.key, 'ok');
      const record = script.finish('failed').record();
      record.steps.get('agent')!.todos = Array.from({ length: 400 }, (_, i) => ({ id: String(i), content: `Check item ${i} ${'c'.repeat(180)}`, status: 'completed' as const }));
      const body = renderComment(record, { marker, runUrl, redact: noRedaction, maxChars: 4000 });
      expect(body.length).toBeLessThanOrEqual(4000);
      expect(body).toMatch(/^- ✅ agent\. Plan the rollout$/m);
      expect(body).toMatch(/^- ❌ deploy_7\. Deploy region 7$/m);
      expect(body).toMatch(/^- ✅ deploy_9\. Deploy region 9$/m);
    });
  });

  // 200 goals with long evidence filled the comment: its checklist was gone, and the one unmet goal
  // (the last) was cut off while the headline said 199/200 met.
  it('shows the goals not met first when the table is long, and keeps the checklist', () => {
    const script = new RunScript(plan([step('a', 'Check the release')]));
    script.complete('a', 'ok');
    const goals = Array.from({ length: 200 }, (_, i) => ({ name: `goal ${i}`, severity: 'required' as const, outcome: i === 199 ? ('unmet' as const) : ('met' as const), evidence: `evidence ${i} ${'e'.repeat(330)}` }));
    const body = renderComment(script.finish('goals-unmet').record(), { marker, runUrl, redact: noRedaction, goals });
    expect(body).toMatch(/^- ✅ a\. Check the release/m);
    expect(body).toMatch(/^\| ❌ \| goal 199 \|/m);
    expect(body).toContain("_… 160 more goals (all met) in [the run's job summary](https://github.com/o/r/actions/runs/42)._");
  });

  it('keeps a required goal not met before any warning not met', () => {
    const script = new RunScript(plan([step('a', 'Check the release')]));
    script.complete('a', 'ok');
    const goals = Array.from({ length: 60 }, (_, i) => ({ name: `goal ${i}`, severity: i === 59 ? ('required' as const) : ('warning' as const), outcome: 'unmet' as const, evidence: 'not found' }));
    const body = renderComment(script.finish('goals-unmet').record(), { marker, runUrl, redact: noRedaction, goals });
    expect(body).toMatch(/^\| ❌ \| goal 59 \| required \|/m);
    expect(body).toContain('_… 20 more goals (20 not met)');
  });
});

