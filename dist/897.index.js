export const id = 897;
export const ids = [897];
export const modules = {

/***/ 44278:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  PROXY_VARIABLES: () => (/* binding */ PROXY_VARIABLES),
  createOctokit: () => (/* binding */ createOctokit),
  proxyVariableSet: () => (/* binding */ proxyVariableSet),
  userAgentWithOrchestrationId: () => (/* binding */ userAgentWithOrchestrationId)
});

// EXTERNAL MODULE: ./node_modules/@octokit/core/dist-src/index.js + 12 modules
var dist_src = __webpack_require__(15561);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-paginate-rest/dist-bundle/index.js
var dist_bundle = __webpack_require__(93779);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-rest-endpoint-methods/dist-src/index.js + 3 modules
var plugin_rest_endpoint_methods_dist_src = __webpack_require__(49210);
// EXTERNAL MODULE: ./node_modules/bottleneck/light.js
var light = __webpack_require__(63251);
;// CONCATENATED MODULE: ./node_modules/@octokit/plugin-throttling/dist-bundle/index.js
// pkg/dist-src/index.js


// pkg/dist-src/version.js
var VERSION = "0.0.0-development";

// pkg/dist-src/wrap-request.js
var noop = () => Promise.resolve();
function wrapRequest(state, request, options) {
  return state.retryLimiter.schedule(doRequest, state, request, options);
}
async function doRequest(state, request, options) {
  const { pathname } = new URL(options.url, "http://github.test");
  const isAuth = isAuthRequest(options.method, pathname);
  const isWrite = !isAuth && options.method !== "GET" && options.method !== "HEAD";
  const isSearch = options.method === "GET" && pathname.startsWith("/search/");
  const isGraphQL = pathname.startsWith("/graphql");
  const retryCount = ~~request.retryCount;
  const jobOptions = retryCount > 0 ? { priority: 0, weight: 0 } : {};
  if (state.clustering) {
    jobOptions.expiration = 1e3 * 60;
  }
  if (isWrite || isGraphQL) {
    await state.write.key(state.id).schedule(jobOptions, noop);
  }
  if (isWrite && state.triggersNotification(pathname)) {
    await state.notifications.key(state.id).schedule(jobOptions, noop);
  }
  if (isSearch) {
    await state.search.key(state.id).schedule(jobOptions, noop);
  }
  const req = (isAuth ? state.auth : state.global).key(state.id).schedule(jobOptions, request, options);
  if (isGraphQL) {
    const res = await req;
    if (res.data.errors != null && res.data.errors.some((error) => error.type === "RATE_LIMITED")) {
      const error = Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
        response: res,
        data: res.data
      });
      throw error;
    }
  }
  return req;
}
function isAuthRequest(method, pathname) {
  return method === "PATCH" && // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-a-scoped-access-token
  /^\/applications\/[^/]+\/token\/scoped$/.test(pathname) || method === "POST" && // https://docs.github.com/en/rest/apps/oauth-applications?apiVersion=2022-11-28#reset-a-token
  (/^\/applications\/[^/]+\/token$/.test(pathname) || // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-an-installation-access-token-for-an-app
  /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) || // https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
  pathname === "/login/oauth/access_token");
}

// pkg/dist-src/generated/triggers-notification-paths.js
var triggers_notification_paths_default = [
  "/orgs/{org}/invitations",
  "/orgs/{org}/invitations/{invitation_id}",
  "/orgs/{org}/teams/{team_slug}/discussions",
  "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
  "/repos/{owner}/{repo}/collaborators/{username}",
  "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
  "/repos/{owner}/{repo}/issues",
  "/repos/{owner}/{repo}/issues/{issue_number}/comments",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issue",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority",
  "/repos/{owner}/{repo}/pulls",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
  "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
  "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
  "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "/repos/{owner}/{repo}/releases",
  "/teams/{team_id}/discussions",
  "/teams/{team_id}/discussions/{discussion_number}/comments"
];

// pkg/dist-src/route-matcher.js
function routeMatcher(paths) {
  const regexes = paths.map(
    (path) => path.split("/").map((c) => c.startsWith("{") ? "(?:.+?)" : c).join("/")
  );
  const regex2 = `^(?:${regexes.map((r) => `(?:${r})`).join("|")})[^/]*$`;
  return new RegExp(regex2, "i");
}

// pkg/dist-src/index.js
var regex = routeMatcher(triggers_notification_paths_default);
var triggersNotification = regex.test.bind(regex);
var groups = {};
var createGroups = function(Bottleneck, common) {
  groups.global = new Bottleneck.Group({
    id: "octokit-global",
    maxConcurrent: 10,
    ...common
  });
  groups.auth = new Bottleneck.Group({
    id: "octokit-auth",
    maxConcurrent: 1,
    ...common
  });
  groups.search = new Bottleneck.Group({
    id: "octokit-search",
    maxConcurrent: 1,
    minTime: 2e3,
    ...common
  });
  groups.write = new Bottleneck.Group({
    id: "octokit-write",
    maxConcurrent: 1,
    minTime: 1e3,
    ...common
  });
  groups.notifications = new Bottleneck.Group({
    id: "octokit-notifications",
    maxConcurrent: 1,
    minTime: 3e3,
    ...common
  });
};
function throttling(octokit, octokitOptions) {
  const {
    enabled = true,
    Bottleneck = light,
    id = "no-id",
    timeout = 1e3 * 60 * 2,
    // Redis TTL: 2 minutes
    connection
  } = octokitOptions.throttle || {};
  if (!enabled) {
    return {};
  }
  const common = { timeout };
  if (typeof connection !== "undefined") {
    common.connection = connection;
  }
  const state = Object.assign(
    {
      clustering: connection != null,
      triggersNotification,
      fallbackSecondaryRateRetryAfter: 60,
      retryAfterBaseValue: 1e3,
      id
    },
    octokitOptions.throttle
  );
  if (typeof state.onSecondaryRateLimit !== "function" || typeof state.onRateLimit !== "function") {
    throw new Error(`octokit/plugin-throttling error:
        You must pass the onSecondaryRateLimit and onRateLimit error handlers.
        See https://octokit.github.io/rest.js/#throttling

        const octokit = new Octokit({
          throttle: {
            onSecondaryRateLimit: (retryAfter, options) => {/* ... */},
            onRateLimit: (retryAfter, options) => {/* ... */}
          }
        })
    `);
  }
  let initialized = false;
  const initializeBottleneck = () => {
    if (initialized) {
      return;
    }
    initialized = true;
    if (groups.global == null) {
      createGroups(Bottleneck, common);
    }
    state.global = state.global ?? groups.global;
    state.auth = state.auth ?? groups.auth;
    state.search = state.search ?? groups.search;
    state.write = state.write ?? groups.write;
    state.notifications = state.notifications ?? groups.notifications;
    state.retryLimiter = state.retryLimiter ?? new Bottleneck();
    const events = {};
    const emitter = new Bottleneck.Events(events);
    events.on("secondary-limit", state.onSecondaryRateLimit);
    events.on("rate-limit", state.onRateLimit);
    events.on(
      "error",
      (e) => octokit.log.warn("Error in throttling-plugin limit handler", e)
    );
    state.retryLimiter.on("failed", async function(error, info) {
      const [state2, request, options] = info.args;
      const { pathname } = new URL(options.url, "http://github.test");
      const shouldRetryGraphQL = pathname.startsWith("/graphql") && error.status !== 401;
      if (!(shouldRetryGraphQL || error.status === 403 || error.status === 429)) {
        return;
      }
      const retryCount = ~~request.retryCount;
      request.retryCount = retryCount;
      options.request.retryCount = retryCount;
      const { wantRetry, retryAfter = 0 } = await (async function() {
        if (/\bsecondary rate\b/i.test(error.message)) {
          const retryAfter2 = Number(error.response.headers["retry-after"]) || state2.fallbackSecondaryRateRetryAfter;
          const wantRetry2 = await emitter.trigger(
            "secondary-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        if (error.response.headers != null && error.response.headers["x-ratelimit-remaining"] === "0" || (error.response.data?.errors ?? []).some(
          (error2) => error2.type === "RATE_LIMITED"
        )) {
          const rateLimitReset = new Date(
            ~~error.response.headers["x-ratelimit-reset"] * 1e3
          ).getTime();
          const retryAfter2 = Math.max(
            // Add one second so we retry _after_ the reset time
            // https://docs.github.com/en/rest/overview/resources-in-the-rest-api?apiVersion=2022-11-28#exceeding-the-rate-limit
            Math.ceil((rateLimitReset - Date.now()) / 1e3) + 1,
            0
          );
          const wantRetry2 = await emitter.trigger(
            "rate-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        return {};
      })();
      if (wantRetry) {
        request.retryCount++;
        return retryAfter * state2.retryAfterBaseValue;
      }
    });
  };
  octokit.hook.wrap("request", (request, options) => {
    initializeBottleneck();
    return wrapRequest(state, request, options);
  });
  return {};
}
throttling.VERSION = VERSION;
throttling.triggersNotification = triggersNotification;


// EXTERNAL MODULE: ./lib/core/well-formed.js
var well_formed = __webpack_require__(75107);
;// CONCATENATED MODULE: ./lib/github/redirect-not-followed-error.js
/**
 * GitHub answered a request that follows no redirect (`redirect: 'manual'`) with one: an issue transferred to
 * another repository, a repository renamed. Read as a failure with its status, never as an answer.
 */
class RedirectNotFollowedError extends Error {
    status;
    response;
    constructor(status, headers) {
        super(`a redirect (HTTP ${status}) the request did not follow`);
        this.name = new.target.name;
        this.status = status;
        this.response = { headers };
    }
}

;// CONCATENATED MODULE: ./lib/github/keep-write-method.js
/** The redirects a write follows: those fetch sends on with the same method and body. */
const METHOD_KEEPING = new Set([307, 308]);
const MAX_REDIRECTS = 5;
/**
 * `base` for Octokit, where a write (any method but GET and HEAD) that asks to follow redirects follows only a 307 or
 * 308 within GitHub's origin: fetch sends a POST on a 301 or 302 (and any write on a 303) as a GET, whose answer
 * Octokit took for the write's own. A PR comment on an issue transferred mid-run read the other repository's comments
 * and counted as made, and none was made, with no word (found by an adversarial pass). Any other redirect is answered
 * as it came, which `createOctokit` makes a `RedirectNotFollowedError`.
 */
function keepingWriteMethod(base) {
    return async (input, init) => {
        const method = (init?.method ?? 'GET').toUpperCase();
        if (method === 'GET' || method === 'HEAD' || (init?.redirect ?? 'follow') !== 'follow' || input instanceof Request)
            return base(input, init);
        let url = String(input);
        for (let hop = 0;; hop++) {
            const response = await base(url, { ...init, redirect: 'manual' });
            const location = response.headers.get('location');
            if (!METHOD_KEEPING.has(response.status) || location === null || hop >= MAX_REDIRECTS)
                return response;
            const next = new URL(location, url);
            // The token goes to the origin it was given for only.
            if (next.origin !== new URL(url).origin)
                return response;
            await response.body?.cancel();
            url = next.href;
        }
    };
}

// EXTERNAL MODULE: ./lib/github/github-failure.js
var github_failure = __webpack_require__(82931);
// EXTERNAL MODULE: ./lib/core/timeout-signal.js
var timeout_signal = __webpack_require__(79893);
;// CONCATENATED MODULE: ./lib/github/create-octokit.js









// The Octokit `@actions/github`'s getOctokit builds (core, REST methods, pagination), with throttling.
// Built here rather than by getOctokit: `@actions/github` loads its own undici (a megabyte) at import
// for a proxy-aware fetch, which without a proxy is a plain fetch, a second HTTP stack beside Node's
// (20-60 ms of a run without the artifact service, whose client loads both anyway). With a proxy
// variable set, requests go through the toolkit's fetch, loaded at the first one.
const GitHub = dist_src/* Octokit */.E.plugin(plugin_rest_endpoint_methods_dist_src/* restEndpointMethods */._, dist_bundle/* paginateRest */.ud, throttling);
/** Wraps `fetch` so every request gives up after `timeoutMs`, also when the caller passed a signal. */
function withTimeout(base, timeoutMs) {
    return (input, init) => {
        const timeout = (0,timeout_signal/* timeoutSignal */._)(timeoutMs);
        const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
        return base(input, { ...init, signal });
    };
}
/**
 * An Octokit for the Actions toolkit with the throttling plugin: rate limits are retried a bounded
 * number of times after GitHub's `retry-after`, each retry logged as a warning; requests time out.
 */
function createOctokit(settings) {
    const maxRetries = settings.maxRateLimitRetries ?? 2;
    const maxWait = settings.maxRetryAfterSeconds ?? 20;
    const onLimit = (kind) => (retryAfter, options, _octokit, retryCount) => {
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
        request: { fetch: withTimeout(keepingWriteMethod(baseFetch), settings.timeoutMs ?? github_failure/* GITHUB_REQUEST_TIMEOUT_MS */.bB) },
        throttle: {
            onRateLimit: onLimit('primary'),
            onSecondaryRateLimit: onLimit('secondary'),
            ...settings.throttle,
        },
    });
    // One place for every write: a cut that split a character left half an emoji (a lone surrogate) in an
    // escalation issue's text, a check run's name or summary, which GitHub may refuse or show as U+FFFD (found by an
    // adversarial pass). Each text of a request is sent as well-formed UTF-16, its lone halves as U+FFFD.
    octokit.hook.before('request', (options) => {
        for (const key of Object.keys(options))
            if (!ENDPOINT_KEYS.has(key))
                options[key] = wellFormedValues(options[key]);
    });
    // Pagination builds its first URL from the parameters before any request, out of the hook's reach: a label with
    // half a character threw "URI malformed" there (found by a review).
    // It also sends each page with the route's method, URL and headers only: the parameters' `request` options (the
    // call's signal, its cancel and timeout; no redirects) reached no page, and pages GitHub kept linking went on for
    // good (found by an adversarial pass). The route is given them as its defaults, which every page's request merges.
    const { paginate } = octokit;
    const paged = (route, parameters) => {
        const request = parameters?.request;
        if (request === undefined)
            return route;
        if (typeof route === 'string') {
            const [method, url] = route.split(' ');
            return octokit.request.defaults({ ...(url === undefined ? { url: method } : { method, url }), request });
        }
        return typeof route === 'function' && 'defaults' in route ? route.defaults({ request }) : route;
    };
    const wellFormedPaginate = ((route, parameters, mapFn) => paginate(paged(route, parameters), wellFormedValues(parameters), mapFn));
    octokit.paginate = Object.assign(wellFormedPaginate, {
        iterator: ((route, parameters) => paginate.iterator(paged(route, parameters), wellFormedValues(parameters))),
    });
    // Octokit hands back a redirect the request did not follow as if it were the answer (its body the redirect's).
    octokit.hook.after('request', (response) => {
        if (response.status >= 300 && response.status < 400)
            throw new RedirectNotFollowedError(response.status, response.headers);
    });
    const budget = settings.rateBudget;
    if (budget) {
        const observe = (headers) => {
            if (headers)
                budget.observe((name) => headers[name]);
        };
        octokit.hook.after('request', (response) => observe(response.headers));
        octokit.hook.error('request', (error) => {
            observe(error.response?.headers);
            throw error;
        });
    }
    return octokit;
}
/** What Octokit's request options hold beside the request's parameters. */
const ENDPOINT_KEYS = new Set(['method', 'url', 'baseUrl', 'headers', 'request', 'mediaType']);
/** `value` with each string in it (in lists and plain objects too) well-formed; anything else as it is. */
function wellFormedValues(value) {
    if (typeof value === 'string')
        return (0,well_formed/* wellFormed */.E)(value);
    if (Array.isArray(value))
        return value.map(wellFormedValues);
    if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, wellFormedValues(inner)]));
    }
    return value;
}
/**
 * True when `@actions/http-client` could send a request through a proxy: it reads only these
 * variables (`no_proxy` can only take a proxy away). Without them its fetch is a plain fetch.
 */
function proxyVariableSet(env) {
    return PROXY_VARIABLES.some((name) => Boolean(env[name]));
}
/** The variables `@actions/http-client` takes a proxy from (https first, for https URLs). */
const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];
/** The toolkit's proxy-aware fetch (`@actions/github`'s default), loaded at the first request. */
function toolkitFetch() {
    let loaded;
    return async (input, init) => {
        loaded ??= Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(32)]).then(__webpack_require__.bind(__webpack_require__, 22032)).then(({ defaults }) => defaults.request.fetch);
        return (await loaded)(input, init);
    };
}
/**
 * The user agent getOctokit sets: Octokit's own, with `actions_orchestration_id/<id>` when the runner
 * gives one, every character outside `[a-z0-9_.-]` made `_` (`@actions/github`'s
 * getUserAgentWithOrchestrationId; a test compares the two).
 */
function userAgentWithOrchestrationId(id) {
    const trimmed = id?.trim();
    return trimmed ? `actions_orchestration_id/${trimmed.replace(/[^a-z0-9_.-]/gi, '_')}` : undefined;
}


/***/ })

};
