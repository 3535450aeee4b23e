import type { StepContext, StepRunner } from '../../src/steps/step-context.ts';

/** What one call of a step does: resolve with a value, or reject with an error. */
export type Attempt = { readonly ok: unknown } | { readonly fail: unknown };

/**
 * A step runner answering each step's calls in order from a script (`{ a: [{ fail: e }, { ok: 1 }] }`);
 * a step without a script completes with `result of <key>`. Every call is logged with its context.
 */
export function scriptedSteps(script: Record<string, Attempt[]> = {}): StepRunner & { calls: string[]; contexts: Map<string, StepContext> } {
  const calls: string[] = [];
  const contexts = new Map<string, StepContext>();
  const runner = (async (ctx: StepContext) => {
    const key = ctx.step.key;
    calls.push(key);
    contexts.set(key, ctx);
    const next = script[key]?.shift();
    if (!next) return `result of ${key}`;
    if ('fail' in next) throw next.fail;
    return next.ok;
  }) as StepRunner & { calls: string[]; contexts: Map<string, StepContext> };
  runner.calls = calls;
  runner.contexts = contexts;
  return runner;
}
