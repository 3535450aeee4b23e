import { readInputFile } from '../core/read-input-file.ts';
import type { RunnerEnvironment } from '../process/scrub-environment.ts';
import { trimEndChars } from '../core/trim-end-chars.ts';

/** What the runner tells about the workflow run: the event, the repository, where the run's page is. */
export interface GitHubRunContext {
  readonly eventName: string;
  /** The webhook payload from `GITHUB_EVENT_PATH`; undefined outside a runner. */
  readonly payload: unknown;
  /** `owner/name`, from `GITHUB_REPOSITORY`. */
  readonly repository?: string;
  readonly apiUrl: string;
  /** The repository's page (`https://github.com/owner/name/`): links under it stay links in what the action writes. */
  readonly repositoryUrl?: string;
  /** The workflow run's page, linked from the comment and the check run. */
  readonly runUrl?: string;
  /** The commit a check run belongs to: the pull request's head, else `GITHUB_SHA`. */
  readonly headSha?: string;
  /** `GITHUB_RUN_ID`: the workflow run, the same for every attempt and job of it. */
  readonly runId?: number;
  /** `GITHUB_RUN_ATTEMPT`: 1, then 2 after the first "Re-run jobs", and so on. */
  readonly attempt: number;
  /** `GITHUB_JOB`: the job's id in the workflow (the same for every leg of a matrix). */
  readonly job?: string;
  /** Why the file `GITHUB_EVENT_PATH` names gave no payload (the CLI warns of it); absent when it did, or names none. */
  readonly payloadProblem?: string;
}

/** More than GitHub sends: it caps a webhook payload at 25 MB. */
const MAX_EVENT_BYTES = 64 * 1024 * 1024;

type Payload = { readonly payload: unknown; readonly problem?: undefined } | { readonly payload?: undefined; readonly problem: string };

/**
 * The event file's payload, read as every file a user names is (`readInputFile`): a FIFO no one writes (a set-by-hand
 * `GITHUB_EVENT_PATH`) hung the CLI past Ctrl-C and SIGTERM, and `/dev/zero` filled the memory (an adversarial CLI hunt).
 */
function readPayload(file: string | undefined): Payload {
  // No event file (a local run) or an unreadable one: act as for an event without a PR or issue.
  if (!file) return { payload: undefined };
  const read = readInputFile(file, MAX_EVENT_BYTES);
  if (!read.ok) return { problem: read.problem };
  try {
    return { payload: JSON.parse(read.bytes.toString('utf8')) as unknown };
  } catch {
    return { problem: 'it is not JSON (the runner writes the event there as JSON)' };
  }
}

/** The head commit of the event's pull request (pull_request, pull_request_target, review events), if it names one. */
export function pullRequestHeadSha(payload: unknown): string | undefined {
  const sha = (payload as { pull_request?: { head?: { sha?: unknown } } } | undefined)?.pull_request?.head?.sha;
  return typeof sha === 'string' && sha !== '' ? sha : undefined;
}

/** The run context from the runner's `GITHUB_*` variables and event file. */
export function githubRunContext(env: RunnerEnvironment): GitHubRunContext {
  const { payload, problem } = readPayload(env['GITHUB_EVENT_PATH']);
  const server = trimEndChars(env['GITHUB_SERVER_URL'] || 'https://github.com', '/');
  const repository = env['GITHUB_REPOSITORY'] || undefined;
  const runId = env['GITHUB_RUN_ID'];
  const given = Number(env['GITHUB_RUN_ATTEMPT'] ?? 1);
  const attempt = Number.isSafeInteger(given) && given >= 1 ? given : 1;
  const runUrl =
    repository && runId ? `${server}/${repository}/actions/runs/${runId}${attempt > 1 ? `/attempts/${attempt}` : ''}` : undefined;
  const headSha = pullRequestHeadSha(payload) ?? (env['GITHUB_SHA'] || undefined);
  return {
    eventName: env['GITHUB_EVENT_NAME'] ?? '',
    payload,
    apiUrl: env['GITHUB_API_URL'] || 'https://api.github.com',
    ...(repository ? { repository, repositoryUrl: `${server}/${repository}/` } : {}),
    ...(runUrl ? { runUrl } : {}),
    ...(headSha ? { headSha } : {}),
    ...(runId && /^[1-9][0-9]{0,18}$/.test(runId) ? { runId: Number(runId) } : {}),
    attempt,
    ...(env['GITHUB_JOB'] ? { job: env['GITHUB_JOB'] } : {}),
    ...(problem !== undefined && { payloadProblem: problem }),
  };
}
