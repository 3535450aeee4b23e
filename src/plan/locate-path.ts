import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import type { PathSegment } from './plan-issue.ts';

/**
 * The line and column of the node at `path` (or of its key, with `at: 'key'`). When the path runs
 * out of nodes (a missing key), the deepest node that exists is used: the map missing the key.
 */
export function locatePath(
  doc: Document,
  lineCounter: LineCounter,
  path: readonly PathSegment[],
  at: 'key' | 'value' = 'value',
): { line: number; column: number } {
  let node: unknown = doc.contents;
  let offset = (node as Node | null)?.range?.[0] ?? 0;
  for (const [index, segment] of path.entries()) {
    if (isAlias(node)) node = node.resolve(doc);
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      const key = pair.key as Node;
      if (index === path.length - 1 && at === 'key') {
        offset = key.range?.[0] ?? offset;
        break;
      }
      // `tool:` with nothing after it has no value node; point at the key instead.
      next = pair.value ?? key;
    } else if (isSeq(node) && typeof segment === 'number') {
      next = node.items[segment];
    }
    const range = (next as Node | undefined)?.range;
    if (!range) break;
    node = next;
    offset = range[0];
  }
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}
