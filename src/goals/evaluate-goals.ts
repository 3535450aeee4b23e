import type { Goal, GoalKind } from '../plan/schema.ts';
import type { GoalDeps } from './goal-check.ts';
import { GOAL_CHECKS } from './goal-checks.ts';
import { goalKindOf } from './goal-kind-of.ts';
import { GoalNotEvaluableError } from './goal-not-evaluable-error.ts';
import type { GoalResult } from './goal-result.ts';
import { resolveGoalTarget, type GoalTarget } from './goal-target.ts';
import { resultCutNote, resultTexts, type ResultTexts } from './result-cut-note.ts';
import { endpointRefusesEveryCall } from '../llm/model-call-error.ts';
import { GoalWork } from './goal-work.ts';

/**
 * Checks every goal against the finished run and returns the results in the order the goals were
 * declared: concurrently, but `judge` goals one after another, so each model call is checked
 * against the budget with what the judges before it spent (started together, every judge passed
 * the check before any had spent: four judges spent 20× a max_cost_usd). Never throws: a goal that
 * cannot be checked comes back as `error`.
 */
export function evaluateGoals(goals: readonly Goal[], target: GoalTarget, given: GoalDeps): Promise<GoalResult[]> {
  // One outage record for this evaluation's judges (they run one after another).
  const deps: GoalDeps = { ...given, judgeOutage: given.judgeOutage ?? {} };
  let judged: Promise<unknown> = Promise.resolve();
  // Each checked value's texts, made once for all the goals on it: 1,600 goals on one 90 KB result spent a
  // quarter of their time making them again.
  const texts: Texts = new Map();
  // One bound on the patterns and the schema evaluations of all the goals, which are checked one after another on the event loop.
  const work = new GoalWork();
  return Promise.all(
    goals.map((goal) => {
      if (goalKindOf(goal) !== 'judge') return evaluateGoal(goal, target, deps, texts, work);
      const result = judged.then(() => evaluateGoal(goal, target, deps, texts, work));
      judged = result;
      return result;
    }),
  );
}

/**
 * The checks that a part of a result can pass where the whole would fail: on a result a tool cut (a
 * file past its size cap), "AKIA does not appear" was met while the cut-off rest held it (found by an
 * adversarial pass); `matches: '^[^F]*$'`, a judge or a command reading the part likewise (found by a
 * review); a `json_schema` saying what must not be there (`not`, `maxItems`: a pull request's 350 files
 * cut to 300 passed "no workflow file changed", found by an adversarial pass). They fail on a part alone
 * (what the part holds is in the whole), but never pass: on a cut result, or on one that lacks work the
 * run left undone (`GoalTarget.partial`). `contains` and `min_words` pass on a part as on the whole;
 * `equals` checks what the result is: on neither kind of result, but on one a tool made from a part (`PartialResult.made`).
 */
const WHOLE_RESULT_KINDS: ReadonlySet<GoalKind> = new Set<GoalKind>(['not_contains', 'max_chars', 'max_words', 'every_sentence_matches', 'matches', 'judge', 'command', 'json_schema']);

/** The texts of each value goals are checked on, by value (the same object for every goal on one step). */
type Texts = Map<unknown, ResultTexts>;

function textsOf(value: unknown, texts: Texts): ResultTexts {
  const found = texts.get(value);
  if (found) return found;
  const made = resultTexts(value);
  texts.set(value, made);
  return made;
}

// Each value's cut note, looked for once for all the goals on it (`textsOf` gives them one object).
const cutNotes = new WeakMap<object, { readonly note: string | undefined }>();

/** The first cut note in a value's texts (its values', then its JSON's); undefined when it holds none. */
function cutOf(read: ResultTexts): string | undefined {
  let found = cutNotes.get(read);
  if (!found) cutNotes.set(read, (found = { note: resultCutNote(read) }));
  return found.note;
}

async function evaluateGoal(goal: Goal, target: GoalTarget, deps: GoalDeps, texts: Texts, work: GoalWork): Promise<GoalResult> {
  const severity = goal.severity ?? 'required';
  try {
    const kind = goalKindOf(goal);
    if (kind === undefined) throw new GoalNotEvaluableError('the goal names no check (contains, matches, judge, …)');
    const check = GOAL_CHECKS[kind];
    const value = check.needsTarget ? resolveGoalTarget(goal, target) : target.finalResult;
    const judgedKey = goal.of === undefined ? target.resultStepKey : String(goal.of);
    // A command goal says why it is refused there itself (`commandsRefused`): it would run in that checkout too. Where command
    // goals run, one on a result read from another checkout (a reused step marked so) is not checked either (found by a review).
    const skipForeign = kind === 'command' && deps.commandsRefused !== undefined;
    const foreign = check.needsTarget && !skipForeign && judgedKey !== undefined ? target.foreign?.get(judgedKey) : undefined;
    if (foreign !== undefined) {
      throw new GoalNotEvaluableError(
        `not checked: ${foreign}. Check the pull request's code in a job of its own workflow that needs no approval, or in a step that runs before the pause`,
      );
    }
    const read = textsOf(value, texts);
    const outcome = await check.check(goal, { ...read, value, target, deps, work });
    const whole = outcome.met && WHOLE_RESULT_KINDS.has(kind);
    const cut = whole ? cutOf(read) : undefined;
    if (cut !== undefined) {
      throw new GoalNotEvaluableError(
        `the result holds only part of what its tool read (${cut}), and \`${kind}\` passes only on all of it: have the step read less (a narrower path or search), so that its result is whole`,
      );
    }
    const judged = outcome.met && check.needsTarget ? judgedKey : undefined;
    const partial = judged === undefined ? undefined : target.partial?.get(judged);
    if (partial !== undefined && (whole || partial.made)) {
      throw new GoalNotEvaluableError(
        `the result of step ${judged} lacks work the run left undone (${partial.why}), and \`${kind}\` passes only on all of it: ${partial.fix}`,
      );
    }
    return { name: goal.name, severity, outcome: outcome.met ? 'met' : 'unmet', evidence: outcome.evidence };
  } catch (error) {
    // Fail closed: whatever went wrong, the goal is reported as not evaluated, never as met.
    const evidence =
      error instanceof GoalNotEvaluableError
        ? error.message
        : `could not evaluate: ${error instanceof Error ? error.message : String(error)}`;
    // A judge whose call found the endpoint unusable: a used plan's step that fails on it is not replanned (see endpointUnusable).
    return { name: goal.name, severity, outcome: 'error', evidence, ...(endpointRefusesEveryCall(error instanceof Error ? error.cause : undefined) && { endpointUnusable: true as const }) };
  }
}
