import { runProcess } from '../process/run-process.ts';

/** The commit checked out in the workspace, or why it is unknown. */
export type WorkspaceHead =
  | { readonly kind: 'commit'; readonly sha: string }
  | { readonly kind: 'not-a-repository' }
  | { readonly kind: 'unknown'; readonly message: string };

/**
 * Reads `git rev-parse HEAD` in `workspace` — through the process runner: no shell, fixed arguments,
 * and an environment holding only PATH and HOME, so no repository variable can redirect git.
 */
export async function readWorkspaceHead(workspace: string, env: Readonly<Record<string, string | undefined>> = process.env): Promise<WorkspaceHead> {
  const gitEnv: Record<string, string> = { GIT_TERMINAL_PROMPT: '0' };
  for (const name of ['PATH', 'HOME', 'SystemRoot']) if (env[name] !== undefined) gitEnv[name] = env[name]!;
  const outcome = await runProcess(['git', 'rev-parse', '--verify', 'HEAD^{commit}'], {
    cwd: workspace,
    env: gitEnv,
    stdin: '',
    timeoutMs: 10_000,
    output: { mode: 'separate', maxStdoutBytes: 64 * 1024, maxStderrBytes: 8 * 1024 },
  });
  switch (outcome.kind) {
    case 'exited': {
      if (outcome.exitCode === 0) return { kind: 'commit', sha: outcome.stdout.trim().toLowerCase() };
      const text = outcome.stderr.text().trim();
      if (/not a git repository/i.test(text)) return { kind: 'not-a-repository' };
      return { kind: 'unknown', message: text.split('\n')[0] || `git rev-parse exited with ${outcome.exitCode ?? outcome.signal}` };
    }
    case 'spawn_failed':
      return { kind: 'unknown', message: `cannot start git: ${outcome.error.code ?? outcome.error.message}` };
    case 'timed_out':
      return { kind: 'unknown', message: 'git rev-parse did not answer within 10 s' };
    case 'output_too_large':
      return { kind: 'unknown', message: 'git rev-parse printed more than a commit id' };
    case 'aborted':
      return { kind: 'unknown', message: 'git rev-parse was stopped' };
  }
}
