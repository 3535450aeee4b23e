import { MAX_WRITES_CAP, type GithubWrites } from '../tools/github/github-writes.ts';
import { CAPPED_WRITES, passedCap, type WriteCounts, type WriteKind } from '../tools/github/write-caps.ts';
import { listNames, stepPath } from './plan-check-context.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';
import type { CatalogueTool, ValidPlan } from './valid-plan.ts';

const NONE: WriteCounts = { issue: 0, comment: 0 };

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

/**
 * What a `type: plan` step writes for certain, by its `uses:`: the capped github writes of that plan of `subplans` (and
 * the plans it uses, at any depth), each plan counted once in `seen`; undefined for a plan `subplans` does not hold.
 */
export function usedPlanWrites(subplans: ReadonlyMap<string, ValidPlan> | undefined, seen = new Map<ValidPlan, WriteCounts>()): (uses: string) => WriteCounts | undefined {
  return (uses) => {
    const inner = subplans?.get(uses);
    return inner === undefined ? undefined : certainWrites(inner, seen);
  };
}

/** The capped github writes a used plan's steps (and the plans they use) make for certain. */
function certainWrites(plan: ValidPlan, seen: Map<ValidPlan, WriteCounts>): WriteCounts {
  const known = seen.get(plan);
  if (known !== undefined) return known;
  seen.set(plan, NONE);
  const total = { ...NONE };
  const used = usedPlanWrites(plan.subplans, seen);
  for (const step of plan.source.workflow_sequence ?? []) {
    const writes = stepWrites(step, plan.tools, used);
    total.issue += writes.issue;
    total.comment += writes.comment;
  }
  seen.set(plan, total);
  return total;
}

/** The github writes a run made before a replacement's steps, counted in place of those of the completed steps it keeps. */
export interface WritesBefore {
  /** What the run wrote (or may have) of each kind, as the write tools count it. */
  readonly written: WriteCounts;
  /** The index of the replacement's first step: the steps before it have run, and their writes are in `written`. */
  readonly from: number;
}

/**
 * The step of `plan` whose capped github writes pass `github.writes` (`writes`, the top plan's) for certain, for
 * each kind: the write tool refuses that write by the same rule (`passedCap`) when the step runs, after the steps
 * before it wrote (found by an adversarial pass). `used`: what a `type: plan` step's used plan writes, once known.
 * `before`: a replacement's, counted after what the run wrote: a kept `for_each` step counted as one write, and a
 * kept agent as none, refused a replan's one comment after none was written, and let one pass the cap was refused.
 * `byModel`: a model wrote the steps, and is told how many it may write (it cannot raise the cap, a setting of the plan file).
 */
export function checkGithubWriteCaps(
  plan: Plan,
  tools: ReadonlyMap<string, CatalogueTool>,
  writes: GithubWrites | undefined,
  used: (uses: string) => WriteCounts | undefined = () => undefined,
  before?: WritesBefore,
  byModel = false,
): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const total = { ...(before?.written ?? NONE) };
  const reported = { issue: false, comment: false };
  const writers: Record<WriteKind, string[]> = { issue: [], comment: [] };
  (plan.workflow_sequence ?? []).forEach((step, index) => {
    if (index < (before?.from ?? 0)) return;
    const made = stepWrites(step, tools, used);
    for (const kind of ['issue', 'comment'] as const) {
      if (made[kind] === 0 || reported[kind]) continue;
      const earlier = before?.written[kind] ?? 0;
      total[kind] += made[kind];
      writers[kind].push(step.type === 'plan' ? `${String(step.id)} (the plan ${step.uses}: ${made[kind]})` : String(step.id));
      const passed = passedCap(writes, kind, total[kind]);
      if (passed === undefined) continue;
      reported[kind] = true;
      const { tool } = passed;
      const one = writers[kind].length === 1;
      const calls = total[kind] - earlier;
      const written = earlier > 0 ? `, ${earlier} ${earlier === 1 ? 'was' : 'were'} already written in this run,` : ',';
      const room = Math.max(passed.cap - earlier, 0);
      const raise = total[kind] <= MAX_WRITES_CAP ? `raise ${passed.field} under github: { writes: { ${passed.field}: ${total[kind]} } }, or ` : '';
      const fix = byModel
        ? `write ${room === 0 ? `no ${tool} step` : `at most ${room} ${tool} step${room === 1 ? '' : 's'}, each saying what the others would have`} (people set github.writes.${passed.field} in the plan file; a plan a model writes cannot)`
        : `${raise}combine the writes into fewer steps`;
      issues.push({
        path: [...stepPath(index), step.type === 'plan' ? 'uses' : 'tool'],
        message:
          `${passed.rule}${written} and ${one ? 'step' : 'steps'} ${listNames(writers[kind])} ${one ? 'calls' : 'call'} ${tool} ${calls === 1 ? 'once' : `${calls} times`} in every run that completes ${one ? 'it' : 'them'}: ` +
          `it refuses the one past the cap when this step runs, after the ones before it were written; ${fix}`,
      });
    }
  });
  return issues;
}
