import { capText } from './cap-text.ts';

const MAX_BODY_BYTES = 64 * 1024;

interface IssueLike {
  number: number;
  title: string;
  state: string;
  html_url: string;
  body?: string | null;
  user?: { login: string } | null;
  labels?: (string | { name?: string | null })[];
  comments?: number;
  created_at: string;
  updated_at: string;
  closed_at?: string | null;
  pull_request?: unknown;
}

/** The fields of an issue a plan needs, without the API's URLs and ids; the body capped (or left out). */
export function issueSummary(issue: IssueLike, options: { body: 'full' | 'none' }): Record<string, unknown> {
  const summary: Record<string, unknown> = {
    number: issue.number,
    title: issue.title,
    state: issue.state,
    is_pull_request: issue.pull_request !== undefined && issue.pull_request !== null,
    author: issue.user?.login ?? null,
    labels: (issue.labels ?? []).map((label) => (typeof label === 'string' ? label : label.name)).filter(Boolean),
    comments: issue.comments,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at ?? null,
    url: issue.html_url,
  };
  if (options.body === 'full') summary.body = capText(issue.body ?? '', MAX_BODY_BYTES, 'the body');
  return summary;
}
