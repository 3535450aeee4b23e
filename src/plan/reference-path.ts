import type { PathSegment } from './plan-issue.ts';

const SEGMENT = /\.?([A-Za-z0-9_$-]+)|\[(\d+)\]/y;

/** Parses `a.b[0]` (or `[0].name`, or ``) into segments; undefined when malformed. */
export function parseReferencePath(text: string): PathSegment[] | undefined {
  const segments: PathSegment[] = [];
  SEGMENT.lastIndex = 0;
  let offset = 0;
  while (offset < text.length) {
    // A dot is required between names, but not before the first one.
    if (offset > 0 && text[offset] !== '.' && text[offset] !== '[') return undefined;
    SEGMENT.lastIndex = offset;
    const match = SEGMENT.exec(text);
    if (!match) return undefined;
    segments.push(match[2] === undefined ? match[1]! : Number(match[2]));
    offset = SEGMENT.lastIndex;
  }
  return segments;
}

/** A path back in the `a.b[0]` form. */
export function formatReferencePath(path: readonly PathSegment[]): string {
  return path.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('');
}

export type PathLookup =
  | { readonly found: true; readonly value: unknown }
  | { readonly found: false; readonly missingAt: number; readonly reason: string };

/** Reads `path` inside `value`, using own properties only (a path never reaches `__proto__`). */
export function readPath(value: unknown, path: readonly PathSegment[]): PathLookup {
  let current = value;
  for (const [index, segment] of path.entries()) {
    if (Array.isArray(current)) {
      const position = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : undefined;
      if (position === undefined || position >= current.length) {
        return { found: false, missingAt: index, reason: `the list has ${current.length} item(s)` };
      }
      current = current[position];
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, String(segment))) {
      current = (current as Record<string, unknown>)[String(segment)];
    } else {
      const reason =
        current !== null && typeof current === 'object'
          ? `it has keys: ${Object.keys(current).slice(0, 10).join(', ') || 'none'}`
          : `the value there is ${current === null ? 'null' : typeof current}`;
      return { found: false, missingAt: index, reason };
    }
  }
  return { found: true, value: current };
}
