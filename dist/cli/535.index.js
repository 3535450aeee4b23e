export const id = 535;
export const ids = [535];
export const modules = {

/***/ 9535:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createOctokit: () => (/* binding */ createOctokit)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1351);
/* harmony import */ var _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4148);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6856);



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
    const baseFetch = settings.fetch ?? _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__/* .defaults */ .NT.request?.fetch ?? fetch;
    return (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(settings.token, {
        baseUrl: settings.baseUrl || process.env['GITHUB_API_URL'] || 'https://api.github.com',
        request: { fetch: withTimeout(baseFetch, settings.timeoutMs ?? 10_000) },
        throttle: {
            onRateLimit: onLimit('primary'),
            onSecondaryRateLimit: onLimit('secondary'),
            ...settings.throttle,
        },
    }, _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_2__/* .throttling */ .A);
}


/***/ })

};
