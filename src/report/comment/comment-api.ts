import type { GitHubClient } from '../../github/create-octokit.ts';
import type { IssueTarget } from '../../github/event-target.ts';
import { CommentWriteError, type CommentOperation } from './comment-write-error.ts';

/** The three comment operations the updater needs; tests may pass a scripted stand-in. */
export interface CommentApi {
  /** The first comment whose body starts with `marker`, if any. */
  find(marker: string): Promise<{ id: number } | undefined>;
  create(body: string): Promise<{ id: number }>;
  update(id: number, body: string): Promise<void>;
}

async function call<T>(operation: CommentOperation, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new CommentWriteError(operation, error);
  }
}

/** Issue-comment operations on one pull request or issue through Octokit (errors become `CommentWriteError`). */
export function issueCommentApi(octokit: GitHubClient, target: IssueTarget): CommentApi {
  const where = { owner: target.owner, repo: target.repo };
  return {
    find: (marker) =>
      call('find', async () => {
        const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
          ...where,
          issue_number: target.number,
          per_page: 100,
        });
        for await (const page of pages) {
          const found = page.data.find((comment) => comment.body?.startsWith(marker));
          if (found) return { id: found.id };
        }
        return undefined;
      }),
    create: (body) =>
      call('create', async () => {
        const { data } = await octokit.rest.issues.createComment({ ...where, issue_number: target.number, body });
        return { id: data.id };
      }),
    update: (id, body) =>
      call('update', async () => {
        await octokit.rest.issues.updateComment({ ...where, comment_id: id, body });
      }),
  };
}
