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

  it('lists every json fence, skipping fences of other languages', () => {
    expect(jsonFences('```python\nprint(1)\n```\n```json\n{"a":1}\n```\ntext\n```\n{"b":2}\n```')).toEqual(['{"a":1}', '{"b":2}']);
    expect(jsonFences('```'.repeat(10_000))).toEqual([]);
  });
});
