export const id = 724;
export const ids = [724];
export const modules = {

/***/ 73724:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   globalDispatcher: () => (/* binding */ globalDispatcher),
/* harmony export */   sendFetchThroughProxy: () => (/* binding */ sendFetchThroughProxy)
/* harmony export */ });
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(37067);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(77030);


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
/** Where Node's fetch, and the undici the toolkit's GitHub requests use, find the dispatcher every request goes through. */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');
/** The dispatcher Node's fetch sends a request through now: undici's own, or the one `sendFetchThroughProxy` put in. */
function globalDispatcher() {
    return globalThis[GLOBAL_DISPATCHER];
}
/** The dispatcher `setGlobalProxyFromEnv` makes for `env`; the one before it is put back. */
function proxyDispatcher(env) {
    const undo = node_http__WEBPACK_IMPORTED_MODULE_0__.setGlobalProxyFromEnv(env);
    const made = globalDispatcher();
    undo();
    return made;
}
/**
 * Whether a request to `origin` goes direct whatever `no_proxy` says, as `@actions/http-client` sends it: to this
 * machine's own addresses (every 127.x, which no `no_proxy` entry can name for undici), or with no proxy variable for
 * its protocol (undici sends an https URL through `http_proxy` when no `https_proxy` is set; found by an adversarial pass).
 */
function goesDirect(origin, proxies) {
    let url;
    try {
        url = new URL(origin ?? '');
    }
    catch {
        return false;
    }
    const host = url.hostname.toLowerCase();
    if (host === 'localhost' || host === '[::1]' || ((0,node_net__WEBPACK_IMPORTED_MODULE_1__.isIPv4)(host) && host.startsWith('127.')))
        return true;
    return proxies[url.protocol === 'https:' ? 'https_proxy' : 'http_proxy'] === undefined;
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
    // `no_proxy: *` sends every request direct: the dispatcher for what the rule keeps from the proxy.
    const direct = proxyDispatcher({ ...proxies, no_proxy: '*' });
    const restore = node_http__WEBPACK_IMPORTED_MODULE_0__.setGlobalProxyFromEnv({ ...proxies, no_proxy: [...noProxy, ...LOOPBACK_HOSTS].join(',') });
    const proxied = globalDispatcher();
    if (direct === undefined || proxied === undefined)
        return { restore };
    const routed = {
        dispatch: (options, handler) => (goesDirect(options.origin, proxies) ? direct : proxied).dispatch(options, handler),
        close: () => Promise.all([direct.close(), proxied.close()]).then(() => undefined),
        destroy: () => Promise.all([direct.destroy(), proxied.destroy()]).then(() => undefined),
    };
    globalThis[GLOBAL_DISPATCHER] = routed;
    return { restore };
}


/***/ })

};
