import { describe, expect, it } from 'vitest';
import { MAX_REFERENCED_CHARS } from '../../src/plan/resolve-references.ts';
import { resolveTaskText, TASK_DATA_CHAR_LIMIT } from '../../src/steps/agent/resolve-task-text.ts';

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

  it('fits the blocks in a fixed room, in the order the task names them, and says which were left out', () => {
    const results = new Map(['a', 'b', 'c'].map((key) => [key, key.repeat(30_000)]));
    const text = resolveTaskText('Compare ${steps.a.result}, ${steps.b.result} and ${steps.c.result}', { results, inputs: {} });
    expect(blocksIn(text)).toBe(2);
    expect(text).toContain('<data ref="1" reference="${steps.a.result}">');
    expect(text).toContain('<data ref="2" reference="${steps.b.result}">');
    expect(text).toContain("[data 3 left out for room: the task's data takes at most 64,000 characters; work from the data above]");
    expect(text.length).toBeLessThan(200 + TASK_DATA_CHAR_LIMIT);
  });

  it('counts the task’s references against one budget, as one step’s arguments', () => {
    const results = new Map(Array.from({ length: 9 }, (_, index) => [`r${index}`, 'x'.repeat(1_000_000)]));
    const task = Array.from({ length: 9 }, (_, index) => `\${steps.r${index}.result}`).join(' ');
    expect(() => resolveTaskText(task, { results, inputs: {} })).toThrow(`more than the ${MAX_REFERENCED_CHARS.toLocaleString('en-US')} a step may pass on`);
  });
});
