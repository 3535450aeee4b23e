import { groupDigits } from '../core/group-digits.ts';
import type { Plan } from './schema.ts';
import { cutText } from '../core/cut-text.ts';

/** The longest default quoted in the warning; a longer one is told by its length. */
const MAX_QUOTED = 64;

function defaultText(fallback: unknown): string {
  if (fallback === undefined) return 'none (it is left unset)';
  if (typeof fallback === 'string' && fallback.length > MAX_QUOTED) return `text of ${groupDigits(fallback.length)} characters`;
  return JSON.stringify(fallback);
}

/**
 * What the log says of inputs given empty (the action's `week:`, a `${{ }}` that came out empty; the CLI's `--input week=`), which are taken as
 * not given: each one the plan declares, with the default it gets. Taken without a word, a scheduled weekly report whose
 * week came out empty (a date step that failed) reported the default week, every week. A name the plan does not
 * declare, or a required one with no default, is not here: `resolveInputs` refuses the run for it.
 */
export function emptyInputsWarning(names: readonly string[], declared: Plan['inputs']): string | undefined {
  const inputs = declared ?? {};
  const defaulted = names.filter((name) => Object.hasOwn(inputs, name) && (inputs[name]!.default !== undefined || inputs[name]!.required === false));
  if (defaulted.length === 0) return undefined;
  const quoted = (name: string) => `\`${cutText(name, 65)}\``;
  const one = defaulted.length === 1;
  const defaults = one ? defaultText(inputs[defaulted[0]!]!.default) : defaulted.map((name) => `${quoted(name)} ${defaultText(inputs[name]!.default)}`).join(', ');
  // One message for both front ends, which take an empty value alike (the action's `week:`, the CLI's `--input week=`).
  const how = one ? `\`${cutText(defaulted[0]!, 65)}:\` in the action's \`inputs\`, \`--input ${cutText(defaulted[0]!, 65)}=\` on the CLI` : "`NAME:` in the action's `inputs`, `--input NAME=` on the CLI";
  return `${one ? 'Input' : 'Inputs'} ${defaulted.map(quoted).join(', ')} ${one ? 'is' : 'are'} given empty (${how}), so the plan's ${one ? 'default is' : 'defaults are'} used: ${defaults}. A value from an expression (\`\${{ steps.week.outputs.week }}\`) or a shell variable that came out empty is one nothing set: check what sets it, or leave the input out where the default is meant.`;
}
