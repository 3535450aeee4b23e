// `npm test` runs this before vitest: it finds or builds the action and CLI bundles the e2e and CLI
// tests run (test/e2e/action-bundle.ts: the committed dist/ while the sources are what it was built
// from, else a build of the current sources, nothing when they have not changed since the last one)
// while the machine is otherwise idle. Left to the first test file that needed them, the build ran beside
// three workers soon all waiting on it: 116 s for the suite from a fresh clone here, 105 s this way.
import path from 'node:path';
import { sharedBundles } from './action-bundle.ts';

const started = performance.now();
try {
  const { action } = await sharedBundles();
  const where = path.relative(process.cwd(), path.dirname(action)) || '.';
  console.log(`bundles for the tests: ${where} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
} catch (error) {
  // execFile's error carries the build's output: tsc writes its errors to stdout, ncc to stderr.
  const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
  console.error(`could not build the bundles the tests run (tsc, then ncc, as npm run build does):\n${`${stdout}\n${stderr}`.trim() || String(error)}`);
  process.exit(1);
}
