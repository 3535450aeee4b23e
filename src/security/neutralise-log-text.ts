/** U+200B: the runner no longer sees a command, a reader sees no change. */
const BREAK = '\u200B';
// The runner trims .NET white space (char.IsWhiteSpace) before looking for `::`; \s plus U+0085 covers it.
const COMMAND_AT_START = /^([\s\u0085]*):(?=:)/;

/**
 * Text from tools, models and pull requests made safe for the job log. The runner splits output on
 * `\r`, `\n` and `\r\n` and executes `::command::` at the start of a line (after white space) and
 * the legacy `##[command]` anywhere in one; every such opening is broken with U+200B, and line
 * breaks become `\n`. So the action's own commands are the only workflow commands in its log.
 */
export function neutraliseLogText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(COMMAND_AT_START, `$1:${BREAK}`).replaceAll('##[', `#${BREAK}#[`))
    .join('\n');
}
