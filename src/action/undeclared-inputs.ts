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
export function undeclaredInputWarnings(env: Readonly<Record<string, string | undefined>>, onRunner = env['GITHUB_ACTIONS'] === 'true'): string[] {
  const declared = new Set(INPUT_NAMES.map(inputVariable));
  const undeclared = Object.keys(env).filter((variable) => variable.slice(0, PREFIX.length).toUpperCase() === PREFIX && !declared.has(variable));
  return undeclared.sort().map((variable) => {
    const name = variable.slice(PREFIX.length);
    // With dashes for underscores and spaces: `max-cost-usd-per-run` was 4 edits from MAX_COST_USD_PER_RUN (review).
    const near = nearestName(name.toLowerCase().replace(/[_ ]/g, '-'), INPUT_NAMES);
    const hint = near === undefined ? 'action.yml lists the inputs there are' : `did you mean ${near} (${inputVariable(near)})?`;
    // On a runner the variable came from a `with:` key the user wrote, which the runner upper-cased. The runner warns
    // of it too ("Unexpected input"), but does not say which input was meant.
    const subject = onRunner ? `with: key ${name.toLowerCase()} (${variable})` : variable;
    return `${subject} names no input of plan-runner, so nothing reads it: ${hint}`;
  });
}
