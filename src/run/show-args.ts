import { cutText } from '../core/cut-text.ts';

/** Tool arguments for a message: compact JSON, cut at 200 characters (not between the halves of an emoji). */
export function showArgs(args: Readonly<Record<string, unknown>>): string {
  return cutText(JSON.stringify(args) ?? '{}', 201);
}
