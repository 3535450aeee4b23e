import { JsonDuplicateKeyError, JsonTooDeepError, parseJson } from '../core/parse-json.ts';
import { cutText } from '../core/cut-text.ts';

/**
 * A model's tool-call argument string read as a value (`''` and `null` as `{}`: no arguments, as the answer reader
 * takes a missing or null `arguments`), or what was wrong with it, for the model. Valid JSON refused for its shape
 * (too deep, a key twice) says so: "not valid JSON" had the model send it again.
 */
export function parseToolArguments(text: string): { ok: true; args: unknown } | { ok: false; error: string } {
  try {
    const args = parseJson(text === '' ? '{}' : text);
    // Servers that serialise no arguments as `"null"` (a tool without parameters) had every call refused, and the
    // model could not mend it (found by an adversarial pass).
    return { ok: true, args: args === null ? {} : args };
  } catch (error) {
    if (error instanceof JsonTooDeepError || error instanceof JsonDuplicateKeyError) return { ok: false, error: `the arguments are refused: ${error.message}` };
    return { ok: false, error: `the arguments are not valid JSON: ${JSON.stringify(cutText(text, 201))}` };
  }
}
