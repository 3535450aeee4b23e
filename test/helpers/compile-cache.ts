import os from 'node:os';
import path from 'node:path';

/**
 * The environment entry that lets the bundles the tests start share V8's compile cache (Node's
 * `NODE_COMPILE_CACHE`): the suite starts the built action and CLI about 130 times, and each start
 * compiled 2–8 MB of JavaScript anew. A cache miss compiles as usual, so no behaviour depends on it;
 * the runner gives the action no such variable, and plan-runner passes it to no tool.
 */
export function compileCacheEnv(): Record<string, string> {
  return { NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'plan-runner-tests-compile-cache') };
}
