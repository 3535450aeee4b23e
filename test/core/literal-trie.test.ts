import fc from 'fast-check';
import { expect, it } from 'vitest';
import { literalTrie } from '../../src/core/literal-trie.ts';

const finds = (words: string[], text: string): boolean => new RegExp(literalTrie(words)!).test(text);

it('finds a text holding any of the words, as their alternation does, and nothing else', () => {
  // Few characters, so words share starts, one is another's start, and texts hold them; regex syntax and a surrogate among them.
  const unit = fc.constantFrom('a', 'b', 'c', '.', '*', '(', '|', '\\', '$', '\ud83d', '\ude00');
  const word = fc.array(unit, { minLength: 1, maxLength: 6 }).map((units) => units.join(''));
  const text = fc.array(unit, { maxLength: 24 }).map((units) => units.join(''));
  fc.assert(
    fc.property(fc.array(word, { minLength: 1, maxLength: 12 }), text, (words, text) => {
      expect(finds(words, text)).toBe(words.some((one) => text.includes(one)));
      expect(finds(words, text)).toBe(new RegExp(words.map((one) => one.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')).test(text));
    }),
    { numRuns: 2_000 },
  );
});

it('shares the words’ starts, and nests its groups only so deep', () => {
  expect(literalTrie(['abc', 'abd', 'x'])).toBe('(?:ab(?:c|d)|x)');
  expect(literalTrie(['ab', 'abc'])).toBe('ab(?:c)?');
  expect(literalTrie([])).toBeUndefined();
  // Each word the start of the next, 200 deep: the parser's recursion is not.
  const chain = Array.from({ length: 200 }, (_, length) => 'q'.repeat(length + 1) + 'z');
  const pattern = new RegExp(literalTrie(chain)!);
  expect(pattern.test(`${'q'.repeat(150)}z`)).toBe(true);
  expect(pattern.test('q'.repeat(300))).toBe(false);
});
