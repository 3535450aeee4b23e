import { accessSync, closeSync, constants, openSync, readSync, statSync } from 'node:fs';
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

/** The first bytes of `file`, or undefined when it cannot be read. */
function head(file: string, bytes: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Why the system cannot start the script `file` (`program` as written) for its `#!` line, or undefined: the interpreter
 * that line names is not there, or ends in a carriage return (a script saved with Windows line endings: `/bin/sh\r`).
 * The start fails with ENOENT for a file that is there, and said "check the path" (found by an adversarial pass).
 */
function interpreterProblem(file: string, program: string): string | undefined {
  const start = head(file, 512);
  if (start === undefined || start.toString('latin1', 0, 2) !== '#!') return undefined;
  const line = start.toString('latin1', 2).split('\n', 1)[0]!;
  const interpreter = line.replace(/^[ \t]+/, '').split(/[ \t]/, 1)[0]!;
  if (interpreter.endsWith('\r')) {
    return `'${program}' has Windows (CRLF) line endings: its #! line names the interpreter ${JSON.stringify(interpreter)}, carriage return and all, which no system has; save it with LF line endings (a .gitattributes line such as '*.sh text eol=lf' keeps them)`;
  }
  if (path.isAbsolute(interpreter) && !exists(interpreter)) return `the #! line of '${program}' names the interpreter '${interpreter}', which this machine does not have`;
  return undefined;
}

/** A Windows batch file's name: a spawn without a shell refuses it (EINVAL, since CVE-2024-27980). */
const BATCH_FILE = /\.(?:cmd|bat)$/i;

function batchAdvice(program: string): string {
  return `'${program}' is a batch file, which starts only through cmd: write ["cmd", "/c", "${program}", …]`;
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
  if (windows && BATCH_FILE.test(program)) return batchAdvice(program);
  const endings = windows && path.win32.extname(program) === '' ? ['.com', '.exe'] : [''];
  if (program.includes('/') || program.includes(path.sep)) {
    // The file as the spawn finds it: on Windows `./tools/run` is `./tools/run.exe`. (Not `path.resolve` of a
    // template: ncc's asset relocator reads that as a glob and copied the whole repository into dist/.)
    const base = path.resolve(cwd, program);
    const file = endings.map((ending) => base + ending).find(exists);
    if (file === undefined) return batchProblem(program, cwd, pathVariable, platform) ?? `there is no file '${program}' (from ${cwd})`;
    if (!statSync(file).isFile()) return `'${program}' is not a file`;
    return runnable(file) ? interpreterProblem(file, program) : `'${program}' is not executable (chmod +x it, or run it through its interpreter: ["bash", "${program}"])`;
  }
  const found = runnableFile(program, cwd, pathVariable, platform);
  return found === undefined ? (batchProblem(program, cwd, pathVariable, platform) ?? `'${program}' is not on PATH here`) : interpreterProblem(found, program);
}

/** The folders a spawn looks in for `program`: `cwd` for a path, else PATH's (split as the platform splits it). */
function foldersFor(program: string, cwd: string, pathVariable: string | undefined, platform: NodeJS.Platform): string[] {
  if (program.includes('/') || program.includes(path.sep)) return [cwd];
  return (pathVariable ?? '').split(platform === 'win32' ? ';' : path.delimiter).filter((folder) => folder !== '');
}

/**
 * On Windows, why `program`, which no spawn finds as a `.com` or `.exe`, still cannot start when a batch file answers to
 * it (`npm`, `npx`, `yarn`, `pnpm`, `tsc` are `.cmd` shims there): a spawn without a shell never starts one, and `validate`
 * said "'npm' is not on PATH here" of an npm the runner had, the run "ENOENT; check the path" (found by an adversarial hunt).
 */
function batchProblem(program: string, cwd: string, pathVariable: string | undefined, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32' || path.win32.extname(program) !== '') return undefined;
  const batch = foldersFor(program, cwd, pathVariable, platform)
    .flatMap((folder) => {
      const base = path.resolve(cwd, folder, program);
      return ['.cmd', '.bat'].map((ending) => base + ending);
    })
    .find(isFile);
  if (batch === undefined) return undefined;
  return `'${program}' is ${path.basename(batch)} here, a batch file, which starts only through cmd: write ["cmd", "/c", "${program}", …]`;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The file a spawn starts for `program`, as `programProblem` finds it, when that is a file this process may run. */
function runnableFile(program: string, cwd: string, pathVariable: string | undefined, platform: NodeJS.Platform): string | undefined {
  const endings = platform === 'win32' && path.win32.extname(program) === '' ? ['.com', '.exe'] : [''];
  const folders = foldersFor(program, cwd, pathVariable, platform);
  // A base, then its endings: `path.resolve` of a template is what ncc's asset relocator reads as a glob (above).
  return folders.flatMap((folder) => {
    const base = path.resolve(cwd, folder, program);
    return endings.map((ending) => base + ending);
  }).find(runnable);
}

/**
 * Why a start that failed although `program` is there failed, when its `#!` line says (`interpreterProblem`): the
 * system's ENOENT names no file, and was read as the program's own absence.
 */
export function scriptProblem(program: string, cwd: string, pathVariable: string | undefined, platform: NodeJS.Platform = process.platform): string | undefined {
  const file = runnableFile(program, cwd, pathVariable, platform);
  return file === undefined ? batchProblem(program, cwd, pathVariable, platform) : interpreterProblem(file, program);
}

/** PATH in `env`, as a spawn with that environment reads it: on Windows, whatever the case of its name (`Path`). */
export function pathVariableOf(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | undefined {
  return Object.entries(env).find(([name]) => (platform === 'win32' ? name.toUpperCase() : name) === 'PATH')?.[1];
}

/**
 * Why the start of `program` with `env` failed with the system error `code`, when it can be told: ENOENT of a program
 * that is there (`scriptProblem`), or on Windows EINVAL of a batch file, which a spawn without a shell refuses; at the
 * start that said only "EINVAL; check the command in the plan" where `validate` said to run it through cmd.
 */
export function spawnProblem(code: string | undefined, program: string, cwd: string, env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | undefined {
  if (code === 'ENOENT') return scriptProblem(program, cwd, pathVariableOf(env, platform), platform);
  if (code === 'EINVAL' && platform === 'win32' && BATCH_FILE.test(program)) return batchAdvice(program);
  return undefined;
}
