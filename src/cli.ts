#!/usr/bin/env node
import { evalCommand } from './cli/eval-command.ts';
import { neutraliseOutput } from './cli/neutralise-output.ts';
import { planCommand } from './cli/plan-command.ts';
import { runCommand } from './cli/run-command.ts';
import { parseCliArgs, UsageError, type CliCommand } from './cli/parse-cli-args.ts';
import { USAGE } from './cli/usage.ts';
import { validateCommand } from './cli/validate-command.ts';
import { VERSION } from './version.ts';

async function main(argv: readonly string[]): Promise<number> {
  let command: CliCommand;
  try {
    command = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`plan-runner: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  switch (command.command) {
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    case 'version':
      process.stdout.write(`plan-runner ${VERSION}\n`);
      return 0;
    case 'validate':
      return (await validateCommand(command.files, (line) => process.stdout.write(`${line}\n`))) ? 0 : 1;
    case 'run':
    case 'plan':
    case 'eval': {
      const controller = new AbortController();
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort(signal));
      if (command.command === 'eval') return evalCommand(command, controller.signal);
      return command.command === 'run' ? runCommand(command, controller.signal) : planCommand(command, controller.signal);
    }
  }
}

// Run in a CI step, the CLI's output is the job log: outside text must not become workflow commands there.
neutraliseOutput(process.stdout);
neutraliseOutput(process.stderr);

process.on('unhandledRejection', (reason) => {
  process.stderr.write(`plan-runner: internal error: ${String(reason)}\n`);
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`plan-runner: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
