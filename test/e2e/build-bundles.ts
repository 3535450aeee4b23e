// `npm test` runs this before vitest: it builds the action and CLI bundles the e2e and CLI tests run
// (test/e2e/action-bundle.ts; nothing when the sources have not changed since the last build) while
// the machine is otherwise idle. Left to the first test file that needs them, the build ran beside
// three workers, each soon waiting on it: a fresh clone's suite took 116 s instead of 80 s.
import { sharedBundles } from './action-bundle.ts';

const started = performance.now();
await sharedBundles();
console.log(`bundles for the tests ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
