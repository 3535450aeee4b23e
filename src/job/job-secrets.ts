import { secretValuesFromEnvironment, secretValuesFromInputs } from '../core/redact.ts';
import { isOrdinaryValue } from '../core/secret-env-name.ts';
import { baseUrlSecrets } from '../llm/base-url.ts';

/** Where a job's secrets come from: the same sources for the action, the CLI and the eval. */
export interface SecretSources {
  /** The model's API key. */
  readonly apiKey?: string | undefined;
  /** The model's base URL: the values of its query under credential names (`?api_key=…`). */
  readonly baseURL?: string | undefined;
  /** The action's GitHub token. */
  readonly githubToken?: string | undefined;
  /** The environment: the values of variables whose names look secret. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The run's inputs: the values of those whose names look secret (`api_token`), as a workflow passes `${{ secrets.X }}`. */
  readonly inputs?: Readonly<Record<string, unknown>>;
}

/**
 * The values every channel of a job must hide (what `createRedactor` is given): the API key, the GitHub
 * token, the base URL's credential query values, the environment's secret-named variables, and the
 * secret-named inputs. Left out: `INPUT_*` variables, the action's inputs as the runner passes them (its
 * secret ones, api-key and github-token, are named here; hiding the rest would blank out words such as
 * "auto" and "true" everywhere), and values too ordinary to hide wherever they appear (`isOrdinaryValue`:
 * a flag, a number of fewer than 6 digits).
 */
export function jobSecrets(sources: SecretSources): string[] {
  const env = Object.fromEntries(Object.entries(sources.env).filter(([name]) => !/^INPUT_/i.test(name)));
  const fromEnv = secretValuesFromEnvironment(env).filter((value) => !isOrdinaryValue(value));
  return [sources.apiKey, sources.githubToken, ...baseUrlSecrets(sources.baseURL), ...fromEnv, ...secretValuesFromInputs(sources.inputs ?? {})].filter((value): value is string => Boolean(value));
}
