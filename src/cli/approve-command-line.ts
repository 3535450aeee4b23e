import { CommandLine } from './command-line.ts';
import { DEFAULT_API_KEY_ENV, DEFAULT_BASE_URL, DEFAULT_SUMMARY, DEFAULT_TRACE, type CliCommand } from './parse-cli-args.ts';

type RunArgs = Extract<CliCommand, { command: 'run' }>;

/**
 * The command that approves the run `args` paused, as a shell reads it: the run's own plan, inputs, mode,
 * model options and output files, resuming its trace. It named the plan, the trace and the hash only: run as
 * printed, a run given `--input` was refused for other inputs, and one given `--agent`, `--replay` or
 * `--model` ran another job than the one asked about (found by an adversarial pass).
 */
export function approveCommandLine(args: RunArgs, hash: string, redact: (text: string) => string): string {
  const line = new CommandLine('run', [args.file]);
  for (const [name, value] of Object.entries(args.inputs)) line.option('--input', `${name}=${value}`);
  for (const name of args.emptyInputs) line.option('--input', `${name}=`);
  if (args.agent) line.flag('--agent');
  if (args.task !== undefined) line.option('--task', args.task);
  if (args.model !== undefined) line.option('--model', args.model);
  if (args.modelTimeoutSeconds !== undefined) line.option('--model-timeout-seconds', String(args.modelTimeoutSeconds));
  if (args.baseUrl !== DEFAULT_BASE_URL) line.option('--base-url', args.baseUrl);
  if (args.apiKeyEnv !== DEFAULT_API_KEY_ENV) line.option('--api-key-env', args.apiKeyEnv);
  if (args.replay !== undefined) line.option('--replay', args.replay);
  // Not --record, which would write the approving run's calls over the paused run's recording, nor --weights-from:
  // a resumed run orders its steps by the trace it resumes.
  line.option('--resume', args.trace);
  // Written where this run wrote them: the paused trace is resumed in place, as it is with the default paths.
  if (args.trace !== DEFAULT_TRACE) line.option('--trace', args.trace);
  if (args.summary !== DEFAULT_SUMMARY) line.option('--summary', args.summary);
  return line.option('--approve', hash).text(redact);
}
