import { UNKNOWN_IDENTITY } from '../../github/token-identity.ts';
import type { EffectCheck, Tool } from '../tool.ts';
import { defineGitHubTool, type GitHubCall } from './define-github-tool.ts';
import type { GitHubToolContext } from './github-tool-context.ts';
import { CLOCK_SLACK_MS, writeCheckingFirst } from './write-checking-first.ts';

/** The longest issue title and issue or comment body GitHub takes, in characters. */
const MAX_TITLE_CHARS = 256;
const MAX_BODY_CHARS = 65_536;

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
        title: { type: 'string', minLength: 1, maxLength: MAX_TITLE_CHARS },
        body: { type: 'string', maxLength: MAX_BODY_CHARS },
        labels: { type: 'array', items: { type: 'string' }, maxItems: 20 },
      },
      required: ['title'],
      sideEffects: true,
      async findEffect(args, call, since) {
        const found = await findIssue(context, call, await context.allowance.text(String(args.title), 'title'), since.getTime() - CLOCK_SLACK_MS);
        return effect(found && { number: found.number, url: found.html_url, title: found.title });
      },
      async run(args, call) {
        const labels = context.allowance.checkLabels(stringList(args.labels), 'create_issue');
        const title = await context.allowance.fittedText(String(args.title), { max: MAX_TITLE_CHARS, what: 'title', toolName: 'create_issue' });
        const body = await context.allowance.fittedText(typeof args.body === 'string' ? args.body : '', { max: MAX_BODY_CHARS, what: 'body', toolName: 'create_issue' });
        context.allowance.take('issue', 'create_issue', call.key);
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
          nothingWritten: () => context.allowance.giveBack('issue', call.key),
          attempt: async () => {
            const { data } = await context.octokit.rest.issues.create({
              owner: call.owner,
              repo: call.repo,
              title,
              body,
              ...(labels.length > 0 ? { labels } : {}),
              request: call.request(),
            });
            context.identity.learn(data.user?.login);
            return shape(data);
          },
          findApplied: async () => {
            const found = await findIssue(context, call, title, startedAt - CLOCK_SLACK_MS);
            return found === undefined ? undefined : shape(found);
          },
        });
      },
    }),
    defineGitHubTool(context, {
      name: 'add_comment',
      description: 'Comment on an issue or pull request (markdown body). Returns the comment URL.',
      properties: { issue_number: { type: 'integer', minimum: 1 }, body: { type: 'string', minLength: 1, maxLength: MAX_BODY_CHARS } },
      required: ['issue_number', 'body'],
      sideEffects: true,
      async findEffect(args, call, since) {
        const found = await findComment(context, call, Number(args.issue_number), await context.allowance.text(String(args.body)), since.getTime() - CLOCK_SLACK_MS);
        return effect(found && { id: found.id, url: found.html_url });
      },
      async run(args, call) {
        const issue_number = Number(args.issue_number);
        const body = await context.allowance.fittedText(String(args.body), { max: MAX_BODY_CHARS, what: 'body', toolName: 'add_comment' });
        context.allowance.take('comment', 'add_comment', call.key);
        const startedAt = context.now();
        const shape = (comment: { id: number; html_url: string }) => ({ id: comment.id, url: comment.html_url });
        return writeCheckingFirst({
          context,
          cancel: call.cancel,
          fail: (error) => call.fail(`commenting on #${issue_number} of ${call.owner}/${call.repo}`, error),
          nothingWritten: () => context.allowance.giveBack('comment', call.key),
          attempt: async () => {
            const { data } = await context.octokit.rest.issues.createComment({
              owner: call.owner,
              repo: call.repo,
              issue_number,
              body,
              request: call.request(),
            });
            context.identity.learn(data.user?.login);
            return shape(data);
          },
          findApplied: async () => {
            const found = await findComment(context, call, issue_number, body, startedAt - CLOCK_SLACK_MS);
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
      // Labels are there or not, whenever they were added.
      async findEffect(args, call) {
        const wanted = stringList(args.labels);
        try {
          const { data } = await context.octokit.rest.issues.listLabelsOnIssue({ owner: call.owner, repo: call.repo, issue_number: Number(args.issue_number), per_page: 100, request: call.request() });
          const names = data.map((label) => label.name);
          return effect(wanted.every((label) => names.some((name) => name.toLowerCase() === label.toLowerCase())) ? { labels: names } : undefined);
        } catch (error) {
          throw call.fail(`reading the labels of #${Number(args.issue_number)} of ${call.owner}/${call.repo}`, error);
        }
      },
      async run(args, call) {
        const issue_number = Number(args.issue_number);
        const labels = context.allowance.checkLabels(stringList(args.labels), 'add_labels');
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

function effect(result: unknown): EffectCheck {
  return result === undefined ? { found: false } : { found: true, result };
}

/**
 * Who the token is, for a look for what it wrote: anyone may open an issue with the same title or post the same
 * comment in the window, and taking theirs for ours would drop the write. Unknown, the look fails: the write is
 * neither taken as done nor made again blindly.
 */
async function author(context: GitHubToolContext, looking: string): Promise<string> {
  const me = await context.identity.login();
  if (me === undefined) throw new Error(`${UNKNOWN_IDENTITY}, so could not tell whether ${looking} is this run's`);
  return me;
}

type ListedIssue = Awaited<ReturnType<GitHubToolContext['octokit']['rest']['issues']['listForRepo']>>['data'][number];

/**
 * The issue titled `title` this token created at `since` (ms) or later, open or closed (a bot may close it as soon as
 * it is opened). Newest first, every page until one created before `since`: anyone may open issues in the window, and
 * a first page of theirs hid ours.
 */
async function findIssue(context: GitHubToolContext, call: GitHubCall, title: string, since: number) {
  try {
    const me = await author(context, `an issue titled '${title}'`);
    const params = { owner: call.owner, repo: call.repo, state: 'all', sort: 'created', direction: 'desc', since: new Date(since).toISOString(), per_page: 100, request: call.request() } as const;
    let found: ListedIssue | undefined;
    await context.octokit.paginate(context.octokit.rest.issues.listForRepo, params, (response, done) => {
      for (const issue of response.data) {
        const past = Date.parse(issue.created_at) < since; // newest first: nothing after it is recent enough
        if (!past && issue.pull_request === undefined && issue.user?.login === me && issue.title === title) found = issue;
        if (past || found) {
          done();
          break;
        }
      }
      return [];
    });
    return found;
  } catch (error) {
    throw call.fail(`looking for the issue '${title}' in ${call.owner}/${call.repo}`, error);
  }
}

/** The comment on #`issue_number` with this body this token created at `since` (ms) or later. */
async function findComment(context: GitHubToolContext, call: GitHubCall, issue_number: number, body: string, since: number) {
  try {
    const me = await author(context, `a comment on #${issue_number}`);
    const comments = await context.octokit.paginate(context.octokit.rest.issues.listComments, {
      owner: call.owner,
      repo: call.repo,
      issue_number,
      since: new Date(since).toISOString(),
      per_page: 100,
      request: call.request(),
    });
    return comments.find((comment) => comment.user?.login === me && sameText(comment.body, body) && Date.parse(comment.created_at) >= since);
  } catch (error) {
    throw call.fail(`looking for the comment on #${issue_number} of ${call.owner}/${call.repo}`, error);
  }
}
