import { nearestName } from '../plan/nearest-name.ts';
import { INPUT_NAMES } from './action-inputs.ts';
import { inputVariable } from './runner-commands.ts';

const PREFIX = 'INPUT_';

/**
 * A warning for each `INPUT_*` variable that names no input action.yml declares: nothing reads it. A
 * runner warns of an unexpected `with:` key itself; a local run (`node --env-file=.env dist/index.js`)
 * read no `INPUT_API_KEY` (underscores) and said only that no API key was set. Names only, never
 * values: a value may be a secret.
 */
export function undeclaredInputWarnings(env: Readonly<Record<string, string | undefined>>): string[] {
  const declared = new Set(INPUT_NAMES.map(inputVariable));
  const undeclared = Object.keys(env).filter((variable) => variable.slice(0, PREFIX.length).toUpperCase() === PREFIX && !declared.has(variable));
  return undeclared.sort().map((variable) => {
    const near = nearestName(variable.slice(PREFIX.length), INPUT_NAMES);
    const hint = near === undefined ? 'action.yml lists the inputs there are' : `did you mean ${near} (${inputVariable(near)})?`;
    return `${variable} names no input of plan-runner, so nothing reads it: ${hint}`;
  });
}
