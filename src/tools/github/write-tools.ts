import type { Tool } from '../tool.ts';
import { defineGitHubTool } from './define-github-tool.ts';
import type { GitHubToolContext } from './github-tool-context.ts';
import { CLOCK_SLACK_MS, writeCheckingFirst } from './write-checking-first.ts';

/** GitHub stores bodies with `\n` line ends; compare the way it stores them. */
function sameText(a: string | null | undefined, b: string): boolean {
  return (a ?? '').replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim();
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * create_issue, add_comment and add_labels; each has side effects, writes only where allowed, and
 * stays within the plan's `github.writes` (caps, labels, neutralised text).
 */
export function writeTools(context: GitHubToolContext): Tool[] {
  return [
    defineGitHubTool(context, {
      name: 'create_issue',
      description: 'Open an issue with a title, a markdown body and optional labels. Returns its number and URL.',
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 256 },
        body: { type: 'string', maxLength: 65536 },
        labels: { type: 'array', items: { type: 'string' }, maxItems: 20 },
      },
      required: ['title'],
      sideEffects: true,
      async run(args, call) {
        const labels = stringList(args.labels);
        context.allowance.checkLabels(labels, 'create_issue');
        const title = context.allowance.text(String(args.title));
        const body = context.allowance.text(typeof args.body === 'string' ? args.body : '');
        context.allowance.take('issue', 'create_issue');
        const startedAt = context.now();
        const shape = (issue: { number: number; html_url: string; title: string }) => ({
          number: issue.number,
          url: issue.html_url,
          title: issue.title,
        });
        return writeCheckingFirst({
          context,
          cancel: call.cancel,
          fail: (error) => call.fail(`creating an issue in ${call.owner}/${call.repo}`, error),
          attempt: async () => {
            const { data } = await context.octokit.rest.issues.create({
              owner: call.owner,
              repo: call.repo,
              title,
              body,
              ...(labels.length > 0 ? { labels } : {}),
              request: call.request(),
            });
            return shape(data);
          },
          findApplied: async () => {
            const { data } = await context.octokit.rest.issues.listForRepo({
              owner: call.owner,
              repo: call.repo,
              state: 'open',
              sort: 'created',
              direction: 'desc',
              since: new Date(startedAt - CLOCK_SLACK_MS).toISOString(),
              per_page: 30,
              request: call.request(),
            });
            const found = data.find(
              (issue) =>
                issue.pull_request === undefined &&
                issue.title === title &&
                Date.parse(issue.created_at) >= startedAt - CLOCK_SLACK_MS,
            );
            return found === undefined ? undefined : shape(found);
          },
        });
      },
    }),
    defineGitHubTool(context, {
      name: 'add_comment',
      description: 'Comment on an issue or pull request (markdown body). Returns the comment URL.',
      properties: { issue_number: { type: 'integer', minimum: 1 }, body: { type: 'string', minLength: 1, maxLength: 65536 } },
      required: ['issue_number', 'body'],
      sideEffects: true,
      async run(args, call) {
        const issue_number = Number(args.issue_number);
        const body = context.allowance.text(String(args.body));
        context.allowance.take('comment', 'add_comment');
        const startedAt = context.now();
        const shape = (comment: { id: number; html_url: string }) => ({ id: comment.id, url: comment.html_url });
        return writeCheckingFirst({
          context,
          cancel: call.cancel,
          fail: (error) => call.fail(`commenting on #${issue_number} of ${call.owner}/${call.repo}`, error),
          attempt: async () => {
            const { data } = await context.octokit.rest.issues.createComment({
              owner: call.owner,
              repo: call.repo,
              issue_number,
              body,
              request: call.request(),
            });
            return shape(data);
          },
          findApplied: async () => {
            const comments = await context.octokit.paginate(context.octokit.rest.issues.listComments, {
              owner: call.owner,
              repo: call.repo,
              issue_number,
              since: new Date(startedAt - CLOCK_SLACK_MS).toISOString(),
              per_page: 100,
              request: call.request(),
            });
            const found = comments.find(
              (comment) => sameText(comment.body, body) && Date.parse(comment.created_at) >= startedAt - CLOCK_SLACK_MS,
            );
            return found === undefined ? undefined : shape(found);
          },
        });
      },
    }),
    defineGitHubTool(context, {
      name: 'add_labels',
      description: 'Add labels to an issue or pull request (existing labels stay). Returns all its labels.',
      properties: {
        issue_number: { type: 'integer', minimum: 1 },
        labels: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, maxItems: 20 },
      },
      required: ['issue_number', 'labels'],
      sideEffects: true,
      async run(args, call) {
        const issue_number = Number(args.issue_number);
        const labels = stringList(args.labels);
        context.allowance.checkLabels(labels, 'add_labels');
        // Adding a label twice changes nothing, so this write is simply tried again on a transient failure.
        return writeCheckingFirst({
          context,
          cancel: call.cancel,
          fail: (error) => call.fail(`labelling #${issue_number} of ${call.owner}/${call.repo}`, error),
          attempt: async () => {
            const { data } = await context.octokit.rest.issues.addLabels({
              owner: call.owner,
              repo: call.repo,
              issue_number,
              labels,
              request: call.request(),
            });
            return { labels: data.map((label) => label.name) };
          },
          findApplied: async () => undefined,
        });
      },
    }),
  ];
}
