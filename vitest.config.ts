import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vitest/config';
import { compileCacheEnv } from './test/helpers/compile-cache.ts';

// Files whose packages keep process-wide state from their first use: `@actions/artifact` builds its
// GitHub client from GITHUB_API_URL at import, `@actions/core`'s summary keeps the first summary file
// it wrote to, `@actions/github` picks its proxy at import. They run in a fresh module graph each.
const ISOLATED = ['test/state/actions-artifact-store.test.ts', 'test/action/runner-commands.test.ts', 'test/github/proxy-fetch.test.ts'];

// The workers inherit V8's compile cache, which keeps Node's type stripping too: importing src/ took a
// worker 0.6-0.8 s of CPU without it and 0.3 s with it (the suite's bundle starts have it already).
process.env['NODE_COMPILE_CACHE'] ??= compileCacheEnv()['NODE_COMPILE_CACHE'];

/**
 * The test workers resolve packages with the conditions dist/ is bundled with. Vitest gives its workers the
 * condition `development` (outside NODE_ENV=production), which picked micromark's development builds:
 * an assertion on every token, 25% slower on Markdown than the production builds dist/ ships.
 */
const productionBuilds: Plugin = {
  name: 'plan-runner:production-builds',
  configResolved(config) {
    const conditions = config.ssr.resolve?.conditions;
    if (conditions) config.ssr.resolve!.conditions = conditions.filter((condition) => condition !== 'development|production' && condition !== 'development');
  },
};

export default defineConfig({
  plugins: [productionBuilds],
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    // Most test time is spent waiting on child processes, local servers and timeouts, not computing, and
    // about five files spend tens of seconds mostly waiting (the action's end-to-end runs, the MCP servers,
    // the comment updater, the approvals): with two workers more than the cores, those held all four
    // workers at the start while the cores idled (30-50% busy for 20 s). Four more keep the cores busy
    // throughout (98%): on 2 cores, 104.8-109.1 s with 4 workers (4 runs), 92.6-100.6 s with 6 (3 runs),
    // 95.9 s with 5, 96.3-99.4 s with 8, all on one machine the same hour.
    maxWorkers: availableParallelism() + 4,
    // Node 24 runs the TypeScript itself (type stripping, as the CLI tests and scripts do), so vitest
    // imports test files and src/ natively instead of transforming them through Vite's module runner:
    // no test uses vi.mock or import.meta.vitest, which need it. Two interleaved rounds of the suite:
    // 104-108 s and 177-183 CPU-s with the module runner, 90-96 s and 155-163 CPU-s without.
    experimental: { viteModuleRunner: false, nodeLoader: false },
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
