import { describe, expect, it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import { renderSummary } from '../../src/report/summary/render-summary.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { planPreviewLines, renderPlanPreview } from '../../src/report/plan-preview.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { BudgetExceededError } from '../../src/run/budget-exceeded-error.ts';
import { noRedaction, plan, RunScript, step, usage } from './summary-run-fixture.ts';

const threeSteps = plan([step('1', 'Fetch the page'), step('2', 'Extract the numbers', ['1']), step('3', 'Write the report', ['2'])]);

describe('renderSummary', () => {
  // Found by an adversarial pass: 20,000 goals filled the 1 MiB, and its cut end took every ❌ row and the steps.
  it('shows the goals not met first, at most 500, and keeps the steps', () => {
    const record = new RunScript(threeSteps).complete('1', 'ok').complete('2', 'ok').complete('3', 'ok').finish('goals-unmet').record();
    const goals = Array.from({ length: 20_000 }, (_, i) => ({ name: `goal ${i}`, severity: 'required' as const, outcome: i >= 19_997 ? ('unmet' as const) : ('met' as const), evidence: 'x'.repeat(500) }));
    const md = renderSummary(record, { redact: noRedaction, goals });
    expect(md.match(/^\| ❌ /gm)).toHaveLength(3);
    expect(md).toContain('… 19,500 more goals (all met) in the trace file.');
    expect(md).toContain('Write the report');
    expect(Buffer.byteLength(md)).toBeLessThan(1024 * 1024);
  });

  // Found by an adversarial pass: 500 rows of Japanese evidence are 1 MB (three bytes a character), and the cut end
  // took the table's last rows, the line saying how many goals were left out, the steps and the cost.
  it('keeps the goals table within half the summary’s bytes, whatever script its text is in', () => {
    const record = new RunScript(threeSteps).complete('1', 'ok', usage(1, 10, 10, 0.5)).complete('2', 'ok').complete('3', 'ok').finish('goals-unmet', usage(1, 10, 10, 0.5)).record();
    const goals = Array.from({ length: 20_000 }, (_, i) => ({ name: `目標 ${i} ${'目'.repeat(200)}`, severity: 'required' as const, outcome: i % 2 ? ('met' as const) : ('unmet' as const), evidence: '証拠'.repeat(300) }));
    const md = renderSummary(record, { redact: noRedaction, goals });
    const table = md.slice(md.indexOf('### Goals'), md.indexOf('### Steps'));
    expect(Buffer.byteLength(table)).toBeLessThanOrEqual(512 * 1024);
    expect(md).toMatch(/… 19,\d{3} more goals \(\d+ not met\) in the trace file\./);
    expect(md).toContain('Write the report');
    expect(md).toContain('| **Total** | 1 | 10 | 10 | $0.50 |');
    expect(Buffer.byteLength(md)).toBeLessThan(1024 * 1024);
  });

  // Found by an adversarial pass: the backslash escaped the `**` after it, and the line showed `*<em>1. Clean C:\build*</em>`.
  it('shows a step whose title ends in a backslash in bold, the backslash included', () => {
    const record = new RunScript(plan([step('1', 'Clean C:\\build\\')])).complete('1', 'ok').finish('succeeded').record();
    const md = renderSummary(record, { redact: noRedaction });
    const line = md.split('\n').find((text) => text.startsWith('✅ **1.'))!;
    const paragraph = fromMarkdown(line).children[0];
    expect(paragraph?.type === 'paragraph' && paragraph.children.map((node) => node.type)).toEqual(['text', 'strong', 'text']);
    expect(toString(paragraph)).toBe('✅ 1. Clean C:\\build\\ · 1.2 s → ok');
  });

  // Found by an adversarial pass: text on a line was shown so, but a result or error in a code block or span kept them
  // raw, and `invoice\u202efdp.exe` read as `invoiceexe.pdf` in the summary.
  it('shows control characters and bidi overrides in results’ and errors’ code blocks and spans as symbols, as on the log', () => {
    const record = new RunScript(threeSteps)
      .complete('1', 'line one\nfile: invoice\u202efdp.exe \u001b[2J')
      .complete('2', { file: 'invoice\u202efdp.exe' })
      .fail('3', 'exit 1\n\u001b]0;title\u0007 \u2066x\u2069')
      .finish('failed')
      .record();
    const md = renderSummary(record, { redact: noRedaction });
    expect(md).not.toMatch(/[\u0000-\u0008\u001b\u202a-\u202e\u2066-\u2069]/);
    expect(md).toContain('file: invoice\ufffdfdp.exe \u241b[2J');
    expect(md).toContain('"file": "invoice\ufffdfdp.exe"');
    expect(md).toContain('\u241b]0;title\u2407 \ufffdx\ufffd');
  });

  it('shows the status, every step with its result, and durations', () => {
    const record = new RunScript(threeSteps)
      .complete('1', 'ok')
      .complete('2', { trips: -6, unit: '%' })
      .complete('3', 'Car trips fell by 6%.\nTrams opened the same month.')
      .finish('succeeded')
      .record();
    const md = renderSummary(record, { redact: noRedaction });
    expect(md).toContain('## ✅ plan-runner: weekly-report');
    expect(md).toContain('**Status:** succeeded · 3/3 complete, 0 failed · took 3.6 s');
    expect(md).toContain('✅ **1. Fetch the page** · 1.2 s → ok');
    // A JSON result is a json block; a multi-line text result is collapsed in <details>.
    expect(md).toMatch(/<details><summary>Result — \d+ characters<\/summary>\n\n```json\n\{\n {2}"trips": -6/);
    expect(md).toContain('```text\nCar trips fell by 6%.\nTrams opened the same month.\n```');
  });

  // The summary showed a reused step as if it ran (`· 0 ms`), reused items not at all, and counted only
  // steps in "Resumed: …", while the console said "(reused)" (found by an adversarial pass).
  it('marks what a resumed run reused, steps and for_each items, and counts both', () => {
    const script = new RunScript(plan([step('1', 'List'), step('each', 'Check each', ['1'])]));
    const spent = usage(2, 100, 10, 0.5);
    script.events.push(
      { type: 'step_started', at: 1, stepKey: '1' },
      { type: 'step_completed', at: 1, stepKey: '1', result: ['a', 'b', 'c'], durationMs: 0, usage: usage(0, 0, 0, 0), reused: { usage: spent } },
      { type: 'step_started', at: 2, stepKey: 'each' },
      { type: 'step_expanded', at: 2, stepKey: 'each', keys: ['each[0]', 'each[1]', 'each[2]'] },
      { type: 'item_completed', at: 2, stepKey: 'each', index: 0, result: 'ok a', durationMs: 0, usage: usage(0, 0, 0, 0), reused: { usage: spent } },
      { type: 'item_completed', at: 2, stepKey: 'each', index: 1, result: 'ok b', durationMs: 0, usage: usage(0, 0, 0, 0), reused: { usage: spent } },
      { type: 'item_started', at: 3, stepKey: 'each', index: 2 },
      { type: 'item_completed', at: 900, stepKey: 'each', index: 2, result: 'ok c', durationMs: 897, usage: spent },
      { type: 'step_completed', at: 900, stepKey: 'each', result: ['ok a', 'ok b', 'ok c'], durationMs: 898, usage: spent },
    );
    const md = renderSummary(script.finish('succeeded').record(), { redact: noRedaction });
    expect(md).toMatch(/✅ \*\*1\. List\*\* · reused/);
    expect(md).toContain('- ✅ each\\[0\\] (reused) → ok a');
    expect(md).toContain('- ✅ each\\[1\\] (reused) → ok b');
    expect(md).toContain('- ✅ each\\[2\\] → ok c');
    expect(md).toContain('Resumed: 1 step and 2 items reused from the earlier run, which would have cost 6 model calls');
  });

  // Found by a review: "would have cost 2 model calls and unknown again" read as a sum.
  it('says a reused cost that is not known in words', () => {
    const script = new RunScript(plan([step('1', 'List')]));
    script.events.push(
      { type: 'step_started', at: 1, stepKey: '1' },
      { type: 'step_completed', at: 1, stepKey: '1', result: 'x', durationMs: 0, usage: usage(0, 0, 0, 0), reused: { usage: { ...usage(2, 100, 10, 0), unpricedCalls: 2 } } },
    );
    const md = renderSummary(script.finish('succeeded').record(), { redact: noRedaction });
    expect(md).toContain('Resumed: 1 step reused from the earlier run, which would have cost 2 model calls (their cost not known) again.');
  });

  it('keeps a hostile result inside its <details> and code block', () => {
    const hostile = '```\n</details>\n<script>alert(1)</script>\n````\n# Heading';
    const record = new RunScript(plan([step('1', 'Read')])).complete('1', hostile).finish('succeeded').record();
    const md = renderSummary(record, { redact: noRedaction });
    const fence = '`````'; // one longer than the longest backtick run in the result
    const block = `<details><summary>Result — ${hostile.length} characters</summary>\n\n${fence}text\n${hostile}\n${fence}\n\n</details>`;
    expect(md).toContain(block);
    expect(md.match(/<\/details>/g)).toHaveLength(2); // the result's own, inside the fence, and ours
  });

  it('escapes Markdown and HTML in names, reasons and errors', () => {
    const record = new RunScript(plan([step('1', '<img src=x onerror=alert(1)> **bold** [link](http://evil)')], { name: '<b>plan</b>' }))
      .fail('1', 'exit 1: | table | breaker')
      .finish('failed', undefined, 'step 1 failed')
      .record();
    const md = renderSummary(record, { redact: noRedaction });
    expect(md).not.toMatch(/(?<!\\)<img/);
    expect(md).not.toMatch(/(?<!\\)<b>/);
    expect(md).toContain('\\<img src=x onerror=alert(1)> \\*\\*bold\\*\\* \\[link\\](http\\://evil)');
    expect(md).toContain('— exit 1: \\| table \\| breaker');
  });

  it('passes every piece of run text through the redactor before it is cut or escaped', () => {
    const secret = 'sk-live-0123456789abcdef';
    const long = `${'x'.repeat(300)} ${secret}\nmore`;
    const record = new RunScript(plan([step('1', `uses ${secret}`), step('2', 'b')]))
      .complete('1', long)
      .fail('2', `401 for key ${secret}`)
      .finish('failed', undefined, `bad key ${secret}`)
      .record();
    const md = renderSummary(record, { redact: (t) => t.replaceAll(secret, '***') });
    expect(md).not.toContain('sk-live');
    expect(md).toContain('\\*\\*\\*');
  });

  it('adds the goals table with an icon per outcome', () => {
    const record = new RunScript(plan([step('1', 'a')])).complete('1', 'x').finish('goals-unmet').record();
    const md = renderSummary(record, {
      redact: noRedaction,
      goals: [
        { name: 'mentions trams', severity: 'required', outcome: 'met', evidence: 'found "tram"' },
        { name: 'cites sources', severity: 'required', outcome: 'unmet', evidence: 'sentence 2 has no [n]' },
        { name: 'short', severity: 'warning', outcome: 'unmet', evidence: '412 words' },
        { name: 'for executives', severity: 'required', outcome: 'error', evidence: 'judge answered no JSON' },
      ],
    });
    expect(md).toContain('### Goals — 1/4 goals met');
    expect(md).toContain('| ✅ | mentions trams | required | met | found "tram" |');
    expect(md).toContain('| ❌ | cites sources | required | unmet | sentence 2 has no \\[n\\] |');
    expect(md).toContain('| ⚠️ | short | warning | unmet (warning) | 412 words |');
    expect(md).toContain('| ❔ | for executives | required | could not evaluate | judge answered no JSON |');
  });

  it('shows cost per step, the planning calls no step owns, the total, and the limits', () => {
    const record = new RunScript(plan([step('1', 'a'), step('2', 'b')]))
      .complete('1', 'x', usage(1, 1000, 200, 0.002))
      .complete('2', 'y')
      .finish('succeeded', usage(3, 5000, 900, 0.0123))
      .record();
    const md = renderSummary(record, { redact: noRedaction, limits: { maxModelCalls: 50, maxTokens: 200_000, maxCostUsd: 0.5 } });
    expect(md).toContain('| 1 | 1 | 1,000 | 200 | $0.0020 |');
    expect(md).toContain('| planning and goal checks | 2 | 4,000 | 700 | $0.0103 |');
    expect(md).toContain('| **Total** | 3 | 5,000 | 900 | $0.0123 |');
    expect(md).toContain('| Limit | 50 | 200,000 (in + out) |  | $0.50 |');
    expect(md).not.toMatch(/^\| 2 \|/m); // a step without model calls has no row
  });

  // Each cost was rounded on its own, cents at and over a cent and four decimals under one: rows of $0.0020 and $0.0103
  // read `$0.0020` and `$0.01` beside a total of `$0.01`, and three steps of $0.00444 `$0.0044` each beside `$0.01`.
  it('shows the cost rows with one number of decimals, adding up to the total shown', () => {
    const each = usage(1, 10_000, 275, 0.004_44);
    const record = new RunScript(threeSteps).complete('1', 'x', each).complete('2', 'y', each).complete('3', 'z', each).finish('succeeded', usage(3, 30_000, 825, 0.013_32)).record();
    const md = renderSummary(record, { redact: noRedaction });
    const cells = [...md.matchAll(/^\| (?:\d|\*\*Total)[^\n]* \| \$(\d+\.\d+) \|$/gm)].map((match) => match[1]!);
    expect(cells).toEqual(['0.0045', '0.0044', '0.0044', '0.0133']);
    const cents = new RunScript(plan([step('1', 'a'), step('2', 'b')])).complete('1', 'x', usage(1, 1, 1, 0.125)).complete('2', 'y', usage(1, 1, 1, 0.125)).finish('succeeded', usage(2, 2, 2, 0.25)).record();
    expect(renderSummary(cents, { redact: noRedaction })).toMatch(/\| 1 \| 1 \| 1 \| 1 \| \$0\.13 \|\n\| 2 \| 1 \| 1 \| 1 \| \$0\.12 \|\n\| \*\*Total\*\* \| 2 \| 2 \| 2 \| \$0\.25 \|/);
  });

  // A run stopped by max_cost_usd 0.01 after spending $0.0144 showed a total of $0.01 beside a limit of $0.01, which
  // reads as within it, while its status said "spent 0.014" (found by an adversarial pass).
  it('never shows a total over the cost limit as the limit’s own figure', () => {
    const spent = usage(3, 6000, 300, 0.0144);
    const record = new RunScript(plan([step('1', 'a')])).complete('1', 'x', spent).finish('failed', spent).record();
    const md = renderSummary(record, { redact: noRedaction, limits: { maxCostUsd: 0.01 } });
    expect(md).toContain('| **Total** | 3 | 6,000 | 300 | $0.014 |');
    expect(md).toContain('| Limit | — | — |  | $0.010 |');
    const under = usage(1, 100, 5, 0.496);
    const within = new RunScript(plan([step('1', 'a')])).complete('1', 'x', under).finish('succeeded', under).record();
    const shown = renderSummary(within, { redact: noRedaction, limits: { maxCostUsd: 0.5 } });
    expect(shown).toContain('| **Total** | 1 | 100 | 5 | $0.496 |');
    expect(shown).toContain('| Limit | — | — |  | $0.500 |');
  });

  // The table gave a cap its own decimals by one rule (cents from a cent up) and the budget-stop message by another (two
  // significant digits): max_cost_usd 0.015 read "Limit $0.01" in the table, "max_cost_usd 0.015" in the status.
  it('shows a cost limit between one and ten cents as the budget-stop message does, not rounded to cents', () => {
    for (const [cap, spent, shown] of [[0.015, 0.02, '$0.015'], [0.019, 0.5, '$0.019'], [0.05, 0.06, '$0.050']] as const) {
      const used = usage(1, 100, 5, spent);
      const record = new RunScript(plan([step('1', 'a')])).complete('1', 'x', used).finish('failed', used).record();
      expect(renderSummary(record, { redact: noRedaction, limits: { maxCostUsd: cap } })).toContain(`| Limit | — | — |  | ${shown} |`);
      expect(new BudgetExceededError('max_cost_usd', cap, spent).message).toContain(`max_cost_usd ${shown.slice(1)} `);
    }
  });

  // A cap of three significant digits was cut to two: max_cost_usd 0.125 read "max_cost_usd 0.13 (spent 0.20)", and a
  // run it stopped at $0.12504 (a planning row under a cent gave the table five decimals) read "$0.12504" beside a
  // limit of "$0.13", within it (found by a cost hunt).
  it('shows a cost limit with every decimal it was given', () => {
    const rows = [usage(1, 100, 1, 0.000_04), usage(1, 100, 78_100, 0.125)] as const;
    const total = usage(2, 200, 78_101, 0.125_04);
    const record = new RunScript(plan([step('1', 'a'), step('2', 'b')])).complete('1', 'x', rows[0]).complete('2', 'y', rows[1]).finish('failed', total).record();
    const md = renderSummary(record, { redact: noRedaction, limits: { maxCostUsd: 0.125 } });
    expect(md).toContain('| **Total** | 2 | 200 | 78,101 | $0.12504 |');
    expect(md).toContain('| Limit | — | — |  | $0.125 |');
    expect(new BudgetExceededError('max_cost_usd', 0.125, 0.2).message).toContain('max_cost_usd 0.125 (spent 0.200)');
    expect(new BudgetExceededError('max_cost_usd', 0.1255, 0.13).message).toContain('max_cost_usd 0.1255 (spent 0.1300)');
    expect(new BudgetExceededError('max_cost_usd', 0.000_000_1, 0.000_001).message).toContain('max_cost_usd 0.00000010 (spent 0.00000100)');
  });

  // A spend of $0.00003 printed as $0.0000, which reads as free (found by an adversarial pass).
  it('shows a spend under a hundredth of a cent as such, not as $0.0000', () => {
    const record = new RunScript(plan([step('1', 'a')])).complete('1', 'x', usage(1, 100, 5, 0.000_035)).finish('succeeded', usage(1, 100, 5, 0.000_035)).record();
    const md = renderSummary(record, { redact: noRedaction });
    expect(md).toContain('| **Total** | 1 | 100 | 5 | $0.00003 |');
    expect(md).not.toMatch(/\$0\.0+ \|/);
  });

  it('says so when no model was called', () => {
    const record = new RunScript(plan([step('1', 'a')])).complete('1', 'x').finish('succeeded').record();
    expect(renderSummary(record, { redact: noRedaction })).toContain('### Cost\n\nNo model calls.');
  });

  it('says how many requests were abandoned before their answer came in, also when none answered', () => {
    const stopped = new RunScript(plan([step('1', 'a')])).complete('1', 'x').finish('failed', { ...usage(1, 1000, 200, 0.002), abandonedRequests: 2 }).record();
    const md = renderSummary(stopped, { redact: noRedaction });
    expect(md).toContain('| **Total** | 1 | 1,000 | 200 | $0.0020 |');
    expect(md).toContain('2 model requests were abandoned before their answer came in (a timeout, a cancel, a budget stop or an answer that broke off): what the endpoint bills for them is not known, so no cost figure counts them.');
    const none = new RunScript(plan([step('1', 'a')])).finish('cancelled', { ...usage(0, 0, 0, 0), abandonedRequests: 1 }).record();
    const only = renderSummary(none, { redact: noRedaction });
    expect(only).toContain('### Cost\n\n1 model request was abandoned before its answer came in');
    expect(only).not.toContain('No model calls.');
  });

  it('shows the revision history and steps a revision replaced', () => {
    const script = new RunScript(plan([step('1', 'Search'), step('2', 'Fetch an invented URL', ['1'])])).complete('1', 'hits').fail('2', 'HTTP 404');
    script.events.push({
      type: 'plan_revised',
      at: 2000,
      plan: plan([step('1', 'Search'), step('3', 'Read the top hit', ['1'])], { revision: 2 }),
      replaced: ['2'],
      added: ['3'],
      reason: 'the URL does not exist',
    });
    const record = script.complete('3', 'page text').finish('succeeded').record();
    const md = renderSummary(record, { redact: noRedaction });
    expect(md).toContain('| 2 | 2 | 3 | the URL does not exist |');
    expect(md).toContain('plan revision 2');
    // Under the title its revision gave it (found by an adversarial pass: it read `replaced step`).
    expect(md).toContain('#### Replaced by a plan revision\n\n❌ **2. Fetch an invented URL** · 500 ms — HTTP 404');
  });

  it('says plainly that a person is needed when the run escalated', () => {
    const record = new RunScript(plan([step('1', 'a')])).fail('1', 'boom').finish('escalated', undefined, 'replanning failed twice').record();
    expect(renderSummary(record, { redact: noRedaction })).toContain('## 🆘 plan-runner: weekly-report\n\n**Status:** escalated — a person is needed: replanning failed twice');
  });
});

describe('renderSummary under the 1 MiB cap', () => {
  const MiB = 1024 * 1024;

  it('cuts the largest result first, says so and where the rest is, and keeps the others', () => {
    const huge = 'h'.repeat(2 * MiB);
    const medium = 'm'.repeat(300_000);
    const record = new RunScript(plan([step('1', 'huge'), step('2', 'medium'), step('3', 'small', ['1', '2'])]))
      .complete('1', huge)
      .complete('2', medium)
      .complete('3', 'tiny')
      .finish('succeeded')
      .record();
    const md = renderSummary(record, { redact: noRedaction, fullRecordAt: 'the trace artifact `plan-runner-trace`' });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MiB);
    expect(md).not.toContain('h'.repeat(1000));
    expect(md).toContain(medium);
    expect(md).toContain('1 result was cut from this summary (largest first)');
    expect(md).toContain('the full results are in the trace artifact `plan-runner-trace`');
    expect(md).toContain('_Result cut from this summary (2,097,152 characters); the full text is in the trace artifact');
    expect(md).toContain('```mermaid');
  });

  it('cuts as many results as needed when many are large, counting multi-byte characters as bytes', () => {
    const steps = Array.from({ length: 8 }, (_, i) => step(String(i + 1), `step ${i + 1}`));
    const script = new RunScript(plan(steps));
    for (const s of steps) script.complete(s.key, '€'.repeat(100_000 + Number(s.key))); // 3 bytes each: ~300 KB per result
    const md = renderSummary(script.finish('succeeded').record(), { redact: noRedaction });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MiB);
    expect(md).toContain('5 results were cut');
    // The three smallest results survive, whole.
    expect(md.match(/€+/g)?.map((run) => run.length)).toEqual([100_001, 100_002, 100_003]);
    expect(md).toContain('_Result cut from this summary (100,008 characters)');
  });

  // A short completed line alone between two failed ones was left out for a notice longer than
  // itself: the summary grew, and fewer failed steps were shown than with no leaving out at all. Then,
  // with the failed lines alone over the cap, the end was cut off: the last steps, and the cost with them.
  it('leaves a step out only where that saves room, and the last steps as one run when failures alone are too many', () => {
    const steps = Array.from({ length: 16_000 }, (_, i) => step(`s${i}`, `Check shard ${i} ${'t'.repeat(40)}`));
    const script = new RunScript(plan(steps));
    for (const s of steps) {
      if (Number(s.key.slice(1)) % 2 === 1) script.fail(s.key, `E${s.key}`);
      else script.complete(s.key, 'ok');
    }
    const md = renderSummary(script.finish('failed', usage(3, 100, 50, 0.25)).record(), { redact: noRedaction });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MiB);
    expect(md).not.toContain('The summary was cut here');
    expect(md).toContain('### Cost');
    expect(md).toContain('❌ **s1. Check shard 1');
    expect((md.match(/^❌ \*\*s\d+/gm) ?? []).length).toBeGreaterThan(5_600);
    expect(md.match(/left out here/g)).toHaveLength(1);
    expect(md).toMatch(/\n\n_… [\d,]+ steps, [\d,]+ of them failed or unfinished, left out here to stay under GitHub's 1 MiB limit; every step is in the trace file\._\n\n### Cost/);
  });

  // Found by a review: every line was shorter than the notice that replaces a run of them, so no completed
  // step was ever left out, and the last resort left out the run's one failure instead.
  it('leaves out runs of completed steps with lines shorter than a notice before any failed step', () => {
    const steps = Array.from({ length: 15_000 }, (_, i) => step(`s${i}`, `Check shard ${i} ${'t'.repeat(60)}`));
    const script = new RunScript(plan(steps));
    for (const [i, s] of steps.entries()) {
      if (i === 12_000) script.fail(s.key, 'THE_FAILURE');
      else script.complete(s.key, 'ok');
    }
    const md = renderSummary(script.finish('failed', usage(3, 100, 50, 0.25)).record(), { redact: noRedaction });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MiB);
    expect(md).toContain('❌ **s12000. Check shard 12000');
    expect(md).toContain('### Cost');
    expect(md).toMatch(/_… [\d,]+ steps that completed or did not run left out here/);
    expect(md).not.toContain('failed or unfinished');
  });

  // Found by a review: steps below a long completed line joined its notice one per pass, 8 passes at
  // most; the short ones left over were not worth a notice of their own, so the last failure went instead.
  it('adds short completed lines to a notice already there before leaving out a failed step', () => {
    const steps = [
      step('f0', 'first failure'),
      step('L', 'long '.repeat(58)),
      ...Array.from({ length: 10 }, (_, i) => step(`c${i + 1}`, 's')),
      ...Array.from({ length: 5 }, (_, i) => step(`F${i + 1}`, `failing ${'y'.repeat(250)}`)),
    ];
    const script = new RunScript(plan(steps));
    for (const s of steps) {
      if (/^[fF]/.test(s.key)) script.fail(s.key, 'boom');
      else script.complete(s.key, 'ok');
    }
    const md = renderSummary(script.finish('failed', usage(3, 100, 50, 0.25)).record(), { redact: noRedaction, maxBytes: 2_100 });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(2_100);
    expect(md.match(/^❌ \*\*[fF]\d\./gm)).toHaveLength(6);
    expect(md).toContain('_… 11 steps that completed or did not run left out here');
  });

  // Found by a review: with the replaced steps alone over the cap, every step of the plan that ran was
  // left out, its failure too, and the end was cut off all the same.
  it('leaves no failed step out when that cannot make the summary fit', () => {
    const first = Array.from({ length: 40_000 }, (_, i) => step(`s${i}`, `Check shard ${i}`));
    const script = new RunScript(plan(first)).fail('s0', 'Es0');
    script.events.push({ type: 'plan_revised', at: 1e6, plan: plan([step('n1', 'Retry differently'), step('n2', 'Next')], { revision: 2 }), replaced: first.map((s) => s.key), added: ['n1', 'n2'], reason: 's0 failed' });
    const md = renderSummary(script.fail('n1', 'the new approach failed too').finish('failed').record(), { redact: noRedaction });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MiB);
    expect(md).toContain('❌ **n1. Retry differently**');
    expect(md).not.toContain('left out here');
  });

  // A result longer in characters than the cap is cut before any render joins it (an 8 MiB answer cost
  // +41-49 MB there). The loop that cuts the rest must not count that part again: counted twice, it cut too
  // few results and then left the plan graph out.
  it('cuts a result longer than the cap up front and then only as many others as it must', () => {
    const steps = Array.from({ length: 7 }, (_, i) => step(`r${i}`, `Result ${i}`));
    const script = new RunScript(plan(steps)).complete('r0', 'H'.repeat(30_000));
    for (let i = 1; i < 7; i++) script.complete(`r${i}`, `${i}`.repeat(5_000));
    const md = renderSummary(script.finish('succeeded').record(), { redact: noRedaction, maxBytes: 20_000 });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(20_000);
    expect(md).not.toContain('HHHH');
    const kept = [1, 2, 3, 4, 5, 6].filter((i) => md.includes(`${i}`.repeat(5_000)));
    expect(kept.length).toBe(3);
    expect(md).toContain('### Plan graph');
    expect(md).toContain(`> ${7 - kept.length} results were cut from this summary (largest first)`);
  });

  // Found by a review: the header showed the plan's goal whole; a goal of 900 KB left no room for the steps.
  it('shows at most 2,000 characters of the goal in the header', () => {
    const script = new RunScript(plan([step('1', 'Add')], { goal: `Summarise ${'the week '.repeat(100_000)}` })).complete('1', 'ok');
    const md = renderSummary(script.finish('succeeded').record(), { redact: noRedaction });
    const goal = /^\*\*Goal:\*\* (.*)$/m.exec(md)?.[1] ?? '';
    expect(goal.length).toBeLessThanOrEqual(2_100);
    expect(goal).toMatch(/^Summarise the week the week .*…$/);
    expect(md).toContain('✅ **1. Add**');
    expect(md).not.toContain('Result cut');
  });

  it('shows at most 2,000 characters of the goal in the plan preview (mode: plan) too', async () => {
    const loaded = await loadPlanText(`name: weekly\ngoal: "Fix the docs: ${'use *bold* and `code` '.repeat(45_000)}"\nworkflow_sequence:\n  - { id: a, type: reasoning, description: Add the numbers }\n`, 'plan.yml');
    if (!loaded.ok) throw new Error('the plan should load');
    const md = renderPlanPreview(loaded.plan, { redact: noRedaction, written: false });
    expect(Buffer.byteLength(md)).toBeLessThan(10_000);
    expect(md).toContain('Add the numbers');
  });

  // Found by a review: one step's arguments were shown whole, and 1 MiB of them pushed every later step
  // out of the preview's job summary.
  it('shows at most 1,000 characters of a step\'s detail in the plan preview', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(200_000) });
    const loaded = await loadPlanText(`name: p\ntools:\n  post:\n    description: Posts\n    command: [cat]\n    input: { type: object }\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: post, args: ${big} }\n  - { id: b, type: reasoning, description: Say it was posted, depends_on: [a] }\n`, 'plan.yml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const md = renderPlanPreview(loaded.plan, { redact: noRedaction, written: false });
    expect(Buffer.byteLength(md)).toBeLessThan(5_000);
    expect(md).toMatch(/- ⬜ a\. .* — `post \{"text":"x+…`/);
    expect(md).toContain('b. Say it was posted');
  });

  // Found by a caps hunt: 1,000 steps of a 1,000-character `why` passed the 1 MiB, and the summary's cut end took what
  // came after them (the graph, and a failed job's status) with nothing saying steps were left out.
  it('keeps the plan preview within its bytes, counting the steps it leaves out, and keeps the graph', async () => {
    const loaded = await loadPlanText('name: p\nworkflow_sequence:\n  - { id: a, type: reasoning, description: Add }\n', 'plan.yml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const one = loaded.plan.steps[0]!;
    const long = { ...loaded.plan, steps: Array.from({ length: 1000 }, (_, i) => ({ ...one, key: `s${i}`, id: `s${i}`, why: 'w'.repeat(1000) })) };
    const md = renderPlanPreview(long, { redact: noRedaction, written: true, status: '**Status:** failed — budget exceeded.', fullPlanAt: 'the frozen plan file' });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MiB - 16);
    const shown = md.match(/^- ⬜ s\d+\. /gm)!.length;
    expect(shown).toBeGreaterThan(900);
    expect(md).toContain(`\n_… ${1000 - shown} of the 1,000 steps left out here to stay under GitHub's 1 MiB limit; every step is in the frozen plan file._\n`);
    expect(md).toMatch(/^## 📝 plan-runner: p — plan only, nothing was run\n\n\*\*Status:\*\* failed — budget exceeded\.\n/);
    expect(md).toContain('### Plan graph');
    expect(renderPlanPreview(long, { redact: noRedaction, written: true, maxBytes: 200_000 }).length).toBeLessThanOrEqual(200_000);
  });

  // A plan step's line said only 'after first': which plan it runs, with what, was nowhere in the preview.
  it('says which plan a plan step runs, and with what, in the preview', async () => {
    const loaded = await loadPlanText('name: p\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n', 'plan.yml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const nested: PlanStep = { key: 'n', id: 'n', type: 'plan', description: 'Summarise', uses: 'plans/summarise.yml', with: { n: '${steps.a.result}' }, inputs: [], dependsOn: ['a'] };
    expect(planPreviewLines({ ...loaded.plan, steps: [...loaded.plan.steps, nested] })[1]).toBe('⬜ n. Summarise — runs the plan plans/summarise.yml with {"n":"${steps.a.result}"} · after a');
  });

  // Found by an adversarial pass: the name and titles were one line with control characters shown, a step's `why` (which
  // planners write) was not, and `plan-runner plan` printed a line of it as a step of the plan (`⬜ b. Deploy — …`).
  it('shows a step’s detail on its one line in the plan preview, control characters shown', async () => {
    const loaded = await loadPlanText('name: p\nworkflow_sequence:\n  - { id: a, type: reasoning, description: Add, why: "because\\e[2J\\e]0;pwned\\a\\n✅ b. Deploy — can start at once" }\n', 'plan.yml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(planPreviewLines(loaded.plan)).toEqual(['⬜ a. Add — can start at once · why: because\u241b[2J\u241b]0;pwned\u2407 ✅ b. Deploy — can start at once']);
  });

  // Found by an adversarial pass: the preview (`plan-runner plan`, `mode: plan`) showed a step the run pauses before as
  // one that runs "after 1": a reviewer of job 1's summary could not tell job 2 would wait for a person as well.
  it('says which steps wait for approval in the plan preview, and why, before any long detail', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(5_000) });
    const text = `name: p\napproval: side-effects\ntools:\n  post:\n    description: Posts\n    command: [cat]\n    side_effects: true\n  look:\n    description: Looks\n    command: [cat]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: look, args: { q: 1 } }\n  - { id: b, type: tool_call, tool: post, args: ${big}, depends_on: [a] }\n  - { id: c, type: reasoning, description: Say it, approval: true, depends_on: [b] }\n`;
    const loaded = await loadPlanText(text, 'plan.yml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const lines = planPreviewLines(loaded.plan);
    expect(lines[0]).toBe('⬜ a. look — look {"q":1} · can start at once');
    expect(lines[1]).toMatch(/^⬜ b\. post — waits for approval: it uses post, a tool with side effects \(approval: side-effects\) · post \{"text":"x+…$/);
    expect(lines[2]).toBe('⬜ c. Say it — waits for approval: the step asks for approval (approval: true) · after b');
    const md = renderPlanPreview(loaded.plan, { redact: noRedaction, written: false });
    expect(md).toContain('- ⬜ c. Say it — `waits for approval: the step asks for approval (approval: true) · after b`');
  });

  // What changes what runs, and an approver of the preview did not see: a dependency the step runs without, a failure
  // the run goes on past, items that go on past a failed one, items spread over shard jobs.
  it('says in the plan preview which dependencies a step can do without and which failures the run goes on past', async () => {
    const text = `name: p\ntools:\n  lister:\n    description: Lists\n    command: [cat]\n  deploy:\n    description: Deploys\n    command: [cat]\nworkflow_sequence:\n  - { id: list, type: tool_call, tool: lister, args: { q: 1 } }\n  - { id: other, type: tool_call, tool: lister, args: { q: 2 }, depends_on: [], on_failure: continue }\n  - { id: each, type: tool_call, tool: deploy, for_each: "\${steps.list.result}", as: x, on_item_failure: continue, fan_out: true, args: { env: "\${x}" }, depends_on: [list, { step: other, optional: true }] }\n`;
    const loaded = await loadPlanText(text, 'plan.yml');
    if (!loaded.ok) throw new Error(loaded.errors.map((error) => error.message).join('; '));
    expect(planPreviewLines(loaded.plan).slice(1)).toEqual([
      '⬜ other. lister — lister {"q":2} · can start at once · if it fails, the run goes on without it',
      '⬜ each. deploy — for each x in ${steps.list.result}, spread over the shard jobs, a failed item stopping no other · deploy {"env":"${x}"} · after list, other (even if it fails)',
    ]);
  });

  // Found by an adversarial pass: a for_each step's line read as one call (`deploy {"env":"${x}"} · after list`), with
  // nothing saying it runs once for each item of a list, nor which list: an approver of the preview counted one deploy.
  it('says a for_each step runs once for each item, and of which list, in the plan preview', async () => {
    const text = `name: p\ntools:\n  lister:\n    description: Lists\n    command: [cat]\n  deploy:\n    description: Deploys\n    command: [cat]\nworkflow_sequence:\n  - { id: list, type: tool_call, tool: lister, args: { q: 1 } }\n  - { id: each, type: tool_call, tool: deploy, for_each: "\${steps.list.result}", as: x, args: { env: "\${x}" } }\n`;
    const loaded = await loadPlanText(text, 'plan.yml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(planPreviewLines(loaded.plan)[1]).toBe('⬜ each. deploy — for each x in ${steps.list.result} · deploy {"env":"${x}"} · after list');
    const md = renderPlanPreview(loaded.plan, { redact: noRedaction, written: false });
    expect(md).toContain('- ⬜ each. deploy — `for each x in ${steps.list.result} · deploy {"env":"${x}"} · after list`');
  });

  // Found by an adversarial pass: an agent step's line showed its description alone (`Summarise the PR — after a`): the
  // task it works on (`Call deploy with env prod`) and the tools it may call were nowhere in the preview, nor was a
  // reasoning step's description, the model's instruction, when a title stood in its place.
  it('shows the instruction a model gets and an agent’s tools in the plan preview, when the title is not it', async () => {
    const text = `name: p\ntools:\n  deploy:\n    description: Deploys\n    command: [cat]\nworkflow_sequence:\n  - { id: a, type: reasoning, title: Add, description: Add the numbers and say deploy now }\n  - { id: b, type: agent, description: Summarise the PR, task: Call deploy with env prod, tools: [deploy] }\n  - { id: c, type: agent, task: Read the diff }\n  - { id: d, type: reasoning, description: Say it }\n`;
    const loaded = await loadPlanText(text, 'plan.yml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(planPreviewLines(loaded.plan)).toEqual([
      '⬜ a. Add — can start at once · asks: Add the numbers and say deploy now',
      '⬜ b. Summarise the PR — may call deploy · after a · task: Call deploy with env prod',
      '⬜ c. Read the diff — after b',
      '⬜ d. Say it — after c',
    ]);
  });

  // Found by a hunting pass: a step a model writes has no title, so its description is both the title line, cut to
  // 100 characters, and the instruction: `mode: plan`'s reviewers saw `Add the numbers. … Add the number…` and never
  // the end of the instruction the model would get.
  it('shows the whole instruction of an untitled step whose description the title line cuts', async () => {
    const long = `${'Add the numbers. '.repeat(8)}Then say deploy now.`;
    const text = `name: p\nworkflow_sequence:\n  - { id: a, type: reasoning, description: ${long} }\n  - { id: b, type: agent, task: ${long} }\n  - { id: c, type: reasoning, description: Say it }\n`;
    const loaded = await loadPlanText(text, 'plan.yml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const [a, b, c] = planPreviewLines(loaded.plan);
    expect(a).toMatch(/ — can start at once · asks: (Add the numbers\. ){8}Then say deploy now\.$/);
    expect(b).toMatch(/ — after a · task: (Add the numbers\. ){8}Then say deploy now\.$/);
    expect(c).toBe('⬜ c. Say it — after b');
    expect(renderPlanPreview(loaded.plan, { redact: (t) => t, written: true })).toContain('asks: Add the numbers. Add the numbers. Add the numbers. Add the numbers. Add the numbers. Add the numbers. Add the numbers. Add the numbers. Then say deploy now.');
  });

  it('stays under the cap even when the checklist alone is too big', () => {
    // A run still going: its steps are all to come, and none may be left out for another.
    const steps = Array.from({ length: 5000 }, (_, i) => step(`s${i}`, 'd'.repeat(400)));
    const md = renderSummary(new RunScript(plan(steps)).record(), { redact: noRedaction });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MiB);
    expect(md).toContain('The summary was cut here');
  });

  // Titles were whole descriptions (a prompt of kilobytes), and when even the cut summary was too big
  // its end was cut off: a failure late in the plan, the replaced steps, the cost and the revisions went.
  it('keeps every failed step and the cost when thousands of steps do not fit', () => {
    const steps = Array.from({ length: 5000 }, (_, i) => step(`s${i}`, `Review part ${i}: ${'p'.repeat(3000)}`));
    const script = new RunScript(plan(steps));
    for (const s of steps) {
      if (s.key === 's4990' || s.key === 's350') script.fail(s.key, `LATE_FAILURE in ${s.key}`);
      else if (Number(s.key.slice(1)) < 4995) script.complete(s.key, `done ${s.key}`);
    }
    const record = script.finish('failed', usage(3, 100, 50, 0.25)).record();
    const md = renderSummary(record, { redact: noRedaction });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MiB);
    expect(md).not.toContain('The summary was cut here');
    expect(md).toContain('❌ **s350. Review part 350');
    expect(md).toMatch(/❌ \*\*s4990\. Review part 4990: p+…\*\*.* — LATE\\?_FAILURE in s4990$/m);
    expect(md).toContain('### Cost');
    // Titles are cut at 300 characters: the plan file has them whole.
    expect(md).not.toContain('p'.repeat(300));
    expect(md).toMatch(/_… [\d,]+ steps that completed or did not run left out here to stay under GitHub's 1 MiB limit; every step is in the trace file\._/);
  });
});
