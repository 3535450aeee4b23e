import type { GitHubClient } from '../../github/create-octokit.ts';
import type { IssueTarget } from '../../github/event-target.ts';
import { TokenIdentity, UNKNOWN_IDENTITY } from '../../github/token-identity.ts';
import { CommentWriteError, type CommentOperation } from './comment-write-error.ts';

/** GitHub could not say who the token is, and a comment with the plan's marker is there: it may be the token's. */
export class UnknownIdentityError extends Error {
  override readonly name = 'UnknownIdentityError';

  constructor() {
    super(`${UNKNOWN_IDENTITY}, so plan-runner's own comment cannot be told from a copy`);
  }
}

/** A comment of this plan's that the token itself wrote. */
export interface OwnComment {
  readonly id: number;
  readonly body: string;
}

/** The comment operations the updater needs; tests may pass a scripted stand-in. */
export interface CommentApi {
  /**
   * The comments whose body starts with `marker` and that the token's own identity wrote, oldest
   * first. Anyone can post the marker: a comment by someone else is never ours to reuse. While GitHub
   * cannot say who the token is, none is ours; with `strict` (a caller for which "none" would mean "no run
   * waits here"), a comment with the marker whose body `strict` says matters is then an `UnknownIdentityError`:
   * it may be ours.
   */
  listOwn(marker: string, options?: { readonly strict?: (body: string) => boolean }): Promise<OwnComment[]>;
  /**
   * The body of a comment `listOwn` found ours, read by its id: one request however many comments the
   * pull request has (listing reads them all, 100 a page). Undefined once it is gone.
   */
  read(id: number): Promise<string | undefined>;
  create(body: string): Promise<{ id: number }>;
  update(id: number, body: string): Promise<void>;
  remove(id: number): Promise<void>;
}

async function call<T>(operation: CommentOperation, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new CommentWriteError(operation, error);
  }
}

/**
 * Issue-comment operations on one pull request or issue through Octokit (errors become
 * `CommentWriteError`). The token's identity is looked up when first needed and kept once known (a
 * lookup GitHub could not answer is asked again); the author of a comment it creates settles it for good.
 * While the identity is unknown no comment counts as ours: fail closed, never adopt a stranger's.
 */
export function issueCommentApi(octokit: GitHubClient, target: IssueTarget): CommentApi {
  const where = { owner: target.owner, repo: target.repo };
  const identity = new TokenIdentity(octokit);
  return {
    listOwn: (marker, options = {}) =>
      call('find', async () => {
        const me = await identity.login();
        if (me === undefined && !options.strict) return [];
        const own: OwnComment[] = [];
        const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, { ...where, issue_number: target.number, per_page: 100 });
        for await (const page of pages) {
          for (const comment of page.data) {
            if (!comment.body?.startsWith(marker)) continue;
            if (me === undefined && options.strict?.(comment.body)) throw new UnknownIdentityError();
            if (me !== undefined && comment.user?.login === me) own.push({ id: comment.id, body: comment.body });
          }
        }
        return own.sort((a, b) => a.id - b.id);
      }),
    read: (id) =>
      call('find', async () => {
        try {
          return (await octokit.rest.issues.getComment({ ...where, comment_id: id })).data.body ?? '';
        } catch (error) {
          if ((error as { status?: unknown }).status === 404) return undefined;
          throw error;
        }
      }),
    create: (body) =>
      call('create', async () => {
        const { data } = await octokit.rest.issues.createComment({ ...where, issue_number: target.number, body });
        identity.learn(data.user?.login);
        return { id: data.id };
      }),
    update: (id, body) =>
      call('update', async () => {
        await octokit.rest.issues.updateComment({ ...where, comment_id: id, body });
      }),
    remove: (id) =>
      call('delete', async () => {
        try {
          await octokit.rest.issues.deleteComment({ ...where, comment_id: id });
        } catch (error) {
          // Already gone (the other run of a race deleted it): that is what we wanted.
          if ((error as { status?: unknown }).status !== 404) throw error;
        }
      }),
  };
}
