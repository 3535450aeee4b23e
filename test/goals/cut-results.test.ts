import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileTool } from '../../src/tools/files/read-file-tool.ts';
import { capText } from '../../src/tools/github/cap-text.ts';
import { listFilesTool } from '../../src/tools/files/list-files-tool.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { cutNote } from '../../src/core/cut-note.ts';
import { checkGoal, finishedRun } from './goal-fixtures.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'plan-runner-cut-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// Found by an adversarial pass: read_file returned the first 256 KiB of a 312 KiB log, the key and the
// FATAL line were past the cut, and `not_contains` passed the merge gate on the part it was given.
describe('a result a tool cut', () => {
  it('passes no check that must read all of it, and still fails one on what the part shows', async () => {
    await writeFile(join(root, 'big.log'), `${'ok line\n'.repeat(40)}AKIAIOSFODNN7EXAMPLE FATAL\n`);
    const read = (await readFileTool({ root, maxBytes: 200 }).execute({ path: 'big.log' }, { signal: new AbortController().signal } as never)) as string;
    expect(read).toMatch(/^\[cut: file is \d+ B; showing the first 200 B\]\n/);
    for (const definition of [{ not_contains: 'AKIA' }, { max_chars: 10_000 }, { max_words: 1_000 }, { every_sentence_matches: 'ok' }, { matches: '^[^F]*$' }, { command: ['true'] }]) {
      const result = await checkGoal(definition, finishedRun(read));
      expect(result, JSON.stringify(definition)).toMatchObject({ outcome: 'error', evidence: expect.stringMatching(/^could not evaluate: the result holds only part of what its tool read \(\[cut: file is/) });
    }
    // What the part shows is in the whole: a failure on it stands.
    expect(await checkGoal({ not_contains: 'ok line' }, finishedRun(read))).toMatchObject({ outcome: 'unmet' });
    expect(await checkGoal({ max_chars: 10 }, finishedRun(read))).toMatchObject({ outcome: 'unmet' });
    // And checks that a part can decide are decided on it.
    expect(await checkGoal({ contains: 'ok line' }, finishedRun(read))).toMatchObject({ outcome: 'met' });
  });

  // Found by a review: a walk that stopped early, a pull request's file list past its cap, and a note split by a
  // line break in a pattern were not seen as cuts.
  it('is found for every tool that returns part of what it read', async () => {
    await writeFile(join(root, 'a.txt'), 'x');
    await writeFile(join(root, 'b.txt'), 'x');
    const walked = (await listFilesTool({ root, redact: createRedactor(), walk: { maxFiles: 1 } }).execute({ pattern: '*.txt' }, { signal: new AbortController().signal } as never)) as string;
    expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun(walked))).toMatchObject({ outcome: 'error' });
    expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun({ note: cutNote('the pull request changes more than 300 files; showing the first 300'), files: [] }))).toMatchObject({ outcome: 'error' });
    expect(cutNote('2 files match \'a\nb\'')).toBe("[cut: 2 files match 'a b']");
  });

  it('is found in a field of a structured result (a pull request body capped by the github tools)', async () => {
    const pull = { number: 5, body: capText(`${'x'.repeat(100)} AKIAIOSFODNN7EXAMPLE`, 50, 'the body') };
    expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun(pull))).toMatchObject({ outcome: 'error' });
    expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun({ number: 5, body: 'whole' }))).toMatchObject({ outcome: 'met' });
    // A schema can say what must not be there too (found by an adversarial pass: a pull request's file list cut at
    // 300 passed "no workflow file changed"); what it says must be there still fails on the part.
    const noKey = { json_schema: { type: 'object', properties: { body: { type: 'string', not: { pattern: 'AKIA' } } } } };
    expect(await checkGoal(noKey, finishedRun(pull))).toMatchObject({ outcome: 'error', evidence: expect.stringContaining('passes only on all of it') });
    expect(await checkGoal(noKey, finishedRun({ number: 5, body: 'whole' }))).toMatchObject({ outcome: 'met' });
    expect(await checkGoal({ json_schema: { type: 'object', required: ['title'] } }, finishedRun(pull))).toMatchObject({ outcome: 'unmet' });
  });
});

// Found by an adversarial hunt: a for_each over the files of a pull request of 350, cut by its tool to the first
// 300, reviewed 300; a goal on the reviews (a judge, `not_contains: FAIL`) passed on them, and files 301 on were
// never reviewed. The cut note was in the listing's result, not in the list its items were drawn from.
describe('a for_each over a list drawn from a result its tool cut', () => {
  const PLAN = `name: Review
workflow_sequence:
  - { id: files, type: tool_call, tool: list_changed, args: {} }
  - { id: review, type: tool_call, tool: review_file, for_each: "\${steps.files.result.files}", args: { name: "\${item}" } }
goals:
  - { name: no file fails, of: review, not_contains: FAIL }
  - { name: a file was reviewed, of: review, contains: ok }
`;
  const tools = (cut: boolean): Tool[] => [
    { name: 'list_changed', description: 'Changed files', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ({ ...(cut && { note: cutNote('the pull request changes more than 2 files; showing the first 2') }), files: ['a.ts', 'b.ts'] }) },
    { name: 'review_file', description: 'Reviews a file', inputSchema: { type: 'object', properties: { name: { type: 'string' } } }, sideEffects: false, execute: async (args) => `ok ${String(args.name)}` },
  ];
  const goalsOf = async (cut: boolean) => {
    const job = await runOfflineJob({ plan: PLAN, extraTools: tools(cut), script: () => ({ kind: 'raw', body: {} }) });
    return job.outcome.kind === 'ran' ? job.outcome.goals : [];
  };

  it('is not whole: a goal a part could pass is not evaluated on its step, and one a part decides is', async () => {
    const [whole, some] = await goalsOf(true);
    expect(whole).toMatchObject({ outcome: 'error', evidence: expect.stringContaining('the result of step review lacks work the run left undone (step review: its for_each list comes from the result of step files, which its tool cut ([cut: the pull request changes more than 2 files; showing the first 2]), so the items past the cut never ran), and `not_contains` passes only on all of it: have step files return all of its list') });
    expect(some).toMatchObject({ outcome: 'met' });
  });

  it('drawn from a whole result is checked as usual', async () => {
    expect((await goalsOf(false)).map((goal) => goal.outcome)).toEqual(['met', 'met']);
  });
});

// Found by an adversarial pass: the run and its goals decided in two places whether a result lacks work, and the
// run did not know the cut-list rule: a tool step counting the reviews of a for_each step over a cut list (a pull
// request's first 2 files of more) was not partial, so "no file fails" passed on the reviews of the files it was
// given, and a model step after it was not told.
describe('a step given the result of a for_each over a list drawn from a cut result', () => {
  const countFails: Tool = {
    name: 'count_fails',
    description: 'Counts the reviews that say FAIL',
    inputSchema: { type: 'object', properties: { reviews: { type: 'array' } } },
    sideEffects: false,
    execute: async (args) => ({ failures: (args.reviews as unknown[]).filter((review) => String(review).includes('FAIL')).length }),
  };
  const listChanged = (cut: boolean): Tool => ({
    name: 'list_changed',
    description: 'Changed files',
    inputSchema: { type: 'object' },
    sideEffects: false,
    execute: async () => ({ ...(cut && { note: cutNote('the pull request changes more than 2 files; showing the first 2') }), files: ['a.ts', 'b.ts'] }),
  });
  const plan = (review: string) => `name: Review
workflow_sequence:
  - { id: files, type: tool_call, tool: list_changed, args: {} }
  - ${review}
  - { id: count, type: tool_call, tool: count_fails, args: { reviews: "\${steps.review.result}" } }
  - { id: verdict, type: reasoning, description: Say whether a file fails, depends_on: [count] }
goals:
  - { name: no file fails, of: count, json_schema: { type: object, properties: { failures: { const: 0 } }, required: [failures] } }
  - { name: zero failures, of: count, equals: "{\\n  \\"failures\\": 0\\n}" }
`;
  const BY_MODEL = '{ id: review, type: reasoning, description: "Review ${item}", for_each: "${steps.files.result.files}" }';
  const BY_TOOL = '{ id: review, type: tool_call, tool: review_file, for_each: "${steps.files.result.files}", args: { name: "${item}" } }';
  const reviewFile: Tool = { name: 'review_file', description: 'Reviews a file', inputSchema: { type: 'object', properties: { name: { type: 'string' } } }, sideEffects: false, execute: async (args) => `ok ${String(args.name)}` };
  const run = (review: string, cut: boolean) =>
    runOfflineJob({ plan: plan(review), extraTools: [listChanged(cut), countFails, reviewFile], script: () => ({ kind: 'raw', body: { choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'ok' } }], usage: { prompt_tokens: 1, completion_tokens: 1 } } }) });

  for (const [who, review] of [['a model', BY_MODEL], ['a tool', BY_TOOL]] as const) {
    it(`makes the counting tool step’s result partial, and tells the model step after it, when ${who} reviews each item`, async () => {
      const job = await run(review, true);
      const goals = job.outcome.kind === 'ran' ? job.outcome.goals : [];
      expect(goals.map((goal) => goal.outcome)).toEqual(['error', 'error']);
      expect(goals[0]?.evidence).toContain('the result of step count lacks work the run left undone (step count: its tool was given the result of step review, which lacks work (step review: its for_each list comes from the result of step files, which its tool cut');
      expect(job.summary).toMatch(/\*\*count\. [^\n]*result partial: its tool was given the result of step review/);
      const last = job.server.requests.at(-1);
      expect(JSON.stringify(last?.body)).toContain('[incomplete: its tool was given the result of step review, which lacks work');
    });
  }

  it('checks the count as usual when the list was whole', async () => {
    const job = await run(BY_MODEL, false);
    expect((job.outcome.kind === 'ran' ? job.outcome.goals : []).map((goal) => goal.outcome)).toEqual(['met', 'met']);
  });
});
