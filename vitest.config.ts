import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    // Most test time is spent waiting on child processes and local servers, not computing: one
    // worker more than there are cores keeps the cores busy (2 cores: 3 workers).
    maxWorkers: availableParallelism() + 1,
  },
});
