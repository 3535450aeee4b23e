import type { Tool } from '../tool.ts';
import { defineGitHubTool } from './define-github-tool.ts';
import type { GitHubToolContext } from './github-tool-context.ts';
import { issueSummary } from './issue-summary.ts';

const perPage = { type: 'integer', minimum: 1, maximum: 100, description: 'Results per page (default 30, at most 100)' };
const page = { type: 'integer', minimum: 1, description: 'Page number, from 1' };

function count(value: unknown, fallback: number, max: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

/** True when a search query already says where to search. */
function hasScope(query: string): boolean {
  return /(^|\s)-?(repo|org|user):\S/i.test(query);
}

/** get_issue, list_issues and search_issues (pull requests count as issues, flagged `is_pull_request`). */
export function issueReadTools(context: GitHubToolContext): Tool[] {
  return [
    defineGitHubTool(context, {
      name: 'get_issue',
      description: 'An issue (or pull request) by number: title, state, author, labels and body.',
      properties: { issue_number: { type: 'integer', minimum: 1 } },
      required: ['issue_number'],
      sideEffects: false,
      async run(args, call) {
        const issue_number = Number(args.issue_number);
        try {
          const { data } = await context.octokit.rest.issues.get({ owner: call.owner, repo: call.repo, issue_number, request: call.request() });
          return issueSummary(data, { body: 'full' });
        } catch (error) {
          throw call.fail(`reading issue #${issue_number} of ${call.owner}/${call.repo}`, error);
        }
      },
    }),
    defineGitHubTool(context, {
      name: 'list_issues',
      description: 'Issues and pull requests of the repository, newest first, without bodies (get_issue has them).',
      properties: {
        state: { type: 'string', enum: ['open', 'closed', 'all'] },
        labels: { type: 'string', description: 'Comma-separated label names, all required' },
        since: { type: 'string', format: 'date-time', description: 'Only those updated at or after this time' },
        per_page: perPage,
        page,
      },
      sideEffects: false,
      async run(args, call) {
        try {
          const { data } = await context.octokit.rest.issues.listForRepo({
            owner: call.owner,
            repo: call.repo,
            state: (args.state as 'open' | 'closed' | 'all' | undefined) ?? 'open',
            labels: typeof args.labels === 'string' ? args.labels : undefined,
            since: typeof args.since === 'string' ? args.since : undefined,
            per_page: count(args.per_page, 30, 100),
            page: count(args.page, 1, 1000),
            request: call.request(),
          });
          return data.map((issue) => issueSummary(issue, { body: 'none' }));
        } catch (error) {
          throw call.fail(`listing the issues of ${call.owner}/${call.repo}`, error);
        }
      },
    }),
    defineGitHubTool(context, {
      name: 'search_issues',
      description:
        `Search issues and pull requests with GitHub's search syntax (e.g. "is:open label:bug flaky"). ` +
        `Without a repo:, org: or user: qualifier the search is limited to ${context.owner}/${context.repo}.`,
      properties: { query: { type: 'string', minLength: 1, maxLength: 256 }, per_page: perPage, page },
      required: ['query'],
      sideEffects: false,
      async run(args, call) {
        const query = String(args.query);
        const q = hasScope(query) ? query : `${query} repo:${call.owner}/${call.repo}`;
        try {
          const { data } = await context.octokit.request('GET /search/issues', {
            q,
            per_page: count(args.per_page, 30, 100),
            page: count(args.page, 1, 10),
            request: call.request(),
          });
          return {
            query: q,
            total_count: data.total_count,
            items: data.items.map((issue) => issueSummary(issue, { body: 'none' })),
          };
        } catch (error) {
          throw call.fail(`searching issues for '${q}'`, error);
        }
      },
    }),
  ];
}
