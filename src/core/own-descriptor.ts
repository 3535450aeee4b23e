import { fstatSync } from 'node:fs';
import path from 'node:path';

/**
 * The descriptor `/dev/stdout`, `/dev/stderr` or `/dev/fd/N` names, when the process has it open; else undefined.
 * Each is a link to the process's own open file, which a user names on purpose.
 */
export function ownDescriptor(file: string): number | undefined {
  if (process.platform === 'win32') return undefined;
  const absolute = path.resolve(file);
  const named = absolute === '/dev/stdout' ? '1' : absolute === '/dev/stderr' ? '2' : /^\/dev\/fd\/(\d+)$/.exec(absolute)?.[1];
  if (named === undefined) return undefined;
  const fd = Number(named);
  try {
    fstatSync(fd);
    return fd;
  } catch {
    return undefined; // not open: opening the path says why
  }
}
