import { isSafeRefName } from '../../security/safe-ref-name.ts';
import type { Tool } from '../tool.ts';
import { StepError } from '../../core/step-error.ts';
import { capText } from './cap-text.ts';
import { defineGitHubTool } from './define-github-tool.ts';
import type { GitHubToolContext } from './github-tool-context.ts';
import { hasNextPage, LIST_PAGE_PROPERTIES, listPageNote, listPageOf } from './list-page.ts';

/** Caps on commit messages: one message, and all of a call's together (anyone who can push writes them, of any size). */
export const COMMIT_MESSAGE_LIMITS = { messageBytes: 16 * 1024, totalBytes: 256 * 1024 };

/** list_commits: commits of a branch (or touching a path), newest first. */
export function listCommitsTool(context: GitHubToolContext): Tool {
  return defineGitHubTool(context, {
    name: 'list_commits',
    description: 'Commits of a branch or sha (default: the default branch), newest first, a page at a time; optionally only those touching a path.',
    properties: {
      sha: { type: 'string', description: 'Branch name or commit sha to start from' },
      path: { type: 'string', description: 'Only commits touching this file or directory' },
      since: { type: 'string', format: 'date-time' },
      until: { type: 'string', format: 'date-time' },
      ...LIST_PAGE_PROPERTIES,
    },
    sideEffects: false,
    async run(args, call) {
      const text = (name: string): string | undefined => (typeof args[name] === 'string' ? (args[name] as string) : undefined);
      const sha = text('sha');
      // A ref the model chose goes into an API path's query: only names git itself would accept.
      if (sha !== undefined && !isSafeRefName(sha)) {
        throw new StepError(`list_commits: '${sha}' is not a valid branch name or sha (see git check-ref-format); pass a branch such as main or a commit sha`, { transient: false, toolName: 'list_commits' });
      }
      const page = listPageOf(args);
      try {
        const { data, headers } = await context.octokit.rest.repos.listCommits({
          owner: call.owner,
          repo: call.repo,
          sha,
          path: text('path'),
          since: text('since'),
          until: text('until'),
          per_page: page.perPage,
          page: page.page,
          request: call.request(),
        });
        let budget = COMMIT_MESSAGE_LIMITS.totalBytes;
        const commits = data.map((commit) => {
          const message = capText(commit.commit.message, Math.min(COMMIT_MESSAGE_LIMITS.messageBytes, budget), 'this commit message');
          budget = Math.max(0, budget - Buffer.byteLength(message, 'utf8'));
          return {
            sha: commit.sha,
            message,
            author: commit.author?.login ?? commit.commit.author?.name ?? null,
            date: commit.commit.author?.date ?? null,
            url: commit.html_url,
          };
        });
        const note = listPageNote({ tool: 'list_commits', one: 'commit', what: 'commits', narrow: 'narrow the call by path, since or until' }, page, commits.length, hasNextPage(headers));
        return { ...(note !== undefined && { note }), commits };
      } catch (error) {
        throw call.fail(`listing the commits of ${call.owner}/${call.repo}`, error);
      }
    },
  });
}
