import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/** True when `file` is a file this process may run. */
function runnable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why `program` (a command's first word, as a tool or a goal writes it) could not be started from `cwd`
 * with `pathVariable` as PATH, or undefined when it could: a path is taken from `cwd`, a bare name is
 * looked up on PATH, as the spawn that runs it will. Only what this machine has: a workflow may install
 * the program in a step before plan-runner's, so callers warn, they do not refuse.
 */
export function programProblem(program: string, cwd: string, pathVariable: string | undefined, platform: NodeJS.Platform = process.platform): string | undefined {
  // Windows finds `node` as `node.exe`: a name without an ending is tried with `.com` and `.exe`, as a spawn
  // without a shell tries it (not PATHEXT's `.cmd` and `.bat`, which such a spawn refuses; found by reviews).
  const windows = platform === 'win32';
  if (windows && /\.(?:cmd|bat)$/i.test(program)) return `'${program}' is a batch file, which starts only through cmd: write ["cmd", "/c", "${program}", …]`;
  const endings = windows && path.win32.extname(program) === '' ? ['.com', '.exe'] : [''];
  if (program.includes('/') || program.includes(path.sep)) {
    // The file as the spawn finds it: on Windows `./tools/run` is `./tools/run.exe`. (Not `path.resolve` of a
    // template: ncc's asset relocator reads that as a glob and copied the whole repository into dist/.)
    const base = path.resolve(cwd, program);
    const file = endings.map((ending) => base + ending).find(exists);
    if (file === undefined) return `there is no file '${program}' (from ${cwd})`;
    if (!statSync(file).isFile()) return `'${program}' is not a file`;
    return runnable(file) ? undefined : `'${program}' is not executable (chmod +x it, or run it through its interpreter: ["bash", "${program}"])`;
  }
  const directories = (pathVariable ?? '').split(path.delimiter).filter((directory) => directory !== '');
  if (directories.some((directory) => endings.some((ending) => runnable(path.join(path.resolve(cwd, directory), `${program}${ending}`))))) return undefined;
  return `'${program}' is not on PATH here`;
}
