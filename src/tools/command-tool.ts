import type { JsonSchema } from '../core/json-schema.ts';
import { runProcess } from '../process/run-process.ts';
import { scrubEnvironment, type EnvPassThrough, type RunnerEnvironment } from '../process/scrub-environment.ts';
import type { Tool } from './tool.ts';
import { ToolEnvironmentError } from '../process/tool-environment-error.ts';
import { ToolExitError } from './tool-exit-error.ts';
import { TOOL_RESULT_LIMIT_BYTES, ToolOutputTooLargeError } from './tool-output-too-large-error.ts';
import { ToolSpawnError } from './tool-spawn-error.ts';
import { ToolTimeoutError } from './tool-timeout-error.ts';
import { parseJsonKeepingNumbers } from '../core/parse-json-keeping-numbers.ts';

/** A command tool that declares no `timeout_seconds` is stopped after this long. */
export const DEFAULT_COMMAND_TIMEOUT_SECONDS = 300;
/** Only the last this-many bytes of stderr are kept while the command runs. */
export const COMMAND_STDERR_KEPT_BYTES = 64 * 1024;
/** How much of the kept stderr tail goes into an error message. */
export const COMMAND_STDERR_IN_ERROR_BYTES = 2 * 1024;

/** What a command tool is built from: the fields of a plan's `tools:` entry it reads (`CommandTool` in plan/schema.ts). */
export interface CommandToolDeclaration {
  readonly description: string;
  readonly command: readonly string[];
  readonly input?: JsonSchema;
  readonly side_effects?: boolean;
  readonly timeout_seconds?: number;
  readonly env?: EnvPassThrough;
}

export interface CommandToolOptions {
  /** The repository root: the command runs here and relative programs resolve from it. */
  readonly cwd: string;
  /** The runner's environment; the command sees only a scrubbed part of it. */
  readonly env: RunnerEnvironment;
  readonly maxStdoutBytes?: number;
  readonly maxStderrBytes?: number;
}

/**
 * A tool from a plan's `command` declaration: argv run from the repository root with no shell,
 * the arguments as JSON on stdin, stdout as the result (parsed when it is JSON). Exit 0 succeeds;
 * exit 75 and timeouts are transient; other exits are permanent and carry the tail of stderr.
 */
export function commandTool(name: string, declaration: CommandToolDeclaration, options: CommandToolOptions): Tool {
  let env: Record<string, string> = {};
  let envError: ToolEnvironmentError | undefined;
  try {
    env = scrubEnvironment(options.env, declaration.env, name);
  } catch (error) {
    // Reported when the tool is called, so a plan whose unused tool lacks a variable still runs.
    if (!(error instanceof ToolEnvironmentError)) throw error;
    envError = error;
  }
  const maxStdoutBytes = options.maxStdoutBytes ?? TOOL_RESULT_LIMIT_BYTES;

  return {
    name,
    description: declaration.description,
    inputSchema: declaration.input ?? { type: 'object', properties: {} },
    sideEffects: declaration.side_effects ?? false,
    ...(declaration.timeout_seconds !== undefined && { timeoutSeconds: declaration.timeout_seconds, timeoutSetting: `tools.${name}.timeout_seconds` }),
    async execute(args, ctx) {
      if (envError) throw envError;
      const timeoutMs = ctx.timeoutMs ?? (declaration.timeout_seconds ?? DEFAULT_COMMAND_TIMEOUT_SECONDS) * 1000;
      const outcome = await runProcess(declaration.command, {
        cwd: options.cwd,
        // The same logical call (tool and arguments) gets the same key on retries, replans and resumes.
        env: ctx.idempotencyKey === undefined ? env : { ...env, PLAN_RUNNER_IDEMPOTENCY_KEY: ctx.idempotencyKey },
        stdin: `${JSON.stringify(args)}\n`,
        timeoutMs,
        signal: ctx.signal,
        output: { mode: 'separate', maxStdoutBytes, maxStderrBytes: options.maxStderrBytes ?? COMMAND_STDERR_KEPT_BYTES },
      });
      switch (outcome.kind) {
        case 'exited': {
          if (outcome.exitCode === 0) return parseCommandOutput(outcome.stdout);
          const stderrTail = outcome.stderr.text(COMMAND_STDERR_IN_ERROR_BYTES);
          throw new ToolExitError({ toolName: name, exitCode: outcome.exitCode, signal: outcome.signal, stderrTail });
        }
        case 'timed_out':
          throw new ToolTimeoutError({ toolName: name, timeoutMs, stderrTail: outcome.stderr.text(COMMAND_STDERR_IN_ERROR_BYTES), ...(ctx.timeoutMs !== undefined && { stepKey: ctx.stepKey }) });
        case 'output_too_large':
          throw new ToolOutputTooLargeError({ toolName: name, limitBytes: maxStdoutBytes });
        case 'aborted':
          // The aborter chose the reason (a cancel, or the executor's own timeout error); pass it on.
          throw outcome.reason instanceof Error ? outcome.reason : new DOMException('The tool call was aborted', 'AbortError');
        case 'spawn_failed':
          throw new ToolSpawnError({ toolName: name, program: outcome.program, code: outcome.error.code, problem: outcome.problem, cause: outcome.error });
      }
    },
  };
}

/**
 * stdout as a result: the JSON value it holds, or else its trimmed text. A number a double cannot hold is kept as
 * the text printed (`parseJsonKeepingNumbers`): read as a number, `1234567890123456789` became 1234567890123456800
 * (a later step acted on another id), and a 20-digit numeric secret reached the reports as its first 16 digits,
 * which no redaction of the whole secret finds (found by an adversarial pass).
 */
export function parseCommandOutput(stdout: string): unknown {
  const text = stdout.trim();
  if (text === '') return '';
  try {
    return parseJsonKeepingNumbers(text);
  } catch {
    return text;
  }
}
