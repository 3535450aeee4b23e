import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { gappedTraceCopy } from '../../src/core/trace-gap.ts';
import { parseResumeTrace } from '../../src/run/read-resume-trace.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-gapped-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// A trace whose writer failed midway (a full disk) was saved and resumed as if complete: the events after
// the failure, a call with side effects among them, were missing, and the resume made that call again
// (found by a review). Such a trace is now kept ending in a gap line, which every resume refuses.
it('a trace its writer could not finish ends in a gap line, and no resume reads it', async () => {
  const file = path.join(dir, 'trace.jsonl');
  const started = JSON.stringify({ ts: '2026-12-02T00:00:00.000Z', type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [] } });
  await writeFile(file, `${started}\n{"ts":"2026-12-02T00:00:01.000Z","type":"step_sta`);
  for (const copy of [path.join(dir, 'state.jsonl'), file]) {
    expect(gappedTraceCopy(file, copy, 'the trace writer failed')).toBe(copy);
    const text = await readFile(copy, 'utf8');
    expect(text.split('\n').filter(Boolean).at(-1)).toContain('"type":"trace_gap"');
    const read = parseResumeTrace({ file: copy, text }, 'p');
    // The copy says why; the trace itself, its cut line kept, reads as damaged: refused either way.
    expect(read).toMatchObject({ ok: false, problem: expect.stringMatching(copy === file ? /the trace is damaged/ : /the trace is incomplete/) });
  }
});
