import { z } from 'zod';

/**
 * A list of `item` in which each is written once: one written again is refused at its second place, saying so.
 * `keyOf` tells the items that are the same (a step id `1` and `"1"`; by default the value itself, as JSON). The JSON
 * Schema says `uniqueItems` (an editor cannot see a refinement). `toolsets: [math, math]` was refused, and `env: [A, A]`,
 * an aggregate's `inputs: [1, 1]` or an agent's `tools: [add, add]` passed (found by a hunt of plan errors). (A step
 * named twice in `depends_on` is one dependency, and one both optional and required is refused with its own words.)
 */
export function listedOnce<T extends z.ZodType>(item: T, what: string, keyOf: (value: z.output<T>) => unknown = (value) => value) {
  return z
    .array(item)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((value, index) => {
        const key = JSON.stringify(keyOf(value));
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: `\`${String(keyOf(value))}\` is listed twice; list each ${what} once` });
        seen.add(key);
      });
    })
    .meta({ uniqueItems: true });
}
