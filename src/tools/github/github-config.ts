import { z } from 'zod';
import { GithubWrites } from './github-writes.ts';

/** `owner/name` of a repository, as GitHub spells it. */
export const RepoFullName = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, 'write a repository as owner/name, e.g. octo-org/reports')
  .meta({ description: 'A repository as owner/name.', examples: ['octo-org/reports'] });

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
