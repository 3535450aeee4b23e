import { MAX_WRITES_CAP, type GithubWrites } from '../tools/github/github-writes.ts';
import { CAPPED_WRITES, passedCap, type WriteKind } from '../tools/github/write-caps.ts';
import { listNames, stepPath } from './plan-check-context.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';
import type { CatalogueTool, ValidPlan } from './valid-plan.ts';

/** Capped github writes by kind. */
export type WriteCounts = Readonly<Record<WriteKind, number>>;

const NONE: WriteCounts = { issue: 0, comment: 0 };

const TOOL_OF: Readonly<Record<WriteKind, string>> = { issue: 'create_issue', comment: 'add_comment' };

/**
 * The capped github writes step `step` of a plan makes for certain in a run that completes it: one for a `tool_call`
 * step that calls a capped github tool once (no `for_each`, whose items may be none), a used plan's (`used`) for a
 * `type: plan` step; none for an agent, which may call a tool any number of times. No step of a plan is skipped but
 * by a failure, so a run that completes writes at least this many.
 */
function stepWrites(step: NonNullable<Plan['workflow_sequence']>[number], tools: ReadonlyMap<string, CatalogueTool>, used: (uses: string) => WriteCounts | undefined): WriteCounts {
  if (step.type === 'plan' && step.uses !== undefined) return used(step.uses) ?? NONE;
  if (step.type !== 'tool_call' || step.tool === undefined || step.for_each !== undefined) return NONE;
  if (!Object.hasOwn(CAPPED_WRITES, step.tool) || tools.get(step.tool)?.toolset !== 'github') return NONE;
  return { ...NONE, [CAPPED_WRITES[step.tool]!]: 1 };
}

/** The capped github writes a used plan's steps (and the plans they use, at any depth) make for certain, each plan counted once in `seen`. */
export function certainWrites(plan: ValidPlan, seen = new Map<ValidPlan, WriteCounts>()): WriteCounts {
  const known = seen.get(plan);
  if (known !== undefined) return known;
  seen.set(plan, NONE);
  const total = { ...NONE };
  for (const step of plan.source.workflow_sequence ?? []) {
    const writes = stepWrites(step, plan.tools, (uses) => {
      const inner = plan.subplans?.get(uses);
      return inner === undefined ? undefined : certainWrites(inner, seen);
    });
    total.issue += writes.issue;
    total.comment += writes.comment;
  }
  seen.set(plan, total);
  return total;
}

/**
 * The step of `plan` whose capped github writes pass `github.writes` (`writes`, the top plan's) for certain, for
 * each kind: the write tool refuses that write by the same rule (`passedCap`) when the step runs, after the steps
 * before it wrote (found by an adversarial pass). `used`: what a `type: plan` step's used plan writes, once known.
 */
export function checkGithubWriteCaps(plan: Plan, tools: ReadonlyMap<string, CatalogueTool>, writes: GithubWrites | undefined, used: (uses: string) => WriteCounts | undefined = () => undefined): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const total = { ...NONE };
  const writers: Record<WriteKind, string[]> = { issue: [], comment: [] };
  (plan.workflow_sequence ?? []).forEach((step, index) => {
    const made = stepWrites(step, tools, used);
    for (const kind of ['issue', 'comment'] as const) {
      if (made[kind] === 0) continue;
      const before = total[kind];
      total[kind] += made[kind];
      writers[kind].push(step.type === 'plan' ? `${String(step.id)} (the plan ${step.uses}: ${made[kind]})` : String(step.id));
      const passed = passedCap(writes, kind, total[kind]);
      if (passed === undefined || passedCap(writes, kind, before) !== undefined) continue;
      const tool = TOOL_OF[kind];
      const one = writers[kind].length === 1;
      const raise = total[kind] <= MAX_WRITES_CAP ? `raise ${passed.field} under github: { writes: { ${passed.field}: ${total[kind]} } }, or ` : '';
      issues.push({
        path: [...stepPath(index), step.type === 'plan' ? 'uses' : 'tool'],
        message:
          `${passed.rule}, and ${one ? 'step' : 'steps'} ${listNames(writers[kind])} ${one ? 'calls' : 'call'} ${tool} ${total[kind] === 1 ? 'once' : `${total[kind]} times`} in every run that completes ${one ? 'it' : 'them'}: ` +
          `it refuses the one past the cap when this step runs, after the ones before it were written; ${raise}combine the writes into fewer steps`,
      });
    }
  });
  return issues;
}
