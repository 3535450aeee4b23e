import { z } from 'zod';
import { Duration, durationMs, ToolName } from '../plan/schema.ts';
import type { YamlFileKind } from '../plan/yaml-file-kind.ts';
import { nearestName } from '../plan/nearest-name.ts';

/** Faults a tool call can be given: what real tools do when they fail. */
export const TOOL_FAULTS = ['timeout', 'exit 75', 'exit 1', 'http 429', 'http 500', 'slow'] as const;
/** Faults a model call can be given: HTTP errors the SDK sees (and retries), a malformed answer, a slow answer. */
export const MODEL_FAULTS = ['bad json', 'http 429', 'http 500', 'model 429', 'model 500', 'slow'] as const;

export type ToolFault = (typeof TOOL_FAULTS)[number];
export type ModelFault = (typeof MODEL_FAULTS)[number];

const ALL_FAULTS = [...new Set([...TOOL_FAULTS, ...MODEL_FAULTS])] as [string, ...string[]];

/** The faults that answer with a retry-after. */
const RETRY_AFTER_FAULTS: ReadonlySet<string> = new Set(['http 429', 'model 429']);

const list = (faults: readonly string[]) => faults.map((fault) => `\`${fault}\``).join(', ');

/** The callers a run's model calls come from (their `purpose`) besides `step:<id>` and `goal:<name>`. */
export const FIXED_CALLERS = ['planner', 'replanner', 'review', 'react'] as const;

/**
 * Why `name` names no caller a run's model calls come from, with the nearest one; undefined when it does. With
 * `prefixes`, `*` and a prefix ending in `*` (`step:*`) that some caller can start with are callers too.
 */
export function callerProblem(name: string, prefixes: boolean): string | undefined {
  if ((FIXED_CALLERS as readonly string[]).includes(name) || /^(?:step|goal):\S/.test(name)) return undefined;
  if (prefixes && name.endsWith('*')) {
    const start = name.slice(0, -1);
    if ([...FIXED_CALLERS, 'step:', 'goal:'].some((caller) => caller.startsWith(start) || start.startsWith(caller))) return undefined;
  }
  const near = nearestName(name, [...FIXED_CALLERS, 'step:<id>', 'goal:<name>']);
  return `callers are ${FIXED_CALLERS.join(', ')}, step:<id> and goal:<name>${prefixes ? ', a prefix of them ending in * (step:*) or *' : ''}${near ? ` (did you mean \`${near}\`?)` : ''}`;
}

/** One rule of a fault file: which calls (a tool, or a model caller), which fault, and when. */
export const FaultRule = z
  .strictObject({
    /** A tool name, or `*` for every tool. */
    tool: z.union([ToolName, z.literal('*')]).optional(),
    /** Who calls the model: `planner`, `replanner`, `step:<id>`, `goal:<name>`, `react`, a prefix ending in `*` (`step:*`), or `*`. */
    model: z
      .string()
      .min(1)
      // A typo (`plannner`) was taken, and the eval ran every run before it said the rule matched no call (found by a hunt for bad inputs).
      .superRefine((name, ctx) => {
        const problem = callerProblem(name, true);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    fault: z.enum(ALL_FAULTS, { message: `fault is one of ${list(ALL_FAULTS)}` }),
    /** Probability in (0, 1] that a call gets the fault, drawn from the seeded generator. */
    rate: z.number().gt(0, { message: 'a rate is above 0 (a rate of 0 injects no fault) and at most 1' }).max(1).optional(),
    /** The n-th call (1-based) of that tool or caller in each run gets the fault. */
    attempt: z.int().min(1).optional(),
    /** For `http 429`: the retry-after the fault answers with. */
    retry_after: Duration.optional(),
    /** For `slow`: how long the call is held before it runs. */
    delay: Duration.optional(),
  })
  .superRefine((rule, ctx) => {
    if ((rule.tool === undefined) === (rule.model === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give exactly one of `tool:` (a tool name or *) or `model:` (planner, replanner, step:<id>, react, …)', path: [] });
    } else if (rule.tool !== undefined && !(TOOL_FAULTS as readonly string[]).includes(rule.fault)) {
      ctx.addIssue({ code: 'custom', message: `a tool fault is one of ${list(TOOL_FAULTS)}`, path: ['fault'] });
    } else if (rule.model !== undefined && !(MODEL_FAULTS as readonly string[]).includes(rule.fault)) {
      ctx.addIssue({ code: 'custom', message: `a model fault is one of ${list(MODEL_FAULTS)}`, path: ['fault'] });
    }
    if ((rule.rate === undefined) === (rule.attempt === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give exactly one of `rate` (above 0, at most 1) or `attempt` (the n-th call, from 1)', path: [] });
    }
    if (rule.fault === 'slow' && rule.delay === undefined) ctx.addIssue({ code: 'custom', message: 'a `slow` fault needs `delay:` (e.g. 2s)', path: ['delay'] });
    // Given with another fault, they were read and never used: the rule did not do what it said.
    if (rule.fault !== 'slow' && rule.delay !== undefined) ctx.addIssue({ code: 'custom', message: `\`delay:\` is for a \`slow\` fault; the \`${rule.fault}\` fault does not wait: leave it out, or make the fault \`slow\``, path: ['delay'] });
    if (!RETRY_AFTER_FAULTS.has(rule.fault) && rule.retry_after !== undefined) {
      ctx.addIssue({ code: 'custom', message: `\`retry_after:\` is for an \`http 429\` or \`model 429\` fault; the \`${rule.fault}\` fault sends none: leave it out`, path: ['retry_after'] });
    }
  });
export type FaultRule = z.infer<typeof FaultRule>;
export type ToolFaultRule = FaultRule & { readonly tool: string; readonly fault: ToolFault };
export type ModelFaultRule = FaultRule & { readonly model: string; readonly fault: ModelFault };

/** What a fault file holds, for the error when it has nothing in it. */
export const FAULT_FILE_HOLDS = 'a YAML list of fault rules, e.g. `- { tool: fetch, fault: timeout, rate: 0.2 }` (see "Evaluating a plan" in the README)';

/** A fault file, for the messages of the YAML reader (`readYamlFile`). */
export const FAULT_FILE: YamlFileKind = { called: 'a fault file', holds: FAULT_FILE_HOLDS, top: 'list', whenEmpty: `it holds ${FAULT_FILE_HOLDS}` };

/** A fault file: a YAML list of rules. */
export const FaultFile = z.array(FaultRule).min(1, { message: `a fault file without a rule injects no fault; give ${FAULT_FILE_HOLDS}, or leave the file out` }).max(200);

/** Milliseconds a rule's duration field stands for, or undefined. */
export function ruleMs(value: Duration | undefined): number | undefined {
  return value === undefined ? undefined : durationMs(value);
}

/**
 * The step a `for_each` item's caller belongs to: `step:review` for `step:review[web]`; undefined for any
 * other caller. Items call the model as `step:<id>[<key>]`, and a rule or an answers entry for `step:<id>`
 * covers them (found by an adversarial pass: `step:ag` matched no call of the step `ag`'s items, and the
 * error said to name a step the plan has).
 */
export function itemStepPurpose(purpose: string): string | undefined {
  return /^(step:[^[]+)\[/.exec(purpose)?.[1];
}

/** True when `rule` targets the caller `purpose` (exact, `*`, a prefix written `step:*`, or the step of an item). */
export function targetsPurpose(rule: ModelFaultRule, purpose: string): boolean {
  if (rule.model === '*') return true;
  if (rule.model.endsWith('*')) return purpose.startsWith(rule.model.slice(0, -1));
  return rule.model === purpose || rule.model === itemStepPurpose(purpose);
}

export function isToolRule(rule: FaultRule): rule is ToolFaultRule {
  return rule.tool !== undefined;
}

export function isModelRule(rule: FaultRule): rule is ModelFaultRule {
  return rule.model !== undefined;
}
