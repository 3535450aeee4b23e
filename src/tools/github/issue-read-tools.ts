import { cutNote } from '../../core/cut-note.ts';
import { groupDigits } from '../../core/group-digits.ts';
import { StepError } from '../../core/step-error.ts';
import { readAsPage } from '../../security/read-as-page.ts';
import { CrossRepoRefusedError } from './cross-repo-refused-error.ts';
import type { Tool } from '../tool.ts';
import { defineGitHubTool } from './define-github-tool.ts';
import { reachableRepositories, type GitHubToolContext } from './github-tool-context.ts';
import { issueSummary } from './issue-summary.ts';
import { hasNextPage, LIST_PAGE_PROPERTIES, listPageNote, listPageOf } from './list-page.ts';

/** The most results GitHub's search gives of one query, whatever the page. */
const SEARCH_RESULTS = 1000;

/**
 * The `repo:`, `org:` and `user:` qualifiers a search query names, wherever they stand (after a
 * parenthesis or a `-` too: read more widely than GitHub does, so none slips past).
 */
function scopesOf(query: string): Array<{ kind: string; value: string }> {
  return [...query.matchAll(/(repo|org|user|owner):("[^"]*"|[^\s()]+)/gi)].map((match) => ({ kind: match[1]!.toLowerCase(), value: match[2]!.replace(/^"|"$/g, '') }));
}

/**
 * The `repo:` qualifiers GitHub reads as the query's scope: whole words outside quotes (a `"` pairs with
 * the next one; `repo:"a/b"` is one word). A `repo:` inside a quoted phrase or a qualifier's quoted value
 * (`label:"repo:a/b"`) is text to find, and counted as a scope it left the search unscoped.
 */
function scopingRepos(query: string): string[] {
  const words: string[] = [];
  let word = '';
  let quoted = false;
  for (const char of query) {
    if (char === '"') quoted = !quoted;
    if (!quoted && /[ \t\r\n]/.test(char)) {
      if (word) words.push(word);
      word = '';
    } else word += char;
  }
  if (word) words.push(word);
  // As GitHub surely reads them: ASCII blanks between words, `repo:` in lower case. Any other spelling does not
  // count, and the query gets the current repository's limit first (an unknown spelling may be a mere word to GitHub).
  return words.filter((each) => /^repo:(?:"[^"]*"|[^\s"]+)$/.test(each));
}

/**
 * Why a query could reach beyond the repositories it names, or undefined: a negated scope
 * (`-repo:own` is every repository but this one) or a boolean operator (`repo:own OR is:issue`).
 */
function widening(query: string): string | undefined {
  if (/(?:^|[^\w])-\s*"?(?:repo|org|user|owner):/i.test(query)) return 'a negated repo:, org: or user: qualifier (-repo:…) searches every other repository the token reaches';
  if (/\b(?:OR|AND|NOT)\b/.test(query)) return 'OR, AND and NOT could join a search of other repositories to this one';
  return undefined;
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
          return readAsPage(issueSummary(data, { body: 'full' }));
        } catch (error) {
          throw call.fail(`reading issue #${issue_number} of ${call.owner}/${call.repo}`, error);
        }
      },
    }),
    defineGitHubTool(context, {
      name: 'list_issues',
      description: 'Issues and pull requests of the repository, newest first, a page at a time, without bodies (get_issue has them).',
      properties: {
        state: { type: 'string', enum: ['open', 'closed', 'all'] },
        labels: { type: 'string', description: 'Comma-separated label names, all required' },
        since: { type: 'string', format: 'date-time', description: 'Only those updated at or after this time' },
        ...LIST_PAGE_PROPERTIES,
      },
      sideEffects: false,
      async run(args, call) {
        const page = listPageOf(args);
        try {
          const { data, headers } = await context.octokit.rest.issues.listForRepo({
            owner: call.owner,
            repo: call.repo,
            state: (args.state as 'open' | 'closed' | 'all' | undefined) ?? 'open',
            labels: typeof args.labels === 'string' ? args.labels : undefined,
            since: typeof args.since === 'string' ? args.since : undefined,
            per_page: page.perPage,
            page: page.page,
            request: call.request(),
          });
          const issues = data.map((issue) => issueSummary(issue, { body: 'none' }));
          const note = listPageNote({ tool: 'list_issues', one: 'issue', what: 'issues', narrow: 'narrow the call by state, labels or since' }, page, issues.length, hasNextPage(headers));
          return { ...(note !== undefined && { note }), issues };
        } catch (error) {
          throw call.fail(`listing the issues of ${call.owner}/${call.repo}`, error);
        }
      },
    }),
    defineGitHubTool(context, {
      name: 'search_issues',
      description:
        `Search issues and pull requests with GitHub's search syntax (e.g. "is:open label:bug flaky"). ` +
        `Searches ${context.owner}/${context.repo}${context.allowRepos.length ? ` (or another allowed repository named with repo:, one of ${context.allowRepos.join(', ')})` : ''}; org: and user: qualifiers are refused.`,
      properties: { query: { type: 'string', minLength: 1, maxLength: 256 }, ...LIST_PAGE_PROPERTIES, page: { ...LIST_PAGE_PROPERTIES.page, description: 'Page number, from 1; GitHub gives only the first 1,000 results of a search' } },
      required: ['query'],
      sideEffects: false,
      async run(args, call) {
        const query = String(args.query);
        const allowed = reachableRepositories(context).map((name) => name.toLowerCase());
        // Grouping could OR an allowed repository with another: no parentheses.
        if (/[()]/.test(query)) {
          throw new StepError('search_issues: a query may not group with ( and ): grouping could reach repositories the plan does not allow; write the query without them', { transient: false, toolName: 'search_issues' });
        }
        // A quote left open would take in the rest of the query, the scope added below included.
        if ((query.match(/"/g)?.length ?? 0) % 2 === 1) {
          throw new StepError('search_issues: a query may not leave a " open: it would make the rest of the query, the repository it is limited to included, one phrase to find; close the quote or leave it out', { transient: false, toolName: 'search_issues' });
        }
        const scopes = scopesOf(query);
        // A search reaches what the token reaches: only the repositories the plan allows may be named.
        const outside = scopes.find((scope) => scope.kind !== 'repo' || !allowed.includes(scope.value.toLowerCase()));
        if (outside) throw new CrossRepoRefusedError('search_issues', `${outside.kind}:${outside.value}`, allowed, 'reading');
        // Naming only allowed repositories is not enough: `-repo:own` names one and searches all the others.
        const wider = widening(query);
        if (wider) throw new StepError(`search_issues: ${wider}; write the query without it`, { transient: false, toolName: 'search_issues' });
        // Every repo: anywhere names an allowed repository (above); one GitHub reads as a scope keeps the query as it is.
        const q = scopingRepos(query).length > 0 ? query : `repo:${call.owner}/${call.repo} ${query}`;
        const page = listPageOf(args);
        const { perPage, page: pageNumber } = page;
        // Sent as page 10, page 11 of 10 a page (results 101–110) read results 91–100 again as the next ones.
        const first = (pageNumber - 1) * perPage + 1;
        if (first > SEARCH_RESULTS) {
          throw new StepError(
            `search_issues: page ${pageNumber} of ${perPage} starts at result ${groupDigits(first)}, past the first ${groupDigits(SEARCH_RESULTS)} results GitHub's search gives; narrow the query (a label:, a created:<2024-01-01 range) to reach the others`,
            { transient: false, toolName: 'search_issues' },
          );
        }
        try {
          const { data } = await context.octokit.request('GET /search/issues', {
            q,
            per_page: perPage,
            page: pageNumber,
            request: call.request(),
          });
          const pageNote = listPageNote(
            { tool: 'search_issues', one: 'result', what: 'results', narrow: 'narrow the query (a label:, a created:<2024-01-01 range)', total: data.total_count, reachable: SEARCH_RESULTS },
            page,
            data.items.length,
            first - 1 + data.items.length < data.total_count,
          );
          const notes = [
            // A search that timed out answers with what it found in time: a part, which a goal on the whole must not pass on.
            ...(data.incomplete_results ? [cutNote("GitHub's search timed out and returned only what it found in time (incomplete_results), so the count and the items may lack matches; search again, or narrow the query")] : []),
            ...(pageNote === undefined ? [] : [pageNote]),
          ];
          return {
            query: q,
            total_count: data.total_count,
            ...(notes.length > 0 && { note: notes.join('\n') }),
            items: data.items.map((issue) => issueSummary(issue, { body: 'none' })),
          };
        } catch (error) {
          throw call.fail(`searching issues for '${q}'`, error);
        }
      },
    }),
  ];
}
