import { isOrdinaryValue } from '../core/secret-env-name.ts';
import { secretValuesFromEnvironment, secretValuesFromInputs } from '../core/redact.ts';
import { baseUrlSecrets } from '../llm/base-url.ts';
import type { ActionSettings } from './action-settings.ts';

/**
 * The values every channel must hide: the API key, the GitHub token, the base-url's query values, runner variables whose
 * names look secret, and the values of the `inputs` map's entries whose names look secret. `INPUT_*` variables are left out: their secret ones (api-key, github-token)
 * are named here, and hiding the rest would blank out words such as "auto" and "true" everywhere.
 */
export function actionSecrets(settings: ActionSettings): string[] {
  const env = Object.fromEntries(Object.entries(settings.env).filter(([name]) => !/^INPUT_/i.test(name)));
  const fromEnv = secretValuesFromEnvironment(env).filter((value) => !isOrdinaryValue(value));
  return [settings.model.apiKey, settings.githubToken, ...baseUrlSecrets(settings.model.baseURL), ...fromEnv, ...secretValuesFromInputs(settings.inputs)].filter((value): value is string => Boolean(value));
}
