import { z } from 'zod';
import { MAX_SHARDS, type RunEventType } from './run-event.ts';
import { TODO_STATUSES } from './todo-item.ts';

/** A schema per event type: what plan-runner writes of it, as the readers of a trace read it. */
export type TraceEventSchemas = Readonly<Record<RunEventType, z.ZodType>>;

type Fields = Readonly<Record<string, z.ZodType>>;

let built: TraceEventSchemas | undefined;
/** The optional fields of each object schema `fields` built, for `fieldSchema`. */
const optionalFields = new WeakMap<z.ZodType, Fields>();

/**
 * The fields of each `RunEvent` a trace line must have, with their types, built on the first call:
 * building them at import would cost every start of the action, and only a run that reads a trace
 * needs them. A field not named here passes: a trace of an older plan-runner may carry fields this
 * one no longer writes, and values (a result, an agent's arguments) may be anything. `at` and
 * `durationMs` are checked only when present: they feed shown times alone, which read a missing one
 * as unknown, and traces written by hand leave them out.
 */
export function traceEventSchemas(): TraceEventSchemas {
  return (built ??= buildSchemas());
}

/** The schema of the field `key` of an object schema of `traceEventSchemas`, whether it is required or not. */
export function fieldSchema(schema: z.ZodType, key: PropertyKey): z.ZodType | undefined {
  if (!(schema instanceof z.ZodObject) || typeof key !== 'string') return undefined;
  return (Object.hasOwn(schema.shape, key) ? (schema.shape as Fields)[key] : undefined) ?? optionalFields.get(schema)?.[key];
}

/**
 * An object with the `required` fields, and the `optional` ones checked only when present: zod runs
 * every field of a shape, present or not, and most optional fields of an event or a step are absent
 * (a 10,000-step plan checked in a third of the time).
 */
function fields(required: z.core.$ZodLooseShape, optional: Fields = {}): z.ZodType {
  const keys = Object.keys(optional);
  // Loose: the check reads the optional fields from the parsed copy, which a stripping object leaves out.
  const schema = z.looseObject(required);
  if (keys.length === 0) return schema;
  const checked = schema.check((ctx) => {
    const input = ctx.value as Record<string, unknown> | null;
    if (typeof input !== 'object' || input === null) return;
    for (const key of keys) {
      const value = input[key];
      if (value === undefined) continue;
      const result = optional[key]!.safeParse(value);
      if (!result.success) for (const issue of result.error.issues) ctx.issues.push({ ...issue, path: [key, ...issue.path] } as z.core.$ZodRawIssue);
    }
  });
  optionalFields.set(checked, optional);
  return checked;
}

function buildSchemas(): TraceEventSchemas {
  const text = z.string();
  const texts = z.array(text);
  const count = z.number().min(0);
  const index = z.int().min(0);
  const flag = z.boolean();
  // An object of any values (not a list): `z.object({})` checks that without walking its keys, as a record would.
  const values = z.object({});
  const usage = fields({ modelCalls: count, promptTokens: count, completionTokens: count, costUsd: count }, { cachedPromptTokens: count, estimatedCalls: count, abandonedRequests: count, unpricedCalls: count, unansweredCalls: count });
  const duration = z.union([z.number(), text]);
  const step = fields(
    { key: text, id: z.union([text, z.number()]), type: text, description: text, inputs: texts, dependsOn: texts },
    {
      title: text,
      tool: text,
      args: values,
      task: text,
      taskAsWritten: flag,
      tools: texts,
      maxTurns: z.number(),
      optional: texts,
      agent: text,
      timeoutSeconds: z.number(),
      retry: fields({}, { max_attempts: z.number(), initial_interval: duration, backoff: z.number(), max_interval: duration }),
      onFailure: text,
      review: flag,
      approval: flag,
      why: text,
      forEach: fields({ list: text, as: text, onItemFailure: text }, { key: text, maxItems: z.number(), fanOut: flag }),
      item: fields({ name: text, index }),
      uses: text,
      with: values,
    },
  );
  const plan = fields({ name: text, revision: z.number(), steps: z.array(step) }, { goal: text, file: text });
  const status = z.enum(['succeeded', 'failed', 'goals-unmet', 'escalated', 'cancelled', 'awaiting-approval', 'rejected']);
  const todos = z.array(fields({ id: text, content: text, status: z.enum(TODO_STATUSES) }));
  const times = { at: z.number(), ts: text, durationMs: z.number() };
  const event = (required: z.core.$ZodLooseShape, optional: Fields = {}) => fields(required, { ...times, ...optional });
  const retrying = { attempt: z.number(), maxAttempts: z.number(), waitMs: z.number(), error: text };
  const reusable = { attempts: z.number(), reused: fields({ usage }), masked: flag, elsewhere: flag };
  const failure = { error: text, transient: flag, usage };
  const agentEvent = { stepKey: text, turn: z.number() };
  const approvalRequest = fields(
    {
      hash: text,
      planFileHash: text,
      plan,
      pending: z.array(fields({ stepKey: text, type: text, title: text, approvalKey: text }, { tool: text, args: values, tools: texts, task: text, uses: text, reason: text })),
    },
    { inputsHash: text, at: fields({ kind: z.enum(['pull_request', 'issue']), number: z.int().positive() }, { headSha: text }) },
  );
  return {
    plan_created: event({ plan }, { format: z.number(), planHash: text, carried: z.record(z.string(), text), earlier: z.array(z.union([fields({ kind: z.literal('failed'), in: text, stepKey: text, call: text, args: text, error: text, attempts: z.number() }, { transient: flag }), fields({ kind: z.literal('replanned'), in: text, revision: z.number(), reason: text })])), fileSteps: text, plannedFor: text, carries: z.number(), marksElsewhere: flag, placedReuseKeys: flag, evaluation: flag }),
    step_started: event({ stepKey: text }, { reuseKey: text }),
    tool_called: event(
      { stepKey: text, tool: text, args: values, sideEffects: flag, callKey: text },
      { item: fields({ key: text, reuseKey: text }), kind: z.enum(['inherited', 'check']), calledAt: text, madeIn: text },
    ),
    tool_returned: event({ stepKey: text, tool: text, callKey: text, outcome: z.enum(['succeeded', 'failed', 'unknown']) }, { error: text }),
    step_retrying: event({ stepKey: text, ...retrying }),
    step_completed: event({ stepKey: text, usage }, { ...reusable, reused: fields({ usage }, { durationMs: count }), failedItems: z.array(fields({ index, key: text, error: text })), partial: text, made: flag }),
    step_failed: event({ stepKey: text, ...failure }, { attempts: z.number() }),
    share_ended: event({ stepKey: text, state: z.enum(['completed', 'failed']), usage }, { error: text }),
    step_skipped: event({ stepKey: text, reason: text }),
    step_waiting: event({ stepKey: text, reason: text }),
    approval_requested: event({ request: approvalRequest }),
    approval_decided: event({ decision: z.enum(['approved', 'rejected']), hash: text }, { by: text, request: approvalRequest }),
    todos_created: event({ stepKey: text, todos }, { index }),
    todos_updated: event({ stepKey: text, todos, changed: texts }, { index, dropped: todos }),
    agent_turn: event({ ...agentEvent, maxTurns: z.number(), message: text, toolCalls: texts }, { index }),
    agent_tool_called: event({ ...agentEvent, tool: text, ok: flag }, { index, error: text }),
    model_used: event({ usage }, { stepKey: text }),
    // The event inside is checked on its own (`traceEventProblem`), by its own type.
    nested_event: event({ stepKey: text, event: z.looseObject({ type: text }) }),
    step_expanded: event({ stepKey: text, keys: texts }, { fanOut: fields({ shard: z.int().min(1).max(MAX_SHARDS), assignment: z.array(z.int().min(1).max(MAX_SHARDS)) }) }),
    result_carried: event({ stepKey: text, reuseKey: text, usage }, { item: fields({ index, key: text }), masked: flag, elsewhere: flag, partial: text, made: flag, todos }),
    item_started: event({ stepKey: text, index }),
    item_retrying: event({ stepKey: text, index, ...retrying }),
    item_completed: event({ stepKey: text, index, usage }, { ...reusable, reused: fields({ usage }, { durationMs: count }) }),
    item_failed: event({ stepKey: text, index, ...failure }, { attempts: z.number(), notRunHere: flag }),
    shards_assigned: event({ stepKey: text, reuseKey: text, shards: z.int().min(1).max(MAX_SHARDS), assignment: z.array(z.int().min(1).max(MAX_SHARDS)) }),
    plan_revised: event({ plan, replaced: texts, added: texts, reason: text }),
    run_finished: event({ status, usage }, { reason: text, resultStepKey: text, stopsRun: flag }),
    goals_checked: event(
      { goals: z.array(fields({ name: text, severity: z.enum(['required', 'warning']), outcome: z.enum(['met', 'unmet', 'error']), evidence: text })), status },
      { usage, reason: text },
    ),
  };
}
