import { z } from 'zod';
import { GithubWrites } from './github-writes.ts';
import { OWNER_NAME_SCHEMA, REPO_NAME_SCHEMA, repositoryNameProblem } from './github-repository-name.ts';

/** A pattern's body, without its `^` and `$`. */
const body = (pattern: string) => pattern.slice(1, -1);

/** RepoFullName's rules as one pattern, for plan.schema.json: the owner's and the name's, the owner at most 39 characters. */
export const REPO_FULL_NAME_PATTERN = `^(?=[^/]{1,${OWNER_NAME_SCHEMA.maxLength}}/)${body(OWNER_NAME_SCHEMA.pattern)}/${body(REPO_NAME_SCHEMA.pattern)}$`;

/**
 * `owner/name` of a repository, as GitHub spells it: by the rules the tools check their `owner` and `repo` by, which
 * refused every call to an entry that passed only the shape (`octo_org/reports`) when its step ran.
 */
export const RepoFullName = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, { error: 'write a repository as owner/name, e.g. octo-org/reports', abort: true })
  .superRefine((value, ctx) => {
    const [owner = '', repo = ''] = value.split('/');
    const problem = repositoryNameProblem(owner, repo);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: 'A repository as owner/name.', examples: ['octo-org/reports'], pattern: REPO_FULL_NAME_PATTERN });

/**
 * The plan's `github:` section: where the `github` toolset may write besides the current
 * repository, and how much and what it may write (`writes:`).
 */
export const GithubConfig = z
  .strictObject({
    allow_repos: z
      .array(RepoFullName)
      .optional()
      .meta({ description: "Other repositories the github toolset may read and write; the run's own repository is always allowed.", examples: [['octo-org/reports']] }),
    writes: GithubWrites.optional(),
  })
  .meta({ description: 'The github toolset: which repositories besides the current one, and what it may write.' });
export type GithubConfig = z.infer<typeof GithubConfig>;
