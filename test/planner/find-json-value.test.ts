import { describe, expect, it } from 'vitest';
import { findJsonValue } from '../../src/planner/find-json-value.ts';

describe('findJsonValue', () => {
  it('finds the whole answer, a fenced block, or the first balanced value in prose', () => {
    expect(findJsonValue('{"fits": true}')).toEqual({ ok: true, value: { fits: true } });
    expect(findJsonValue('Here:\n```json\n[1, 2]\n```\nDone.')).toEqual({ ok: true, value: [1, 2] });
    expect(findJsonValue('My verdict is {"fits": false, "reason": "step 3 failed"} as asked.')).toEqual({ ok: true, value: { fits: false, reason: 'step 3 failed' } });
    expect(findJsonValue('nothing here')).toMatchObject({ ok: false, problem: expect.stringContaining('the answer holds no JSON') });
  });

  // 356dd0f bounded the search at 4 times the answer's length: each bracket the prose opens and never closes
  // is scanned to the end, so five of them before the value used the bound up, and a replan was refused
  // as "no JSON" (found by a review).
  it('finds the value after prose that opens brackets it never closes', () => {
    const steps = Array.from({ length: 5 }, (_, n) => ({ id: `fetch_${n}`, type: 'tool_call', tool: 'http_get', description: `Fetch page ${n}`, args: { url: `https://api.example.com/v1/items?from=${n * 100}` } }));
    const answer = `The failed step fetched everything at once. I split it into pages [0,100), [100,200), [200,300), [300,400) and [400,500):\n\n${JSON.stringify({ steps }, null, 2)}`;
    expect(findJsonValue(answer)).toEqual({ ok: true, value: { steps } });
  });
});
