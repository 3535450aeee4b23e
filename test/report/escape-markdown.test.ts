import { describe, expect, it } from 'vitest';
import { escapeInlineMarkdown, escapeMarkdown } from '../../src/report/markdown/escape-markdown.ts';

describe('escapeInlineMarkdown', () => {
  it.each([
    ["this week's sales", "this week's sales"],
    ['2 + 3 = 5, (a) and {b}', '2 + 3 = 5, (a) and {b}'],
    ['fetch_sales_data, 12.5% and 2026-W48', 'fetch_sales_data, 12.5% and 2026-W48'],
    ['a < b > c & d; C# "quoted"', 'a < b > c & d; C# "quoted"'],
    ['C:\\temp\\x', 'C:\\temp\\x'],
  ])('leaves plain prose as written: %s', (text, escaped) => {
    expect(escapeInlineMarkdown(text)).toBe(escaped);
  });

  it.each([
    ['**bold** _em_ ~~gone~~ `code`', '\\*\\*bold\\*\\* \\_em\\_ \\~\\~gone\\~\\~ \\`code\\`'],
    ['<img src=x onerror=alert(1)> <!-- c --> </b>', '\\<img src=x onerror=alert(1)> \\<!-- c --> \\</b>'],
    ['[link](http://evil) ![i](x)', '\\[link](http\\://evil) !\\[i](x)'],
    ['see https://evil.example and www.evil.example', 'see https\\://evil.example and www\\.evil.example'],
    ['ping @octocat about #12', 'ping \\@octocat about \\#12'],
    ['| cell | breaker', '\\| cell \\| breaker'],
    ['costs $5 to $6', 'costs \\$5 to \\$6'],
    ['&lt;script&gt; &#60;', '\\&lt;script\\&gt; \\&\\#60;'],
    ['a \\* b', 'a \\\\\\* b'],
  ])('neutralises markup: %s', (text, escaped) => {
    expect(escapeInlineMarkdown(text)).toBe(escaped);
  });

  it('flattens line breaks so a value stays on its line (and in its table cell)', () => {
    expect(escapeInlineMarkdown('one\r\ntwo\nthree\rfour')).toBe('one two three four');
  });
});

describe('escapeMarkdown (text that may start a line or a list item)', () => {
  it.each([
    ['# heading', '\\# heading'],
    ['> quote', '\\> quote'],
    ['- item', '\\- item'],
    ['+ item', '\\+ item'],
    ['---', '\\---'],
    ['===', '\\==='],
    ['1. first', '1\\. first'],
    ['3) third', '3\\) third'],
  ])('escapes a block marker at the start: %s', (text, escaped) => {
    expect(escapeMarkdown(text)).toBe(escaped);
  });

  it.each(['12.5% more', '-5% less', '2026-W48', '= x', '#hashtag'])('leaves a start that is no block marker alone: %s', (text) => {
    expect(escapeMarkdown(text)).toBe(escapeInlineMarkdown(text));
  });
});
