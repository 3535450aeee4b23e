import { parseArgs } from 'node:util';

/** Where model answers come from, as the command line gives it (`run` and `plan`). */
export interface CliModelArgs {
  readonly inputs: Readonly<Record<string, string>>;
  readonly record?: string;
  readonly replay?: string;
  readonly baseUrl: string;
  readonly model?: string;
  readonly apiKeyEnv: string;
}

export type CliCommand =
  | { readonly command: 'help' }
  | { readonly command: 'version' }
  | { readonly command: 'validate'; readonly files: readonly string[] }
  | ({ readonly command: 'run'; readonly file: string; readonly trace: string; readonly summary: string } & CliModelArgs)
  | ({ readonly command: 'plan'; readonly file: string; readonly summary?: string } & CliModelArgs);

/** A command line that cannot be understood; the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

function parseInputs(pairs: readonly string[]): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--input takes NAME=VALUE, got '${pair}'`);
    inputs[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return inputs;
}

/** Turns argv (without node and the script) into one command, or throws `UsageError`. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
        input: { type: 'string', multiple: true },
        trace: { type: 'string' },
        summary: { type: 'string' },
        record: { type: 'string' },
        replay: { type: 'string' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key-env': { type: 'string' },
        'api-key': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  if (values['api-key'] !== undefined) {
    throw new UsageError('an API key is never taken on the command line (it would land in shell history); set OPENAI_API_KEY or use --api-key-env NAME');
  }
  const [command, ...rest] = positionals;
  if (command === undefined) throw new UsageError('no command given');
  if (command === 'validate') {
    if (rest.length === 0) throw new UsageError('validate needs at least one plan file');
    return { command: 'validate', files: rest };
  }
  if (command === 'run' || command === 'plan') {
    if (rest.length !== 1) throw new UsageError(`${command} takes exactly one plan file, got ${rest.length}`);
    if (values.record && values.replay) throw new UsageError('--record and --replay cannot be used together');
    const modelArgs: CliModelArgs = {
      inputs: parseInputs(values.input ?? []),
      record: values.record,
      replay: values.replay,
      baseUrl: values['base-url'] ?? 'https://api.openai.com/v1',
      model: values.model,
      apiKeyEnv: values['api-key-env'] ?? 'OPENAI_API_KEY',
    };
    if (command === 'plan') {
      if (values.trace !== undefined) throw new UsageError('plan runs nothing, so it writes no trace; leave out --trace');
      return { command: 'plan', file: rest[0]!, ...(values.summary !== undefined && { summary: values.summary }), ...modelArgs };
    }
    return {
      command: 'run',
      file: rest[0]!,
      trace: values.trace ?? '.plan-runner/trace.jsonl',
      summary: values.summary ?? '.plan-runner/report.md',
      ...modelArgs,
    };
  }
  throw new UsageError(`unknown command '${command}'`);
}
