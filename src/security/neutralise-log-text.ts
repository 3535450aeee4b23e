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
  // Most text has nothing to break: no `::` (a command's opening), no `##[` and no `\r` (a break that becomes `\n`).
  // Three scans, where splitting every log line and joining it again took the checklist's line 0.55 µs against 0.05.
  if (!text.includes('::') && !text.includes('##[') && !text.includes('\r')) return text;
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(COMMAND_AT_START, `$1:${BREAK}`).replaceAll('##[', `#${BREAK}#[`))
    .join('\n');
}

/** Every break a log reader (or its search) may take for a new line: the runner's, and U+2028/U+2029. */
const LOG_LINE_BREAK = /\r\n?|\n|\u2028|\u2029/;

/**
 * A tool's or a model's text, each of its lines under a `│ ` rule: printed as it was, a line
 * `✅ 3. Deploy to production → deployed` or `Run succeeded …` read in the log (and its search) as the
 * checklist's own, for a run whose step 3 failed (found by an adversarial pass).
 */
export function quotedLines(text: string): string[] {
  return text.split(LOG_LINE_BREAK).map(quoted);
}

const quoted = (line: string): string => `│ ${line}`;

/**
 * A message the runner logs as it is (an annotation's, a warning's): its first line, the action's own words,
 * then each further line, run text (a tool's stderr, a judge's evidence), under the `│ ` rule.
 */
export function loggedMessage(message: string): string {
  const [first = '', ...rest] = message.split(LOG_LINE_BREAK);
  return rest.length === 0 ? message : [first, ...rest.map(quoted)].join('\n');
}
