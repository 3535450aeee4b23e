import { stepKeyWithin, type PlanStep } from '../core/plan-step.ts';
import type { CommandTool } from '../plan/schema.ts';
import { redactDeepView, type Redactor } from '../core/redact.ts';
import { canonicalCopy, stableHash } from '../core/stable-hash.ts';
import { planFileHash } from './approval-request.ts';
import { hashedStep } from '../plan/hashed-step.ts';
import type { ToolRegistry } from '../tools/tool.ts';
import type { RunnablePlan } from './runnable-plan.ts';

export interface ReuseKeyInputs {
  readonly plan: RunnablePlan;
  readonly tools: ToolRegistry;
  /** The hash of the run's inputs (`inputsHash`), made once per run: a nested plan's inputs can be a dependency's whole result. */
  readonly inputsHash: string;
  /** The reuse keys of the steps that already started (a dependency's key covers its own dependencies). */
  readonly keys: ReadonlyMap<string, string>;
  readonly results: ReadonlyMap<string, unknown>;
  /** The run's hashes of those results, each made once. */
  readonly resultHashes: ResultHashes;
  /**
   * The model a used plan that names none runs its steps on (the run's, through its client's default):
   * set for such a plan's run only, where `model` (its own `model:`) says nothing of it.
   */
  readonly inheritedModel?: string;
  /** Applied to the step's definition before hashing: a resumed written or replanned plan's steps come back from the trace redacted. */
  readonly redact?: Redactor;
}

/**
 * The hash of each completed step's result, redacted as the trace keeps it (a resume reuses results as
 * the trace kept them), made once per result: the key of every step that depends on it holds it. Hashing
 * the result itself into each dependent's key made a list step's 10,000 dependents hash its 10,000-item
 * list 10,000 times (15 s). A result is never changed in place once completed (tools get copies), and the
 * redactor learns its values before the run starts, so a hash made once stays true.
 */
export class ResultHashes {
  readonly #redact: Redactor | undefined;
  readonly #made = new Map<string, { readonly result: unknown; readonly hash: string }>();

  constructor(redact: Redactor | undefined) {
    this.#redact = redact;
  }

  of(key: string, result: unknown): string {
    const made = this.#made.get(key);
    if (made !== undefined && made.result === result) return made.hash;
    const hash = stableHash(redacted(result, this.#redact));
    this.#made.set(key, { result, hash });
    return hash;
  }
}

/**
 * What a step's result depends on, hashed: its whole definition (redacted, as the trace keeps it), the model and agent it uses, the
 * tool's definition (an agent step's: every tool it may call), the plan file a `type: plan` step
 * uses, the run's inputs, each dependency's key and the hash of its result, and for a step a model answers the goal
 * and the goal checks' names its prompt holds. A resume reuses a
 * completed step whose key is unchanged; a changed step changes every key downstream of it.
 */
export function stepReuseKey(step: PlanStep, from: ReuseKeyInputs): string {
  const definition = (name: string) => toolDefinition(name, from);
  const agent = step.agent === undefined ? undefined : from.plan.source?.agents?.[step.agent];
  // An agent step calls the tools it names (its profile's only bound them): each one's definition, by name.
  const agentTools = step.type === 'agent' ? [...new Set(step.tools ?? [])].sort() : [];
  const used = step.type === 'plan' && step.uses !== undefined ? from.plan.subplans?.get(step.uses) : undefined;
  const usedTools = used ? usedRegistryTools(used) : [];
  return stableHash({
    // As the trace keeps it: a resumed written or replanned plan's steps come back from it redacted.
    step: redacted(producing(step), from.redact),
    model: from.plan.source?.model ?? null,
    agent: agent ?? null,
    tool: step.tool === undefined ? null : definition(step.tool),
    inputs: from.inputsHash,
    dependencies: step.dependsOn.map((key) => [key, from.keys.get(key) ?? null, from.results.has(key) ? from.resultHashes.of(key, from.results.get(key)) : null]),
    // Only where they apply, so every other step keeps the key earlier traces recorded.
    ...(agentTools.length > 0 && { agentTools: agentTools.map((name) => [name, definition(name)]) }),
    ...(used && { used: planFileHash(used) }),
    // What it calls beyond its own tools: a toolset's or an MCP server's of the top plan, whose server (its command, env,
    // url, headers) no used plan file holds. Changed, the step was reused with the old server's answer (found by a hunt
    // of durable runs). Only where there are such tools, so a used plan of its own tools keeps its key.
    ...(usedTools.length > 0 && { usedTools: usedTools.map((name) => [name, registryDefinition(name, from)]) }),
    // A model's prompt for the step holds the run's goal and the goal checks' names: a changed goal changes its answer.
    ...(asksModel(step) && { prompt: { goal: from.plan.goal ?? null, goals: (from.plan.source?.goals ?? []).map((goal) => goal.name) } }),
    // A used plan without a model of its own answers on the model of the plan using it: a changed one changes its answers.
    ...(asksModel(step) && from.inheritedModel !== undefined && { inheritedModel: from.inheritedModel }),
  });
}

/** Per used plan: the names of `usedRegistryTools`, made once. */
const registryToolsOfPlan = new WeakMap<object, readonly string[]>();

/**
 * The tools a used plan and the plans it uses (at any depth) call that none of them defines in its own `tools:`, by name,
 * sorted: the registry's (toolsets, the top plan's MCP servers), which the plans' files do not describe.
 */
function usedRegistryTools(used: RunnablePlan): readonly string[] {
  let names = registryToolsOfPlan.get(used);
  if (names === undefined) {
    const found = new Set<string>();
    const seen = new Set<object>();
    const visit = (plan: Pick<RunnablePlan, 'steps' | 'source' | 'subplans'>): void => {
      if (seen.has(plan)) return;
      seen.add(plan);
      const own = plan.source?.tools ?? {};
      for (const step of plan.steps) {
        for (const name of [step.tool, ...(step.type === 'agent' ? (step.tools ?? []) : [])]) if (name !== undefined && !Object.hasOwn(own, name)) found.add(name);
      }
      for (const inner of plan.subplans?.values() ?? []) visit(inner);
    };
    visit(used);
    names = [...found].sort();
    registryToolsOfPlan.set(used, names);
  }
  return names;
}

/**
 * What of each tool's definition every reuse key holds the same, a `canonicalCopy` made once per tool (a tool's definition
 * does not change once made): a plan tool's whole definition, a registry tool's input schema.
 */
const toolDefinitions = new WeakMap<object, unknown>();

function madeOnce(holder: object, make: () => unknown): unknown {
  let made = toolDefinitions.get(holder);
  if (made === undefined) {
    made = canonicalCopy(make());
    toolDefinitions.set(holder, made);
  }
  return made;
}

/**
 * A tool's definition, by name: the plan's own (`tools:`), else the registry's, an MCP tool's server too (`origin`), as
 * the trace would keep it (the same tool of another server answers otherwise); null for a tool neither has.
 */
function toolDefinition(name: string, from: ReuseKeyInputs): unknown {
  const defined = from.plan.source?.tools?.[name];
  if (defined) return madeOnce(defined, () => producingTool(defined));
  return registryDefinition(name, from);
}

/** A registry tool's definition (`toolDefinition`), an MCP tool's server too; null for a tool the registry does not have. */
function registryDefinition(name: string, from: ReuseKeyInputs): unknown {
  const tool = from.tools.get(name);
  if (tool === undefined) return null;
  const input = madeOnce(tool, () => tool.inputSchema);
  // The server redacted at each key, never kept: the redactor learns a used plan's secret inputs as that plan starts.
  return { description: tool.description, input, ...(tool.origin !== undefined && { origin: redacted(tool.origin, from.redact) }), sideEffects: tool.sideEffects };
}

/**
 * The step without the fields that say how it is shown or how its running is bounded and recovered (its
 * checklist label, timeout, retries, `on_failure`), never what a completed run of it produced: a resume after
 * a change to one ran a completed step again, and a step with side effects escalated over a label (found by an
 * adversarial pass). A step without them hashes as it always did; so does a task taken as written that holds no `${…}` (`hashedStep`).
 */
function producing(planStep: PlanStep): Partial<PlanStep> {
  const step = hashedStep(planStep);
  if (step.title === undefined && step.timeoutSeconds === undefined && step.retry === undefined && step.onFailure === undefined) return step;
  const { title: _title, timeoutSeconds: _timeout, retry: _retry, onFailure: _onFailure, ...rest } = step;
  return rest;
}

/**
 * A command tool's definition without how its calls are bounded and retried (`timeout_seconds`, `retry`), as
 * `producing` leaves a step's own out: raising a tool's timeout after a later step timed out ran every completed step
 * of that tool again, and one with side effects escalated (found by an adversarial pass). One without them hashes as it
 * always did.
 */
function producingTool(tool: CommandTool): Partial<CommandTool> {
  if (tool.timeout_seconds === undefined && tool.retry === undefined) return tool;
  const { timeout_seconds: _timeout, retry: _retry, ...rest } = tool;
  return rest;
}

/** Whether the step's result comes from a model prompted with the run's goal: a text or agent step, or a tool call whose arguments the model chooses. */
function asksModel(step: PlanStep): boolean {
  return step.type === 'reasoning' || step.type === 'aggregate' || step.type === 'agent' || (step.type === 'tool_call' && step.args === undefined);
}

/**
 * Where a resume keeps a step's saved result: its reuse key after its place, the chain of plan steps that used its plan
 * (`within`, as `stepKeyWithin` names it; none for the job's own plan). Two steps using one plan with the same `with:` run
 * steps of equal reuse keys: found by reuse key alone, the second use's steps were reused from the first's, though they
 * never completed (found by a hunt of used plans). A plan step renamed runs its plan's steps again, as any renamed step runs.
 */
export function placedReuseKey(within: string | undefined, reuseKey: string): string {
  return stepKeyWithin(within, reuseKey);
}

/** A tool call by tool and arguments, whichever plan made it: how a run knows the calls its used plans made. */
export function anyPlanCallKey(tool: string, args: unknown): string {
  return stableHash({ tool, args });
}

/** The idempotency key of one logical tool call: the same plan, tool and arguments give the same key. */
export function toolCallKey(planName: string, tool: string, args: Readonly<Record<string, unknown>>): string {
  return stableHash({ plan: planName, tool, args });
}

function redacted(value: unknown, redact: Redactor | undefined): unknown {
  return redact ? redactDeepView(value, redact) : value;
}
