import { REDACTED, redactDeep, type Redactor } from './redact.ts';
import { parseJson } from './parse-json.ts';

/** A figure as the action's outputs and the eval's JSON write one: a count, a cost, a duration. */
const FIGURE = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;

/**
 * An output's value (`core.setOutput`), redacted as a workflow reads it. A figure is hidden only when it is a secret
 * whole (as `redactNumber` hides a number); JSON keeps its numbers the same way and stays JSON; other text is redacted
 * as text. Redacted as text, a count that held a secret's digits (1123456 prompt tokens beside a 6-digit password)
 * became `1***`, which an `if:` compares as no number, so a gate on it passed; and the eval's `result`, read with
 * `fromJSON`, was no JSON (found by an adversarial pass). Only a value text redaction changes is looked at again.
 */
export function redactOutput(value: string, redact: Redactor): string {
  const redacted = redact(value);
  if (redacted === value) return value;
  if (FIGURE.test(value)) return redacted === REDACTED ? REDACTED : value;
  const start = value.trimStart()[0];
  if (start === '{' || start === '[') {
    try {
      return JSON.stringify(redactDeep(parseJson(value), redact, { numbers: true }));
    } catch {
      // Not JSON after all: redacted as text.
    }
  }
  return redacted;
}
