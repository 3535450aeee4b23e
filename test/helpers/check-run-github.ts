import { afterEach, beforeEach, expect } from 'vitest';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from './github-server.ts';

/** The fake GitHub a file of check run tests writes to, as `useCheckRunGitHub` gives it. */
export interface CheckRunGitHub {
  /** The check runs it holds: the test's own, and other jobs' a test puts there. */
  readonly checkRuns: FakeGitHub['checkRuns'];
  /** A client of it, without the write spacing. */
  octokit(): ReturnType<typeof createOctokit>;
  /** The check run of that id. */
  ours(id: number | undefined): Record<string, unknown> | undefined;
}

/** Starts a fake GitHub before each test of the calling file, and after it expects no request broke GitHub's rules and stops it. */
export function useCheckRunGitHub(): CheckRunGitHub {
  let github: FakeGitHub;
  beforeEach(async () => {
    github = await startFakeGitHub();
  });
  afterEach(async () => {
    expect(github.violations).toEqual([]);
    await github.stop();
  });
  return {
    get checkRuns() {
      return github.checkRuns;
    },
    octokit: () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }),
    ours: (id) => github.checkRuns.find((run) => run['id'] === id),
  };
}
