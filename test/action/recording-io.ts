import type { ActionIO } from '../../src/action/action-io.ts';

/** An ActionIO that records what the runner would be told: log, warnings, annotations, groups, summary. */
export function recordingIO() {
  const said = {
    log: [] as string[],
    warnings: [] as string[],
    annotations: [] as Array<{ level: string; message: string } & Record<string, unknown>>,
    groups: [] as Array<{ title: string; lines: readonly string[] }>,
    summary: '',
    failed: [] as string[],
  };
  const io: ActionIO = {
    write: (text) => void said.log.push(text),
    info: (line) => void said.log.push(line),
    warning: (message) => void said.warnings.push(message),
    annotate: (level, message, properties) => void said.annotations.push({ level, message, ...properties }),
    group: (title, lines) => void said.groups.push({ title, lines }),
    writeSummary: async (markdown) => {
      said.summary += markdown;
      return true;
    },
    fail: (message) => void said.failed.push(message),
    written: () => ({
      warnings: said.warnings.length + said.annotations.filter((a) => a.level === 'warning').length,
      errors: said.failed.length + said.annotations.filter((a) => a.level === 'error').length,
    }),
  };
  return { io, said };
}
