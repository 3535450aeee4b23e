import { hash } from 'node:crypto';

/** A plan file's text as a SHA-256 (`ValidPlan.fileTextHash`): whether a file read again is the one that loaded. */
export function planTextHash(text: string): string {
  return hash('sha256', text);
}
