import { describe, expect, it } from 'vitest';
import { mcpServerEnvironment } from '../../src/tools/mcp/mcp-server-environment.ts';

const runner = {
  PATH: '/usr/bin:/bin',
  HOME: '/home/runner',
  RUNNER_TRACKING_ID: 'github_0b0c',
  GITHUB_TOKEN: 'ghs_runner_token_value',
  ACTIONS_RUNTIME_TOKEN: 'runtime',
  NODE_OPTIONS: '--require ./evil.js',
  UNLISTED: 'anything',
};

describe('mcpServerEnvironment', () => {
  it('keeps the runner’s tracking mark, by which a self-hosted runner ends a server a killed main step left running', () => {
    expect(mcpServerEnvironment('docs', undefined, runner)).toEqual({ PATH: '/usr/bin:/bin', HOME: '/home/runner', RUNNER_TRACKING_ID: 'github_0b0c' });
  });

  it('adds exactly what the server’s env: names', () => {
    expect(mcpServerEnvironment('docs', ['UNLISTED'], runner)).toEqual({ PATH: '/usr/bin:/bin', HOME: '/home/runner', RUNNER_TRACKING_ID: 'github_0b0c', UNLISTED: 'anything' });
  });
});
