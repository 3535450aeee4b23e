export const id = 22;
export const ids = [22];
export const modules = {

/***/ 62022:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cancelOnSignals: () => (/* binding */ cancelOnSignals)
});

;// CONCATENATED MODULE: ./lib/core/cancel-signals.js
/**
 * The signals that cancel a run, the run still reporting: SIGINT and SIGTERM, and on Windows SIGBREAK, which is what
 * a runner sends there where it sends SIGTERM elsewhere (Ctrl-Break after Ctrl-C), as a user's Ctrl-Break in a console
 * is. Without a listener Node ends the process at once on it: a cancelled Windows job lost the summary, outputs and
 * comment it was still writing, and the CLI its trace, leaving its tools running (found by an adversarial hunt).
 */
function cancelSignals(platform = process.platform) {
    return platform === 'win32' ? ['SIGINT', 'SIGTERM', 'SIGBREAK'] : ['SIGINT', 'SIGTERM'];
}

// EXTERNAL MODULE: ./lib/process/live-process-groups.js
var live_process_groups = __webpack_require__(39340);
;// CONCATENATED MODULE: ./lib/cli/cancel-on-signals.js


/**
 * Cancels `controller` on SIGINT, SIGTERM (`cancelSignals`: on Windows SIGBREAK too) and SIGHUP (a closed terminal, a dropped ssh session: Node's
 * default ended the CLI at once, without its summary, and left the tool it ran running), every time one comes: the first aborts the run, which
 * still writes its summary and trace; a second only says so (`say`). With `process.once`, a second
 * Ctrl-C got Node's default handling and ended the process at once, before those were written. A
 * third ends the process (`exit`, with 130), for a stop that hangs, and first the process groups of the
 * tools and MCP servers still running (`killLiveProcessGroups`), which no signal of the terminal reaches. Returns a function that removes
 * the handlers.
 */
function cancelOnSignals(controller, say, { exit = (code) => process.exit(code), stopping = 'writing the summary and the trace; once more ends it at once, without them', platform = process.platform, } = {}) {
    let received = 0;
    const handlers = [...cancelSignals(platform), 'SIGHUP'].map((signal) => {
        const handler = () => {
            received += 1;
            if (received === 2)
                say(`plan-runner: already stopping (${signal} again): ${stopping}\n`);
            if (received >= 3) {
                say(`plan-runner: ${signal} a third time: ending now; the summary and the trace may be incomplete\n`);
                (0,live_process_groups/* killLiveProcessGroups */.M)();
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
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);

/** The process groups this process started (`detached: true`) whose leader has not yet exited, by its id; on Windows, the process trees. */
const live = new Set();
/** Whether the exit hook that ends them is in place. */
let hooked = false;
/**
 * Counts `child`, started with `detached: true`, as leading a live process group until its 'exit', when
 * its starter ends the group (`killProcessGroup`). Until then an exit of this process (a third Ctrl-C's
 * `process.exit(130)`) ends the group too (`killLiveProcessGroups`): in a group of its own, a server that
 * ignored SIGINT and SIGTERM ran on after the CLI had gone (found by an adversarial CLI hunt). On Windows, which has
 * no groups, the child's process tree is counted and ended: the same server ran on there (found by an adversarial hunt).
 */
function trackProcessGroup(child) {
    const pid = child.pid;
    if (pid === undefined)
        return;
    if (!hooked) {
        hooked = true;
        process.on('exit', () => killLiveProcessGroups());
    }
    live.add(pid);
    // Not counted past its exit: its id, and its group's, may then be another program's.
    child.once('exit', () => live.delete(pid));
}
/**
 * Ends every live process group (SIGKILL), at once and synchronously: for an exit that waits for nothing. On Windows
 * each process tree, with `taskkill /T /F` waited for (`endTree`): a signal to a child there ends the child alone.
 */
function killLiveProcessGroups(platform = process.platform, endTree = taskkillTreeNow) {
    for (const pid of live) {
        try {
            if (platform === 'win32')
                endTree(pid);
            else
                process.kill(-pid, 'SIGKILL');
        }
        catch {
            // ESRCH: the group is gone already.
        }
    }
    live.clear();
}
/** `taskkill /PID pid /T /F` from the system folder, waited for (at most 5 s): the one way to end a tree at an exit. */
function taskkillTreeNow(pid) {
    const { spawnSync } = process.getBuiltinModule('node:child_process');
    const taskkill = node_path__WEBPACK_IMPORTED_MODULE_0__.win32.join(process.env['SystemRoot'] ?? 'C:\\Windows', 'System32', 'taskkill.exe');
    spawnSync(taskkill, ['/PID', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true, timeout: 5000 });
}


/***/ })

};
