#!/usr/bin/env node
import { letReaderLeave } from './cli/closed-output.ts';
import { batchOutput } from './core/batch-output.ts';
import { neutraliseOutput } from './cli/neutralise-output.ts';
import { parseCliArgs, UsageError, type CliCommand } from './cli/parse-cli-args.ts';
import { USAGE } from './cli/usage.ts';
import { VERSION } from './version.ts';

// Each command's code loads when it is asked for (a chunk of the bundle): `--version` and
// `validate` start without the model client, the runner and the GitHub client.

async function main(argv: readonly string[]): Promise<number> {
  try {
    return await runCommandLine(argv);
  } catch (error) {
    // Also from a command's own checks before it runs (an output that is one of its inputs).
    if (!(error instanceof UsageError)) throw error;
    // A usage error quotes the command line, where a secret may be: stderr hides the environment's (neutraliseOutput).
    process.stderr.write(`plan-runner: ${error.message}\n${error.usage ? `\n${USAGE}` : 'plan-runner --help lists the commands and their options.\n'}`);
    return 2;
  }
}

async function runCommandLine(argv: readonly string[]): Promise<number> {
  const command: CliCommand = parseCliArgs(argv);
  switch (command.command) {
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    case 'version':
      process.stdout.write(`plan-runner ${VERSION}\n`);
      return 0;
  }
  // Every command below reads and writes in the current folder, the repository root: one removed after the shell entered
  // it (a `git worktree remove`, a `rm -rf` in another shell) made each an "internal error" (found by an adversarial pass).
  try {
    process.cwd();
  } catch {
    process.stderr.write('plan-runner: the current folder no longer exists (it was removed after the shell entered it); cd to the repository root and run the command again\n');
    return 1;
  }
  // Every command below may compile a pattern: a copy without the regex engine's file says so, not that a pattern is bad.
  const incomplete = (await import('./core/regex-engine-file.ts')).regexEngineMissing();
  if (incomplete) {
    process.stderr.write(`plan-runner: ${incomplete}\n`);
    return 1;
  }
  // Every command below loads chunks of the bundle: a second run takes their compiled code from the cache.
  // Loaded here, as --help and --version need none of it (it makes a folder, with the checks every folder plan-runner makes gets).
  (await import('./cli/compile-cache.ts')).enableCompileCache();
  // Before any command's module builds a schema (see plan/zod-jitless.ts); --help and --version need no zod.
  await import('./plan/zod-jitless.ts');
  // Before any command's first request: Node's fetch ignores the proxy variables a proxied runner sets.
  const { warning } = (await import('./core/proxy-from-environment.ts')).sendFetchThroughProxy(process.env);
  if (warning) process.stderr.write(`plan-runner: warning: ${warning}\n`);
  switch (command.command) {
    case 'validate': {
      const { validateCommand } = await import('./cli/validate-command.ts');
      // Ctrl-C ends the MCP servers a plan started to list its tools: in their own process group, they do not get it.
      const controller = new AbortController();
      (await import('./cli/cancel-on-signals.ts')).cancelOnSignals(controller, (line) => process.stderr.write(line), { stopping: 'ending the MCP servers it started; once more ends it at once' });
      return (await validateCommand(command.files, (line) => process.stdout.write(`${line}\n`), { signal: controller.signal, ...(command.model !== undefined && { model: command.model }), ...(command.modelTimeoutSeconds !== undefined && { modelTimeoutSeconds: command.modelTimeoutSeconds }) })) ? 0 : 1;
    }
    case 'run':
    case 'plan':
    case 'eval': {
      const controller = new AbortController();
      (await import('./cli/cancel-on-signals.ts')).cancelOnSignals(controller, (line) => process.stderr.write(line));
      if (command.command === 'eval') return (await import('./cli/eval-command.ts')).evalCommand(command, controller.signal);
      if (command.command === 'run') return (await import('./cli/run-command.ts')).runCommand(command, controller.signal);
      return (await import('./cli/plan-command.ts')).planCommand(command, controller.signal);
    }
  }
}

// Run in a CI step, the CLI's output is the job log: outside text must not become workflow commands there;
// and nothing it prints, a terminal's included, shows the environment's secret values.
// One write per turn of the event loop to a pipe or a file (see batchOutput), under the wrappers below.
batchOutput(process.stdout, [process.stderr]);
neutraliseOutput(process.stdout);
neutraliseOutput(process.stderr);
letReaderLeave(process.stdout, 'standard output');
letReaderLeave(process.stderr, 'standard error');

process.on('unhandledRejection', (reason) => {
  process.stderr.write(`plan-runner: internal error: ${String(reason)}\n`);
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => {
    // An output that could not be written (letReaderLeave) has made it 1 already.
    if (!process.exitCode) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`plan-runner: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
