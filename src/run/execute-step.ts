import { stepKeyWithin, type PlanStep } from '../core/plan-step.ts';
import type { StepContext } from '../steps/step-context.ts';
import type { Tool, ToolContext } from '../tools/tool.ts';
import type { Clock } from '../core/clock.ts';
import { addUsage, NO_USAGE, type Usage } from '../core/usage.ts';
import type { StepActivity } from '../core/run-event.ts';
import { raceAbort } from '../core/race-abort.ts';
import { StepTimeoutError } from './step-timeout-error.ts';
import { stepTimeout, type StepTimeout } from './step-timeout.ts';
import type { RunDeps } from './run-deps.ts';

/** How one attempt at a step ended; never a thrown error, so the scheduler cannot be broken by a step. */
export type StepOutcome =
  /**
   * `masked`: the result has something masked (a plan step's, from its plan's result step): where from. `partial`: why the
   * result lacks work left undone (a `for_each` step's failed items, a plan step's plan's result's gaps; `PartialInputs`);
   * `made`: that result was judged made from what lacks work (a plan step's plan's result step's `StepRecord.made`).
   * `elsewhere`: a step of a plan step's plan read a checkout that is not the run's commit (`StepRecord.elsewhere`).
   */
  | { readonly ok: true; readonly result: unknown; readonly usage: Usage; readonly durationMs: number; readonly masked?: string; readonly partial?: string; readonly made?: true; readonly elsewhere?: true }
  | { readonly ok: false; readonly error: unknown; readonly usage: Usage; readonly durationMs: number };

/** The parts of a step's context that are the same for every step of a run revision. */
export type SharedContext = Omit<StepContext, 'step' | 'signal' | 'onUsage' | 'report' | 'callTool'>;

/** Extra hooks around one step. */
export interface StepHooks {
  /** Every `ctx.onUsage` call, as it happens (run totals, budgets); may return the usage re-priced. */
  readonly onUsage?: (usage: Usage) => Usage | void;
  /** What the step reports about its progress, while it still counts (not after a timeout or stop). */
  readonly onActivity?: (activity: StepActivity) => void;
  /** Every `ctx.callTool` call (the run records it); by default the tool is simply called. */
  readonly callTool?: (tool: Tool, args: Record<string, unknown>, ctx: ToolContext) => Promise<unknown>;
  /** The step's `earlierCalls` (a resumed run's record of what it did before). */
  readonly earlierCalls?: StepContext['earlierCalls'];
}

/**
 * Runs one step through `deps.runStep` under the run's signal plus the step's timeout, and stops
 * waiting a turn after either aborts (keeping an answer already on its way), even if the runner ignores its signal.
 */
export async function executeStep(
  step: PlanStep,
  shared: SharedContext,
  deps: Pick<RunDeps, 'runStep' | 'clock' | 'tools'>,
  runSignal: AbortSignal,
  hooks: StepHooks = {},
): Promise<StepOutcome> {
  const { clock } = deps;
  const startedAt = clock.now();
  let usage = NO_USAGE;
  // Set once this attempt has ended: what its runner reports after that (abandoned on a stop or timeout) is not the step's.
  let ended = false;
  const timeout = stepTimeout(step, deps.tools);
  const timer = timeout === undefined ? undefined : startTimer(step, timeout, clock);
  const signal = timer ? AbortSignal.any([runSignal, timer.signal]) : runSignal;
  const callLimit = ownCallLimit(step, timeout);
  const ctx: StepContext = {
    ...shared,
    step,
    signal,
    ...(hooks.earlierCalls?.length && { earlierCalls: hooks.earlierCalls }),
    onUsage(more) {
      usage = addUsage(usage, hooks.onUsage?.(more) ?? more);
    },
    report(activity) {
      // Until it ends, after a stop too: an answer kept (below) comes with its turn and its TODO list as it applied
      // them (found by adversarial passes: the checklist showed the list before it, or none, beside the step ✅).
      if (!ended) hooks.onActivity?.(activity);
    },
    callTool(tool, args) {
      // Once stopped (a budget, a cancel, the timeout), no tool starts: the stop applies to work not yet begun.
      if (signal.aborted) return Promise.reject(signal.reason);
      const toolCtx: ToolContext = { signal, cwd: shared.cwd, stepKey: stepKeyWithin(shared.within, step.key), ...callLimit };
      return hooks.callTool ? hooks.callTool(tool, args, toolCtx) : tool.execute(args, toolCtx);
    },
  };
  const work = Promise.resolve().then(() => deps.runStep(ctx));
  try {
    const result = await raceAbort(work, signal);
    return { ok: true, result, usage, durationMs: clock.now() - startedAt };
  } catch (error) {
    // A stop applies to later work (the signal refuses further calls and tools), not to an answer already on its
    // way: the step's own that passed a cap, or a call's that came in the turn another step's charge stopped the run
    // (found by an adversarial pass: a call with side effects that had answered failed with the stop, and a resume
    // refused it as a repeat). A step that returns right away, without waiting on anything, completes.
    if (signal.aborted) {
      const kept = await settledThisTurn(work);
      if (kept) return { ok: true, result: kept.result, usage, durationMs: clock.now() - startedAt };
    }
    // Once aborted, the abort reason is the truth (a runner's own AbortError says less).
    const cause = signal.aborted ? signal.reason : error;
    return { ok: false, error: cause, usage, durationMs: clock.now() - startedAt };
  } finally {
    ended = true;
    timer?.cancel();
  }
}

/**
 * The limit a tool_call step's own `timeout_seconds` sets on its call, in place of the tool's (longer or shorter): the
 * step is that one call. Set nowhere, a step that asked 10 s of a tool limited to 1 s was stopped at 1 s (found by an
 * adversarial pass). Each attempt and each for_each item has its own timer, so its call gets the whole limit; an
 * agent's limit bounds its whole loop, and each of its calls keeps its tool's own.
 */
function ownCallLimit(step: PlanStep, timeout: StepTimeout | undefined): Pick<ToolContext, 'timeoutMs'> {
  return step.type === 'tool_call' && timeout !== undefined && timeout.toolsLimit === undefined ? { timeoutMs: timeout.seconds * 1000 } : {};
}

/** The work's result if it resolves before the event loop's next turn (no I/O, no timer); undefined otherwise. */
function settledThisTurn(work: Promise<unknown>): Promise<{ result: unknown } | undefined> {
  return new Promise((resolve) => {
    const turn = setImmediate(() => resolve(undefined));
    work.then(
      (result) => {
        clearImmediate(turn);
        resolve({ result });
      },
      () => {
        clearImmediate(turn);
        resolve(undefined);
      },
    );
  });
}

function startTimer(step: PlanStep, { seconds, toolsLimit }: StepTimeout, clock: Clock): { signal: AbortSignal; cancel: () => void } {
  const expired = new AbortController();
  const cancelled = new AbortController();
  clock
    .sleep(seconds * 1000, cancelled.signal)
    .then(() => clock.afterDue?.(cancelled.signal))
    .then(
      () => expired.abort(new StepTimeoutError(step.key, seconds, step.tool, toolsLimit)),
      () => {},
    );
  return { signal: expired.signal, cancel: () => cancelled.abort() };
}
