import { jobSecrets } from '../job/job-secrets.ts';
import type { ActionSettings } from './action-settings.ts';

/** The values every channel of the action must hide (`jobSecrets`): its key, token, base URL, variables and inputs. */
export function actionSecrets(settings: ActionSettings): string[] {
  return jobSecrets({ apiKey: settings.model.apiKey, baseURL: settings.model.baseURL, githubToken: settings.githubToken, env: settings.env, inputs: settings.inputs });
}
