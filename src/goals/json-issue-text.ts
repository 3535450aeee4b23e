import type { z } from 'zod';

/** One validation issue as evidence: `at changes[1]: Invalid input: expected string, received number`. */
export function jsonIssueText(issue: z.core.$ZodIssue, value: unknown): string {
  const where = issue.path.length === 0 ? 'the top level' : pathText(issue.path);
  const message = isMissing(value, issue.path) ? 'required but missing' : issue.message;
  return `at ${where}: ${message}`;
}

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) out += out === '' ? part : `.${part}`;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

/** True when the path names a key its parent object does not have (zod reports that as a type error). */
function isMissing(value: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let parent: unknown = value;
  for (const part of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return false;
    parent = (parent as Record<PropertyKey, unknown>)[part];
  }
  const last = path[path.length - 1];
  return (
    typeof parent === 'object' && parent !== null && !Array.isArray(parent) && last !== undefined && !Object.hasOwn(parent, last)
  );
}
