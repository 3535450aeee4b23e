import type { Redactor } from '../../core/redact.ts';

/**
 * `files` sorted by their names as the model sees them, redacted: sorted as written, where a name holding a secret
 * falls among the others told the secret's start, one comparison at a time. Two names redacted alike show alike.
 */
export function sortAsShown(files: string[], redact: Redactor): string[] {
  const shown = new Map(files.map((file) => [file, redact(file)]));
  return files.sort((a, b) => {
    const [left, right] = [shown.get(a)!, shown.get(b)!];
    return left < right ? -1 : left > right ? 1 : 0;
  });
}
