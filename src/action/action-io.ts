import { randomUUID } from 'node:crypto';
import * as core from '@actions/core';
import type { Annotate } from '../report/annotations.ts';
import type { Redactor } from '../core/redact.ts';

/** Everything the action says to the runner: the log, annotations and the job summary. */
export interface ActionIO {
  /** Raw text to the log (the checklist's lines, already ending in a newline). */
  write(text: string): void;
  info(line: string): void;
  warning(message: string): void;
  annotate: Annotate;
  /** A collapsed log group; its lines are data, never read as workflow commands. */
  group(title: string, lines: readonly string[]): void;
  /** Appends Markdown to the job summary; false when the runner gave no summary file. */
  writeSummary(markdown: string): Promise<boolean>;
}

/** The runner's channels through `@actions/core`. */
export function coreActionIO(env: Readonly<Record<string, string | undefined>> = process.env): ActionIO {
  return {
    write: (text) => void process.stdout.write(text),
    info: (line) => core.info(line),
    warning: (message) => core.warning(message),
    annotate: (level, message, properties) => core[level](message, properties),
    group(title, lines) {
      core.startGroup(title);
      // Results come from tools and models: a line starting with `::` must not become a workflow command.
      const token = randomUUID();
      core.info(`::stop-commands::${token}`);
      for (const line of lines) core.info(line);
      core.info(`::${token}::`);
      core.endGroup();
    },
    async writeSummary(markdown) {
      if (!env['GITHUB_STEP_SUMMARY']) return false;
      await core.summary.addRaw(markdown).write();
      return true;
    },
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
  };
}
