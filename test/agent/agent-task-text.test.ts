import { describe, expect, it } from 'vitest';
import { MAX_REFERENCED_CHARS } from '../../src/plan/resolve-references.ts';
import { resolveTaskText, TASK_DATA_CHAR_LIMIT } from '../../src/steps/agent/resolve-task-text.ts';
import { UNTRUSTED_CHAR_LIMIT } from '../../src/security/sanitize-untrusted.ts';

const blocksIn = (text: string): number => text.match(/^<data /gm)?.length ?? 0;

describe("an agent task's references", () => {
  // Found by an adversarial pass: a task naming a 900 KB result 5,000 times sent a 160 MB prompt (40 million tokens).
  it('gives a result named 1,000 times one data block, the markers all pointing at it', () => {
    const result = `${'word '.repeat(20)}\n`.repeat(9_000);
    const text = resolveTaskText(`Summarise ${'${steps.a.result} '.repeat(1_000)}`, { results: new Map([['a', result]]), inputs: {} });
    expect(blocksIn(text)).toBe(1);
    expect(text.match(/\[data 1\]/g)?.length).toBeGreaterThan(100);
    expect(text).not.toContain('[data 2]');
    expect(text.length).toBeLessThan(8_000 + TASK_DATA_CHAR_LIMIT);
  });

  it('shares a fixed room among the blocks in the order the task names them, each value cut to its share', () => {
    const results = new Map(['a', 'b', 'c'].map((key) => [key, key.repeat(30_000)]));
    const text = resolveTaskText('Compare ${steps.a.result}, ${steps.b.result} and ${steps.c.result}', { results, inputs: {} });
    expect(blocksIn(text)).toBe(3);
    for (const [ref, key] of [['1', 'a'], ['2', 'b'], ['3', 'c']] as const) {
      expect(text).toMatch(new RegExp(`<data ref="${ref}" reference="\\$\\{steps\\.${key}\\.result\\}">\\n${key}{21000,}…\\n\\[cut: [\\d,]+ more characters; full value in the trace\\]\\n</data>`));
    }
    expect(text).not.toContain('left out for room');
    expect(text.length).toBeLessThan(200 + TASK_DATA_CHAR_LIMIT);
  });

  // Found by a review: the room was two values' text, and the first value's wrapper and cut note left the second no
  // room: it was left out whole, against the limit's stated intent.
  it('shows two values of UNTRUSTED_CHAR_LIMIT whole', () => {
    const results = new Map([['a', 'a'.repeat(UNTRUSTED_CHAR_LIMIT)], ['b', 'b'.repeat(UNTRUSTED_CHAR_LIMIT)]]);
    const text = resolveTaskText('Compare ${steps.a.result} with ${steps.b.result}', { results, inputs: {} });
    expect(text).toBe(`Compare [data 1] with [data 2]\n\n<data ref="1" reference="\${steps.a.result}">\n${results.get('a')}\n</data>\n\n<data ref="2" reference="\${steps.b.result}">\n${results.get('b')}\n</data>`);
  });

  it('shows two longer values each cut to UNTRUSTED_CHAR_LIMIT', () => {
    const results = new Map([['a', 'a'.repeat(100_000)], ['b', 'b'.repeat(100_000)]]);
    const text = resolveTaskText('Compare ${steps.a.result} with ${steps.b.result}', { results, inputs: {} });
    expect(blocksIn(text)).toBe(2);
    expect(text).toContain(`${'a'.repeat(UNTRUSTED_CHAR_LIMIT)}…\n[cut: 68,000 more characters; full value in the trace]\n</data>`);
    expect(text).toContain(`${'b'.repeat(UNTRUSTED_CHAR_LIMIT)}…\n[cut: 68,000 more characters; full value in the trace]\n</data>`);
  });

  // Found by a review: each reference past the words' 8,000-character cut still had a block, and each left out a note
  // of its own: 5,000 small references made a 497,556-character prompt.
  it('gives blocks only to the references whose markers the cut words still hold', () => {
    const list = Array.from({ length: 5_000 }, (_, index) => `v${index}`);
    const task = `Check ${list.map((_, index) => `\${steps.a.result[${index}]}`).join(' ')}`;
    const text = resolveTaskText(task, { results: new Map([['a', list]]), inputs: {} });
    const words = text.slice(0, text.indexOf('\n\n<data '));
    const marked = words.match(/\[data \d+\]/g)!.length;
    expect(marked).toBeGreaterThan(500);
    expect(blocksIn(text)).toBe(marked);
    expect(text).toContain(`<data ref="${marked}" reference="\${steps.a.result[${marked - 1}]}">\nv${marked - 1}\n</data>`);
    expect(text).not.toContain('left out for room');
    expect(text.length).toBeLessThan(8_100 + TASK_DATA_CHAR_LIMIT);
  });

  it('leaves out the references that do not fit with a little of their values each, in one line', () => {
    const list = Array.from({ length: 5_000 }, (_, index) => `${index} `.padEnd(1_000, 'x'));
    const task = `Check ${list.map((_, index) => `\${steps.a.result[${index}]}`).join(' ')}`;
    const text = resolveTaskText(task, { results: new Map([['a', list]]), inputs: {} });
    const shown = blocksIn(text);
    const marked = text.slice(0, text.indexOf('\n\n<data ')).match(/\[data \d+\]/g)!.length;
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThan(marked);
    expect(text).toContain(`<data ref="${shown}" reference="\${steps.a.result[${shown - 1}]}">\n${shown - 1} x`);
    expect(text.endsWith(`</data>\n\n[data ${shown + 1}–${marked} left out for room: the task's data takes at most 66,000 characters; work from the data above]`)).toBe(true);
    expect(text.match(/left out for room/g)).toHaveLength(1);
    expect(text.length).toBeLessThan(8_100 + TASK_DATA_CHAR_LIMIT + 200);
  });

  // Found by an adversarial pass: the agent failed ("step sales has no result"), where the README says it still runs.
  it('gives a step that failed or was skipped a block saying it is missing and why, as a model step’s prompt does', () => {
    const why = 'step sales failed: tool exited with status 1';
    const sources = { results: new Map([['returns', 'RETURNS-4%']]), inputs: {}, missing: new Map([['sales', why]]) };
    const text = resolveTaskText('Summarise ${steps.sales.result.total} and ${steps.returns.result}', sources);
    expect(text).toContain(`<data ref="1" reference="\${steps.sales.result.total}" missing="true">\n(no result: this input is missing because ${why}; work without it and say what is missing)\n</data>`);
    expect(text).toContain('<data ref="2" reference="${steps.returns.result}">\nRETURNS-4%\n</data>');
    // A step the run knows nothing of still fails the step: its references were checked before it ran.
    expect(() => resolveTaskText('Summarise ${steps.other.result}', sources)).toThrow('step other has no result (it has not completed)');
  });

  it('counts the task’s references against one budget, as one step’s arguments', () => {
    const results = new Map(Array.from({ length: 9 }, (_, index) => [`r${index}`, 'x'.repeat(1_000_000)]));
    const task = Array.from({ length: 9 }, (_, index) => `\${steps.r${index}.result}`).join(' ');
    expect(() => resolveTaskText(task, { results, inputs: {} })).toThrow(`more than the ${MAX_REFERENCED_CHARS.toLocaleString('en-US')} a step may pass on`);
    // A reference past the words' cut, which no prompt shows, takes nothing from that budget (found by a re-read).
    const hidden = `${task} ${'word '.repeat(2_000)}${Array.from({ length: 9 }, (_, index) => `\${steps.r${index}.result}`).join(' ')}`;
    const few = `\${steps.r0.result} ${'word '.repeat(2_000)}${task}`;
    expect(() => resolveTaskText(hidden, { results, inputs: {} })).toThrow('a step may pass on');
    expect(resolveTaskText(few, { results, inputs: {} })).toContain('[data 1]');
  });
});
