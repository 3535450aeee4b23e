import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { fileIdentity } from '../core/file-identity.ts';
import { cutText } from '../core/cut-text.ts';
import path from 'node:path';
import { errorText } from '../core/error-text.ts';
import { createOutputFolder, refuseLinkedOutputFolder } from '../core/create-output-folder.ts';
import { refuseFinalSymlink } from '../core/open-output-file.ts';
import { OutputPathRefusedError } from '../core/output-path-refused-error.ts';
import { UsageError } from './parse-cli-args.ts';
import { OUTPUT_FOLDER } from '../core/output-folder-name.ts';

/** The longest file name (one path component) in bytes that ext4, APFS and most file systems take. */
const MAX_NAME_BYTES = 255;

/** A file a command writes: the option that names it (`--trace`), and the path (absent: not asked for). */
export type OutputPath = readonly [option: string, file: string | undefined];

/**
 * A file a command reads: how to name it (`the plan`, `--resume`), the path, and the output option that
 * may name the same file (the trace a run resumes may be the one it rewrites: it is read first).
 */
export type InputPath = readonly [option: string, file: string | undefined, rewrittenBy?: string];

/** Throws `UsageError` when an output is an input (other than the one it may rewrite) or another output. */
function refuseOverlaps(outputs: readonly OutputPath[], inputs: readonly InputPath[]): void {
  const seen: { readonly option: string; readonly file: string; readonly id: string; readonly input: boolean; readonly rewrittenBy?: string }[] = [];
  for (const [option, file, rewrittenBy] of inputs) {
    const id = file === undefined ? undefined : fileIdentity(file);
    if (id !== undefined) seen.push({ option, file: file!, id, input: true, ...(rewrittenBy !== undefined && { rewrittenBy }) });
  }
  for (const [option, file] of outputs) {
    const id = file === undefined ? undefined : fileIdentity(file);
    if (id === undefined) continue;
    const clash = seen.find((other) => other.id === id && other.rewrittenBy !== option);
    if (clash) {
      const what = clash.input ? `would overwrite ${clash.option} ${clash.file}, which this command reads` : `is the same file as ${clash.option} ${clash.file}, which this command writes too`;
      throw new UsageError(`${option} ${file} ${what}; choose another path for ${option}`);
    }
    seen.push({ option, file: file!, id, input: false });
  }
}

/** Whether `file` names a folder by its spelling: a trailing separator, or a last name of `.` or `..`. */
function namesFolder(file: string): boolean {
  return file.endsWith('/') || file.endsWith(path.sep) || ['.', '..'].includes(path.basename(file));
}

/**
 * Checks the files a command will write, before it runs: none may be a file the command reads (the plan,
 * a recording, a trace, a fault file…: `UsageError`, exit 2), nor another of its outputs. Then creates
 * their folders, so a path that cannot be used (`--trace /proc/…`, a read-only folder) is said at once
 * instead of after the run, and refuses a final symlink or a linked `.plan-runner` (a checkout can hold
 * either, pointing anywhere); returns false after saying which.
 */
export function checkOutputPaths(outputs: readonly OutputPath[], inputs: readonly InputPath[] = []): boolean {
  refuseOverlaps(outputs, inputs);
  for (const [option, file] of outputs) {
    if (file === undefined) continue;
    // `--summary out/`, `--trace notes.md/`: a folder by its spelling, not there yet (or a file named as one). It
    // passed, the run ran, and then the report was not written (EISDIR) and the trace was lost (an adversarial hunt).
    if (namesFolder(file)) {
      process.stderr.write(`plan-runner: cannot write ${option} ${file}: it names a folder (it ends in ${path.sep}, . or ..); name a file (in it, or elsewhere)\n`);
      return false;
    }
    // A name longer than a file system takes (255 bytes on Linux and macOS) was found only after the run.
    if (Buffer.byteLength(path.basename(file)) > MAX_NAME_BYTES) {
      process.stderr.write(`plan-runner: cannot write ${option} ${file}: its name is ${Buffer.byteLength(path.basename(file))} bytes, more than the ${MAX_NAME_BYTES} a file system takes; choose a shorter name\n`);
      return false;
    }
    // A folder would be found only when the run ends, its work done: `--summary /tmp`.
    let stat: Stats | undefined;
    try {
      stat = statSync(file, { throwIfNoEntry: false });
    } catch (error) {
      // A path no file can have (a loop of links, a name too long) was an internal error (found by an adversarial pass).
      process.stderr.write(`plan-runner: cannot write ${option} ${cutText(file, 200)}: cannot use this path (${(error as NodeJS.ErrnoException).code ?? errorText(error)}); choose another path\n`);
      return false;
    }
    if (stat?.isDirectory()) {
      process.stderr.write(`plan-runner: cannot write ${option} ${file}: it is a folder; name a file (in it, or elsewhere)\n`);
      return false;
    }
    // Opening a FIFO no one reads blocks the whole process, signals included, once the run has ended:
    // a device (`/dev/null`, `/dev/stdout`, whatever it is) is written as asked, a FIFO or socket elsewhere is refused.
    if (stat && !stat.isFile() && !path.resolve(file).startsWith(`${path.sep}dev${path.sep}`) && (stat.isFIFO() || stat.isSocket())) {
      process.stderr.write(`plan-runner: cannot write ${option} ${file}: it is a ${stat.isFIFO() ? 'FIFO' : 'socket'}, which would hold the command until something reads it; name a regular file (or /dev/stdout)\n`);
      return false;
    }
    try {
      // Nothing is written through a symlink (openOutputFile refuses it too); say so before the run, however the path is spelled.
      const outputFolder = path.resolve(OUTPUT_FOLDER);
      const absolute = path.resolve(file);
      if (absolute === outputFolder || absolute.startsWith(`${outputFolder}${path.sep}`)) refuseLinkedOutputFolder(OUTPUT_FOLDER);
      createOutputFolder(file);
      refuseFinalSymlink(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = error instanceof OutputPathRefusedError || code === undefined ? errorText(error) : `cannot create its folder (${code}); choose another path`;
      process.stderr.write(`plan-runner: cannot write ${option} ${file}: ${why}\n`);
      return false;
    }
    const unwritable = writeRefusal(file, stat);
    if (unwritable) {
      process.stderr.write(`plan-runner: cannot write ${option} ${file}: ${unwritable}; choose another path\n`);
      return false;
    }
  }
  return true;
}

/**
 * Why `file` (as `stat` found it, before its folder was created) cannot be written, else undefined: a folder
 * that existed read-only, or a read-only file, was found only when the run ended, its work done and its
 * report lost (found by an adversarial pass). A device is written as asked.
 */
function writeRefusal(file: string, stat: Stats | undefined): string | undefined {
  if (stat && !stat.isFile()) return undefined;
  try {
    accessSync(stat ? file : path.dirname(path.resolve(file)), constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? errorText(error);
    return stat ? `it is not writable (${code})` : `its folder ${path.dirname(file)} is not writable (${code})`;
  }
}
