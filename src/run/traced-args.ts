import { groupDigits } from '../core/group-digits.ts';

/** The most characters, as JSON, of a call's arguments the trace and the run's record keep for a call without side effects. */
export const TRACED_ARGS_CHAR_LIMIT = 16_384;

/**
 * A call's arguments as its `tool_called` event keeps them (the trace, the run's record): whole for a call with side
 * effects, whose arguments a resume reads to make no such call twice, and for one without while they fit
 * `TRACED_ARGS_CHAR_LIMIT`; past that, a note saying how long they were (the event's `callKey` is their hash, and the
 * results they name are in the trace). Each of 1,000 items' arguments naming a 900 KB result 8 times was kept whole: 3.9 GB
 * of memory and a 3.6 GB trace before the heap watch stopped the run (found by an adversarial pass).
 */
export function tracedArgs(tool: string, args: Readonly<Record<string, unknown>>, sideEffects: boolean): Readonly<Record<string, unknown>> {
  if (sideEffects) return args;
  const chars = JSON.stringify(args).length;
  if (chars <= TRACED_ARGS_CHAR_LIMIT) return args;
  return { left_out_for_room: `the arguments of this call of '${tool}', ${groupDigits(chars)} characters; its callKey is their hash` };
}
