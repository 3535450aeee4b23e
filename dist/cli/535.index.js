export const id = 535;
export const ids = [535];
export const modules = {

/***/ 9535:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PROXY_VARIABLES: () => (/* binding */ PROXY_VARIABLES),
/* harmony export */   createOctokit: () => (/* binding */ createOctokit),
/* harmony export */   proxyVariableSet: () => (/* binding */ proxyVariableSet),
/* harmony export */   userAgentWithOrchestrationId: () => (/* binding */ userAgentWithOrchestrationId)
/* harmony export */ });
/* harmony import */ var _octokit_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(81692);
/* harmony import */ var _octokit_plugin_paginate_rest__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(93779);
/* harmony import */ var _octokit_plugin_rest_endpoint_methods__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(49210);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(86856);




// The Octokit `@actions/github`'s getOctokit builds (core, REST methods, pagination), with throttling.
// Built here rather than by getOctokit: `@actions/github` loads its own undici (a megabyte) at import
// for a proxy-aware fetch, which without a proxy is a plain fetch, a second HTTP stack beside Node's
// (20-60 ms of a run without the artifact service, whose client loads both anyway). With a proxy
// variable set, requests go through the toolkit's fetch, loaded at the first one.
const GitHub = _octokit_core__WEBPACK_IMPORTED_MODULE_0__/* .Octokit */ .E.plugin(_octokit_plugin_rest_endpoint_methods__WEBPACK_IMPORTED_MODULE_1__/* .restEndpointMethods */ ._, _octokit_plugin_paginate_rest__WEBPACK_IMPORTED_MODULE_2__/* .paginateRest */ .ud, _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_3__/* .throttling */ .A);
/** Wraps `fetch` so every request gives up after `timeoutMs`, also when the caller passed a signal. */
function withTimeout(base, timeoutMs) {
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
        request: { fetch: withTimeout(baseFetch, settings.timeoutMs ?? 10_000) },
        throttle: {
            onRateLimit: onLimit('primary'),
            onSecondaryRateLimit: onLimit('secondary'),
            ...settings.throttle,
        },
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
        loaded ??= __webpack_require__.e(/* import() */ 176).then(__webpack_require__.bind(__webpack_require__, 47176)).then(({ defaults }) => defaults.request.fetch);
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
