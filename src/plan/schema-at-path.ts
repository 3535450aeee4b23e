import { z } from 'zod';
import type { PathSegment } from './plan-issue.ts';

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
      current = current.unwrap() as z.ZodType;
    } else return current;
  }
}

/** The schema that describes the value at `path` inside `root`, when it can be followed. */
export function schemaAtPath(root: z.ZodType, path: readonly PathSegment[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = unwrap(root);
  for (const segment of path) {
    if (current instanceof z.ZodObject) current = (current.shape as Record<string, z.ZodType>)[String(segment)];
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else if (current instanceof z.ZodRecord) current = current.valueType as z.ZodType;
    else if (current instanceof z.ZodUnion) {
      const options = current.options as z.ZodType[];
      current = options.map((option) => schemaAtPath(option, [segment])).find((found) => found !== undefined);
    } else return undefined;
    if (!current) return undefined;
    current = unwrap(current);
  }
  return current;
}
