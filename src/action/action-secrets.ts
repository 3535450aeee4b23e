import { jobSecrets } from '../job/job-secrets.ts';
import { MIN_SECRET_LENGTH } from '../core/redact.ts';
import type { ActionSettings } from './action-settings.ts';

/** The values every channel of the action must hide (`jobSecrets`): its key, token, base URL, variables and inputs. */
export function actionSecrets(settings: ActionSettings): string[] {
  return jobSecrets({ apiKey: settings.model.apiKey, baseURL: settings.model.baseURL, githubToken: settings.githubToken, env: settings.env, inputs: settings.inputs });
}

/** The same for inputs that were refused, so no settings hold them: the key, token and base URL as given, and the environment's. */
export function givenInputSecrets(getInput: (name: string) => string, env: Readonly<Record<string, string | undefined>>): string[] {
  return jobSecrets({ apiKey: getInput('api-key'), baseURL: getInput('base-url'), githubToken: getInput('github-token'), env });
}

/**
 * What the action asks the runner to mask (`::add-mask::`) of `secrets` (its key and token): each line of each, as
 * the runner masks a value only whole and on one line, and only lines the redactor would hide too
 * (`MIN_SECRET_LENGTH`). The runner masks with no minimum: `api-key: x` for a local server starred every `x` in
 * every later line of the job's log, and outputs holding one (found by an adversarial pass).
 */
export function runnerMasks(secrets: readonly (string | undefined)[]): string[] {
  const lines = secrets.flatMap((secret) => (secret ?? '').split(/\r\n?|\n/)).map((line) => line.trim());
  return [...new Set(lines.filter((line) => line.length >= MIN_SECRET_LENGTH))];
}
