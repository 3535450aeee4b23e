import path from 'node:path';

/**
 * True when `candidate` is `root` itself or lies below it. Only a `..` segment leaves a folder: a
 * name that merely starts with two dots (`..notes`) is inside.
 */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
