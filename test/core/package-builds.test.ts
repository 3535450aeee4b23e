import { expect, it } from 'vitest';

// vitest gives its workers the `development` condition unless vitest.config.ts drops it: micromark's
// development build then ran in every in-process test (an assertion on every token), which dist/ never runs.
it('imports the build of a package that dist/ bundles, not its development build', () => {
  const resolved = import.meta.resolve('micromark');
  expect(resolved).toMatch(/\/micromark\/index\.js$/);
  expect(resolved).not.toMatch(/\/dev\//);
});
