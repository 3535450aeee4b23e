import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Files whose packages keep process-wide state from their first use: `@actions/artifact` builds its
// GitHub client from GITHUB_API_URL at import, `@actions/core`'s summary keeps the first summary file
// it wrote to, `@actions/github` picks its proxy at import. They run in a fresh module graph each.
const ISOLATED = ['test/state/actions-artifact-store.test.ts', 'test/action/runner-commands.test.ts', 'test/github/proxy-fetch.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    // Most test time is spent waiting on child processes and local servers, not computing: one
    // worker more than there are cores keeps the cores busy (2 cores: 3 workers).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        // A worker keeps the modules it imported for its next file: importing src/ again for each
        // of 150 files cost 50 s of the suite's CPU. Tests share no state through modules (they
        // inject their collaborators); the files that would are listed in ISOLATED.
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
