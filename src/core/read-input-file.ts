import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** The largest trace (or recording) plan-runner reads: far more than 10,000 steps' events. */
export const MAX_TRACE_BYTES = 256 * 1024 * 1024;

export type InputFileResult = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly problem: string; readonly code?: string };

const NOT_A_FILE = 'not a file (a folder, a FIFO or a device); give the path of a regular file';

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}

/**
 * Why a file the user names cannot be opened, in words, for the error codes a path itself causes; undefined
 * for any other. The plan loader and `readInputFile` both say it: a symlink loop was "the plan could not be
 * checked: ELOOP: too many symbolic links encountered, stat 'x.yml'", and `--resume` said "(ELOOP)"
 * (found by an adversarial CLI hunt).
 */
export function pathProblem(code: string | undefined): string | undefined {
  switch (code) {
    case 'ENOENT':
      return 'no such file; check the path (it is relative to the current directory)';
    case 'EACCES':
    case 'EPERM':
      return 'cannot read the file: permission denied';
    case 'ELOOP':
      return 'cannot read the file: the path is a symbolic link that leads back to itself (a loop of links); point the link at the file, or give the file\'s own path';
    case 'ENOTDIR':
      return 'cannot read the file: a part of the path before its last is a file, not a folder; check the path';
    case 'ENAMETOOLONG':
      return 'cannot read the file: the path, or a name in it, is too long for the file system; check the path';
    default:
      return undefined;
  }
}

/**
 * Reads an input file the user names (a trace to resume or weigh by, a recording to replay, a fault or
 * answers file) whole, at most `maxBytes`: what is not a regular file is refused without blocking (a FIFO
 * is opened non-blocking, so no writer is waited for), and the size is counted as it is read, not taken
 * from `stat` (a device says 0 and never ends). Never throws: a problem comes back in words, without the path.
 */
export function readInputFile(file: string, maxBytes: number): InputFileResult {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') return { ok: false, problem: NOT_A_FILE, code };
    return { ok: false, problem: pathProblem(code) ?? `cannot read the file (${code ?? String(error)})`, ...(code !== undefined && { code }) };
  }
  try {
    if (!fstatSync(fd).isFile()) return { ok: false, problem: NOT_A_FILE };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) return { ok: false, problem: `it is larger than ${megabytes(maxBytes)}, more than plan-runner reads from such a file` };
    }
    return { ok: true, bytes: Buffer.concat(chunks, total) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, problem: `cannot read the file (${code ?? String(error)})`, ...(code !== undefined && { code }) };
  } finally {
    closeSync(fd);
  }
}
