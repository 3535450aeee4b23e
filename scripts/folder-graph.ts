// The import graph between the folders of src/, and the cycles in it.
// Used by scripts/check-folder-imports.ts (CI) and its test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Files directly in src/ (main.ts, cli.ts, run.ts…) count as one node: the entry points. */
export const ENTRY_NODE = '(entry)';

/** folder → the folders its files import, with one example import per edge (`from.ts -> to.ts`). */
export type FolderGraph = Map<string, Map<string, string>>;

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

function folderOf(srcDir: string, file: string): string {
  const parts = path.relative(srcDir, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : ENTRY_NODE;
}

/** Reads every relative import under `srcDir` and groups them by top-level folder. */
export function folderGraph(srcDir: string): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const from = folderOf(srcDir, file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (path.relative(srcDir, target).startsWith('..')) continue;
      const to = folderOf(srcDir, target);
      if (to === from || graph.get(from)!.has(to)) continue;
      graph.get(from)!.set(to, `${path.relative(srcDir, file)} -> ${path.relative(srcDir, target)}`);
    }
  }
  return graph;
}

/** Folder pairs that import each other both ways, each as `[a, b]` with a < b. */
export function twoWayPairs(graph: FolderGraph): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [from, targets] of graph) {
    for (const to of targets.keys()) if (from < to && graph.get(to)?.has(from)) pairs.push([from, to]);
  }
  return pairs.sort((a, b) => a.join().localeCompare(b.join()));
}

/** Folders caught in one cycle, and one closed path through them (`a -> b -> … -> a`) to show it. */
export interface FolderCycle {
  readonly folders: readonly string[];
  readonly path: readonly string[];
}

/**
 * Every cycle between folders that the allowed pairs do not explain: the graph's strongly
 * connected components of two or more folders, after the edges of each allowed pair are set aside.
 */
export function cycles(graph: FolderGraph, allowed: readonly (readonly [string, string])[] = []): FolderCycle[] {
  const skip = new Set(allowed.flatMap(([a, b]) => [`${a}\0${b}`, `${b}\0${a}`]));
  const next = (node: string): string[] => [...(graph.get(node)?.keys() ?? [])].filter((to) => !skip.has(`${node}\0${to}`)).sort();
  // Tarjan's algorithm; folder graphs are small, so recursion is fine.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    for (const to of next(node)) {
      if (!order.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, order.get(to)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node);
  return components.map((component) => ({ folders: component.sort(), path: cyclePath(component, next) }));
}

// A shortest closed path through the component's first folder, for the message.
function cyclePath(component: string[], next: (node: string) => string[]): string[] {
  const inside = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of next(node)) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const route = [node];
        while (route[0] !== start) route.unshift(previous.get(route[0]!)!);
        return [...route, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [...component, start];
}
