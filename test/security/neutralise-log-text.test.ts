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
