/** Kernel and device trees: reading them can leak secrets (`/proc/self/environ`) or block forever. */
const SYSTEM_TREES = ['/proc', '/sys', '/dev'];

/** True for `/proc`, `/sys`, `/dev` and anything below them (an absolute, resolved path). */
export function isSystemPath(absolute: string): boolean {
  return SYSTEM_TREES.some((tree) => absolute === tree || absolute.startsWith(`${tree}/`));
}
