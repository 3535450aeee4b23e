export const id = 108;
export const ids = [108];
export const modules = {

/***/ 5709:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q6: () => (/* binding */ visibleText),
/* harmony export */   kH: () => (/* binding */ INVISIBLE),
/* harmony export */   uA: () => (/* binding */ hasVisibleText)
/* harmony export */ });
/**
 * Characters a reader cannot see but a model (or a search) reads: zero-width and word joiners,
 * invisible operators, deprecated format characters, the byte-order mark, bidi
 * embeddings/overrides/isolates, Unicode tag characters, and variation selectors (U+FE00\u2013FE0F,
 * U+E0100\u2013E01EF), which carry a byte each after any character ("emoji smuggling"); an emoji without
 * its VS16 still shows. Global: use it with `replace`.
 */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u2060-\u2064\u206A-\u206F\uFEFF\uFE00-\uFE0F\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F\uDD00-\uDDEF]/g;
/** `text` as a reader sees it, for a search: invisible characters removed, compatibility forms folded (NFKC: `\uff21\uff2b\uff29\uff21` is `AKIA`). */
function visibleText(text) {
    return text.replace(INVISIBLE, '').normalize('NFKC');
}
const PRINTABLE_ASCII = /[!-~]/;
/** Whether a reader would see anything in `text`: not only spaces and invisible characters (`"\u200b"` is an empty answer). */
function hasVisibleText(text) {
    if (typeof text !== 'string')
        return false;
    // A printable ASCII character is visible whatever surrounds it: no invisible character is ASCII, NFKC
    // keeps it (or composes it into another letter) and trim keeps it. So most answers need no NFKC copy,
    // which for an 8 MiB answer took 32 MB and 50 ms.
    if (PRINTABLE_ASCII.test(text))
        return true;
    return visibleText(text).trim() !== '';
}


/***/ }),

/***/ 695:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FY: () => (/* binding */ JsonTooDeepError),
/* harmony export */   KX: () => (/* binding */ MAX_JSON_DEPTH),
/* harmony export */   bW: () => (/* binding */ JsonDuplicateKeyError),
/* harmony export */   qF: () => (/* binding */ parseJson)
/* harmony export */ });
/* harmony import */ var _exceeds_depth_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5878);

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

/***/ 1326:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dq: () => (/* binding */ whenEnded),
/* harmony export */   _l: () => (/* binding */ killMarkedProcesses),
/* harmony export */   oe: () => (/* binding */ PROCESS_MARKER_VARIABLE)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);

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
        killed.push(...found);
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
    const deadline = Date.now() + maxMs;
    while (pids.some(alive) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
}


/***/ }),

/***/ 6747:
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

/***/ 9542:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ TailBuffer)
/* harmony export */ });
const CUT_MARK = '\u2026';
const CUT_MARK_BYTES = Buffer.byteLength(CUT_MARK);
/** Keeps only the last `limitBytes` bytes written to it: a stderr that runs on forever costs a fixed amount. */
class TailBuffer {
    limitBytes;
    #chunks = [];
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
            const first = this.#chunks[0];
            const excess = this.#size - this.limitBytes;
            if (first.length <= excess) {
                this.#chunks.shift();
                this.#size -= first.length;
            }
            else {
                this.#chunks[0] = first.subarray(excess);
                this.#size -= excess;
            }
        }
    }
    /**
     * The last `maxBytes` bytes kept (all by default) as text, starting at a whole character, after a
     * `\u2026` when anything before them was dropped: the redactor hides what a cut left of a secret there.
     */
    text(maxBytes = this.limitBytes) {
        const all = Buffer.concat(this.#chunks);
        const cut = this.#dropped || all.length > maxBytes;
        // The mark takes 3 of the `maxBytes`, so the text never grows past them.
        let start = cut ? Math.max(0, all.length - Math.max(0, maxBytes - CUT_MARK_BYTES)) : 0;
        // Skip UTF-8 continuation bytes so the tail does not start with half a character.
        while (start < all.length && start > 0 && (all[start] & 0xc0) === 0x80)
            start++;
        return `${cut ? CUT_MARK : ''}${all.subarray(start).toString('utf8')}`;
    }
}


/***/ }),

/***/ 5493:
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
class ToolOutputTooLargeError extends _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__/* .StepError */ .z {
    limitBytes;
    constructor(options) {
        super(options.answered
            ? `tool '${options.toolName}' answered with more than ${formatBytes(options.limitBytes)}; make it return a smaller result (filter or summarise it)`
            : `tool '${options.toolName}' wrote more than ${formatBytes(options.limitBytes)} to stdout and was stopped; ` +
                'make it print a smaller result (filter or summarise before printing)', { transient: false, toolName: options.toolName });
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

/***/ 7048:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ ToolResultTooDeepError)
/* harmony export */ });
/* harmony import */ var _core_parse_json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(695);
/* harmony import */ var _core_step_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1938);


/** A tool answered with a value nesting deeper than any data needs (`MAX_JSON_DEPTH`); its result is not kept. */
class ToolResultTooDeepError extends _core_step_error_js__WEBPACK_IMPORTED_MODULE_1__/* .StepError */ .z {
    constructor(options) {
        super(`tool '${options.toolName}' answered with a value nesting more than ${_core_parse_json_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_JSON_DEPTH */ .KX} levels deep; make it return flatter data`, { transient: false, toolName: options.toolName });
    }
}


/***/ })

};
