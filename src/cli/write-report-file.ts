import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes a report file (creating its folder); a path that cannot be written is said plainly, not thrown. */
export function writeReportFile(file: string, markdown: string): boolean {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, markdown);
    return true;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    process.stderr.write(`plan-runner: cannot write the report to ${file} (${reason}); choose another path with --summary FILE\n`);
    return false;
  }
}
