import { DEFAULT_API_KEY_ENV, DEFAULT_BASE_URL, DEFAULT_SUMMARY, DEFAULT_TRACE, shellWord, type CliCommand } from './parse-cli-args.ts';

type RunArgs = Extract<CliCommand, { command: 'run' }>;


/**
 * The command that approves the run `args` paused, as a shell reads it: the run's own plan, inputs, mode,
 * model options and output files, resuming its trace. It named the plan, the trace and the hash only: run as
 * printed, a run given `--input` was refused for other inputs, and one given `--agent`, `--replay` or
 * `--model` ran another job than the one asked about (found by an adversarial pass).
 */
export function approveCommandLine(args: RunArgs, hash: string, redact: (text: string) => string): string {
  // A relative path that starts with a dash (given after `--`) is one the CLI would read as an option: `./` keeps it a path.
  const words = ['run', args.file.startsWith('-') ? `./${args.file}` : args.file];
  // A value that starts with a dash (a task that is a `- ` bullet, `--trace=-t.jsonl`) is written --name=value: as
  // a word of its own, the CLI takes it for an option and refuses the command (found by an adversarial pass).
  const option = (name: string, value: string): void => void (value.startsWith('-') ? words.push(`${name}=${value}`) : words.push(name, value));
  for (const [name, value] of Object.entries(args.inputs)) option('--input', `${name}=${value}`);
  for (const name of args.emptyInputs) option('--input', `${name}=`);
  if (args.agent) words.push('--agent');
  if (args.task !== undefined) option('--task', args.task);
  if (args.model !== undefined) option('--model', args.model);
  if (args.modelTimeoutSeconds !== undefined) option('--model-timeout-seconds', String(args.modelTimeoutSeconds));
  if (args.baseUrl !== DEFAULT_BASE_URL) option('--base-url', args.baseUrl);
  if (args.apiKeyEnv !== DEFAULT_API_KEY_ENV) option('--api-key-env', args.apiKeyEnv);
  if (args.replay !== undefined) option('--replay', args.replay);
  // Not --record, which would write the approving run's calls over the paused run's recording, nor --weights-from:
  // a resumed run orders its steps by the trace it resumes.
  option('--resume', args.trace);
  // Written where this run wrote them: the paused trace is resumed in place, as it is with the default paths.
  if (args.trace !== DEFAULT_TRACE) option('--trace', args.trace);
  if (args.summary !== DEFAULT_SUMMARY) option('--summary', args.summary);
  option('--approve', hash);
  // Each word hidden before it is quoted: a secret with a quote in it, quoted first, was no longer the value the redactor hides.
  return `plan-runner ${words.map((word) => shellWord(redact(word))).join(' ')}`;
}
