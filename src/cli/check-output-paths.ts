import { errorText } from '../core/error-text.ts';
import { createOutputFolder } from '../report/create-output-folder.ts';
import { OutputPathRefusedError } from '../report/output-path-refused-error.ts';

/**
 * Creates the folders of the files a command will write, before it runs, so a path that cannot be
 * used (`--trace /proc/…`, a read-only folder) is said at once instead of after the run. Returns false
 * after saying which.
 */
export function checkOutputPaths(files: readonly (readonly [option: string, file: string | undefined])[]): boolean {
  for (const [option, file] of files) {
    if (file === undefined) continue;
    try {
      createOutputFolder(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = error instanceof OutputPathRefusedError || code === undefined ? errorText(error) : `cannot create its folder (${code}); choose another path`;
      process.stderr.write(`plan-runner: cannot write ${option} ${file}: ${why}\n`);
      return false;
    }
  }
  return true;
}
