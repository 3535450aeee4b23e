import { z } from 'zod';
import { httpUrl } from '../../core/http-url.ts';

/** Defaults of the plan's `github.writes`: one issue, one comment, no labels, no mentions, references or foreign links. */
export const DEFAULT_GITHUB_WRITES = { max_issues: 1, max_comments: 1 } as const;

/** The most `max_issues` and `max_comments` may allow. */
export const MAX_WRITES_CAP = 50;

/**
 * The plan's `github.writes:` section: how much the github toolset may write in one run and what
 * the text may keep. Everything left out is as strict as it can be.
 */
export const GithubWrites = z
  .strictObject({
    max_issues: z.int().min(0).max(MAX_WRITES_CAP).optional().meta({ description: 'Issues create_issue may open per run, a resumed run counting those of the run it resumes (a call GitHub refused does not count; one that may have landed does). More tool_call steps calling it, in the plan and the plans it uses, is a plan error.', default: DEFAULT_GITHUB_WRITES.max_issues }),
    max_comments: z.int().min(0).max(MAX_WRITES_CAP).optional().meta({ description: 'Comments add_comment may write per run, a resumed run counting those of the run it resumes (a call GitHub refused does not count; one that may have landed does). More tool_call steps calling it, in the plan and the plans it uses, is a plan error.', default: DEFAULT_GITHUB_WRITES.max_comments }),
    labels: z
      .array(z.string().min(1).max(50))
      .max(100)
      .optional()
      .meta({ description: 'The only labels add_labels and create_issue may set; left out: none. A label a tool_call step\'s args write that is not here is a plan error.', examples: [['bug', 'needs-review']] }),
    allow_mentions: z.boolean().optional().meta({ description: 'Keep @mentions live (they notify people).', default: false }),
    allow_references: z.boolean().optional().meta({ description: 'Keep #123 cross-references live (they link and notify the other issue); owner/name#123, or the URL of an issue or pull request, stays live only for this repository and allow_repos.', default: false }),
    allow_urls: z
      .array(httpUrl('write a URL prefix such as https://example.com/docs/'))
      .optional()
      .meta({ description: "URL prefixes that stay links; other URLs are shown as code. The run's repository is always allowed.", examples: [['https://example.com/docs/']] }),
  })
  .meta({ description: 'How much the github toolset may write in one run, and what the text may keep; everything left out is as strict as it can be.' });
export type GithubWrites = z.infer<typeof GithubWrites>;
