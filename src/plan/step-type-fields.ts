import type { Step, StepType } from './schema.ts';

/** A step field that only some step types take, and what to tell someone who put it on another type. */
export interface TypeOnlyField {
  readonly field: keyof Step;
  readonly types: readonly StepType[];
  readonly message: (type: StepType) => string;
}

/** The step types this run executes itself, as steps: every type but `plan`, whose used plan runs as a run of its own. */
const RUN_HERE: readonly StepType[] = ['tool_call', 'reasoning', 'aggregate', 'agent'];

/** What `args` on a step of another type than tool_call is told: where what it holds belongs. */
function argsMessage(type: StepType): string {
  if (type === 'plan') return 'a plan step gives the plan it uses its inputs under `with:`, not `args:`; rename `args` to `with`';
  if (type === 'agent') return 'only tool_call steps take `args`: an agent step\'s model chooses the arguments of each tool call; say what it needs in `task`, and remove `args`';
  return `only tool_call steps take \`args\`; ${type === 'aggregate' ? 'an' : 'a'} ${type} step is answered by the model: remove \`args\`, or write \`type: tool_call\` with a \`tool\``;
}

/** Step fields that only some step types take; the CLI and the editor schema both reject them elsewhere. */
export const TYPE_ONLY_STEP_FIELDS: readonly TypeOnlyField[] = [
  { field: 'tool', types: ['tool_call'], message: () => 'only tool_call steps name a tool; remove `tool` or write `type: tool_call`' },
  // A plan step was told it "is answered by the model", which it is not, and none was told what to write instead.
  { field: 'args', types: ['tool_call'], message: argsMessage },
  ...(['task', 'tools', 'max_turns'] as const).map((field) => ({ field, types: ['agent'] as const, message: () => `only agent steps take \`${field}\`; write \`type: agent\` or remove it` })),
  { field: 'handles_gaps', types: ['tool_call'], message: () => "only tool_call steps take `handles_gaps`: a model step is told what a result it is given lacks, and its answer is its own; remove it" },
  { field: 'inputs', types: ['aggregate'], message: () => 'only aggregate steps take `inputs`; use `depends_on` to wait for other steps' },
  ...(['uses', 'with'] as const).map((field) => ({ field, types: ['plan'] as const, message: () => `only plan steps take \`${field}\`; write \`type: plan\` or remove it` })),
  { field: 'for_each', types: RUN_HERE, message: () => 'a plan step cannot carry for_each; map over a tool or reasoning step inside the used plan instead' },
  // A used plan runs as a run of its own, which neither a step timeout nor a retry reached: both were read and ignored.
  {
    field: 'timeout_seconds',
    types: RUN_HERE,
    message: () => "a plan step takes no `timeout_seconds`: the used plan's `limits.timeout_minutes` bounds its run, and its steps have their own; remove it",
  },
  // An agent step is never retried either (`mayRetry`): its `retry` validated and was read by no one.
  {
    field: 'retry',
    types: ['tool_call', 'reasoning', 'aggregate'],
    message: (type) =>
      type === 'agent'
        ? 'an agent step is never retried as a whole (its tool calls would run again): a failed tool call goes back to its model, which may call it again; remove `retry`'
        : "a plan step is not retried as a whole: give the used plan's steps (or their tools) a `retry`; remove it",
  },
];

/** Fields each step type must have (the CLI's message for a missing `tool` lists the available tools; see check-tools.ts). */
export const REQUIRED_STEP_FIELDS: { readonly [T in StepType]: readonly (keyof Step)[] } = {
  tool_call: ['tool'],
  reasoning: [],
  aggregate: [],
  agent: ['task'],
  plan: ['uses'],
};

/** Step fields that only a step with `for_each` takes. */
export const FOR_EACH_ONLY_FIELDS = ['as', 'key', 'max_items', 'on_item_failure', 'fan_out'] as const satisfies readonly (keyof Step)[];

/** What to tell someone who gave a for_each-only field without `for_each`. */
export function forEachOnlyMessage(field: (typeof FOR_EACH_ONLY_FIELDS)[number]): string {
  return `only for_each steps take \`${field}\`; add \`for_each:\` (a reference to a list) or remove it`;
}

/** Item names a for_each step may not take (`as:`): each is the head of a reference of its own. */
export const RESERVED_ITEM_NAMES = ['steps', 'inputs'] as const;

/** What to tell someone who named the item `name`, one of RESERVED_ITEM_NAMES. */
export function reservedItemNameMessage(name: (typeof RESERVED_ITEM_NAMES)[number]): string {
  return `\`${name}\` is taken by \${${name}.…} references; name the item something else, such as \`item\``;
}
