import type { GitHubClient } from '../github/create-octokit.ts';
import { cutText } from '../report/cut-text.ts';

/** How a check run ended, as GitHub draws it. */
export type CheckConclusion = 'success' | 'failure' | 'neutral' | 'cancelled';

/** The end of a check run: its conclusion and the text on its page. */
export interface CheckRunResult {
  readonly conclusion: CheckConclusion;
  readonly title: string;
  /** Markdown: the status and the goals table. */
  readonly summary: string;
}

/** A check run in progress; completing it never throws (a failure is a warning). */
export interface CheckRun {
  complete(result: CheckRunResult): Promise<void>;
}

export interface CheckRunTarget {
  readonly owner: string;
  readonly repo: string;
  readonly name: string;
  readonly headSha: string;
  readonly detailsUrl?: string;
}

/** GitHub's limit for a check run's output summary. */
const MAX_OUTPUT_CHARS = 65_535;

function describe(error: unknown): string {
  const e = error as { status?: unknown; message?: unknown };
  const status = typeof e?.status === 'number' ? `HTTP ${e.status} ` : '';
  const message = typeof e?.message === 'string' ? e.message.split('\n', 1)[0] : String(error);
  return `${status}${message}`;
}

/**
 * Creates an in-progress check run on the commit, or warns and returns undefined when GitHub
 * refuses (no `checks: write`, a fork's read-only token): the run goes on without it.
 */
export async function startCheckRun(
  octokit: GitHubClient,
  target: CheckRunTarget,
  warn: (message: string) => void,
  now: () => Date = () => new Date(),
): Promise<CheckRun | undefined> {
  const where = { owner: target.owner, repo: target.repo };
  let id: number;
  try {
    const { data } = await octokit.rest.checks.create({
      ...where,
      name: target.name,
      head_sha: target.headSha,
      status: 'in_progress',
      started_at: now().toISOString(),
      ...(target.detailsUrl ? { details_url: target.detailsUrl } : {}),
    });
    id = data.id;
  } catch (error) {
    warn(`Could not create the check run '${target.name}': ${describe(error)}. Give the workflow \`checks: write\`; the job's own status still reports the result.`);
    return undefined;
  }
  return {
    async complete(result) {
      try {
        await octokit.rest.checks.update({
          ...where,
          check_run_id: id,
          status: 'completed',
          conclusion: result.conclusion,
          completed_at: now().toISOString(),
          output: { title: cutText(result.title, 1000), summary: cutText(result.summary, MAX_OUTPUT_CHARS) },
        });
      } catch (error) {
        warn(`Could not complete the check run '${target.name}': ${describe(error)}.`);
      }
    },
  };
}
