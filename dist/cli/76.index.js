export const id = 76;
export const ids = [76];
export const modules = {

/***/ 73782:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ guardedBody),
/* harmony export */   L: () => (/* binding */ limitedBody)
/* harmony export */ });
/**
 * `body` passed through chunk by chunk until `overflows` says a chunk takes it past its limit (or at once when
 * `overNow`): then its stream is cancelled and the body errors with what `over` makes. The one stream guard of
 * `limitedBody` (bytes in all) and the MCP event streams' `limitedEvents` (bytes of each event).
 */
function guardedBody(body, overflows, over, overNow = false) {
    const reader = body.getReader();
    const stop = async (controller) => {
        const error = over();
        await reader.cancel(error).catch(() => undefined);
        controller.error(error);
    };
    return new ReadableStream({
        async pull(controller) {
            if (overNow)
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
            if (!overflows(chunk.value))
                return controller.enqueue(chunk.value);
            return stop(controller);
        },
        cancel: (reason) => reader.cancel(reason),
    });
}
/**
 * `body` passed through until more than `limit` bytes have come, or at once when its declared length
 * (`content-length`) is more: then its stream is cancelled and the body errors with what `over` makes.
 * For readers that take a body whole (the `openai` and MCP SDKs), which an endpoint sending without end
 * would otherwise let fill the process's memory.
 */
function limitedBody(body, limit, over, declaredBytes = Number.NaN) {
    let seen = 0;
    return guardedBody(body, (chunk) => (seen += chunk.byteLength) > limit, over, declaredBytes > limit);
}


/***/ }),

/***/ 28922:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X$: () => (/* binding */ parseJsonKeepingNumbers),
/* harmony export */   k: () => (/* binding */ mayHoldInexactNumber),
/* harmony export */   ol: () => (/* binding */ firstInexactNumber),
/* harmony export */   r3: () => (/* binding */ MAY_NOT_FIT_PATTERN),
/* harmony export */   yy: () => (/* binding */ readJsonKeepingNumbers)
/* harmony export */ });
/* unused harmony export mayWriteUnsafeNumber */
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
/**
 * A number token that may write a whole number past 2^53 (in 16 digits or more, or with an exponent: `1e16`,
 * `9007199254740993e0`) or a nonzero a double reads as zero (16 zeros on). Only where JSON can start a number, after
 * `[`, `,`, `:` or a blank: anywhere, the `1e4` of a SHA or a UUID had most tool arguments read twice.
 */
const MAY_BE_UNSAFE = /(?<![^\s[,:])-?(?=[0-9])[0-9.]*(?:[0-9]{16}|[0-9][eE])/;
/** Whether JSON `text` may write a number `firstInexactNumber` finds (else it holds none). */
function mayWriteUnsafeNumber(text) {
    return MAY_BE_UNSAFE.test(text);
}
/**
 * The first number in JSON `text` that does not reach a tool as written, or undefined when every one does: one a double
 * does not hold (as `parseJsonKeepingNumbers` finds them), and any whole number past 2^53 however it is spelt, as the plan
 * check refuses it. A double may hold such a number exactly (2^60), but it goes to the tool as `JSON.stringify` writes
 * it, `1152921504606847000`, another id to a reader of 64-bit integers; `1e21` went as `1e+21` (found by a review).
 */
function firstInexactNumber(text) {
    if (!mayWriteUnsafeNumber(text))
        return undefined;
    let found;
    JSON.parse(text, (_key, parsed, context) => {
        const source = context?.source;
        const unsafe = (value) => (Number.isInteger(value) && !Number.isSafeInteger(value)) || !holds(value, source);
        if (found === undefined && typeof parsed === 'number' && source !== undefined && unsafe(parsed))
            found = { written: source, read: parsed };
        return parsed;
    });
    return found;
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

/***/ 90469:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ raceAbort),
/* harmony export */   r: () => (/* binding */ raceAbortAfterTurn)
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
/**
 * Settles with `work`; once `signal` aborts, rejects with its reason if `work` has not settled by the event loop's
 * next turn. An answer already on its way when a stop lands is kept (as `executeStep` keeps a step's), and work
 * that goes on past the stop (a process still being killed) is not waited for. Abandoned work is still observed.
 * Its turn is taken as the abort is dispatched, so it ends before the step's own (`executeStep`): what the step
 * records of the call is still the step's.
 */
function raceAbortAfterTurn(work, signal) {
    return new Promise((resolve, reject) => {
        let turn;
        const onAbort = () => {
            turn = setImmediate(() => reject(signal.reason));
        };
        const settle = () => {
            signal.removeEventListener('abort', onAbort);
            if (turn !== undefined)
                clearImmediate(turn);
        };
        if (signal.aborted)
            onAbort();
        else
            signal.addEventListener('abort', onAbort, { once: true });
        work.then((value) => {
            settle();
            resolve(value);
        }, (error) => {
            settle();
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
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);

/**
 * Kills a child started with `detached: true` together with everything it started: the child
 * leads its own process group, so signalling `-pid` reaches grandchildren too and none are orphaned.
 * Windows has no process groups: there the child's process tree is ended (`killTree`) while the child runs.
 */
function killProcessGroup(child, signal = 'SIGKILL', platform = process.platform, killTree = taskkillTree) {
    if (child.pid === undefined)
        return;
    if (platform === 'win32') {
        // Once the child has exited its id may name another program's tree, and what it left has no parent to be found by.
        if (child.exitCode === null && child.signalCode === null)
            killTree(child.pid, child);
        return;
    }
    try {
        process.kill(-child.pid, signal);
    }
    catch {
        // ESRCH: the group is gone already. Killing is best effort and must never throw from an event handler.
    }
}
/**
 * Ends a Windows process and every process it started (`taskkill /T /F`, from the system folder, not PATH): Node's
 * `kill` ends the one process only, and `cmd /c x.cmd` or a launcher's program ran on after a timeout or a cancel.
 * Where taskkill cannot start, the child alone is ended, as before.
 */
function taskkillTree(pid, child) {
    const { spawn } = process.getBuiltinModule('node:child_process');
    const taskkill = node_path__WEBPACK_IMPORTED_MODULE_0__.win32.join(process.env['SystemRoot'] ?? 'C:\\Windows', 'System32', 'taskkill.exe');
    const killer = spawn(taskkill, ['/PID', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    killer.on('error', () => child.kill('SIGKILL'));
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


/***/ }),

/***/ 6578:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BB: () => (/* binding */ setVariable),
/* harmony export */   Gg: () => (/* binding */ runnerVariables),
/* harmony export */   gw: () => (/* binding */ windowsStartNames),
/* harmony export */   vf: () => (/* binding */ scrubEnvironment)
/* harmony export */ });
/* unused harmony exports BASE_ENV_NAMES, WINDOWS_START_ENV_NAMES */
/* harmony import */ var _core_secret_env_name_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(59989);
/* harmony import */ var _tool_environment_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(14572);
/* harmony import */ var _expand_env_references_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76674);



/**
 * What every tool subprocess may see without asking: locale, paths, temp dirs and the runner's
 * non-secret description of the run. Left out on purpose: tokens and keys of any kind, `ACTIONS_*`
 * and `INPUT_*` (the runtime token and the action's inputs, e.g. `api-key`), `NODE_OPTIONS` (it
 * can load code into a node tool), and `GITHUB_ENV`, `GITHUB_OUTPUT`, `GITHUB_PATH`,
 * `GITHUB_STEP_SUMMARY` (files through which a tool could change later workflow steps).
 */
const BASE_ENV_NAMES = [
    'PATH',
    'HOME',
    'USER',
    'LOGNAME',
    'LANG',
    'LANGUAGE',
    'LC_ALL',
    'LC_CTYPE',
    'TZ',
    'TMPDIR',
    'TEMP',
    'TMP',
    'CI',
    'GITHUB_ACTIONS',
    'GITHUB_WORKSPACE',
    'GITHUB_REPOSITORY',
    'GITHUB_REPOSITORY_OWNER',
    'GITHUB_SHA',
    'GITHUB_REF',
    'GITHUB_REF_NAME',
    'GITHUB_HEAD_REF',
    'GITHUB_BASE_REF',
    'GITHUB_EVENT_NAME',
    'GITHUB_RUN_ID',
    'GITHUB_RUN_NUMBER',
    'GITHUB_RUN_ATTEMPT',
    'GITHUB_JOB',
    'GITHUB_WORKFLOW',
    'GITHUB_SERVER_URL',
    'GITHUB_API_URL',
    'RUNNER_OS',
    'RUNNER_ARCH',
    'RUNNER_TEMP',
    'RUNNER_TOOL_CACHE',
    // The runner's mark on the processes of a job, by which a self-hosted runner ends those left when the job
    // ends: a tool a killed main step left behind (its own process group, reparented) is found by it.
    'RUNNER_TRACKING_ID',
];
/**
 * What programs on Windows need to start and find their home, caches and temp folder (unset elsewhere): without
 * `SystemRoot` Node and Python fail at their start, without `USERPROFILE` Python's `Path.home()` does, and npm
 * keeps its cache under `LOCALAPPDATA`. No secrets; every process plan-runner starts on Windows gets them (`windowsStartNames`).
 */
const WINDOWS_START_ENV_NAMES = [
    'SystemRoot',
    'windir',
    'ComSpec',
    'PATHEXT',
    'SystemDrive',
    'USERPROFILE',
    'HOMEDRIVE',
    'HOMEPATH',
    'USERNAME',
    'APPDATA',
    'LOCALAPPDATA',
    'ProgramData',
    'ProgramFiles',
    'ProgramFiles(x86)',
    'CommonProgramFiles',
    'PROCESSOR_ARCHITECTURE',
    'NUMBER_OF_PROCESSORS',
    'OS',
    'TEMP',
    'TMP',
];
/** `WINDOWS_START_ENV_NAMES` on Windows; elsewhere none, where they are unset or (`OS`, `USERNAME`, `TEMP`) mean something else. */
function windowsStartNames(platform = process.platform) {
    return platform === 'win32' ? WINDOWS_START_ENV_NAMES : [];
}
/**
 * The runner's variables of these names that do not look secret, under the names the runner spells them: on
 * Windows, whose names ignore case, a copy of its environment says `Path`, and `PATH` finds it.
 */
function runnerVariables(runnerEnv, names, platform = process.platform) {
    const caseInsensitive = platform === 'win32';
    const wanted = new Set(names.map((name) => (caseInsensitive ? name.toUpperCase() : name)));
    const env = {};
    for (const [name, value] of Object.entries(runnerEnv)) {
        if (value === undefined || (0,_core_secret_env_name_js__WEBPACK_IMPORTED_MODULE_1__/* .isSecretEnvName */ .B)(name))
            continue;
        if (wanted.has(caseInsensitive ? name.toUpperCase() : name))
            env[name] = value;
    }
    return env;
}
/**
 * Sets `name` in an environment a process will get, as the one value of that variable: on Windows, whose names ignore
 * case, first removing what the same name spelled otherwise holds. Node passes the one of such names that sorts first,
 * and a plan's `PATH: "C:\\tools;${env.PATH}"` (or `Temp`, `home`) beside the runner's `Path` was dropped whenever the
 * runner's spelling sorted first: the tool ran with the runner's value, and nothing said so (found by an adversarial hunt).
 */
function setVariable(env, name, value, platform = process.platform) {
    if (platform === 'win32') {
        const upper = name.toUpperCase();
        for (const other of Object.keys(env))
            if (other !== name && other.toUpperCase() === upper)
                delete env[other];
    }
    env[name] = value;
}
/**
 * The environment a tool subprocess gets: the safe base from `runnerEnv`, plus exactly what the
 * tool's `env:` names \u2014 a list of variables to pass through, or a map of values that may read
 * runner variables with `${env.NAME}`. Explicitly named variables pass even when they look secret.
 * Throws `ToolEnvironmentError` when a `${env.NAME}` it reads is not set.
 */
function scrubEnvironment(runnerEnv, passThrough, toolName, platform = process.platform) {
    const env = runnerVariables(runnerEnv, [...BASE_ENV_NAMES, ...windowsStartNames(platform)], platform);
    if (Array.isArray(passThrough)) {
        for (const name of passThrough) {
            const value = (0,_expand_env_references_js__WEBPACK_IMPORTED_MODULE_2__/* .runnerVariable */ .D)(runnerEnv, name);
            if (value !== undefined)
                setVariable(env, name, value, platform);
        }
    }
    else if (passThrough) {
        for (const [name, template] of Object.entries(passThrough)) {
            setVariable(env, name, (0,_expand_env_references_js__WEBPACK_IMPORTED_MODULE_2__/* .expandEnvReferences */ .Q)(template, runnerEnv, (missing) => new _tool_environment_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ToolEnvironmentError */ .G({ toolName, variable: name, missing })), platform);
        }
    }
    return env;
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
/** Windows' error statuses a crashed or ended program exits with, by what they say. */
const WINDOWS_CRASHES = new Map([
    [0xc0000005, 'an access violation'],
    [0xc00000fd, 'a stack overflow'],
    [0xc0000409, 'a fail-fast abort'],
    [0xc0000374, 'a corrupt heap'],
    [0xc000001d, 'an illegal instruction'],
    [0xc0000094, 'an integer division by zero'],
    [0xc0000017, 'no memory'],
    [0xc000013a, 'Ctrl-C'],
    [0xc0000142, 'a DLL that failed to start'],
]);
/**
 * What a Windows error status (0xC0000000\u20130xCFFFFFFF, NTSTATUS) says ended a program: no exit code a program chooses
 * but Windows' word for a crash (`0xC0000005`, an access violation) or a stop (Ctrl-C), where a POSIX system reports a
 * signal. Node gives it as a number (3221225477), and a crashed goal command was read as unmet, which a report-only
 * gate passes over, and a crashed tool as a plain failure, called again on resume (found by an adversarial hunt).
 */
function windowsCrash(status) {
    if (!Number.isInteger(status) || status < -0x80000000 || status > 0xffffffff)
        return undefined;
    const unsigned = status >>> 0;
    if (unsigned < 0xc0000000 || unsigned >= 0xd0000000)
        return undefined;
    return `0x${unsigned.toString(16).toUpperCase()}${WINDOWS_CRASHES.has(unsigned) ? `, ${WINDOWS_CRASHES.get(unsigned)}` : ''}`;
}
/**
 * The signal a status of 129\u2013159 names: what a shell (`sh -c`, `bash script.sh`, `npm run`) exits with when the
 * child it ran was killed by signal N (128 + N); or, for a Windows error status (`windowsCrash`), what it says. Undefined
 * for any other status, and for a signal that kills nothing.
 */
function signalledStatus(status) {
    if (status === null)
        return undefined;
    const crash = windowsCrash(status);
    if (crash !== undefined)
        return crash;
    if (status <= 128 || status >= 160)
        return undefined;
    const number = status - 128;
    const name = Object.entries(node_os__WEBPACK_IMPORTED_MODULE_0__.constants.signals).find(([, value]) => value === number)?.[0] ?? `signal ${number}`;
    return NO_KILL.has(name) ? undefined : name;
}
/** `status 137 (a shell's status for a child killed by SIGKILL)`, `status 3221225477 (0xC0000005, an access violation: \u2026)`, or `status 1`: an exit status as the messages say it. */
function describeStatus(status) {
    const crash = windowsCrash(status);
    if (crash !== undefined)
        return `status ${status} (${crash}: Windows' status for a program that crashed or was stopped)`;
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

/***/ 14572:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ ToolEnvironmentError)
/* harmony export */ });
/* harmony import */ var _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1938);

/** A tool's `env:` reads a runner variable (`${env.NAME}`) that is not set. */
class ToolEnvironmentError extends _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__/* .StepError */ .zg {
    variable;
    missing;
    constructor(options) {
        super(`tool '${options.toolName}': env ${options.variable} reads \${env.${options.missing}}, which is not set on the runner; ` +
            `set ${options.missing} in the workflow step's env: (e.g. from a secret)`, { transient: false, toolName: options.toolName });
        this.variable = options.variable;
        this.missing = options.missing;
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
