import type { Annotate, AnnotationsWritten } from '../report/annotations.ts';
import type { Redactor } from '../core/redact.ts';
import { loggedMessage, neutraliseLogText } from '../security/neutralise-log-text.ts';
import { cutMarkdownBytes } from '../report/cut-text.ts';
import { SUMMARY_ROOM_BYTES } from '../report/summary/render-summary.ts';
import type { RunnerCommands } from './runner-commands.ts';
import { visibleControls } from '../core/visible-controls.ts';

/**
 * `text` as the log shows it: its lines as `neutralise` breaks them (a lone `\r` a line break, as the runner reads
 * it), then every control character and bidi override left shown as a symbol (`visibleControls`: ESC as ␛). The
 * log is read on a terminal too (`gh run view --log`), and a tool's OSC 52 wrote the reader's clipboard there, a
 * backspace overwrote a letter and an override reordered a file name (found by an adversarial pass).
 */
const shown = (neutralise: (text: string) => string) => (text: string): string => visibleControls(neutralise(withoutColours(text)));

/** SGR sequences (`ESC [ 32 m`): colours and weights, which tools write where CI asks for them. */
const COLOUR = /\u001b\[[0-9;:]{0,64}m/g;

/**
 * `text` without its colour sequences: shown as symbols they buried a test runner's every line in `␛[32m`. Taken out
 * before the lines are neutralised, never after: `ESC[0m::error::` must not become a line that is a command.
 */
function withoutColours(text: string): string {
  return text.includes('\u001b[') ? text.replace(COLOUR, '') : text;
}
const logText = shown(neutraliseLogText);
const logMessage = shown(loggedMessage);

/** Everything the action says to the runner: the log, annotations and the job summary. */
export interface ActionIO {
  /** Text to the log (the checklist's lines, already ending in a newline); never read as workflow commands. */
  write(text: string): void;
  /** One line (or more) to the log; never read as workflow commands. */
  info(line: string): void;
  warning(message: string): void;
  annotate: Annotate;
  /** A collapsed log group; its lines are data, never read as workflow commands. */
  group(title: string, lines: readonly string[]): void;
  /** Appends Markdown to the job summary; false when the runner gave no summary file. */
  writeSummary(markdown: string): Promise<boolean>;
  /** Fails the job with `message` (`setFailed`: an error annotation and the exit code 1). */
  fail(message: string): void;
  /** The warnings and errors written so far (`warning`, `annotate`, `fail`): GitHub shows the first 10 of each per step. */
  written(): AnnotationsWritten;
}

/**
 * The runner's channels through its workflow commands. Text written to the log is neutralised here,
 * the one place it leaves: tool output and model text may hold `::command::` lines, and only the
 * action's own calls (`warning`, `annotate`, groups, whose text the commands escape) are commands.
 */
export function runnerActionIO(core: RunnerCommands, env: Readonly<Record<string, string | undefined>> = process.env): ActionIO {
  let warnings = 0;
  let errors = 0;
  return {
    write: (text) => void process.stdout.write(logText(text)),
    info: (line) => core.info(logText(line)),
    // The runner logs a message's lines as lines of the log: those after the first are run text, kept under a rule.
    warning: (message) => {
      warnings++;
      core.warning(logMessage(message));
    },
    annotate: (level, message, properties) => {
      if (level === 'warning') warnings++;
      if (level === 'error') errors++;
      core[level](logMessage(message), properties.title === undefined ? properties : { ...properties, title: logMessage(properties.title) });
    },
    group(title, lines) {
      core.startGroup(logMessage(title));
      for (const line of lines) core.info(logText(line));
      core.endGroup();
    },
    async writeSummary(markdown) {
      if (!env['GITHUB_STEP_SUMMARY']) return false;
      // The runner drops a step's summary over 1 MiB whole: the renderers keep within it, and this holds whatever
      // writes without one (an evaluation's table of goals, a plan author's to name, went to 2 MB; found by an
      // adversarial pass).
      await core.appendSummary(cutMarkdownBytes(markdown, SUMMARY_ROOM_BYTES));
      return true;
    },
    // The action's own lines (a refusal's list of problems): shown as they are, with the run text in them.
    fail: (message) => {
      errors++;
      core.setFailed(visibleControls(message));
    },
    written: () => ({ warnings, errors }),
  };
}

/** The same channels with every text passed through `redact` first: the last line of defence for secrets. */
export function redactingIO(io: ActionIO, redact: Redactor): ActionIO {
  return {
    write: (text) => io.write(redact(text)),
    info: (line) => io.info(redact(line)),
    warning: (message) => io.warning(redact(message)),
    annotate: (level, message, properties) =>
      io.annotate(level, redact(message), properties.title === undefined ? properties : { ...properties, title: redact(properties.title) }),
    group: (title, lines) => io.group(redact(title), lines.map(redact)),
    writeSummary: (markdown) => io.writeSummary(redact(markdown)),
    fail: (message) => io.fail(redact(message)),
    written: () => io.written(),
  };
}
