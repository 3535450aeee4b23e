import { cutNote } from '../../core/cut-note.ts';
import { StepError } from '../../core/step-error.ts';
import { readAsPage } from '../../security/read-as-page.ts';
import type { GitHubClient } from '../../github/create-octokit.ts';
import type { Tool } from '../tool.ts';
import { capText } from './cap-text.ts';
import { defineGitHubTool, type GitHubCall } from './define-github-tool.ts';
import type { GitHubToolContext } from './github-tool-context.ts';
import { hasNextPage } from './list-page.ts';
import { PullRequestMovedError } from './pull-request-moved-error.ts';

const MAX_PR_BODY_BYTES = 64 * 1024;
/** Default caps: the diff, the files listed, one file's patch, and all patches together. */
export const PULL_REQUEST_LIMITS = {
  diffBytes: 256 * 1024,
  files: 300,
  patchBytes: 16 * 1024,
  totalPatchBytes: 512 * 1024,
};

function pullNumberProperty(defaultPullNumber: number | undefined): Record<string, unknown> {
  const fallback = defaultPullNumber === undefined ? '; this run is for no pull request, so give one' : `; default ${defaultPullNumber} (the pull request of this run) when owner and repo are this run's`;
  return { pull_number: { type: 'integer', minimum: 1, description: `Pull request number${fallback}` } };
}

/** The pull request a call reads, and the commit its reads must be of when that is the run's own (`sha`). */
interface PullTarget {
  readonly number: number;
  readonly sha?: string;
}

/**
 * The pull request a call is for: its `pull_number`, else the run's when the call is for the run's repository. Without
 * either (arguments the schema's `required` did not check, as a plan's validation, not knowing the run's event, lets
 * it be left out), the call fails saying so: the run's number in another repository is another pull request. The run's
 * own pull request is read as of the run's commit (`runHeadSha`): a push during the run moves its head.
 */
function pullTarget(tool: string, args: Record<string, unknown>, context: GitHubToolContext, call: GitHubCall, defaultPullNumber: number | undefined, runHeadSha: string | undefined): PullTarget {
  const own = `${context.owner}/${context.repo}`;
  const target = `${call.owner}/${call.repo}`;
  const ownRepository = target.toLowerCase() === own.toLowerCase();
  const pinned = (number: number): PullTarget => (ownRepository && number === defaultPullNumber && runHeadSha !== undefined ? { number, sha: runHeadSha } : { number });
  if (typeof args.pull_number === 'number') return pinned(args.pull_number);
  if (defaultPullNumber === undefined) {
    throw new StepError(`${tool}: this run is for no pull request, so the call needs pull_number; give it, or run the plan on a pull_request event`, { transient: false, toolName: tool });
  }
  if (ownRepository) return pinned(defaultPullNumber);
  throw new StepError(`${tool}: the run's pull request is #${defaultPullNumber} of ${own}, not of ${target}, so the call needs pull_number; give the number of the ${target} pull request`, { transient: false, toolName: tool });
}

/** Throws PullRequestMovedError when `head`, the pull request's head now, is not the commit the call must read. */
function checkHead(tool: string, call: GitHubCall, pull: PullTarget, head: string): void {
  if (pull.sha === undefined || head === pull.sha) return;
  throw new PullRequestMovedError({ toolName: tool, target: `${call.owner}/${call.repo}`, pullNumber: pull.number, runSha: pull.sha, headSha: head });
}

/** What a read of the run's pull request as of its commit compares: `basehead` for GitHub's compare API, and how many files the pull request changes. */
interface RunComparison {
  readonly basehead: string;
  readonly changedFiles: number;
}

/**
 * For a read of the run's pull request's files or diff, which the pull request's own endpoints give only of its head now:
 * checks that head is still the run's commit, and names the comparison of that commit with the pull request's base
 * (three dots: its changes since the merge base, as the pull request's files are), a read of which a push during it does
 * not change. Checked after a read of the head instead, a push and a force-push back during it went unseen.
 */
async function runComparison(tool: string, context: GitHubToolContext, call: GitHubCall, pull: PullTarget & { readonly sha: string }): Promise<RunComparison> {
  let data: Awaited<ReturnType<GitHubClient['rest']['pulls']['get']>>['data'];
  try {
    ({ data } = await context.octokit.rest.pulls.get({ owner: call.owner, repo: call.repo, pull_number: pull.number, request: call.request() }));
  } catch (error) {
    throw call.fail(`reading the head commit of pull request #${pull.number} of ${call.owner}/${call.repo}`, error);
  }
  checkHead(tool, call, pull, data.head.sha);
  return { basehead: `${data.base.sha}...${pull.sha}`, changedFiles: data.changed_files };
}

/** One page of the files a pull request changes, as the pull request's files endpoint and the compare API give them. */
interface FilePage {
  readonly data: readonly DiffEntry[];
  readonly headers: { readonly link?: string };
}
type DiffEntry = Awaited<ReturnType<GitHubClient['rest']['pulls']['listFiles']>>['data'][number];

/** The compare API's files, all on its first page (at most 300: it lists no more of a comparison); `per_page` keeps its commits to one. */
async function* comparedFiles(context: GitHubToolContext, call: GitHubCall, basehead: string): AsyncGenerator<FilePage> {
  const { data } = await context.octokit.rest.repos.compareCommitsWithBasehead({ owner: call.owner, repo: call.repo, basehead, per_page: 1, request: call.request() });
  yield { data: data.files ?? [], headers: {} };
}

/** The first few of `names`, and how many more. */
function unshownNames(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

/**
 * get_pull_request, list_pull_request_files and get_pull_request_diff. `runHeadSha`, the commit the run is for: a read of
 * the run's pull request (`defaultPullNumber`) fails once a push moved its head from that commit.
 */
export function pullRequestTools(context: GitHubToolContext, defaultPullNumber?: number, runHeadSha?: string): Tool[] {
  const properties = pullNumberProperty(defaultPullNumber);
  // Required when the run has no pull request: a model choosing the arguments is told so, and shown the error to mend.
  const required = defaultPullNumber === undefined ? ['pull_number'] : [];
  return [
    defineGitHubTool(context, {
      name: 'get_pull_request',
      description: 'A pull request: title, body, state, author, branches, head sha, size and labels.',
      properties,
      required,
      sideEffects: false,
      async run(args, call) {
        const pull = pullTarget('get_pull_request', args, context, call, defaultPullNumber, runHeadSha);
        const pull_number = pull.number;
        try {
          const { data } = await context.octokit.rest.pulls.get({ owner: call.owner, repo: call.repo, pull_number, request: call.request() });
          checkHead('get_pull_request', call, pull, data.head.sha);
          return readAsPage({
            number: data.number,
            title: data.title,
            state: data.merged ? 'merged' : data.state,
            draft: data.draft ?? false,
            author: data.user.login,
            base: data.base.ref,
            head: data.head.ref,
            head_sha: data.head.sha,
            head_repo: data.head.repo?.full_name ?? null,
            labels: data.labels.map((label) => label.name),
            additions: data.additions,
            deletions: data.deletions,
            changed_files: data.changed_files,
            commits: data.commits,
            url: data.html_url,
            body: capText(data.body ?? '', MAX_PR_BODY_BYTES, 'the body'),
          });
        } catch (error) {
          throw call.fail(`reading pull request #${pull_number} of ${call.owner}/${call.repo}`, error);
        }
      },
    }),
    defineGitHubTool(context, {
      name: 'list_pull_request_files',
      description:
        `The files a pull request changes, with status, line counts and patch (each patch capped at ` +
        `${PULL_REQUEST_LIMITS.patchBytes / 1024} KiB; at most ${PULL_REQUEST_LIMITS.files} files). The run's own pull request is read as of the run's commit.`,
      properties,
      required,
      sideEffects: false,
      async run(args, call) {
        const pull = pullTarget('list_pull_request_files', args, context, call, defaultPullNumber, runHeadSha);
        const pull_number = pull.number;
        const files: Record<string, unknown>[] = [];
        let patchBudget = PULL_REQUEST_LIMITS.totalPatchBytes;
        let more = false;
        // Changed files GitHub gave no patch for: a diff too large for its API (a binary file changes no lines).
        const unshown: string[] = [];
        // How many files the run's pull request changes at the run's commit: GitHub's comparison lists 300 at most.
        let changedFiles: number | undefined;
        try {
          let pages: AsyncIterable<FilePage>;
          if (pull.sha === undefined) {
            pages = context.octokit.paginate.iterator(context.octokit.rest.pulls.listFiles, { owner: call.owner, repo: call.repo, pull_number, per_page: 100, request: call.request() });
          } else {
            const comparison = await runComparison('list_pull_request_files', context, call, { ...pull, sha: pull.sha });
            changedFiles = comparison.changedFiles;
            pages = comparedFiles(context, call, comparison.basehead);
          }
          for await (const page of pages) {
            for (const [index, file] of page.data.entries()) {
              if (files.length === PULL_REQUEST_LIMITS.files) {
                more = true;
                break;
              }
              let patch: string | null = file.patch ?? null;
              if (patch === null && file.additions + file.deletions > 0) unshown.push(file.filename);
              if (patch !== null) {
                patch = capText(patch, Math.min(PULL_REQUEST_LIMITS.patchBytes, patchBudget), 'this patch', 'get_pull_request_diff or read_file shows more');
                patchBudget = Math.max(0, patchBudget - Buffer.byteLength(patch, 'utf8'));
              }
              const entry: Record<string, unknown> = {
                filename: file.filename,
                status: file.status,
                additions: file.additions,
                deletions: file.deletions,
                patch,
              };
              if (file.previous_filename !== undefined) entry.previous_filename = file.previous_filename;
              files.push(entry);
              if (files.length === PULL_REQUEST_LIMITS.files && index === page.data.length - 1) {
                // The cap ends exactly at a page end: the Link header says whether more exist, without fetching them.
                more = hasNextPage(page.headers);
              }
            }
            if (files.length === PULL_REQUEST_LIMITS.files) break;
          }
        } catch (error) {
          throw call.fail(`listing the files of pull request #${pull_number} of ${call.owner}/${call.repo}`, error);
        }
        if (changedFiles !== undefined && changedFiles > files.length) more = true;
        // A goal that must read the whole result (`not_contains`) is told it was given a part: without the note, a
        // patch GitHub left out passed `not_contains: AKIA` unread (found by an adversarial hunt).
        const notes = [
          ...(more ? [cutNote(`the pull request changes ${changedFiles ?? `more than ${PULL_REQUEST_LIMITS.files}`} files; showing the first ${files.length}`)] : []),
          ...(unshown.length > 0 ? [cutNote(`GitHub gives no patch for ${unshown.length === 1 ? 'a file' : `${unshown.length} files`} whose diff is too large for its API (${unshownNames(unshown)}); get_pull_request_diff or read_file shows more`)] : []),
        ];
        return notes.length === 0 ? { files } : { note: notes.join('\n'), files };
      },
    }),
    defineGitHubTool(context, {
      name: 'get_pull_request_diff',
      description: `The unified diff of a pull request (capped at ${PULL_REQUEST_LIMITS.diffBytes / 1024} KiB). The run's own pull request is read as of the run's commit.`,
      properties,
      required,
      sideEffects: false,
      async run(args, call) {
        const pull = pullTarget('get_pull_request_diff', args, context, call, defaultPullNumber, runHeadSha);
        const pull_number = pull.number;
        let diff: string;
        // How many files the run's pull request changes at the run's commit: a comparison's diff that holds fewer is a part.
        let changedFiles: number | undefined;
        try {
          const where = { owner: call.owner, repo: call.repo, mediaType: { format: 'diff' } };
          let data: unknown;
          if (pull.sha === undefined) {
            ({ data } = await context.octokit.rest.pulls.get({ ...where, pull_number, request: call.request() }));
          } else {
            const comparison = await runComparison('get_pull_request_diff', context, call, { ...pull, sha: pull.sha });
            changedFiles = comparison.changedFiles;
            ({ data } = await context.octokit.rest.repos.compareCommitsWithBasehead({ ...where, basehead: comparison.basehead, request: call.request() }));
          }
          // With the diff media type, the API answers with text, not the pull request or comparison object.
          diff = data as string;
        } catch (error) {
          throw call.fail(`reading the diff of pull request #${pull_number} of ${call.owner}/${call.repo}`, error);
        }
        const text = capText(diff, PULL_REQUEST_LIMITS.diffBytes, 'the diff', 'list_pull_request_files gives it file by file');
        // GitHub's comparison is not known to refuse a diff past its limits as the pull request's own does (406): one that
        // holds fewer files than the pull request changes is said to be a part, so a goal on all of it does not pass on it.
        const shown = changedFiles === undefined ? undefined : diffFileCount(diff);
        if (shown === undefined || changedFiles === undefined || shown >= changedFiles) return text;
        return `${cutNote(`the diff GitHub gave holds ${shown} of the ${changedFiles} files the pull request changes; list_pull_request_files gives them file by file`)}\n${text}`;
      },
    }),
  ];
}

/** How many files a unified diff in git's format holds: its `diff --git ` lines (a binary file, a rename and a mode change have one too). */
function diffFileCount(diff: string): number {
  let count = diff.startsWith('diff --git ') ? 1 : 0;
  for (let at = diff.indexOf('\ndiff --git '); at >= 0; at = diff.indexOf('\ndiff --git ', at + 1)) count++;
  return count;
}
