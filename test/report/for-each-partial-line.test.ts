import { describe, expect, it } from 'vitest';
import { cutNote } from '../../src/core/cut-note.ts';
import type { RunRecord } from '../../src/core/run-record.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { checklistLines } from '../../src/report/checklist.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { stepLogGroups } from '../../src/action/step-log-groups.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { recordingIO } from '../action/recording-io.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

// Found by an adversarial pass: a for_each step over a pull request's first 2 files of more (its list's tool cut
// it) read `✅ review. review_file — 2/2 done` in the log, the PR comment and the job summary, though the run
// recorded why its result lacks work: a review over a cut list read as fully done.
describe('a for_each step whose result lacks work', () => {
  const PLAN = `name: Review
workflow_sequence:
  - { id: files, type: tool_call, tool: list_changed, args: {} }
  - { id: review, type: tool_call, tool: review_file, for_each: "\${steps.files.result.files}", args: { name: "\${item}" }, on_item_failure: continue }
`;
  const tools = (note: string, failing?: string): Tool[] => [
    { name: 'list_changed', description: 'Changed files', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ({ note: cutNote(note), files: ['a.ts', 'b.ts', 'c.ts'] }) },
    {
      name: 'review_file',
      description: 'Reviews a file',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
      sideEffects: false,
      execute: async (args) => {
        if (args.name === failing) throw new Error(`no such file ${failing}`);
        return `ok ${String(args.name)}`;
      },
    },
  ];
  const run = (note: string, failing?: string) => runOfflineJob({ plan: PLAN, extraTools: tools(note, failing), script: () => ({ kind: 'raw', body: {} }) });
  const recordOf = (job: Awaited<ReturnType<typeof run>>): RunRecord => (job.outcome.kind === 'ran' ? job.outcome.run.record : newRunRecord());
  const WHY = 'result partial: its for_each list comes from the result of step files, which its tool cut ([cut: the pull request changes more than 3 files; showing the first 3])';

  it('says on its line, after its counts, that its list was cut and by which step, in the log, the PR comment and the summary', async () => {
    const job = await run('the pull request changes more than 3 files; showing the first 3');
    expect(checklistLines(recordOf(job)).find((line) => line.startsWith('✅ review.'))).toContain(`— 3/3 done — ${WHY}`);
    expect(job.comment).toMatch(/- ✅ review\. review_file — 3\/3 done — result partial: its for_each list comes from the result of step files, which its tool cut \(\\\[cut: the pull request/);
    expect(job.summary).toMatch(/✅ \*\*review\. review_file\*\* · [^\n]*— 3\/3 done — result partial: its for_each list comes from the result of step files, which its tool cut \(\\\[cut: the pull request/);
    // The trace carries it, so a report made from the trace alone (the post step, a resume) says it too.
    const folded = job.trace.reduce((record, line) => applyEvent(record, line as never), newRunRecord());
    expect(checklistLines(folded).find((line) => line.startsWith('✅ review.'))).toContain(WHY);
  });

  it('keeps saying its result is partial where the lines are too long for results (a cut PR comment, a log group’s title)', async () => {
    const job = await run('the pull request changes more than 3 files; showing the first 3');
    const record = recordOf(job);
    const whole = renderComment(record, { marker: commentMarker('plan.yml'), redact: (text) => text });
    const cut = renderComment(record, { marker: commentMarker('plan.yml'), redact: (text) => text, maxChars: whole.length - 20 });
    expect(cut).toContain('Results were left out of this comment');
    expect(cut).toContain('- ✅ review. review_file — 3/3 done — result partial');
    const { io, said } = recordingIO();
    const listener = stepLogGroups(io, createRedactor());
    for (const event of job.events) listener(event as RunEvent, undefined as never);
    expect(said.groups.find((group) => group.title.includes('Step review'))?.title).toMatch(/— completed in 0 ms — 3\/3 done — result partial: its for_each list comes from the result of step files/);
  });

  // Found by an adversarial pass: the items that failed were the only gap recorded, so the cut went unsaid.
  it('says its list was cut when some of its items failed too, not only that they failed', async () => {
    const GOAL = 'goals:\n  - { name: no file fails, of: review, not_contains: FAIL }\n';
    const job = await runOfflineJob({ plan: `${PLAN}${GOAL}`, extraTools: tools('the pull request changes more than 3 files; showing the first 3', 'c.ts'), script: () => ({ kind: 'raw', body: {} }) });
    const line = checklistLines(recordOf(job)).find((text) => text.startsWith('✅ review.'));
    expect(line).toContain('— 2/3 done, 1 failed — result partial: its for_each list comes from the result of step files, which its tool cut');
    expect(line).toContain('so the items past the cut never ran; and 1 of 3 items failed and are null in the list (review[2]: no such file c.ts)');
    expect(job.summary).toMatch(/\*\*review\. review_file\*\* · [^\n]*— 2\/3 done, 1 failed — result partial: its for_each list comes from the result of step files/);
    // The goal says so too, and what to do about the cut.
    const goals = job.outcome.kind === 'ran' ? job.outcome.goals : [];
    expect(goals[0]).toMatchObject({ outcome: 'error', evidence: expect.stringContaining('which its tool cut') });
    expect(goals[0]?.evidence).toContain('have step files return all of its list');
  });

  it('escapes and redacts the reason as the rest of the line', async () => {
    const job = await run('showing the first 3 of *all* files, token sk-secret-123456');
    const record = recordOf(job);
    const redact = (text: string): string => text.replaceAll('sk-secret-123456', '***');
    const comment = renderComment(record, { marker: commentMarker('plan.yml'), redact });
    const summary = renderSummary(record, { redact, limits: { maxModelCalls: 10, maxTokens: 1000 } } as never);
    for (const text of [comment, summary]) {
      expect(text).not.toContain('sk-secret-123456');
      expect(text).toMatch(/3\/3 done — result partial: [^\n]*showing the first 3 of \\\*all\\\* files, token \\\*\\\*\\\*/);
    }
  });

  it('says nothing of a gap when its list was whole', async () => {
    const PLAIN = PLAN.replace('{ note: cutNote(note), ', '{ ');
    const job = await runOfflineJob({ plan: PLAIN, extraTools: [tools('x')[1]!, { ...tools('x')[0]!, execute: async () => ({ files: ['a.ts'] }) }], script: () => ({ kind: 'raw', body: {} }) });
    expect(`${job.comment}${job.summary}${checklistLines(recordOf(job)).join('\n')}`).not.toContain('result partial');
    expect(job.comment).toContain('- ✅ review. review_file — 1/1 done');
  });
});
