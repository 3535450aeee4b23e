/** The label purpose of a step's model calls: `step:<key>`. Record/replay files and errors use it. */
export function stepPurpose(stepKey: string): string {
  return `step:${stepKey}`;
}

/** Words for who made a call, for error messages: `step:3` → `step 3`, `goal:x` → `goal "x"`. */
export function describePurpose(purpose: string): string {
  if (purpose.startsWith('step:')) return `step ${purpose.slice('step:'.length)}`;
  if (purpose.startsWith('goal:')) return `goal "${purpose.slice('goal:'.length)}"`;
  return `the ${purpose}`;
}
