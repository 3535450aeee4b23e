// `npm test` runs this before vitest: it builds the action and CLI bundles the e2e and CLI tests run
// (test/e2e/action-bundle.ts; nothing when the sources have not changed since the last build) while
// the machine is otherwise idle. Left to the first test file that needed them, the build ran beside
// three workers soon all waiting on it: 116 s for the suite from a fresh clone here, 105 s this way.
import { sharedBundles } from './action-bundle.ts';

const started = performance.now();
try {
  await sharedBundles();
  console.log(`bundles for the tests ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  // execFile's error carries the build's output: tsc writes its errors to stdout, ncc to stderr.
  const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
  console.error(`could not build the bundles the tests run (tsc, then ncc, as npm run build does):\n${`${stdout}\n${stderr}`.trim() || String(error)}`);
  process.exit(1);
}
