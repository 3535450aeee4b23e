/** A step id: a non-negative integer or a short name (the plan schema checks which). */
export type StepId = number | string;

export type StepType = 'tool_call' | 'reasoning' | 'aggregate' | 'agent' | 'plan';

/** What happens to the run when a step fails for good. */
export type OnFailure = 'replan' | 'fail' | 'continue';

/** A duration as the plan writes it: seconds, or a string such as `500ms`, `2s`, `1m`. */
export type Duration = number | string;

/** How often and how patiently a step or tool is retried. */
export interface RetryPolicy {
  max_attempts?: number;
  initial_interval?: Duration;
  backoff?: number;
  max_interval?: Duration;
}

/** How a `for_each` step expands: the list reference as written, the item's name, and the rules. */
export interface ForEach {
  /** The reference as written: `${steps.list.result}`, `${steps.list.result.items}` or `${inputs.names}`. */
  readonly list: string;
  /** The item's name in references (`item` unless `as:` says otherwise). */
  readonly as: string;
  /** A template for each child's key (`${item.name}`); absent = the index. */
  readonly key?: string;
  /** The step's own bound; absent = `limits.max_items`. */
  readonly maxItems?: number;
  readonly onItemFailure: 'fail' | 'continue';
  /** `fan_out: true`: the items may be spread over the shard jobs of a job matrix. */
  readonly fanOut?: boolean;
}

/** The item a child of a `for_each` step works on. */
export interface ItemBinding {
  readonly name: string;
  readonly value: unknown;
  readonly index: number;
}

/**
 * A step as the executor sees it: ids normalised to string keys, `depends_on` defaults applied
 * (the previous step; `inputs` of an aggregate always count as dependencies).
 */
export interface PlanStep {
  /** `String(id)`: the key used everywhere at run time (`1` and `"1"` are the same step). */
  readonly key: string;
  readonly id: StepId;
  readonly type: StepType;
  readonly description: string;
  /** A short label for the checklist, comment and graph; the description stays the instruction. */
  readonly title?: string;
  readonly tool?: string;
  readonly args?: Readonly<Record<string, unknown>>;
  /** An agent step's instruction (references unresolved). */
  readonly task?: string;
  /**
   * The task came from outside the plan (`mode: agent`'s task input, often event text): it is data, not plan syntax,
   * so no `${…}` in it (nor in the title made from it) is a reference, checked or filled in.
   */
  readonly taskAsWritten?: true;
  /** The plan tools an agent step may call, besides `write_todos`. */
  readonly tools?: readonly string[];
  /** Model calls an agent step may make. */
  readonly maxTurns?: number;
  /** Keys of the steps an aggregate combines. */
  readonly inputs: readonly string[];
  /** Keys of every direct dependency, `inputs` included. */
  readonly dependsOn: readonly string[];
  /** Keys among `dependsOn` the step can do without: it still runs when they fail, told what is missing. */
  readonly optional?: readonly string[];
  readonly agent?: string;
  readonly timeoutSeconds?: number;
  readonly retry?: RetryPolicy;
  readonly onFailure?: OnFailure;
  readonly review?: boolean;
  /** A tool step whose tool reads the gaps in what it is given and says them (`handles_gaps: true`): its answer counts as whole. */
  readonly handlesGaps?: true;
  /** The run pauses before this step until a person approves it (`approval: true`). */
  readonly approval?: true;
  readonly why?: string;
  /** Present on a `for_each` step: a template expanded into one child per item at run time. */
  readonly forEach?: ForEach;
  /** Present on a child of a `for_each` step (`review[0]`): the item it works on. */
  readonly item?: ItemBinding;
  /** A `type: plan` step: the plan file it runs, as written (relative to the repository root). */
  readonly uses?: string;
  /** A `type: plan` step: the used plan's inputs, references unresolved. */
  readonly with?: Readonly<Record<string, unknown>>;
}

/** The string key of a step id. */
export function stepKey(id: StepId): string {
  return String(id);
}

/**
 * A step's key in the whole job: inside the run of a used plan, the key of the step that used it first
 * (`within`, itself `a/b` two levels down), then `/`, which no step id contains. Two steps using one plan
 * run steps with the same ids; record/replay and fault injection tell their calls apart by this.
 */
export function stepKeyWithin(within: string | undefined, key: string): string {
  return within === undefined ? key : `${within}/${key}`;
}
