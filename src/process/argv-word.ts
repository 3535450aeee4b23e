import { z } from 'zod';

/**
 * One word of a program's argv as a plan writes it (a command tool's, a command goal's, a stdio MCP server's):
 * not empty, and without a NUL byte, which no argv can carry: the start failed at run time with an internal
 * error code, blamed on the command and at no position.
 */
export function argvWord() {
  return z.string().min(1).regex(/^[^\0]*$/, 'a program and its arguments cannot hold a NUL byte (\\0)');
}
