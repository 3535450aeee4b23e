export const id = 136;
export const ids = [136];
export const modules = {

/***/ 7437:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ errorText)
/* harmony export */ });
/** An error's message as one line of text for events and prompts, whatever was thrown. */
function errorText(error) {
    if (error instanceof Error)
        return error.message || error.name;
    return typeof error === 'string' ? error : String(error);
}


/***/ }),

/***/ 73782:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ limitedBody)
/* harmony export */ });
/**
 * `body` passed through until more than `limit` bytes have come, or at once when its declared length
 * (`content-length`) is more: then its stream is cancelled and the body errors with what `over` makes.
 * For readers that take a body whole (the `openai` and MCP SDKs), which an endpoint sending without end
 * would otherwise let fill the process's memory.
 */
function limitedBody(body, limit, over, declaredBytes = Number.NaN) {
    const reader = body.getReader();
    let seen = 0;
    const stop = async (controller) => {
        const error = over();
        await reader.cancel(error).catch(() => undefined);
        controller.error(error);
    };
    return new ReadableStream({
        async pull(controller) {
            if (declaredBytes > limit)
                return stop(controller);
            let chunk;
            try {
                chunk = await reader.read();
            }
            catch (error) {
                controller.error(error);
                return;
            }
            if (chunk.done)
                return controller.close();
            seen += chunk.value.byteLength;
            if (seen <= limit)
                return controller.enqueue(chunk.value);
            return stop(controller);
        },
        cancel: (reason) => reader.cancel(reason),
    });
}


/***/ }),

/***/ 28922:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X$: () => (/* binding */ parseJsonKeepingNumbers),
/* harmony export */   k: () => (/* binding */ mayHoldInexactNumber),
/* harmony export */   r3: () => (/* binding */ MAY_NOT_FIT_PATTERN),
/* harmony export */   yy: () => (/* binding */ readJsonKeepingNumbers)
/* harmony export */ });
/* harmony import */ var _parse_json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(70695);

/**
 * Text that may hold a number a double cannot: a whole number of 16 digits or more (15 always fit), or an
 * exponent of three digits (past 1e308, or a nonzero under 5e-324).
 */
const MAY_NOT_FIT = /[0-9]{16}|[eE][+-]?[0-9]{3}/;
/** `MAY_NOT_FIT` as a pattern's text, for a JSON Schema `pattern` that tells such a number's text (json-schema-validator.ts). */
const MAY_NOT_FIT_PATTERN = MAY_NOT_FIT.source;
/**
 * `parseJson` for a tool's output, keeping each number a double does not hold as the text written (a string):
 * one that reads as infinity (`1e400`, which JSON then writes as `null`), a nonzero that reads as zero (`1e-400`),
 * and a whole number that reads as another (`1234567890123456789`, an id, became 1234567890123456800). Other
 * numbers are numbers, as `JSON.parse` reads them.
 */
function parseJsonKeepingNumbers(text) {
    // Read with `parseJson`'s bounds first (depth, repeated keys): its value stands unless a number may not fit.
    const value = (0,_parse_json_js__WEBPACK_IMPORTED_MODULE_0__/* .parseJson */ .qF)(text);
    return mayHoldInexactNumber(text) ? readJsonKeepingNumbers(text) : value;
}
/** Whether JSON `text` may hold a number a double cannot (else `JSON.parse` reads it exactly). */
function mayHoldInexactNumber(text) {
    return MAY_NOT_FIT.test(text);
}
/** `JSON.parse` keeping numbers as `parseJsonKeepingNumbers` does, without its bounds (for a message whose reader applies its own). */
function readJsonKeepingNumbers(text) {
    if (!mayHoldInexactNumber(text))
        return JSON.parse(text);
    return JSON.parse(text, (_key, parsed, context) => {
        const source = context?.source;
        return typeof parsed === 'number' && source !== undefined && !holds(parsed, source) ? source : parsed;
    });
}
/** Whether `value` is the number JSON `source` writes, as far as a whole number, a zero or a size goes. */
function holds(value, source) {
    if (!Number.isFinite(value))
        return false;
    const [mantissa = ''] = source.split(/[eE]/);
    if (value === 0)
        return !/[1-9]/.test(mantissa);
    const whole = /^-?(\d+)(?:\.0*)?$/.exec(source);
    return whole === null || BigInt(whole[1]) === BigInt(Math.abs(value));
}


/***/ }),

/***/ 70695:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FY: () => (/* binding */ JsonTooDeepError),
/* harmony export */   KX: () => (/* binding */ MAX_JSON_DEPTH),
/* harmony export */   bW: () => (/* binding */ JsonDuplicateKeyError),
/* harmony export */   qF: () => (/* binding */ parseJson)
/* harmony export */ });
/* harmony import */ var _exceeds_depth_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(35878);

/**
 * How deep JSON from a model, a tool, a server or a saved file may nest. Data never needs more,
 * and much that handles it walks it by recursion: `JSON.stringify` in the trace writer, redaction,
 * hashing. A model's tool arguments 20,000 levels deep stopped every later trace write (a resume
 * then ran a side effect again), and a planner's answer as deep crashed the CLI.
 */
const MAX_JSON_DEPTH = 128;
/** JSON that parsed, but nests deeper than `MAX_JSON_DEPTH`. */
class JsonTooDeepError extends SyntaxError {
    constructor(maxDepth = MAX_JSON_DEPTH) {
        super(`the JSON nests more than ${maxDepth} levels deep; data never needs that`);
        this.name = 'JsonTooDeepError';
    }
}
/** JSON that parsed, but where one object has the same key twice: `JSON.parse` keeps the last, silently. */
class JsonDuplicateKeyError extends SyntaxError {
    /** The key as messages show it: quoted, cut to 80 characters. */
    shownKey;
    constructor(key) {
        const shownKey = JSON.stringify(key.length > 80 ? `${key.slice(0, 80)}\u2026` : key);
        super(`the JSON has the key ${shownKey} twice in one object, and which of its values counts is not clear; write each key once`);
        this.name = 'JsonDuplicateKeyError';
        this.shownKey = shownKey;
    }
}
/**
 * `JSON.parse` for text someone else wrote: a value nesting deeper than `maxDepth` (`MAX_JSON_DEPTH`)
 * is refused (`JsonTooDeepError`, a `SyntaxError`), and so is an object with a key twice
 * (`JsonDuplicateKeyError`): `{"verdict": "FAIL: tests broken", "verdict": "pass"}` read as its last
 * value hid the first from every check. A record that wraps such values (a trace line: an event around
 * a tool's arguments, nested runs around it) passes a larger bound.
 */
function parseJson(text, maxDepth = MAX_JSON_DEPTH) {
    const value = JSON.parse(text);
    if ((0,_exceeds_depth_js__WEBPACK_IMPORTED_MODULE_0__/* .exceedsDepth */ .R)(value, maxDepth))
        throw new JsonTooDeepError(maxDepth);
    if (value !== null && typeof value === 'object')
        refuseDuplicateKeys(text);
    return value;
}
/**
 * Throws `JsonDuplicateKeyError` when an object in `text` (valid JSON, nesting at most as deep as
 * `parseJson` allows) names a key twice. One pass: a string is a key when it follows `{` or a `,`
 * inside an object; keys are compared as decoded (`"a"` and `"\u0061"` are one key).
 */
function refuseDuplicateKeys(text) {
    // Per open bracket: the keys of an object so far, or undefined for an array.
    const open = [];
    let expectKey = false;
    for (let at = 0; at < text.length; at++) {
        const char = text[at];
        if (char === '{') {
            open.push(new Set());
            expectKey = true;
        }
        else if (char === '[') {
            open.push(undefined);
        }
        else if (char === '}' || char === ']') {
            open.pop();
            expectKey = false;
        }
        else if (char === ',') {
            expectKey = open.at(-1) !== undefined;
        }
        else if (char === '"') {
            const start = at;
            for (at++; text[at] !== '"'; at++)
                if (text[at] === '\\')
                    at++;
            if (!expectKey)
                continue;
            expectKey = false;
            const literal = text.slice(start, at + 1);
            const key = literal.includes('\\') ? JSON.parse(literal) : literal.slice(1, -1);
            const keys = open.at(-1);
            if (keys.has(key))
                throw new JsonDuplicateKeyError(key);
            keys.add(key);
        }
    }
}


/***/ }),

/***/ 90469:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ raceAbort)
/* harmony export */ });
/**
 * Settles with `work`, or rejects with the signal's reason as soon as it aborts, so a step runner
 * that ignores its signal cannot hang the run. Abandoned work is still observed (no unhandled rejection).
 */
function raceAbort(work, signal) {
    if (signal.aborted) {
        work.catch(() => { });
        return Promise.reject(signal.reason);
    }
    return new Promise((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        work.then((value) => {
            signal.removeEventListener('abort', onAbort);
            resolve(value);
        }, (error) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
        });
    });
}


/***/ }),

/***/ 1326:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dq: () => (/* binding */ whenEnded),
/* harmony export */   _l: () => (/* binding */ killMarkedProcesses),
/* harmony export */   oe: () => (/* binding */ PROCESS_MARKER_VARIABLE)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var _core_push_all_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(37665);


/** The variable every command plan-runner starts carries, with a value unique to that command. */
const PROCESS_MARKER_VARIABLE = 'PLAN_RUNNER_PROCESS_MARKER';
/**
 * Kills, on Linux, every process still carrying `${PROCESS_MARKER_VARIABLE}=marker` in its
 * environment: what a command started and detached from its process group (`setsid`, a daemon),
 * which a group kill cannot reach. Processes inherit the marker through fork and exec; one that
 * execs itself with a scrubbed environment escapes, so this is best effort. Elsewhere it does nothing.
 * Returns the pids it signalled.
 */
function killMarkedProcesses(marker, procRoot = '/proc') {
    if (process.platform !== 'linux')
        return [];
    const needle = Buffer.from(`${PROCESS_MARKER_VARIABLE}=${marker}\0`);
    // A process killed in one sweep may have forked after the sweep read /proc (a supervisor, a pool):
    // sweep again until one finds nothing, a bounded number of times.
    const killed = [];
    for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
        const found = sweepOnce(needle, procRoot);
        (0,_core_push_all_js__WEBPACK_IMPORTED_MODULE_1__/* .pushAll */ .i)(killed, found);
        if (found.length === 0)
            break;
    }
    return killed;
}
/** Sweeps after which a process tree still forking is left: each sweep kills every process it finds. */
const MAX_SWEEPS = 5;
function sweepOnce(needle, procRoot) {
    let entries;
    try {
        entries = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readdirSync)(procRoot);
    }
    catch {
        return [];
    }
    const killed = [];
    for (const entry of entries) {
        if (!/^\d+$/.test(entry) || Number(entry) === process.pid)
            continue;
        let environment;
        try {
            // Readable only for our own user's processes: nobody else's can be matched, let alone killed.
            environment = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(`${procRoot}/${entry}/environ`);
        }
        catch {
            continue;
        }
        if (!environment.includes(needle))
            continue;
        try {
            process.kill(Number(entry), 'SIGKILL');
            killed.push(Number(entry));
        }
        catch {
            // Gone already, or not ours to signal.
        }
    }
    return killed;
}
/**
 * Resolves once each of `pids` has ended (gone from `/proc`, or a zombie waiting for its parent), or
 * after `maxMs`: a SIGKILL is delivered asynchronously, and a caller that says "ended" should mean it.
 */
async function whenEnded(pids, maxMs = 2000, procRoot = '/proc') {
    const alive = (pid) => {
        try {
            return !/^State:\s+Z/m.test((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(`${procRoot}/${pid}/status`, 'utf8'));
        }
        catch {
            return false;
        }
    };
    // On the monotonic clock: the wall clock set back during the wait held it that much longer.
    const deadline = performance.now() + maxMs;
    while (pids.some(alive) && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
}


/***/ }),

/***/ 46747:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ killProcessGroup)
/* harmony export */ });
/**
 * Kills a child started with `detached: true` together with everything it started: the child
 * leads its own process group, so signalling `-pid` reaches grandchildren too and none are orphaned.
 */
function killProcessGroup(child, signal = 'SIGKILL') {
    if (child.pid === undefined)
        return;
    if (process.platform === 'win32') {
        // Windows has no process groups to signal; this ends the direct child only.
        child.kill(signal);
        return;
    }
    try {
        process.kill(-child.pid, signal);
    }
    catch {
        // ESRCH: the group is gone already. Killing is best effort and must never throw from an event handler.
    }
}


/***/ }),

/***/ 91551:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ signalledStatus),
/* harmony export */   W: () => (/* binding */ describeStatus)
/* harmony export */ });
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(48161);

/**
 * Signals that never mean a child was killed: ignored by default (SIGCHLD, SIGCONT, SIGURG, SIGWINCH), stops a
 * shell that runs a command never reports, and SIGPIPE, which `\u2026 | head` under `set -o pipefail` gives a command
 * that did its work (a review: 141 read as a kill escalated runs for nothing).
 */
const NO_KILL = new Set(['SIGPIPE', 'SIGCHLD', 'SIGCONT', 'SIGURG', 'SIGWINCH', 'SIGSTOP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU']);
/**
 * The signal a status of 129\u2013159 names: what a shell (`sh -c`, `bash script.sh`, `npm run`) exits with when the
 * child it ran was killed by signal N (128 + N). Undefined for any other status, and for a signal that kills nothing.
 */
function signalledStatus(status) {
    if (status === null || status <= 128 || status >= 160)
        return undefined;
    const number = status - 128;
    const name = Object.entries(node_os__WEBPACK_IMPORTED_MODULE_0__.constants.signals).find(([, value]) => value === number)?.[0] ?? `signal ${number}`;
    return NO_KILL.has(name) ? undefined : name;
}
/** `status 137 (a shell's status for a child killed by SIGKILL)`, or `status 1`: an exit status as the messages say it. */
function describeStatus(status) {
    const signalled = signalledStatus(status);
    return `status ${status}${signalled ? ` (a shell's status for a child killed by ${signalled})` : ''}`;
}


/***/ }),

/***/ 69542:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ TailBuffer)
/* harmony export */ });
/* harmony import */ var _core_hide_cut_fragments_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(99674);

const CUT_MARK = '\u2026';
const CUT_MARK_BYTES = Buffer.byteLength(CUT_MARK);
/** Keeps only the last `limitBytes` bytes written to it: a stderr that runs on forever costs a fixed amount. */
class TailBuffer {
    limitBytes;
    // A dropped chunk's place is emptied at once: kept until the list is cut, 1,024 pipe reads of 64 KiB held 64 MiB
    // in a tail of 256 KiB (found by a review).
    #chunks = [];
    /** The first chunk kept: dropped ones are left before it until they are half the list, then cut off at once. */
    #head = 0;
    #size = 0;
    #dropped = false;
    constructor(limitBytes) {
        this.limitBytes = limitBytes;
    }
    push(chunk) {
        this.#chunks.push(chunk);
        this.#size += chunk.length;
        while (this.#size > this.limitBytes) {
            this.#dropped = true;
            const first = this.#chunks[this.#head];
            const excess = this.#size - this.limitBytes;
            if (first.length <= excess) {
                this.#chunks[this.#head++] = undefined;
                this.#size -= first.length;
            }
            else {
                this.#chunks[this.#head] = first.subarray(excess);
                this.#size -= excess;
            }
        }
        // `shift()` per dropped chunk moved the whole list each time: a million one-byte writes took 30 s (found by an
        // adversarial pass). The list is cut once the dropped places are half of it: each is moved a bounded number of times.
        if (this.#head > 1024 && this.#head * 2 > this.#chunks.length) {
            this.#chunks = this.#chunks.slice(this.#head);
            this.#head = 0;
        }
    }
    /**
     * The last `maxBytes` bytes kept (all by default) as text, starting at a whole character, after a
     * `\u2026` when anything before them was dropped: the redactor hides what a cut left of a known secret there, and
     * what follows the cut and looks like part of a credential is hidden here (`hideCutStart`).
     */
    text(maxBytes = this.limitBytes) {
        const all = Buffer.concat(this.#chunks.slice(this.#head));
        const cut = this.#dropped || all.length > maxBytes;
        // The mark takes 3 of the `maxBytes`, so the text never grows past them.
        let start = cut ? Math.max(0, all.length - Math.max(0, maxBytes - CUT_MARK_BYTES)) : 0;
        // Skip UTF-8 continuation bytes so the tail does not start with half a character.
        while (start < all.length && start > 0 && (all[start] & 0xc0) === 0x80)
            start++;
        const text = all.subarray(start).toString('utf8');
        // A credential the cut went through lost its prefix (`ghp_`): no token shape finds the rest, so it is hidden here.
        return cut ? (0,_core_hide_cut_fragments_js__WEBPACK_IMPORTED_MODULE_0__/* .hideCutStart */ .BO)(`${CUT_MARK}${text}`) : text;
    }
}


/***/ }),

/***/ 35493:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ ToolOutputTooLargeError),
/* harmony export */   l: () => (/* binding */ TOOL_RESULT_LIMIT_BYTES)
/* harmony export */ });
/* harmony import */ var _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1938);

/** The largest result a tool may give (a command's stdout, an MCP server's answer): results go into the trace, the reports and prompts. */
const TOOL_RESULT_LIMIT_BYTES = 1024 * 1024;
/**
 * A tool's result was over the cap: a command wrote more to stdout (and was stopped, so it cannot
 * exhaust memory), or an MCP server answered with more (`answered`).
 */
class ToolOutputTooLargeError extends _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__/* .StepError */ .zg {
    limitBytes;
    constructor(options) {
        super(options.answered
            ? `tool '${options.toolName}' answered with more than ${formatBytes(options.limitBytes)}; make it return a smaller result (filter or summarise it)`
            : `tool '${options.toolName}' wrote more than ${formatBytes(options.limitBytes)} to stdout and was stopped; ` +
                'make it print a smaller result (filter or summarise before printing)', 
        // Stopped mid-way, or an answer not read: whether the call took effect is not known.
        { transient: false, toolName: options.toolName, effectUnknown: true });
        this.limitBytes = options.limitBytes;
    }
}
function formatBytes(bytes) {
    if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0)
        return `${bytes / (1024 * 1024)} MiB`;
    if (bytes >= 1024 && bytes % 1024 === 0)
        return `${bytes / 1024} KiB`;
    return `${bytes} bytes`;
}


/***/ }),

/***/ 57048:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ ToolResultTooDeepError)
/* harmony export */ });
/* harmony import */ var _core_parse_json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(70695);
/* harmony import */ var _core_step_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1938);


/** A tool answered with a value nesting deeper than any data needs (`MAX_JSON_DEPTH`); its result is not kept. */
class ToolResultTooDeepError extends _core_step_error_js__WEBPACK_IMPORTED_MODULE_1__/* .StepError */ .zg {
    constructor(options) {
        // An answer not taken: whether the call took effect is not known (the run records one that answered as succeeded before it refuses the value).
        super(`tool '${options.toolName}' answered with a value nesting more than ${_core_parse_json_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_JSON_DEPTH */ .KX} levels deep; make it return flatter data`, { transient: false, toolName: options.toolName, effectUnknown: true });
    }
}


/***/ })

};
