import { DEFAULT_GITHUB_WRITES, type GithubWrites } from './github-writes.ts';

export type WriteKind = 'issue' | 'comment';

/** Capped github writes by kind. */
export type WriteCounts = Readonly<Record<WriteKind, number>>;

const CAPS: Record<WriteKind, { field: 'max_issues' | 'max_comments'; noun: string; tool: string }> = {
  issue: { field: 'max_issues', noun: 'issue', tool: 'create_issue' },
  comment: { field: 'max_comments', noun: 'comment', tool: 'add_comment' },
};

/** The github write tools `github.writes` caps, and the kind each counts as. */
export const CAPPED_WRITES: Readonly<Record<string, WriteKind>> = Object.fromEntries(Object.entries(CAPS).map(([kind, { tool }]) => [tool, kind as WriteKind]));

/** A cap of `github.writes`: its field, its value, the tool whose writes it counts, and the cap in words. */
export interface WriteCap {
  readonly field: 'max_issues' | 'max_comments';
  readonly cap: number;
  readonly tool: string;
  /** `at most 1 comment` */
  readonly most: string;
}

/** A cap of `github.writes` that a count of writes passes, with the rule in words. */
export interface PassedCap extends WriteCap {
  /** `the plan allows at most 1 comment per run` */
  readonly rule: string;
}

/** The cap on writes of `kind` under the plan's `github.writes` (`writes`; left out: the default). */
export function writeCap(writes: GithubWrites | undefined, kind: WriteKind): WriteCap {
  const { field, noun, tool } = CAPS[kind];
  const cap = writes?.[field] ?? DEFAULT_GITHUB_WRITES[field];
  return { field, cap, tool, most: `at most ${cap} ${noun}${cap === 1 ? '' : 's'}` };
}

/**
 * The cap `count` writes of `kind` in one run pass under the plan's `github.writes` (`writes`), or undefined when
 * the cap allows them. The one rule: a write tool refuses the write that passes it, and validation a plan whose
 * steps pass it for certain.
 */
export function passedCap(writes: GithubWrites | undefined, kind: WriteKind, count: number): PassedCap | undefined {
  const cap = writeCap(writes, kind);
  if (count <= cap.cap) return undefined;
  return { ...cap, rule: `the plan allows ${cap.most} per run` };
}
