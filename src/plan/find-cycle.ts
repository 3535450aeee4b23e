/** p-graph style: either no cycle, or one cycle as the keys along it, first key repeated at the end. */
export type CycleResult = { readonly hasCycle: false } | { readonly hasCycle: true; readonly cycle: readonly string[] };

/**
 * Finds a cycle in a directed graph (node → the nodes it points at) with an iterative depth-first
 * search, so 10,000 chained steps cannot overflow the stack. Edges to unknown nodes are ignored.
 */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): CycleResult {
  const state = new Map<string, 'open' | 'done'>();
  for (const start of graph.keys()) {
    if (state.has(start)) continue;
    const path: string[] = [start];
    const nextEdge: number[] = [0];
    state.set(start, 'open');
    while (path.length > 0) {
      const node = path[path.length - 1]!;
      const targets = graph.get(node) ?? [];
      const index = nextEdge[nextEdge.length - 1]!;
      if (index >= targets.length) {
        state.set(node, 'done');
        path.pop();
        nextEdge.pop();
        continue;
      }
      nextEdge[nextEdge.length - 1] = index + 1;
      const target = targets[index]!;
      const seen = state.get(target);
      if (seen === 'open') return { hasCycle: true, cycle: [...path.slice(path.indexOf(target)), target] };
      if (seen === undefined && graph.has(target)) {
        state.set(target, 'open');
        path.push(target);
        nextEdge.push(0);
      }
    }
  }
  return { hasCycle: false };
}
