/**
 * True when `name` is a branch, tag or other ref name git accepts (the rules of
 * `git check-ref-format`, one-level names allowed) and that cannot be read as an option: no
 * leading `-`, no control characters, spaces, `~ ^ : ? * [ \`, no `..` or `@{`, no component
 * starting with `.` or ending in `.lock`, no empty component, not `@`, and no trailing `.` or `/`.
 */
export function isSafeRefName(name: string): boolean {
  if (name === '' || name === '@' || name.length > 255) return false;
  if (name.startsWith('-') || name.startsWith('/') || name.endsWith('/') || name.endsWith('.')) return false;
  // Control characters, space and the characters git gives a meaning to.
  if (/[\x00-\x20\x7F~^:?*[\\]/.test(name)) return false;
  if (name.includes('..') || name.includes('@{') || name.includes('//')) return false;
  return name.split('/').every((part) => part !== '' && !part.startsWith('.') && !part.endsWith('.lock'));
}
