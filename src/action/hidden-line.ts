import { parseJson } from '../core/parse-json.ts';

/**
 * The JSON value of the hidden line `prefix` … `suffix` among the leading hidden lines of plan-runner's own comment
 * (`<!-- plan-runner…` lines, where it writes them), the last such line's; undefined when there is none, it does not end
 * with `suffix`, or it holds no JSON object. A line like it inside the text below (a fenced block keeps `<!-- … -->` as
 * written, and a tool's or model's text can hold one) is never read. `decode` undoes how the value was written.
 */
export function leadingHiddenObject(body: string, prefix: string, suffix: string, decode: (text: string) => string = (text) => text): Partial<Record<string, unknown>> | undefined {
  let line: string | undefined;
  for (const leading of body.trimStart().split('\n')) {
    if (!leading.startsWith('<!-- plan-runner')) break;
    if (leading.startsWith(prefix)) line = leading;
  }
  if (!line?.endsWith(suffix)) return undefined;
  let value: unknown;
  try {
    value = parseJson(decode(line.slice(prefix.length, -suffix.length)));
  } catch {
    return undefined;
  }
  // `null` parses too, and reading a field of it threw where a comment's marker is read (found by an adversarial pass).
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Partial<Record<string, unknown>>) : undefined;
}
