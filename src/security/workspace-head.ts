import { runProcess } from '../process/run-process.ts';

/** The commit checked out in the workspace, or why it is unknown. */
export type WorkspaceHead =
  | {
      readonly kind: 'commit';
      readonly sha: string;
      /**
       * Files that differ from that commit in the working tree or the index, and files it does not have that
       * `.gitignore` does not name (a folder of them as the folder; a `.gitignore` it does not have counts, even ignored), at most MAX_CHANGED_SHOWN, and `moreChanged`
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
        if (!options.changes) return { kind: 'commit', sha };
        // Both at once: each walks the working tree, on the admission path of every guarded run.
        const [status, hiding] = await Promise.all([
          git(['status', '--porcelain=v1', '-z', '--untracked-files=normal'], MAX_STATUS_BYTES),
          // A .gitignore the commit does not have hides the files it names from that status, itself among them (a
          // pull request's new folder with `*`): listed, with the folders git's own rules ignore as folders, unread.
          // In any case: on the disks of macOS and Windows runners `.GITIGNORE` is the folder's .gitignore.
          git(['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory', '--', ':(glob,icase)**/.gitignore'], MAX_IGNORED_BYTES),
        ]);
        return withChanges(sha, status, hiding);
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
/**
 * The ignored listing past this many bytes is read as "more changed". It names every folder the commit's own rules
 * ignore (each package's `node_modules/` or `__pycache__/`), which are no change: at the status's cap, a few thousand
 * of them refused a checkout with nothing new in it (found by a review).
 */
const MAX_IGNORED_BYTES = 16 * 1024 * 1024;

/**
 * The commit with the files `git status` says differ from it or are new to it, and the `.gitignore` files new to it
 * that `hiding` (`git ls-files --ignored` of them) found ignored; `changesUnread` when git could not say (the guard
 * fails closed on it).
 */
function withChanges(sha: string, status: GitOutcome, hiding: GitOutcome): WorkspaceHead {
  if (status.kind === 'output_too_large' || hiding.kind === 'output_too_large') return { kind: 'commit', sha, changed: [], moreChanged: true };
  if (status.kind !== 'exited' || status.exitCode !== 0) return { kind: 'commit', sha, changesUnread: failure(status) };
  if (hiding.kind !== 'exited' || hiding.exitCode !== 0) return { kind: 'commit', sha, changesUnread: `git ls-files: ${failure(hiding)}` };
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
  // Folders listed whole (node_modules/) are the commit's own rules at work: only the .gitignore files count.
  for (const file of hiding.stdout.split('\0')) if (/(?:^|\/)\.gitignore$/i.test(file)) paths.push(file);
  return { kind: 'commit', sha, changed: paths.slice(0, MAX_CHANGED_SHOWN), ...(paths.length > MAX_CHANGED_SHOWN && { moreChanged: true }) };
}

type GitOutcome = Awaited<ReturnType<typeof runProcess>>;

/** What a git command that did not answer said: its first line of error, else how it ended. */
function failure(outcome: GitOutcome): string {
  return outcome.kind === 'exited' ? outcome.stderr.text().trim().split('\n')[0] || `exited with ${outcome.exitCode ?? outcome.signal}` : outcome.kind.replace('_', ' ');
}
