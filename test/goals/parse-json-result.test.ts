import { describe, expect, it } from 'vitest';
import { jsonFences, parseJsonResult } from '../../src/goals/parse-json-result.ts';

describe('parseJsonResult', () => {
  it('reads JSON whole, or from the first json fence, which opens only at a line start', () => {
    expect(parseJsonResult('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonResult('Here it is, wrapped in ``` as asked:\n```json\n{"a":1}\n```')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonResult('Use ``` to fence:\n```\n[1,2]\n```')).toEqual({ ok: true, value: [1, 2] });
    expect(parseJsonResult('x\n   ```json\n{"c":3}\n   ```\n')).toEqual({ ok: true, value: { c: 3 } });
    expect(parseJsonResult('no json here').ok).toBe(false);
  });

  // Found by an adversarial pass: a block of {"approved": true}, then "Correction: … NOT approved: {"approved": false}"
  // in the words after it, passed a json_schema gate on the block.
  it('reads no block that an object in the words around it contradicts; the same object, or words alone, are fine', () => {
    const block = '```json\n{"approved": true}\n```';
    expect(parseJsonResult(`${block}\n\nCorrection: it leaks a secret, so NOT approved: {"approved": false}`)).toMatchObject({ ok: false, why: expect.stringContaining('JSON beside its code block that says otherwise ({"approved": false})') });
    // Found by a review: a restatement of a nested answer, or a part of it quoted, was refused, read from each brace.
    const nested = '```json\n{"approved": true, "meta": {"files": 3, "lines": 10}}\n```';
    expect(parseJsonResult(`Verdict: {"meta": {"lines": 10, "files": 3}, "approved": true}\n${nested}\nmeta is {"files": 3}`)).toMatchObject({ ok: true });
    expect(parseJsonResult(`${nested}\nOn a second look: {"meta": {"files": 4, "lines": 10}}`).ok).toBe(false);
    expect(parseJsonResult(`Draft: {"approved":false}\n${block}`).ok).toBe(false);
    expect(parseJsonResult(`${block}\nThat is {"approved": true}, as asked.`)).toEqual({ ok: true, value: { approved: true } });
    expect(parseJsonResult(`Here it is {as asked}:\n${block}\nDone.`)).toEqual({ ok: true, value: { approved: true } });
    // Code in another language is not an answer, nor is what a never closed fence holds read as one.
    expect(parseJsonResult(`\`\`\`js\nconst x = {"approved": false};\n\`\`\`\n${block}`)).toEqual({ ok: true, value: { approved: true } });
    expect(parseJsonResult(`${block}\n\`\`\`json\n{"approved": false}`).ok).toBe(false);
    // Found by a hunt of the goal kinds: a fence of words after the answer was read by nothing, and its correction passed.
    for (const info of ['text', 'markdown', 'plaintext']) {
      expect(parseJsonResult(`${block}\nCorrection, the real verdict:\n\`\`\`${info}\n{"approved": false}\n\`\`\``)).toMatchObject({ ok: false, why: expect.stringContaining('says otherwise ({"approved": false})') });
    }
    expect(parseJsonResult(`${block}\n\`\`\`text\nApproved, as the block says: {"approved": true}\n\`\`\``)).toEqual({ ok: true, value: { approved: true } });
  });

  // Found by an adversarial hunt: words past the bounds of that reading were never read, and a correction there passed.
  // Found by a hunt of the goal kinds: only an object was looked for in the words, so a list or a flag the words took back
  // passed: `maxItems: 0` on a block of `[]` beside "Correction: the list is ["src/auth.ts"]".
  it('reads no list or flag that the words around it take back; the same one, or words alone, are fine', () => {
    expect(parseJsonResult('```json\n[]\n```\nCorrection: the list is ["src/auth.ts"], not empty.')).toMatchObject({ ok: false, why: expect.stringContaining('says otherwise (["src/auth.ts"])') });
    expect(parseJsonResult('```json\ntrue\n```\nCorrection: the answer is false.')).toMatchObject({ ok: false, why: expect.stringContaining('says otherwise (false)') });
    expect(parseJsonResult('```json\n["a"]\n```\nThat is ["a"], as asked.')).toMatchObject({ ok: true, value: ['a'] });
    expect(parseJsonResult('```json\ntrue\n```\nIt is true.')).toMatchObject({ ok: true, value: true });
    expect(parseJsonResult('```json\n[]\n```\nNo files are flagged.')).toMatchObject({ ok: true, value: [] });
  });

  it('reads no block beside words it cannot read whole', () => {
    const block = '```json\n{"approved": true}\n```';
    // Keys that open objects that never close: each is read on to the end, and the budget (twice the words) runs out.
    const unclosed = 'It reads {"path": "a", then {"path": "b", then {"path": "c", and stops.';
    expect(parseJsonResult(`${block}\n${unclosed}\nCorrection: {"approved": false}`)).toMatchObject({ ok: false, why: expect.stringContaining('more braces that open no object than can be read') });
    const objects = Array.from({ length: 1_001 }, (_, i) => `{"file": ${i}}`).join(', ');
    expect(parseJsonResult(`${block}\nFiles: ${objects}`)).toMatchObject({ ok: false, why: expect.stringContaining('more than 1000 objects') });
    expect(parseJsonResult(`${block}\nFiles: ${objects.split(', ').slice(0, 1_000).join(', ')}`)).toEqual({ ok: true, value: { approved: true } });
    // Braces that open no key cost a look each: 16 MB of them is read in one pass.
    expect(parseJsonResult(`${block}\n${'{'.repeat(16 * 1024 * 1024)}`)).toEqual({ ok: true, value: { approved: true } });
  });

  it('lists every json fence, skipping fences of other languages', () => {
    expect(jsonFences('```python\nprint(1)\n```\n```json\n{"a":1}\n```\ntext\n```\n{"b":2}\n```')).toEqual(['{"a":1}', '{"b":2}']);
    expect(jsonFences('```'.repeat(10_000))).toEqual([]);
  });
});
