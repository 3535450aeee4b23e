import { getOctokit } from '@actions/github';
import { defaults } from '@actions/github/lib/utils';
import { throttling, type ThrottlingOptions } from '@octokit/plugin-throttling';

/** The REST client every GitHub call in plan-runner goes through. */
export type GitHubClient = ReturnType<typeof getOctokit>;

export interface OctokitSettings {
  readonly token: string;
  /** Defaults to `GITHUB_API_URL` (set by the runner; GitHub Enterprise too), else api.github.com. */
  readonly baseUrl?: string;
  /** Per request; a hanging API must not stall the job. Default 10 s. */
  readonly timeoutMs?: number;
  /** Rate-limit retries per request, each after GitHub's `retry-after`. Default 2. */
  readonly maxRateLimitRetries?: number;
  /** A longer `retry-after` is not waited for: the request fails instead. Default 20 s. */
  readonly maxRetryAfterSeconds?: number;
  readonly warn: (message: string) => void;
  /** Defaults to the toolkit's proxy-aware fetch. */
  readonly fetch?: typeof fetch;
  /** Extra throttling settings (tests pass limiter groups without the 1 s write spacing). */
  readonly throttle?: Partial<ThrottlingOptions>;
}

/** Wraps `fetch` so every request gives up after `timeoutMs`, also when the caller passed a signal. */
function withTimeout(base: typeof fetch, timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return base(input, { ...init, signal });
  };
}

/**
 * An Octokit for the Actions toolkit with the throttling plugin: rate limits are retried a bounded
 * number of times after GitHub's `retry-after`, each retry logged as a warning; requests time out.
 */
export function createOctokit(settings: OctokitSettings): GitHubClient {
  const maxRetries = settings.maxRateLimitRetries ?? 2;
  const maxWait = settings.maxRetryAfterSeconds ?? 20;
  const onLimit =
    (kind: string) =>
    (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number): boolean => {
      const what = `GitHub ${kind} rate limit on ${options.method} ${options.url}`;
      if (retryCount >= maxRetries || retryAfter > maxWait) {
        settings.warn(`${what}; giving up after ${retryCount} ${retryCount === 1 ? 'retry' : 'retries'} (retry-after ${retryAfter} s).`);
        return false;
      }
      settings.warn(`${what}; retrying in ${retryAfter} s (retry ${retryCount + 1}/${maxRetries}).`);
      return true;
    };
  const baseFetch = settings.fetch ?? (defaults.request?.fetch as typeof fetch | undefined) ?? fetch;
  return getOctokit(
    settings.token,
    {
      baseUrl: settings.baseUrl || process.env['GITHUB_API_URL'] || 'https://api.github.com',
      request: { fetch: withTimeout(baseFetch, settings.timeoutMs ?? 10_000) },
      throttle: {
        onRateLimit: onLimit('primary'),
        onSecondaryRateLimit: onLimit('secondary'),
        ...settings.throttle,
      } as ThrottlingOptions,
    },
    throttling,
  );
}
