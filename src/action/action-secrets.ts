import { jobSecrets } from '../job/job-secrets.ts';
import type { ActionSettings } from './action-settings.ts';

/** The values every channel of the action must hide (`jobSecrets`): its key, token, base URL, variables and inputs. */
export function actionSecrets(settings: ActionSettings): string[] {
  return jobSecrets({ apiKey: settings.model.apiKey, baseURL: settings.model.baseURL, githubToken: settings.githubToken, env: settings.env, inputs: settings.inputs });
}

/** The same for inputs that were refused, so no settings hold them: the key, token and base URL as given, and the environment's. */
export function givenInputSecrets(getInput: (name: string) => string, env: Readonly<Record<string, string | undefined>>): string[] {
  return jobSecrets({ apiKey: getInput('api-key'), baseURL: getInput('base-url'), githubToken: getInput('github-token'), env });
}
