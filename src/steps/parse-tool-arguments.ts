import { JsonDuplicateKeyError, JsonTooDeepError, parseJson } from '../core/parse-json.ts';
import { cutText } from '../core/cut-text.ts';
import { firstInexactNumber, type InexactNumber } from '../core/parse-json-keeping-numbers.ts';

/**
 * A model's tool-call argument string read as a value (`''` and `null` as `{}`: no arguments, as the answer reader
 * takes a missing or null `arguments`), or what was wrong with it, for the model. Valid JSON refused for its shape
 * (too deep, a key twice, a number a double does not hold) says so: "not valid JSON" had the model send it again.
 */
export function parseToolArguments(text: string): { ok: true; args: unknown } | { ok: false; error: string } {
  try {
    const args = parseJson(text === '' ? '{}' : text);
    // An id past 2^53 read as a double is another id: the tool ran on another object, and two ids that round alike
    // were one call to the agent's repeat check (found by an adversarial pass).
    const inexact = firstInexactNumber(text);
    if (inexact) return { ok: false, error: `the arguments are refused: ${inexactNumberWhy(inexact)}` };
    // Servers that serialise no arguments as `"null"` (a tool without parameters) had every call refused, and the
    // model could not mend it (found by an adversarial pass).
    return { ok: true, args: args === null ? {} : args };
  } catch (error) {
    if (error instanceof JsonTooDeepError || error instanceof JsonDuplicateKeyError) return { ok: false, error: `the arguments are refused: ${error.message}` };
    return { ok: false, error: `the arguments are not valid JSON: ${JSON.stringify(cutText(text, 201))}` };
  }
}

/**
 * Why a number the arguments write is refused, worded as the plan check refuses such a literal (yaml-document.ts), less
 * the figure a whole number rounds to, which the plan check still prints of its author's own file: here it is most of the
 * digits a model wrote, and of a digits-only secret, which the redactor hides only whole, it showed 16 of 17 (found by a
 * secrets hunt). Infinity and 0 show nothing of what was written.
 */
function inexactNumberWhy({ written, read }: InexactNumber): string {
  const shown = cutText(written, 101);
  const readAs = Number.isInteger(read) && read !== 0
    ? "a whole number past 2^53, which a tool's arguments do not hold exactly: the tool would be sent other digits"
    : `a number a double does not hold: JSON reads it as ${read}`;
  return `\`${shown}\` is ${readAs}; send it as a string ("${shown}") to keep it as written`;
}
