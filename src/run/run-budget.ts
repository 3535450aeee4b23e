import { estimateCallCostUsd, type PriceOverrides } from '../llm/pricing.ts';
import { leastChargedTokens } from '../llm/call-usage.ts';
import type { Limits } from '../plan/schema.ts';
import { BudgetExceededError, type BudgetLimitName } from './budget-exceeded-error.ts';
import type { RunStoppedError } from './run-stopped-error.ts';
import { UnpricedCallError } from './unpriced-call-error.ts';
import { HeapFullError } from './heap-full-error.ts';
import { heapNearlyFull, type HeapUse } from './heap-watch.ts';
import { addUsage, NO_USAGE, type Usage } from '../core/usage.ts';
import { dollarsPast, dollarsReached } from '../core/dollars-past.ts';
import { groupDigits } from '../core/group-digits.ts';
import { capDecimals, decimalsApartFromCap } from '../core/dollars-beside-cap.ts';

/** The budget part of `limits:`; a limit left out is unlimited. */
export type BudgetLimits = Partial<Pick<Limits, 'max_steps' | 'max_model_calls' | 'max_tokens' | 'max_cost_usd'>>;

/** A model name a call's usage carries (`model`, the one the endpoint reported; `requestedModel`), if any. */
function nameIn(usage: Usage, field: 'model' | 'requestedModel'): string | undefined {
  const model = (usage as { model?: unknown; requestedModel?: unknown })[field];
  return typeof model === 'string' && model !== '' ? model : undefined;
}

/** What a model call is expected to spend, from its request, before it is made. */
export interface ExpectedCall {
  readonly model: string;
  readonly promptTokens: number;
}

/** A model call in flight: what it is expected to spend, until it ends. */
interface InFlightCall {
  readonly tokens: number;
  readonly costUsd: number;
}

/**
 * What a job may spend, and what it has spent: every model call (steps, planner, replanner,
 * review, goal judges) and every step started. Once a limit is reached, `signal` aborts with the
 * `BudgetExceededError`, which stops the run; later model calls are refused before they are made.
 * Calls in flight count too: while those expected to fill `max_tokens` or `max_cost_usd` are out,
 * another call waits for them. Once answers have come, parallel steps stop within about one call of
 * a limit, as sequential ones do; before the first answer only prompts are known, so the first calls
 * of parallel steps can each pass it by their answer. A call whose prompt alone passes what is left is never sent.
 */
export class RunBudget {
  readonly #limits: Required<BudgetLimits>;
  readonly #pricing?: PriceOverrides;
  readonly #heapNearlyFull: () => HeapUse | undefined;
  readonly #stop = new AbortController();
  #usage: Usage = NO_USAGE;
  #abandonedRequests = 0;
  #callsStarted = 0;
  #unansweredCalls = 0;
  #stepsStarted = 0;
  readonly #inFlight = new Set<InFlightCall>();
  /** Calls waiting for room; woken on a later turn, so a step charges its answer's usage first. */
  #waiting: Array<() => void> = [];
  #wakeScheduled = false;
  /** A call refused for a cap while others were in flight: the run stops with it once they have answered. */
  #stopAfterInFlight: RunStoppedError | undefined;
  /** Told of the model use no step charges (`chargeOutsideSteps`, the abandoned and unanswered calls), as it happens. */
  #outsideSteps?: (usage: Usage) => void;
  /**
   * The most prompt tokens an endpoint has reported for a call against the estimate made from its text (at least 1):
   * text of fewer characters a token than the estimate's four (Chinese, Japanese) let four parallel calls pass a
   * 4,000-token cap by 10,000 (found by a budget hunt).
   */
  #promptRatio = 1;

  /** `heapNearlyFull` reads the process's heap when it is nearly full (tests give a stand-in): then nothing starts. */
  constructor(limits: BudgetLimits = {}, pricing?: PriceOverrides, options: { readonly heapNearlyFull?: () => HeapUse | undefined } = {}) {
    this.#heapNearlyFull = options.heapNearlyFull ?? heapNearlyFull;
    this.#limits = {
      max_steps: limits.max_steps ?? Number.POSITIVE_INFINITY,
      max_model_calls: limits.max_model_calls ?? Number.POSITIVE_INFINITY,
      max_tokens: limits.max_tokens ?? Number.POSITIVE_INFINITY,
      max_cost_usd: limits.max_cost_usd ?? Number.POSITIVE_INFINITY,
    };
    if (pricing) this.#pricing = pricing;
  }

  /** Everything charged so far, the model requests abandoned in flight (`abandonedRequests`) and the calls that failed unanswered (`unansweredCalls`). */
  get usage(): Usage {
    if (this.#abandonedRequests === 0 && this.#unansweredCalls === 0) return this.#usage;
    return {
      ...this.#usage,
      ...(this.#abandonedRequests > 0 && { abandonedRequests: this.#abandonedRequests }),
      ...(this.#unansweredCalls > 0 && { unansweredCalls: this.#unansweredCalls }),
    };
  }

  /**
   * A model request was abandoned in flight: its cost is not known, so it counts towards no limit but
   * `max_model_calls` (a call started); the report says how many.
   */
  countAbandoned(): void {
    this.#abandonedRequests += 1;
    this.#outsideSteps?.({ ...NO_USAGE, abandonedRequests: 1 });
  }

  /**
   * A model call failed with no answer saying what it used (an HTTP error): `max_model_calls` counts it, as a
   * call started, and the report says how many, so that its "spent" and the cost table's calls can be told apart
   * (found by an adversarial pass: a stop said "spent 2" beside a table of 1 call).
   */
  countUnanswered(): void {
    this.#unansweredCalls += 1;
    this.#outsideSteps?.({ ...NO_USAGE, unansweredCalls: 1 });
  }

  /**
   * The run's record of what is spent outside its steps' own charges, as it is spent (the run's trace keeps
   * it, for a run killed before it could say its total); one listener, replaced by the next.
   */
  onSpentOutsideSteps(listener: (usage: Usage) => void): void {
    this.#outsideSteps = listener;
  }

  /** `charge` for a call no step owns (the planner's, a replanner's, a review's, a goal judge's), told to `onSpentOutsideSteps`'s listener first. */
  chargeOutsideSteps(usage: Usage): Usage {
    return this.charge(usage, this.#outsideSteps);
  }

  /**
   * What an answered call's endpoint reported for its prompt, against the estimate its reservation made from the request's
   * text (`ExpectedCall.promptTokens`): later calls in flight are expected at the most tokens a character seen so far.
   */
  learnPrompt(estimatedTokens: number, reportedTokens: number): void {
    if (!(estimatedTokens > 0) || !Number.isFinite(reportedTokens)) return;
    this.#promptRatio = Math.max(this.#promptRatio, reportedTokens / estimatedTokens);
  }

  /** Aborted, with the `BudgetExceededError`, when a limit is reached. */
  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  /**
   * Why the budget stopped the run: a `BudgetExceededError`, or an `UnpricedCallError` under
   * `max_cost_usd`. Also set while a call refused for a cap waits for the calls in flight to answer,
   * before the run is stopped (`signal`).
   */
  get exceeded(): RunStoppedError | undefined {
    return this.#stop.signal.aborted ? (this.#stop.signal.reason as RunStoppedError) : this.#stopAfterInFlight;
  }

  /**
   * The call's cost with the plan's `pricing:` over the built-in table: by the model the endpoint
   * reported when that has a price, else by the model that was asked for (an endpoint may report an
   * internal name, such as a file path). `priceKnown` is false when neither has a price, and the call
   * counts in `unpricedCalls`.
   */
  price(usage: Usage): Usage {
    const names = [nameIn(usage, 'model'), nameIn(usage, 'requestedModel')].filter((name) => name !== undefined);
    if (names.length === 0) return usage;
    const priced = estimateCallCostUsd(names, usage.promptTokens, usage.completionTokens, this.#pricing, usage.cachedPromptTokens ?? 0);
    const { unpricedCalls: _unpriced, ...rest } = usage;
    const repriced: Usage & { readonly priceKnown: boolean } = priced.priceKnown
      ? { ...rest, costUsd: priced.costUsd, priceKnown: true }
      : { ...rest, costUsd: 0, priceKnown: false, unpricedCalls: Math.max(usage.modelCalls, 1) };
    return repriced;
  }

  /**
   * Adds a finished call's usage (priced) and stops the run if a limit is now passed, or if the call
   * has no price under `max_cost_usd` (a cap it could pass unseen); returns the priced usage. `told`
   * hears of the priced usage before a limit it passes stops the run.
   */
  charge(usage: Usage, told?: (priced: Usage) => void): Usage {
    const priced = this.price(usage);
    this.#usage = addUsage(this.#usage, priced);
    // Before a limit it passes stops the run: the record has the call that stopped it.
    told?.(priced);
    const spent = this.#usage;
    const tokens = spent.promptTokens + spent.completionTokens;
    const model = nameIn(usage, 'model');
    const unpriced = (priced as { priceKnown?: unknown }).priceKnown === false && model !== undefined;
    if (unpriced && Number.isFinite(this.#limits.max_cost_usd)) this.#exceed(new UnpricedCallError(model, nameIn(usage, 'requestedModel')));
    // Written so that a cost that is not a number (no price should make one) passes a cap rather than none.
    else if (Number.isFinite(this.#limits.max_cost_usd) && dollarsPast(spent.costUsd, this.#limits.max_cost_usd)) this.#exceed(new BudgetExceededError('max_cost_usd', this.#limits.max_cost_usd, spent.costUsd));
    else if (tokens > this.#limits.max_tokens) this.#exceed(new BudgetExceededError('max_tokens', this.#limits.max_tokens, tokens));
    else if (spent.modelCalls > this.#limits.max_model_calls) {
      this.#exceed(new BudgetExceededError('max_model_calls', this.#limits.max_model_calls, spent.modelCalls));
    }
    return priced;
  }

  /**
   * Before a model call: waits while the calls in flight are expected to fill the budget, then
   * throws (and stops the run) when the budget has no room for another call. Returns the call's
   * end, to be called once it has answered and its usage has been charged, or has failed.
   */
  async reserveModelCall(who: string, expected: ExpectedCall, signal?: AbortSignal): Promise<() => void> {
    for (;;) {
      // A call its caller gave up on before it began is never sent: not started, and max_model_calls does not
      // count it (found by reading the code: a stop said "spent 2" of two calls, one of them never made). Nor is
      // it refused: a refusal stops the run for a call nobody wanted (found by a review: a timed-out step's).
      if (signal?.aborted) throw signal.reason;
      const refused = this.exceeded ?? this.#noRoomForCall(who) ?? this.#promptPastCap(who, expected);
      if (refused) {
        // The calls in flight hold the room (max_model_calls counts them as started): stopped now, the run
        // would abort them before they were sent, and the report say spent what never was. The budget is
        // exceeded from here (no step starts, no call is made), and the run stops once they have answered.
        if (!this.#stop.signal.aborted && this.#inFlight.size > 0) this.#stopAfterInFlight ??= refused;
        else this.#exceed(refused);
        throw refused;
      }
      if (!this.#inFlightFillBudget()) break;
      await this.#roomChanged(signal);
    }
    this.#callsStarted += 1;
    const call = this.#expect(expected);
    this.#inFlight.add(call);
    return () => {
      if (!this.#inFlight.delete(call)) return;
      // On a later turn: the step whose answer this was returns it first (stopped now, it lost it).
      const stop = this.#stopAfterInFlight;
      if (this.#inFlight.size === 0 && stop) setImmediate(() => this.#exceed(stop));
      this.#wakeSoon();
    };
  }

  /**
   * Its prompt, and an answer as long, on average, as those charged so far. Before any answer, the
   * prompt alone: a guess at the answer would make calls wait for room a budget has, and the wait
   * runs down the step's and the run's timeouts. The prompt at the full input price: how much of it the
   * endpoint reads from its cache is known only from the answer, and a guess at it could let calls in
   * flight together pass `max_cost_usd`; this one errs toward a wait, never toward passing a cap. The prompt's
   * estimate is scaled by the most tokens a character the endpoint has reported (`learnPrompt`).
   */
  #expect({ model, promptTokens: estimated }: ExpectedCall): InFlightCall {
    const spent = this.#usage;
    const promptTokens = Math.ceil(estimated * this.#promptRatio);
    const completionTokens = spent.modelCalls > 0 ? Math.ceil(spent.completionTokens / spent.modelCalls) : 0;
    const priced = estimateCallCostUsd([model], promptTokens, completionTokens, this.#pricing);
    return { tokens: promptTokens + completionTokens, costUsd: priced.costUsd };
  }

  #inFlightFillBudget(): boolean {
    if (this.#inFlight.size === 0) return false;
    let tokens = this.#usage.promptTokens + this.#usage.completionTokens;
    let costUsd = this.#usage.costUsd;
    for (const call of this.#inFlight) {
      tokens += call.tokens;
      costUsd += call.costUsd;
    }
    return tokens >= this.#limits.max_tokens || dollarsReached(costUsd, this.#limits.max_cost_usd);
  }

  #roomChanged(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        this.#waiting = this.#waiting.filter((wake) => wake !== done);
        reject(signal!.reason);
      };
      const done = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(done);
    });
  }

  #wakeSoon(): void {
    if (this.#wakeScheduled || this.#waiting.length === 0) return;
    this.#wakeScheduled = true;
    setImmediate(() => {
      this.#wakeScheduled = false;
      const waiting = this.#waiting;
      this.#waiting = [];
      for (const wake of waiting) wake();
    });
  }

  /** Steps started so far and counted against `max_steps` (failed ones, reused ones and those of used plans too). */
  get stepsStarted(): number {
    return this.#stepsStarted;
  }

  /** Steps `max_steps` lets start still (Infinity without it): none, and a replan could add no step. */
  get stepsLeft(): number {
    return this.#limits.max_steps - this.#stepsStarted;
  }

  /**
   * Before a step starts: false (and the run stops) when `max_steps` steps have started already, or
   * when the heap is nearly full (`roomInHeap`).
   */
  beforeStep(stepKey: string): boolean {
    if (!this.roomInHeap(`step ${stepKey}`)) return false;
    if (this.#stepsStarted >= this.#limits.max_steps) {
      this.#exceed(new BudgetExceededError('max_steps', this.#limits.max_steps, this.#stepsStarted, `step ${stepKey} would have been one more`));
      return false;
    }
    this.#stepsStarted += 1;
    return true;
  }

  /**
   * Before a step or a for_each item starts (`what` names it): false, and the run stops with a
   * `HeapFullError`, once the heap is nearly full (`heapNearlyFull`); false too once the run is stopped. Memory is the one budget no plan sets: items
   * in every item of a list, across plans inside plans, grew a run past its heap, and V8 ended it
   * with nothing written.
   */
  roomInHeap(what: string): boolean {
    if (this.exceeded) return false;
    const heap = this.#heapNearlyFull();
    if (heap === undefined) return true;
    this.#exceed(new HeapFullError(heap, what));
    return false;
  }

  #noRoomForCall(who: string): RunStoppedError | undefined {
    const limits = this.#limits;
    const spent = this.#usage;
    const refused = (limit: BudgetLimitName, used: number) => new BudgetExceededError(limit, limits[limit], used, `${who} needed another call`, { refusedCall: true });
    const calls = Math.max(this.#callsStarted, spent.modelCalls);
    if (calls >= limits.max_model_calls) return refused('max_model_calls', calls);
    const tokens = spent.promptTokens + spent.completionTokens;
    if (tokens >= limits.max_tokens) return refused('max_tokens', tokens);
    if (dollarsReached(spent.costUsd, limits.max_cost_usd)) return refused('max_cost_usd', spent.costUsd);
    return undefined;
  }

  /**
   * A call whose prompt alone passes what is left of `max_tokens`, or, at the cached input price (the least it could
   * cost), of `max_cost_usd`: it would pass the cap whatever it answered, so it is never sent. Its prompt is taken at
   * the fewest tokens the budget charges for it (`leastChargedTokens`): taken at half its estimate, a call the budget
   * would charge within the cap was refused (found by a review). A task naming a 900 KB result 5,000 times sent a
   * request of 40 million tokens, and only its answer stopped the run (found by an adversarial pass).
   */
  #promptPastCap(who: string, { model, promptTokens: estimated }: ExpectedCall): RunStoppedError | undefined {
    const promptTokens = leastChargedTokens(estimated);
    const limits = this.#limits;
    const spent = this.#usage;
    const tokens = spent.promptTokens + spent.completionTokens;
    const refused = (limit: BudgetLimitName, used: number, needed: string, left: string) =>
      new BudgetExceededError(limit, limits[limit], used, `${who} needed a call whose prompt alone would be charged at least ${needed}, more than the ${left} left; it was not sent`, { refusedCall: true });
    if (tokens + promptTokens > limits.max_tokens) return refused('max_tokens', tokens, `${groupDigits(promptTokens)} tokens`, groupDigits(limits.max_tokens - tokens));
    if (!Number.isFinite(limits.max_cost_usd)) return undefined;
    const least = estimateCallCostUsd([model], promptTokens, 0, this.#pricing, promptTokens);
    if (!least.priceKnown || !dollarsPast(spent.costUsd + least.costUsd, limits.max_cost_usd)) return undefined;
    const left = limits.max_cost_usd - spent.costUsd;
    const decimals = decimalsApartFromCap(left, least.costUsd, capDecimals(limits.max_cost_usd));
    return refused('max_cost_usd', spent.costUsd, `$${least.costUsd.toFixed(decimals)}`, `$${left.toFixed(decimals)}`);
  }

  #exceed(error: RunStoppedError): void {
    if (!this.#stop.signal.aborted) this.#stop.abort(error);
    this.#wakeSoon();
  }
}
