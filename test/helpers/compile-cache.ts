import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The environment entry that lets the bundles the tests start share V8's compile cache (Node's
 * `NODE_COMPILE_CACHE`): the suite starts the built action and CLI about 130 times, and each start
 * compiled 2–8 MB of JavaScript anew. A cache miss compiles as usual, so no behaviour depends on it;
 * the runner gives the action no such variable, and plan-runner passes it to no tool.
 */
export function compileCacheEnv(): Record<string, string> {
  // Beside the test bundles, not in os.tmpdir(): that is one run's own folder (test/global-setup.ts).
  return { NODE_COMPILE_CACHE: path.join(ROOT, 'node_modules', '.cache', 'plan-runner-tests-compile-cache') };
}
