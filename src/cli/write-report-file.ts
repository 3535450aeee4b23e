import { writeFileSync } from 'node:fs';
import { createOutputFolder } from '../report/create-output-folder.ts';
import { OutputPathRefusedError } from '../report/output-path-refused-error.ts';

/** Writes a report file (creating its folder); a path that cannot be written is said plainly, not thrown. */
export function writeReportFile(file: string, markdown: string): boolean {
  try {
    createOutputFolder(file);
    writeFileSync(file, markdown);
    return true;
  } catch (error) {
    if (error instanceof OutputPathRefusedError) {
      process.stderr.write(`plan-runner: ${error.message} (--summary FILE)\n`);
      return false;
    }
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    process.stderr.write(`plan-runner: cannot write the report to ${file} (${reason}); choose another path with --summary FILE\n`);
    return false;
  }
}
