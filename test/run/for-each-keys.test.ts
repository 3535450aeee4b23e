import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { expandForEach } from '../../src/run/expand-for-each.ts';
import { step } from './fake-steps.ts';

function mapped(): PlanStep {
  return step('review', ['list'], { forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail', key: '${item}' } });
}

/** The child keys of `review` over `list`. */
function expand(list: unknown): string[] {
  return expandForEach(mapped(), { results: new Map([['list', list]]), inputs: {} }, 1000).map((child) => child.key);
}

describe('for_each item keys', () => {
  it('keys each child by its item’s key, emoji with their joiners included', () => {
    expect(expand(['web', 'api', '👩\u200d💻'])).toEqual(['review[web]', 'review[api]', 'review[👩\u200d💻]']);
  });

  // Found by an adversarial pass: `web` and `web` + U+200B were two items; the checklist, the summary and the log
  // showed `review[web]` twice, one ✅ and one ❌, and no reader could tell which item failed.
  it('refuses two keys that differ only in a character that does not show', () => {
    expect(() => expand(['web', 'web\u200b'])).toThrow(
      'step review: items 0 and 1 have the same key "web" as shown (they differ only in invisible or control characters); make key: unique per item; no item was run',
    );
  });

  it('refuses a control character beside the symbol every view shows for it', () => {
    expect(() => expand(['a\u0000', 'a\u2400'])).toThrow('items 0 and 1 have the same key "a\u2400" as shown');
  });

  it('refuses a key that shows nothing (review[] in every view)', () => {
    expect(() => expand(['web', '\u200b\u2060'])).toThrow('a key must be 1 to 64 characters, one visible at least, without [ or ]');
  });

  it('still names two equal keys plainly', () => {
    expect(() => expand(['web', ' web '])).toThrow('step review: items 0 and 1 have the same key "web"; make key: unique per item');
  });
});
