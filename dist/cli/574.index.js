export const id = 574;
export const ids = [574];
export const modules = {

/***/ 17574:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cancelOnSignals: () => (/* binding */ cancelOnSignals)
/* harmony export */ });
/* harmony import */ var _process_live_process_groups_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(39340);

/**
 * Cancels `controller` on SIGINT, SIGTERM and SIGHUP (a closed terminal, a dropped ssh session: Node's
 * default ended the CLI at once, without its summary, and left the tool it ran running), every time one comes: the first aborts the run, which
 * still writes its summary and trace; a second only says so (`say`). With `process.once`, a second
 * Ctrl-C got Node's default handling and ended the process at once, before those were written. A
 * third ends the process (`exit`, with 130), for a stop that hangs, and first the process groups of the
 * tools and MCP servers still running (`killLiveProcessGroups`), which no signal of the terminal reaches. Returns a function that removes
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
                (0,_process_live_process_groups_js__WEBPACK_IMPORTED_MODULE_0__/* .killLiveProcessGroups */ .M)();
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


/***/ }),

/***/ 39340:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ killLiveProcessGroups),
/* harmony export */   u: () => (/* binding */ trackProcessGroup)
/* harmony export */ });
/** The process groups this process started (`detached: true`) whose leader has not yet exited, by its id. */
const live = new Set();
/** Whether the exit hook that ends them is in place. */
let hooked = false;
/**
 * Counts `child`, started with `detached: true`, as leading a live process group until its 'exit', when
 * its starter ends the group (`killProcessGroup`). Until then an exit of this process (a third Ctrl-C's
 * `process.exit(130)`) ends the group too (`killLiveProcessGroups`): in a group of its own, a server that
 * ignored SIGINT and SIGTERM ran on after the CLI had gone (found by an adversarial CLI hunt).
 */
function trackProcessGroup(child) {
    const pid = child.pid;
    if (pid === undefined || process.platform === 'win32')
        return;
    if (!hooked) {
        hooked = true;
        process.on('exit', killLiveProcessGroups);
    }
    live.add(pid);
    // Not counted past its exit: its id, and its group's, may then be another program's.
    child.once('exit', () => live.delete(pid));
}
/** Sends SIGKILL to every live process group, at once and synchronously: for an exit that waits for nothing. */
function killLiveProcessGroups() {
    for (const pid of live) {
        try {
            process.kill(-pid, 'SIGKILL');
        }
        catch {
            // ESRCH: the group is gone already.
        }
    }
    live.clear();
}


/***/ })

};
