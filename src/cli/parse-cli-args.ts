import { parseArgs, type ParseArgsConfig } from 'node:util';
import { baseUrlProblem } from '../llm/base-url.ts';
import { hasVisibleText } from '../core/invisible-characters.ts';
import { OUTPUT_FOLDER } from '../core/output-folder-name.ts';
import { nearestName } from '../plan/nearest-name.ts';
import { plainInputValue } from '../plan/plain-input-value.ts';
import { MAX_MODEL_TIMEOUT_SECONDS, MODEL_TIMEOUT_RANGE } from '../llm/model-timeout.ts';

/** Where model answers come from, as the command line gives it (`run` and `plan`). */
export interface CliModelArgs {
  /** `--input` values as the action's `inputs` read them written bare (`plainInputValue`): `a=3` is the number 3. */
  readonly inputs: Readonly<Record<string, string | number | boolean>>;
  /** `--input NAME=` with no value: not given, as the action's `NAME:` is (`resolveInputs`). */
  readonly emptyInputs: readonly string[];
  readonly record?: string;
  readonly replay?: string;
  readonly baseUrl: string;
  readonly model?: string;
  /** `--model-timeout-seconds`: how long one model request waits; replaces the plan's `model.timeout_seconds`. */
  readonly modelTimeoutSeconds?: number;
  readonly apiKeyEnv: string;
}

export type CliCommand =
  | { readonly command: 'help' }
  | { readonly command: 'version' }
  /** `--model`: the caller's model, as `run`'s, which replaces each plan's `model.name` (max_cost_usd prices it). */
  | { readonly command: 'validate'; readonly files: readonly string[]; readonly model?: string; readonly modelTimeoutSeconds?: number }
  | ({
      readonly command: 'run';
      readonly file: string;
      readonly trace: string;
      readonly summary: string;
      readonly weightsFrom?: string;
      readonly resume?: string;
      /** `--approve HASH`: the approval of the run `--resume` paused (its approval hash). */
      readonly approve?: string;
      /** `--agent`: the run is one agent step working on the task (or the plan's goal). */
      readonly agent: boolean;
      /** `--task`: the task in words, as the action's `task` input. */
      readonly task?: string;
    } & CliModelArgs)
  | ({ readonly command: 'plan'; readonly file: string; readonly summary?: string } & CliModelArgs)
  | ({ readonly command: 'eval' } & EvalArgs & CliModelArgs);

/** `plan-runner eval`'s own options. */
export interface EvalArgs {
  readonly file: string;
  readonly runs: number;
  readonly seed: number;
  readonly faults?: string;
  readonly answers?: string;
  readonly baselines: readonly ('react' | 'full-history')[];
  readonly compare?: string;
  readonly json?: string;
  readonly markdown?: string;
  readonly traceDir?: string;
  readonly maxTurns: number;
  readonly minSuccessRate?: number;
  readonly maxCostUsdPerRun?: number;
}

const EVAL_OPTIONS = ['runs', 'seed', 'faults', 'answers', 'baseline', 'compare', 'json', 'markdown', 'trace-dir', 'max-turns', 'min-success-rate', 'max-cost-usd-per-run'] as const;

/** The endpoint model calls go to unless `--base-url` says otherwise. */
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** The variable the API key is read from unless `--api-key-env` names another. */
export const DEFAULT_API_KEY_ENV = 'OPENAI_API_KEY';

/** Where `run` writes its trace and its report unless `--trace` and `--summary` say otherwise. */
export const DEFAULT_TRACE = `${OUTPUT_FOLDER}/trace.jsonl`;
export const DEFAULT_SUMMARY = `${OUTPUT_FOLDER}/report.md`;

/** The commands, as `--help` lists them. */
const COMMANDS: readonly string[] = ['validate', 'run', 'plan', 'eval'];

/** The options each command reads (besides --help and --version): any other was silently ignored. */
export const COMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  validate: ['model', 'model-timeout-seconds'],
  plan: ['input', 'summary', 'record', 'replay', 'base-url', 'model', 'model-timeout-seconds', 'api-key-env'],
  run: ['input', 'trace', 'weights-from', 'summary', 'record', 'replay', 'base-url', 'model', 'model-timeout-seconds', 'api-key-env', 'resume', 'approve', 'agent', 'task'],
  eval: [...EVAL_OPTIONS, 'input', 'replay', 'base-url', 'model', 'model-timeout-seconds', 'api-key-env'],
};

/** Throws for an option `command` does not read: `validate plan.yml --trace t` wrote no trace, and said nothing. */
function refuseUnread(command: string, values: Record<string, unknown>): void {
  const reads = COMMAND_OPTIONS[command] ?? [];
  const unread = Object.keys(values).find((name) => values[name] !== undefined && name !== 'help' && name !== 'version' && !reads.includes(name));
  if (unread) throw new UsageError(`--${unread} is not an option of ${command}${reads.length > 0 ? `, which takes ${reads.map((name) => `--${name}`).join(', ')}` : ', which takes only plan files'}`);
}

/**
 * Throws for an option of the endpoint given with a file that answers every model call instead: `--replay FILE
 * --base-url URL` answered from the file and called no endpoint, saying nothing, as did --api-key-env (and, with
 * --replay, --model-timeout-seconds: a recorded answer is read, not waited for). --answers' local server is waited for.
 */
function refuseEndpointOptions(values: Readonly<Record<string, unknown>>): void {
  const source = values['replay'] !== undefined ? 'replay' : values['answers'] !== undefined ? 'answers' : undefined;
  if (source === undefined) return;
  const unread = ['base-url', 'api-key-env', ...(source === 'replay' ? ['model-timeout-seconds'] : [])].find((name) => values[name] !== undefined);
  if (unread) throw new UsageError(`--${unread} is not read with --${source}: every model answer comes from that file, and no endpoint is called; leave out one of the two`);
}

/** Throws for an option given more than once that takes one value: the last one silently won. */
function refuseRepeated(tokens: readonly { kind: string; name?: string }[], multiple: ReadonlySet<string>): void {
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === undefined || multiple.has(token.name)) continue;
    if (seen.has(token.name)) throw new UsageError(`--${token.name} is given more than once; give it once`);
    seen.add(token.name);
  }
}

/** The options whose value is the path of a file or a folder. */
const PATH_OPTIONS = ['trace', 'weights-from', 'summary', 'record', 'replay', 'resume', 'faults', 'answers', 'compare', 'json', 'markdown', 'trace-dir'] as const;

/**
 * Throws for a path with U+FFFD in it: Node reads the command line as UTF-8, so a file named in another encoding
 * (a Latin-1 `caf\xe9.yml`) arrives with its byte replaced, a name no file has: `validate` said "no such file" of a
 * file that is there, and an output was written under another name than the one given (found by an adversarial pass).
 */
function refuseUndecodablePaths(files: readonly string[], values: Partial<Record<(typeof PATH_OPTIONS)[number], string | undefined>>): void {
  const why = 'its name holds bytes that are not UTF-8 (shown as \uFFFD), and the command line is read as UTF-8, so no file can be named by it; rename the file (or folder) in UTF-8';
  const file = files.find((name) => name.includes('\uFFFD'));
  if (file !== undefined) throw new UsageError(`${file}: ${why}`);
  const option = PATH_OPTIONS.find((name) => values[name]?.includes('\uFFFD'));
  if (option !== undefined) throw new UsageError(`--${option} ${values[option]}: ${why}`);
}

/** A word as a POSIX shell reads it back: bare when no character in it means anything to a shell, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

type ArgToken = { readonly kind: string; readonly name?: string; readonly value?: string | undefined; readonly inlineValue?: boolean | undefined };

/**
 * Why `run`, `plan` or `eval` did not get one plan file, naming the words it got instead: "got 4" of a command line
 * that names one plan (`--task fix the flaky test`, `--` before options) said neither which words nor why (an adversarial pass).
 */
function notOnePlanFile(command: string, files: readonly string[], tokens: readonly ArgToken[]): string {
  if (files.length === 0) return `${command} takes exactly one plan file, got none`;
  // A glob that matched 500 files is named by its first few.
  const named = files.length > 5 ? `${files.slice(0, 4).join(', ')} and ${files.length - 4} more` : files.join(', ');
  const said = `${command} takes exactly one plan file, got ${files.length} (${named})`;
  const words = tokens.slice(tokens.findIndex((token) => token.kind === 'positional') + 1);
  // A word after an option's own value, the plan file before them, not after `--`: the rest of a value of several words the shell split.
  const file = words.findIndex((token) => token.kind === 'positional');
  const split = words.findIndex((token, index) => index > file + 1 && token.kind === 'positional' && words[index - 1]!.kind === 'option' && words[index - 1]!.value !== undefined && !words[index - 1]!.inlineValue);
  if (split > 0) {
    const option = words[split - 1]!;
    let end = split;
    while (end < words.length && words[end]!.kind === 'positional') end++;
    const rest = words.slice(split, end).map((token) => token.value!);
    // Inputs (`a=1 b=2`) and baselines each take an --option of their own: quoted as one, `--input 'a=1 b=2'` set a to "1 b=2".
    if (option.name === 'baseline' || (option.name === 'input' && rest.every((word) => word.indexOf('=') > 0))) {
      return `${said}; give each value its own --${option.name}: ${[option.value!, ...rest].map((word) => `--${option.name} ${shellWord(word)}`).join(' ')}`;
    }
    const value = [option.value!, ...rest].join(' ');
    return `${said}; a value of several words is quoted as one: --${option.name} ${shellWord(value)}`;
  }
  const terminator = words.findIndex((token) => token.kind === 'option-terminator');
  if (terminator >= 0 && words.slice(terminator).some((token) => token.kind === 'positional' && token.value!.startsWith('-'))) return `${said}; every word after -- is a file: put the options before --`;
  return said;
}

/**
 * A command line that cannot be understood; the CLI prints it and exits 2. With `usage` (no command, or
 * one there is not) the whole usage follows; after any other, one line that says where it is: 60 lines of
 * usage after each message pushed the message out of sight (found by a new-user review).
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly usage: boolean;

  constructor(message: string, options: { readonly usage?: boolean } = {}) {
    super(message);
    this.usage = options.usage ?? false;
  }
}

/**
 * The `--input` values, and the names given with no value (`--input week=`, a `--input week=$WEEK` whose variable is
 * unset), which are not given, as the action's `week:` is: the plan's default applies, and a required input is refused.
 * Taken as the text "", `--input owner=` satisfied a required input the action refuses given empty.
 */
function parseInputs(pairs: readonly string[]): Pick<CliModelArgs, 'inputs' | 'emptyInputs'> {
  // No prototype: `--input __proto__=1` is an input named __proto__ (resolveInputs refuses it unless declared).
  const inputs: Record<string, string | number | boolean> = Object.create(null) as Record<string, string | number | boolean>;
  const empty: string[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--input takes NAME=VALUE, got '${pair}'`);
    const name = pair.slice(0, eq);
    if (Object.hasOwn(inputs, name) || empty.includes(name)) throw new UsageError(`--input ${name} is given twice; give each input once`);
    const value = pair.slice(eq + 1);
    if (value === '') empty.push(name);
    else inputs[name] = plainInputValue(value);
  }
  return { inputs, emptyInputs: empty };
}

/** Decimal notation only: `Number` also takes '' (0), '0x10', '0b101' and '1e1', which nobody means on a command line. */
const WHOLE = /^\d+$/;
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

function whole(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!WHOLE.test(text) || !Number.isInteger(value) || value < min || value > max) throw new UsageError(`--${name} takes a whole number from ${min} to ${max}, got '${text}'`);
  return value;
}

function modelTimeoutSeconds(text: string): number {
  const value = Number(text);
  if (!WHOLE.test(text) || value < 1 || value > MAX_MODEL_TIMEOUT_SECONDS) throw new UsageError(`--model-timeout-seconds takes ${MODEL_TIMEOUT_RANGE}, got '${text}'`);
  return value;
}

function fraction(name: string, text: string | undefined, max = 1): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!DECIMAL.test(text) || !Number.isFinite(value) || value < 0 || value > max) throw new UsageError(`--${name} takes a number from 0 to ${max}, got '${text}'`);
  return value;
}

function evalArgs(values: Partial<Record<(typeof EVAL_OPTIONS)[number], string | string[] | undefined>>): Omit<EvalArgs, 'file'> {
  const one = (name: (typeof EVAL_OPTIONS)[number]) => values[name] as string | undefined;
  const baselines = (values.baseline as string[] | undefined) ?? [];
  for (const baseline of baselines) {
    if (baseline !== 'react' && baseline !== 'full-history') throw new UsageError(`--baseline takes react or full-history, got '${baseline}'`);
  }
  const minSuccessRate = fraction('min-success-rate', one('min-success-rate'));
  const maxCostUsdPerRun = fraction('max-cost-usd-per-run', one('max-cost-usd-per-run'), 1_000_000);
  return {
    runs: whole('runs', one('runs'), 5, 1, 1000),
    seed: whole('seed', one('seed'), 1, 0, 2 ** 31 - 1),
    baselines: [...new Set(baselines)] as EvalArgs['baselines'],
    maxTurns: whole('max-turns', one('max-turns'), 20, 1, 200),
    ...(one('faults') !== undefined && { faults: one('faults') }),
    ...(one('answers') !== undefined && { answers: one('answers') }),
    ...(one('compare') !== undefined && { compare: one('compare') }),
    ...(one('json') !== undefined && { json: one('json') }),
    ...(one('markdown') !== undefined && { markdown: one('markdown') }),
    ...(one('trace-dir') !== undefined && { traceDir: one('trace-dir') }),
    ...(minSuccessRate !== undefined && { minSuccessRate }),
    ...(maxCostUsdPerRun !== undefined && { maxCostUsdPerRun }),
  };
}

/** Every option the CLI reads, as `parseArgs` takes them. */
const CLI_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  input: { type: 'string', multiple: true },
  trace: { type: 'string' },
  'weights-from': { type: 'string' },
  summary: { type: 'string' },
  record: { type: 'string' },
  replay: { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'model-timeout-seconds': { type: 'string' },
  'api-key-env': { type: 'string' },
  'api-key': { type: 'string' },
  resume: { type: 'string' },
  approve: { type: 'string' },
  runs: { type: 'string' },
  seed: { type: 'string' },
  faults: { type: 'string' },
  answers: { type: 'string' },
  baseline: { type: 'string', multiple: true },
  compare: { type: 'string' },
  json: { type: 'string' },
  markdown: { type: 'string' },
  'trace-dir': { type: 'string' },
  'max-turns': { type: 'string' },
  'min-success-rate': { type: 'string' },
  'max-cost-usd-per-run': { type: 'string' },
  agent: { type: 'boolean' },
  task: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/**
 * Node names a word of one dash by its first unknown letter (`-trace` is `-t`, `-dash.yml` is `-d`): the
 * message names the word the user wrote, the option it may mean, or how to name a file of that name.
 */
function unknownOption(unknown: string, argv: readonly string[]): string {
  const end = argv.indexOf('--');
  const word = unknown.startsWith('--') ? unknown : (argv.slice(0, end === -1 ? argv.length : end).find((arg) => /^-[^-]/.test(arg) && arg !== '-h') ?? unknown);
  const name = word.replace(/^-+/, '').split('=')[0]!;
  const options = Object.keys(CLI_OPTIONS).filter((option) => option !== 'api-key');
  if (!word.startsWith('--') && options.includes(name)) return `unknown option ${word}; options start with two dashes: --${name}`;
  // The nearest of the command's own options: the nearest of all (`validate --sumary` → --summary) was then refused as not the command's.
  const command = commandOf(argv);
  const reads = command === undefined ? options : ['help', 'version', ...COMMAND_OPTIONS[command]!];
  const own = nearestName(name, reads);
  if (own) return `unknown option ${word}; did you mean --${own}?`;
  const near = nearestName(name, options);
  if (near && command !== undefined) {
    const owners = Object.keys(COMMAND_OPTIONS).filter((other) => COMMAND_OPTIONS[other]!.includes(near));
    return `unknown option ${word}; --${near} is an option of ${owners.join(' and ')}, not of ${command}, which takes ${COMMAND_OPTIONS[command]!.map((option) => `--${option}`).join(', ')}`;
  }
  if (near) return `unknown option ${word}; did you mean --${near}?`;
  if (/[./]/.test(name)) return `unknown option ${word}; a file whose name starts with a dash is written ./${word}`;
  return `unknown option ${word}`;
}

/** The command a command line names, read leniently (its unknown options taken as flags), when it names one there is. */
function commandOf(argv: readonly string[]): string | undefined {
  const [command] = parseArgs({ args: [...argv], strict: false, allowPositionals: true, options: CLI_OPTIONS }).positionals;
  return command !== undefined && Object.hasOwn(COMMAND_OPTIONS, command) ? command : undefined;
}

/** Turns argv (without node and the script) into one command, or throws `UsageError`. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      tokens: true,
      options: CLI_OPTIONS,
    });
  } catch (error) {
    // Node's "Unknown option '--trac'. To specify a positional argument starting with a '-', …" named no
    // option there is, where a plan's unknown key gets "did you mean" (found by an adversarial pass).
    const unknown = (error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'(-{1,2}[^'=]*)/.exec((error as Error).message)?.[1] : undefined;
    if (unknown !== undefined) throw new UsageError(unknownOption(unknown, argv));
    // Node's "Option '--trace <value>' argument missing", in the words of the CLI's other messages.
    const missing = /^Option '(-{1,2}[\w-]+)(?:, (-{1,2}[\w-]+))?(?: <value>)?' argument missing/.exec((error as Error).message);
    if (missing) throw new UsageError(`${missing[2] ?? missing[1]} needs a value`);
    // Node's three lines for `--max-cost-usd-per-run -1` ("argument is ambiguous. Did you forget …"), in one.
    const dashed = /^Option '(-{1,2}[\w-]+)(?:, (-{1,2}[\w-]+))?(?: <value>)?' argument is ambiguous/.exec((error as Error).message);
    if (dashed) {
      const option = dashed[2] ?? dashed[1]!;
      // `--runs -3` meant the number: read as `--runs=-3`, whose message says what numbers it takes (found by a hunt of
      // the CLI: the advice to write `--runs=-3` was then refused for its range).
      const at = argv.indexOf(option);
      if (at >= 0 && /^-\d/.test(argv[at + 1] ?? '')) return parseCliArgs([...argv.slice(0, at), `${option}=${argv[at + 1]!}`, ...argv.slice(at + 2)]);
      throw new UsageError(`${option} needs a value; a value that starts with a dash is written ${option}=-…`);
    }
    // Node's "Option '--agent' does not take an argument" for `--agent=true`, saying what to write.
    const flag = /^Option '(-{1,2}[\w-]+)(?:, (-{1,2}[\w-]+))?' does not take an argument/.exec((error as Error).message);
    if (flag) throw new UsageError(`${flag[2] ?? flag[1]} takes no value; give it alone: ${flag[2] ?? flag[1]}`);
    throw new UsageError((error as Error).message);
  }

  const { values, positionals, tokens } = parsed;
  if (values.help) return { command: 'help' };
  // `run --version` printed the version and ran nothing, exit 0 (found by a hunt of the CLI).
  if (values.version) {
    if (positionals.length > 0 || tokens.some((token) => token.kind === 'option' && token.name !== 'version')) throw new UsageError('--version takes nothing else: run plan-runner --version alone');
    return { command: 'version' };
  }
  if (values['api-key'] !== undefined) {
    throw new UsageError('an API key is never taken on the command line (it would land in shell history); set OPENAI_API_KEY or use --api-key-env NAME');
  }
  const [command, ...rest] = positionals;
  if (command === undefined) throw new UsageError('no command given', { usage: true });
  if (command === 'help') return { command: 'help' };
  // Named first, in one line like every usage error (found by a new-user walkthrough: `frobnicate` printed
  // the whole usage, and `run`'s options were checked against a command that does not exist).
  if (!COMMANDS.includes(command)) {
    const near = nearestName(command, [...COMMANDS, 'help']);
    throw new UsageError(`unknown command '${command}'; the commands are ${COMMANDS.join(', ')}${near ? ` (did you mean '${near}'?)` : ''}`);
  }
  refuseRepeated(tokens, new Set(['input', 'baseline']));
  refuseUndecodablePaths(rest, values);
  if (command !== 'eval') {
    const misplaced = EVAL_OPTIONS.find((name) => values[name] !== undefined);
    if (misplaced) throw new UsageError(`--${misplaced} is an option of eval, not of ${command}`);
  }
  if (values.resume !== undefined && command !== 'run') throw new UsageError(`--resume is an option of run, not of ${command}`);
  // `plan --approve x` was told to add --resume, which plan then refused (found by a hunt of the CLI).
  if (values.approve !== undefined && command !== 'run') throw new UsageError(`--approve is an option of run, not of ${command}`);
  if (values.approve !== undefined && values.resume === undefined) throw new UsageError('--approve HASH approves the run that --resume TRACE paused; give both');
  if (command !== 'run') {
    if (values.agent) throw new UsageError(`--agent is an option of run, not of ${command}`);
    if (values.task !== undefined) throw new UsageError(`--task is an option of run, not of ${command}`);
  }
  const baseUrlIssue = values['base-url'] === undefined ? undefined : baseUrlProblem(values['base-url']);
  if (baseUrlIssue) throw new UsageError(`--base-url: ${baseUrlIssue}`);
  if (values.task !== undefined && values.task.trim() === '') throw new UsageError('--task needs the task in words, got an empty text');
  // `--trace ""`, `--model=`: an empty value was taken as the option not given (the plan's model used, no file written), or failed after the run.
  const empty = tokens.find((token) => token.kind === 'option' && token.value === '');
  if (empty && empty.kind === 'option') throw new UsageError(`--${empty.name} needs a value, got an empty one`);
  // `--model " "`: validate said ok, and run blamed the plan file for a blank model name, exit 1 (an adversarial pass).
  if (values.model !== undefined && !hasVisibleText(values.model)) throw new UsageError('--model needs the name of a model, got a blank one');
  if (values['api-key-env'] !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(values['api-key-env'])) {
    throw new UsageError(`--api-key-env takes the name of an environment variable (letters, digits and _), got '${values['api-key-env']}'`);
  }
  if (command === 'validate') {
    if (rest.length === 0) throw new UsageError('validate needs at least one plan file');
    // `validate ''` said "no such file; check the path", naming no file (found by an adversarial pass).
    if (rest.includes('')) throw new UsageError('validate needs the path of each plan file, got an empty one');
    refuseUnread(command, values);
    return {
      command: 'validate',
      files: rest,
      ...(values.model !== undefined && { model: values.model }),
      ...(values['model-timeout-seconds'] !== undefined && { modelTimeoutSeconds: modelTimeoutSeconds(values['model-timeout-seconds']) }),
    };
  }
  if (command === 'run' || command === 'plan' || command === 'eval') {
    if (rest.length !== 1) throw new UsageError(notOnePlanFile(command, rest, tokens));
    // `run '' --task …` runs a task without a plan file, as the action's task input does; plan and eval take none.
    if (rest[0] === '' && command !== 'run') throw new UsageError(`${command} needs the path of a plan file, got an empty one`);
    // Without a task, `run ''` (a `run "$PLAN"` whose PLAN is unset) was a refused run, exit 1, that emptied the default trace.
    if (rest[0] === '' && command === 'run' && values.task === undefined) throw new UsageError('run needs the path of a plan file, got an empty one (an empty one runs --task TEXT without a plan file)');
    if (values.record && values.replay) throw new UsageError('--record and --replay cannot be used together');
    if (values.answers && values.replay) throw new UsageError('--answers and --replay cannot be used together');
    refuseEndpointOptions(values);
    const modelArgs: CliModelArgs = {
      ...parseInputs(values.input ?? []),
      record: values.record,
      replay: values.replay,
      baseUrl: values['base-url'] ?? DEFAULT_BASE_URL,
      model: values.model,
      ...(values['model-timeout-seconds'] !== undefined && { modelTimeoutSeconds: modelTimeoutSeconds(values['model-timeout-seconds']) }),
      apiKeyEnv: values['api-key-env'] ?? DEFAULT_API_KEY_ENV,
    };
    if (command === 'eval') {
      if (values.record) throw new UsageError('eval records nothing: leave out --record (use --trace-dir for each run\'s trace)');
      if (values.trace !== undefined || values.summary !== undefined) throw new UsageError('eval writes --json and --markdown files (and --trace-dir), not --trace or --summary');
      refuseUnread(command, values);
      return { command: 'eval', ...evalArgs(values), file: rest[0]!, ...modelArgs };
    }
    if (values['weights-from'] !== undefined && command !== 'run') throw new UsageError('--weights-from orders the steps of a run; use it with run');
    if (command === 'plan') {
      if (values.trace !== undefined) throw new UsageError('plan runs nothing, so it writes no trace; leave out --trace');
      refuseUnread(command, values);
      return { command: 'plan', file: rest[0]!, ...(values.summary !== undefined && { summary: values.summary }), ...modelArgs };
    }
    refuseUnread(command, values);
    return {
      command: 'run',
      file: rest[0]!,
      trace: values.trace ?? DEFAULT_TRACE,
      summary: values.summary ?? DEFAULT_SUMMARY,
      ...(values['weights-from'] !== undefined && { weightsFrom: values['weights-from'] }),
      ...(values.resume !== undefined && { resume: values.resume }),
      ...(values.approve !== undefined && { approve: values.approve }),
      agent: values.agent ?? false,
      ...(values.task !== undefined && { task: values.task }),
      ...modelArgs,
    };
  }
  throw new UsageError(`unknown command '${command}'`);
}
