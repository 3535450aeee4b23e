export const id = 562;
export const ids = [562];
export const modules = {

/***/ 21722:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ CommandLine)
/* harmony export */ });
/* harmony import */ var _parse_cli_args_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(24048);

/**
 * A `plan-runner` command line the CLI prints for the user to run (`approveCommandLine`, eval's `validate` advice), as
 * a shell reads it and the CLI parses it back: a path that starts with a dash is written `./-x` and a value that
 * starts with one `--name=-x` (as words of their own, the CLI took them for options and refused the command: found by
 * an adversarial pass), and each word is redacted before it is quoted (a secret with a quote in it, quoted first, was
 * no longer the value the redactor hides).
 */
class CommandLine {
    #words;
    constructor(command, files) {
        this.#words = [command, ...files.map((file) => (file.startsWith('-') ? `./${file}` : file))];
    }
    option(name, value) {
        if (value.startsWith('-'))
            this.#words.push(`${name}=${value}`);
        else
            this.#words.push(name, value);
        return this;
    }
    flag(name) {
        this.#words.push(name);
        return this;
    }
    text(redact) {
        return `plan-runner ${this.#words.map((word) => (0,_parse_cli_args_js__WEBPACK_IMPORTED_MODULE_0__/* .shellWord */ .r7)(redact(word))).join(' ')}`;
    }
}


/***/ }),

/***/ 31713:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  z: () => (/* binding */ traceWriter)
});

// UNUSED EXPORTS: tracePrefix

// EXTERNAL MODULE: ./lib/core/carried-line.js
var carried_line = __webpack_require__(94360);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./lib/core/output-path-refused-error.js
var output_path_refused_error = __webpack_require__(65542);
// EXTERNAL MODULE: ./lib/core/real-path-ahead.js
var real_path_ahead = __webpack_require__(76095);
// EXTERNAL MODULE: ./lib/core/redact.js + 1 modules
var core_redact = __webpack_require__(21673);
// EXTERNAL MODULE: ./lib/core/trace-gap.js
var trace_gap = __webpack_require__(82975);
;// CONCATENATED MODULE: ./lib/report/trace-write-error.js

/** The trace file could not be written; the run itself may have been fine, its audit record is not. */
class TraceWriteError extends Error {
    path;
    constructor(options) {
        const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
        const advice = options.cause instanceof output_path_refused_error/* OutputPathRefusedError */.l || options.cause instanceof TraceGapError ? '' : '; check the path is writable and the disk is not full';
        super(`cannot write the trace file ${options.path}: ${reason}${advice}`, {
            cause: options.cause,
        });
        this.name = 'TraceWriteError';
        this.path = options.path;
    }
}
/** The trace was written, but without an event it could not serialise: a line in its place names it. */
class TraceGapError extends Error {
    constructor(what) {
        super(`it misses ${what}, written as a trace_gap line; the run's record is incomplete, and a resume from this trace is refused`);
        this.name = 'TraceGapError';
    }
}

// EXTERNAL MODULE: ./lib/core/open-output-file.js
var open_output_file = __webpack_require__(97712);
// EXTERNAL MODULE: ./lib/core/trace-lock.js
var trace_lock = __webpack_require__(62536);
// EXTERNAL MODULE: ./lib/core/plain-data.js
var plain_data = __webpack_require__(78680);
// EXTERNAL MODULE: ./lib/core/json-line.js
var json_line = __webpack_require__(97052);
;// CONCATENATED MODULE: ./lib/report/trace-writer.js












/** Lines are written out once this much text is waiting (or when `DurabilityRule` says, a flush timer, close or exit). */
const FLUSH_CHARS = 64 * 1024;
const FLUSH_INTERVAL_MS = 250;
/**
 * The event's own objects, whose numbers (`at`, `durationMs`, usage counts and cost) the run made: a
 * PIN of 123456 equal to an `at` of 123456 ms must not turn it into text, which a resume refuses.
 */
function ownNumberHolders(event) {
    const own = new Set();
    for (let inner = event; inner; inner = inner.type === 'nested_event' ? inner.event : undefined) {
        const fields = inner;
        own.add(inner);
        own.add(fields.usage);
        own.add(fields.reused);
        own.add(fields.reused?.usage);
    }
    return own;
}
/** `event` as JSON (with its leading `{`) through `replacer`, its own numbers left as they are. */
function stringified(event, replacer) {
    replacer.own = ownNumberHolders(event);
    return JSON.stringify(event, replacer.replace);
}
// bigint is not JSON; a tool written in JS may still return one. Every string is redacted as it is
// written, and an object whose keys would change under the redactor is copied with redacted keys.
function redactingReplacer(redact) {
    const state = {
        masked: false,
        own: new Set(),
        replace(key, value) {
            if (typeof value === 'string') {
                const written = redact(value);
                if (written !== value)
                    state.masked = true;
                return written;
            }
            // A result that is a number stands on the event itself, and is the tool's, not the run's. No number of the run's
            // own is a bigint: one on the event (an agent's call's arguments) is a tool's too, and left as it was it broke
            // the line ("Do not know how to serialize a BigInt").
            if (typeof value === 'bigint' || (typeof value === 'number' && (key === 'result' || !state.own.has(this)))) {
                const written = (0,core_redact/* redactNumber */.p6)(value, redact);
                if (written !== value)
                    state.masked = true;
                return typeof written === 'bigint' ? written.toString() : written;
            }
            if (value === null || typeof value !== 'object')
                return value;
            if (value instanceof Error)
                return { name: value.name, message: value.message };
            if (Array.isArray(value))
                return value;
            for (const key in value) {
                if (Object.hasOwn(value, key) && redact(key) !== key) {
                    state.masked = true;
                    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [redact(name), inner]));
                }
            }
            return value;
        },
    };
    return state;
}
/**
 * The event's plain JSON text, when it is JSON and the redactor's screen finds nothing in it to
 * change: the line needs no replacer. Not when a value is no JSON: a result, an item's, an agent's
 * tool's, or arguments may hold whatever a tool returned, a bigint or a cycle, and the replacer's walk
 * writes those. A plan is JSON (a loaded file's or a model's, validated), and its line the run's
 * longest: a 10,000-step plan took 14.5 ms through the walk, 5.6 ms as text and one screen; a plan
 * the screen finds something in (a step that says "basic") takes both, 20 ms.
 */
function plainJson(event, redact) {
    // An event holding what is not JSON data goes through the replacer, which writes an Error as its name and message. Every
    // event, not only a step's result: an item's or a carried result, a tool's arguments, an agent's call and a nested step's
    // event took this path unchecked, and an Error in them was written `{}`, or `{name, message}` when the screen happened
    // to fire (a differential pass of 604,000 events found 47 such lines).
    if (!isJsonData(event, 0))
        return undefined;
    let json;
    try {
        json = JSON.stringify(event);
    }
    catch {
        return undefined;
    }
    return (0,core_redact/* jsonMayNeedRedaction */.bh)(json, redact) ? undefined : json;
}
/**
 * Whether JSON.stringify writes `value` as the replacer does when the screen finds nothing in its text:
 * arrays and objects of Object's prototype or none, no `toJSON`, down to strings, booleans, null and
 * finite numbers (the replacer reads `Infinity` as text, and marks a NaN masked: NaN !== NaN). Not an
 * Error (the replacer writes its name and message), a bigint, a class's instance, a depth a cycle
 * reaches, nor a member JSON leaves out (undefined, a function), whose key the replacer still redacts.
 * 10,000 steps' small object results took the listener 38 ms through the replacer, 26 ms as text and one
 * screen (this walk 0.16 \u00b5s a result).
 */
function isJsonData(value, depth) {
    switch (typeof value) {
        case 'string':
        case 'boolean':
            return true;
        case 'number':
            return Number.isFinite(value);
        case 'object':
            break;
        default:
            return false;
    }
    if (value === null)
        return true;
    // Deeper, a result is left to the replacer, which also writes a cycle.
    const container = depth < plain_data/* PLAIN_DATA_DEPTH */.U ? (0,plain_data/* plainContainer */.M)(value) : undefined;
    if (container === undefined)
        return false;
    if (container === 'array') {
        const items = value;
        for (let i = 0; i < items.length; i++)
            if (!isJsonData(items[i], depth + 1))
                return false;
        return true;
    }
    // Not Object.values: an array made for each object of each event. An enumerable key Object's prototype was given is
    // walked too, which JSON leaves out: at worst a line that could have been plain goes through the replacer.
    for (const key in value)
        if (!isJsonData(value[key], depth + 1))
            return false;
    return true;
}
/** A line's start, `{"ts":"\u2026",`, for a wall-clock time: events come many to a millisecond, so it is reused while the time is the same. */
function linePrefix(redact) {
    let lastMs = Number.NaN;
    let last = '';
    return (time) => {
        const ms = time.getTime();
        if (ms !== lastMs) {
            lastMs = ms;
            last = tracePrefix(redact(time.toISOString()));
        }
        return last;
    };
}
/** A trace line's start for its `ts` as written. */
function tracePrefix(ts) {
    return `{"ts":${JSON.stringify(ts)},`;
}
/**
 * One trace line after its prefix: the event's fields with every string and key redacted, cycles as
 * `"[Circular]"`. A step's or item's completion whose result the redaction changed is marked `masked` (see
 * `RunEvent`): a resume must know the result it reads back is not the one the step returned.
 */
function traceFields(event, redact, replacer) {
    const plain = plainJson(event, redact);
    if (plain !== undefined)
        return plain.slice(1);
    replacer.masked = false;
    let json;
    try {
        json = stringified(event, replacer);
    }
    catch {
        // A cycle in a result: the slower walk that writes it as "[Circular]", which is not the result either.
        // Its numbers are left to the replacer, which tells the run's own from the result's.
        return stringified(withMasked((0,core_redact/* redactDeep */.KL)(event, redact, { numbers: false })), replacer).slice(1);
    }
    return (replacer.masked ? stringified(withMasked(event), replacer) : json).slice(1);
}
/** `event` with its completion (the innermost event, for a nested run's) marked `masked`. */
function withMasked(event) {
    if (event.type === 'nested_event')
        return { ...event, event: withMasked(event.event) };
    return event.type === 'step_completed' || event.type === 'item_completed' || event.type === 'result_carried' ? { ...event, masked: true } : event;
}
/** The event itself, or for a nested run's event the innermost one, with the path of step keys to it. */
function innermost(event) {
    let path = '';
    let inner = event;
    while (inner.type === 'nested_event') {
        path += `${inner.stepKey}\u0000`;
        inner = inner.event;
    }
    return { event: inner, path };
}
/** The file `fd` names, when it is a regular file; undefined for a device or a pipe (`--trace /dev/stdout`), which no folder holds. */
function identityOf(fd) {
    const stat = (0,external_node_fs_.fstatSync)(fd);
    return stat.isFile() ? { dev: stat.dev, ino: stat.ino } : undefined;
}
/** Whether `file` is still the file `identity` names. */
function samePlace(file, identity) {
    let stat;
    try {
        stat = (0,external_node_fs_.statSync)(file, { throwIfNoEntry: false });
    }
    catch {
        return false;
    }
    return stat !== undefined && stat.dev === identity.dev && stat.ino === identity.ino;
}
/** Opens a trace file afresh, readable back (see `keepAtPath`), or for writing only where reading is refused (a file of mode 0200). */
function openReadable(file) {
    try {
        return (0,open_output_file/* openOutputFile */.Op)(file, 'w+');
    }
    catch (error) {
        if (error.code !== 'EACCES')
            throw error;
        return (0,open_output_file/* openOutputFile */.Op)(file);
    }
}
/** Copies the whole of the file open at `from` to the one open at `to`. */
function copyFile(from, to) {
    const chunk = Buffer.allocUnsafe(1024 * 1024);
    for (let position = 0;;) {
        const read = (0,external_node_fs_.readSync)(from, chunk, 0, chunk.length, position);
        if (read === 0)
            return;
        for (let written = 0; written < read;)
            written += (0,external_node_fs_.writeSync)(to, chunk, written, read - written);
        position += read;
    }
}
/** A completed step that took less than this, with no model call and no side effect, is cheap to run again. */
const CHEAP_STEP_MS = 10;
/** What a resumed run writes between its `plan_created` and the lines it carries (`DurabilityRule`'s hold). */
const HEADER_EVENTS = new Set(['tool_returned', 'model_used', 'approval_decided']);
/**
 * When a line must reach the file: the trace is the run's state, and a process killed outright
 * (SIGKILL) loses only what is waiting. Written at once (one write to the page cache, no fsync: a
 * killed process's writes survive it): the plan and its revisions; a call with side effects before
 * the tool runs, and its answer; the completion of a step (or a for_each item) that made one, or that
 * is worth keeping (it took 10 ms or more, called the model, or was reused from an earlier run); a
 * model call's usage; the run's end; the results a resumed run carries, with the event after them.
 * Everything else waits for the next of these, or at most 250 ms: so a kill loses at most the cheap
 * steps that completed in the last 250 ms, which a resume runs again, and never a side effect. A
 * write per trivial step would cost more than the step.
 */
class DurabilityRule {
    /** Steps (by path and key) that made a call with side effects, and those calls, by call key. */
    #effectSteps = new Set();
    #effectCalls = new Set();
    /** A resumed run's `result_carried` lines are waiting: written with the first event after them. */
    #carrying = false;
    /**
     * A resumed run's `plan_created` waits for the lines it `carries` (how many are still to come): all are
     * written in one write, the file opened (for a run resumed in place, truncated) only then. Written at
     * once, a kill while the rest were serialized left a started run that knew nothing of the run it
     * resumed, in place of that run's trace (found by an adversarial hunt of durable runs).
     */
    #held = 0;
    /** True while a resumed run's first lines wait for what it carries: nothing may be written, nor the file opened. */
    get holding() {
        return this.#held > 0;
    }
    /** True when the lines waiting, `event`'s included, must be written now. */
    mustWrite(outer) {
        const durable = this.#durable(outer);
        if (outer.type === 'plan_created' && (outer.carries ?? 0) > 0) {
            this.#held = outer.carries;
            return false;
        }
        if (this.#held === 0)
            return durable;
        if ((0,carried_line/* isCarriedLine */.h)(outer))
            this.#held -= 1;
        // Anything but the lines a resumed run writes before its steps (a step, the run's end after an internal
        // error): the header is as whole as it will be, and waits no more.
        else if (!HEADER_EVENTS.has(outer.type)) {
            this.#held = 0;
            return true;
        }
        // The last of them: all written now, the file opened (emptied, for a run resumed in place) only for this write.
        return this.#held === 0;
    }
    #durable(outer) {
        const { event, path } = innermost(outer);
        // What a resume carries on, lost, a resume of this run would run again: the run writes them before any
        // step starts, so the event after them (in the same turn of the event loop) writes them all in one.
        if (event.type === 'result_carried') {
            this.#carrying = true;
            return false;
        }
        const afterCarried = this.#carrying;
        this.#carrying = false;
        // The event after them is still read for what it is: a call it makes (a resumed run's first inherited
        // call) must be known, or its answer waited for the next write and a kill then found the call unanswered.
        return this.#ownRule(event, path) || afterCarried;
    }
    #ownRule(event, path) {
        switch (event.type) {
            case 'plan_created':
            case 'plan_revised':
            case 'run_finished':
            // A model call's cost: a killed run's summary counts it (a write is nothing beside the call).
            case 'model_used':
                return true;
            case 'tool_called':
                if (!event.sideEffects)
                    return false;
                this.#effectSteps.add(path + event.stepKey);
                this.#effectCalls.add(path + event.callKey);
                return true;
            case 'tool_returned':
                return this.#effectCalls.delete(path + event.callKey);
            case 'step_completed':
                return this.#effectSteps.has(path + event.stepKey) || event.durationMs >= CHEAP_STEP_MS || event.usage.modelCalls > 0 || event.reused !== undefined;
            // A for_each item by the same rule (its calls are its step's): a killed shard keeps the items worth keeping.
            case 'item_completed':
                return this.#effectSteps.has(path + event.stepKey) || event.durationMs >= CHEAP_STEP_MS || event.usage.modelCalls > 0 || event.reused !== undefined;
            default:
                return false;
        }
    }
}
/**
 * A listener that writes each event as one JSON line (`{"ts": ISO time, ...event}`) to `file`,
 * replacing it. Lines are batched, and written when the run's durable state needs them on disk (a
 * completed step worth keeping at once, a call with side effects before the tool runs: see
 * `DurabilityRule`), else every 250 ms, whenever 64 KiB are waiting, on `close()`
 * and when the process exits; so the trace is complete up to the last event even when the run
 * fails or the process is stopped. A failed write never disturbs the run but makes `close()`
 * reject. Throws `TraceWriteError` when the file cannot be created, `TraceInUseError` when another run is
 * writing it (see `lockTrace`; released by `close()`).
 */
function traceWriter(file, options = {}) {
    const redact = options.redact ?? ((text) => text);
    const now = options.now ?? (() => new Date());
    const replacer = redactingReplacer(redact);
    const prefix = linePrefix(redact);
    const durability = new DurabilityRule();
    // The file as opened (a regular file's device and inode), to tell when no path names it any more.
    let identity;
    // Where the trace's folder led when it was opened (checked then: `refuseLinkedOutputFolder`).
    let folder;
    const open = () => {
        let opened;
        try {
            opened = openReadable(file);
            identity = identityOf(opened);
            if (identity)
                folder = (0,real_path_ahead/* realPathAhead */.v)(external_node_path_.dirname(file));
        }
        catch (cause) {
            throw new TraceWriteError({ path: file, cause });
        }
        try {
            options.onOpen?.();
        }
        catch {
            // A hint to the post step (the action's saved state); the trace goes on either way.
        }
        return opened;
    };
    // Taken before anything is opened, even for a file opened at the first event: another run writing `file`
    // now is refused (`TraceInUseError`) before this one runs a step.
    const unlock = (0,trace_lock/* lockTrace */.$m)(file);
    let fd;
    try {
        fd = options.openOnFirstEvent ? undefined : open();
    }
    catch (error) {
        unlock?.();
        throw error;
    }
    /**
     * A step may remove or move the folder the trace is in (a tool's `rm -rf`, `git clean -fdx`): the writes
     * then went on into a file no path named, lost at the end, and a re-run found no state and made its side
     * effects again. Before each write, a file at `file` that is not this one is replaced by what this one
     * holds, and the writes go on there. Throws when it cannot be (the trace is then incomplete, and says so).
     */
    const keepAtPath = () => {
        if (fd === undefined || identity === undefined || samePlace(file, identity))
            return;
        // Not through a link the step put in its place (a checkout's `.plan-runner -> /anywhere`): over a file there.
        const leadsTo = (0,real_path_ahead/* realPathAhead */.v)(external_node_path_.dirname(file));
        if (leadsTo !== folder)
            throw new output_path_refused_error/* OutputPathRefusedError */.l(file, `its folder now leads to ${leadsTo}, not to ${folder} where the trace was opened (a step put a symbolic link in its place), and plan-runner does not follow it`);
        const moved = fd;
        const fresh = openReadable(file);
        try {
            copyFile(moved, fresh);
        }
        catch (cause) {
            (0,open_output_file/* closeOutputFile */.gR)(fresh);
            throw cause;
        }
        fd = fresh;
        identity = identityOf(fresh);
        (0,open_output_file/* closeOutputFile */.gR)(moved);
    };
    let failure;
    let gap;
    let closed = false;
    let pending = '';
    let timer;
    let started = false;
    const write = () => {
        if (!pending.length)
            return;
        const text = pending;
        pending = '';
        if (failure !== undefined)
            return;
        try {
            // Lines held unopened (`DurabilityRule`'s `holding`) that a close or an exit writes.
            fd ??= open();
            keepAtPath();
            // Open: text waits only after an event, and the first event opens the file (`listener`).
            (0,open_output_file/* writeOutputFile */.BF)(fd, text);
        }
        catch (cause) {
            failure = cause;
        }
    };
    const flush = () => {
        if (timer)
            clearTimeout(timer);
        timer = undefined;
        write();
    };
    // A write in between leaves the timer be: one timer per interval, not one per write.
    const onTimer = () => {
        timer = undefined;
        write();
    };
    // Nothing a run completed is lost: an exit (a crash or `process.exit`) writes what is waiting.
    process.once('exit', flush);
    return {
        path: file,
        listener(event) {
            if (closed || failure !== undefined)
                return;
            const must = durability.mustWrite(event);
            // Opened at the first event, not at its first write up to 250 ms later: until then the file is
            // the trace this run resumes in place, which a post step would take for this run's. A resumed run's
            // first lines are the exception: they wait, unopened, for what it carries (`DurabilityRule`), which
            // comes in the same turn of the event loop.
            if (fd === undefined && !durability.holding) {
                try {
                    fd = open();
                }
                catch (cause) {
                    failure = cause;
                    return;
                }
            }
            const time = now();
            if (!started) {
                started = true;
                try {
                    options.onStart?.(redact(time.toISOString()));
                }
                catch {
                    // A hint to the post step (the action's saved state); the trace goes on either way.
                }
            }
            try {
                pending += `${prefix(time)}${(0,json_line/* jsonLine */.r)(traceFields(event, redact, replacer))}\n`;
            }
            catch (cause) {
                // One event that cannot be written must not end the trace: a line says which is missing, a
                // resume refuses the trace (it could make a side effect again), and `close()` says so.
                gap ??= `${/^[aeiou]/.test(event.type) ? 'an' : 'a'} ${event.type} event (${cause instanceof Error ? cause.message : String(cause)})`;
                pending += `${prefix(time)}${(0,json_line/* jsonLine */.r)(JSON.stringify({ type: trace_gap/* TRACE_GAP */.N, event: event.type, why: redact(cause instanceof Error ? cause.message : String(cause)) }).slice(1))}\n`;
            }
            if (durability.holding)
                return;
            if (must || pending.length >= FLUSH_CHARS)
                write();
            else if (!timer) {
                timer = setTimeout(onTimer, FLUSH_INTERVAL_MS);
                timer.unref();
            }
        },
        flush() {
            // Not while a resumed run's first lines wait for what it carries: they come in this same turn.
            if (!closed && !durability.holding)
                flush();
        },
        problem() {
            return failure === undefined ? undefined : `the trace file ${file} could not be written (${failure instanceof Error ? failure.message : String(failure)})`;
        },
        async close() {
            if (!closed) {
                closed = true;
                flush();
                process.removeListener('exit', flush);
                try {
                    // Removed after the last write: nothing was waiting to be written, and the file is put back whole.
                    if (failure === undefined)
                        keepAtPath();
                }
                catch (cause) {
                    failure = cause;
                }
                try {
                    if (fd !== undefined)
                        (0,open_output_file/* closeOutputFile */.gR)(fd);
                }
                catch (cause) {
                    failure ??= cause;
                }
                unlock?.();
            }
            if (failure !== undefined)
                throw failure instanceof TraceWriteError ? failure : new TraceWriteError({ path: file, cause: failure });
            if (gap !== undefined)
                throw new TraceWriteError({ path: file, cause: new TraceGapError(gap) });
        },
    };
}


/***/ })

};
