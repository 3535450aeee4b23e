#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 42613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 20181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 24434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 79896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 58611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 65692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 69278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 34589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 16698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 31421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 37540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 77598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 53053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 40610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 78474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 73024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 51455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 37067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 32467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 98995:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 77030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 48161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 76760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 41792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 57075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 58500:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:timers/promises");

/***/ }),

/***/ 41692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 7066:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tty");

/***/ }),

/***/ 73136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 57975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 73429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 78877:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:v8");

/***/ }),

/***/ 30714:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:vm");

/***/ }),

/***/ 75919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 38522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 70857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 13193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 64756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 39023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 47950:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   I6: () => (/* binding */ terminalControl),
/* harmony export */   Wj: () => (/* binding */ neutraliseOutput),
/* harmony export */   vd: () => (/* binding */ watchedTerminal)
/* harmony export */ });
/* harmony import */ var _core_visible_controls_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(74700);
/* harmony import */ var _security_neutralise_log_text_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(75709);
/* harmony import */ var _core_secret_env_name_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(59989);



/**
 * The environment's secret-named values (as `jobSecrets` takes them, whole only), longest first: the last
 * guard of everything the CLI prints. A path the user gave, a usage error quoting the command line, a
 * file name in `validate`'s lines held one (found by a redaction hunt and a review: the class, in one place).
 * The run's own text goes through the full redactor before it gets here; this loads nothing heavy.
 */
function environmentSecrets(env) {
    const values = Object.entries(env).flatMap(([name, value]) => (value && value.length >= 4 && !/^INPUT_/i.test(name) && (0,_core_secret_env_name_js__WEBPACK_IMPORTED_MODULE_1__/* .isSecretEnvName */ .B)(name) && !(0,_core_secret_env_name_js__WEBPACK_IMPORTED_MODULE_1__/* .isOrdinaryValue */ .C)(value) ? [value] : []));
    return [...new Set(values)].sort((a, b) => b.length - a.length);
}
/** The encodings a `write(text, encoding)` spells bytes in: only these are decoded. */
const BYTE_ENCODINGS = new Set(['hex', 'base64', 'base64url']);
/** Whole values only, per write: every text the CLI writes is one whole message, so none is split across writes. */
function hideSecrets(text, secrets) {
    let out = text;
    for (const secret of secrets)
        if (out.includes(secret))
            out = out.replaceAll(secret, '***');
    return out;
}
/** The writes of the terminal's own cursor sequences, by stream: they pass by `visibleControls` (see `terminalControl`). */
const controlWriters = new WeakMap();
/** The only sequences the CLI writes itself: the live checklist's, up over the frame it drew, and clear what follows (console-checklist.ts's CURSOR_UP and CLEAR_TO_END, not imported: the CLI's start loads no report code). */
const OWN_SEQUENCE = /^(?:\x1b\[\d{1,6}A)?\r\x1b\[0J$/;
/**
 * Hides the environment's secret values in every text written to `stream` (a terminal too), and shows
 * every control character in it as a symbol (`visibleControls`: ESC as \u241b; tabs and line breaks stay): a
 * model's or a tool's text the CLI prints (a rejected plan's answer) wrote the user's clipboard on a
 * terminal with OSC 52, hid a link with OSC 8 and erased lines (found by an adversarial pass: the class, in
 * one place). The live checklist's own cursor sequences go through `terminalControl`. A stream that can be a
 * CI job log is made safe to be one too: every text written to it passes through `neutraliseLogText`, so
 * tool output and model text can never run as a workflow command (`plan-runner run` inside a workflow's
 * `run:` step writes straight to the log). That is any stream that is not a terminal, and a terminal inside
 * a GitHub Actions job (`docker run -t`, a `script` shell), whose output the runner reads all the same.
 */
function neutraliseOutput(stream, env = process.env) {
    const secrets = environmentSecrets(env);
    const neutralise = !watchedTerminal(stream, env);
    const write = stream.write.bind(stream);
    controlWriters.set(stream, (sequence) => {
        if (!OWN_SEQUENCE.test(sequence))
            throw new Error(`not a sequence the checklist writes: ${JSON.stringify(sequence)}`);
        write(sequence);
    });
    // Bytes are decoded as a stream (a character split across two writes stays whole), text in the encoding a write names.
    const bytes = new TextDecoder();
    const safeWrite = (chunk, ...rest) => {
        // Only an encoding that spells bytes (`write('aGk=', 'base64')`) is decoded; any other names how text is stored, and text is text.
        const decoded = typeof chunk !== 'string' ? bytes.decode(chunk, { stream: true }) : typeof rest[0] === 'string' && BYTE_ENCODINGS.has(rest[0]) ? Buffer.from(chunk, rest[0]).toString('utf8') : chunk;
        const text = (0,_core_visible_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .visibleControls */ .x)(hideSecrets(decoded, secrets));
        return write(neutralise ? (0,_security_neutralise_log_text_js__WEBPACK_IMPORTED_MODULE_2__/* .neutraliseLogText */ .qe)(text) : text, ...rest.filter((arg) => typeof arg === 'function'));
    };
    stream.write = safeWrite;
}
/**
 * Whether `stream` is a terminal a person watches: not one inside a GitHub Actions job (`docker run -t`, a
 * `script` shell), whose output the runner reads into the job log all the same, which runs no workflow
 * command of ours and moves no cursor.
 */
function watchedTerminal(stream, env = process.env) {
    return Boolean(stream.isTTY) && env['GITHUB_ACTIONS'] !== 'true';
}
/**
 * Writes one of the live checklist's own cursor sequences to `stream` as it is, where `neutraliseOutput`
 * shows every other control character as a symbol; on a stream it has not wrapped, `stream.write`.
 */
function terminalControl(stream) {
    return controlWriters.get(stream) ?? ((sequence) => void stream.write(sequence));
}


/***/ }),

/***/ 24048:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Zo: () => (/* binding */ DEFAULT_API_KEY_ENV),
  Ql: () => (/* binding */ DEFAULT_BASE_URL),
  RQ: () => (/* binding */ DEFAULT_SUMMARY),
  YP: () => (/* binding */ DEFAULT_TRACE),
  eb: () => (/* binding */ UsageError),
  hT: () => (/* binding */ parseCliArgs),
  r7: () => (/* binding */ shellWord)
});

// UNUSED EXPORTS: COMMAND_OPTIONS

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __nccwpck_require__(57975);
// EXTERNAL MODULE: ./lib/llm/base-url.js
var base_url = __nccwpck_require__(99882);
// EXTERNAL MODULE: ./lib/core/invisible-characters.js
var invisible_characters = __nccwpck_require__(5709);
// EXTERNAL MODULE: ./lib/core/output-folder-name.js
var output_folder_name = __nccwpck_require__(73919);
// EXTERNAL MODULE: ./lib/plan/nearest-name.js
var nearest_name = __nccwpck_require__(95421);
;// CONCATENATED MODULE: ./lib/plan/plain-input-value.js
/**
 * An input's value written bare, with no quotes to say it is text: a plain scalar of the action's `inputs`, a CLI
 * `--input` VALUE. A number or a flag when it reads back exactly as written (`42`, `-0.25`, `true`, as JSON writes
 * them), else its text as written (`1.50`, `007`, `0x1f`, `1e3`, `True`), which the plan reads as its input's
 * default's kind (`resolveInputs`). One rule for both: `--input a=3` was the text "3" where `inputs: 'a: 3'` was the
 * number, and a plan given an input with no default passed in the workflow and failed on the machine.
 */
function plainInputValue(text) {
    if (text === 'true' || text === 'false')
        return text === 'true';
    const number = Number(text);
    return Number.isFinite(number) && String(number) === text ? number : text;
}

// EXTERNAL MODULE: ./lib/llm/model-timeout.js
var model_timeout = __nccwpck_require__(59720);
;// CONCATENATED MODULE: ./lib/cli/parse-cli-args.js







const EVAL_OPTIONS = ['runs', 'seed', 'faults', 'answers', 'baseline', 'compare', 'json', 'markdown', 'trace-dir', 'max-turns', 'min-success-rate', 'max-cost-usd-per-run'];
/** The endpoint model calls go to unless `--base-url` says otherwise. */
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The variable the API key is read from unless `--api-key-env` names another. */
const DEFAULT_API_KEY_ENV = 'OPENAI_API_KEY';
/** Where `run` writes its trace and its report unless `--trace` and `--summary` say otherwise. */
const DEFAULT_TRACE = `${output_folder_name/* OUTPUT_FOLDER */.z}/trace.jsonl`;
const DEFAULT_SUMMARY = `${output_folder_name/* OUTPUT_FOLDER */.z}/report.md`;
/** The commands, as `--help` lists them. */
const COMMANDS = ['validate', 'run', 'plan', 'eval'];
/** The options each command reads (besides --help and --version): any other was silently ignored. */
const COMMAND_OPTIONS = {
    validate: ['model', 'model-timeout-seconds'],
    plan: ['input', 'summary', 'record', 'replay', 'base-url', 'model', 'model-timeout-seconds', 'api-key-env'],
    run: ['input', 'trace', 'weights-from', 'summary', 'record', 'replay', 'base-url', 'model', 'model-timeout-seconds', 'api-key-env', 'resume', 'approve', 'agent', 'task'],
    eval: [...EVAL_OPTIONS, 'input', 'replay', 'base-url', 'model', 'model-timeout-seconds', 'api-key-env'],
};
/** Throws for an option `command` does not read: `validate plan.yml --trace t` wrote no trace, and said nothing. */
function refuseUnread(command, values) {
    const reads = COMMAND_OPTIONS[command] ?? [];
    const unread = Object.keys(values).find((name) => values[name] !== undefined && name !== 'help' && name !== 'version' && !reads.includes(name));
    if (unread)
        throw new UsageError(`--${unread} is not an option of ${command}${reads.length > 0 ? `, which takes ${reads.map((name) => `--${name}`).join(', ')}` : ', which takes only plan files'}`);
}
/**
 * Throws for an option of the endpoint given with a file that answers every model call instead: `--replay FILE
 * --base-url URL` answered from the file and called no endpoint, saying nothing, as did --api-key-env (and, with
 * --replay, --model-timeout-seconds: a recorded answer is read, not waited for). --answers' local server is waited for.
 */
function refuseEndpointOptions(values) {
    const source = values['replay'] !== undefined ? 'replay' : values['answers'] !== undefined ? 'answers' : undefined;
    if (source === undefined)
        return;
    const unread = ['base-url', 'api-key-env', ...(source === 'replay' ? ['model-timeout-seconds'] : [])].find((name) => values[name] !== undefined);
    if (unread)
        throw new UsageError(`--${unread} is not read with --${source}: every model answer comes from that file, and no endpoint is called; leave out one of the two`);
}
/** Throws for an option given more than once that takes one value: the last one silently won. */
function refuseRepeated(tokens, multiple) {
    const seen = new Set();
    for (const token of tokens) {
        if (token.kind !== 'option' || token.name === undefined || multiple.has(token.name))
            continue;
        if (seen.has(token.name))
            throw new UsageError(`--${token.name} is given more than once; give it once`);
        seen.add(token.name);
    }
}
/** The options whose value is the path of a file or a folder. */
const PATH_OPTIONS = ['trace', 'weights-from', 'summary', 'record', 'replay', 'resume', 'faults', 'answers', 'compare', 'json', 'markdown', 'trace-dir'];
/**
 * Throws for a path with U+FFFD in it: Node reads the command line as UTF-8, so a file named in another encoding
 * (a Latin-1 `caf\xe9.yml`) arrives with its byte replaced, a name no file has: `validate` said "no such file" of a
 * file that is there, and an output was written under another name than the one given (found by an adversarial pass).
 */
function refuseUndecodablePaths(files, values) {
    const why = 'its name holds bytes that are not UTF-8 (shown as \uFFFD), and the command line is read as UTF-8, so no file can be named by it; rename the file (or folder) in UTF-8';
    const file = files.find((name) => name.includes('\uFFFD'));
    if (file !== undefined)
        throw new UsageError(`${file}: ${why}`);
    const option = PATH_OPTIONS.find((name) => values[name]?.includes('\uFFFD'));
    if (option !== undefined)
        throw new UsageError(`--${option} ${values[option]}: ${why}`);
}
/** A word as a POSIX shell reads it back: bare when no character in it means anything to a shell, else in single quotes. */
function shellWord(word) {
    return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
/**
 * Why `run`, `plan` or `eval` did not get one plan file, naming the words it got instead: "got 4" of a command line
 * that names one plan (`--task fix the flaky test`, `--` before options) said neither which words nor why (an adversarial pass).
 */
function notOnePlanFile(command, files, tokens) {
    if (files.length === 0)
        return `${command} takes exactly one plan file, got none`;
    // A glob that matched 500 files is named by its first few.
    const named = files.length > 5 ? `${files.slice(0, 4).join(', ')} and ${files.length - 4} more` : files.join(', ');
    const said = `${command} takes exactly one plan file, got ${files.length} (${named})`;
    const words = tokens.slice(tokens.findIndex((token) => token.kind === 'positional') + 1);
    // A word after an option's own value, the plan file before them, not after `--`: the rest of a value of several words the shell split.
    const file = words.findIndex((token) => token.kind === 'positional');
    const split = words.findIndex((token, index) => index > file + 1 && token.kind === 'positional' && words[index - 1].kind === 'option' && words[index - 1].value !== undefined && !words[index - 1].inlineValue);
    if (split > 0) {
        const option = words[split - 1];
        let end = split;
        while (end < words.length && words[end].kind === 'positional')
            end++;
        const rest = words.slice(split, end).map((token) => token.value);
        // Inputs (`a=1 b=2`) and baselines each take an --option of their own: quoted as one, `--input 'a=1 b=2'` set a to "1 b=2".
        if (option.name === 'baseline' || (option.name === 'input' && rest.every((word) => word.indexOf('=') > 0))) {
            return `${said}; give each value its own --${option.name}: ${[option.value, ...rest].map((word) => `--${option.name} ${shellWord(word)}`).join(' ')}`;
        }
        const value = [option.value, ...rest].join(' ');
        return `${said}; a value of several words is quoted as one: --${option.name} ${shellWord(value)}`;
    }
    const terminator = words.findIndex((token) => token.kind === 'option-terminator');
    if (terminator >= 0 && words.slice(terminator).some((token) => token.kind === 'positional' && token.value.startsWith('-')))
        return `${said}; every word after -- is a file: put the options before --`;
    return said;
}
/**
 * A command line that cannot be understood; the CLI prints it and exits 2. With `usage` (no command, or
 * one there is not) the whole usage follows; after any other, one line that says where it is: 60 lines of
 * usage after each message pushed the message out of sight (found by a new-user review).
 */
class UsageError extends Error {
    name = 'UsageError';
    usage;
    constructor(message, options = {}) {
        super(message);
        this.usage = options.usage ?? false;
    }
}
/**
 * The `--input` values, and the names given with no value (`--input week=`, a `--input week=$WEEK` whose variable is
 * unset), which are not given, as the action's `week:` is: the plan's default applies, and a required input is refused.
 * Taken as the text "", `--input owner=` satisfied a required input the action refuses given empty.
 */
function parseInputs(pairs) {
    // No prototype: `--input __proto__=1` is an input named __proto__ (resolveInputs refuses it unless declared).
    const inputs = Object.create(null);
    const empty = [];
    for (const pair of pairs) {
        const eq = pair.indexOf('=');
        if (eq <= 0)
            throw new UsageError(`--input takes NAME=VALUE, got '${pair}'`);
        const name = pair.slice(0, eq);
        if (Object.hasOwn(inputs, name) || empty.includes(name))
            throw new UsageError(`--input ${name} is given twice; give each input once`);
        const value = pair.slice(eq + 1);
        if (value === '')
            empty.push(name);
        else
            inputs[name] = plainInputValue(value);
    }
    return { inputs, emptyInputs: empty };
}
/** Decimal notation only: `Number` also takes '' (0), '0x10', '0b101' and '1e1', which nobody means on a command line. */
const WHOLE = /^\d+$/;
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
function whole(name, text, fallback, min, max) {
    if (text === undefined)
        return fallback;
    const value = Number(text);
    if (!WHOLE.test(text) || !Number.isInteger(value) || value < min || value > max)
        throw new UsageError(`--${name} takes a whole number from ${min} to ${max}, got '${text}'`);
    return value;
}
function modelTimeoutSeconds(text) {
    const value = Number(text);
    if (!WHOLE.test(text) || value < 1 || value > model_timeout/* MAX_MODEL_TIMEOUT_SECONDS */.FQ)
        throw new UsageError(`--model-timeout-seconds takes ${model_timeout/* MODEL_TIMEOUT_RANGE */.qg}, got '${text}'`);
    return value;
}
function fraction(name, text, max = 1) {
    if (text === undefined)
        return undefined;
    const value = Number(text);
    if (!DECIMAL.test(text) || !Number.isFinite(value) || value < 0 || value > max)
        throw new UsageError(`--${name} takes a number from 0 to ${max}, got '${text}'`);
    return value;
}
function evalArgs(values) {
    const one = (name) => values[name];
    const baselines = values.baseline ?? [];
    for (const baseline of baselines) {
        if (baseline !== 'react' && baseline !== 'full-history')
            throw new UsageError(`--baseline takes react or full-history, got '${baseline}'`);
    }
    const minSuccessRate = fraction('min-success-rate', one('min-success-rate'));
    const maxCostUsdPerRun = fraction('max-cost-usd-per-run', one('max-cost-usd-per-run'), 1_000_000);
    return {
        runs: whole('runs', one('runs'), 5, 1, 1000),
        seed: whole('seed', one('seed'), 1, 0, 2 ** 31 - 1),
        baselines: [...new Set(baselines)],
        maxTurns: whole('max-turns', one('max-turns'), 20, 1, 200),
        ...(one('faults') !== undefined && { faults: one('faults') }),
        ...(one('answers') !== undefined && { answers: one('answers') }),
        ...(one('compare') !== undefined && { compare: one('compare') }),
        ...(one('json') !== undefined && { json: one('json') }),
        ...(one('markdown') !== undefined && { markdown: one('markdown') }),
        ...(one('trace-dir') !== undefined && { traceDir: one('trace-dir') }),
        ...(minSuccessRate !== undefined && { minSuccessRate }),
        ...(maxCostUsdPerRun !== undefined && { maxCostUsdPerRun }),
    };
}
/** Every option the CLI reads, as `parseArgs` takes them. */
const CLI_OPTIONS = {
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean' },
    input: { type: 'string', multiple: true },
    trace: { type: 'string' },
    'weights-from': { type: 'string' },
    summary: { type: 'string' },
    record: { type: 'string' },
    replay: { type: 'string' },
    'base-url': { type: 'string' },
    model: { type: 'string' },
    'model-timeout-seconds': { type: 'string' },
    'api-key-env': { type: 'string' },
    'api-key': { type: 'string' },
    resume: { type: 'string' },
    approve: { type: 'string' },
    runs: { type: 'string' },
    seed: { type: 'string' },
    faults: { type: 'string' },
    answers: { type: 'string' },
    baseline: { type: 'string', multiple: true },
    compare: { type: 'string' },
    json: { type: 'string' },
    markdown: { type: 'string' },
    'trace-dir': { type: 'string' },
    'max-turns': { type: 'string' },
    'min-success-rate': { type: 'string' },
    'max-cost-usd-per-run': { type: 'string' },
    agent: { type: 'boolean' },
    task: { type: 'string' },
};
/**
 * Node names a word of one dash by its first unknown letter (`-trace` is `-t`, `-dash.yml` is `-d`): the
 * message names the word the user wrote, the option it may mean, or how to name a file of that name.
 */
function unknownOption(unknown, argv) {
    const end = argv.indexOf('--');
    const word = unknown.startsWith('--') ? unknown : (argv.slice(0, end === -1 ? argv.length : end).find((arg) => /^-[^-]/.test(arg) && arg !== '-h') ?? unknown);
    const name = word.replace(/^-+/, '').split('=')[0];
    const options = Object.keys(CLI_OPTIONS).filter((option) => option !== 'api-key');
    if (!word.startsWith('--') && options.includes(name))
        return `unknown option ${word}; options start with two dashes: --${name}`;
    // The nearest of the command's own options: the nearest of all (`validate --sumary` \u2192 --summary) was then refused as not the command's.
    const command = commandOf(argv);
    const reads = command === undefined ? options : ['help', 'version', ...COMMAND_OPTIONS[command]];
    const own = (0,nearest_name/* nearestName */.qb)(name, reads);
    if (own)
        return `unknown option ${word}; did you mean --${own}?`;
    const near = (0,nearest_name/* nearestName */.qb)(name, options);
    if (near && command !== undefined) {
        const owners = Object.keys(COMMAND_OPTIONS).filter((other) => COMMAND_OPTIONS[other].includes(near));
        return `unknown option ${word}; --${near} is an option of ${owners.join(' and ')}, not of ${command}, which takes ${COMMAND_OPTIONS[command].map((option) => `--${option}`).join(', ')}`;
    }
    if (near)
        return `unknown option ${word}; did you mean --${near}?`;
    if (/[./]/.test(name))
        return `unknown option ${word}; a file whose name starts with a dash is written ./${word}`;
    return `unknown option ${word}`;
}
/** The command a command line names, read leniently (its unknown options taken as flags), when it names one there is. */
function commandOf(argv) {
    const [command] = (0,external_node_util_.parseArgs)({ args: [...argv], strict: false, allowPositionals: true, options: CLI_OPTIONS }).positionals;
    return command !== undefined && Object.hasOwn(COMMAND_OPTIONS, command) ? command : undefined;
}
/** Turns argv (without node and the script) into one command, or throws `UsageError`. */
function parseCliArgs(argv) {
    let parsed;
    try {
        parsed = (0,external_node_util_.parseArgs)({
            args: [...argv],
            allowPositionals: true,
            tokens: true,
            options: CLI_OPTIONS,
        });
    }
    catch (error) {
        // Node's "Unknown option '--trac'. To specify a positional argument starting with a '-', \u2026" named no
        // option there is, where a plan's unknown key gets "did you mean" (found by an adversarial pass).
        const unknown = error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'(-{1,2}[^'=]*)/.exec(error.message)?.[1] : undefined;
        if (unknown !== undefined)
            throw new UsageError(unknownOption(unknown, argv));
        // Node's "Option '--trace <value>' argument missing", in the words of the CLI's other messages.
        const missing = /^Option '(-{1,2}[\w-]+)(?:, (-{1,2}[\w-]+))?(?: <value>)?' argument missing/.exec(error.message);
        if (missing)
            throw new UsageError(`${missing[2] ?? missing[1]} needs a value`);
        // Node's three lines for `--max-cost-usd-per-run -1` ("argument is ambiguous. Did you forget \u2026"), in one.
        const dashed = /^Option '(-{1,2}[\w-]+)(?:, (-{1,2}[\w-]+))?(?: <value>)?' argument is ambiguous/.exec(error.message);
        if (dashed) {
            const option = dashed[2] ?? dashed[1];
            // `--runs -3` meant the number: read as `--runs=-3`, whose message says what numbers it takes (found by a hunt of
            // the CLI: the advice to write `--runs=-3` was then refused for its range).
            const at = argv.indexOf(option);
            if (at >= 0 && /^-\d/.test(argv[at + 1] ?? ''))
                return parseCliArgs([...argv.slice(0, at), `${option}=${argv[at + 1]}`, ...argv.slice(at + 2)]);
            throw new UsageError(`${option} needs a value; a value that starts with a dash is written ${option}=-\u2026`);
        }
        // Node's "Option '--agent' does not take an argument" for `--agent=true`, saying what to write.
        const flag = /^Option '(-{1,2}[\w-]+)(?:, (-{1,2}[\w-]+))?' does not take an argument/.exec(error.message);
        if (flag)
            throw new UsageError(`${flag[2] ?? flag[1]} takes no value; give it alone: ${flag[2] ?? flag[1]}`);
        throw new UsageError(error.message);
    }
    const { values, positionals, tokens } = parsed;
    if (values.help)
        return { command: 'help' };
    // `run --version` printed the version and ran nothing, exit 0 (found by a hunt of the CLI).
    if (values.version) {
        if (positionals.length > 0 || tokens.some((token) => token.kind === 'option' && token.name !== 'version'))
            throw new UsageError('--version takes nothing else: run plan-runner --version alone');
        return { command: 'version' };
    }
    if (values['api-key'] !== undefined) {
        throw new UsageError('an API key is never taken on the command line (it would land in shell history); set OPENAI_API_KEY or use --api-key-env NAME');
    }
    const [command, ...rest] = positionals;
    if (command === undefined)
        throw new UsageError('no command given', { usage: true });
    if (command === 'help')
        return { command: 'help' };
    // Named first, in one line like every usage error (found by a new-user walkthrough: `frobnicate` printed
    // the whole usage, and `run`'s options were checked against a command that does not exist).
    if (!COMMANDS.includes(command)) {
        const near = (0,nearest_name/* nearestName */.qb)(command, [...COMMANDS, 'help']);
        throw new UsageError(`unknown command '${command}'; the commands are ${COMMANDS.join(', ')}${near ? ` (did you mean '${near}'?)` : ''}`);
    }
    refuseRepeated(tokens, new Set(['input', 'baseline']));
    refuseUndecodablePaths(rest, values);
    if (command !== 'eval') {
        const misplaced = EVAL_OPTIONS.find((name) => values[name] !== undefined);
        if (misplaced)
            throw new UsageError(`--${misplaced} is an option of eval, not of ${command}`);
    }
    if (values.resume !== undefined && command !== 'run')
        throw new UsageError(`--resume is an option of run, not of ${command}`);
    // `plan --approve x` was told to add --resume, which plan then refused (found by a hunt of the CLI).
    if (values.approve !== undefined && command !== 'run')
        throw new UsageError(`--approve is an option of run, not of ${command}`);
    if (values.approve !== undefined && values.resume === undefined)
        throw new UsageError('--approve HASH approves the run that --resume TRACE paused; give both');
    if (command !== 'run') {
        if (values.agent)
            throw new UsageError(`--agent is an option of run, not of ${command}`);
        if (values.task !== undefined)
            throw new UsageError(`--task is an option of run, not of ${command}`);
    }
    const baseUrlIssue = values['base-url'] === undefined ? undefined : (0,base_url/* baseUrlProblem */.aS)(values['base-url']);
    if (baseUrlIssue)
        throw new UsageError(`--base-url: ${baseUrlIssue}`);
    if (values.task !== undefined && values.task.trim() === '')
        throw new UsageError('--task needs the task in words, got an empty text');
    // `--trace ""`, `--model=`: an empty value was taken as the option not given (the plan's model used, no file written), or failed after the run.
    const empty = tokens.find((token) => token.kind === 'option' && token.value === '');
    if (empty && empty.kind === 'option')
        throw new UsageError(`--${empty.name} needs a value, got an empty one`);
    // `--model " "`: validate said ok, and run blamed the plan file for a blank model name, exit 1 (an adversarial pass).
    if (values.model !== undefined && !(0,invisible_characters/* hasVisibleText */.uA)(values.model))
        throw new UsageError('--model needs the name of a model, got a blank one');
    if (values['api-key-env'] !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(values['api-key-env'])) {
        throw new UsageError(`--api-key-env takes the name of an environment variable (letters, digits and _), got '${values['api-key-env']}'`);
    }
    if (command === 'validate') {
        if (rest.length === 0)
            throw new UsageError('validate needs at least one plan file');
        // `validate ''` said "no such file; check the path", naming no file (found by an adversarial pass).
        if (rest.includes(''))
            throw new UsageError('validate needs the path of each plan file, got an empty one');
        refuseUnread(command, values);
        return {
            command: 'validate',
            files: rest,
            ...(values.model !== undefined && { model: values.model }),
            ...(values['model-timeout-seconds'] !== undefined && { modelTimeoutSeconds: modelTimeoutSeconds(values['model-timeout-seconds']) }),
        };
    }
    if (command === 'run' || command === 'plan' || command === 'eval') {
        if (rest.length !== 1)
            throw new UsageError(notOnePlanFile(command, rest, tokens));
        // `run '' --task \u2026` runs a task without a plan file, as the action's task input does; plan and eval take none.
        if (rest[0] === '' && command !== 'run')
            throw new UsageError(`${command} needs the path of a plan file, got an empty one`);
        // Without a task, `run ''` (a `run "$PLAN"` whose PLAN is unset) was a refused run, exit 1, that emptied the default trace.
        if (rest[0] === '' && command === 'run' && values.task === undefined)
            throw new UsageError('run needs the path of a plan file, got an empty one (an empty one runs --task TEXT without a plan file)');
        if (values.record && values.replay)
            throw new UsageError('--record and --replay cannot be used together');
        if (values.answers && values.replay)
            throw new UsageError('--answers and --replay cannot be used together');
        refuseEndpointOptions(values);
        const modelArgs = {
            ...parseInputs(values.input ?? []),
            record: values.record,
            replay: values.replay,
            baseUrl: values['base-url'] ?? DEFAULT_BASE_URL,
            model: values.model,
            ...(values['model-timeout-seconds'] !== undefined && { modelTimeoutSeconds: modelTimeoutSeconds(values['model-timeout-seconds']) }),
            apiKeyEnv: values['api-key-env'] ?? DEFAULT_API_KEY_ENV,
        };
        if (command === 'eval') {
            if (values.record)
                throw new UsageError('eval records nothing: leave out --record (use --trace-dir for each run\'s trace)');
            if (values.trace !== undefined || values.summary !== undefined)
                throw new UsageError('eval writes --json and --markdown files (and --trace-dir), not --trace or --summary');
            refuseUnread(command, values);
            return { command: 'eval', ...evalArgs(values), file: rest[0], ...modelArgs };
        }
        if (values['weights-from'] !== undefined && command !== 'run')
            throw new UsageError('--weights-from orders the steps of a run; use it with run');
        if (command === 'plan') {
            if (values.trace !== undefined)
                throw new UsageError('plan runs nothing, so it writes no trace; leave out --trace');
            refuseUnread(command, values);
            return { command: 'plan', file: rest[0], ...(values.summary !== undefined && { summary: values.summary }), ...modelArgs };
        }
        refuseUnread(command, values);
        return {
            command: 'run',
            file: rest[0],
            trace: values.trace ?? DEFAULT_TRACE,
            summary: values.summary ?? DEFAULT_SUMMARY,
            ...(values['weights-from'] !== undefined && { weightsFrom: values['weights-from'] }),
            ...(values.resume !== undefined && { resume: values.resume }),
            ...(values.approve !== undefined && { approve: values.approve }),
            agent: values.agent ?? false,
            ...(values.task !== undefined && { task: values.task }),
            ...modelArgs,
        };
    }
    throw new UsageError(`unknown command '${command}'`);
}


/***/ }),

/***/ 27141:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ flushBatchedOutput),
/* harmony export */   Y: () => (/* binding */ batchOutput)
/* harmony export */ });
/** Text waiting at least this long (in UTF-16 units) is written at once. */
const BATCH_CHARS = 64 * 1024;
/** How each batched stream writes what it holds. */
const flushes = [];
/** Writes at once what every batched stream holds: before a write through the same descriptor by other means (`--trace /dev/stdout`). */
function flushBatchedOutput() {
    for (const flush of flushes)
        flush();
}
/**
 * A pipe's writes are asynchronous: libuv writes what the pipe takes and queues the rest, and what is
 * queued when the process exits is lost. One 64 KiB batch fills a pipe, so the batches behind it and the
 * last one, written on exit, were lost at `process.exit` or a crash (found by a review). Blocking, a write
 * is done when it returns, as a file's is (and a pipe's on Windows): the process waits for its reader.
 */
function blockingWrites(stream) {
    stream._handle?.setBlocking?.(true);
}
/**
 * Makes `out`, when it is not a terminal (a pipe to the runner, a file), write what it is given in one
 * turn of the event loop as one write, or at once when 64 KiB or more wait: a pipe's every write is a
 * system call, and a 10,000-step run's 30,000 checklist lines took 0.2\u20130.3 s of its 1.5 s in them.
 * Nothing is reordered: a write with a callback or an encoding, and any write to `after` (standard
 * error, which a log merges with it), first writes what `out` holds. Nothing is lost at exit, `process.exit` and a crash included:
 * what is held is written then, and every write to a pipe returns once the pipe has taken it. A terminal
 * is left as it is: its live checklist draws at most ten frames a second.
 *
 * Installed first, under anything else that wraps the stream's `write` (`neutraliseOutput`), so those
 * still see each message whole.
 */
function batchOutput(out, after = []) {
    if (out.isTTY)
        return;
    for (const stream of [out, ...after])
        if (!stream.isTTY)
            blockingWrites(stream);
    const write = out.write.bind(out);
    let pending = '';
    let scheduled;
    /** Once the process exits no turn ends: what is written then (another 'exit' listener's last words) goes out at once. */
    let exiting = false;
    const flush = () => {
        if (scheduled)
            clearImmediate(scheduled);
        scheduled = undefined;
        if (pending === '')
            return;
        const text = pending;
        pending = '';
        write(text);
    };
    const batched = (chunk, ...rest) => {
        if (typeof chunk !== 'string' || rest.length > 0 || exiting) {
            flush();
            return write(chunk, ...rest);
        }
        pending += chunk;
        if (pending.length >= BATCH_CHARS)
            flush();
        else
            scheduled ??= setImmediate(flush);
        return true;
    };
    out.write = batched;
    flushes.push(flush);
    for (const stream of after) {
        const own = stream.write.bind(stream);
        const first = (...args) => {
            flush();
            return own(...args);
        };
        stream.write = first;
    }
    process.on('exit', () => {
        exiting = true;
        flush();
    });
}


/***/ }),

/***/ 5709:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Q6: () => (/* binding */ visibleText),
/* harmony export */   kH: () => (/* binding */ INVISIBLE),
/* harmony export */   o1: () => (/* binding */ VISIBLE_CHARACTER_PATTERN),
/* harmony export */   uA: () => (/* binding */ hasVisibleText)
/* harmony export */ });
/* harmony import */ var _normalize_linear_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(65800);

/**
 * Characters a reader cannot see but a model (or a search) reads: Unicode's default-ignorable code
 * points, which a renderer draws as nothing unless it supports them. Among them zero-width and word
 * joiners, invisible operators, the byte-order mark, the soft hyphen, bidi embeddings, overrides and
 * isolates, Unicode tag characters, the combining grapheme joiner, Hangul fillers, Mongolian free
 * variation selectors, and variation selectors (U+FE00\u2013FE0F, U+E0100\u2013E01EF), which carry a byte each
 * after any character ("emoji smuggling"); an emoji without its VS16 still shows. A hand-picked list
 * missed some of them (U+034F, U+180B: `AK\u034FIA` passed `not_contains: AKIA`). Global: use it with
 * `replace`.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** `text` as a reader sees it, for a search: invisible characters removed, compatibility forms folded (NFKC: `\uff21\uff2b\uff29\uff21` is `AKIA`). */
function visibleText(text) {
    // In linear time: ICU's NFKC is quadratic in a run of combining marks (found by a review).
    return (0,_normalize_linear_js__WEBPACK_IMPORTED_MODULE_0__/* .normalizeLinear */ .r)(text.replace(INVISIBLE, ''), 'NFKC');
}
/**
 * A JSON Schema pattern that finds a character a reader sees: one neither a space nor invisible (INVISIBLE), in the
 * Basic Multilingual Plane (written out, since an editor may read a pattern without the `u` flag that `\p{\u2026}` needs;
 * a test checks it against INVISIBLE). So plan.schema.json refuses the blank text hasVisibleText refuses, but for
 * invisible characters past U+FFFF and what NFKC folds to a space.
 */
const VISIBLE_CHARACTER_PATTERN = '[^\\u0009-\\u000D\\u0020\\u00A0\\u00AD\\u034F\\u061C\\u115F-\\u1160\\u1680\\u17B4-\\u17B5\\u180B-\\u180F\\u2000-\\u200F\\u2028-\\u202F\\u205F-\\u206F\\u3000\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFF8]';
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

/***/ 65800:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   r: () => (/* binding */ normalizeLinear)
/* harmony export */ });
/** More combining marks in a row than any writing puts on one letter: Unicode's stream-safe text format allows 30. */
const LONG_MARK_RUN = /\p{M}{31,}/u;
const LONG_MARK_RUNS = new RegExp(LONG_MARK_RUN.source, 'gu');
/**
 * `text.normalize(form)` in time linear in its length. ICU puts a run of combining marks in order by inserting each
 * one in its place, so a run of marks of two classes in turn (`a` then U+0301 U+0316 \u2026) took time quadratic in the
 * run: 160,000 marks held the event loop 5.5 s, and a 16 MiB result would hold it for hours (found by the review of
 * the fix that read goals in NFC). A run of more than 30 marks, which no writing has, is kept as written and the text
 * around it normalised.
 */
function normalizeLinear(text, form) {
    if (!LONG_MARK_RUN.test(text))
        return text.normalize(form);
    let normalized = '';
    let at = 0;
    for (const run of text.matchAll(LONG_MARK_RUNS)) {
        normalized += text.slice(at, run.index).normalize(form) + run[0];
        at = run.index + run[0].length;
    }
    return normalized + text.slice(at).normalize(form);
}


/***/ }),

/***/ 73919:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   z: () => (/* binding */ OUTPUT_FOLDER)
/* harmony export */ });
/** The folder in the repository where plan-runner writes its trace and report when not told otherwise (the CLI; the action without `RUNNER_TEMP`). */
const OUTPUT_FOLDER = '.plan-runner';


/***/ }),

/***/ 59989:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ isSecretEnvName),
/* harmony export */   C: () => (/* binding */ isOrdinaryValue)
/* harmony export */ });
/**
 * Names that look like they hold credentials: `*TOKEN*`, `*SECRET*`, `*KEY*`, `*PASSWORD*`, `ACTIONS_*`,
 * `INPUT_*`, and the common short forms (`DB_PASS`, `DB_PW`, `NPM_AUTH`, `GH_PAT`, `SENTRY_DSN`, a
 * storage `SAS`, a `*WEBHOOK*` (`SLACK_WEBHOOK`, `SLACK_WEBHOOK_URL`), the URLs of databases and brokers, which hold their password, a
 * connection string), and a few more a secret hunt found passed as plain: `*_CREDS`, `*_JWT`, a `*_COOKIE` (ending the
 * name: `COOKIE_DOMAIN` is none), `KUBE_CONFIG_DATA`, a service account's `*_SA_JSON`. Short forms only as a whole part of
 * a name: `PWD` (the shell's working directory), `PATH` and `AUTHOR` are no secrets.
 */
const SECRET_NAME = /TOKEN|SECRET|KEY|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|PRIVATE|^ACTIONS_|^INPUT_|(?:^|_)(?:PASS|PW|DSN|PAT|SAS)(?:_|$)|_PWD(?:_|$)|_AUTH(?:_CONFIG)?$|WEBHOOK|HOOK_URL|DATABASE_UR[IL]|(?:MONGO(?:DB)?|REDIS|AMQP|BROKER|DB)_UR[IL]|CONN(?:ECTION)?_STR(?:ING)?|(?:^|_)(?:CREDS|JWT)(?:_|$)|(?:^|_)COOKIE$|KUBE_CONFIG_DATA|(?:^|_)SA_JSON$/i;
/**
 * True when an environment variable's name suggests a secret. `ACTIONS_*` carry the runner's
 * runtime tokens and `INPUT_*` carry action inputs such as `api-key`, so both count. A name in camelCase has its
 * words taken as parts too (`dbPass`, `sentryDsn`, `ghPat`, `npmAuth`, `DBPass` as `DB_PASS`\u2026): a plan's inputs are
 * often named so, and only the short forms' underscores made them parts (found by an adversarial hunt: `--input
 * dbPass=\u2026` was written to the trace and the summary, where `db_pass` was hidden).
 */
function isSecretEnvName(name) {
    return SECRET_NAME.test(name) || (/[a-z0-9][A-Z]|[A-Z][A-Z][a-z]/.test(name) && SECRET_NAME.test(camelParts(name)));
}
/** `name` with an underscore where a camelCase word starts: `dbPass` \u2192 `db_Pass`, `DBPass` \u2192 `DB_Pass`. */
function camelParts(name) {
    return name.replace(/([a-z0-9])(?=[A-Z])|([A-Z])(?=[A-Z][a-z])/g, '$1$2_');
}
/**
 * A value too ordinary to hide wherever it appears, though a secret-looking name holds it: a flag or a
 * number of fewer than 6 digits (a token's lifetime, a key's size or id). Hidden, it would blank out
 * every `true` and `2048` in the reports; a PIN or password of 6 digits or more is still a secret.
 */
function isOrdinaryValue(value) {
    return /^(?:true|false|\d{1,5})$/i.test(value);
}


/***/ }),

/***/ 33883:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ trimEndChars)
/* harmony export */ });
/**
 * `text` without the run of `chars` it ends with, found in one pass back from its end: what
 * `text.replace(/[chars]+$/, '')` returns. That regex tries a match from each character of a run of them
 * that does not end the text, and so is quadratic in the run: a model endpoint's error message of 40,000
 * dots and an `x` took 1.8 s, a file path of 40,000 `. ` 1.7 s (found by an adversarial pass). ESLint
 * refuses a regex literal that repeats before `$` without `^` in src/
 * (scripts/no-trailing-run-regex.ts).
 */
function trimEndChars(text, chars) {
    let end = text.length;
    while (end > 0 && chars.includes(text[end - 1]))
        end--;
    return end === text.length ? text : text.slice(0, end);
}


/***/ }),

/***/ 74700:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   x: () => (/* binding */ visibleControls)
/* harmony export */ });
/**
 * Control characters but the tab, the line feed and a CR that ends a line with it (`\r\n`), and the bidi
 * embeddings, overrides and isolates (U+202A\u2013202E, U+2066\u20132069), which make text display in another order
 * than it reads ("Trojan Source"); the marks U+200E/U+200F that right-to-left writing uses stay.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;
/** `CONTROL` without the `g` flag: a global pattern's `test` starts where its last match ended. */
const ANY_CONTROL = new RegExp(CONTROL.source);
/**
 * `text` with every control character shown as a symbol (ESC as \u241b): a checklist line is drawn on a
 * terminal, where an escape sequence, a lone `\r`, a vertical tab or a form feed from a tool's output
 * would move the cursor and overwrite what is shown, or make a line that a log reader takes for a
 * workflow command. Tabs and line breaks (`\n`, `\r\n`) stay.
 */
function visibleControls(text) {
    // Most text has none: a test, where a replace with a callback costs three times as much to find nothing.
    if (!ANY_CONTROL.test(text))
        return text;
    return text.replace(CONTROL, (char) => {
        const code = char.charCodeAt(0);
        return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\ufffd';
    });
}


/***/ }),

/***/ 99882:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   I8: () => (/* binding */ sdkEndpoint),
/* harmony export */   aS: () => (/* binding */ baseUrlProblem),
/* harmony export */   k4: () => (/* binding */ keylessServerNote),
/* harmony export */   uV: () => (/* binding */ baseUrlSecrets)
/* harmony export */ });
/* harmony import */ var _core_secret_env_name_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(59989);
/* harmony import */ var _core_trim_end_chars_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(33883);


/** Query names that carry credentials besides those that look like secret variables (`api_key`, `access_token`): signatures, auth codes, sessions. */
const SECRET_QUERY_NAME = /^(?:sig|signature|auth|authorization|code|session|sid|pass|pwd|jwt|apikey)$/i;
/**
 * What is wrong with a model endpoint URL (`--base-url`, the action's `base-url`), or undefined. A user
 * name or password in it is refused: the model client's fetch never sends them (the request fails as
 * "could not reach the endpoint"), and the URL is shown in reports. The message never repeats the URL.
 */
function baseUrlProblem(url) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return 'expected an http(s) URL such as https://api.openai.com/v1';
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        return 'expected an http(s) URL such as https://api.openai.com/v1';
    if (parsed.username !== '' || parsed.password !== '') {
        return 'it holds a user name or password (user:password@host), which would be printed and saved with it, and is never sent; remove it and give the key through the API key instead';
    }
    // The chat endpoint pasted whole had /chat/completions added again: every call failed as a 404 once the run had begun.
    if ((0,_core_trim_end_chars_js__WEBPACK_IMPORTED_MODULE_0__/* .trimEndChars */ .v)(parsed.pathname, '/').endsWith('/chat/completions'))
        return "it ends in /chat/completions, which the model client adds itself: give the endpoint's root, such as https://api.openai.com/v1";
    return undefined;
}
/**
 * The values of the endpoint URL's query under names that hold credentials (`?api_key=\u2026`, `sig=\u2026`),
 * which every report and trace must hide like the API key: the URL is shown in them. Flags and short
 * numbers are left out (see `isOrdinaryValue`).
 */
function baseUrlSecrets(url) {
    if (url === undefined)
        return [];
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return [];
    }
    const decode = (text) => {
        try {
            return decodeURIComponent(text);
        }
        catch {
            return text;
        }
    };
    // Only values under a name that holds credentials: hiding `api-version=2024-02-01` (Azure's) would
    // blank out that date wherever a result or a report says it.
    // Each as the URL writes it, decoded, and as a form reads it (`+` a space): URLSearchParams alone gave only
    // the last, and a key with a `+` in it was never found where the URL is shown (found by an adversarial pass).
    const secret = parsed.search
        .slice(1)
        .split('&')
        .flatMap((pair) => {
        const at = pair.indexOf('=');
        const [name, raw] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
        const key = decode(name.replaceAll('+', ' '));
        return (0,_core_secret_env_name_js__WEBPACK_IMPORTED_MODULE_1__/* .isSecretEnvName */ .B)(key) || SECRET_QUERY_NAME.test(key) ? [raw, decode(raw), decode(raw.replaceAll('+', ' '))] : [];
    });
    const values = [...secret, decode(parsed.password), decode(parsed.username)];
    return values.filter((value) => value !== '' && !(0,_core_secret_env_name_js__WEBPACK_IMPORTED_MODULE_1__/* .isOrdinaryValue */ .C)(value));
}
/** Azure OpenAI's hosts (public, US Government, China; Azure AI Foundry's), whose keys go in an `api-key` header. */
const AZURE_HOST = /\.(?:openai\.azure\.(?:com|us|cn)|cognitiveservices\.azure\.(?:com|us|cn)|services\.ai\.azure\.com)$/i;
/**
 * The endpoint URL as the `openai` SDK takes it: without its query, which goes in `defaultQuery`. The SDK
 * appends `/chat/completions` to the base URL as text, so Azure's `\u2026/deployments/x?api-version=2024-10-21`
 * became `?api-version=2024-10-21%2Fchat%2Fcompletions` and every call failed as "404 Resource not found"
 * (found by an adversarial pass). On Azure's hosts the key goes in the `api-key` header, as the SDK's own
 * Azure client sends it: its deployment endpoints refuse a key sent as a bearer token (401). A URL that
 * cannot be read is passed on as it is.
 */
function sdkEndpoint(url, apiKey) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return { baseURL: url };
    }
    const defaultHeaders = AZURE_HOST.test(parsed.hostname) ? { defaultHeaders: { 'api-key': apiKey, Authorization: null } } : {};
    if (parsed.search === '')
        return { baseURL: url, ...defaultHeaders };
    const defaultQuery = Object.fromEntries(parsed.searchParams);
    parsed.search = '';
    parsed.hash = '';
    return { baseURL: parsed.toString(), defaultQuery, ...defaultHeaders };
}
/**
 * For a message saying no API key is given: that a server of another host than OpenAI's may need none, and then
 * takes any value (Ollama, vLLM, LM Studio); '' for OpenAI's own endpoint or a URL that cannot be read.
 */
function keylessServerNote(baseURL) {
    let host;
    try {
        host = new URL(baseURL ?? '').hostname.toLowerCase();
    }
    catch {
        return '';
    }
    return host === 'api.openai.com' ? '' : ` (a server that needs no key, such as Ollama or vLLM at ${host}, takes any value)`;
}


/***/ }),

/***/ 59720:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   FQ: () => (/* binding */ MAX_MODEL_TIMEOUT_SECONDS),
/* harmony export */   cU: () => (/* binding */ DEFAULT_MODEL_TIMEOUT_SECONDS),
/* harmony export */   cs: () => (/* binding */ MODEL_TIMEOUT_SETTINGS),
/* harmony export */   i6: () => (/* binding */ modelWaitSeconds),
/* harmony export */   qg: () => (/* binding */ MODEL_TIMEOUT_RANGE),
/* harmony export */   s2: () => (/* binding */ MODEL_CALL_RETRIES)
/* harmony export */ });
/** How long one model request waits for its answer when neither the plan nor the caller says: 2 minutes. */
const DEFAULT_MODEL_TIMEOUT_SECONDS = 120;
/**
 * The longest wait a setting may give one request: 30 minutes. A call makes up to `MODEL_CALL_RETRIES + 1`
 * requests, and the planner's and the judges' calls run outside the run's timeout, so a longer one could
 * hold a job for hours on an endpoint that never answers.
 */
const MAX_MODEL_TIMEOUT_SECONDS = 1_800;
/** The SDK's retries of one call (the one retry layer): a call makes this many requests more at most. */
const MODEL_CALL_RETRIES = 3;
/**
 * How long one model request of a run waits: the caller's setting (the action's input, the CLI's option), which
 * replaces the plan's `model.timeout_seconds`, else the plan's, else the default. Every front end's runs, the eval's
 * ReAct baseline's included, wait by this one rule.
 */
function modelWaitSeconds(callerSeconds, planSeconds) {
    return callerSeconds ?? planSeconds ?? DEFAULT_MODEL_TIMEOUT_SECONDS;
}
/** What a model timeout setting takes, as its errors say it. */
const MODEL_TIMEOUT_RANGE = `a whole number of seconds from 1 to ${MAX_MODEL_TIMEOUT_SECONDS} (30 minutes)`;
/** Where the wait is set, in the words every front end's message uses: the plan key, the action input, the CLI option. */
const MODEL_TIMEOUT_SETTINGS = 'model.timeout_seconds, the model-timeout-seconds input or --model-timeout-seconds';


/***/ }),

/***/ 95421:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   ju: () => (/* binding */ NameSuggester),
/* harmony export */   qb: () => (/* binding */ nearestName)
/* harmony export */ });
/* unused harmony export SUGGESTION_BUDGET */
/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment), stopping
 * early once it must exceed `limit`. Plain Levenshtein counted `frist` two edits from `first`, and `modle` from
 * `model`, past the one a five-letter word may have: the commonest slip got no "did you mean".
 */
function editDistance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit)
        return limit + 1;
    let before = [];
    let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
    let previousMin = 0;
    for (let i = 1; i <= a.length; i++) {
        const current = [i];
        let rowMin = i;
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                value = Math.min(value, before[j - 2] + 1);
            current.push(value);
            rowMin = Math.min(rowMin, value);
        }
        // A swap reaches back two rows, so a row above the limit may still lead to one within it.
        if (rowMin > limit && previousMin > limit)
            return limit + 1;
        before = previous;
        previous = current;
        previousMin = rowMin;
    }
    return previous[b.length];
}
/** Up to a third of the word may be wrong, at most 3 edits; words under 3 letters only differ in case. */
function editLimit(word) {
    return Math.min(3, Math.max(word.length >= 3 ? 1 : 0, Math.floor(word.length / 3)));
}
/** The candidate (as given, with its lower-case form) closest to `word`, if one is close enough to be a likely typo. */
function closest(word, candidates) {
    const lower = word.toLowerCase();
    const limit = editLimit(word);
    let best;
    let bestDistance = limit + 1;
    for (const [candidate, candidateLower] of candidates) {
        const distance = editDistance(lower, candidateLower, limit);
        if (distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
        }
    }
    return best;
}
/** The candidate closest to `word` by edit distance, if one is close enough to be a likely typo. For a short, fixed list of names. */
function nearestName(word, candidates) {
    return closest(word, [...candidates].map((candidate) => [candidate, candidate.toLowerCase()]));
}
/**
 * How many word-to-candidate comparisons one `NameSuggester` makes at the most. Each misspelt name is
 * compared with every candidate: a plan of 4,000 steps naming 4,000 missing ones took 25 s to validate.
 * Past the budget a name gets no suggestion, and its error still lists the names there are.
 */
const SUGGESTION_BUDGET = 250_000;
/**
 * "Did you mean" for names from a plan that may hold thousands (step ids, tools an MCP server lists):
 * each name is looked up once, the candidates are lower-cased once, and all lookups together make at
 * most SUGGESTION_BUDGET comparisons.
 */
class NameSuggester {
    #candidates;
    #lowered;
    #found = new Map();
    #comparisons = 0;
    constructor(candidates) {
        this.#candidates = candidates;
    }
    nearest(word) {
        if (this.#found.has(word))
            return this.#found.get(word);
        this.#lowered ??= [...this.#candidates].map((candidate) => [candidate, candidate.toLowerCase()]);
        if (this.#comparisons + this.#lowered.length > SUGGESTION_BUDGET)
            return undefined;
        this.#comparisons += this.#lowered.length;
        const near = closest(word, this.#lowered);
        this.#found.set(word, near);
        return near;
    }
}


/***/ }),

/***/ 75709:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   eh: () => (/* binding */ loggedMessage),
/* harmony export */   qe: () => (/* binding */ neutraliseLogText)
/* harmony export */ });
/* unused harmony export quotedLines */
/** U+200B: the runner no longer sees a command, a reader sees no change. */
const BREAK = '\u200B';
// The runner trims .NET white space (char.IsWhiteSpace) before looking for `::`; \s plus U+0085 covers it.
const COMMAND_AT_START = /^([\s\u0085]*):(?=:)/;
/**
 * Text from tools, models and pull requests made safe for the job log. The runner splits output on
 * `\r`, `\n` and `\r\n` and executes `::command::` at the start of a line (after white space) and
 * the legacy `##[command]` anywhere in one; every such opening is broken with U+200B, and line
 * breaks become `\n`. So the action's own commands are the only workflow commands in its log.
 */
function neutraliseLogText(text) {
    // Most text has nothing to break: no `::` (a command's opening), no `##[` and no `\r` (a break that becomes `\n`).
    // Three scans, where splitting every log line and joining it again took the checklist's line 0.55 \u00b5s against 0.05.
    if (!text.includes('::') && !text.includes('##[') && !text.includes('\r'))
        return text;
    return text
        .split(/\r\n|\r|\n/)
        .map((line) => line.replace(COMMAND_AT_START, `$1:${BREAK}`).replaceAll('##[', `#${BREAK}#[`))
        .join('\n');
}
/** Every break a log reader (or its search) may take for a new line: the runner's, and U+2028/U+2029. */
const LOG_LINE_BREAK = /\r\n?|\n|\u2028|\u2029/;
/**
 * A tool's or a model's text, each of its lines under a `\u2502 ` rule: printed as it was, a line
 * `\u2705 3. Deploy to production \u2192 deployed` or `Run succeeded \u2026` read in the log (and its search) as the
 * checklist's own, for a run whose step 3 failed (found by an adversarial pass).
 */
function quotedLines(text) {
    return text.split(LOG_LINE_BREAK).map(quoted);
}
const quoted = (line) => `\u2502 ${line}`;
/**
 * A message the runner logs as it is (an annotation's, a warning's): its first line, the action's own words,
 * then each further line, run text (a tool's stderr, a judge's evidence), under the `\u2502 ` rule.
 */
function loggedMessage(message) {
    const [first = '', ...rest] = message.split(LOG_LINE_BREAK);
    return rest.length === 0 ? message : [first, ...rest.map(quoted)].join('\n');
}


/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

;// CONCATENATED MODULE: ./lib/cli/closed-output.js
/**
 * Lets whoever reads the CLI's output stop reading. `plan-runner validate \u2026 | head` closes the pipe
 * after a few lines; the next write fails with EPIPE, which Node turns into an unhandled 'error' event:
 * a stack trace and exit code 1. The CLI stops writing to that stream instead and carries on, so a run
 * still finishes and writes its report and trace files, and the exit code is still the command's.
 */
function letReaderLeave(stream, name) {
    let said = false;
    stream.on('error', (error) => {
        if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED')
            return;
        // Any other failure to write (a full disk behind a redirect) is the command's failure, said once:
        // each later write fails too, and said it again (found by an adversarial pass).
        process.exitCode = 1;
        if (said)
            return;
        said = true;
        if (stream !== process.stderr)
            process.stderr.write(`plan-runner: could not write to ${name}: ${error.message}\n`);
    });
}

// EXTERNAL MODULE: ./lib/core/batch-output.js
var batch_output = __nccwpck_require__(27141);
// EXTERNAL MODULE: ./lib/cli/neutralise-output.js
var neutralise_output = __nccwpck_require__(47950);
// EXTERNAL MODULE: ./lib/cli/parse-cli-args.js + 1 modules
var parse_cli_args = __nccwpck_require__(24048);
;// CONCATENATED MODULE: ./lib/cli/usage.js
/** The CLI's `--help` text; keep it true to `parse-cli-args.ts`. */
const USAGE = `plan-runner \u2014 run LLM plan-and-execute workflows from a plan file

Usage:
  plan-runner validate <file>... [--model NAME] [--model-timeout-seconds S]
                                            check plan files; print a summary or the errors
                                            (starts each plan's mcp_servers to list their tools)
  plan-runner plan <file> [options]         write (when the plan has only a goal) and validate the
                                            plan, print it as a checklist and a Mermaid graph;
                                            runs no step (its mcp_servers are started to list
                                            their tools, then ended)
  plan-runner run <file> [options]          run a plan and print its live checklist
  plan-runner eval <file> [options]         run the plan N times (with injected faults, against
                                            baselines) and print success rate, goals, model
                                            calls, tokens, cost and duration per variant
  plan-runner --help | --version

Options for validate:
  --model NAME            model to use: replaces the plan's model.name (agents keep theirs);
                          give the one run gets, so max_cost_usd is checked with its price
  --model-timeout-seconds S  replaces every plan's model.timeout_seconds, as run's does: give
                          the one run gets, so a used plan's other wait is not refused

Options for run and plan:
  --input NAME=VALUE      a plan input (repeatable); VALUE is a number or true/false when
                          written as JSON writes one (42, true), else text, as in the action's
                          inputs; an input's default's kind wins (then VALUE must spell one);
                          an empty VALUE is the input not given (its default), as in the action
  --trace FILE            run only: write every event as JSON lines (default: .plan-runner/trace.jsonl)
  --weights-from TRACE    run only: a previous run's trace; ready steps start longest remaining
                          path first, weighing each step by how long it took there (a step it
                          does not know: the mean of those it does; without it, 1 each)
  --agent                 run only: run the task as one agent step that keeps its own TODO
                          list, with every tool the plan offers (the plan has no steps)
  --task TEXT             run only: the task in words: the goal of a plan without steps, or
                          with --agent the agent's task (default: the plan's goal)
  --summary FILE          write the markdown report (run default: .plan-runner/report.md;
                          plan: only when given)
  --resume TRACE          run only: reuse every completed step of that run's trace whose
                          definition and inputs are unchanged, and run the rest (ordered by
                          how long steps took there, unless --weights-from is given); a side
                          effect that ran (or may have) is never repeated
  --approve HASH          run only, with --resume: approve the steps that run paused
                          for (status awaiting-approval: exit 0, or 1 with required
                          goals), by the approval hash its summary shows; refused if the
                          plan file, a plan it uses or the --input values changed
  --record FILE           save every model exchange as JSON lines
  --replay FILE           answer model calls from a recording (no API key, no network)
  --base-url URL          OpenAI-compatible endpoint (default: https://api.openai.com/v1); no
                          user:password@ in it; ?api_key=\u2026 and other credential
                          query values are hidden like the key
  --model NAME            model to use: replaces the plan's model.name (agents keep theirs)
  --model-timeout-seconds S  seconds one model request waits for its answer, 1 to 1800
                          (default: the plan's model.timeout_seconds, else 120); a call
                          asks up to 4 times; raise it for a slow self-hosted endpoint
  --api-key-env NAME      read the API key from this variable (default: OPENAI_API_KEY);
                          a key is never taken on the command line

Options for eval (besides --input, --replay, --base-url, --model, --model-timeout-seconds, --api-key-env):
  --runs N                runs per variant, 1-1000 (default 5)
  --faults FILE           YAML list of faults to inject, e.g.
                          - { tool: fetch, fault: timeout, rate: 0.2 }
                          - { model: planner, fault: bad json, attempt: 1 }
  --seed S                seed for the fault draws (default 1): the same seed, the same faults
  --baseline NAME         also run react (a plain tool-calling loop) or full-history (every
                          step sees every earlier result); repeatable
  --answers FILE          answer model calls from a YAML file of scripted answers per caller
                          (planner, replanner, step:<id>, goal:<name>, react); no network
  --compare BASE_PLAN     evaluate BASE_PLAN too and report what got worse
  --min-success-rate R    fail (exit 1) when the plan succeeds in fewer than R (0 to 1) of runs;
                          without it, when no run succeeds (0: only measure)
  --max-cost-usd-per-run USD  fail (exit 1) when a run costs more than USD on average
  --max-turns N           turns the react baseline gets (default 20)
  --json FILE             write every figure and run as JSON
  --markdown FILE         write the table as Markdown
  --trace-dir DIR         write each plan run's trace (JSON lines) into DIR (react runs have none)

Exit codes:
  0  the plan is valid / the run succeeded and its required goals are met / it paused
     for approval and has no required goal
  1  invalid plan (or one the model could not write), failed, escalated or cancelled run,
     unmet required goals, or a pause before required goals were checked; eval: a
     threshold not met, no run of the plan succeeded, a regression against --compare,
     a fault rule that injected no fault, or nothing evaluated (no run started, or
     none got a model answer)
  2  usage error (an unknown option; an output path that is a file the command reads or
     another output; with run, plan and eval, an --input the plan does not declare, a
     VALUE its input's default's kind refuses, or a required input left out)
  130  a third Ctrl-C (SIGINT, SIGTERM, SIGHUP; Ctrl-Break on Windows): ended at once, the summary
       and trace possibly cut
`;

;// CONCATENATED MODULE: ./lib/version.js
/** The package version, shown by `--version`. */
const VERSION = '0.1.0';

;// CONCATENATED MODULE: ./lib/cli.js






// Each command's code loads when it is asked for (a chunk of the bundle): `--version` and
// `validate` start without the model client, the runner and the GitHub client.
async function main(argv) {
    try {
        return await runCommandLine(argv);
    }
    catch (error) {
        // Also from a command's own checks before it runs (an output that is one of its inputs).
        if (!(error instanceof parse_cli_args/* UsageError */.eb))
            throw error;
        // A usage error quotes the command line, where a secret may be: stderr hides the environment's (neutraliseOutput).
        process.stderr.write(`plan-runner: ${error.message}\n${error.usage ? `\n${USAGE}` : 'plan-runner --help lists the commands and their options.\n'}`);
        return 2;
    }
}
async function runCommandLine(argv) {
    const command = (0,parse_cli_args/* parseCliArgs */.hT)(argv);
    switch (command.command) {
        case 'help':
            process.stdout.write(USAGE);
            return 0;
        case 'version':
            process.stdout.write(`plan-runner ${VERSION}\n`);
            return 0;
    }
    // Every command below reads and writes in the current folder, the repository root: one removed after the shell entered
    // it (a `git worktree remove`, a `rm -rf` in another shell) made each an "internal error" (found by an adversarial pass).
    try {
        process.cwd();
    }
    catch {
        process.stderr.write('plan-runner: the current folder no longer exists (it was removed after the shell entered it); cd to the repository root and run the command again\n');
        return 1;
    }
    // Every command below may compile a pattern: a copy without the regex engine's file says so, not that a pattern is bad.
    const incomplete = (await __nccwpck_require__.e(/* import() */ 118).then(__nccwpck_require__.bind(__nccwpck_require__, 43118))).regexEngineMissing();
    if (incomplete) {
        process.stderr.write(`plan-runner: ${incomplete}\n`);
        return 1;
    }
    // Every command below loads chunks of the bundle: a second run takes their compiled code from the cache.
    // Loaded here, as --help and --version need none of it (it makes a folder, with the checks every folder plan-runner makes gets).
    (await __nccwpck_require__.e(/* import() */ 956).then(__nccwpck_require__.bind(__nccwpck_require__, 59956))).enableCompileCache();
    // Before any command's module builds a schema (see plan/zod-jitless.ts); --help and --version need no zod.
    await Promise.all(/* import() */[__nccwpck_require__.e(160), __nccwpck_require__.e(621)]).then(__nccwpck_require__.bind(__nccwpck_require__, 60621));
    // Before any command's first request: Node's fetch ignores the proxy variables a proxied runner sets.
    const { warning } = (await __nccwpck_require__.e(/* import() */ 724).then(__nccwpck_require__.bind(__nccwpck_require__, 73724))).sendFetchThroughProxy(process.env);
    if (warning)
        process.stderr.write(`plan-runner: warning: ${warning}\n`);
    switch (command.command) {
        case 'validate': {
            const { validateCommand } = await Promise.all(/* import() */[__nccwpck_require__.e(160), __nccwpck_require__.e(439), __nccwpck_require__.e(478), __nccwpck_require__.e(175)]).then(__nccwpck_require__.bind(__nccwpck_require__, 19175));
            // Ctrl-C ends the MCP servers a plan started to list its tools: in their own process group, they do not get it.
            const controller = new AbortController();
            (await __nccwpck_require__.e(/* import() */ 22).then(__nccwpck_require__.bind(__nccwpck_require__, 62022))).cancelOnSignals(controller, (line) => process.stderr.write(line), { stopping: 'ending the MCP servers it started; once more ends it at once' });
            return (await validateCommand(command.files, (line) => process.stdout.write(`${line}\n`), { signal: controller.signal, ...(command.model !== undefined && { model: command.model }), ...(command.modelTimeoutSeconds !== undefined && { modelTimeoutSeconds: command.modelTimeoutSeconds }) })) ? 0 : 1;
        }
        case 'run':
        case 'plan':
        case 'eval': {
            const controller = new AbortController();
            (await __nccwpck_require__.e(/* import() */ 22).then(__nccwpck_require__.bind(__nccwpck_require__, 62022))).cancelOnSignals(controller, (line) => process.stderr.write(line));
            if (command.command === 'eval')
                return (await Promise.all(/* import() */[__nccwpck_require__.e(126), __nccwpck_require__.e(435), __nccwpck_require__.e(160), __nccwpck_require__.e(439), __nccwpck_require__.e(488), __nccwpck_require__.e(745), __nccwpck_require__.e(894), __nccwpck_require__.e(478), __nccwpck_require__.e(76), __nccwpck_require__.e(159), __nccwpck_require__.e(651), __nccwpck_require__.e(566), __nccwpck_require__.e(562), __nccwpck_require__.e(198)]).then(__nccwpck_require__.bind(__nccwpck_require__, 48198))).evalCommand(command, controller.signal);
            if (command.command === 'run')
                return (await Promise.all(/* import() */[__nccwpck_require__.e(160), __nccwpck_require__.e(439), __nccwpck_require__.e(478), __nccwpck_require__.e(76), __nccwpck_require__.e(159), __nccwpck_require__.e(864), __nccwpck_require__.e(562), __nccwpck_require__.e(69)]).then(__nccwpck_require__.bind(__nccwpck_require__, 58069))).runCommand(command, controller.signal);
            return (await Promise.all(/* import() */[__nccwpck_require__.e(160), __nccwpck_require__.e(439), __nccwpck_require__.e(478), __nccwpck_require__.e(76), __nccwpck_require__.e(159), __nccwpck_require__.e(864), __nccwpck_require__.e(795)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7795))).planCommand(command, controller.signal);
        }
    }
}
// Run in a CI step, the CLI's output is the job log: outside text must not become workflow commands there;
// and nothing it prints, a terminal's included, shows the environment's secret values.
// One write per turn of the event loop to a pipe or a file (see batchOutput), under the wrappers below.
(0,batch_output/* batchOutput */.Y)(process.stdout, [process.stderr]);
(0,neutralise_output/* neutraliseOutput */.Wj)(process.stdout);
(0,neutralise_output/* neutraliseOutput */.Wj)(process.stderr);
letReaderLeave(process.stdout, 'standard output');
letReaderLeave(process.stderr, 'standard error');
process.on('unhandledRejection', (reason) => {
    process.stderr.write(`plan-runner: internal error: ${String(reason)}\n`);
    process.exit(1);
});
main(process.argv.slice(2)).then((code) => {
    // An output that could not be written (letReaderLeave) has made it 1 already.
    if (!process.exitCode)
        process.exitCode = code;
}, (error) => {
    process.stderr.write(`plan-runner: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
});

