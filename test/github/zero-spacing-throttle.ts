import Bottleneck from 'bottleneck';
import type { ThrottlingOptions } from '@octokit/plugin-throttling';

/**
 * Throttling settings for tests: the plugin's own limiter groups without their 1-3 s write spacing
 * (the comment updater spaces its writes on an injected clock) and `retry-after` read as
 * milliseconds, so rate-limit retries go through the real plugin without real waiting.
 */
export function zeroSpacingThrottle(): Partial<ThrottlingOptions> {
  return {
    write: new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 }),
    notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 }),
    retryAfterBaseValue: 1,
  };
}
