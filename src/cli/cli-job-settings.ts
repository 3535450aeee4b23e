import { githubRunContext } from '../github/github-run-context.ts';
import { toolsetGitHubContext } from '../github/toolset-github-context.ts';
import { createRedactor, type Redactor } from '../core/redact.ts';
import { jobSecrets } from '../job/job-secrets.ts';
import type { JobSettings } from '../job/run-job.ts';
import type { ToolsetGitHubContext } from '../github/toolset-github-context.ts';
import type { OptionNames } from '../core/option-names.ts';
import { DEFAULT_API_KEY_ENV, type CliModelArgs } from './parse-cli-args.ts';
import { keylessServerNote } from '../llm/base-url.ts';

/**
 * What every CLI command hides in everything it prints and writes (`jobSecrets`): the API key, the
 * environment's secret-named variables, the values of secret-named `--input`s, and the values of the
 * --base-url's query (`?api_key=…`).
 */
export function cliRedactor(args: Pick<CliModelArgs, 'apiKeyEnv' | 'baseUrl' | 'inputs'>, env: NodeJS.ProcessEnv): Redactor {
  return createRedactor(jobSecrets({ apiKey: env[args.apiKeyEnv] || undefined, baseURL: args.baseUrl, env, inputs: args.inputs }));
}

/** What to do when no model is configured: name the variable the key is read from, which --api-key-env may have changed. */
export function cliModelHint(apiKeyEnv: string, baseUrl: string | undefined, instead = '--replay FILE'): string {
  return `${apiKeyEnv} is empty or not set (the API key is read from it${apiKeyEnv === DEFAULT_API_KEY_ENV ? '; --api-key-env NAME reads another' : ', as --api-key-env says'}); set it${keylessServerNote(baseUrl)}, or use ${instead}`;
}

/** The task and the modes as the CLI's flags, for messages that say what to change. */
export const CLI_OPTION_NAMES: OptionNames = { task: '--task', agent: '--agent', notAgent: 'without --agent', fresh: 'run it without --resume' };

/**
 * The github toolset's context as the CLI has it: with GITHUB_TOKEN set, a client, and the repository
 * and pull request from the GITHUB_* variables, as the action would have them. The GitHub client loads only then.
 */
export async function cliGitHubContext(env: NodeJS.ProcessEnv, redact: Redactor): Promise<ToolsetGitHubContext> {
  const token = env.GITHUB_TOKEN;
  const warn = (message: string) => process.stderr.write(`warning: ${redact(message)}\n`);
  const octokit = token ? (await import('../github/create-octokit.ts')).createOctokit({ token, warn }) : undefined;
  const run = githubRunContext(env);
  // Set by hand, as the README says for a pull request: a wrong file was taken silently as an event without one.
  if (run.payloadProblem) warn(`GITHUB_EVENT_PATH ${env.GITHUB_EVENT_PATH}: ${run.payloadProblem}; the github toolset sees no pull request or issue of the event`);
  return toolsetGitHubContext(run, octokit);
}

/**
 * The job a CLI command asks for: the plan file in the current directory, the model from the
 * flags and the key from its variable, and — with GITHUB_TOKEN set — the github toolset's context
 * from the GITHUB_* variables, as the action would have it. The GitHub client loads only then.
 */
export async function cliJobSettings(
  args: CliModelArgs & { readonly file: string; readonly task?: string },
  env: NodeJS.ProcessEnv,
  redact: Redactor,
  mode: JobSettings['mode'],
): Promise<JobSettings> {
  const github = await cliGitHubContext(env, redact);
  return {
    planFile: args.file,
    ...(args.task !== undefined && { task: args.task }),
    inputs: args.inputs,
    ...(args.emptyInputs.length > 0 && { emptyInputs: args.emptyInputs }),
    cwd: process.cwd(),
    env,
    model: {
      baseURL: args.baseUrl,
      apiKey: env[args.apiKeyEnv] || undefined,
      model: args.model,
      ...(args.modelTimeoutSeconds !== undefined && { timeoutSeconds: args.modelTimeoutSeconds }),
      record: args.record,
      replay: args.replay,
      missingHint: cliModelHint(args.apiKeyEnv, args.baseUrl),
      warn: (message) => void process.stderr.write(`warning: ${redact(message)}\n`),
    },
    mode,
    github,
    optionNames: CLI_OPTION_NAMES,
  };
}
