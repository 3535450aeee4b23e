import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseLogText } from '../../src/security/neutralise-log-text.ts';
import { processedCommands } from './workflow-commands.ts';

const ZWSP = '\u200B';

describe('neutraliseLogText', () => {
  it.each([
    ['a command after a bare carriage return', 'ok\r::error title=x::forged'],
    ['a command after CRLF', 'ok\r\n::add-mask::secret'],
    ['a command after leading white space', 'ok\n \t\u00a0\u2003::warning::forged'],
    ['a legacy command anywhere in a line', 'see ##[error]forged'],
    ['stop-commands that would swallow the action’s own', '::stop-commands::token'],
  ])('leaves no command the runner would execute: %s', (_name, text) => {
    expect(processedCommands(text)).not.toEqual([]);
    expect(processedCommands(neutraliseLogText(text))).toEqual([]);
  });

  it('changes nothing a reader sees but the line breaks, which become \\n', () => {
    expect(neutraliseLogText('a\r::error::b\r\nc ##[x]\n')).toBe(`a\n:${ZWSP}:error::b\nc #${ZWSP}#[x]\n`);
    expect(neutraliseLogText('plain text: a::b, c')).toBe('plain text: a::b, c');
  });
});

describe('neutraliseLogText on text with nothing to break', () => {
  // The rewrite of every line, as it is done when a text has a `::`, a `##[` or a `\r`.
  const everyLine = (text: string): string =>
    text
      .split(/\r\n|\r|\n/)
      .map((line) => line.replace(/^([\s\u0085]*):(?=:)/, `$1:${ZWSP}`).replaceAll('##[', `#${ZWSP}#[`))
      .join('\n');

  it('gives what rewriting every line gives, for any text', () => {
    const pieces = fc.constantFrom(':', '::', '#', '##[', '[', '\r', '\n', '\r\n', ' ', '\t', '\u0085', '\u2028', 'a', '✅ 3. Add → 4', '::error::x');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }).map((list) => list.join('')), (text) => {
        expect(neutraliseLogText(text)).toBe(everyLine(text));
      }),
      { numRuns: 2_000, seed: 20261207 },
    );
  });

  it('returns the very text it was given when there is nothing to break', () => {
    const line = `✅ 3. Add 3 and 1 → 4 : #[x] ${'a'.repeat(10)}\n`;
    expect(neutraliseLogText(line)).toBe(line);
    expect(neutraliseLogText(`a\r${line}`)).toBe(`a\n${line}`);
  });
});
