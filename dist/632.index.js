export const id = 632;
export const ids = [632];
export const modules = {

/***/ 28632:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   modelCallErrorFromSdk: () => (/* binding */ modelCallErrorFromSdk)
/* harmony export */ });
/* harmony import */ var openai__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(93674);
/* harmony import */ var _core_retry_after_ms_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(72575);
/* harmony import */ var _answer_too_slow_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(94165);
/* harmony import */ var _answer_too_large_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(90603);
/* harmony import */ var _model_call_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(63156);
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(86919);






/** The SDK retries these statuses itself (its `shouldRetry`), so they are the transient ones. */
function isRetryableStatus(status, headers) {
    const told = headers?.get('x-should-retry');
    if (told === 'true')
        return true;
    if (told === 'false')
        return false;
    return status === 408 || status === 409 || status === 429 || status >= 500;
}
/** The most characters of an error body that is not an OpenAI error object kept as the detail. */
const TEXT_DETAIL_CHARS = 300;
function detailOf(error) {
    const body = error.error;
    if (typeof body?.message === 'string' && body.message)
        return body.message;
    if (error.status === undefined)
        return error.message;
    // Any other body (a proxy's text, or why it could not be read) is the SDK's message after the status.
    const prefix = `${error.status} `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : '';
    const line = text === 'status code (no body)' ? '' : (text.split('\n', 1)[0] ?? '').trim();
    if (!line)
        return 'no error message';
    return (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_4__/* .cutText */ .IN)(line, TEXT_DETAIL_CHARS + 1);
}
/** A network failure while the answer's body was read (undici's `TypeError: terminated`, with the socket error as cause). */
function cutOff(error) {
    const code = error instanceof TypeError ? error.cause?.code : undefined;
    return typeof code === 'string';
}
/**
 * Wraps what the SDK threw after its retries into a `ModelCallError`: API errors, a body cut off
 * while it was read (transient), and a body too long to read or not JSON (permanent). Anything else (a bug, a
 * thrown abort reason) is returned unchanged. `attempts` is the requests the call has made.
 */
function modelCallErrorFromSdk(error, call) {
    const { purpose, model, attempts } = call;
    const endpoint = call.endpoint === undefined ? {} : { endpoint: call.endpoint };
    if (cutOff(error)) {
        const detail = `the answer was cut off before its end (${error.message}: ${String(error.cause.message)})`;
        return new _model_call_error_js__WEBPACK_IMPORTED_MODULE_3__/* .ModelCallError */ .sX({ purpose, model, ...endpoint, failure: 'truncated', transient: true, attempts, detail, cause: error });
    }
    if (error instanceof _answer_too_slow_error_js__WEBPACK_IMPORTED_MODULE_1__/* .AnswerTooSlowError */ .e) {
        return new _model_call_error_js__WEBPACK_IMPORTED_MODULE_3__/* .ModelCallError */ .sX({ purpose, model, ...endpoint, failure: 'timeout', transient: true, attempts, detail: error.message, cause: error });
    }
    if (error instanceof _answer_too_large_error_js__WEBPACK_IMPORTED_MODULE_2__/* .AnswerTooLargeError */ .O) {
        return new _model_call_error_js__WEBPACK_IMPORTED_MODULE_3__/* .ModelCallError */ .sX({ purpose, model, ...endpoint, failure: 'too-large', transient: false, attempts, detail: error.message, cause: error });
    }
    if (error instanceof SyntaxError) {
        return new _model_call_error_js__WEBPACK_IMPORTED_MODULE_3__/* .ModelCallError */ .sX({ purpose, model, ...endpoint, failure: 'malformed', transient: false, attempts, detail: `the answer is not valid JSON (${error.message})`, cause: error });
    }
    // The SDK writes an error status's body into its message with JSON.stringify, which overflows the stack on a
    // body nested 20,000 deep (40 KB): the raw RangeError failed the step, and a 429 or 5xx was not retried as one
    // (found by an adversarial pass). What an endpoint answers that the client cannot read is a malformed answer.
    if (error instanceof RangeError) {
        return new _model_call_error_js__WEBPACK_IMPORTED_MODULE_3__/* .ModelCallError */ .sX({ purpose, model, ...endpoint, failure: 'malformed', transient: false, attempts, detail: `the answer could not be read (${error.message}): its JSON nests too deeply`, cause: error });
    }
    if (!(error instanceof openai__WEBPACK_IMPORTED_MODULE_0__.APIError))
        return error;
    if (error instanceof openai__WEBPACK_IMPORTED_MODULE_0__.APIConnectionError) {
        const timeout = error instanceof openai__WEBPACK_IMPORTED_MODULE_0__.APIConnectionTimeoutError;
        return new _model_call_error_js__WEBPACK_IMPORTED_MODULE_3__/* .ModelCallError */ .sX({
            purpose,
            model,
            ...endpoint,
            failure: timeout ? 'timeout' : 'connection',
            transient: true,
            attempts,
            // How long each request waited: the wait is fixed, so the user learns what an endpoint must answer within.
            detail: timeout ? (call.timeoutMs === undefined ? 'no answer before the timeout' : `no answer within ${call.timeoutMs / 1000} s`) : error.message,
            cause: error,
        });
    }
    const status = error.status ?? 0;
    const transient = isRetryableStatus(status, error.headers);
    return new _model_call_error_js__WEBPACK_IMPORTED_MODULE_3__/* .ModelCallError */ .sX({
        purpose,
        model,
        ...endpoint,
        failure: 'http',
        status,
        ...(typeof error.param === 'string' && { param: error.param }),
        ...(typeof error.code === 'string' && { code: error.code }),
        transient,
        retryAfterMs: (0,_core_retry_after_ms_js__WEBPACK_IMPORTED_MODULE_5__/* .retryAfterMs */ .Vs)((name) => error.headers?.get(name)),
        attempts,
        detail: detailOf(error),
        cause: error,
    });
}


/***/ })

};
