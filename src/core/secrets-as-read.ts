import type { Redactor } from './redact.ts';
import { isOrdinaryValue } from './secret-env-name.ts';

/**
 * The values inputs are read as (`resolveInputs`) where the text given was, or held, a secret: for an input
 * whose default is a number, `0012345678` runs as 12345678 and a long one as its nearest double, which
 * no known secret matched. For the run's redactor to learn.
 */
export function secretsAsRead(given: Readonly<Record<string, unknown>>, read: Readonly<Record<string, unknown>>, redact: Redactor): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(given)) {
    if (typeof value !== 'string' || !Object.hasOwn(read, name) || read[name] === value || redact(value) === value) continue;
    const text = String(read[name]);
    if (!isOrdinaryValue(text)) found.push(text);
  }
  return found;
}
