export const id = 724;
export const ids = [724];
export const modules = {

/***/ 73724:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   sendFetchThroughProxy: () => (/* binding */ sendFetchThroughProxy)
/* harmony export */ });
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(37067);

/** This machine's own names, which `@actions/http-client` never sends through a proxy (nor, so, GitHub requests). */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
/** A proxy variable's value as a proxy URL, the way `@actions/http-client` reads it (`proxy:3128` is `http://proxy:3128`). */
function proxyUrl(value) {
    try {
        return new URL(value.includes('://') ? value : `http://${value}`);
    }
    catch {
        return undefined;
    }
}
/**
 * Sends Node's fetch, which ignores proxy variables (the model endpoint, the http tools, MCP servers over HTTP),
 * through the proxy they name, by the rule GitHub requests follow (`@actions/http-client`'s): an https URL through
 * `https_proxy` or `HTTPS_PROXY`, an http one through `http_proxy` or `HTTP_PROXY`, `no_proxy` or `NO_PROXY`
 * honoured (`*` for every host), and this machine's own addresses never through a proxy. Returns a warning for a
 * variable that names no proxy it can use (without its value, which may hold a password), and how to undo it.
 */
function sendFetchThroughProxy(env) {
    const https = env['https_proxy'] || env['HTTPS_PROXY'];
    const plain = env['http_proxy'] || env['HTTP_PROXY'];
    if (!https && !plain)
        return { restore: () => undefined };
    const noProxy = (env['no_proxy'] || env['NO_PROXY'] || '').split(',').map((entry) => entry.trim()).filter(Boolean);
    if (noProxy.includes('*'))
        return { restore: () => undefined };
    const proxies = {};
    for (const [name, value] of [['https_proxy', https], ['http_proxy', plain]]) {
        if (!value)
            continue;
        const url = proxyUrl(value);
        if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
            return { restore: () => undefined, warning: `${name === 'https_proxy' ? 'https_proxy (or HTTPS_PROXY)' : 'http_proxy (or HTTP_PROXY)'} is not an http:// or https:// proxy URL, so requests to the model endpoint, the http tools and MCP servers do not go through a proxy; set it to http://host:port` };
        }
        proxies[name] = url.href;
    }
    if (typeof node_http__WEBPACK_IMPORTED_MODULE_0__.setGlobalProxyFromEnv !== 'function') {
        return { restore: () => undefined, warning: `Node ${process.version} cannot send fetch through a proxy at run time, so requests to the model endpoint, the http tools and MCP servers do not go through one; use Node 24.14 or later, or set NODE_USE_ENV_PROXY=1 in the environment` };
    }
    return { restore: node_http__WEBPACK_IMPORTED_MODULE_0__.setGlobalProxyFromEnv({ ...proxies, no_proxy: [...noProxy, ...LOOPBACK_HOSTS].join(',') }) };
}


/***/ })

};
