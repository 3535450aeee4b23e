import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods';
import { throttling, type ThrottlingOptions } from '@octokit/plugin-throttling';
import type { RateBudget } from './rate-budget.ts';
import { wellFormed } from '../core/well-formed.ts';
import { RedirectNotFollowedError } from './redirect-not-followed-error.ts';
import { keepingWriteMethod } from './keep-write-method.ts';
import { GITHUB_REQUEST_TIMEOUT_MS } from './github-failure.ts';
import { timeoutSignal } from '../core/timeout-signal.ts';

// The Octokit `@actions/github`'s getOctokit builds (core, REST methods, pagination), with throttling.
// Built here rather than by getOctokit: `@actions/github` loads its own undici (a megabyte) at import
// for a proxy-aware fetch, which without a proxy is a plain fetch, a second HTTP stack beside Node's
// (20-60 ms of a run without the artifact service, whose client loads both anyway). With a proxy
// variable set, requests go through the toolkit's fetch, loaded at the first one.
const GitHub = Octokit.plugin(restEndpointMethods, paginateRest, throttling);

/** The REST client every GitHub call in plan-runner goes through. */
export type GitHubClient = InstanceType<typeof GitHub>;

export interface OctokitSettings {
  readonly token: string;
  /** Defaults to `GITHUB_API_URL` (set by the runner; GitHub Enterprise too), else api.github.com. */
  readonly baseUrl?: string;
  /** Per request; a hanging API must not stall the job. Default `GITHUB_REQUEST_TIMEOUT_MS` (10 s). */
  readonly timeoutMs?: number;
  /** Rate-limit retries per request, each after GitHub's `retry-after`. Default 2. */
  readonly maxRateLimitRetries?: number;
  /** A longer `retry-after` is not waited for: the request fails instead. Default 20 s. */
  readonly maxRetryAfterSeconds?: number;
  readonly warn: (message: string) => void;
  /** Defaults to Node's fetch, or the toolkit's proxy-aware fetch when a proxy variable is set. */
  readonly fetch?: typeof fetch;
  /** Extra throttling settings (tests pass limiter groups without the 1 s write spacing). */
  readonly throttle?: Partial<ThrottlingOptions>;
  /** Told the rate-limit headers of every answer, errors included. */
  readonly rateBudget?: RateBudget;
}

/** Wraps `fetch` so every request gives up after `timeoutMs`, also when the caller passed a signal. */
function withTimeout(base: typeof fetch, timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = timeoutSignal(timeoutMs);
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
  const baseFetch = settings.fetch ?? (proxyVariableSet(process.env) ? toolkitFetch() : fetch);
  const userAgent = userAgentWithOrchestrationId(process.env['ACTIONS_ORCHESTRATION_ID']);
  const octokit = new GitHub({
    // As getOctokit gives it: the token with its scheme, which Octokit's token auth reads either way.
    auth: `token ${settings.token}`,
    baseUrl: settings.baseUrl || process.env['GITHUB_API_URL'] || 'https://api.github.com',
    ...(userAgent === undefined ? {} : { userAgent }),
    request: { fetch: withTimeout(keepingWriteMethod(baseFetch), settings.timeoutMs ?? GITHUB_REQUEST_TIMEOUT_MS) },
    throttle: {
      onRateLimit: onLimit('primary'),
      onSecondaryRateLimit: onLimit('secondary'),
      ...settings.throttle,
    } as ThrottlingOptions,
  });
  // One place for every write: a cut that split a character left half an emoji (a lone surrogate) in an
  // escalation issue's text, a check run's name or summary, which GitHub may refuse or show as U+FFFD (found by an
  // adversarial pass). Each text of a request is sent as well-formed UTF-16, its lone halves as U+FFFD.
  octokit.hook.before('request', (options) => {
    for (const key of Object.keys(options)) if (!ENDPOINT_KEYS.has(key)) (options as Record<string, unknown>)[key] = wellFormedValues(options[key]);
  });
  // Pagination builds its first URL from the parameters before any request, out of the hook's reach: a label with
  // half a character threw "URI malformed" there (found by a review).
  // It also sends each page with the route's method, URL and headers only: the parameters' `request` options (the
  // call's signal, its cancel and timeout; no redirects) reached no page, and pages GitHub kept linking went on for
  // good (found by an adversarial pass). The route is given them as its defaults, which every page's request merges.
  const { paginate } = octokit;
  const paged = (route: unknown, parameters: unknown): unknown => {
    const request = (parameters as { request?: RequestOptions } | undefined)?.request;
    if (request === undefined) return route;
    if (typeof route === 'string') {
      const [method, url] = route.split(' ');
      return octokit.request.defaults({ ...(url === undefined ? { url: method } : { method, url }), request });
    }
    return typeof route === 'function' && 'defaults' in route ? (route as typeof octokit.request).defaults({ request }) : route;
  };
  const wellFormedPaginate = ((route: unknown, parameters?: unknown, mapFn?: unknown) =>
    (paginate as (...args: unknown[]) => unknown)(paged(route, parameters), wellFormedValues(parameters), mapFn)) as typeof paginate;
  octokit.paginate = Object.assign(wellFormedPaginate, {
    iterator: ((route: unknown, parameters?: unknown) => (paginate.iterator as (...args: unknown[]) => unknown)(paged(route, parameters), wellFormedValues(parameters))) as typeof paginate.iterator,
  });
  // Octokit hands back a redirect the request did not follow as if it were the answer (its body the redirect's).
  octokit.hook.after('request', (response) => {
    if (response.status >= 300 && response.status < 400) throw new RedirectNotFollowedError(response.status, response.headers);
  });
  const budget = settings.rateBudget;
  if (budget) {
    const observe = (headers: Readonly<Record<string, string | number | undefined>> | undefined): void => {
      if (headers) budget.observe((name) => headers[name]);
    };
    octokit.hook.after('request', (response) => observe(response.headers));
    octokit.hook.error('request', (error) => {
      observe((error as { response?: { headers?: Record<string, string | number | undefined> } }).response?.headers);
      throw error;
    });
  }
  return octokit;
}

/** Octokit's own options of a request (`request: { signal, redirect }`), beside its parameters. */
type RequestOptions = NonNullable<Parameters<GitHubClient['request']['defaults']>[0]>['request'];

/** What Octokit's request options hold beside the request's parameters. */
const ENDPOINT_KEYS = new Set(['method', 'url', 'baseUrl', 'headers', 'request', 'mediaType']);

/** `value` with each string in it (in lists and plain objects too) well-formed; anything else as it is. */
function wellFormedValues(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (Array.isArray(value)) return value.map(wellFormedValues);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, wellFormedValues(inner)]));
  }
  return value;
}

/**
 * True when `@actions/http-client` could send a request through a proxy: it reads only these
 * variables (`no_proxy` can only take a proxy away). Without them its fetch is a plain fetch.
 */
export function proxyVariableSet(env: NodeJS.ProcessEnv): boolean {
  return PROXY_VARIABLES.some((name) => Boolean(env[name]));
}

/** The variables `@actions/http-client` takes a proxy from (https first, for https URLs). */
export const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;

/** The toolkit's proxy-aware fetch (`@actions/github`'s default), loaded at the first request. */
function toolkitFetch(): typeof fetch {
  let loaded: Promise<typeof fetch> | undefined;
  return async (input, init) => {
    loaded ??= import('@actions/github/lib/utils').then(({ defaults }) => defaults.request!.fetch as typeof fetch);
    return (await loaded)(input, init);
  };
}

/**
 * The user agent getOctokit sets: Octokit's own, with `actions_orchestration_id/<id>` when the runner
 * gives one, every character outside `[a-z0-9_.-]` made `_` (`@actions/github`'s
 * getUserAgentWithOrchestrationId; a test compares the two).
 */
export function userAgentWithOrchestrationId(id: string | undefined): string | undefined {
  const trimmed = id?.trim();
  return trimmed ? `actions_orchestration_id/${trimmed.replace(/[^a-z0-9_.-]/gi, '_')}` : undefined;
}
