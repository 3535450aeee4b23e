export const id = 574;
export const ids = [574];
export const modules = {

/***/ 17574:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cancelOnSignals: () => (/* binding */ cancelOnSignals)
/* harmony export */ });
/**
 * Cancels `controller` on SIGINT, SIGTERM and SIGHUP (a closed terminal, a dropped ssh session: Node's
 * default ended the CLI at once, without its summary, and left the tool it ran running), every time one comes: the first aborts the run, which
 * still writes its summary and trace; a second only says so (`say`). With `process.once`, a second
 * Ctrl-C got Node's default handling and ended the process at once, before those were written. A
 * third ends the process (`exit`, with 130), for a stop that hangs. Returns a function that removes
 * the handlers.
 */
function cancelOnSignals(controller, say, { exit = (code) => process.exit(code), stopping = 'writing the summary and the trace; once more ends it at once, without them', } = {}) {
    let received = 0;
    const handlers = ['SIGINT', 'SIGTERM', 'SIGHUP'].map((signal) => {
        const handler = () => {
            received += 1;
            if (received === 2)
                say(`plan-runner: already stopping (${signal} again): ${stopping}\n`);
            if (received >= 3) {
                say(`plan-runner: ${signal} a third time: ending now; the summary and the trace may be incomplete\n`);
                exit(130);
            }
            controller.abort(signal);
        };
        process.on(signal, handler);
        return [signal, handler];
    });
    return () => {
        for (const [signal, handler] of handlers)
            process.removeListener(signal, handler);
    };
}


/***/ })

};
