import fc from 'fast-check';
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
      'step review: items 0 and 1 have the same key "web" as shown (they differ only in invisible or control characters, or in how an accented letter is encoded); make key: unique per item; no item was run',
    );
  });

  // Found by an adversarial pass: `café` typed on one system and `café` on another (e + U+0301, as macOS file
  // names are) show alike, and ran as two items that every view listed as `review[café]`, one ✅ and one ❌.
  it('refuses two keys that spell one accented letter two ways', () => {
    expect(() => expand(['caf\u00e9', 'cafe\u0301'])).toThrow(
      'step review: items 0 and 1 have the same key "caf\u00e9" as shown (they differ only in invisible or control characters, or in how an accented letter is encoded); make key: unique per item',
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

  // Found by an adversarial pass: a key naming a 1 MB item 600 times was filled in whole before its length was
  // checked; V8 gave up with "Invalid string length" (6,000 times: out of heap, no report).
  it('refuses a key that names a large item many times with the key message, filled in no further than the cap', () => {
    const planStep = step('each', ['list'], { forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail', key: '${item}'.repeat(600) } });
    const item = { pad: 'x'.repeat(1_000_000) };
    expect(() => expandForEach(planStep, { results: new Map([['list', [item]]]), inputs: {} }, 1000)).toThrow(
      /^step each: key \$\{item\}.{192}… gave "\{\\"pad\\":\\"x{55}…" \(more than 64 characters\) for item 0; a key must be 1 to 64 characters/,
    );
  });

  // Found by a review: the line was cut at the cap before its length was checked, and a cut before an emoji or a
  // trimmed blank left exactly 64 characters, so these keys ran as the 64 a's (two of them as one key).
  it.each(['a'.repeat(64) + '😀', 'a'.repeat(64) + ' 😀', 'a'.repeat(64) + ' 😀 more words'])('refuses a key past the cap that its cut leaves at 64 characters (%s)', (key) => {
    expect(() => expand([key])).toThrow(`gave "${'a'.repeat(63)}…" (more than 64 characters) for item 0; a key must be 1 to 64 characters`);
  });

  it('refuses a key exactly when the whole line, blanks made one space and trimmed, passes 64 characters', () => {
    const piece = fc.constantFrom('a'.repeat(20), 'a'.repeat(31), 'b', ' ', '\n\t ', '😀');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), fc.constantFrom('${item}', ' ${item}-${item} '), (pieces, key) => {
        const value = pieces.join('');
        const whole = key.replaceAll('${item}', value).replace(/\s+/g, ' ').trim();
        const planStep = step('each', ['list'], { forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail', key } });
        const children = () => expandForEach(planStep, { results: new Map([['list', [value]]]), inputs: {} }, 1000).map((child) => child.key);
        if (whole.length > 64) expect(children).toThrow('(more than 64 characters)');
        else if (whole !== '') expect(children()).toEqual([`each[${whole}]`]);
      }),
    );
  });

  it('takes a key of exactly 64 characters, with blanks at either end and an emoji at the end', () => {
    const key = 'a'.repeat(62) + '😀';
    expect(expand([`  ${key}  `, key.replace('a', 'b')])).toEqual([`review[${key}]`, `review[${key.replace('a', 'b')}]`]);
  });

  it('makes a key of blanks one space across the item and the template, as before the cap', () => {
    const planStep = step('each', ['list'], { forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail', key: '  pkg\t ${item.name}  ${item.name} ' } });
    const children = expandForEach(planStep, { results: new Map([['list', [{ name: ` a \n${' '.repeat(100_000)}b ` }]]]), inputs: {} }, 1000);
    expect(children.map((child) => child.key)).toEqual(['each[pkg a b a b]']);
  });
});

describe('a for_each list that is not a list', () => {
  // Found by an adversarial pass: `git diff --name-only` printed one file a line, and the step failed saying only
  // that its list "is text", with nothing on what to do.
  it('says a text result is never split into items, and how to return a list', () => {
    expect(() => expand('a.ts\nb.ts')).toThrow(
      'step review: for_each ${steps.list.result} is text ("a.ts\\nb.ts"), not a list or a map: text is never split into items; have step list return a JSON list (a command tool prints one on stdout, such as ["a.ts","b.ts"]); no item was run',
    );
  });

  it('says what to do with a null or a number', () => {
    expect(() => expand(null)).toThrow('for_each ${steps.list.result} is null, not a list or a map: have step list return a list ([] for no items), or point for_each at the list inside its result; no item was run');
    expect(() => expand(3)).toThrow('is a number, not a list or a map: have step list return a list');
  });
});
