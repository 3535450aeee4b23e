import { runProcess } from '../process/run-process.ts';

/** The commit checked out in the workspace, or why it is unknown. */
export type WorkspaceHead =
  | {
      readonly kind: 'commit';
      readonly sha: string;
      /**
       * Files that differ from that commit in the working tree or the index, and files it does not have that
       * `.gitignore` does not name (a folder of them as the folder), at most MAX_CHANGED_SHOWN, and `moreChanged`
       * for the rest; absent when not asked. Something the job did after its checkout: applying a pull request's
       * changes over the base (`gh pr diff | git apply`) left HEAD at the base commit, and the plan and its tools
       * the pull request's (found by an adversarial hunt); the files it adds are new to git, and a command the base
       * plan runs (`npm test`, `pytest`) runs them too (found by a review).
       */
      readonly changed?: readonly string[];
      readonly moreChanged?: boolean;
      /**
       * Why those files could not be read (`git status` failed or timed out), when asked: the commit is known,
       * and only a run that reads a plan file is refused for it, saying so (not as a commit that cannot be read).
       */
      readonly changesUnread?: string;
    }
  | { readonly kind: 'not-a-repository' }
  | { readonly kind: 'unknown'; readonly message: string };

/**
 * Reads `git rev-parse HEAD` in `workspace` — through the process runner: no shell, fixed arguments,
 * and an environment holding only PATH and HOME, so no repository variable can redirect git.
 */
export async function readWorkspaceHead(workspace: string, env: Readonly<Record<string, string | undefined>> = process.env, options: { readonly changes?: boolean } = {}): Promise<WorkspaceHead> {
  const gitEnv: Record<string, string> = { GIT_TERMINAL_PROMPT: '0' };
  for (const name of ['PATH', 'HOME', 'SystemRoot']) if (env[name] !== undefined) gitEnv[name] = env[name]!;
  const git = (args: readonly string[], maxStdoutBytes: number) =>
    runProcess(['git', ...args], { cwd: workspace, env: gitEnv, stdin: '', timeoutMs: 10_000, output: { mode: 'separate', maxStdoutBytes, maxStderrBytes: 8 * 1024 } });
  const outcome = await git(['rev-parse', '--verify', 'HEAD^{commit}'], 64 * 1024);
  switch (outcome.kind) {
    case 'exited': {
      if (outcome.exitCode === 0) {
        const sha = outcome.stdout.trim().toLowerCase();
        return options.changes ? withChanges(sha, await git(['status', '--porcelain=v1', '-z', '--untracked-files=normal'], MAX_STATUS_BYTES)) : { kind: 'commit', sha };
      }
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

/** The most changed files a refusal names. */
const MAX_CHANGED_SHOWN = 5;
/** `git status` past this many bytes is read as "more changed" (a tree rewritten whole). */
const MAX_STATUS_BYTES = 256 * 1024;

/** The commit with the files `git status` says differ from it or are new to it; `changesUnread` when git could not say (the guard fails closed on it). */
function withChanges(sha: string, status: Awaited<ReturnType<typeof runProcess>>): WorkspaceHead {
  if (status.kind === 'output_too_large') return { kind: 'commit', sha, changed: [], moreChanged: true };
  if (status.kind !== 'exited' || status.exitCode !== 0) {
    const why = status.kind === 'exited' ? status.stderr.text().trim().split('\n')[0] || `exited with ${status.exitCode ?? status.signal}` : status.kind.replace('_', ' ');
    return { kind: 'commit', sha, changesUnread: why };
  }
  // NUL-separated entries `XY path`; a rename's or copy's source path follows as a field of its own, whether git found
  // it in the index (`R `) or in the working tree (` R`: a file added with --intent-to-add).
  const fields = status.stdout.split('\0');
  const paths: string[] = [];
  for (let at = 0; at < fields.length; at++) {
    const entry = fields[at]!;
    if (entry.length < 4) continue;
    paths.push(entry.slice(3));
    if (/[RC]/.test(entry.slice(0, 2))) at++;
  }
  return { kind: 'commit', sha, changed: paths.slice(0, MAX_CHANGED_SHOWN), ...(paths.length > MAX_CHANGED_SHOWN && { moreChanged: true }) };
}
