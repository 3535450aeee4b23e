import { execFile } from 'node:child_process';

/** The commit checked out in the workspace, or why it is unknown. */
export type WorkspaceHead =
  | { readonly kind: 'commit'; readonly sha: string }
  | { readonly kind: 'not-a-repository' }
  | { readonly kind: 'unknown'; readonly message: string };

/**
 * Reads `git rev-parse HEAD` in `workspace` — with execFile, no shell, fixed arguments, and an
 * environment holding only PATH and HOME, so no repository variable can redirect git.
 */
export function readWorkspaceHead(workspace: string, env: Readonly<Record<string, string | undefined>> = process.env): Promise<WorkspaceHead> {
  const gitEnv: Record<string, string> = { GIT_TERMINAL_PROMPT: '0' };
  for (const name of ['PATH', 'HOME', 'SystemRoot']) if (env[name] !== undefined) gitEnv[name] = env[name]!;
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', '--verify', 'HEAD^{commit}'], { cwd: workspace, env: gitEnv, timeout: 10_000, shell: false }, (error, stdout, stderr) => {
      if (!error) {
        resolve({ kind: 'commit', sha: stdout.trim().toLowerCase() });
        return;
      }
      const text = `${stderr}`.trim();
      if (/not a git repository/i.test(text)) resolve({ kind: 'not-a-repository' });
      else resolve({ kind: 'unknown', message: text.split('\n')[0] || error.message });
    });
  });
}
