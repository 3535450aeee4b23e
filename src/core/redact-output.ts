import { redactNumber, REDACTED, type Redactor } from './redact.ts';

/** A figure as the action's usage outputs write one: a count, a cost, a duration, never signed. */
const FIGURE = /^\d+(?:\.\d+)?$/;

/**
 * A figure plan-runner computed (a usage output: tokens, calls, cost, seconds), redacted as a workflow reads it: hidden
 * only when it is a secret whole, as `redactNumber` hides a number in the trace. Redacted as text, a count that held a
 * secret's digits (1123456 prompt tokens beside a 6-digit password) became `1***`, which an `if:` compares as no number,
 * so a gate on it passed (found by an adversarial pass). Not for text a tool or a model wrote (`result`): a secret
 * written there signed or with decimals (`-123456`, `123456.0`) is text to hide (found by a review).
 */
export function redactFigure(value: string, redact: Redactor): string {
  if (!FIGURE.test(value)) return redact(value);
  // As the number it is (`123456.0` is the secret 123456 too), by the rule the trace's numbers follow.
  return redactNumber(Number(value), redact) === REDACTED ? REDACTED : value;
}
