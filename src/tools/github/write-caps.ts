import { DEFAULT_GITHUB_WRITES, type GithubWrites } from './github-writes.ts';

export type WriteKind = 'issue' | 'comment';

/** Capped github writes by kind. */
export type WriteCounts = Readonly<Record<WriteKind, number>>;

/** The github write tools `github.writes` caps, and the kind each counts as. */
export const CAPPED_WRITES: Readonly<Record<string, WriteKind>> = { create_issue: 'issue', add_comment: 'comment' };

const CAPS: Record<WriteKind, { field: 'max_issues' | 'max_comments'; noun: string }> = {
  issue: { field: 'max_issues', noun: 'issue' },
  comment: { field: 'max_comments', noun: 'comment' },
};

/** A cap of `github.writes` that a count of writes passes: its field, its value, and the rule in words. */
export interface PassedCap {
  readonly field: 'max_issues' | 'max_comments';
  readonly cap: number;
  /** `the plan allows at most 1 comment per run` */
  readonly rule: string;
}

/**
 * The cap `count` writes of `kind` in one run pass under the plan's `github.writes` (`writes`), or undefined when
 * the cap allows them. The one rule: a write tool refuses the write that passes it, and validation a plan whose
 * steps pass it for certain.
 */
export function passedCap(writes: GithubWrites | undefined, kind: WriteKind, count: number): PassedCap | undefined {
  const { field, noun } = CAPS[kind];
  const cap = writes?.[field] ?? DEFAULT_GITHUB_WRITES[field];
  if (count <= cap) return undefined;
  return { field, cap, rule: `the plan allows at most ${cap} ${noun}${cap === 1 ? '' : 's'} per run` };
}
