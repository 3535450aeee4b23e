export const id = 159;
export const ids = [159,305];
export const modules = {

/***/ 32417:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  s: () => (/* binding */ checkOutputPaths)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./lib/core/real-path-ahead.js
var real_path_ahead = __webpack_require__(76095);
;// CONCATENATED MODULE: ./lib/core/file-identity.js



/**
 * What identifies a file, however it is spelled: the device and inode of one that exists (symlinks and
 * hard links included), else the real path of its deepest existing folder joined with the rest. A device
 * or a FIFO (`/dev/null`) is undefined: writing it twice destroys nothing.
 */
function fileIdentity(file) {
    try {
        const stat = (0,external_node_fs_.statSync)(external_node_path_.resolve(file));
        return stat.isFile() || stat.isDirectory() ? `${stat.dev}:${stat.ino}` : undefined;
    }
    catch {
        // Not there (yet): where it would be created.
        return (0,real_path_ahead/* realPathAhead */.v)(file);
    }
}
/** Whether two paths name the same file (a trace resumed in place, by `--resume` or `resume-from`), however each is spelled. */
function sameFile(a, b) {
    if (path.resolve(a) === path.resolve(b))
        return true;
    const identity = fileIdentity(a);
    return identity !== undefined && identity === fileIdentity(b);
}

// EXTERNAL MODULE: ./lib/core/cut-text.js
var cut_text = __webpack_require__(86919);
// EXTERNAL MODULE: ./lib/core/error-text.js
var error_text = __webpack_require__(7437);
// EXTERNAL MODULE: ./lib/core/create-output-folder.js
var create_output_folder = __webpack_require__(9098);
// EXTERNAL MODULE: ./lib/core/open-output-file.js
var open_output_file = __webpack_require__(97712);
// EXTERNAL MODULE: ./lib/core/output-path-refused-error.js
var output_path_refused_error = __webpack_require__(65542);
// EXTERNAL MODULE: ./lib/cli/parse-cli-args.js + 1 modules
var parse_cli_args = __webpack_require__(24048);
// EXTERNAL MODULE: ./lib/core/output-folder-name.js
var output_folder_name = __webpack_require__(73919);
;// CONCATENATED MODULE: ./lib/cli/check-output-paths.js










/** The longest file name (one path component) in bytes that ext4, APFS and most file systems take. */
const MAX_NAME_BYTES = 255;
/** Throws `UsageError` when an output is an input (other than the one it may rewrite) or another output. */
function refuseOverlaps(outputs, inputs) {
    const seen = [];
    for (const [option, file, rewrittenBy] of inputs) {
        const id = file === undefined ? undefined : fileIdentity(file);
        if (id !== undefined)
            seen.push({ option, file: file, id, input: true, ...(rewrittenBy !== undefined && { rewrittenBy }) });
    }
    for (const [option, file] of outputs) {
        const id = file === undefined ? undefined : fileIdentity(file);
        if (id === undefined)
            continue;
        const clash = seen.find((other) => other.id === id && other.rewrittenBy !== option);
        if (clash) {
            const what = clash.input ? `would overwrite ${clash.option} ${clash.file}, which this command reads` : `is the same file as ${clash.option} ${clash.file}, which this command writes too`;
            throw new parse_cli_args/* UsageError */.eb(`${option} ${file} ${what}; choose another path for ${option}`);
        }
        seen.push({ option, file: file, id, input: false });
    }
}
/** Whether `file` names a folder by its spelling: a trailing separator, or a last name of `.` or `..`. */
function namesFolder(file) {
    return file.endsWith('/') || file.endsWith(external_node_path_.sep) || ['.', '..'].includes(external_node_path_.basename(file));
}
/**
 * Checks the files a command will write, before it runs: none may be a file the command reads (the plan,
 * a recording, a trace, a fault file\u2026: `UsageError`, exit 2), nor another of its outputs. Then creates
 * their folders, so a path that cannot be used (`--trace /proc/\u2026`, a read-only folder) is said at once
 * instead of after the run, and refuses a final symlink or a linked `.plan-runner` (a checkout can hold
 * either, pointing anywhere); returns false after saying which.
 */
function checkOutputPaths(outputs, inputs = []) {
    refuseOverlaps(outputs, inputs);
    for (const [option, file] of outputs) {
        if (file === undefined)
            continue;
        // `--summary out/`, `--trace notes.md/`: a folder by its spelling, not there yet (or a file named as one). It
        // passed, the run ran, and then the report was not written (EISDIR) and the trace was lost (an adversarial hunt).
        if (namesFolder(file)) {
            process.stderr.write(`plan-runner: cannot write ${option} ${file}: it names a folder (it ends in ${external_node_path_.sep}, . or ..); name a file (in it, or elsewhere)\n`);
            return false;
        }
        // A name longer than a file system takes (255 bytes on Linux and macOS) was found only after the run.
        if (Buffer.byteLength(external_node_path_.basename(file)) > MAX_NAME_BYTES) {
            process.stderr.write(`plan-runner: cannot write ${option} ${file}: its name is ${Buffer.byteLength(external_node_path_.basename(file))} bytes, more than the ${MAX_NAME_BYTES} a file system takes; choose a shorter name\n`);
            return false;
        }
        // A folder would be found only when the run ends, its work done: `--summary /tmp`.
        let stat;
        try {
            stat = (0,external_node_fs_.statSync)(file, { throwIfNoEntry: false });
        }
        catch (error) {
            // A path no file can have (a loop of links, a name too long) was an internal error (found by an adversarial pass).
            process.stderr.write(`plan-runner: cannot write ${option} ${(0,cut_text/* cutText */.IN)(file, 200)}: cannot use this path (${error.code ?? (0,error_text/* errorText */.k)(error)}); choose another path\n`);
            return false;
        }
        if (stat?.isDirectory()) {
            process.stderr.write(`plan-runner: cannot write ${option} ${file}: it is a folder; name a file (in it, or elsewhere)\n`);
            return false;
        }
        // Opening a FIFO no one reads blocks the whole process, signals included, once the run has ended:
        // a device (`/dev/null`, `/dev/stdout`, whatever it is) is written as asked, a FIFO or socket elsewhere is refused.
        if (stat && !stat.isFile() && !external_node_path_.resolve(file).startsWith(`${external_node_path_.sep}dev${external_node_path_.sep}`) && (stat.isFIFO() || stat.isSocket())) {
            process.stderr.write(`plan-runner: cannot write ${option} ${file}: it is a ${stat.isFIFO() ? 'FIFO' : 'socket'}, which would hold the command until something reads it; name a regular file (or /dev/stdout)\n`);
            return false;
        }
        try {
            // Nothing is written through a symlink (openOutputFile refuses it too); say so before the run, however the path is spelled.
            const outputFolder = external_node_path_.resolve(output_folder_name/* OUTPUT_FOLDER */.z);
            const absolute = external_node_path_.resolve(file);
            if (absolute === outputFolder || absolute.startsWith(`${outputFolder}${external_node_path_.sep}`))
                (0,create_output_folder/* refuseLinkedOutputFolder */.NK)(output_folder_name/* OUTPUT_FOLDER */.z);
            (0,create_output_folder/* createOutputFolder */.An)(file);
            (0,open_output_file/* refuseFinalSymlink */.ME)(file);
        }
        catch (error) {
            const code = error.code;
            const why = error instanceof output_path_refused_error/* OutputPathRefusedError */.l || code === undefined ? (0,error_text/* errorText */.k)(error) : `cannot create its folder (${code}); choose another path`;
            process.stderr.write(`plan-runner: cannot write ${option} ${file}: ${why}\n`);
            return false;
        }
        const unwritable = writeRefusal(file, stat);
        if (unwritable) {
            process.stderr.write(`plan-runner: cannot write ${option} ${file}: ${unwritable}; choose another path\n`);
            return false;
        }
    }
    return true;
}
/**
 * Why `file` (as `stat` found it, before its folder was created) cannot be written, else undefined: a folder
 * that existed read-only, or a read-only file, was found only when the run ended, its work done and its
 * report lost (found by an adversarial pass). A device is written as asked.
 */
function writeRefusal(file, stat) {
    if (stat && !stat.isFile())
        return undefined;
    try {
        (0,external_node_fs_.accessSync)(stat ? file : external_node_path_.dirname(external_node_path_.resolve(file)), external_node_fs_.constants.W_OK);
        return undefined;
    }
    catch (error) {
        const code = error.code ?? (0,error_text/* errorText */.k)(error);
        return stat ? `it is not writable (${code})` : `its folder ${external_node_path_.dirname(file)} is not writable (${code})`;
    }
}


/***/ }),

/***/ 36296:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  tC: () => (/* binding */ cliGitHubContext),
  lA: () => (/* binding */ cliJobSettings),
  tD: () => (/* binding */ cliModelHint),
  Vs: () => (/* binding */ cliRedactor)
});

// UNUSED EXPORTS: CLI_OPTION_NAMES

// EXTERNAL MODULE: ./lib/core/read-input-file.js
var read_input_file = __webpack_require__(2237);
// EXTERNAL MODULE: ./lib/core/trim-end-chars.js
var trim_end_chars = __webpack_require__(33883);
;// CONCATENATED MODULE: ./lib/github/github-run-context.js


/** More than GitHub sends: it caps a webhook payload at 25 MB. */
const MAX_EVENT_BYTES = 64 * 1024 * 1024;
/**
 * The event file's payload, read as every file a user names is (`readInputFile`): a FIFO no one writes (a set-by-hand
 * `GITHUB_EVENT_PATH`) hung the CLI past Ctrl-C and SIGTERM, and `/dev/zero` filled the memory (an adversarial CLI hunt).
 */
function readPayload(file) {
    // No event file (a local run) or an unreadable one: act as for an event without a PR or issue.
    if (!file)
        return { payload: undefined };
    const read = (0,read_input_file/* readInputFile */.jH)(file, MAX_EVENT_BYTES);
    if (!read.ok)
        return { problem: read.problem };
    try {
        return { payload: JSON.parse(read.bytes.toString('utf8')) };
    }
    catch {
        return { problem: 'it is not JSON (the runner writes the event there as JSON)' };
    }
}
/** The head commit of the event's pull request (pull_request, pull_request_target, review events), if it names one. */
function pullRequestHeadSha(payload) {
    const sha = payload?.pull_request?.head?.sha;
    return typeof sha === 'string' && sha !== '' ? sha : undefined;
}
/** The run context from the runner's `GITHUB_*` variables and event file. */
function githubRunContext(env) {
    const { payload, problem } = readPayload(env['GITHUB_EVENT_PATH']);
    const server = (0,trim_end_chars/* trimEndChars */.v)(env['GITHUB_SERVER_URL'] || 'https://github.com', '/');
    const repository = env['GITHUB_REPOSITORY'] || undefined;
    const runId = env['GITHUB_RUN_ID'];
    const given = Number(env['GITHUB_RUN_ATTEMPT'] ?? 1);
    const attempt = Number.isSafeInteger(given) && given >= 1 ? given : 1;
    const runUrl = repository && runId ? `${server}/${repository}/actions/runs/${runId}${attempt > 1 ? `/attempts/${attempt}` : ''}` : undefined;
    const headSha = pullRequestHeadSha(payload) ?? (env['GITHUB_SHA'] || undefined);
    return {
        eventName: env['GITHUB_EVENT_NAME'] ?? '',
        payload,
        apiUrl: env['GITHUB_API_URL'] || 'https://api.github.com',
        ...(repository ? { repository, repositoryUrl: `${server}/${repository}/` } : {}),
        ...(runUrl ? { runUrl } : {}),
        ...(headSha ? { headSha } : {}),
        ...(runId && /^[1-9][0-9]{0,18}$/.test(runId) ? { runId: Number(runId) } : {}),
        attempt,
        ...(env['GITHUB_JOB'] ? { job: env['GITHUB_JOB'] } : {}),
        ...(problem !== undefined && { payloadProblem: problem }),
    };
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
;// CONCATENATED MODULE: ./lib/github/event-target.js

const Repository = schemas.object({ name: schemas.string().min(1), owner: schemas.object({ login: schemas.string().min(1) }) });
const Numbered = schemas.object({ number: schemas.int().positive() });
const Payload = schemas.object({
    repository: Repository.optional(),
    pull_request: Numbered.optional(),
    issue: Numbered.extend({ pull_request: schemas.unknown().optional() }).optional(),
});
/**
 * The events of a pull request whose token is read-only when it comes from a fork (all but
 * `pull_request_target`): the review events name their pull request as `pull_request` does.
 */
const FORK_READ_ONLY_PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_review', 'pull_request_review_comment']);
/**
 * The pull request or issue of a `pull_request`, `pull_request_target`, review (`pull_request_review`,
 * `pull_request_review_comment`), `issue_comment` or `issues` event, from its payload; undefined for other
 * events (a schedule or a push has none to comment on). `repository` ("owner/name", i.e. `GITHUB_REPOSITORY`)
 * is used when the payload has none.
 */
function eventTarget(eventName, payload, repository) {
    const parsed = Payload.safeParse(payload);
    if (!parsed.success)
        return undefined;
    const { data } = parsed;
    const [fallbackOwner, fallbackRepo] = repository?.split('/') ?? [];
    const owner = data.repository?.owner.login ?? fallbackOwner;
    const repo = data.repository?.name ?? fallbackRepo;
    if (!owner || !repo)
        return undefined;
    switch (eventName) {
        case 'pull_request':
        case 'pull_request_target':
        // Told the event had no pull request, a review's run wrote no comment, and its escalation opened an issue (adversarial pass).
        case 'pull_request_review':
        case 'pull_request_review_comment':
            return data.pull_request ? { owner, repo, number: data.pull_request.number, kind: 'pull_request' } : undefined;
        case 'issue_comment':
        case 'issues':
            if (!data.issue)
                return undefined;
            // An issue_comment on a pull request carries `issue.pull_request`; the number is shared.
            return { owner, repo, number: data.issue.number, kind: data.issue.pull_request ? 'pull_request' : 'issue' };
        default:
            return undefined;
    }
}

;// CONCATENATED MODULE: ./lib/github/toolset-github-context.js


/**
 * The github toolset's context from the runner's event: this repository, and the event's pull request and its commit
 * (`headSha` when the run is for another than the event names: an approved run's is the paused run's).
 */
function toolsetGitHubContext(run, octokit, headSha) {
    const [owner, repo] = run.repository?.split('/') ?? [];
    const url = run.repositoryUrl;
    const target = eventTarget(run.eventName, run.payload, run.repository);
    const pullHeadSha = target?.kind === 'pull_request' ? (headSha ?? pullRequestHeadSha(run.payload)) : undefined;
    return {
        ...(octokit ? { octokit } : {}),
        ...(owner && repo && url ? { repository: { owner, repo, url } } : {}),
        ...(target?.kind === 'pull_request' ? { pullNumber: target.number } : {}),
        ...(pullHeadSha !== undefined && { pullHeadSha }),
    };
}

// EXTERNAL MODULE: ./lib/core/redact.js + 1 modules
var redact = __webpack_require__(21673);
// EXTERNAL MODULE: ./lib/job/job-secrets.js
var job_secrets = __webpack_require__(71396);
// EXTERNAL MODULE: ./lib/cli/parse-cli-args.js + 1 modules
var parse_cli_args = __webpack_require__(24048);
// EXTERNAL MODULE: ./lib/llm/base-url.js
var base_url = __webpack_require__(99882);
;// CONCATENATED MODULE: ./lib/cli/cli-job-settings.js






/**
 * What every CLI command hides in everything it prints and writes (`jobSecrets`): the API key, the
 * environment's secret-named variables, the values of secret-named `--input`s, and the values of the
 * --base-url's query (`?api_key=\u2026`).
 */
function cliRedactor(args, env) {
    return (0,redact/* createRedactor */.lY)((0,job_secrets/* jobSecrets */.p)({ apiKey: env[args.apiKeyEnv] || undefined, baseURL: args.baseUrl, env, inputs: args.inputs }));
}
/** What to do when no model is configured: name the variable the key is read from, which --api-key-env may have changed. */
function cliModelHint(apiKeyEnv, baseUrl, instead = '--replay FILE') {
    return `${apiKeyEnv} is empty or not set (the API key is read from it${apiKeyEnv === parse_cli_args/* DEFAULT_API_KEY_ENV */.Zo ? '; --api-key-env NAME reads another' : ', as --api-key-env says'}); set it${(0,base_url/* keylessServerNote */.k4)(baseUrl)}, or use ${instead}`;
}
/** The task and the modes as the CLI's flags, for messages that say what to change. */
const CLI_OPTION_NAMES = { task: '--task', agent: '--agent', notAgent: 'without --agent', fresh: 'run it without --resume' };
/**
 * The github toolset's context as the CLI has it: with GITHUB_TOKEN set, a client, and the repository
 * and pull request from the GITHUB_* variables, as the action would have them. The GitHub client loads only then.
 */
async function cliGitHubContext(env, redact) {
    const token = env.GITHUB_TOKEN;
    const warn = (message) => process.stderr.write(`warning: ${redact(message)}\n`);
    const octokit = token ? (await Promise.all(/* import() */[__webpack_require__.e(652), __webpack_require__.e(868)]).then(__webpack_require__.bind(__webpack_require__, 45868))).createOctokit({ token, warn }) : undefined;
    const run = githubRunContext(env);
    // Set by hand, as the README says for a pull request: a wrong file was taken silently as an event without one.
    if (run.payloadProblem)
        warn(`GITHUB_EVENT_PATH ${env.GITHUB_EVENT_PATH}: ${run.payloadProblem}; the github toolset sees no pull request or issue of the event`);
    return toolsetGitHubContext(run, octokit);
}
/**
 * The job a CLI command asks for: the plan file in the current directory, the model from the
 * flags and the key from its variable, and \u2014 with GITHUB_TOKEN set \u2014 the github toolset's context
 * from the GITHUB_* variables, as the action would have it. The GitHub client loads only then.
 */
async function cliJobSettings(args, env, redact, mode) {
    const github = await cliGitHubContext(env, redact);
    return {
        planFile: args.file,
        ...(args.task !== undefined && { task: args.task }),
        inputs: args.inputs,
        ...(args.emptyInputs.length > 0 && { emptyInputs: args.emptyInputs }),
        cwd: process.cwd(),
        env,
        model: {
            baseURL: args.baseUrl,
            apiKey: env[args.apiKeyEnv] || undefined,
            model: args.model,
            ...(args.modelTimeoutSeconds !== undefined && { timeoutSeconds: args.modelTimeoutSeconds }),
            record: args.record,
            replay: args.replay,
            missingHint: cliModelHint(args.apiKeyEnv, args.baseUrl),
            warn: (message) => void process.stderr.write(`warning: ${redact(message)}\n`),
        },
        mode,
        github,
        optionNames: CLI_OPTION_NAMES,
    };
}


/***/ }),

/***/ 41491:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ usedPlanFiles)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var _core_run_event_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8463);
/* harmony import */ var _plan_parse_plan_yaml_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(84700);
/* harmony import */ var _plan_plan_file_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7743);





/**
 * The plan files `planFile` uses through `type: plan` steps (`uses:`, relative to the working directory,
 * the repository root, as the loader reads them), at every depth, and the files the commands of these plans
 * name (a tool's, a command goal's or an MCP server's program and script, as they run from that root), as
 * inputs the command reads: an output named like one would overwrite it (a trace opened before the run
 * emptied a used plan before it loaded, and replaced a tool's script with JSON lines).
 * Read leniently: a file that cannot be read or parsed adds nothing here, and the job reports it.
 */
async function usedPlanFiles(planFile, cwd = process.cwd()) {
    const found = new Map();
    const run = new Set();
    let layer = [node_path__WEBPACK_IMPORTED_MODULE_1__.resolve(planFile)];
    for (let depth = 0; depth < _core_run_event_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_PLAN_DEPTH */ .Z1 && layer.length > 0; depth++) {
        const next = [];
        for (const file of layer) {
            const refs = await refsOf(file);
            for (const uses of refs.uses) {
                const resolved = node_path__WEBPACK_IMPORTED_MODULE_1__.resolve(cwd, uses);
                if (found.has(resolved) || resolved === node_path__WEBPACK_IMPORTED_MODULE_1__.resolve(planFile))
                    continue;
                found.set(resolved, uses);
                next.push(resolved);
            }
            for (const word of refs.commandWords) {
                const resolved = node_path__WEBPACK_IMPORTED_MODULE_1__.resolve(cwd, word);
                if (!run.has(resolved) && isFile(resolved))
                    run.add(resolved);
            }
        }
        layer = next;
    }
    return [
        ...[...found].map(([file, uses]) => [`the plan ${uses} it uses`, file]),
        ...[...run].map((file) => ["the plan's command file", file]),
    ];
}
/** Whether `file` is a regular file; a word that is no path (`-e`, code, a name too long) is not. */
function isFile(file) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(file, { throwIfNoEntry: false })?.isFile() ?? false;
    }
    catch {
        return false;
    }
}
/** The string words of a `command:` list, if `value` holds one. */
function commandWords(value) {
    const command = value !== null && typeof value === 'object' ? value.command : undefined;
    return Array.isArray(command) ? command.filter((word) => typeof word === 'string') : [];
}
/** The values of a map (`tools:`, `mcp_servers:`) or the items of a list (`goals:`); none for anything else. */
function entries(value) {
    return value !== null && typeof value === 'object' ? Object.values(value) : [];
}
/** The `uses:` of the steps in one plan file and the words of its commands; none when it cannot be read. */
async function refsOf(file) {
    // Not blocking on a FIFO (`run fifo` hung before the loader could say "not a file", past Ctrl-C), nor
    // reading a device without end: what the loader refuses adds nothing here.
    const text = (0,_plan_plan_file_text_js__WEBPACK_IMPORTED_MODULE_3__/* .planFileText */ .X)(file);
    // Parsed whole, with no look at the text first: a plan written as JSON quotes its keys (`"uses": "sub.yml"`), which
    // a search for `uses:` missed, and `run --trace sub.yml` overwrote the plan it used.
    if (text === undefined)
        return { uses: [], commandWords: [] };
    // Read as the loader reads it (its size, depth and alias bounds, its fast reader): a plan's alias bomb costs nothing here.
    const parsed = await (0,_plan_parse_plan_yaml_js__WEBPACK_IMPORTED_MODULE_2__/* .parsePlanYaml */ .O8)(text, file);
    if (!parsed.ok)
        return { uses: [], commandWords: [] };
    const value = parsed.parsed.value;
    const steps = Array.isArray(value?.workflow_sequence) ? value.workflow_sequence : [];
    return {
        uses: steps.flatMap((step) => (step !== null && typeof step === 'object' && typeof step.uses === 'string' ? [step.uses] : [])),
        commandWords: [value?.tools, value?.goals, value?.mcp_servers].flatMap((group) => entries(group).flatMap(commandWords)),
    };
}


/***/ }),

/***/ 70678:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ balancedJsonEnd)
/* harmony export */ });
/**
 * The end (exclusive) of the balanced `{\u2026}` or `[\u2026]` that opens at `start`, strings respected; undefined when it
 * does not close before `limit` (default: the text's end).
 */
function balancedJsonEnd(text, start, limit = text.length) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < Math.min(limit, text.length); i += 1) {
        const c = text[i];
        if (inString) {
            if (c === '\\')
                i += 1;
            else if (c === '"')
                inString = false;
        }
        else if (c === '"')
            inString = true;
        else if (c === '{' || c === '[')
            depth += 1;
        else if (c === '}' || c === ']') {
            depth -= 1;
            if (depth === 0)
                return i + 1;
        }
    }
    return undefined;
}


/***/ }),

/***/ 41708:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ byteOrderMarkNote)
/* harmony export */ });
/**
 * ` (it starts with a byte order mark: \u2026)` when the first line of a file plan-runner wrote and a person saved
 * again starts with one (an editor's U+FEFF), which JSON does not take; '' otherwise. Said after "is not JSON".
 */
function byteOrderMarkNote(firstLine) {
    return firstLine.startsWith('\uFEFF') ? ' (it starts with a byte order mark: save the file as UTF-8 without one)' : '';
}


/***/ }),

/***/ 94360:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ isCarriedLine)
/* harmony export */ });
/**
 * Whether `event` is one of the lines a resumed run carries from the run it resumes, which its `plan_created`
 * counts (`carries`): a result (`result_carried`) or a side-effect call (`tool_called` of kind `inherited`). The
 * run counts them, the trace writer holds its first lines until they have all come, and a resume refuses a
 * trace that holds fewer.
 */
function isCarriedLine(event) {
    return event.type === 'result_carried' || (event.type === 'tool_called' && event.kind === 'inherited');
}


/***/ }),

/***/ 91601:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qy: () => (/* binding */ loopCaughtUp),
/* harmony export */   ml: () => (/* binding */ systemClock)
/* harmony export */ });
/* unused harmony export loopIdle */
/**
 * Resolves at the first `everyMs` in which the event loop waited for I/O more than it worked
 * (`performance.eventLoopUtilization`), or after `atMostMs`.
 */
function loopIdle({ everyMs, atMostMs, signal, unref = false }) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const started = performance.now();
        let last = performance.eventLoopUtilization();
        let timer;
        const later = () => {
            timer = setTimeout(look, everyMs);
            if (unref)
                timer.unref();
        };
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal?.reason);
        };
        const look = () => {
            const now = performance.eventLoopUtilization();
            const recent = performance.eventLoopUtilization(now, last);
            last = now;
            if (recent.utilization < 0.5 || (atMostMs !== undefined && performance.now() - started >= atMostMs)) {
                signal?.removeEventListener('abort', onAbort);
                resolve();
            }
            else
                later();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        later();
    });
}
/**
 * Resolves once the event loop has caught up: at the first 5 ms in which it waited for I/O more than
 * it worked, or 1 s later at the latest. A deadline waits for this once due, before it is declared.
 * When the loop was blocked past a deadline (a large module compiling, such as the artifact client a
 * run loads while it waits; a long GC pause), the timer and the answer that came in meanwhile are
 * both ready when the loop runs again, and Node runs due timers first: the answer is read only in the
 * turns after, behind whatever else queued up. Once the loop has caught up, an answer that came in
 * time has been read, and a command or step that answered in time is not timed out.
 */
function loopCaughtUp(signal) {
    return loopIdle({ everyMs: 5, atMostMs: 1000, ...(signal && { signal }) });
}
/** The wall clock: `performance.now()` and `setTimeout`. */
const systemClock = {
    now: () => performance.now(),
    sleep(ms, signal) {
        return new Promise((resolve, reject) => {
            if (signal?.aborted) {
                reject(signal.reason);
                return;
            }
            const onAbort = () => {
                clearTimeout(timer);
                reject(signal?.reason);
            };
            const timer = setTimeout(() => {
                signal?.removeEventListener('abort', onAbort);
                resolve();
            }, ms);
            signal?.addEventListener('abort', onAbort, { once: true });
        });
    },
    afterDue: loopCaughtUp,
};


/***/ }),

/***/ 9098:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   An: () => (/* binding */ createOutputFolder),
/* harmony export */   NK: () => (/* binding */ refuseLinkedOutputFolder),
/* harmony export */   Pp: () => (/* binding */ SYSTEM_TREE),
/* harmony export */   ee: () => (/* binding */ isDevicePath),
/* harmony export */   vV: () => (/* binding */ createFolder)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var _system_path_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(29120);
/* harmony import */ var _own_descriptor_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(29705);
/* harmony import */ var _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(65542);





/** `statfs` types of kernel file systems, wherever they are mounted: proc, sysfs, cgroup2, debugfs. */
const KERNEL_FS_TYPES = new Set([0x9fa0, 0x62656572, 0x63677270, 0x64626720]);
/** Why a path in `/proc`, `/sys` or `/dev` (but for a device there) is not written. */
const SYSTEM_TREE = 'it is inside a system tree (/proc, /sys, /dev; only an existing device such as /dev/null can be written)';
/** A path under `/dev`, where only a device is written (`createOutputFolder`). */
function isDevicePath(file) {
    return process.platform !== 'win32' && node_path__WEBPACK_IMPORTED_MODULE_1__.resolve(file).startsWith('/dev/');
}
/**
 * Whether `file`, under `/dev`, is written: only the process's own descriptors (`/dev/stdout`, `/dev/fd/N`) and
 * character or block devices are. A regular file there (`/dev/shm/n.md`) passed the check before the run, was
 * removed as an earlier summary, and was then refused at the run's end: the run failed and the file was gone
 * (found by an adversarial CLI hunt). A link to a device is refused as every final link is (`openOutputFile`).
 */
function isWritableDevice(file) {
    if ((0,_own_descriptor_js__WEBPACK_IMPORTED_MODULE_2__/* .ownDescriptor */ .Y)(file) !== undefined)
        return true;
    try {
        const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(file, { throwIfNoEntry: false });
        return stat !== undefined && (stat.isCharacterDevice() || stat.isBlockDevice());
    }
    catch {
        return false;
    }
}
/** The deepest path of `folder` that exists (the root at worst), spelled as given. */
function deepestExisting(folder) {
    let found = folder;
    while (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(found)) {
        const parent = node_path__WEBPACK_IMPORTED_MODULE_1__.dirname(found);
        if (parent === found)
            break;
        found = parent;
    }
    return found;
}
/**
 * Creates the folder an output file goes in, after checking where it is: `/proc`, `/sys`, `/dev`
 * (but for a device such as `/dev/null` or `/dev/stdout`) and kernel file systems are refused with `OutputPathRefusedError` (Node's recursive `mkdirSync`
 * spins forever under `/proc`, deaf to signals). Every file plan-runner writes goes through here.
 */
function createOutputFolder(file) {
    // A descriptor named by number that is no file or terminal given to the command is Node's own, a pipe, or closed: refused before the run.
    const fd = (0,_own_descriptor_js__WEBPACK_IMPORTED_MODULE_2__/* .namedDescriptor */ .f)(file);
    if (fd !== undefined && (0,_own_descriptor_js__WEBPACK_IMPORTED_MODULE_2__/* .ownDescriptor */ .Y)(file) === undefined) {
        throw new _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__/* .OutputPathRefusedError */ .l(file, `descriptor ${fd} is not a file or terminal open for writing (standard input, a pipe, or one opened only for reading): give it one in the shell, ${fd}>file`);
    }
    // A device (`--trace /dev/null`) needs no folder and is written like a file; nothing else under /dev is written.
    if (isDevicePath(file)) {
        if (!isWritableDevice(file))
            throw new _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__/* .OutputPathRefusedError */ .l(file, SYSTEM_TREE);
        return;
    }
    createFolder(node_path__WEBPACK_IMPORTED_MODULE_1__.dirname(file), { for: file });
}
/**
 * Creates `folder` and the folders above it that are missing, refusing (`OutputPathRefusedError`, naming
 * `options.for`, the file it is made for) one in a system tree or on a kernel file system, where Node's
 * recursive `mkdirSync` spins forever, deaf to signals; throws for a file on the way. Every folder
 * plan-runner makes for its own files goes through here: the CLI's compile cache under `HOME=/proc/self`
 * hung every command (found by an adversarial CLI hunt).
 */
function createFolder(folder, options = {}) {
    const shown = options.for ?? folder;
    const absolute = node_path__WEBPACK_IMPORTED_MODULE_1__.resolve(folder);
    const existing = deepestExisting(folder);
    // `mkdir` would say only EEXIST or ENOTDIR: `--trace-dir report.md` names a file as a folder.
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(existing).isDirectory())
        throw new Error(`${existing} is not a folder, so nothing can be written in it; choose another path`);
    const ancestor = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(existing);
    if ((0,_system_path_js__WEBPACK_IMPORTED_MODULE_4__/* .isSystemPath */ .b)(absolute) || (0,_system_path_js__WEBPACK_IMPORTED_MODULE_4__/* .isSystemPath */ .b)(ancestor)) {
        throw new _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__/* .OutputPathRefusedError */ .l(shown, SYSTEM_TREE);
    }
    let type;
    try {
        type = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statfsSync)(ancestor).type;
    }
    catch {
        type = undefined; // statfs is missing on some platforms; the path check above still holds
    }
    if (type !== undefined && KERNEL_FS_TYPES.has(Number(type))) {
        throw new _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__/* .OutputPathRefusedError */ .l(shown, `${ancestor} is on a kernel file system`);
    }
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdirSync)(absolute, { recursive: true, ...(options.mode !== undefined && { mode: options.mode }) });
}
/**
 * Refuses the folder plan-runner writes in by default (the CLI's `.plan-runner`, the action's output
 * folder) when it is a symlink: a checkout can hold `.plan-runner -> /anywhere`, and every default output
 * would land there. The CLI refuses it for any output under `.plan-runner/`, named or by default: the
 * name is plan-runner's, and a checkout can plant it. Any other folder a user names is theirs to link.
 */
function refuseLinkedOutputFolder(folder) {
    let linked = false;
    try {
        linked = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(folder).isSymbolicLink();
    }
    catch {
        return; // not there yet: it is created as a folder
    }
    if (linked)
        throw new _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__/* .OutputPathRefusedError */ .l(folder, 'it is plan-runner\'s default output folder, and it is a symbolic link (a checkout can hold one pointing anywhere); remove the link');
}


/***/ }),

/***/ 74947:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   g: () => (/* binding */ dependencyOrder)
/* harmony export */ });
/**
 * `steps` with every step after each step it depends on (Kahn's order; declaration order among those ready
 * together), and each step's direct dependents. Edges to a key not in `steps` are left out. A step on a cycle
 * (validation refuses one) is in neither.
 */
function dependencyOrder(steps) {
    const keys = new Set(steps.map((step) => step.key));
    const dependents = new Map();
    const unmet = new Map();
    for (const step of steps) {
        let known = 0;
        for (const dependency of step.dependsOn) {
            if (!keys.has(dependency))
                continue;
            known += 1;
            const list = dependents.get(dependency);
            if (list)
                list.push(step.key);
            else
                dependents.set(dependency, [step.key]);
        }
        unmet.set(step.key, known);
    }
    const order = steps.filter((step) => unmet.get(step.key) === 0).map((step) => step.key);
    for (let i = 0; i < order.length; i++) {
        for (const next of dependents.get(order[i]) ?? []) {
            const left = unmet.get(next) - 1;
            unmet.set(next, left);
            if (left === 0)
                order.push(next);
        }
    }
    return { order, dependents };
}


/***/ }),

/***/ 59246:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RN: () => (/* binding */ decimalsApartFromCap),
/* harmony export */   ZY: () => (/* binding */ MAX_DOLLAR_DECIMALS),
/* harmony export */   gs: () => (/* binding */ dollarsBesideCap),
/* harmony export */   vw: () => (/* binding */ capDecimals)
/* harmony export */ });
/* harmony import */ var _plain_decimal_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51005);

/** The most decimals a dollar figure beside its cap gets. */
const MAX_DOLLAR_DECIMALS = 10;
/**
 * The decimals a cost cap is shown with: those for two significant digits, at least cents (0.50, 0.015, 0.0010), and
 * every decimal it was given (0.125). Cut to two significant digits, `max_cost_usd: 0.125` read `0.13` in the budget-stop
 * message and the cost table, which showed a run stopped at $0.12504 as within its "$0.13" (found by a cost hunt).
 */
function capDecimals(cap) {
    return cap > 0 && Number.isFinite(cap) ? Math.min(MAX_DOLLAR_DECIMALS, Math.max(2, 1 - Math.floor(Math.log10(cap)), (0,_plain_decimal_js__WEBPACK_IMPORTED_MODULE_0__/* .writtenDecimals */ .C)(cap))) : 2;
}
/** `decimals`, or more while a spend that is not the cap would still print as it (0.504 beside 0.50 reads as within it). */
function decimalsApartFromCap(cap, spent, decimals) {
    let apart = decimals;
    while (apart < MAX_DOLLAR_DECIMALS && spent !== cap && spent.toFixed(apart) === cap.toFixed(apart))
        apart += 1;
    return apart;
}
/**
 * A dollar cap and a spend, as text with the same decimals: the cap's own (`capDecimals`), and more while the spend
 * would still print as the cap. The job summary's cost table follows the same two rules (`costCells`).
 */
function dollarsBesideCap(cap, spent) {
    const decimals = decimalsApartFromCap(cap, spent, capDecimals(cap));
    return [cap.toFixed(decimals), spent.toFixed(decimals)];
}


/***/ }),

/***/ 64505:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ dollarsPast),
/* harmony export */   e: () => (/* binding */ dollarsReached)
/* harmony export */ });
/**
 * Dollars compared with a limit at a billionth of a dollar: costs are added as binary fractions, and 0.1 + 0.2 is
 * 0.30000000000000004, so a spend of exactly `max_cost_usd: 0.3` stopped the run as over it, its message showing the
 * cap and the spend as the same number (found by a budget hunt). A spend that is not a number is past any limit.
 */
const NANO = 1e9;
/** Whether `spent` is more than `limit`. */
function dollarsPast(spent, limit) {
    return !(Math.round(spent * NANO) <= Math.round(limit * NANO));
}
/** Whether `spent` has reached `limit`: no more may be spent. */
function dollarsReached(spent, limit) {
    return !(Math.round(spent * NANO) < Math.round(limit * NANO));
}


/***/ }),

/***/ 77259:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CM: () => (/* binding */ chargeHeldLoop),
/* harmony export */   LF: () => (/* binding */ afterLoopTurned),
/* harmony export */   s5: () => (/* binding */ afterHeldLoop)
/* harmony export */ });
/* unused harmony export HELD_LOOP_MS */
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(58500);

/**
 * How long synchronous work that may take seconds (a tool's arguments checked against its input schema, up to 5 s
 * each) may hold the event loop in one turn before more such work waits for the loop to turn.
 */
const HELD_LOOP_MS = 50;
let heldMs = 0;
let turnWatched = false;
/** Charges `ms` of such work to this turn of the event loop; the count starts again once the loop turns. */
function chargeHeldLoop(ms) {
    heldMs += ms;
    if (turnWatched)
        return;
    turnWatched = true;
    setImmediate(() => {
        heldMs = 0;
        turnWatched = false;
    });
}
/**
 * Runs `work` (such work) at once, or, once the work of this turn has held the loop `HELD_LOOP_MS`, after the loop has
 * turned and run its timers (a timer, as `afterLoopTurned` waits), so a timeout or a cancel due meanwhile lands first
 * (then `signal`'s reason is thrown).
 * The test and the work are one synchronous stretch: awaited apart, every item started in the turn passed the test
 * before the first one's work began. The items of a `for_each` step started in one turn checked their arguments one
 * after another: 8 checks of 5 s ran 41.7 s past the step's `timeout_seconds: 3`, and no cancel was heard (found by an
 * agent hunt).
 */
async function afterHeldLoop(signal, work) {
    while (heldMs >= HELD_LOOP_MS)
        await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(0);
    signal.throwIfAborted();
    return work();
}
/**
 * Waits for the event loop to turn and run its timers, then throws `signal`'s reason if it has aborted meanwhile.
 * A timer, not an immediate: a turn's immediates run before its timers when the loop is in its poll phase (an answer
 * read from a socket), so a step's timeout or a cancel due then landed only at the second wait, a whole check later.
 */
async function afterLoopTurned(signal) {
    await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(0);
    signal.throwIfAborted();
}


/***/ }),

/***/ 97052:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   r: () => (/* binding */ jsonLine)
/* harmony export */ });
/** The characters a line reader may end a line at that JSON.stringify writes as they are: NEL, U+2028 and U+2029. */
const LINE_BREAKING = /[\u0085\u2028\u2029]/g;
/**
 * JSON.stringify's text made one line for every JSON-lines reader: NEL (U+0085), U+2028 and U+2029 in its strings
 * written as `\u` escapes, which parse back to the same characters. JSON.stringify escapes the other controls but
 * leaves these, and Python's `str.splitlines()` (the common `read().splitlines()`), .NET's line readers of old and
 * editors end a line at them: a tool's or a model's text holding one cut its trace line in two, neither of them JSON.
 */
function jsonLine(json) {
    // Most lines hold none: looked for as three texts, where a replace with a callback costs more to find nothing. Each
    // trace line is read so: a test of the pattern took 0.3 ns a character (1.3 \u00b5s for a 4 KB result, 30 \u00b5s for
    // 100 KB), three searches of one character each take 0.01 (found by the review of that fix).
    if (!json.includes('\u2028') && !json.includes('\u2029') && !json.includes('\u0085'))
        return json;
    return json.replace(LINE_BREAKING, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}


/***/ }),

/***/ 97712:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BF: () => (/* binding */ writeOutputFile),
/* harmony export */   ME: () => (/* binding */ refuseFinalSymlink),
/* harmony export */   Op: () => (/* binding */ openOutputFile),
/* harmony export */   gR: () => (/* binding */ closeOutputFile)
/* harmony export */ });
/* unused harmony export OUTPUT_FILE_MODE */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var _batch_output_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(27141);
/* harmony import */ var _create_output_folder_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9098);
/* harmony import */ var _own_descriptor_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(29705);
/* harmony import */ var _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(65542);





/** Opening flags of every file plan-runner writes: never through a symlink at the end of the path. */
const NO_FOLLOW = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW ?? 0;
/** The process's own descriptors that `openOutputFile` handed out: `closeOutputFile` leaves them open. */
const borrowed = new Set();
/** The mode a new output file is made with (before the umask): its user's to read and write, no one else's. */
const OUTPUT_FILE_MODE = 0o600;
/** Never waiting on a FIFO at the open (0 where the platform has none); a regular file ignores it. */
const NO_WAIT = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK ?? 0;
/**
 * The flags of `mode` (a device is opened for writing only), without following a final symlink nor waiting for
 * a FIFO's reader (but for a device, which a user names on purpose and is written as asked: a terminal).
 */
function outputFlags(mode, file) {
    const device = file !== undefined && (0,_create_output_folder_js__WEBPACK_IMPORTED_MODULE_1__/* .isDevicePath */ .ee)(file);
    const follow = device ? NO_FOLLOW : NO_FOLLOW | NO_WAIT;
    const access = mode === 'w+' && !device ? node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDWR : node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_WRONLY;
    // Nor made nor emptied under /dev: a device is there already and has nothing to empty, and anything else is refused once open.
    const create = mode === 'a-existing' || device ? 0 : node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_CREAT;
    // Not O_TRUNC: a file is emptied only once it is known to have no other name (`openOutputFile`).
    return access | create | (mode === 'a' || mode === 'a-existing' ? node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_APPEND : 0) | follow;
}
const NOT_REGULAR = 'it is a FIFO or a socket, not a regular file, and writing it would hold the run until something reads it (a step may have put it there); remove it';
/** The error for a file that is a symlink (`ELOOP` from an open with `O_NOFOLLOW`), else the error itself. */
function symlinkRefusal(file, error) {
    return error.code === 'ELOOP'
        ? new _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__/* .OutputPathRefusedError */ .l(file, 'it is a symbolic link, and plan-runner does not write through one (a checkout can hold a link to any file); remove the link or choose another path')
        : error;
}
/**
 * Opens an output file for writing (after `createOutputFolder`), refusing a final symlink with
 * `OutputPathRefusedError`: a checkout can contain `.plan-runner/report.md -> ../../anything`. Folders
 * on the way are followed (an explicit path through a linked `/tmp` works); see
 * `refuseLinkedOutputFolder` for the folder plan-runner writes in by default. Every report, trace and
 * recording is opened here. Returns the file descriptor.
 */
function openOutputFile(file, mode = 'w') {
    // Opened again (as /proc/self/fd/1), `--summary /dev/stdout >> run.log` emptied run.log, and `--trace /dev/stdout > both.log`
    // wrote at an offset of its own, over the checklist's lines (found by an adversarial CLI hunt): the descriptor itself is
    // written, where it stands, after what the process's output holds back.
    const own = (0,_own_descriptor_js__WEBPACK_IMPORTED_MODULE_2__/* .ownDescriptor */ .Y)(file);
    if (own !== undefined) {
        (0,_batch_output_js__WEBPACK_IMPORTED_MODULE_4__/* .flushBatchedOutput */ .$)();
        borrowed.add(own);
        return own;
    }
    if (mode !== 'a-existing')
        (0,_create_output_folder_js__WEBPACK_IMPORTED_MODULE_1__/* .createOutputFolder */ .An)(file);
    let fd;
    try {
        // Made readable by its user only: a trace, a recording or a report holds tool outputs and model answers (a
        // credential a tool printed that no redaction knew), and made 0o666 they were readable by every user of a shared
        // machine (found by a replay hunt). A file that is there keeps the mode it has.
        fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(file, outputFlags(mode, file), OUTPUT_FILE_MODE);
    }
    catch (error) {
        // A FIFO no one reads, opened for writing without waiting.
        if (error.code === 'ENXIO')
            throw new _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__/* .OutputPathRefusedError */ .l(file, NOT_REGULAR);
        throw symlinkRefusal(file, error);
    }
    const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd);
    // Under /dev only a device is written (`createOutputFolder`), and this one may have been put there since.
    if ((0,_create_output_folder_js__WEBPACK_IMPORTED_MODULE_1__/* .isDevicePath */ .ee)(file)) {
        if (stat.isCharacterDevice() || stat.isBlockDevice())
            return fd;
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
        throw new _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__/* .OutputPathRefusedError */ .l(file, _create_output_folder_js__WEBPACK_IMPORTED_MODULE_1__/* .SYSTEM_TREE */ .Pp);
    }
    // Outside /dev only a regular file is written: a FIFO opened at once (read-write, or with a reader) blocked
    // each write once its pipe was full, the whole process with it, deaf to signals (found by an adversarial pass).
    if (!stat.isFile()) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
        throw new _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__/* .OutputPathRefusedError */ .l(file, NOT_REGULAR);
    }
    // A hard link is another name of another file, which O_NOFOLLOW does not see: emptied and written, a trace at a path a
    // step had linked to any file the runner's user may write replaced that file (found by an adversarial hunt).
    if (stat.nlink > 1) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
        throw new _output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_3__/* .OutputPathRefusedError */ .l(file, 'it has another name (a hard link), and writing it would change that file too (a step may have put it there); remove it or choose another path');
    }
    if (mode === 'w' || mode === 'w+')
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.ftruncateSync)(fd, 0);
    return fd;
}
/** Writes `text` to what `openOutputFile` opened; to the process's own descriptor after what its output holds back. */
function writeOutputFile(fd, text) {
    if (borrowed.has(fd))
        (0,_batch_output_js__WEBPACK_IMPORTED_MODULE_4__/* .flushBatchedOutput */ .$)();
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(fd, text);
}
/** Closes what `openOutputFile` opened; a descriptor of the process's own (`/dev/stdout`) stays open. */
function closeOutputFile(fd) {
    if (!borrowed.has(fd))
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
}
/** Throws what `openOutputFile` would for a final symlink, without opening (or truncating) anything: for checks before a run. */
function refuseFinalSymlink(file) {
    if ((0,_own_descriptor_js__WEBPACK_IMPORTED_MODULE_2__/* .ownDescriptor */ .Y)(file) !== undefined)
        return;
    let linked = false;
    try {
        linked = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(file).isSymbolicLink();
    }
    catch {
        return;
    }
    if (linked)
        throw symlinkRefusal(file, Object.assign(new Error('ELOOP'), { code: 'ELOOP' }));
}


/***/ }),

/***/ 65542:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ OutputPathRefusedError)
/* harmony export */ });
/** An output file (report, trace, record) was asked for where plan-runner will not write. */
class OutputPathRefusedError extends Error {
    path;
    constructor(file, reason) {
        super(`refused to write ${file}: ${reason}; choose a path in the workspace or in RUNNER_TEMP`);
        this.name = new.target.name;
        this.path = file;
    }
}


/***/ }),

/***/ 29705:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ ownDescriptor),
/* harmony export */   f: () => (/* binding */ namedDescriptor)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_tty__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7066);



/** The descriptor `/dev/stdout`, `/dev/stderr` or `/dev/fd/N` names, open or not; undefined for any other path. */
function namedDescriptor(file) {
    if (process.platform === 'win32')
        return undefined;
    const absolute = node_path__WEBPACK_IMPORTED_MODULE_1__.resolve(file);
    const named = absolute === '/dev/stdout' ? '1' : absolute === '/dev/stderr' ? '2' : /^\/dev\/fd\/(\d+)$/.exec(absolute)?.[1];
    return named === undefined ? undefined : Number(named);
}
/**
 * The descriptor `/dev/stdout`, `/dev/stderr` or `/dev/fd/N` names, when the process has it open for writing and it is
 * one a user gives a command: standard output and error, and past them a file (`3>file`) or a terminal; else undefined. Each is a
 * link to the process's own open file, which a user names on purpose. Node's own descriptors sit among the low numbers
 * too (libuv's epoll, io_uring, eventfd and wake-up pipes): named as an output, one lost the report with exit 0 and
 * another crashed the CLI (found by an adversarial pass). None of those is a file or a terminal. Node marks those it
 * was started with close-on-exec as it does its own, so that flag tells nothing; a pipe given as `3>&1` or `>(cmd)`
 * cannot be told from libuv's, and is refused with them.
 */
function ownDescriptor(file) {
    const fd = namedDescriptor(file);
    // Standard input is no output: `--trace /dev/fd/0 < file` ran every step and lost the trace (found by a review).
    if (fd === undefined || fd === 0)
        return undefined;
    try {
        if (!(fd <= 2 || (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd).isFile() || (0,node_tty__WEBPACK_IMPORTED_MODULE_2__.isatty)(fd)))
            return undefined;
        // Open for writing: one open only for reading (`3<file`) was taken, and the run went on to lose its trace.
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeSync)(fd, '');
        return fd;
    }
    catch {
        return undefined; // not open, or not for writing: opening the path says why
    }
}


/***/ }),

/***/ 51005:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ writtenDecimals),
/* harmony export */   m: () => (/* binding */ plainDecimal)
/* harmony export */ });
/** The most decimals `Number.prototype.toFixed` writes. */
const MOST_DECIMALS = 100;
/** The decimals `value` is written with at its shortest (`0.125`: 3, `1e-7`: 7), as a plan, an option or an input gives it. */
function writtenDecimals(value) {
    const [digits = '', exponent = '0'] = String(value).split('e');
    return Math.max(0, (digits.split('.')[1]?.length ?? 0) - Number(exponent));
}
/**
 * `value` in decimals, never in exponent notation: `String` writes 0.0000001 as `1e-7`, which a reader of a report
 * takes for a typo and a parser may not read (at most 100 decimals, as `toFixed` writes).
 */
function plainDecimal(value) {
    if (!Number.isFinite(value) || !String(value).includes('e'))
        return String(value);
    // From 1e21 up, `toFixed` writes an exponent too; such a number is whole.
    if (Math.abs(value) >= 1e21)
        return BigInt(value).toString();
    return value.toFixed(Math.min(MOST_DECIMALS, writtenDecimals(value)));
}


/***/ }),

/***/ 76095:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ realPathAhead)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);


/**
 * Where `file` is, or would be created: the real path of its deepest existing part (links followed), with
 * the parts not there yet after it; the absolute path when that part cannot be resolved.
 */
function realPathAhead(file) {
    const absolute = node_path__WEBPACK_IMPORTED_MODULE_1__.resolve(file);
    let existing = absolute;
    while (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(existing) && node_path__WEBPACK_IMPORTED_MODULE_1__.dirname(existing) !== existing)
        existing = node_path__WEBPACK_IMPORTED_MODULE_1__.dirname(existing);
    try {
        return node_path__WEBPACK_IMPORTED_MODULE_1__.join((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(existing), node_path__WEBPACK_IMPORTED_MODULE_1__.relative(existing, absolute));
    }
    catch {
        return absolute;
    }
}


/***/ }),

/***/ 16:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ resultText),
/* harmony export */   y: () => (/* binding */ resultJson)
/* harmony export */ });
/**
 * JSON text of a step result, which may hold what JSON cannot (a tool written in JS may return a bigint or
 * a value that holds itself): a bigint as its digits and a cycle as `"[Circular]"`, as the trace writes
 * them. `JSON.stringify` threw on both, and a view that showed the result (the log's checklist, the PR
 * comment) lost the step's line. Undefined where JSON has no text (undefined, a function, a value nested past the stack).
 */
function resultJson(result, space) {
    // What JSON.stringify would write for these, without its machinery: most results of a long run's steps are such.
    if (typeof result === 'boolean' || result === null || (typeof result === 'number' && Number.isFinite(result)))
        return String(result);
    try {
        return JSON.stringify(result, null, space);
    }
    catch {
        try {
            return JSON.stringify(acyclic(result, new Set()), (_key, value) => (typeof value === 'bigint' ? value.toString() : value), space);
        }
        catch {
            // Nested past the stack, or a toJSON that throws: no JSON text (the caller shows what String() gives).
            return undefined;
        }
    }
}
/** A copy of `value` with each object that holds itself (an ancestor met again) as `"[Circular]"`. */
function acyclic(value, ancestors) {
    if (value === null || typeof value !== 'object')
        return value;
    // Dates and other values that say how they serialise, as JSON.stringify asks them.
    const toJSON = value.toJSON;
    if (typeof toJSON === 'function')
        return acyclic(toJSON.call(value), ancestors);
    if (ancestors.has(value))
        return '[Circular]';
    ancestors.add(value);
    const copy = Array.isArray(value) ? value.map((item) => acyclic(item, ancestors)) : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, acyclic(item, ancestors)]));
    ancestors.delete(value);
    return copy;
}
/** A step result as text: strings as they are, everything else as indented JSON. */
function resultText(result) {
    if (typeof result === 'string')
        return { text: result, json: false };
    const json = resultJson(result, 2);
    return json === undefined ? { text: String(result), json: false } : { text: json, json: true };
}


/***/ }),

/***/ 90422:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HF: () => (/* binding */ unfinishedWork),
/* harmony export */   RE: () => (/* binding */ followRecord),
/* harmony export */   Z8: () => (/* binding */ applyEvent),
/* harmony export */   bK: () => (/* binding */ undoneTodos),
/* harmony export */   hb: () => (/* binding */ finalStepStates),
/* harmony export */   pB: () => (/* binding */ newRunRecord),
/* harmony export */   u2: () => (/* binding */ jobDurationMs),
/* harmony export */   un: () => (/* binding */ undoneInside)
/* harmony export */ });
/* unused harmony export todosNotDone */
/* harmony import */ var _usage_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76940);
/* harmony import */ var _todo_item_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(26055);
/* harmony import */ var _cut_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(86919);



/** How long the job took to its last event: planning, the steps, and the goal checks (judges included). */
function jobDurationMs(record) {
    return Math.max(record.durationMs ?? 0, record.lastAt);
}
/** An empty record, before `plan_created`. */
function newRunRecord() {
    return { steps: new Map(), revisions: [], usage: _usage_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_USAGE */ .y, lastAt: 0, toolCalls: [] };
}
/** Where an agent's list and progress go: its step's record, or for a `for_each` item's agent that item's. */
function agentOf(record, event) {
    const step = stepOf(record, event.stepKey);
    if (event.index === undefined)
        return step;
    // Before the step was expanded there is no item to hold it: it is dropped, not given to the step.
    return step.items?.[event.index] ?? {};
}
/** The call keys each step's `foundDone` counts: a retried step checks the same call again; 10,000 items each one of their own. */
const foundKeys = new WeakMap();
/** Counts a call of `step` found done, once per call. */
function foundDone(step, found) {
    let keys = foundKeys.get(step);
    if (!keys)
        foundKeys.set(step, (keys = new Set()));
    if (keys.has(found.callKey))
        return;
    keys.add(found.callKey);
    const was = step.foundDone ?? { calls: 0, tools: [], madeIn: [] };
    step.foundDone = {
        calls: was.calls + 1,
        tools: was.tools.includes(found.tool) ? was.tools : [...was.tools, found.tool],
        madeIn: was.madeIn.includes(found.madeIn) ? was.madeIn : [...was.madeIn, found.madeIn],
    };
}
function stepOf(record, key) {
    let step = record.steps.get(key);
    if (!step) {
        step = { key, state: 'pending', usage: _usage_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_USAGE */ .y };
        record.steps.set(key, step);
        sinceRejection.get(record)?.push(step);
    }
    return step;
}
/**
 * The steps of a rejected record that were made, or set waiting, since its last rejection: the only ones a
 * rejection after it may find pending or waiting, since a rejection skips every one. Each rejection walked
 * every step, and a trace of 40,000 steps then 40,000 rejections (a saved state another job may have
 * written) took 4.9 s to read, the 256 MiB a trace may hold hours (found by an adversarial pass). A record
 * not rejected yet has no entry: its first rejection looks at every step.
 */
const sinceRejection = new WeakMap();
/**
 * A record's calls with no outcome yet, by step and call key, in the order they were made: a return
 * takes the last of its step's calls with its key, as a search back from the end would. That search,
 * per return, made a trace of 40,000 calls and then their returns (a saved state another job may have
 * written) take 7.3 s to read; the 256 MiB a trace may hold, hours.
 */
class OpenCalls {
    #byStep = new Map();
    constructor(calls) {
        for (const call of calls)
            if (call.outcome === undefined)
                this.add(call);
    }
    add(call) {
        let byKey = this.#byStep.get(call.stepKey);
        if (!byKey)
            this.#byStep.set(call.stepKey, (byKey = new Map()));
        const open = byKey.get(call.callKey);
        if (open)
            open.push(call);
        else
            byKey.set(call.callKey, [call]);
    }
    take(stepKey, callKey) {
        const open = this.#byStep.get(stepKey)?.get(callKey);
        // Only `applyEvent` gives a call its outcome, so the last open one has none.
        while (open?.length) {
            const call = open.pop();
            if (call.outcome === undefined)
                return call;
        }
        return undefined;
    }
}
/** By the record's list of calls, which a copy of the record (`{ ...record }`) shares. */
const openCallsOf = new WeakMap();
function openCalls(calls) {
    let open = openCallsOf.get(calls);
    if (!open)
        openCallsOf.set(calls, (open = new OpenCalls(calls)));
    return open;
}
/** `carriedFailures` by the step each is under (its key's first segment), made at first use. */
const carriedByStep = new WeakMap();
/**
 * What `carried` holds under `stepKey` (`stepKey/\u2026`), in its order. Each reused step searched all of it: a resume
 * reusing 10,000 steps of a run whose used plan left 5,000 undone read 50 million entries, twice the CPU time of the
 * whole run before (found by an adversarial pass).
 */
function carriedUnder(carried, stepKey) {
    if (carried === undefined)
        return [];
    let byStep = carriedByStep.get(carried);
    if (!byStep) {
        byStep = new Map();
        for (const entry of carried) {
            const head = entry[0].split('/', 1)[0];
            const under = byStep.get(head);
            if (under)
                under.push(entry);
            else
                byStep.set(head, [entry]);
        }
        carriedByStep.set(carried, byStep);
    }
    // A key under `stepKey` shares its first segment.
    return (byStep.get(stepKey.split('/', 1)[0]) ?? []).filter(([key]) => key.startsWith(`${stepKey}/`));
}
/**
 * For a listener that keeps the run's state: given each event and the record its sender passed with
 * it (see `RunListener`), the run's record, which is then read and never folded again; for events
 * that come without one (a trace replayed), a record of its own with the event folded in. A run of
 * 10,000 steps folded every event into the run's record and again into each view's (the log's, the
 * step groups', the comment's): each fold cost about 0.8 \u00b5s per step, and as much again in garbage
 * collection of the copies.
 *
 * Throws when a listener given a record is then given another, or an event without it: its view
 * would miss events. A listener that started with a record of its own keeps folding into it.
 */
function followRecord() {
    let own;
    let followed;
    return (event, sent) => {
        if (own)
            return applyEvent(own, event);
        if (followed === undefined && sent === undefined)
            return applyEvent((own = newRunRecord()), event);
        if (sent !== followed && followed !== undefined) {
            throw new Error(`a view of the run was given ${sent === undefined ? 'an event without the run\'s record' : 'the record of another run'} after following one: it cannot show the run`);
        }
        return (followed = sent);
    };
}
/** Folds one event into the record (mutates and returns it). */
function applyEvent(record, event) {
    record.lastAt = event.at;
    switch (event.type) {
        case 'plan_created':
        case 'plan_revised': {
            if (event.type === 'plan_revised' && record.plan) {
                const next = new Set(event.plan.steps.map((step) => step.key));
                for (const step of record.plan.steps)
                    if (!next.has(step.key))
                        (record.replacedPlanSteps ??= new Map()).set(step.key, step);
            }
            record.plan = event.plan;
            if (event.type === 'plan_created' && event.carried && Object.keys(event.carried).length > 0)
                record.carriedFailures = new Map(Object.entries(event.carried));
            for (const step of event.plan.steps)
                stepOf(record, step.key);
            if (event.type === 'plan_revised') {
                record.revisions.push({
                    revision: event.plan.revision,
                    replaced: event.replaced,
                    added: event.added,
                    reason: event.reason,
                });
            }
            break;
        }
        case 'step_started': {
            const step = stepOf(record, event.stepKey);
            step.state = 'in_progress';
            step.startedAt = event.at;
            if (event.reuseKey !== undefined)
                step.reuseKey = event.reuseKey;
            delete step.retry;
            break;
        }
        case 'tool_called': {
            const call = { stepKey: event.stepKey, tool: event.tool, args: event.args, sideEffects: event.sideEffects, callKey: event.callKey, ...(event.kind === 'check' && event.madeIn !== undefined && { madeIn: event.madeIn }) };
            // The index is made from the list at first use, this call then included: added only to one made before.
            const open = openCallsOf.get(record.toolCalls);
            record.toolCalls.push(call);
            open?.add(call);
            break;
        }
        case 'tool_returned': {
            const call = openCalls(record.toolCalls).take(event.stepKey, event.callKey);
            if (call) {
                call.outcome = event.outcome;
                if (event.error !== undefined)
                    call.error = event.error;
                // Found done: the step's result is what the run resumed made, which its line says (else only the trace did).
                if (call.madeIn !== undefined && event.outcome === 'succeeded')
                    foundDone(stepOf(record, event.stepKey), { tool: call.tool, callKey: call.callKey, madeIn: call.madeIn });
            }
            break;
        }
        case 'goals_checked': {
            record.goals = event.goals;
            record.status = event.status;
            if (event.usage)
                record.usage = event.usage;
            if (event.reason !== undefined)
                record.reason = event.reason;
            break;
        }
        case 'step_retrying': {
            const step = stepOf(record, event.stepKey);
            step.retry = { attempt: event.attempt, maxAttempts: event.maxAttempts, waitMs: event.waitMs, error: event.error };
            break;
        }
        case 'step_completed': {
            const step = stepOf(record, event.stepKey);
            step.state = 'completed';
            if (event.attempts !== undefined)
                step.attempts = event.attempts;
            step.result = event.result;
            step.durationMs = event.durationMs;
            step.usage = event.usage;
            if (event.reused)
                step.reused = event.reused.usage;
            if (event.failedItems !== undefined)
                step.failedItems = event.failedItems;
            if (event.partial !== undefined)
                step.partial = event.partial;
            else
                delete step.partial;
            if (event.made)
                step.made = true;
            else
                delete step.made;
            if (event.elsewhere)
                step.elsewhere = true;
            else
                delete step.elsewhere;
            const undone = event.reused ? carriedUnder(record.carriedFailures, event.stepKey) : [];
            if (undone.length > 0)
                step.leftUndone = undone;
            else
                delete step.leftUndone;
            delete step.retry;
            break;
        }
        case 'share_ended': {
            const step = stepOf(record, event.stepKey);
            step.state = event.state;
            if (event.error !== undefined)
                step.error = event.error;
            step.shareDone = true;
            step.durationMs = event.durationMs;
            step.usage = event.usage;
            // Its own items that failed (under on_item_failure: continue), as a whole run's step_completed lists them.
            const failed = (step.items ?? []).flatMap((item, index) => (item.state === 'failed' ? [{ index, key: item.key, error: item.error ?? 'no error message' }] : []));
            if (failed.length > 0)
                step.failedItems = failed;
            delete step.retry;
            break;
        }
        case 'step_failed': {
            const step = stepOf(record, event.stepKey);
            step.state = 'failed';
            if (event.attempts !== undefined)
                step.attempts = event.attempts;
            step.error = event.error;
            step.durationMs = event.durationMs;
            step.usage = event.usage;
            delete step.retry;
            break;
        }
        case 'step_skipped': {
            const step = stepOf(record, event.stepKey);
            step.state = 'skipped';
            step.skipReason = event.reason;
            break;
        }
        case 'step_waiting': {
            const step = stepOf(record, event.stepKey);
            if (step.state !== 'waiting' && step.state !== 'pending')
                sinceRejection.get(record)?.push(step);
            step.state = 'waiting';
            step.waitReason = event.reason;
            break;
        }
        case 'approval_requested': {
            record.approval = event.request;
            break;
        }
        case 'approval_decided': {
            record.decision = { decision: event.decision, hash: event.hash, ...(event.by === undefined ? {} : { by: event.by }) };
            // A rejection ends the run it answers: what waited, and what depended on it, will not run.
            if (event.decision === 'rejected') {
                const who = event.by ? `@${event.by}` : 'a person';
                record.status = 'rejected';
                record.reason = `${who} answered /reject; the steps that awaited approval will not run`;
                for (const step of sinceRejection.get(record) ?? record.steps.values()) {
                    if (step.state !== 'waiting' && step.state !== 'pending')
                        continue;
                    step.state = 'skipped';
                    step.skipReason = `not run: ${who} answered /reject`;
                }
                sinceRejection.set(record, []);
            }
            break;
        }
        case 'todos_created':
        case 'todos_updated': {
            agentOf(record, event).todos = event.todos;
            break;
        }
        case 'agent_turn': {
            const step = agentOf(record, event);
            const progress = (step.agent ??= { turns: 0, maxTurns: event.maxTurns, toolCalls: 0, failedCalls: 0 });
            progress.turns = event.turn;
            progress.maxTurns = event.maxTurns;
            if (event.message.trim() !== '')
                progress.lastMessage = event.message;
            break;
        }
        case 'agent_tool_called': {
            const step = agentOf(record, event);
            // The TODO list is the agent's own note, not work; a call that failed or never ran did nothing.
            if (event.tool === _todo_item_js__WEBPACK_IMPORTED_MODULE_1__/* .WRITE_TODOS */ .q)
                break;
            const progress = (step.agent ??= { turns: event.turn, maxTurns: event.turn, toolCalls: 0, failedCalls: 0 });
            if (event.ok)
                progress.toolCalls += 1;
            else
                progress.failedCalls += 1;
            break;
        }
        case 'model_used': {
            // After the run's end (a goal judge's call, an answer that came late): `goals_checked` gives the total again.
            if (record.status !== undefined) {
                record.usage = (0,_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .addUsage */ .v)(record.usage, event.usage);
                break;
            }
            const step = event.stepKey === undefined ? undefined : record.steps.get(event.stepKey);
            if (step?.state === 'in_progress')
                step.spent = (0,_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .addUsage */ .v)(step.spent ?? _usage_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_USAGE */ .y, event.usage);
            else
                record.spentOutsideSteps = (0,_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .addUsage */ .v)(record.spentOutsideSteps ?? _usage_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_USAGE */ .y, event.usage);
            break;
        }
        case 'nested_event': {
            const step = stepOf(record, event.stepKey);
            step.nested = applyEvent(step.nested ?? newRunRecord(), event.event);
            break;
        }
        case 'step_expanded': {
            const step = stepOf(record, event.stepKey);
            const fanOut = event.fanOut;
            step.items = event.keys.map((key, index) => {
                const shard = fanOut?.assignment[index];
                return shard !== undefined && shard !== fanOut.shard ? { key, state: 'pending', runBy: shard } : { key, state: 'pending' };
            });
            // A shard's `3/12 done` counted the other shards' items as its own undone work.
            const otherShards = step.items.filter((item) => item.runBy !== undefined).length;
            step.itemCounts = { total: event.keys.length - otherShards, ...(otherShards > 0 && { otherShards }), running: 0, completed: 0, failed: 0, reused: 0, reusedUsage: _usage_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_USAGE */ .y };
            break;
        }
        case 'item_started':
        case 'item_retrying':
        case 'item_completed':
        case 'item_failed':
            applyItemEvent(stepOf(record, event.stepKey), event);
            break;
        case 'run_finished': {
            record.status = event.status;
            record.reason = event.reason;
            record.resultStepKey = event.resultStepKey;
            record.durationMs = event.durationMs;
            record.usage = event.usage;
            record.escalation = event.escalation;
            break;
        }
    }
    return record;
}
function applyItemEvent(step, event) {
    const item = step.items?.[event.index];
    const counts = step.itemCounts;
    if (!item || !counts)
        return;
    switch (event.type) {
        case 'item_started':
            item.state = 'in_progress';
            counts.running += 1;
            break;
        case 'item_retrying':
            item.retry = { attempt: event.attempt, maxAttempts: event.maxAttempts, waitMs: event.waitMs, error: event.error };
            break;
        case 'item_completed':
        case 'item_failed':
            if (item.state === 'in_progress')
                counts.running -= 1;
            item.state = event.type === 'item_completed' ? 'completed' : 'failed';
            if (event.type === 'item_completed') {
                item.result = event.result;
                counts.completed += 1;
                if (event.reused) {
                    item.reused = true;
                    counts.reused += 1;
                    counts.reusedUsage = (0,_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .addUsage */ .v)(counts.reusedUsage, event.reused.usage);
                }
            }
            else {
                item.error = event.error;
                counts.failed += 1;
            }
            item.durationMs = event.durationMs;
            if (event.attempts !== undefined)
                item.attempts = event.attempts;
            delete item.retry;
            break;
    }
}
/** The state of every step of the final plan revision: steps a replan replaced are left out. */
function finalStepStates(record) {
    const current = new Set((record.plan?.steps ?? []).map((step) => step.key));
    return new Map([...record.steps].filter(([key]) => current.has(key)).map(([key, step]) => [key, step.state]));
}
/**
 * Work the run did not do although no step of its final plan says failed, by step key: a completed
 * `for_each` step whose items failed under `on_item_failure: continue` (a fan-out shard that never
 * finished included), a step that failed and that a replan then replaced, a step a revision dropped
 * before it ran (a model must not be able to remove a check it could not pass), and, inside a completed
 * `type: plan` step (as `<step>/<inner step>`), each of its plan's steps that did not complete and
 * the work its plan left likewise.
 */
function unfinishedWork(record) {
    const current = new Set((record.plan?.steps ?? []).map((step) => step.key));
    const unfinished = new Map();
    for (const [key, step] of record.steps) {
        if (current.has(key) && step.state === 'completed' && step.failedItems && step.failedItems.length > 0) {
            const total = step.itemCounts?.total ?? step.items?.length;
            unfinished.set(key, `completed, ${step.failedItems.length}${total === undefined ? '' : ` of ${total}`} items failed`);
        }
        else if (!current.has(key) && step.state === 'failed') {
            unfinished.set(key, 'failed, then replaced by a replan');
        }
        else if (!current.has(key) && step.state !== 'completed') {
            // A revision dropped it before it ran (a review that found the rest no longer fits): the work it stood for was not done.
            unfinished.set(key, 'never ran: a revision of the plan dropped it');
        }
        if (current.has(key) && step.state === 'completed' && step.nested)
            for (const [inner, why] of undoneInside(key, step.nested))
                unfinished.set(inner, why);
        // An agent that answered with its own TODO list not done: the checklist shows \u2b1c under a \u2705 step, and
        // the gate passed on it (found by an adversarial pass). Its items' lists count as its own.
        if (current.has(key) && step.state === 'completed' && !unfinished.has(key)) {
            const { open, total } = undoneTodos(step);
            if (open.length > 0)
                unfinished.set(key, `completed, ${todosNotDone(open, total)}`);
        }
    }
    return unfinished;
}
/** `2 of 3 of the agent's TODOs not done: a (in progress), b (pending)`: the first three open, each cut to 60 characters. */
function todosNotDone(open, total) {
    const named = open.slice(0, 3).map((todo) => `${(0,_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(todo.content, 60)} (${todo.status.replace('_', ' ')})`);
    return `${open.length} of ${total} of the agent's TODOs not done: ${named.join(', ')}${open.length > 3 ? ', \u2026' : ''}`;
}
const NO_TODOS = Object.freeze({ open: Object.freeze([]), total: 0 });
/** The TODOs of a step's agent (its items' agents too) that are not completed, of how many it wrote. */
function undoneTodos(step) {
    // Most steps have no TODOs (only an agent writes them), and the summary asks this of every step.
    if (!step.todos?.length && !step.items?.some((item) => item.todos?.length))
        return NO_TODOS;
    const todos = [step.todos, ...(step.items ?? []).map((item) => item.todos)].flatMap((list) => list ?? []);
    return { open: todos.filter((todo) => todo.status !== 'completed'), total: todos.length };
}
/** What the plan a `type: plan` step `key` used left undone (its record `nested`), as `<key>/<inner step>`. */
function undoneInside(key, nested) {
    const undone = new Map();
    for (const [inner, state] of finalStepStates(nested))
        if (state !== 'completed')
            undone.set(`${key}/${inner}`, `${state} in the plan step ${key} uses`);
    for (const [inner, why] of unfinishedWork(nested))
        undone.set(`${key}/${inner}`, `${why}, in the plan step ${key} uses`);
    // A failed inner plan step's own plan too: a run that resumes this one may run the inner step again and reuse what it used whole.
    for (const [inner, step] of nested.steps)
        if (step.state !== 'completed' && step.nested)
            for (const [deeper, why] of undoneInside(inner, step.nested))
                undone.set(`${key}/${deeper}`, `${why}, in the plan step ${key} uses`);
    return undone;
}


/***/ }),

/***/ 82796:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ stepUsageSoFar),
/* harmony export */   l: () => (/* binding */ runUsage)
/* harmony export */ });
/* harmony import */ var _usage_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76940);

/**
 * The run's model use: as the run reported it when it finished, else what its events charged so far
 * (a run killed mid-run): each step's, a running step's up to now, and the calls no step owns.
 */
function runUsage(record) {
    return record.status === undefined ? (0,_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .addUsage */ .v)(stepsUsage(record), record.spentOutsideSteps ?? _usage_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_USAGE */ .y) : record.usage;
}
/**
 * What a step used: once it ended, as it reported; while it runs, what was charged to it so far (a used
 * plan's, its steps' and what they charged after they ended, which no other figure has).
 */
function stepUsageSoFar(step) {
    if (step.state !== 'in_progress')
        return step.usage;
    const own = step.spent ?? _usage_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_USAGE */ .y;
    return step.nested ? (0,_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .addUsage */ .v)(own, (0,_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .addUsage */ .v)(stepsUsage(step.nested), step.nested.spentOutsideSteps ?? _usage_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_USAGE */ .y)) : own;
}
/** The model use of a run's steps (a used plan's step reports the same sum as its use). */
function stepsUsage(record) {
    let usage = _usage_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_USAGE */ .y;
    for (const step of record.steps.values())
        usage = (0,_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .addUsage */ .v)(usage, stepUsageSoFar(step));
    return usage;
}


/***/ }),

/***/ 52776:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ secretsAsRead)
/* harmony export */ });
/* harmony import */ var _secret_env_name_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(59989);

/**
 * The values inputs are read as (`resolveInputs`) where the text given was, or held, a secret: for an input
 * whose default is a number, `0012345678` runs as 12345678 and a long one as its nearest double, which
 * no known secret matched. For the run's redactor to learn.
 */
function secretsAsRead(given, read, redact) {
    const found = [];
    for (const [name, value] of Object.entries(given)) {
        if (typeof value !== 'string' || !Object.hasOwn(read, name) || read[name] === value || redact(value) === value)
            continue;
        const text = String(read[name]);
        if (!(0,_secret_env_name_js__WEBPACK_IMPORTED_MODULE_0__/* .isOrdinaryValue */ .C)(text))
            found.push(text);
    }
    return found;
}


/***/ }),

/***/ 82975:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ TRACE_GAP),
/* harmony export */   S: () => (/* binding */ markTraceGapped)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var _open_output_file_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(97712);


/**
 * The type of the trace line written in place of an event the trace writer could not serialise:
 * `{"type":"trace_gap","event":"<its type>","why":"\u2026"}`. A trace with one is not a record a run can
 * resume from: the missing event may be a call with side effects.
 */
const TRACE_GAP = 'trace_gap';
/**
 * Appends a `trace_gap` line to the trace `file`: the state to keep of a run whose trace writer failed (a
 * full disk). Its last events are missing (a call with side effects may be among them), so no resume may
 * build on it; a line the failed write cut stays, and a resume reads the trace as damaged. Appended, not
 * rewritten (a full disk could lose a rewritten trace whole), and never through a symlink planted at the
 * path (see openOutputFile). Only the file's last byte is read, to end a cut line first. False when the
 * line cannot be written, or `file` is no regular file: `--trace /dev/full` was once read back without end
 * (24 GB, then the kernel killed the run before its summary was written).
 */
function markTraceGapped(file, why) {
    try {
        const line = JSON.stringify({ ts: new Date().toISOString(), type: TRACE_GAP, event: 'unknown', why });
        const read = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(file, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | (node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK ?? 0) | (node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW ?? 0));
        let endsLine;
        try {
            const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(read);
            if (!stat.isFile())
                return false;
            const size = stat.size;
            const last = Buffer.alloc(1);
            endsLine = size === 0 || ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readSync)(read, last, 0, 1, size - 1) === 1 && last[0] === 0x0a);
        }
        finally {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(read);
        }
        const fd = (0,_open_output_file_js__WEBPACK_IMPORTED_MODULE_1__/* .openOutputFile */ .Op)(file, 'a');
        try {
            (0,_open_output_file_js__WEBPACK_IMPORTED_MODULE_1__/* .writeOutputFile */ .BF)(fd, `${endsLine ? '' : '\n'}${line}\n`);
        }
        finally {
            (0,_open_output_file_js__WEBPACK_IMPORTED_MODULE_1__/* .closeOutputFile */ .gR)(fd);
        }
        return true;
    }
    catch {
        return false;
    }
}


/***/ }),

/***/ 65625:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   y: () => (/* binding */ TraceInUseError)
/* harmony export */ });
/** Another run on this machine is writing the trace file a run was to write: two writers mix their lines. */
class TraceInUseError extends Error {
    path;
    /** The process that holds the trace's lock file. */
    pid;
    constructor(file, holder, lockFile) {
        super(`another plan-runner run (process ${holder.pid}, started ${holder.started}) is writing the trace ${file}, and two runs writing one trace mix their lines; wait for it to end, or give this run its own trace and report paths (--trace FILE --summary FILE). If no such run is going on, remove ${lockFile}`);
        this.name = new.target.name;
        this.path = file;
        this.pid = holder.pid;
    }
}


/***/ }),

/***/ 62536:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $m: () => (/* binding */ lockTrace),
/* harmony export */   iE: () => (/* binding */ traceHolder)
/* harmony export */ });
/* unused harmony exports processStartOf, traceLockFile */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48161);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var _create_output_folder_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9098);
/* harmony import */ var _parse_json_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(70695);
/* harmony import */ var _read_input_file_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2237);
/* harmony import */ var _trace_in_use_error_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(65625);








/**
 * When process `pid` started, in clock ticks since the machine booted (`/proc/PID/stat`, field 22), or undefined
 * where there is no `/proc` or no such process. The process's name, field 2, is in parentheses and may hold any
 * character: the fields are read after its last `)`.
 */
function processStartOf(pid) {
    const read = (0,_read_input_file_js__WEBPACK_IMPORTED_MODULE_6__/* .readInputFile */ .jH)(`/proc/${pid}/stat`, 4096);
    if (!read.ok)
        return undefined;
    const text = read.bytes.toString('utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // Field 3 (the state) is the first after the name: field 22 is the 20th after it.
    const start = fields[19];
    return start !== undefined && /^\d+$/.test(start) ? start : undefined;
}
/** The lock files (absolute paths) this process holds: a lock naming this process is held only while listed here. */
const held = new Set();
/** The lock file beside a trace: it names the run writing the trace while that run goes on. */
function traceLockFile(file) {
    return `${file}.lock`;
}
/** The holder a lock file names; undefined when it is not there or not a lock plan-runner wrote. */
function holderOf(lockFile) {
    const read = (0,_read_input_file_js__WEBPACK_IMPORTED_MODULE_6__/* .readInputFile */ .jH)(lockFile, 1024);
    if (!read.ok)
        return undefined;
    try {
        const holder = (0,_parse_json_js__WEBPACK_IMPORTED_MODULE_5__/* .parseJson */ .qF)(read.bytes.toString('utf8'));
        return holder && Number.isSafeInteger(holder.pid) && holder.pid > 0 && typeof holder.host === 'string' && typeof holder.started === 'string' && (holder.processStart === undefined || typeof holder.processStart === 'string')
            ? holder
            : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Whether the holder is a process still running on this machine. A lock of another machine (a shared
 * folder) cannot be checked and is taken as left behind, as one of a process that ended (a kill). Nor is one
 * whose pid another process has now (a container's pids are few and soon used again): the lock names when its
 * process started, and a later run was refused for good by a process that was not the run (found by a hunt of
 * kills).
 */
function alive(holder, lockFile) {
    if (holder.host !== node_os__WEBPACK_IMPORTED_MODULE_2__.hostname())
        return false;
    if (holder.pid === process.pid)
        return held.has(lockFile);
    try {
        process.kill(holder.pid, 0);
    }
    catch (error) {
        if (error.code !== 'EPERM')
            return false;
    }
    if (holder.processStart === undefined)
        return true;
    const now = processStartOf(holder.pid);
    return now === undefined || now === holder.processStart;
}
/** The run on this machine writing `file` now, when one is (another process, or this one's open writer of it). */
function traceHolder(file) {
    if ((0,_create_output_folder_js__WEBPACK_IMPORTED_MODULE_4__/* .isDevicePath */ .ee)(file))
        return undefined;
    const lockFile = node_path__WEBPACK_IMPORTED_MODULE_3__.resolve(traceLockFile(file));
    const holder = holderOf(lockFile);
    return holder && alive(holder, lockFile) ? holder : undefined;
}
/**
 * Takes the lock of the trace `file` for this run, or throws `TraceInUseError` naming the run that holds
 * it: two runs in one folder both wrote `.plan-runner/trace.jsonl`, each over the other's lines, and
 * neither run's trace was left whole. A lock its process left (killed) is taken over. Returns its release
 * (also done when the process exits), or undefined where no lock file can be made (a device, a folder
 * that takes no hard link): the trace is then written as before, unguarded.
 */
function lockTrace(file) {
    if ((0,_create_output_folder_js__WEBPACK_IMPORTED_MODULE_4__/* .isDevicePath */ .ee)(file))
        return undefined;
    const lockFile = node_path__WEBPACK_IMPORTED_MODULE_3__.resolve(traceLockFile(file));
    const processStart = processStartOf(process.pid);
    const mine = { pid: process.pid, host: node_os__WEBPACK_IMPORTED_MODULE_2__.hostname(), started: new Date().toISOString(), ...(processStart !== undefined && { processStart }) };
    // Written whole under a name of its own, then linked into place: a reader never finds a lock half written.
    const temp = `${lockFile}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(6).toString('hex')}`;
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.writeFileSync)(temp, JSON.stringify(mine), { flag: 'wx' });
    }
    catch {
        return undefined;
    }
    try {
        for (let attempt = 0; attempt < 2; attempt++) {
            try {
                (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.linkSync)(temp, lockFile);
            }
            catch (error) {
                if (error.code !== 'EEXIST')
                    return undefined;
                const holder = holderOf(lockFile);
                if (holder && alive(holder, lockFile))
                    throw new _trace_in_use_error_js__WEBPACK_IMPORTED_MODULE_7__/* .TraceInUseError */ .y(file, holder, traceLockFile(file));
                removeFile(lockFile);
                continue;
            }
            held.add(lockFile);
            const release = () => {
                if (!held.delete(lockFile))
                    return;
                process.removeListener('exit', release);
                const holder = holderOf(lockFile);
                // Only its own: a run that found this one gone (a pid reused) may have taken it over.
                if (holder?.pid === mine.pid && holder.started === mine.started)
                    removeFile(lockFile);
            };
            process.once('exit', release);
            return release;
        }
        return undefined;
    }
    finally {
        removeFile(temp);
    }
}
function removeFile(file) {
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.unlinkSync)(file);
    }
    catch {
        // Gone already, or not ours to remove.
    }
}


/***/ }),

/***/ 76940:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ addUsage),
/* harmony export */   y: () => (/* binding */ NO_USAGE)
/* harmony export */ });
const NO_USAGE = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
/** Adds two usage counts. */
function addUsage(a, b) {
    return {
        modelCalls: a.modelCalls + b.modelCalls,
        promptTokens: a.promptTokens + b.promptTokens,
        completionTokens: a.completionTokens + b.completionTokens,
        costUsd: a.costUsd + b.costUsd,
        ...((a.cachedPromptTokens || b.cachedPromptTokens) && { cachedPromptTokens: (a.cachedPromptTokens ?? 0) + (b.cachedPromptTokens ?? 0) }),
        ...((a.estimatedCalls || b.estimatedCalls) && { estimatedCalls: (a.estimatedCalls ?? 0) + (b.estimatedCalls ?? 0) }),
        ...((a.abandonedRequests || b.abandonedRequests) && { abandonedRequests: (a.abandonedRequests ?? 0) + (b.abandonedRequests ?? 0) }),
        ...((a.unpricedCalls || b.unpricedCalls) && { unpricedCalls: (a.unpricedCalls ?? 0) + (b.unpricedCalls ?? 0) }),
        ...((a.unansweredCalls || b.unansweredCalls) && { unansweredCalls: (a.unansweredCalls ?? 0) + (b.unansweredCalls ?? 0) }),
    };
}


/***/ }),

/***/ 10637:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cy: () => (/* binding */ readsCheckout),
/* harmony export */   lm: () => (/* binding */ checkoutResults)
/* harmony export */ });
/* unused harmony export withDependents */
/* harmony import */ var _core_dependency_order_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(74947);

/**
 * Whether `step` reads its job's checkout: a tool that does (a command, the files toolset, an MCP server: any tool not in
 * `freeTools`, those that read no checkout: math, github, http, nor among `ownTools`, the tools its plan defines); an agent that may call one (its `tools`; none by
 * default); a used plan (its steps may). In a job whose checkout is not the commit its run is for (an approving job on
 * `issue_comment`, or a `pull_request_target` job, works on the base branch while its run's check is a pull request's),
 * such a step's result is marked `elsewhere` as it completes (`RunDeps.readsElsewhere`).
 */
function readsCheckout(step, freeTools, ownTools = {}) {
    // A tool the plan defines itself is a command, whatever its name: a plan's own `add` (math not enabled) that ran
    // `cat code.txt` counted as free by name (found by a review).
    const free = (tool) => freeTools.has(tool) && !Object.hasOwn(ownTools, tool);
    return step.type === 'plan' || (step.type === 'agent' && (step.tools ?? []).some((tool) => !free(tool))) || (step.tool !== undefined && !free(step.tool));
}
/**
 * The completed steps whose result was read from a checkout that is not the commit their run is for, by key: why. Those
 * marked `elsewhere`, in this job or in the run their result was reused from, and every completed step after one. No goal
 * is checked on them: `equals: good` on `cat code.txt` passed the pull request's check on the default branch's file
 * (found by an adversarial pass); and once such a step was reused (a "Re-run failed jobs" of a `pull_request_target`
 * gate, a re-run of an approving job, an `/approve` of a paused `pull_request_target` run), it passed as a step taken from
 * the paused run did, on the base branch's file (found by a hunt of the merge gate): a reuse now keeps the mark.
 */
function checkoutResults(record, stepStates) {
    if (![...record.steps.values()].some((step) => step.elsewhere === true))
        return new Map();
    return withDependents(record.plan?.steps ?? [], stepStates, (step) => {
        const done = record.steps.get(step.key);
        if (done?.elsewhere !== true)
            return undefined;
        const where = done.reused === undefined ? 'ran in this job' : 'was reused from a run that ran it';
        return `step ${step.key} ${where} with a tool that reads its checkout (a command, a file or an MCP server), and that checkout is not the pull request's commit the run and its check are for`;
    });
}
/**
 * The completed steps whose result `own` gives a cause for (its why, or undefined), and every completed step
 * that depends on one, directly or through others, by key: why. A step after one names that step's cause, not
 * the chain to it (a chain of 10,000 steps).
 */
function withDependents(steps, stepStates, own) {
    const byKey = new Map(steps.map((step) => [step.key, step]));
    const found = new Map();
    for (const key of (0,_core_dependency_order_js__WEBPACK_IMPORTED_MODULE_0__/* .dependencyOrder */ .g)(steps).order) {
        if (stepStates.get(key) !== 'completed')
            continue;
        const step = byKey.get(key);
        const why = own(step) ?? step.dependsOn.map((dependency) => found.get(dependency)).find((cause) => cause !== undefined);
        if (why !== undefined)
            found.set(key, why);
    }
    return found;
}


/***/ }),

/***/ 96128:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Y: () => (/* binding */ evaluateGoals)
});

// EXTERNAL MODULE: ./lib/goals/goal-not-evaluable-error.js
var goal_not_evaluable_error = __webpack_require__(58542);
;// CONCATENATED MODULE: ./lib/goals/kinds/all-steps-completed.js

/**
 * `all_steps_completed`: every step of the final plan completed, none with failed items, and no step
 * failed on the way or was dropped before it ran (one a replan or a review replaced counts: a gate must
 * not pass because a model swapped a check for something else). Evidence lists the steps that left work undone.
 */
const allStepsCompletedCheck = {
    needsTarget: false,
    check(_goal, { target }) {
        let outcome = outcomes.get(target);
        if (!outcome)
            outcomes.set(target, (outcome = outcomeOf(target)));
        return outcome;
    },
};
/** The most steps the evidence names; it counts the rest. */
const MAX_NAMED = 20;
/**
 * Each run's outcome, worked out once for all its `all_steps_completed` goals: each goal listed every step that
 * did not complete, and 2,000 such goals over 2,000 steps wrote 66 MB to the log and the trace (6,000: 2 GB, and
 * a goals event too long to write; found by an adversarial pass). A target is made once, at a run's end.
 */
const outcomes = new WeakMap();
function outcomeOf(target) {
    const states = [...target.stepStates];
    if (states.length === 0)
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E('the run has no steps to check');
    const missed = [
        ...states.filter(([, state]) => state !== 'completed').map(([key, state]) => `${key} (${state})`),
        ...[...target.unfinished].map(([key, why]) => `${key} (${why})`),
    ];
    const count = states.length + [...target.unfinished.keys()].filter((key) => !target.stepStates.has(key)).length;
    if (missed.length === 0)
        return { met: true, evidence: count === 1 ? 'the one step completed' : `all ${count} steps completed` };
    const more = missed.length > MAX_NAMED ? `, and ${missed.length - MAX_NAMED} more` : '';
    // "all its work", not "did not complete": a step listed may say completed (its items failed, its agent's TODOs left
    // open), and "did not complete: review (completed, \u2026)" read as a contradiction (found by a new-user walkthrough).
    const work = missed.length === 1 ? 'its' : 'their';
    return { met: false, evidence: `${missed.length} of ${count} step${count === 1 ? '' : 's'} did not complete all ${work} work: ${missed.slice(0, MAX_NAMED).join(', ')}${more}` };
}

// EXTERNAL MODULE: ./lib/core/cut-text.js
var cut_text = __webpack_require__(86919);
;// CONCATENATED MODULE: ./lib/goals/output-tail.js

/** The last `lines` lines of command output, trailing blank lines dropped, each cut to 300 characters. */
// `trimEnd`, not `replace(/\s+$/, '')`: that regex scans each run of blanks from every start in it, and
// 256,000 spaces then an `x` took 58 s.
function outputTail(output, lines = 20) {
    const all = output.trimEnd().split(/\r?\n/);
    const tail = all.slice(-lines).map((line) => (0,cut_text/* cutText */.IN)(line, 300));
    return (all.length > lines ? ['\u2026', ...tail] : tail).join('\n');
}

// EXTERNAL MODULE: ./lib/process/run-process.js
var run_process = __webpack_require__(19856);
;// CONCATENATED MODULE: ./lib/goals/excerpt.js

/** `text` on one line, cut to `max` characters with an ellipsis, for evidence; never inside an emoji (`cutText`). */
function shorten(text, max = 120) {
    return (0,cut_text/* cutText */.IN)(text.replace(/\s+/g, ' ').trim(), max);
}
/** Whether `at` is between the halves of a character outside the BMP (an emoji), where a cut leaves U+FFFD. */
function insidePair(text, at) {
    return /[\uDC00-\uDFFF]/.test(text[at] ?? '') && /[\uD800-\uDBFF]/.test(text[at - 1] ?? '');
}
/** The text around `index` (a match of `length` characters), on one line, for evidence; its ends never inside an emoji. */
function excerptAround(text, index, length, radius = 40) {
    let start = Math.max(0, index - radius);
    let end = Math.min(text.length, index + length + radius);
    if (insidePair(text, start))
        start++;
    if (insidePair(text, end))
        end--;
    const body = text.slice(start, end).replace(/\s+/g, ' ');
    return `${start > 0 ? '\u2026' : ''}${body}${end < text.length ? '\u2026' : ''}`;
}
/** The 1-based line number of a character index. */
function lineOf(text, index) {
    let line = 1;
    for (let i = 0; i < index && i < text.length; i++)
        if (text.charCodeAt(i) === 10)
            line++;
    return line;
}
/**
 * For a structured result whose JSON has what its values do not (a key, `"field": value`): a note
 * that says so, and what checks structure; '' otherwise.
 */
function onlyInJson(json, values, foundInJson) {
    return json !== values && foundInJson ? ' in the values of the result (only its JSON has it, in a key or in JSON syntax; text checks read the values, check structure with json_schema)' : '';
}

;// CONCATENATED MODULE: ./lib/goals/run-goal-command.js



const MAX_OUTPUT = 256 * 1024;
/**
 * Runs a goal's argv with the process runner (no shell, own process group, killed whole when it
 * ends), stdout and stderr merged as evidence. Throws `GoalNotEvaluableError` when it cannot
 * start, times out or is cancelled.
 */
async function runGoalCommand(argv, options) {
    if (argv[0] === undefined)
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E('the command is empty');
    const shown = `\`${shorten(argv.join(' '), 100)}\``;
    const outcome = await (0,run_process/* runProcess */.R)(argv, { ...options, output: { mode: 'merged', maxBytes: MAX_OUTPUT } });
    switch (outcome.kind) {
        case 'exited':
            return { code: outcome.exitCode, signal: outcome.signal, output: outcome.stdout };
        case 'timed_out':
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`${shown} timed out after ${options.timeoutMs / 1000} s; raise the goal's timeout_seconds if it needs longer`);
        case 'aborted':
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the run was cancelled while ${shown} was running`);
        case 'output_too_large':
            // Merged output keeps a tail and never stops the process; kept so every outcome is handled.
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`${shown} printed more than ${MAX_OUTPUT} bytes`);
        case 'spawn_failed': {
            const { error } = outcome;
            if (outcome.early)
                throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`could not start ${shown}: ${error.message}${outcome.problem === undefined ? '' : `; ${outcome.problem}`}`, { cause: error });
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`could not start ${shown} in ${options.cwd}: ${error.code ?? error.message}; ${outcome.problem ?? 'check that it is installed and on PATH'}`, { cause: error });
        }
    }
}

// EXTERNAL MODULE: ./lib/process/signalled-status.js
var signalled_status = __webpack_require__(91551);
;// CONCATENATED MODULE: ./lib/goals/kinds/command.js




const DEFAULT_TIMEOUT_SECONDS = 120;
/** `command`: argv run without a shell, the result on stdin; exit code 0 means met. */
const commandCheck = {
    needsTarget: true,
    async check(goal, { text, deps }) {
        if (deps.commandsRefused !== undefined)
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(deps.commandsRefused);
        const exit = await runGoalCommand(goal.command ?? [], {
            cwd: deps.cwd,
            env: deps.env,
            stdin: text,
            timeoutMs: (goal.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
            signal: deps.signal,
        });
        const tail = outputTail(exit.output);
        // Killed (an out-of-memory kill, a crash): it gave no exit code, so no verdict; unmet would let a report-only
        // gate (fail-on-unmet-goals: false) pass over it, where a goal that could not be evaluated fails the job.
        // So is a shell's status for a child killed by one (`sh -c 'npm test'` exits 137 after an OOM kill of npm).
        const signalled = (0,signalled_status/* signalledStatus */.K)(exit.code);
        if (exit.code === null || signalled !== undefined) {
            const how = exit.code === null ? `was killed by ${exit.signal ?? 'a signal'}` : `exited with ${(0,signalled_status/* describeStatus */.W)(exit.code)}`;
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the command ${how}, so it gave no verdict${tail === '' ? ' (no output)' : `; output:\n${tail}`}`);
        }
        const ending = `exit code ${exit.code}`;
        return { met: exit.code === 0, evidence: tail === '' ? `${ending}, no output` : `${ending}; output:\n${tail}` };
    },
};

// EXTERNAL MODULE: ./lib/core/normalize-linear.js
var normalize_linear = __webpack_require__(65800);
;// CONCATENATED MODULE: ./lib/goals/without-comments.js

/** Each value's text without its HTML comments, made once for all the goals on it (as `countedOnce` counts). */
const shownOnce = new WeakMap();
/**
 * The text a goal met by what it finds (`contains`, `matches`, `min_words`) reads: the values without HTML comments, which
 * no reader of the rendered result sees. `Two blocking bugs remain. <!-- LGTM -->` met `contains: LGTM`, where
 * `every_sentence_matches` and the judge read no comment (found by a hunt of the goal kinds). A goal that asks for a
 * comment itself (`<!--` in what it looks for) reads the values as written. Tags and their attributes are kept: a result
 * may be XML or HTML data whose attributes a goal checks. Made once per value, for however many goals read it; the
 * stripper loads only for a value with a comment in it.
 */
async function shownValues(value, asked) {
    const written = composedValues(value);
    if (asked.includes('<!--'))
        return written;
    let shown = shownOnce.get(value);
    if (shown === undefined) {
        shown = written.includes('<!--') ? (await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 22220))).withoutComments(written) : written;
        shownOnce.set(value, shown);
    }
    return shown;
}
/** Each value's text in one spelling, made once for all the goals on it. */
const composedOnce = new WeakMap();
/**
 * The values as written, each accented letter in one spelling (NFC: `e` + U+0301 is `\u00e9`), which `contains` and `matches`
 * read with what they look for spelt the same way: a tool's or a model's decomposed `r\u00e9sum\u00e9` (as macOS writes file
 * names) was "missing" the `r\u00e9sum\u00e9` a plan wrote, and a decomposed `r\u00e9sume` stood in it, its last `\u00e9` an `e` and a mark.
 */
function composedValues(value) {
    let composed = composedOnce.get(value);
    if (composed === undefined) {
        composed = (0,normalize_linear/* normalizeLinear */.r)(value.values, 'NFC');
        composedOnce.set(value, composed);
    }
    return composed;
}
/** Said beside a goal unmet on the text a reader sees where the text as written held it: in a comment. */
const ONLY_IN_A_COMMENT = ' (it is only in an HTML comment, which a reader of the result does not see)';

;// CONCATENATED MODULE: ./lib/goals/kinds/contains.js



/** `contains`: the text appears verbatim in the result's values (case matters; use `matches` with `(?i)` otherwise); a key or JSON's own punctuation is not the result saying it. */
const containsCheck = {
    needsTarget: true,
    async check(goal, { valueText, text: json, work }) {
        // In one spelling, as the values are read (`composedValues`).
        const wanted = (0,normalize_linear/* normalizeLinear */.r)(goal.contains ?? '', 'NFC');
        const written = composedValues(valueText);
        const text = await shownValues(valueText, wanted);
        // Each goal reads the whole result again, on the event loop: charged to the goals' shared bound.
        work.search(text.length, 'contains');
        const index = text.indexOf(wanted);
        const inComment = () => {
            work.search(written.length, 'contains');
            return written.includes(wanted);
        };
        if (index < 0 && text !== written && inComment())
            return { met: false, evidence: `missing "${shorten(wanted)}"${ONLY_IN_A_COMMENT}` };
        const inJson = () => {
            work.search(json.length, 'contains');
            return json.includes(wanted);
        };
        if (index < 0)
            return { met: false, evidence: `missing "${shorten(wanted)}"${onlyInJson(json, text, json !== text && inJson())}` };
        return {
            met: true,
            evidence: `found "${shorten(wanted)}" on line ${lineOf(text, index)}: ${excerptAround(text, index, wanted.length)}`,
        };
    },
};

;// CONCATENATED MODULE: ./lib/goals/kinds/equals.js


/** No text is spelt in NFC more than this many times longer or shorter than as written. */
const MOST_NFC_CHANGE = 3;
/**
 * Whether `actual` and `expected` are the same text spelt in one way (NFC: `e` + U+0301 is `\u00e9`): a decomposed `r\u00e9sum\u00e9`
 * was "expected "r\u00e9sum\u00e9", got "r\u00e9sum\u00e9"". A result far longer than the goal's text is not composed to find it is not it.
 */
function sameComposed(actual, expected) {
    if (actual.length > expected.length * MOST_NFC_CHANGE || expected.length > actual.length * MOST_NFC_CHANGE)
        return false;
    return (0,normalize_linear/* normalizeLinear */.r)(actual, 'NFC') === (0,normalize_linear/* normalizeLinear */.r)(expected, 'NFC');
}
/** `equals`: the result, trimmed, is exactly the expected text, trimmed (each accented letter in one spelling). */
const equalsCheck = {
    needsTarget: true,
    check(goal, { text }) {
        const expected = (goal.equals ?? '').trim();
        const actual = text.trim();
        if (actual === expected || sameComposed(actual, expected))
            return { met: true, evidence: `equals "${shorten(expected, 60)}"` };
        return { met: false, evidence: `expected "${shorten(expected, 60)}", got "${shorten(actual, 60)}"` };
    },
};

// EXTERNAL MODULE: ./lib/core/regex-syntax-error.js
var regex_syntax_error = __webpack_require__(45989);
// EXTERNAL MODULE: ./lib/plan/goal-regex.js
var goal_regex = __webpack_require__(650);
;// CONCATENATED MODULE: ./lib/goals/compile-goal-regex.js



/** `parseGoalRegex`, failing closed: a pattern the loader somehow let through makes the goal unevaluable. */
function compileGoalRegex(pattern, flags) {
    try {
        return (0,goal_regex/* parseGoalRegex */.e)(pattern, flags);
    }
    catch (error) {
        const why = error instanceof regex_syntax_error/* RegexSyntaxError */.J ? error.reason : error instanceof Error ? error.message : String(error);
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the pattern ${pattern} cannot be used (${why})`, { cause: error });
    }
}

// EXTERNAL MODULE: ./lib/goals/without-html.js
var without_html = __webpack_require__(22220);
// EXTERNAL MODULE: ./lib/core/invisible-characters.js
var invisible_characters = __webpack_require__(5709);
;// CONCATENATED MODULE: ./lib/goals/split-sentences.js

/** Abbreviations that never end a sentence, even before a capital ("Dr. Smith", "e.g. The"). */
const NEVER_ENDS = new Set(['e.g.', 'i.e.', 'cf.', 'vs.', 'viz.', 'al.', 'dr.', 'mr.', 'mrs.', 'ms.', 'prof.', 'st.', 'mt.', 'gen.', 'sen.']);
/** Abbreviations that do not end a sentence before a number ("No. 5", "Fig. 3", "approx. 40"); "\u2026 said no. We" does. */
const BEFORE_NUMBERS = new Set(['no.', 'nos.', 'fig.', 'figs.', 'eq.', 'pp.', 'vol.', 'ch.', 'sec.', 'approx.', 'ca.']);
/** Abbreviations a sentence goes on after in lower case ("Apple Inc. reported", "on Jan. the 5th"); before a capital they may end one. */
const BEFORE_LOWER_CASE = new Set(['etc.', 'inc.', 'ltd.', 'co.', 'corp.', 'jr.', 'sr.', 'jan.', 'feb.', 'mar.', 'apr.', 'jun.', 'jul.', 'aug.', 'sep.', 'sept.', 'oct.', 'nov.', 'dec.', 'ver.', 'dept.', 'est.', 'ed.', 'eds.', 'ave.', 'blvd.', 'rd.', 'resp.', 'incl.', 'excl.', 'min.', 'max.']);
const CITATION = String.raw `\[\d+(?:\s*[,\u2013-]\s*\d+)*\]`;
/** Citations written after the period on the same line ("\u2026 fell. [2] Next") belong to that sentence (read where the period ends). */
const TRAILING_CITATIONS = new RegExp(String.raw `(?:[ \t]*${CITATION})+(?=\s|$)`, 'y');
/** What may close around a mark before the space: quotes and brackets; Markdown's emphasis is `EMPHASIS`. */
const CLOSERS = `"'\u201d\u2019)\u300d\u300f\uff09`;
/** Emphasis that may close around a mark (`**Churn fell.** Sales\u2026`), when the text before opened it. */
const EMPHASIS = '*_';
/** How far back an emphasis closing at a mark is looked for its opening: a bound per mark, whatever the text. */
const EMPHASIS_LOOKBACK = 1_000;
/** How many of the runs before it are tried as the opening: the nearest few, so a text of `.* ` is read in linear time. */
const EMPHASIS_CANDIDATES = 8;
/** Citations written right after the mark ("\u2026 fell 3%.[1] Revenue"): the mark ends the sentence there too. */
const ATTACHED_CITATIONS = new RegExp(String.raw `(?:${CITATION})+(?=\s|$)`, 'y');
/** Marks that end a sentence before whitespace or the end: `.`, `!`, `?`, the ellipsis and the doubled marks. */
const MARKS = '.!?\u2026\u203c\u2047\u2048\u2049';
/**
 * Where the next mark may be: one of `MARKS`, or any other character Unicode says ends a sentence
 * (`\p{Sentence_Terminal}`), which ends one whatever follows: Chinese and Japanese `\u3002\uff01\uff1f` with no space
 * after them, Hindi `\u0964`, Arabic `\u061f`, Urdu `\u06d4`, Armenian `\u0589`, Amharic `\u1362`, Burmese `\u104b`, Khmer `\u17d4`, none of
 * which is written inside a word or a number. Only `MARKS` were, and a Hindi or Arabic report was one
 * sentence, which one citation met (found by an adversarial pass). The full-width `\uff0e`, the one-dot leader `\u2024`
 * and the small `\ufe52` are no marks here: they are written inside words and numbers (`example\u2024com`).
 */
const NEXT_MARK = new RegExp(`[${MARKS}]|(?![\uff0e\u2024\ufe52])\\p{Sentence_Terminal}`, 'gu');
/** `NEXT_MARK` right where it is looked for: a run of marks is read one whole mark at a time. */
const MARK_AT = new RegExp(NEXT_MARK.source, 'uy');
const CITATION_ONLY = new RegExp(String.raw `^(?:${CITATION}\s*)+[.!?]?$`);
// A space or tab, not any `\s`: `#` and a no-break space begin a paragraph, shown and checked as one.
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const LIST_MARKER = /^\s*(?:[-*+\u2022]|\d+[.)])\s+/;
const STARTS_CAPITAL = /^\s*["'\u201c\u2018(*_]*\p{Lu}/u;
const TABLE_ROW = /^\s*\|/;
/**
 * `|---|:--:|`: the row under a table's header, no sentence. The blanks before a cell are matched after
 * the pipe before it: `^\s*\|?(?:\s*\u2026` let two `\s*` share a line's leading blanks, and a tool result of
 * 256 KiB of spaces and an `x` held the event loop 41 s.
 */
const TABLE_DELIMITER = /^\s*(?:\|\s*)?(?::?-+:?\s*\|\s*)+(?::?-+:?\s*)?$/;
/**
 * The sentences of a text, for `every_sentence_matches`: each ends at `.`, `!`, `?`, `\u2026` (and `\u203c`,
 * `\u2047`, `\u2048`, `\u2049`) before whitespace, or at any other sentence mark (`\u3002`, `\uff01`, `\uff1f`, `\u0964`, `\u061f`\u2026) anywhere. Abbreviations (e.g., i.e., etc.,
 * Dr., U.S.), decimals (2.5%) and citations ([1].) do not break a sentence; blank lines and list items
 * start a new one; Markdown headings are titles, not sentences, and are left out. A single letter
 * before a period reads as an initial ("A. Gulli"): "under plan B. The vendor" runs on, as the text
 * cannot tell the two apart.
 */
function splitSentences(text) {
    // A lone `\r` and U+2028 break a line as `\n` does; U+2029 a paragraph, as a blank line does. Invisible
    // characters go first: a zero-width space after a period hid the break before the next sentence.
    return blocksOf(text.replace(invisible_characters/* INVISIBLE */.kH, '').replace(/\r\n?|\u2028/g, '\n').replaceAll('\u2029', '\n\n')).flatMap(splitBlock);
}
function blocksOf(text) {
    const blocks = [];
    let current = [];
    const flush = () => {
        if (current.length > 0)
            blocks.push(current.join('\n'));
        current = [];
    };
    for (const line of text.split('\n')) {
        if (line.trim() === '' || HEADING.test(line) || TABLE_DELIMITER.test(line)) {
            flush();
            // The row above `|---|` is the table's header: column names, no claim (found by a review).
            if (TABLE_DELIMITER.test(line) && blocks.length > 0 && TABLE_ROW.test(blocks.at(-1)))
                blocks.pop();
            continue;
        }
        const item = LIST_MARKER.exec(line);
        if (item) {
            flush();
            current.push(line.slice(item[0].length));
        }
        else if (TABLE_ROW.test(line)) {
            // Each row of a table says its own thing: joined, one cited row passed the table (adversarial pass).
            flush();
            blocks.push(line);
        }
        else {
            // A line that starts with a capital starts a sentence: "Revenue rose 5% [1]" and "Churn doubled" on
            // the next line, without a period between, read as one cited sentence (adversarial pass). A sentence
            // wrapped onto a line that starts in lower case ("fell by 6%\nbetween 2022 and 2024") reads on.
            if (current.length > 0 && STARTS_CAPITAL.test(line))
                flush();
            current.push(line);
        }
    }
    flush();
    return blocks;
}
/**
 * Where each sentence mark ends: a run of `.`, `!`, `?` or `\u2026` (`MARKS`), then closing quotes,
 * brackets or emphasis, then whitespace, citations (`[1]`) or the end of the block; or a run with any other mark (`NEXT_MARK`: `\u3002`, `\u0964`, `\u061f`\u2026),
 * whatever follows. One pass, never back over a run: the text is a step's result,
 * anyone's, and a pattern that tried every start inside a long run of periods took time that grew
 * with the square of its length.
 */
function* terminators(block) {
    let at = 0;
    while (at < block.length) {
        NEXT_MARK.lastIndex = at;
        const next = NEXT_MARK.exec(block);
        if (!next)
            return;
        const index = next.index;
        let anywhere = false;
        // The run of marks, each whole (a mark outside the BMP is two code units).
        for (at = index, MARK_AT.lastIndex = at; MARK_AT.test(block); at = MARK_AT.lastIndex)
            anywhere ||= !MARKS.includes(block[at]);
        while (at < block.length && CLOSERS.includes(block[at]))
            at++;
        // `**\u2026**` or `_\u2026_` closing: only where the same run opened before (`build.* file` is a glob, not emphasis).
        const emphasisFrom = at;
        while (at < block.length && EMPHASIS.includes(block[at]))
            at++;
        if (at > emphasisFrom && !emphasisOpened(block, index, block.slice(emphasisFrom, at)))
            at = emphasisFrom;
        while (at < block.length && CLOSERS.includes(block[at]))
            at++;
        at = afterAttachments(block, at);
        ATTACHED_CITATIONS.lastIndex = at;
        // A capital and a small letter right after the mark start a sentence too ("fell [2].All refunds"): a
        // reader sees two, and `U.S.A` or `node.js` are not that (adversarial pass).
        // Not inside a word: `String.Format` is a name (found by a review).
        const nextStarts = /^\p{Lu}\p{Ll}/u.test(block.slice(at, at + 2)) && !/[\p{L}\p{N}_]/u.test(block[index - 1] ?? '');
        if (anywhere || at === block.length || /\s/.test(block[at]) || nextStarts || (block[at] === '[' && ATTACHED_CITATIONS.test(block)))
            yield { index, mark: block.slice(index, at), after: at };
    }
}
/** Superscript digits a citation is written with right after the mark ("\u2026 fell.\u00b2 Sales"). */
const SUPERSCRIPTS = '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079';
/** The longest HTML tag, superscript or footnote reference read after a mark: a bound per mark, whatever the text. */
const MAX_ATTACHMENT_CHARS = 200;
/**
 * Where what a page shows as no word after a mark ends, from `at`: HTML tags (`.</b>`), superscripts (`.\u00b2`,
 * `.<sup>4</sup>`) and footnote references (`.[^1]`). Read as a word, they ran the next sentence on into this one,
 * and one citation vouched for an uncited claim (found by an adversarial pass).
 */
function afterAttachments(block, at) {
    for (;;) {
        if (SUPERSCRIPTS.includes(block[at] ?? '\n')) {
            at++;
            continue;
        }
        const end = attachmentEnd(block, at);
        if (end === undefined)
            return at;
        at = end;
    }
}
/** Where the tag (a `<sup>` with its text) or footnote reference at `at` ends; undefined when none starts there or it does not end within MAX_ATTACHMENT_CHARS. */
function attachmentEnd(block, at) {
    const tag = block[at] === '<' && /[A-Za-z/!]/.test(block[at + 1] ?? '');
    const footnote = block.startsWith('[^', at);
    if (!tag && !footnote)
        return undefined;
    const close = tag ? '>' : ']';
    let end = at + 2;
    // A tag or a reference never holds its own opening, nor (a reference) a blank: stopping there keeps it one pass.
    while (end < block.length && end - at < MAX_ATTACHMENT_CHARS && block[end] !== close && block[end] !== block[at] && block[end] !== '\n' && !(footnote && /\s/.test(block[end])))
        end++;
    if (block[end] !== close)
        return undefined;
    if (!/^<sup[\s>]/i.test(block.slice(at, at + 5)))
        return end + 1;
    // A superscript's text is the citation: read through to its closing tag.
    const text = block.slice(end + 1, at + MAX_ATTACHMENT_CHARS).indexOf('<') + end + 1;
    return text > end && /^<\/sup>/i.test(block.slice(text, text + 6)) ? text + 6 : undefined;
}
/**
 * Whether `run` (`**`, `_`) opens emphasis in the EMPHASIS_LOOKBACK characters before `index`: written
 * before a word and not after a letter, a digit or a period (`os.* and` and `snake_case` open none).
 */
function emphasisOpened(block, index, run) {
    const from = Math.max(0, index - EMPHASIS_LOOKBACK);
    const window = block.slice(from, index);
    let tried = 0;
    for (let at = window.lastIndexOf(run); at >= 0 && tried < EMPHASIS_CANDIDATES; at = at === 0 ? -1 : window.lastIndexOf(run, at - 1), tried++) {
        const before = at === 0 ? block[from - 1] : window[at - 1];
        const after = window[at + run.length];
        if (after !== undefined && !/\s/.test(after) && !EMPHASIS.includes(after) && (before === undefined || !/[\p{L}\p{N}.]/u.test(before)))
            return true;
    }
    return false;
}
function splitBlock(block) {
    const pieces = [];
    let start = 0;
    for (const { index, mark, after } of terminators(block)) {
        if (after <= start || !endsSentence(block, index, mark, after))
            continue;
        TRAILING_CITATIONS.lastIndex = after;
        const citations = TRAILING_CITATIONS.exec(block);
        const end = after + (citations ? citations[0].length : 0);
        pieces.push(block.slice(start, end));
        start = end;
    }
    pieces.push(block.slice(start));
    return attachLoneCitations(pieces.map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p !== ''));
}
/** The first character after `from` that is not whitespace, or undefined. */
function nextVisible(block, from) {
    for (let at = from; at < block.length; at++) {
        if (!/\s/.test(block[at]))
            return String.fromCodePoint(block.codePointAt(at));
    }
    return undefined;
}
/** The longest word read back from a mark: longer than any abbreviation or initialism it is checked against. */
const MAX_WORD_CHARS = 32;
/**
 * The word that ends at `index` (back to the whitespace before it, at most `MAX_WORD_CHARS`): a text
 * without whitespace and with a mark every few characters (`X.\u3002X.\u3002\u2026`, as CJK marks end a sentence
 * with no space) would otherwise be read back to its start at every mark.
 */
function wordBefore(block, index) {
    let start = index;
    while (start > 0 && index - start < MAX_WORD_CHARS && !/\s/.test(block[start - 1]))
        start--;
    return block.slice(start, index);
}
function endsSentence(block, index, mark, after) {
    const ellipsis = mark.startsWith('..') || mark.startsWith('\u2026');
    if (!mark.startsWith('.') && !ellipsis)
        return true;
    const next = nextVisible(block, after);
    if (next === undefined)
        return true;
    const lowerNext = /\p{Ll}/u.test(next);
    // "and so\u2026 the" goes on; "and so\u2026 The" is a new sentence.
    if (ellipsis)
        return !lowerNext;
    const token = wordBefore(block, index).replace(/^["'\u201c\u2018([]+/, '') + '.';
    const lower = token.toLowerCase();
    if (NEVER_ENDS.has(lower) || (BEFORE_LOWER_CASE.has(lower) && lowerNext))
        return false;
    if (BEFORE_NUMBERS.has(lower) && (lowerNext || /\d/.test(next)))
        return false;
    // Initials and initialisms: "A. Gulli", "U.S.", "a.m.", "the U.S. economy".
    if (/^(?:\p{L}\.)+$/u.test(token))
        return false;
    // A list number that starts the block ("1. buses").
    if (/^\d+\.$/.test(token) && block.slice(0, index).trim() === token.slice(0, -1))
        return false;
    // Any other word before the period ends the sentence, whatever case follows: a sentence a model
    // starts in lower case ("\u2026 fell 6% [2]. the tram opened in 2023.") is still checked on its own, or one
    // citation would vouch for every claim run on after it.
    return true;
}
/** A piece that is only a citation ("[1]." at the start of a reference line) joins its neighbour. */
function attachLoneCitations(pieces) {
    const out = [];
    let carry = '';
    for (const piece of pieces) {
        if (CITATION_ONLY.test(piece)) {
            carry += `${piece} `;
            continue;
        }
        out.push(carry + piece);
        carry = '';
    }
    if (carry !== '') {
        if (out.length > 0)
            out[out.length - 1] += ` ${carry.trim()}`;
        else
            out.push(carry.trim());
    }
    return out;
}

;// CONCATENATED MODULE: ./lib/goals/kinds/every-sentence-matches.js





/**
 * `every_sentence_matches`: each sentence has a match; evidence for a failure is the first that has none. The
 * sentences are those a reader sees, without HTML comments and tags: `The tram opened in 2023 <!-- [3] -->.` met
 * a citation pattern with a citation no one reading the page sees (found by an adversarial pass).
 */
const everySentenceMatchesCheck = {
    needsTarget: true,
    check(goal, { valueText: { strings: text }, work }) {
        // Each accented letter in one spelling (NFC), the pattern's and the sentences', as `matches` reads them.
        const regex = compileGoalRegex((0,normalize_linear/* normalizeLinear */.r)(goal.every_sentence_matches ?? '', 'NFC'), goal.flags);
        const composed = (0,normalize_linear/* normalizeLinear */.r)(text, 'NFC');
        // Bounded as one call on the whole text, as `matches` is: each sentence fitted the bound, and a pattern
        // of 10,000 steps over 160 KB of sentences held the event loop 27 s (found by an adversarial hunt). On the text
        // the sentences are read from: NFC writes some letters in two or three characters (U+0958 is U+0915 U+093C).
        work.charge(regex, composed);
        const sentences = splitSentences((0,without_html.withoutHtml)(composed));
        // "Every sentence of nothing" is vacuously true; an empty result is not what the goal asked for.
        if (sentences.length === 0)
            return { met: false, evidence: 'the result has no sentences' };
        const index = sentences.findIndex((sentence) => !regex.test(sentence));
        if (index < 0)
            return { met: true, evidence: `all ${sentences.length} sentences match ${String(regex)}` };
        return {
            met: false,
            evidence: `sentence ${index + 1} of ${sentences.length} has no match for ${String(regex)}: "${shorten(sentences[index] ?? '', 200)}"`,
        };
    },
};

// EXTERNAL MODULE: ./lib/core/balanced-json-end.js
var balanced_json_end = __webpack_require__(70678);
// EXTERNAL MODULE: ./lib/core/json-schema.js
var json_schema = __webpack_require__(369);
// EXTERNAL MODULE: ./lib/core/parse-json.js
var parse_json = __webpack_require__(70695);
// EXTERNAL MODULE: ./lib/core/push-all.js
var push_all = __webpack_require__(37665);
// EXTERNAL MODULE: ./lib/core/stable-hash.js
var stable_hash = __webpack_require__(66297);
;// CONCATENATED MODULE: ./lib/goals/parse-json-result.js






// The marker is the whole run (`(?!`)`): a line the info string cannot match to its end (a `\r` or U+2028
// inside) made `{3,} try every shorter run, each scanning the rest: 128,000 backticks and `\rx` took 10 s.
const FENCE = /^ {0,3}(`{3,}(?!`)|~{3,}(?!~))(.*)$/;
/**
 * The bodies of the Markdown code fences in `text` whose info string is empty or names JSON (`json`,
 * `jsonc`, `json5`), in order. A fence opens at a line start with three or more backticks or tildes and
 * closes at a line of the same character at least as long, as in CommonMark ("wrapped in ``` as asked"
 * opens none); one never closed (an answer cut off) is not read. One pass over the lines.
 */
function jsonFences(text) {
    return fencesAndProse(text).bodies;
}
/** The info strings of fences that hold words, not code: read as the words around an answer are. */
const WORD_FENCES = /^(?:text|txt|plain|plaintext|md|markdown|output|log)$/;
/** `jsonFences`, and the lines outside every fence, a fence of words' lines among them (code in another language is neither). */
function fencesAndProse(text) {
    const bodies = [];
    const prose = [];
    const lines = text.split('\n');
    for (let index = 0; index < lines.length; index++) {
        const open = FENCE.exec(lines[index].replace(/\r$/, ''));
        if (!open || (open[1][0] === '`' && open[2].includes('`'))) {
            prose.push(lines[index]);
            continue;
        }
        const marker = open[1];
        const info = open[2].trim().toLowerCase().split(/\s/)[0] ?? '';
        let close = index + 1;
        for (; close < lines.length; close++) {
            const line = lines[close].replace(/\r$/, '');
            const fence = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
            if (fence && fence[1][0] === marker[0] && fence[1].length >= marker.length)
                break;
        }
        if (close < lines.length && (info === '' || /^json[c5]?$/.test(info)))
            bodies.push(lines.slice(index + 1, close).join('\n'));
        // One never closed is no fence: its lines are prose.
        else if (close >= lines.length)
            (0,push_all/* pushAll */.i)(prose, lines.slice(index));
        // A closed fence of words (```text, ```markdown\u2026) holds no answer, but what it says is read as the words beside the
        // answer are: one after `{"approved": true}` saying `{"approved": false}` was read by nothing, and the goal was met
        // (found by a hunt of the goal kinds). Code in another language (```js) is neither answer nor words.
        else if (WORD_FENCES.test(info))
            (0,push_all/* pushAll */.i)(prose, lines.slice(index + 1, close));
        index = close;
    }
    return { bodies, prose };
}
/**
 * A result as JSON: objects and arrays as they are; strings parsed, also when the JSON sits in a
 * ```json fence (models like to wrap it). Fences that differ are no answer: the first was read, and a
 * model's "Correction: \u2026" in a second fence after `{"approved": true}` passed a gate (found by an
 * adversarial pass).
 */
function parseJsonResult(value) {
    if (typeof value !== 'string')
        return { ok: true, value };
    const trimmed = value.trim();
    const whole = parseJsonText(trimmed);
    if (whole.ok)
        return whole;
    // The same answer written twice, however spaced, is one answer; two that differ are none. A block's text is
    // parsed once however often it is written, and past MAX_BLOCKS_READ different answers, or texts that are no
    // JSON, the result is refused: 16 MiB of empty blocks, each a failed parse, took 15 s (found by an adversarial pass).
    const parsedTexts = new Set();
    const answers = new Map();
    let first;
    let failed = 0;
    const { bodies, prose } = fencesAndProse(trimmed);
    for (const body of bodies) {
        const text = body.trim();
        if (parsedTexts.has(text))
            continue;
        parsedTexts.add(text);
        const parsed = parseJsonText(text);
        first ??= parsed;
        if (!parsed.ok && ++failed > MAX_BLOCKS_READ)
            return { ok: false, why: `it holds more than ${MAX_BLOCKS_READ} different code blocks that are not JSON; have the step return one JSON value` };
        answers.set(parsed.ok ? JSON.stringify(parsed.value) : `\u0000${parsed.why}`, parsed);
        if (answers.size > MAX_BLOCKS_READ)
            return { ok: false, why: `it holds more than ${MAX_BLOCKS_READ} different JSON code blocks, and which one is the answer is not clear; have the step return one` };
    }
    if (answers.size > 1)
        return { ok: false, why: `it holds ${answers.size} different JSON code blocks, and which one is the answer is not clear; have the step return one` };
    // An object in the words around the block that says otherwise takes it back: "Correction: \u2026 NOT approved:
    // {"approved": false}" after a block of {"approved": true} passed a gate (found by an adversarial pass).
    const other = first?.ok ? contradiction(prose.join('\n'), first.value) : undefined;
    if (other?.unread !== undefined)
        return { ok: false, why: `the words beside its code block hold ${other.unread}, more than is read, so whether they say otherwise is not known; have the step return the JSON alone` };
    if (other !== undefined)
        return { ok: false, why: `it holds JSON beside its code block that says otherwise (${parse_json_result_shorten(other.said)}), and which one is the answer is not clear; have the step return one` };
    return first ?? whole;
}
/** Objects read in the words around a code block: far more than any honest answer holds beside its block. */
const MAX_OBJECT_STARTS = 1_000;
/**
 * The first JSON object in `text` that gives one of `answer`'s keys another value (each compared as JSON with
 * its keys sorted), when `answer` is an object: a restatement of the answer, or an object of other keys (a part
 * of it quoted), says nothing against it (found by a review). Read from each brace that can open an object with
 * a key (`{` and then `"`: a `{` of code or of a placeholder cannot), reading at most twice the text in all (each
 * start may read on to the text's end: 16 MB of `{` took 2.8 s) and at most MAX_OBJECT_STARTS objects. Words the
 * bounds leave unread are no answer (`unread`): a correction past them was never read, and three braces of code
 * quoted in the words, or 50 placeholders, before `{"approved": false}` passed the gate (found by an adversarial hunt).
 */
function contradiction(text, answer) {
    if (Array.isArray(answer))
        return otherList(text, answer);
    // The other literal as a word of its own: "Correction: the answer is false." beside a block of `true`.
    if (typeof answer === 'boolean')
        return (answer ? /\bfalse\b/ : /\btrue\b/).test(text) ? { said: String(!answer) } : undefined;
    if (!(0,json_schema/* isMap */.jh)(answer))
        return undefined;
    const given = answer;
    // Each of the answer's values written once, however many objects name its key.
    const written = new Map();
    const givenJson = (key) => written.get(key) ?? (written.set(key, (0,stable_hash/* canonicalJson */.dj)(given[key])), written.get(key));
    let budget = 2 * text.length;
    let starts = 0;
    for (let start = text.indexOf('{'); start !== -1;) {
        if (!opensKey(text, start)) {
            start = text.indexOf('{', start + 1);
            continue;
        }
        if (starts >= MAX_OBJECT_STARTS)
            return { unread: `more than ${MAX_OBJECT_STARTS} objects` };
        starts++;
        const limit = Math.min(text.length, start + budget);
        const end = (0,balanced_json_end/* balancedJsonEnd */.G)(text, start, limit);
        budget -= (end ?? limit) - start;
        // Stopped by the budget, not by the text's end: what follows was never read.
        if (end === undefined && limit < text.length)
            return { unread: 'more braces that open no object than can be read' };
        const parsed = end === undefined ? undefined : parseJsonText(text.slice(start, end));
        if (parsed?.ok && (0,json_schema/* isMap */.jh)(parsed.value)) {
            const said = parsed.value;
            if (Object.keys(said).some((key) => Object.hasOwn(given, key) && (0,stable_hash/* canonicalJson */.dj)(said[key]) !== givenJson(key)))
                return { said: text.slice(start, end) };
            start = text.indexOf('{', end);
        }
        else
            start = text.indexOf('{', start + 1);
    }
    return undefined;
}
/**
 * Whether the `{` at `start` can open an object that gives a key: JSON white space, then `"`. Reads only the
 * white space after it, which ends at the next brace at the latest: every brace is looked at once in all.
 */
/**
 * The first JSON list in `text` other than `answer` (compared as canonical JSON): beside a block of `[]`, "Correction: the
 * list is ["src/auth.ts"]" passed a gate of `maxItems: 0` (found by a hunt of the goal kinds). Bounded as objects are.
 */
function otherList(text, answer) {
    const given = (0,stable_hash/* canonicalJson */.dj)(answer);
    let budget = 2 * text.length;
    let starts = 0;
    for (let start = text.indexOf('['); start !== -1;) {
        if (starts >= MAX_OBJECT_STARTS)
            return { unread: `more than ${MAX_OBJECT_STARTS} lists` };
        starts++;
        const limit = Math.min(text.length, start + budget);
        const end = (0,balanced_json_end/* balancedJsonEnd */.G)(text, start, limit);
        budget -= (end ?? limit) - start;
        if (end === undefined && limit < text.length)
            return { unread: 'more brackets that open no list than can be read' };
        const parsed = end === undefined ? undefined : parseJsonText(text.slice(start, end));
        if (parsed?.ok && Array.isArray(parsed.value)) {
            if ((0,stable_hash/* canonicalJson */.dj)(parsed.value) !== given)
                return { said: text.slice(start, end) };
            start = text.indexOf('[', end);
        }
        else
            start = text.indexOf('[', start + 1);
    }
    return undefined;
}
function opensKey(text, start) {
    let at = start + 1;
    while (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')
        at++;
    return text[at] === '"';
}
function parse_json_result_shorten(text) {
    return (0,cut_text/* cutText */.IN)(text, 80);
}
/** The most different answers, or code block texts that are no JSON, a result is read for. */
const MAX_BLOCKS_READ = 100;
/** `text` parsed as JSON, whole. */
function parseJsonText(text) {
    try {
        return { ok: true, value: (0,parse_json/* parseJson */.qF)(text) };
    }
    catch (error) {
        return { ok: false, why: error instanceof Error ? error.message : String(error) };
    }
}

;// CONCATENATED MODULE: ./lib/goals/kinds/json-schema.js


/** `json_schema`: the result is JSON (or a JSON value already) and validates against the schema (JSON Schema 2020-12, by Ajv, loaded at the first such goal). */
const jsonSchemaCheck = {
    needsTarget: true,
    async check(goal, { value, work }) {
        const parsed = parseJsonResult(value);
        if (!parsed.ok)
            return { met: false, evidence: `the result is not JSON: ${parsed.why}` };
        const { checkJsonSchema, schemaErrorText } = await Promise.all(/* import() */[__webpack_require__.e(815), __webpack_require__.e(913)]).then(__webpack_require__.bind(__webpack_require__, 86913));
        const checked = checkJsonSchema(goal.json_schema ?? {}, parsed.value, { work });
        if (!checked.ok)
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(checked.why);
        if (checked.valid)
            return { met: true, evidence: 'valid JSON that matches the schema' };
        const [first] = checked.errors;
        const more = checked.errors.length > 1 ? ` (and ${checked.errors.length - 1} more issues)` : '';
        return { met: false, evidence: `${first ? schemaErrorText(first) : 'does not match the schema'}${more}` };
    },
};

// EXTERNAL MODULE: ./lib/core/plan-step.js
var plan_step = __webpack_require__(98511);
// EXTERNAL MODULE: ./lib/llm/ask-for-json.js
var ask_for_json = __webpack_require__(95835);
// EXTERNAL MODULE: ./lib/llm/cut-off-reason.js
var cut_off_reason = __webpack_require__(46660);
// EXTERNAL MODULE: ./lib/llm/model-call-error.js
var model_call_error = __webpack_require__(63156);
// EXTERNAL MODULE: ./lib/llm/tool-call-instead.js
var tool_call_instead = __webpack_require__(96969);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
;// CONCATENATED MODULE: ./lib/goals/judge-verdict.js






/**
 * What a judge answers about one goal. A reason a reader cannot see (blanks, invisible characters) is none: the
 * gate opened on a verdict whose evidence showed nothing (found by an adversarial pass).
 */
const JudgeVerdict = schemas.object({ met: schemas.boolean(), reason: schemas.string().refine(invisible_characters/* hasVisibleText */.uA, 'the reason is empty') });
/** The verdict as a strict JSON schema for `response_format` (every property required, nothing extra). */
const JUDGE_VERDICT_SCHEMA = {
    type: 'object',
    properties: {
        met: { type: 'boolean', description: 'true only if the result clearly meets the criterion' },
        reason: { type: 'string', description: 'one or two sentences that point at the result' },
    },
    required: ['met', 'reason'],
    additionalProperties: false,
};
/** Objects scanned for in a reply that is not one JSON value: enough for any honest reply, and a bound on the work. */
const judge_verdict_MAX_OBJECT_STARTS = 50;
/** Every JSON object in `text` that parses (fenced or in prose, nested ones too), from the first MAX_OBJECT_STARTS braces. */
function embeddedObjects(text) {
    const found = [];
    let starts = 0;
    for (let start = text.indexOf('{'); start !== -1 && starts < judge_verdict_MAX_OBJECT_STARTS; start = text.indexOf('{', start + 1), starts++) {
        const end = (0,balanced_json_end/* balancedJsonEnd */.G)(text, start);
        if (end === undefined)
            continue;
        const parsed = parseJsonText(text.slice(start, end));
        if (parsed.ok)
            found.push(parsed.value);
    }
    return found;
}
/**
 * How many object keys in JSON `json` read `met` (escapes decoded): JSON.parse keeps only the last of
 * duplicates. One pass over its string literals: a pattern for them started again inside a string at
 * each escaped quote and read on to its end, so a judge quoting a result full of `"` took time that grew
 * with their square (3.5 s at 64 KiB, 45 s at 256 KiB).
 */
function metKeys(json) {
    let count = 0;
    for (let at = json.indexOf('"'); at !== -1; at = json.indexOf('"', at + 1)) {
        const start = at;
        for (at++; at < json.length && json[at] !== '"'; at++)
            if (json[at] === '\\')
                at++;
        let next = at + 1;
        while (json[next] === ' ' || json[next] === '\t' || json[next] === '\n' || json[next] === '\r')
            next++;
        // A string followed by a colon is a key (the text is valid JSON: a colon outside strings follows one).
        if (json[next] !== ':')
            continue;
        const literal = json.slice(start, at + 1);
        if ((literal.includes('\\') ? JSON.parse(literal) : literal.slice(1, -1)) === 'met')
            count++;
    }
    return count;
}
/** The keys of a verdict object besides `met` and `reason`, the first five (a verdict's own are all `JUDGE_VERDICT_SCHEMA` allows). */
function keysBesideVerdict(value) {
    if (value === null || typeof value !== 'object')
        return [];
    return Object.keys(value).filter((key) => key !== 'met' && key !== 'reason').slice(0, 5);
}
/** A reply that is one fenced block and nothing else: its label in any case, its lines ended by LF or CRLF (a `met` one was refused as unreadable). */
const ONLY_A_FENCE = /^```[A-Za-z]*\r?\n([\s\S]*)\r?\n```$/;
/**
 * The verdict in a judge's reply: plain JSON, JSON in a code fence, or a JSON object inside prose.
 * Anything else throws `GoalNotEvaluableError`: an unreadable verdict is never taken as met, and
 * neither is a reply with verdicts that disagree (a "met" draft, then a correction; a verdict the
 * judged result forged and the judge quoted, fenced or not, beside its own), nor one with a "met"
 * key in a verdict that could not be read. A "met" verdict counts only as the whole reply (or its
 * one fence): among other words it reads the same as a verdict the judge quoted from the judged
 * text without giving its own. An unmet one in prose is read: it can only fail the goal.
 */
function parseJudgeVerdict(content) {
    const trimmed = content.trim();
    const whole = parseJsonText(ONLY_A_FENCE.exec(trimmed)?.[1] ?? trimmed);
    const candidates = whole.ok ? [whole.value] : embeddedObjects(content);
    const verdicts = candidates.flatMap((candidate) => {
        const verdict = JudgeVerdict.safeParse(candidate);
        return verdict.success ? [verdict.data] : [];
    });
    // One JSON value with two `met` keys ({"met": false, \u2026, "met": true}, or a verdict nested in another)
    // holds two verdicts, of which parsing would keep one.
    if (whole.ok && metKeys(ONLY_A_FENCE.exec(trimmed)?.[1] ?? trimmed) > 1) {
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the judge's answer holds more than one verdict: "${shorten(content, 160)}"`);
    }
    if (verdicts.length > 1 && verdicts.some((verdict) => verdict.met !== verdicts[0].met)) {
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the judge's answer holds verdicts that disagree: "${shorten(content, 160)}"`);
    }
    if (!whole.ok && (content.match(/"met"\s*:/g)?.length ?? 0) > verdicts.length) {
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the judge's answer holds a verdict that could not be read beside the others: "${shorten(content, 160)}"`);
    }
    if (verdicts[0]?.met && !whole.ok) {
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the judge's answer puts a "met" verdict among other words, where a verdict quoted from the judged text reads the same; a met verdict counts only as the whole answer (a model that follows response_format gives one): "${shorten(content, 160)}"`);
    }
    // Read through the schema, a met verdict dropped every other key: `{"met": true, "reason": \u2026, "criterion_met": false}`
    // or `"verdict": "not met"` opened the gate on what the rest of the answer denied (found by an adversarial pass).
    const extra = verdicts[0]?.met && whole.ok ? keysBesideVerdict(whole.value) : [];
    if (extra.length > 0) {
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the judge's answer says "met" with other keys beside met and reason (${extra.map((key) => JSON.stringify(shorten(key, 40))).join(', ')}), which may say otherwise; a met verdict counts only as {"met": true, "reason": "\u2026"} and nothing else (a model that follows response_format gives one): "${shorten(content, 160)}"`);
    }
    if (verdicts[0])
        return verdicts[0];
    throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the judge's answer is not a verdict {"met": boolean, "reason": string}: "${shorten(content, 160)}"`);
}

;// CONCATENATED MODULE: ./lib/goals/kinds/judge.js








/** `judge`: a model decides whether the result meets the criterion; evidence is its reason. */
const judgeCheck = {
    needsTarget: true,
    async check(goal, { value, deps }) {
        if (!deps.model) {
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E('judge goals need a model; set the model endpoint inputs of the action');
        }
        // The prompt's code (and the Markdown reader it needs) loads with the first judge goal.
        const { judgeMessages } = await Promise.all(/* import() */[__webpack_require__.e(126), __webpack_require__.e(435), __webpack_require__.e(488), __webpack_require__.e(745), __webpack_require__.e(930)]).then(__webpack_require__.bind(__webpack_require__, 72930));
        const request = {
            model: deps.modelName ?? deps.model.defaultModel,
            messages: judgeMessages(goal.judge ?? '', value),
            response_format: {
                type: 'json_schema',
                json_schema: { name: 'goal_verdict', strict: true, schema: JUDGE_VERDICT_SCHEMA },
            },
        };
        const outage = deps.judgeOutage;
        if (outage?.why !== undefined)
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`not judged: an earlier judge's call found the model endpoint not answering (${outage.why})`);
        let response;
        try {
            // The client already retries transient failures; a second loop here would stack retries. An endpoint that
            // refuses `response_format` is asked once more without it, as the planner's is: the verdict is read from text.
            response = await (0,ask_for_json/* completeForJson */.N)(deps.model, request, { purpose: `goal:${(0,plan_step/* stepKeyWithin */.t)(deps.within, goal.name)}` }, deps.signal);
        }
        catch (error) {
            const why = error instanceof Error ? error.message : String(error);
            if (outage && error instanceof model_call_error/* ModelCallError */.sX && (error.failure === 'connection' || error.failure === 'timeout'))
                outage.why = shorten(why, 200);
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the judge call failed: ${shorten(why, 300)}`, { cause: error });
        }
        // Its cost is the job's model client's to charge (job/budgeted-model-client.ts), as every call no step owns.
        const choice = response.choices[0];
        if (!choice)
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E('the judge returned no answer');
        if (choice.message.refusal) {
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the judge refused: ${shorten(choice.message.refusal, 200)}`);
        }
        // A verdict cut off is not read as the whole: `{"met": true` of a longer answer is no verdict.
        const cutOff = (0,cut_off_reason/* cutOffReason */.ag)(choice);
        if (cutOff)
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the judge's answer was cut off before its verdict ended: ${(0,cut_off_reason/* cutOffWhy */.q1)(cutOff)}`);
        const instead = (0,tool_call_instead/* toolCallInstead */.X)(choice);
        if (instead !== undefined)
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the judge gave no verdict: ${instead}`);
        if ((choice.message.content ?? '').trim() === '')
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E('the judge gave an empty answer, no verdict');
        const verdict = parseJudgeVerdict(choice.message.content ?? '');
        return { met: verdict.met, evidence: verdict.reason };
    },
};

;// CONCATENATED MODULE: ./lib/goals/kinds/matches.js




/** `matches`: a regular expression (flags as a `(?i)` prefix or the `flags` field) matches somewhere in the result's values. */
const matchesCheck = {
    needsTarget: true,
    async check(goal, { valueText, text: json, work }) {
        // In one spelling, as the values are read (`composedValues`).
        const regex = compileGoalRegex((0,normalize_linear/* normalizeLinear */.r)(goal.matches ?? '', 'NFC'), goal.flags);
        const written = composedValues(valueText);
        const text = await shownValues(valueText, goal.matches ?? '');
        work.charge(regex, text);
        const match = regex.exec(text);
        if (!match && text !== written) {
            work.charge(regex, written);
            if (regex.exec(written) !== null)
                return { met: false, evidence: `no match for ${String(regex)}${ONLY_IN_A_COMMENT}` };
        }
        const inJson = () => {
            work.charge(regex, json);
            return regex.exec(json) !== null;
        };
        if (!match)
            return { met: false, evidence: `no match for ${String(regex)}${onlyInJson(json, text, json !== text && inJson())}` };
        return {
            met: true,
            evidence: `${String(regex)} matched on line ${lineOf(text, match.index)}: ${excerptAround(text, match.index, match.text.length)}`,
        };
    },
};

;// CONCATENATED MODULE: ./lib/goals/counted-once.js
/** Each value's counts, by what was counted (`max_chars`' characters, `max_words`' and `min_words`' words). */
const counts = new WeakMap();
/**
 * `count()` of one value, made once for all the goals on it (`evaluateGoals` gives every goal on a value the same
 * `ValueText`): counted per goal, 2,000 `max_chars` goals on a 1 MB result held the event loop 40 s, where no timeout
 * or cancel can stop them (found by an adversarial pass).
 */
function countedOnce(value, what, count) {
    let made = counts.get(value);
    if (made === undefined)
        counts.set(value, (made = new Map()));
    let counted = made.get(what);
    if (counted === undefined)
        made.set(what, (counted = count()));
    return counted;
}

;// CONCATENATED MODULE: ./lib/goals/kinds/max-chars.js

/** `max_chars`: the result has at most this many characters (code points, so an emoji counts once). */
const maxCharsCheck = {
    needsTarget: true,
    check(goal, { text, valueText }) {
        const max = goal.max_chars ?? 0;
        const chars = countedOnce(valueText, 'code points', () => [...text].length);
        return { met: chars <= max, evidence: `${chars} characters (at most ${max} allowed)` };
    },
};

;// CONCATENATED MODULE: ./lib/goals/count-words.js
/**
 * Letters of the scripts written without spaces between words: Chinese, Japanese, Thai, Lao, Khmer, Myanmar.
 * A token of them is not one word: a 2,000-character Chinese answer passed `max_words: 50` as 1 (found by an
 * adversarial pass).
 */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/**
 * Words in a text: whitespace-separated tokens with at least one letter or digit (a lone "\u2014" is not a word). A token
 * with letters of a script written without spaces counts the words `unspacedWords` finds in it (`unspaced-words.ts`,
 * loaded by the checks that count: `\u6211\u4eec\u4eca\u5929\u53bb\u516c\u56ed` is 4 words); text written with spaces is counted as before
 * (`don't`, `e-mail` and `foo/bar` are a word each).
 */
function countWords(text, unspacedWords) {
    let count = 0;
    for (const token of text.split(/\s+/)) {
        if (!LETTER_OR_DIGIT.test(token))
            continue;
        count += UNSPACED.test(token) ? Math.max(1, unspacedWords(token)) : 1;
    }
    return count;
}

;// CONCATENATED MODULE: ./lib/goals/kinds/max-words.js


/**
 * JSON's escape of a line break, a tab, a carriage return, a form feed or a vertical tab, or an escaped
 * backslash (kept whole, so that the `n` after it is no escape: `C:\\new` is one word).
 */
const ESCAPE = /\\(?:[nrtf]|u000[bB]|\\)/g;
/**
 * `max_words`: the result has at most this many words. A structured result's JSON counts (keys and nulls
 * too), read with its escaped white space as white space: JSON writes a line break in a string as `\n`,
 * which joined the words either side, and 10,000 words a line each passed `max_words: 300` as 2 (found by
 * an adversarial pass).
 */
const maxWordsCheck = {
    needsTarget: true,
    async check(goal, { text, value, valueText }) {
        const max = goal.max_words ?? 0;
        const { unspacedWords } = await __webpack_require__.e(/* import() */ 15).then(__webpack_require__.bind(__webpack_require__, 27015));
        const words = countedOnce(valueText, 'words of its JSON', () => countWords(typeof value === 'string' ? text : text.replace(ESCAPE, (escape) => (escape === '\\\\' ? escape : ' ')), unspacedWords));
        return { met: words <= max, evidence: `${words} word${words === 1 ? '' : 's'} (at most ${max} allowed)` };
    },
};

;// CONCATENATED MODULE: ./lib/goals/kinds/min-words.js



/** `min_words`: the result's values have at least this many words (keys and nulls are not words of it). */
const minWordsCheck = {
    needsTarget: true,
    async check(goal, { valueText }) {
        const min = goal.min_words ?? 0;
        const { unspacedWords } = await __webpack_require__.e(/* import() */ 15).then(__webpack_require__.bind(__webpack_require__, 27015));
        // The words a reader sees: a comment's are not the result's (`shownValues`).
        const shown = await shownValues(valueText, '');
        const words = countedOnce(valueText, shown === valueText.values ? 'words of its values' : 'words of its values a reader sees', () => countWords(shown, unspacedWords));
        return { met: words >= min, evidence: `${words} word${words === 1 ? '' : 's'} (at least ${min} required)${shown === valueText.values ? '' : ', HTML comments left out'}` };
    },
};

;// CONCATENATED MODULE: ./lib/goals/kinds/not-contains.js


const asWritten = (text) => text;
/**
 * Each value's places as each reading makes them, by the value's texts (the same `ValueText` for every goal on
 * one value): made per goal, each of four goals on a 16 MiB answer folded and rendered all of it again (5.9 s;
 * found by an adversarial pass).
 */
const readingsByValue = new WeakMap();
function readingsOf(valueText) {
    let made = readingsByValue.get(valueText);
    if (!made)
        readingsByValue.set(valueText, (made = new Map()));
    return made;
}
/** The rendered reading that keeps the marks in its key (`renderedText`), one function for each: the key of `readPlace`'s places. */
const renderedReadings = new Map();
/** Place `at` (text `text`) as `read` makes it, made once per value. */
function readPlace(made, read, at, text) {
    let places = made.get(read);
    if (!places)
        made.set(read, (places = []));
    return (places[at] ??= read(text));
}
/**
 * `not_contains`: the text appears nowhere: not in the result's values (strings decoded), not in a
 * key, not in its JSON. A structured result's JSON writes `C:\\Users` for `C:\Users` and `\n` for a
 * line break, so searching the JSON alone missed them. Evidence for a failure is the offending excerpt.
 */
const notContainsCheck = {
    needsTarget: true,
    async check(goal, { text, valueText, work }) {
        // With the 2,000 entity names it decodes (46 KB), loaded only by a plan with a not_contains goal.
        const { renderedText, pageSpacing, RENDERED_MARKS } = await Promise.all(/* import() */[__webpack_require__.e(126), __webpack_require__.e(627)]).then(__webpack_require__.bind(__webpack_require__, 23627));
        const unwanted = goal.not_contains ?? '';
        // The marks the text itself holds stay on the page as it is read: with every `_` dropped, `AWS<!-- -->_SECRET`
        // showed AWS_SECRET and passed `not_contains: AWS_SECRET` (found by an adversarial pass).
        const keep = [...RENDERED_MARKS].filter((mark) => unwanted.includes(mark)).join('');
        let rendered = renderedReadings.get(keep);
        if (!rendered)
            renderedReadings.set(keep, (rendered = (text) => renderedText(text, keep)));
        const places = [
            { name: 'the result', text: valueText.values },
            { name: 'a key of the result', text: valueText.keys },
            { name: "the result's JSON", text },
        ];
        // As written, then as a reader sees it: `AK\u200bIA\u2026` or fullwidth
        // `\uff21\uff2b\uff29\uff21` shows the text the goal forbids; then as a rendered page shows it: `AK<!-- -->IA`,
        // `A&#75;IA` and `AK**IA**` do too (found by an adversarial pass).
        // The text the goal names is never rendered: `\\n` became `n` and `&amp;` became `&`, and the goal
        // failed on any text holding those (found by a review).
        const readings = [
            { read: asWritten, needle: unwanted, how: '' },
            { read: invisible_characters/* visibleText */.Q6, needle: (0,invisible_characters/* visibleText */.Q6)(unwanted), how: ' as a reader sees it (invisible characters removed, compatibility forms folded)' },
            { read: rendered, needle: pageSpacing((0,invisible_characters/* visibleText */.Q6)(unwanted)), how: ' as a rendered page shows it (HTML comments and tags removed, character references decoded, emphasis marks dropped, spacing joined)' },
        ];
        const made = readingsOf(valueText);
        for (const { read, needle, how } of readings) {
            if (needle === '')
                continue;
            for (const [at, place] of places.entries()) {
                const haystack = readPlace(made, read, at, place.text);
                // Each goal reads the whole result again, on the event loop: charged to the goals' shared bound.
                work.search(haystack.length, 'not_contains');
                const index = haystack.indexOf(needle);
                if (index < 0)
                    continue;
                return { met: false, evidence: `found "${shorten(unwanted)}" in ${place.name}${how}, line ${lineOf(haystack, index)}: ${excerptAround(haystack, index, needle.length)}` };
            }
        }
        return { met: true, evidence: `"${shorten(unwanted)}" does not appear` };
    },
};

;// CONCATENATED MODULE: ./lib/goals/goal-checks.js












/** The check for every goal kind; the `Record` makes a kind added to the schema without a check a type error. */
const GOAL_CHECKS = {
    contains: containsCheck,
    not_contains: notContainsCheck,
    matches: matchesCheck,
    equals: equalsCheck,
    min_words: minWordsCheck,
    max_words: maxWordsCheck,
    max_chars: maxCharsCheck,
    every_sentence_matches: everySentenceMatchesCheck,
    json_schema: jsonSchemaCheck,
    command: commandCheck,
    all_steps_completed: allStepsCompletedCheck,
    judge: judgeCheck,
};

// EXTERNAL MODULE: ./lib/plan/schema.js + 4 modules
var schema = __webpack_require__(89235);
;// CONCATENATED MODULE: ./lib/goals/goal-kind-of.js

/** The one kind a goal names, or undefined when it names none (the loader rejects two). */
function goalKindOf(goal) {
    return schema/* GOAL_KINDS */.CX.find((kind) => goal[kind] !== undefined);
}

// EXTERNAL MODULE: ./lib/goals/goal-target.js + 1 modules
var goal_target = __webpack_require__(73268);
// EXTERNAL MODULE: ./lib/goals/result-cut-note.js + 1 modules
var result_cut_note = __webpack_require__(75888);
// EXTERNAL MODULE: ./lib/goals/goal-work.js
var goal_work = __webpack_require__(14715);
;// CONCATENATED MODULE: ./lib/goals/evaluate-goals.js







/**
 * Checks every goal against the finished run and returns the results in the order the goals were
 * declared: concurrently, but `judge` goals one after another, so each model call is checked
 * against the budget with what the judges before it spent (started together, every judge passed
 * the check before any had spent: four judges spent 20\u00d7 a max_cost_usd). Never throws: a goal that
 * cannot be checked comes back as `error`.
 */
function evaluateGoals(goals, target, given) {
    // One outage record for this evaluation's judges (they run one after another).
    const deps = { ...given, judgeOutage: given.judgeOutage ?? {} };
    let judged = Promise.resolve();
    // Each checked value's texts, made once for all the goals on it: 1,600 goals on one 90 KB result spent a
    // quarter of their time making them again.
    const texts = new Map();
    // One bound on the patterns and the schema evaluations of all the goals, which are checked one after another on the event loop.
    const work = new goal_work/* GoalWork */.N$();
    return Promise.all(goals.map((goal) => {
        if (goalKindOf(goal) !== 'judge')
            return evaluateGoal(goal, target, deps, texts, work);
        const result = judged.then(() => evaluateGoal(goal, target, deps, texts, work));
        judged = result;
        return result;
    }));
}
/**
 * The checks that a part of a result can pass where the whole would fail: on a result a tool cut (a
 * file past its size cap), "AKIA does not appear" was met while the cut-off rest held it (found by an
 * adversarial pass); `matches: '^[^F]*$'`, a judge or a command reading the part likewise (found by a
 * review); a `json_schema` saying what must not be there (`not`, `maxItems`: a pull request's 350 files
 * cut to 300 passed "no workflow file changed", found by an adversarial pass). They fail on a part alone
 * (what the part holds is in the whole), but never pass: on a cut result, or on one that lacks work the
 * run left undone (`GoalTarget.partial`). `contains` and `min_words` pass on a part as on the whole;
 * `equals` checks what the result is: on neither kind of result, but on one a tool made from a part (`PartialResult.made`).
 */
const WHOLE_RESULT_KINDS = new Set(['not_contains', 'max_chars', 'max_words', 'every_sentence_matches', 'matches', 'judge', 'command', 'json_schema']);
function textsOf(value, texts) {
    const found = texts.get(value);
    if (found)
        return found;
    const made = (0,result_cut_note/* resultTexts */.C)(value);
    texts.set(value, made);
    return made;
}
// Each value's cut note, looked for once for all the goals on it (`textsOf` gives them one object).
const cutNotes = new WeakMap();
/** The first cut note in a value's texts (its values', then its JSON's); undefined when it holds none. */
function cutOf(read) {
    let found = cutNotes.get(read);
    if (!found)
        cutNotes.set(read, (found = { note: (0,result_cut_note/* resultCutNote */.a)(read) }));
    return found.note;
}
async function evaluateGoal(goal, target, deps, texts, work) {
    const severity = goal.severity ?? 'required';
    try {
        const kind = goalKindOf(goal);
        if (kind === undefined)
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E('the goal names no check (contains, matches, judge, \u2026)');
        const check = GOAL_CHECKS[kind];
        const value = check.needsTarget ? (0,goal_target/* resolveGoalTarget */.$)(goal, target) : target.finalResult;
        const judgedKey = goal.of === undefined ? target.resultStepKey : String(goal.of);
        // A command goal says why it is refused there itself (`commandsRefused`): it would run in that checkout too. Where command
        // goals run, one on a result read from another checkout (a reused step marked so) is not checked either (found by a review).
        const skipForeign = kind === 'command' && deps.commandsRefused !== undefined;
        const foreign = check.needsTarget && !skipForeign && judgedKey !== undefined ? target.foreign?.get(judgedKey) : undefined;
        if (foreign !== undefined) {
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`not checked: ${foreign}. Check the pull request's code in a job of its own workflow that needs no approval, or in a step that runs before the pause`);
        }
        const read = textsOf(value, texts);
        const outcome = await check.check(goal, { ...read, value, target, deps, work });
        const whole = outcome.met && WHOLE_RESULT_KINDS.has(kind);
        const cut = whole ? cutOf(read) : undefined;
        if (cut !== undefined) {
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the result holds only part of what its tool read (${cut}), and \`${kind}\` passes only on all of it: have the step read less (a narrower path or search), so that its result is whole`);
        }
        const judged = outcome.met && check.needsTarget ? judgedKey : undefined;
        const partial = judged === undefined ? undefined : target.partial?.get(judged);
        if (partial !== undefined && (whole || partial.made)) {
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the result of step ${judged} lacks work the run left undone (${partial.why}), and \`${kind}\` passes only on all of it: ${partial.fix}`);
        }
        return { name: goal.name, severity, outcome: outcome.met ? 'met' : 'unmet', evidence: outcome.evidence };
    }
    catch (error) {
        // Fail closed: whatever went wrong, the goal is reported as not evaluated, never as met.
        const evidence = error instanceof goal_not_evaluable_error/* GoalNotEvaluableError */.E
            ? error.message
            : `could not evaluate: ${error instanceof Error ? error.message : String(error)}`;
        // A judge whose call found the endpoint unusable: a used plan's step that fails on it is not replanned (see endpointUnusable).
        return { name: goal.name, severity, outcome: 'error', evidence, ...((0,model_call_error/* endpointRefusesEveryCall */.Ud)(error instanceof Error ? error.cause : undefined) && { endpointUnusable: true }) };
    }
}


/***/ }),

/***/ 58983:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ CANCELLED_WHILE_JUDGING),
/* harmony export */   n: () => (/* binding */ finalStatus)
/* harmony export */ });
/* harmony import */ var _goals_verdict_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(85692);

/** The reason a run that finished its steps is `cancelled`: the cancel came while its goals were checked. */
const CANCELLED_WHILE_JUDGING = 'cancelled while the goals were being checked';
/**
 * The run's status once goals are known. Only a succeeded run can become `goals-unmet`: "the agent
 * could not run" (failed, escalated, cancelled) must stay distinguishable from "the result is not
 * good enough". A cancel that arrived while the goals were checked makes the run `cancelled`: the
 * goals it cut short say nothing about the result.
 */
function finalStatus(runStatus, results, cancelled = false) {
    if (runStatus !== 'succeeded')
        return runStatus;
    if (cancelled)
        return 'cancelled';
    return (0,_goals_verdict_js__WEBPACK_IMPORTED_MODULE_0__/* .goalsVerdict */ .AD)(results).goalsMet ? 'succeeded' : 'goals-unmet';
}


/***/ }),

/***/ 58542:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ GoalNotEvaluableError)
/* harmony export */ });
/**
 * Thrown by a goal check that cannot decide (no target, judge call failed, command timed out).
 * The evaluator turns it into outcome `error`: fail closed, never met.
 */
class GoalNotEvaluableError extends Error {
    /** Why the goal could not be evaluated, without the "could not evaluate" prefix. */
    why;
    constructor(why, options = {}) {
        super(`could not evaluate: ${why}`, { cause: options.cause });
        this.name = new.target.name;
        this.why = why;
    }
}


/***/ }),

/***/ 73268:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  s: () => (/* binding */ goalTargetOf),
  $: () => (/* binding */ resolveGoalTarget)
});

// EXTERNAL MODULE: ./lib/core/run-record.js
var run_record = __webpack_require__(90422);
// EXTERNAL MODULE: ./lib/goals/checkout-results.js
var checkout_results = __webpack_require__(10637);
// EXTERNAL MODULE: ./lib/core/run-event.js
var run_event = __webpack_require__(8463);
// EXTERNAL MODULE: ./lib/goals/result-gap.js
var result_gap = __webpack_require__(7118);
;// CONCATENATED MODULE: ./lib/goals/partial-results.js


/**
 * The completed steps of the final plan whose result has holes where work was left undone, by key: why. A
 * `for_each` step whose items failed under `on_item_failure: continue` (its result holds `null` for each), and a
 * `type: plan` step whose plan's result is such a step's (at any depth), and one whose list is drawn from a cut result
 * (`resultGap`, the rule the run reads as it goes too). A goal that a part can pass where the
 * whole would fail (`not_contains: FAIL` on the results of the items that did not fail) is not evaluated on one
 * (found by an adversarial pass: a `for_each` step with a failed item passed "no package fails"). A model step
 * after one is told of those `null`s, as a step that runs without an optional input is told what is missing, and
 * what it makes of them is its own whole answer (the package review writes "not checked" for each); an agent's
 * answer is all it said, whatever its TODO list shows. A `tool_call` step is told nothing: one given such a
 * result (or one its tool cut), here or through an input of the plan it is in, has a partial result too, and so has a
 * `type: plan` step whose plan's result is its (`StepRecord.partial`, see `PartialInputs`). Whether no goal passes
 * on one (`made`) is what the run judged as it went (`StepRecord.made`). `all_steps_completed` judges the work left undone.
 */
function partialResults(record, stepStates, results) {
    const partial = new Map();
    const planSteps = new Map((record.plan?.steps ?? []).map((step) => [step.key, step]));
    const made = new Map([...record.steps].flatMap(([key, step]) => (step.partial === undefined ? [] : [[key, step.partial]])));
    for (const [key, state] of stepStates) {
        if (state !== 'completed')
            continue;
        const step = record.steps.get(key);
        const failed = holes(step);
        const gap = (0,result_gap/* resultGap */.Y)(planSteps.get(key), failed?.why, results, made);
        // Whether no goal passes on it, and why, is the run's judgement (`StepRecord.made`, `partial`), read, not made again
        // here (found by adversarial passes: a for_each tool step with failed items, given a count that read 0, passed
        // `contains`; a plan step whose plan's result was a list drawn from a cut one named only its failed items).
        const why = step?.partial ?? gap?.why;
        if (why === undefined)
            continue;
        const fix = gap?.cutBy !== undefined
            ? `have step ${gap.cutBy} return all of its list (a narrower query), or split the work`
            : gap?.madeBy !== undefined
                ? `make the list step ${gap.madeBy} returns whole (a narrower read or query, items that all complete) and run again`
                : gap === undefined || step?.made || failed?.alone === false
                    ? 'make what it was given whole (a narrower read or query, items that all complete) and run again'
                    : 'fix what did not complete and run again, or check it with all_steps_completed';
        partial.set(key, { why: `step ${key}: ${why}`, fix, ...(step?.made && { made: true }) });
    }
    return partial;
}
/**
 * Why a completed step's result has holes, or undefined: its failed items, or its used plan's result step's; `alone`:
 * they are all it lacks (the step whose items failed has no other gap: a list drawn from a cut one, a tool's answers
 * made from what lacks work), so all_steps_completed checks the rest.
 */
function holes(step) {
    for (let depth = 0; step !== undefined && depth <= run_event/* MAX_PLAN_DEPTH */.Z1; depth++) {
        if (step.failedItems && step.failedItems.length > 0) {
            const total = step.itemCounts?.total ?? step.items?.length;
            const why = `completed, ${step.failedItems.length}${total === undefined ? '' : ` of ${total}`} items failed${depth > 0 ? `, in the plan it uses (its result step ${step.key})` : ''}`;
            return { why, alone: step.partial === undefined };
        }
        const nested = step.nested;
        step = nested?.resultStepKey === undefined ? undefined : nested.steps.get(nested.resultStepKey);
    }
    return undefined;
}

// EXTERNAL MODULE: ./lib/goals/goal-not-evaluable-error.js
var goal_not_evaluable_error = __webpack_require__(58542);
;// CONCATENATED MODULE: ./lib/goals/goal-target.js




/**
 * What a finished run's goals are checked against (a job's or a used plan's): `stepStates` when the caller has
 * them already, `carried` work a resumed run left undone. Its results read from a checkout that is not the run's
 * commit are foreign (`checkoutResults`), and every completed step is where the run, a used plan's, was given one
 * (`foreignInputs`: why).
 */
function goalTargetOf(run, extra = {}) {
    const stepStates = extra.stepStates ?? (0,run_record/* finalStepStates */.hb)(run.record);
    const given = extra.foreignInputs;
    const foreign = given === undefined ? (0,checkout_results/* checkoutResults */.lm)(run.record, stepStates) : new Map([...stepStates].filter(([, state]) => state === 'completed').map(([key]) => [key, given]));
    return {
        finalResult: run.finalResult,
        results: run.results,
        stepStates,
        unfinished: new Map([...(extra.carried ?? []), ...(0,run_record/* unfinishedWork */.HF)(run.record)]),
        partial: partialResults(run.record, stepStates, run.results),
        ...(foreign.size > 0 && { foreign }),
        masked: run.masked,
        ...(run.resultStepKey !== undefined && { resultStepKey: run.resultStepKey }),
    };
}
/**
 * The value a goal checks: the result of its `of:` step, or the run's final result. Not a result
 * with something masked: the text a goal looks for (a key, a word, its length) may be what was masked.
 */
function resolveGoalTarget(goal, target) {
    const judged = goal.of === undefined ? target.resultStepKey : String(goal.of);
    const masked = judged === undefined ? undefined : target.masked?.get(judged);
    if (masked !== undefined) {
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`the result it would judge is made from ${masked}: a saved run keeps text that looks like a secret or a token only as ***, so that result is not what the step returned. A run without resuming (the action's resume: never, the CLI without --resume) judges it, running every step again, side effects included`);
    }
    if (goal.of === undefined) {
        if (target.finalResult === undefined) {
            throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E('the run produced no result (it ended before its last step completed)');
        }
        return target.finalResult;
    }
    const key = String(goal.of);
    const state = target.stepStates.get(key);
    if (state === undefined)
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`step ${key} is not in the plan that ran`);
    if (state !== 'completed')
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`step ${key} did not complete (${state})`);
    const value = target.results.get(key);
    if (value === undefined)
        throw new goal_not_evaluable_error/* GoalNotEvaluableError */.E(`step ${key} completed without a result`);
    return value;
}


/***/ }),

/***/ 14715:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N$: () => (/* binding */ GoalWork),
/* harmony export */   RQ: () => (/* binding */ MAX_SCHEMA_EVALUATIONS)
/* harmony export */ });
/* unused harmony exports MAX_GOALS_REGEX_WORK, MAX_GOALS_SCHEMA_EVALUATIONS, MAX_GOALS_SEARCH_CHARS */
/* harmony import */ var _core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(80083);
/* harmony import */ var _core_linear_regex_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53097);
/* harmony import */ var _core_regex_syntax_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(45989);
/* harmony import */ var _goal_not_evaluable_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(58542);




/**
 * The most regex work (program size \u00d7 characters, as `LinearRegex` counts it) the goals of one evaluation may
 * do together. Each call is held to MAX_REGEX_WORK, but an evaluation checks its goals one after another on the
 * event loop, where no timeout or cancel can stop them: ten `matches: '\pL{1000}\pN'` goals on a result of 90,000
 * letters held it 33 s, and a plan may declare thousands (found by an adversarial pass). About 16 s at the
 * slowest shapes measured, and literal or ASCII patterns far less.
 */
const MAX_GOALS_REGEX_WORK = 4 * _core_linear_regex_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_REGEX_WORK */ .ju;
/** The most subschema evaluations one `json_schema` check may make (`evaluationBound` in json-schema-validator.ts). */
const MAX_SCHEMA_EVALUATIONS = 4_000_000;
/**
 * The most subschemas the `json_schema` goals of one evaluation may evaluate together: four checks at the most one
 * may take. Each check had its own bound, and a hundred goals holding a recursive `anyOf` held the event loop about
 * a minute on a result 22 deep (found by an adversarial pass).
 */
const MAX_GOALS_SCHEMA_EVALUATIONS = 4 * MAX_SCHEMA_EVALUATIONS;
/**
 * The most characters the text searches of one evaluation's goals may read together (`contains` and `not_contains`,
 * each search charged the length of the text it reads). A search reads its text once, but each goal searches the
 * whole result again, checked one after another on the event loop, where no timeout or cancel can stop them: 2,000
 * `not_contains` goals on a 1 MB result held it 30 s, and a plan may declare thousands (found by an adversarial
 * pass). About 3 to 18 s at the speeds measured (3 to 18 ns a character).
 */
const MAX_GOALS_SEARCH_CHARS = 1_000_000_000;
/**
 * The work left to one evaluation's goals (`evaluateGoals` makes one), which are checked one after another on the
 * event loop: the regex work of their patterns, each charged before it runs, the subschema evaluations of
 * their `json_schema` checks (and the pairs of items `uniqueItems` compares), each given at most what is left, and
 * the characters their text searches read, each charged before it runs.
 */
class GoalWork {
    #regexLeft = MAX_GOALS_REGEX_WORK;
    #evaluationsLeft = MAX_GOALS_SCHEMA_EVALUATIONS;
    #searchLeft = MAX_GOALS_SEARCH_CHARS;
    /** The regex work not yet charged. */
    get regexLeft() {
        return this.#regexLeft;
    }
    /** The subschema evaluations not yet charged: the most the next `json_schema` check may make. */
    get evaluationsLeft() {
        return this.#evaluationsLeft;
    }
    /** Charges one call of `regex` on `text`: throws `RegexWorkError` past its own bound, `GoalNotEvaluableError` past what is left. */
    charge(regex, text) {
        regex.checkWork(text);
        this.spendRegexWork(regex.size * text.length, String(regex), text.length);
    }
    /** Charges `work` done (or about to be) by `pattern` on `chars` characters; throws `GoalNotEvaluableError` past what is left. */
    spendRegexWork(work, pattern, chars) {
        if (work > this.#regexLeft) {
            throw new _goal_not_evaluable_error_js__WEBPACK_IMPORTED_MODULE_2__/* .GoalNotEvaluableError */ .E(`the goals' patterns together would take more than the ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(MAX_GOALS_REGEX_WORK)} steps all of a run's goals may take on the event loop, where no timeout can stop them ` +
                `(next was ${(0,_core_regex_syntax_error_js__WEBPACK_IMPORTED_MODULE_1__/* .shownPattern */ .k)(pattern)} on ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(chars)} characters, ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(work)} steps, with ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(this.#regexLeft)} left): ` +
                "make the patterns' repeats (`{n}`) smaller, check this result with fewer pattern goals, or have the step return less");
        }
        this.#regexLeft -= work;
    }
    /** The characters text searches may still read. */
    get searchLeft() {
        return this.#searchLeft;
    }
    /** Charges a search of `kind` through `chars` characters, before it runs; throws `GoalNotEvaluableError` past what is left. */
    search(chars, kind) {
        if (chars > this.#searchLeft) {
            throw new _goal_not_evaluable_error_js__WEBPACK_IMPORTED_MODULE_2__/* .GoalNotEvaluableError */ .E(`the goals' text searches together would read more than the ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(MAX_GOALS_SEARCH_CHARS)} characters all of a run's goals may read on the event loop, where no timeout can stop them ` +
                `(next was \`${kind}\` through ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(chars)} characters, with ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(this.#searchLeft)} left): check this result with fewer ${kind} goals (a \`matches\` goal's alternatives can hold what several check), or have the step return less`);
        }
        this.#searchLeft -= chars;
    }
    /** Charges `count` subschema evaluations a `json_schema` check made (it was given at most what is left). */
    spendEvaluations(count) {
        this.#evaluationsLeft = Math.max(0, this.#evaluationsLeft - count);
    }
    /** Why a `json_schema` check that needed more evaluations than were left (before it is charged) is not evaluable. */
    evaluationsSpent() {
        return new _goal_not_evaluable_error_js__WEBPACK_IMPORTED_MODULE_2__/* .GoalNotEvaluableError */ .E(`the goals' json_schema checks together would evaluate more than the ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(MAX_GOALS_SCHEMA_EVALUATIONS)} subschemas (or pairs of items compared for uniqueItems) all of a run's goals may evaluate on the event loop, ` +
            `where no timeout can stop them (this check needed more than the ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(this.#evaluationsLeft)} left): check this result with fewer json_schema goals (one schema can hold what several check), ` +
            'make the branches of an anyOf or oneOf differ early, or have the step return less');
    }
}


/***/ }),

/***/ 85692:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AD: () => (/* binding */ goalsVerdict),
/* harmony export */   yz: () => (/* binding */ planGates)
/* harmony export */ });
/* unused harmony export hasRequiredGoal */
/** Sums up goal results: all required goals met, which are not, and which warnings to show. */
function goalsVerdict(results) {
    const notMet = results.filter((result) => result.outcome !== 'met');
    const unmetRequired = notMet.filter((result) => result.severity === 'required');
    const warnings = notMet.filter((result) => result.severity === 'warning');
    return { goalsMet: unmetRequired.length === 0, unmetRequired, warnings };
}
/** Whether a plan's goals make its run a gate: at least one required goal (warnings only report). */
function hasRequiredGoal(goals) {
    return (goals ?? []).some((goal) => goal.severity !== 'warning');
}
function planGates(plan) {
    const used = [...(plan.subplans?.values() ?? [])].some((inner) => planGates(inner) !== undefined);
    return used ? 'used' : hasRequiredGoal(plan.source?.goals) ? 'own' : undefined;
}


/***/ }),

/***/ 75888:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  a: () => (/* binding */ resultCutNote),
  C: () => (/* binding */ resultTexts)
});

// EXTERNAL MODULE: ./lib/core/cut-note.js
var cut_note = __webpack_require__(30068);
// EXTERNAL MODULE: ./lib/core/result-text.js
var result_text = __webpack_require__(16);
;// CONCATENATED MODULE: ./lib/goals/value-text.js
/** The text of `result`'s values and keys (see `ValueText`); walked without recursion. */
function valueText(result) {
    if (typeof result === 'string')
        return { values: result, strings: result, keys: '' };
    const values = [];
    const strings = [];
    const keys = [];
    const stack = [result];
    const seen = new Set();
    while (stack.length > 0) {
        const item = stack.pop();
        if (typeof item === 'string') {
            values.push(item);
            strings.push(item);
        }
        else if (typeof item === 'number' || typeof item === 'boolean' || typeof item === 'bigint')
            values.push(String(item));
        else if (item !== null && typeof item === 'object' && !seen.has(item)) {
            seen.add(item);
            const entries = Array.isArray(item) ? item.map((inner) => ['', inner]) : Object.entries(item);
            for (const [key] of entries)
                if (key !== '' || !Array.isArray(item))
                    keys.push(key);
            // Reversed onto the stack, so values come out in the order they are written.
            for (let index = entries.length - 1; index >= 0; index--)
                stack.push(entries[index][1]);
        }
    }
    return { values: values.join('\n\n'), strings: strings.join('\n\n'), keys: keys.join('\n') };
}

;// CONCATENATED MODULE: ./lib/goals/result-cut-note.js



/** `value`'s texts, made once for every goal (and cut-note look) on it. */
function resultTexts(value) {
    return { text: (0,result_text/* resultText */.D)(value).text, valueText: valueText(value) };
}
/** The first cut note in a result's texts (its values', then its JSON's): a tool returned only part of what it read. */
function resultCutNote(texts) {
    return (0,cut_note/* cutNoteIn */.W)(texts.valueText.values) ?? (0,cut_note/* cutNoteIn */.W)(texts.text);
}


/***/ }),

/***/ 7118:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ resultGap)
/* harmony export */ });
/* harmony import */ var _plan_find_references_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(99271);
/* harmony import */ var _result_cut_note_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(75888);


/**
 * Why the result a step completed with lacks work of its own, or undefined: the gaps it reports (`reported`: a
 * `for_each` step's failed items, a `type: plan` step's plan's result's), or else a `for_each` list drawn from a
 * result its tool cut (a pull request's first 300 files of 350: the items past the cut never ran), or from one that
 * lacks work its value does not show (`made`, by key: a tool's answer made from a list with a null for a failed item
 * or from a cut one, as a used plan's tool step given such an input makes it; a plan step's result that lacks work).
 * The one rule the run as it goes (`PartialInputs`) and its goals (`partialResults`) both read: the run did not know
 * the cut list, so a tool step counting its reviews was not partial and a goal on the count passed, nor a list a tool
 * made from an input that lacks work, when a model step's for_each went over it (found by adversarial passes).
 */
function resultGap(step, reported, results, made = new Map(), cutNoteOf = (key) => (0,_result_cut_note_js__WEBPACK_IMPORTED_MODULE_1__/* .resultCutNote */ .a)((0,_result_cut_note_js__WEBPACK_IMPORTED_MODULE_1__/* .resultTexts */ .C)(results.get(key)))) {
    const list = listGap(step, results, made, cutNoteOf);
    // Both: the list's gap first, as the items that failed show as nulls and counts, and the items past a cut nowhere
    // (found by an adversarial pass: only the failed items were said, and `2/3 done, 1 failed` read as a list of 3).
    if (reported === undefined)
        return list;
    return list === undefined ? { why: reported } : { ...list, why: `${list.why}; and ${reported}` };
}
/**
 * Why a `for_each` step's list lacks items: it is drawn from a result its tool cut (`cutNoteOf`: the cut note of a step's
 * result; the run's reads each result once), or from one that lacks work its value does not show.
 */
function listGap(step, results, made, cutNoteOf) {
    if (!step?.forEach)
        return undefined;
    for (const { reference } of (0,_plan_find_references_js__WEBPACK_IMPORTED_MODULE_0__/* .findReferences */ .yU)(step.forEach.list).references) {
        if (reference.kind !== 'step' || !results.has(reference.step))
            continue;
        const note = cutNoteOf(reference.step);
        if (note !== undefined)
            return { why: `its for_each list comes from the result of step ${reference.step}, which its tool cut (${note}), so the items past the cut never ran`, cutBy: reference.step };
        const lacks = made.get(reference.step);
        if (lacks !== undefined)
            return { why: `its for_each list comes from the result of step ${reference.step}, which lacks work (${lacks}), so items it lacks never ran here`, madeBy: reference.step };
    }
    return undefined;
}


/***/ }),

/***/ 22220:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   withoutComments: () => (/* binding */ withoutComments),
/* harmony export */   withoutHtml: () => (/* binding */ withoutHtml)
/* harmony export */ });
/** Where a tag may start: `<b`, `</b`. */
const TAG_START = /<\/?[A-Za-z]/g;
const NAME_CHAR = /[A-Za-z0-9-]/;
/** `text` without its HTML comments, in one pass (a lazy pattern looked to the end for each unclosed `<!--`). */
function withoutComments(text) {
    if (!text.includes('<!--'))
        return text;
    let out = '';
    let at = 0;
    for (let open = text.indexOf('<!--'); open >= 0; open = text.indexOf('<!--', at)) {
        out += text.slice(at, open);
        // `<!-->` and `<!--->` are whole comments to a browser: looked for from `open + 4`, `AK<!-->IA` showed AKIA and
        // passed `not_contains: AKIA` (found by an adversarial pass).
        const close = text.indexOf('-->', open + 2);
        at = close < 0 ? text.length : close + 3;
    }
    return out + text.slice(at);
}
/**
 * Where the tag at `at` ends, past its `>`, or -1: its name, then `>`, `/>`, or blanks and attributes up to a `>`
 * outside a value quoted after `=` (`<b title="a>b">`, whose first `>` left `b">` between two letters a page shows
 * joined; found by an adversarial pass). A value may hold a `<` (`AK<b title="<">IA` shows AKIA; found by a hunt of
 * the goal kinds). A `<` outside a value ends the search, and so does a quote that no later quote closes (`last`:
 * where each quote is last written), so the search is linear: two values of one quote from different tags do not
 * overlap, and a search begun inside a value stops at the next `<`.
 */
function tagEnd(text, at, last) {
    let index = text[at + 1] === '/' ? at + 2 : at + 1;
    while (index < text.length && NAME_CHAR.test(text[index]))
        index++;
    if (text[index] === '>')
        return index + 1;
    if (text.startsWith('/>', index))
        return index + 2;
    if (!/\s/.test(text[index] ?? ''))
        return -1;
    for (; index < text.length; index++) {
        const char = text[index];
        if (char === '>')
            return index + 1;
        if (char === '<')
            return -1;
        if (char !== '=')
            continue;
        let value = index + 1;
        while (value < text.length && /\s/.test(text[value]))
            value++;
        const quote = text[value];
        if (quote !== '"' && quote !== "'")
            continue;
        if (value >= last[quote])
            return -1;
        index = text.indexOf(quote, value + 1);
    }
    return -1;
}
/** `text` without its HTML tags (`tagEnd`). */
function withoutTags(text) {
    let out = '';
    let kept = 0;
    const last = { '"': text.lastIndexOf('"'), "'": text.lastIndexOf("'") };
    TAG_START.lastIndex = 0;
    for (let start = TAG_START.exec(text); start; start = TAG_START.exec(text)) {
        const end = tagEnd(text, start.index, last);
        if (end < 0)
            continue;
        out += text.slice(kept, start.index);
        kept = TAG_START.lastIndex = end;
    }
    return out + text.slice(kept);
}
/**
 * `text` without the HTML a page hides: its comments, and its tags with their attributes (what is between tags
 * stays). A citation in `<!-- [3] -->` or `<a title="[3]">` is no citation a reader sees. Its own module, apart from
 * `renderedText`'s entity table, which `every_sentence_matches` does not need.
 */
function withoutHtml(text) {
    return withoutTags(withoutComments(text));
}


/***/ }),

/***/ 66543:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   z: () => (/* binding */ budgetedModelClient)
/* harmony export */ });
/* harmony import */ var _llm_call_usage_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(16249);
/* harmony import */ var _llm_describe_purpose_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(34325);


/** True for calls a step makes: those report their usage through the step (`ctx.onUsage`). */
function isStepCall(label) {
    return label.purpose.startsWith('step:');
}
/**
 * The model client every part of a job uses, so one budget sees every call: a call waits while the
 * calls in flight are expected to fill the budget, and is refused before it is made when the budget
 * has no room; calls no step owns (planner, replanner, review, goal judges) are charged here, while
 * steps charge theirs through `ctx.onUsage`.
 */
function budgetedModelClient(inner, budget) {
    return {
        defaultModel: inner.defaultModel,
        async complete(request, label, signal) {
            // A call its caller gave up on before it began is never sent: the budget throws its reason, and counts nothing.
            const ended = await budget.reserveModelCall((0,_llm_describe_purpose_js__WEBPACK_IMPORTED_MODULE_1__/* .describePurpose */ .S)(label.purpose), { model: request.model, promptTokens: (0,_llm_call_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .estimatePromptTokens */ .bW)(request) }, signal);
            try {
                // A request abandoned in flight (a timeout, a cancel, a budget stop, an answer that broke off) may be billed: counted apart.
                let abandoned = false;
                const onAbandoned = () => {
                    abandoned = true;
                    budget.countAbandoned();
                };
                let response;
                try {
                    response = await inner.complete(request, { ...label, onAbandoned }, signal);
                }
                catch (error) {
                    // An answer that was no answer but said what it used is billed: charged as any other (a step's by the step).
                    const billed = (0,_llm_call_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .billedUsage */ .cL)(error, request);
                    if (billed && !isStepCall(label))
                        budget.chargeOutsideSteps(billed);
                    // One that said nothing of it was a call all the same: max_model_calls counted it, and the report says so.
                    if (!billed && !abandoned)
                        budget.countUnanswered();
                    throw error;
                }
                const usage = (0,_llm_call_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .callUsage */ .mu)(response, request);
                // How the endpoint counts this text: later calls in flight are expected so (CJK text is about a token a character).
                budget.learnPrompt((0,_llm_call_usage_js__WEBPACK_IMPORTED_MODULE_0__/* .estimatePromptTokens */ .bW)(request), usage.promptTokens);
                if (!isStepCall(label))
                    budget.chargeOutsideSteps(usage);
                return response;
            }
            finally {
                ended();
            }
        },
    };
}


/***/ }),

/***/ 305:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  fanOutRefusal: () => (/* binding */ fanOutRefusal)
});

// EXTERNAL MODULE: ./lib/run/fan-out-part.js
var fan_out_part = __webpack_require__(19243);
// EXTERNAL MODULE: ./lib/run/step-tools.js
var step_tools = __webpack_require__(87749);
// EXTERNAL MODULE: ./lib/tools/github/write-caps.js
var write_caps = __webpack_require__(21640);
;// CONCATENATED MODULE: ./lib/job/fan-out-writes.js



/**
 * Why a fanned-out plan may not run: a step that the prepare or a shard job runs (a fan-out step,
 * or one a fan-out step depends on) may call a capped github write. Each job counts `github.writes`
 * on its own, so such a run would write up to shards \u00d7 the cap; the merge job's steps run once.
 */
function fanOutWriteProblem(plan) {
    const early = (0,fan_out_part/* fanOutScope */.q)(plan.steps, 'shard') ?? new Set();
    for (const step of plan.steps) {
        if (!early.has(step.key))
            continue;
        const writes = (0,step_tools/* toolsStepMayCall */.R)(step, plan).filter((name) => Object.hasOwn(write_caps/* CAPPED_WRITES */.LJ, name));
        if (writes.length > 0) {
            return `step ${step.key} may call ${writes.join(', ')}, and it runs in the prepare or a shard job: each job counts github.writes on its own, so a fanned-out run could write up to shards \u00d7 the cap; call it from a step after the fan-out step (the merge job runs those once)`;
        }
    }
    return undefined;
}

// EXTERNAL MODULE: ./lib/job/pause-asker.js
var pause_asker = __webpack_require__(83858);
;// CONCATENATED MODULE: ./lib/job/fan-out-refusal.js


/**
 * Why a fanned-out run of the plan (`mode`, in words: `mode prepare`) is refused before anything runs, or undefined:
 * it could pause for approval midway (the other jobs would wait on a state that never comes: approve first, with the
 * environment pattern, then fan out), or a step of the prepare or a shard job may call a capped github write. The
 * one rule for the run's refusal and `validate`'s warning of it.
 */
function fanOutRefusal(plan, mode) {
    // The one rule for what may pause a plan (`pauseAsker`), which the refusal where no comment can be written reads too.
    const asker = (0,pause_asker/* pauseAsker */.x)(plan);
    if (asker !== undefined) {
        return `${mode} cannot pause for approval midway (${asker}): set approval: never (and no step approval: true) in a fanned-out plan and the plans it uses, and approve it before the fan-out jobs with the environment pattern (mode: plan, then a job with environment:)`;
    }
    const writes = fanOutWriteProblem(plan);
    return writes === undefined ? undefined : `${mode}: ${writes}`;
}


/***/ }),

/***/ 71396:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ jobSecrets)
/* harmony export */ });
/* harmony import */ var _core_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(21673);
/* harmony import */ var _core_secret_env_name_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(59989);
/* harmony import */ var _llm_base_url_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(99882);



/**
 * The values every channel of a job must hide (what `createRedactor` is given): the API key, the GitHub
 * token, the base URL's credential query values, the environment's secret-named variables, and the
 * secret-named inputs. Left out: `INPUT_*` variables, the action's inputs as the runner passes them (its
 * secret ones, api-key and github-token, are named here; hiding the rest would blank out words such as
 * "auto" and "true" everywhere), and values too ordinary to hide wherever they appear (`isOrdinaryValue`:
 * a flag, a number of fewer than 6 digits).
 */
function jobSecrets(sources) {
    const env = Object.fromEntries(Object.entries(sources.env).filter(([name]) => !/^INPUT_/i.test(name)));
    const fromEnv = (0,_core_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .secretValuesFromEnvironment */ ._0)(env).filter((value) => !(0,_core_secret_env_name_js__WEBPACK_IMPORTED_MODULE_1__/* .isOrdinaryValue */ .C)(value));
    return [sources.apiKey, sources.githubToken, ...(0,_llm_base_url_js__WEBPACK_IMPORTED_MODULE_2__/* .baseUrlSecrets */ .uV)(sources.baseURL), ...fromEnv, ...(0,_core_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .secretValuesFromInputs */ .Ye)(sources.inputs ?? {})].filter((value) => Boolean(value));
}


/***/ }),

/***/ 34912:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  a: () => (/* binding */ openTools)
});

// EXTERNAL MODULE: ./lib/process/run-process.js
var run_process = __webpack_require__(19856);
// EXTERNAL MODULE: ./lib/process/scrub-environment.js
var scrub_environment = __webpack_require__(6578);
// EXTERNAL MODULE: ./lib/process/tool-environment-error.js
var tool_environment_error = __webpack_require__(14572);
// EXTERNAL MODULE: ./lib/core/step-error.js
var step_error = __webpack_require__(1938);
// EXTERNAL MODULE: ./lib/process/signalled-status.js
var signalled_status = __webpack_require__(91551);
;// CONCATENATED MODULE: ./lib/tools/tool-exit-error.js


/** Exit status 75 (`EX_TEMPFAIL`, sysexits.h): the command says "try again later". */
const EX_TEMPFAIL = 75;
/**
 * A command tool ended with a non-zero exit status or was killed by a signal. Exit 75 is transient;
 * every other failure is permanent. A signal, or a status a shell gives for a child killed by one, leaves the
 * effect unknown.
 */
class ToolExitError extends step_error/* StepError */.zg {
    /** The exit status, or null when a signal ended the process. */
    exitCode;
    signal;
    /** The last part of what the command wrote to stderr. */
    stderrTail;
    constructor(options) {
        const signalled = (0,signalled_status/* signalledStatus */.K)(options.exitCode);
        const how = options.exitCode === null
            ? `was killed by ${options.signal ?? 'a signal'}`
            : `exited with ${(0,signalled_status/* describeStatus */.W)(options.exitCode)}`;
        const hint = options.exitCode === EX_TEMPFAIL ? ' (exit 75: a temporary failure, retried unless the tool has side effects)' : '';
        const tail = options.stderrTail.trim() ? `\nstderr (last lines):\n${options.stderrTail.trimEnd()}` : ' with no stderr output';
        super(`tool '${options.toolName}' ${how}${hint}${tail}`, {
            transient: options.exitCode === EX_TEMPFAIL,
            toolName: options.toolName,
            // A signal is no answer: an out-of-memory kill may come after the effect. So is a wrapper's report of one
            // (`sh -c` exits 137 for a SIGKILLed child): taken for a failure, a resume made the call again (adversarial pass).
            effectUnknown: options.exitCode === null || signalled !== undefined,
        });
        this.exitCode = options.exitCode;
        this.signal = options.signal;
        this.stderrTail = options.stderrTail;
    }
}

// EXTERNAL MODULE: ./lib/tools/tool-output-too-large-error.js
var tool_output_too_large_error = __webpack_require__(35493);
;// CONCATENATED MODULE: ./lib/tools/tool-spawn-error.js

/** A command tool's program could not be started (not found, not executable). */
class ToolSpawnError extends step_error/* StepError */.zg {
    program;
    /** The system error code, e.g. `ENOENT` or `EACCES`. */
    code;
    /** `problem`: why it could not, when known (its `#!` line names an interpreter that is not there); else a hint by `code`. */
    constructor(options) {
        const hint = options.problem ??
            (options.code === 'ENOENT'
                ? 'check the path (relative paths start at the repository root; bare names are looked up on PATH)'
                : options.code === 'EACCES'
                    ? 'make the file executable (chmod +x) or run it through its interpreter, e.g. [node, path/to/script.mjs]'
                    : 'check the command in the plan');
        super(`tool '${options.toolName}': cannot start '${options.program}' (${options.code ?? 'unknown error'}); ${hint}`, {
            transient: false,
            toolName: options.toolName,
            cause: options.cause,
        });
        this.program = options.program;
        if (options.code !== undefined)
            this.code = options.code;
    }
}

;// CONCATENATED MODULE: ./lib/tools/tool-timeout-error.js

/** A tool ran past its time limit and was stopped; another attempt may be faster, so it is transient. */
class ToolTimeoutError extends step_error/* StepError */.zg {
    timeoutMs;
    /** `stepKey`: the limit was that step's own `timeout_seconds` (`ToolContext.timeoutMs`), not the tool's. */
    constructor(options) {
        const seconds = Math.round(options.timeoutMs / 100) / 10;
        const tail = options.stderrTail ? `\nstderr (last lines):\n${options.stderrTail}` : '';
        // Which setting to raise: the tool's would change nothing where the step's own replaced it.
        const remedy = options.stepKey === undefined ? 'raise its timeout_seconds' : `raise the timeout_seconds of step ${options.stepKey}, which replaces the tool's,`;
        super(`tool '${options.toolName}' did not finish within ${seconds} s and was stopped; ${remedy} if it needs longer${tail}`, { transient: true, toolName: options.toolName });
        this.timeoutMs = options.timeoutMs;
    }
}

// EXTERNAL MODULE: ./lib/core/parse-json-keeping-numbers.js
var parse_json_keeping_numbers = __webpack_require__(28922);
;// CONCATENATED MODULE: ./lib/tools/command-tool.js








/** A command tool that declares no `timeout_seconds` is stopped after this long. */
const DEFAULT_COMMAND_TIMEOUT_SECONDS = 300;
/** Only the last this-many bytes of stderr are kept while the command runs. */
const COMMAND_STDERR_KEPT_BYTES = 64 * 1024;
/** How much of the kept stderr tail goes into an error message. */
const COMMAND_STDERR_IN_ERROR_BYTES = 2 * 1024;
/**
 * A tool from a plan's `command` declaration: argv run from the repository root with no shell,
 * the arguments as JSON on stdin, stdout as the result (parsed when it is JSON). Exit 0 succeeds;
 * exit 75 and timeouts are transient; other exits are permanent and carry the tail of stderr.
 */
function commandTool(name, declaration, options) {
    let env = {};
    let envError;
    try {
        env = (0,scrub_environment/* scrubEnvironment */.vf)(options.env, declaration.env, name);
    }
    catch (error) {
        // Reported when the tool is called, so a plan whose unused tool lacks a variable still runs.
        if (!(error instanceof tool_environment_error/* ToolEnvironmentError */.G))
            throw error;
        envError = error;
    }
    const maxStdoutBytes = options.maxStdoutBytes ?? tool_output_too_large_error/* TOOL_RESULT_LIMIT_BYTES */.l;
    return {
        name,
        description: declaration.description,
        inputSchema: declaration.input ?? { type: 'object', properties: {} },
        sideEffects: declaration.side_effects ?? false,
        ...(declaration.timeout_seconds !== undefined && { timeoutSeconds: declaration.timeout_seconds, timeoutSetting: `tools.${name}.timeout_seconds` }),
        async execute(args, ctx) {
            if (envError)
                throw envError;
            const timeoutMs = ctx.timeoutMs ?? (declaration.timeout_seconds ?? DEFAULT_COMMAND_TIMEOUT_SECONDS) * 1000;
            const outcome = await (0,run_process/* runProcess */.R)(declaration.command, {
                cwd: options.cwd,
                // The same logical call (tool and arguments) gets the same key on retries, replans and resumes.
                env: ctx.idempotencyKey === undefined ? env : { ...env, PLAN_RUNNER_IDEMPOTENCY_KEY: ctx.idempotencyKey },
                stdin: `${JSON.stringify(args)}\n`,
                timeoutMs,
                signal: ctx.signal,
                output: { mode: 'separate', maxStdoutBytes, maxStderrBytes: options.maxStderrBytes ?? COMMAND_STDERR_KEPT_BYTES },
            });
            switch (outcome.kind) {
                case 'exited': {
                    if (outcome.exitCode === 0)
                        return parseCommandOutput(outcome.stdout);
                    const stderrTail = outcome.stderr.text(COMMAND_STDERR_IN_ERROR_BYTES);
                    throw new ToolExitError({ toolName: name, exitCode: outcome.exitCode, signal: outcome.signal, stderrTail });
                }
                case 'timed_out':
                    throw new ToolTimeoutError({ toolName: name, timeoutMs, stderrTail: outcome.stderr.text(COMMAND_STDERR_IN_ERROR_BYTES), ...(ctx.timeoutMs !== undefined && { stepKey: ctx.stepKey }) });
                case 'output_too_large':
                    throw new tool_output_too_large_error/* ToolOutputTooLargeError */.Z({ toolName: name, limitBytes: maxStdoutBytes });
                case 'aborted':
                    // The aborter chose the reason (a cancel, or the executor's own timeout error); pass it on.
                    throw outcome.reason instanceof Error ? outcome.reason : new DOMException('The tool call was aborted', 'AbortError');
                case 'spawn_failed':
                    throw new ToolSpawnError({ toolName: name, program: outcome.program, code: outcome.error.code, problem: outcome.problem, cause: outcome.error });
            }
        },
    };
}
/**
 * stdout as a result: the JSON value it holds, or else its trimmed text. A number a double cannot hold is kept as
 * the text printed (`parseJsonKeepingNumbers`): read as a number, `1234567890123456789` became 1234567890123456800
 * (a later step acted on another id), and a 20-digit numeric secret reached the reports as its first 16 digits,
 * which no redaction of the whole secret finds (found by an adversarial pass).
 */
function parseCommandOutput(stdout) {
    const text = stdout.trim();
    if (text === '')
        return '';
    try {
        return (0,parse_json_keeping_numbers/* parseJsonKeepingNumbers */.X$)(text);
    }
    catch {
        return text;
    }
}

;// CONCATENATED MODULE: ./lib/tools/duplicate-tool-error.js
/** Two tools in one registry share a name (a declared tool and a toolset tool, say). */
class DuplicateToolError extends Error {
    toolName;
    sources;
    constructor(options) {
        super(`tool '${options.toolName}' is defined twice (${options.sources.join(' and ')}); rename the tool declared under tools:`);
        this.name = 'DuplicateToolError';
        this.toolName = options.toolName;
        this.sources = [...options.sources];
    }
}

// EXTERNAL MODULE: ./lib/tools/toolsets.js
var toolsets = __webpack_require__(42900);
;// CONCATENATED MODULE: ./lib/job/build-tool-registry.js



/**
 * Every tool a plan may call: the tools of its enabled `toolsets` (files confined to `cwd`, github
 * and http as the run allows), its declared `command` tools, then `extraTools`. Two tools with one
 * name are an error rather than one silently hiding the other; a toolset the run cannot set up is
 * a ToolsetSetupError.
 */
function buildToolRegistry(plan, options) {
    const tools = new Map();
    const sources = new Map();
    const add = (tool, source) => {
        const earlier = sources.get(tool.name);
        if (earlier)
            throw new DuplicateToolError({ toolName: tool.name, sources: [earlier, source] });
        tools.set(tool.name, tool);
        sources.set(tool.name, source);
    };
    const context = {
        root: options.cwd,
        redact: options.redact,
        ...(options.octokit !== undefined && { octokit: options.octokit }),
        ...(options.repository !== undefined && { repository: options.repository }),
        ...(options.pullNumber !== undefined && { pullNumber: options.pullNumber }),
        ...(options.earlierWrites !== undefined && { earlierWrites: options.earlierWrites }),
        ...(options.onAllowance !== undefined && { onAllowance: options.onAllowance }),
        ...(options.pullHeadSha !== undefined && { pullHeadSha: options.pullHeadSha }),
    };
    for (const toolset of new Set(plan.toolsets ?? [])) {
        for (const tool of (0,toolsets/* toolsetTools */.e)(toolset, plan, context))
            add(tool, `toolset '${toolset}'`);
    }
    for (const [name, declaration] of Object.entries(plan.tools ?? {})) {
        add(commandTool(name, declaration, options), `tools.${name}`);
    }
    for (const tool of options.extraTools ?? [])
        add(tool, options.extraSource ?? 'an adapter');
    return tools;
}

// EXTERNAL MODULE: ./lib/core/redact.js + 1 modules
var core_redact = __webpack_require__(21673);
;// CONCATENATED MODULE: ./lib/tools/redacting-tools.js

/**
 * The registry with every tool's arguments redacted before it runs: whoever chose them (the plan
 * through `${steps.\u2026}`, or the model), a secret the run knows never reaches a GitHub write, an
 * HTTP request, an MCP server or a command's stdin. Secrets a tool needs come from its `env:` or
 * `headers:` configuration, which is not an argument. A write's `findEffect` gets them redacted
 * too: it looks for what `execute` made, with the arguments `execute` had.
 */
function redactingTools(tools, redact) {
    return new Map([...tools].map(([name, tool]) => {
        const findEffect = tool.findEffect?.bind(tool);
        const redacting = {
            ...tool,
            execute: (args, ctx) => tool.execute((0,core_redact/* redactDeep */.KL)(args, redact), ctx),
            ...(findEffect && { findEffect: (args, ctx) => findEffect((0,core_redact/* redactDeep */.KL)(args, redact), ctx) }),
        };
        return [name, redacting];
    }));
}

;// CONCATENATED MODULE: ./lib/job/open-tools.js



/** Tool names a plan's steps and agents use; undefined when a model is still to write the steps. */
function namedTools(plan) {
    if (plan.workflow_sequence === undefined)
        return undefined;
    const names = new Set();
    for (const step of plan.workflow_sequence) {
        if (step.tool !== undefined)
            names.add(step.tool);
        for (const name of step.tools ?? [])
            names.add(name);
    }
    for (const agent of Object.values(plan.agents ?? {}))
        for (const name of agent.tools ?? [])
            names.add(name);
    return names;
}
/**
 * An MCP tool that refuses to run once the run is cancelled or its tools are closed: a server
 * restarts lazily on a call, and a step still winding down after the run ended must not start
 * one that nothing will close.
 */
function endsWithRun(tool, signal, isClosed) {
    return {
        ...tool,
        async execute(args, ctx) {
            signal.throwIfAborted();
            if (isClosed())
                throw new step_error/* StepError */.zg(`${tool.name}: the run's MCP servers are already closed`, { transient: false, toolName: tool.name });
            return tool.execute(args, ctx);
        },
    };
}
async function startServers(plan, context) {
    if (context.servers)
        return context.servers;
    if (Object.keys(plan.mcp_servers ?? {}).length === 0)
        return undefined;
    // The MCP SDK loads only for a plan with servers: the others start without it.
    const { connectMcpServers } = await Promise.all(/* import() */[__webpack_require__.e(126), __webpack_require__.e(435), __webpack_require__.e(815), __webpack_require__.e(301), __webpack_require__.e(488), __webpack_require__.e(745), __webpack_require__.e(541)]).then(__webpack_require__.bind(__webpack_require__, 42541));
    return connectMcpServers(plan.mcp_servers ?? {}, {
        signal: context.signal,
        cwd: context.cwd,
        env: context.env,
        ...(context.mcpStartTimeoutMs !== undefined && { timeoutMs: context.mcpStartTimeoutMs }),
    });
}
/**
 * The tool phase of a job, the one place a run's tools are assembled. Every tool a run of `plan`
 * may call: its toolsets (files in `cwd`; github with the client,
 * repository and pull request given; http within `http.allow`), its command tools, and the tools of
 * its MCP servers, and `extraTools`, less what validation withheld. Servers no step names are closed again (they restart if a revised plan calls
 * them). Throws ToolsetSetupError, DuplicateToolError or McpServerStartError, after ending every
 * server, including those passed in `servers`.
 */
async function openTools(plan, context) {
    let servers;
    let allowance;
    try {
        const options = {
            // The registry is built again with the MCP tools: the last allowance made is the one its tools share.
            onAllowance: (made) => {
                allowance = made;
            },
            cwd: context.cwd,
            env: context.env,
            redact: context.redact,
            ...(context.octokit !== undefined && { octokit: context.octokit }),
            ...(context.repository !== undefined && { repository: context.repository }),
            ...(context.pullNumber !== undefined && { pullNumber: context.pullNumber }),
            ...(context.earlierWrites !== undefined && { earlierWrites: context.earlierWrites }),
            ...(context.pullHeadSha !== undefined && { pullHeadSha: context.pullHeadSha }),
        };
        // Built once without the servers first, so a missing token or allow list starts no process.
        let tools = buildToolRegistry(plan, options);
        servers = await startServers(plan, context);
        let closed = false;
        const mcpTools = (servers?.tools ?? []).map((tool) => endsWithRun(tool, context.signal, () => closed));
        if (mcpTools.length > 0)
            tools = buildToolRegistry(plan, { ...options, extraTools: mcpTools, extraSource: 'mcp_servers' });
        const used = namedTools(plan);
        if (servers && used)
            await servers.closeUnused(used);
        const opened = servers;
        const merged = new Map(tools);
        for (const tool of context.extraTools ?? [])
            merged.set(tool.name, tool);
        const all = redactingTools(merged, context.redact);
        // Withheld tools are not even callable: a step a model writes later cannot reach them either.
        for (const name of context.withheld?.keys() ?? [])
            all.delete(name);
        if (context.decorateTool)
            for (const [name, tool] of all)
                all.set(name, context.decorateTool(tool));
        const counted = allowance;
        return {
            tools: all,
            extraTools: mcpTools,
            ...(counted && { githubWritten: () => counted.written() }),
            async close() {
                closed = true;
                await opened?.close();
            },
        };
    }
    catch (error) {
        await (servers ?? context.servers)?.close();
        throw error;
    }
}


/***/ }),

/***/ 83858:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   x: () => (/* binding */ pauseAsker)
/* harmony export */ });
/** A tool with side effects the plan, or a plan it uses, may call (its catalogue: withheld tools are not in it); undefined when none. */
function sideEffectTool(plan, looked) {
    if (looked.has(plan))
        return undefined;
    looked.add(plan);
    for (const [name, tool] of plan.tools)
        if (tool.sideEffects)
            return name;
    for (const used of plan.subplans?.values() ?? []) {
        const found = sideEffectTool(used, looked);
        if (found !== undefined)
            return found;
    }
    return undefined;
}
/**
 * What could make a run of the plan pause for approval, in words (`step 3's approval: true`, `approval: plan`,
 * `approval: side-effects, and it may call deploy, a tool with side effects`), or undefined when nothing could.
 * Read from the plan as loaded, before a model writes or replans steps: under `side-effects`, any tool with side
 * effects in its catalogue (a replan may call one no step of the file does); a used plan's ask is its step's.
 */
function pauseAsker(plan, looked = new Set()) {
    if (looked.has(plan))
        return undefined;
    looked.add(plan);
    const step = plan.steps.find((candidate) => candidate.approval);
    if (step)
        return `step ${step.key}'s approval: true`;
    const policy = plan.source.approval ?? 'never';
    if (policy === 'plan')
        return 'approval: plan';
    if (policy === 'side-effects') {
        const tool = sideEffectTool(plan, new Set());
        if (tool !== undefined)
            return `approval: side-effects, and it may call ${tool}, a tool with side effects`;
    }
    for (const [uses, used] of plan.subplans ?? []) {
        const inner = pauseAsker(used, looked);
        if (inner !== undefined)
            return `the plan ${uses} it uses: ${inner}`;
    }
    return undefined;
}


/***/ }),

/***/ 5173:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  b: () => (/* binding */ runJob)
});

// UNUSED EXPORTS: fileStepsHash

;// CONCATENATED MODULE: ./lib/core/option-names.js
/** For a job whose front end did not say (tests, a library caller): both front ends' names. */
const EITHER_OPTION_NAMES = {
    task: 'a task (the task input, --task)',
    agent: 'mode: agent (--agent)',
    notAgent: 'with mode: run (without --agent)',
    fresh: 'start a new run of the workflow, or re-run the job with resume: never (the CLI: run it without --resume)',
};

// EXTERNAL MODULE: ./lib/goals/checkout-results.js
var checkout_results = __webpack_require__(10637);
// EXTERNAL MODULE: ./lib/goals/evaluate-goals.js + 24 modules
var evaluate_goals = __webpack_require__(96128);
// EXTERNAL MODULE: ./lib/plan/empty-inputs-warning.js
var empty_inputs_warning = __webpack_require__(55691);
// EXTERNAL MODULE: ./lib/plan/resolve-inputs.js
var resolve_inputs = __webpack_require__(57637);
// EXTERNAL MODULE: ./lib/plan/hashed-step.js
var hashed_step = __webpack_require__(55157);
// EXTERNAL MODULE: ./lib/core/secrets-as-read.js
var secrets_as_read = __webpack_require__(52776);
// EXTERNAL MODULE: ./lib/core/redact.js + 1 modules
var core_redact = __webpack_require__(21673);
// EXTERNAL MODULE: ./lib/plan/resolve-references.js + 1 modules
var resolve_references = __webpack_require__(54669);
;// CONCATENATED MODULE: ./lib/run/used-plan-secrets.js




/**
 * Teaches `redact` what a `type: plan` step hands its plan under secret input names (`with: {deploy_token: ...}`):
 * the values `given`, and those values as its plan reads them (`read`). Hidden only where the run's own inputs had
 * such a name, a used plan's `deploy_token` reached the trace, the summary and the log from an input `cfg`.
 */
function learnGivenSecrets(given, read, redact) {
    redact.learn?.((0,core_redact/* secretValuesFromInputs */.Ye)(given));
    redact.learn?.((0,secrets_as_read/* secretsAsRead */.O)(given, read, redact));
}
/**
 * Teaches `redact` the secrets of every plan `plan` uses, at any depth, whose `with:` the run's `inputs` alone give:
 * before the run writes anything, so that an approval's request lists them hidden, and the job approving it hashes
 * the inputs as the job that asked did. A `with:` that names a step's result is learned as that result arrives (`secretsPassedOn`).
 */
function learnUsedPlanSecrets(plan, inputs, redact) {
    for (const step of plan.steps) {
        const inner = step.type === 'plan' && step.uses !== undefined ? plan.subplans?.get(step.uses) : undefined;
        if (!inner)
            continue;
        const given = givenWith(step, { results: new Map(), inputs });
        if (!given)
            continue;
        const read = (0,resolve_inputs/* resolveInputs */.eL)(inner.source ?? {}, given);
        learnGivenSecrets(given, read.ok ? read.inputs : {}, redact);
        if (read.ok)
            learnUsedPlanSecrets(inner, read.inputs, redact);
    }
}
/** The step's `with:` resolved; undefined when it names what is not known yet (a step's result, a `for_each` item). */
function givenWith(step, sources) {
    try {
        return (0,resolve_references/* resolveReferences */.d)(step.with ?? {}, sources);
    }
    catch {
        return undefined;
    }
}

// EXTERNAL MODULE: ./lib/process/plan-secret-values.js
var plan_secret_values = __webpack_require__(35386);
// EXTERNAL MODULE: ./lib/process/scrub-environment.js
var scrub_environment = __webpack_require__(6578);
// EXTERNAL MODULE: ./lib/job/pause-asker.js
var pause_asker = __webpack_require__(83858);
// EXTERNAL MODULE: ./lib/plan/schema.js + 4 modules
var schema = __webpack_require__(89235);
;// CONCATENATED MODULE: ./lib/run/escalation.js
/** The escalation of a run stopped with `RunEscalatedError`, with the plan's `escalate:` block applied. */
function escalationOf(error, escalate) {
    return {
        reason: error.message,
        lastError: error.lastError,
        tried: error.tried,
        ...(escalate?.mention !== undefined && { mention: escalate.mention }),
        ...(escalate?.label !== undefined && { label: escalate.label }),
    };
}

// EXTERNAL MODULE: ./lib/core/stable-hash.js
var stable_hash = __webpack_require__(66297);
// EXTERNAL MODULE: ./lib/core/carried-line.js
var carried_line = __webpack_require__(94360);
// EXTERNAL MODULE: ./lib/core/usage.js
var core_usage = __webpack_require__(76940);
// EXTERNAL MODULE: ./lib/core/cut-text.js
var cut_text = __webpack_require__(86919);
// EXTERNAL MODULE: ./lib/core/race-abort.js
var race_abort = __webpack_require__(90469);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(78474);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(58500);
// EXTERNAL MODULE: ./lib/core/plan-step.js
var plan_step = __webpack_require__(98511);
// EXTERNAL MODULE: ./lib/core/step-error.js
var step_error = __webpack_require__(1938);
// EXTERNAL MODULE: ./lib/run/run-stopped-error.js
var run_stopped_error = __webpack_require__(18619);
;// CONCATENATED MODULE: ./lib/run/record-lost-error.js

/**
 * The run's trace can no longer be written (a full disk), and a step was about to make a call with
 * side effects: the call is not made (a resume could not know of it, and would make it again), and
 * the run stops, failed. No replan or agent turn can mend it.
 */
class RecordLostError extends run_stopped_error/* RunStoppedError */.F {
    constructor(tool, problem) {
        super(`${tool} was not called: it has side effects, and ${problem}, so a resume could not know it was made and would make it again; free the space and run again`, 'failed');
    }
}

;// CONCATENATED MODULE: ./lib/run/tool-stopped-run-error.js

/** A tool call failed so that nothing may go on past it (`StepError.stopsRun`): the run stops, failed, with its message. */
class ToolStoppedRunError extends run_stopped_error/* RunStoppedError */.F {
    constructor(error) {
        super(error.message, 'failed', { cause: error });
    }
}

;// CONCATENATED MODULE: ./lib/run/shard-stopped-run-error.js

/**
 * A fan-out's merge job stops, failed, for a shard's stop that nothing may go on past (`ResumeState.stoppedRun`: its
 * pull request moved on): reporting that shard's items as failed and running the rest let the run pass a commit it never read.
 */
class ShardStoppedRunError extends run_stopped_error/* RunStoppedError */.F {
    constructor(stoppedRun) {
        super(`${stoppedRun} (it stopped the fanned-out run: the merge job runs nothing after it)`, 'failed');
    }
}

// EXTERNAL MODULE: ./lib/core/error-text.js
var error_text = __webpack_require__(7437);
;// CONCATENATED MODULE: ./lib/run/assign-shards.js
/**
 * Spreads the items of a fan-out step (their child keys, in input order) over `shards` shards,
 * deterministically: by index (item i to shard i mod N + 1) when no duration is known; otherwise
 * longest item first to the least-loaded shard (ties: the lower index; the shard with fewer items, then
 * the lower shard), with an item of unknown duration counted at the mean of the known ones. The same
 * keys, count and weights always give the same assignment, so a re-run shard takes the same items.
 */
function assignShards(keys, shards, weights) {
    if (!Number.isInteger(shards) || shards < 1)
        throw new RangeError(`shards must be a whole number of at least 1, got ${shards}`);
    const known = keys.map((key) => weights?.get(key)).filter((weight) => weight !== undefined);
    if (known.length === 0)
        return keys.map((_, index) => (index % shards) + 1);
    const mean = known.reduce((sum, weight) => sum + weight, 0) / known.length;
    const order = keys.map((key, index) => ({ index, weight: weights?.get(key) ?? mean }));
    order.sort((a, b) => b.weight - a.weight || a.index - b.index);
    const load = new Array(shards).fill(0);
    // By count where loads tie: items of 0 ms (a merge's trace of an older plan-runner gave that to the items a dead shard left, and the
    // mean of those to every other) added nothing to shard 1's load, and all 8 items of 4 shards went to it (found by a hunting pass).
    const count = new Array(shards).fill(0);
    const assignment = new Array(keys.length).fill(0);
    for (const { index, weight } of order) {
        let lightest = 0;
        for (let shard = 1; shard < shards; shard++)
            if (load[shard] < load[lightest] || (load[shard] === load[lightest] && count[shard] < count[lightest]))
                lightest = shard;
        load[lightest] += weight;
        count[lightest] += 1;
        assignment[index] = lightest + 1;
    }
    return assignment;
}

// EXTERNAL MODULE: ./lib/run/expand-for-each.js + 2 modules
var expand_for_each = __webpack_require__(22120);
// EXTERNAL MODULE: ./lib/run/fan-out-part.js
var fan_out_part = __webpack_require__(19243);
;// CONCATENATED MODULE: ./lib/run/fan-out-state-error.js

/**
 * A part of a fanned-out run found the state it builds on lacking: a step the prepare job should
 * have completed, a shard plan, or an item its shard never finished. Permanent: running the step
 * here would repeat (or skip) another job's work; the message says which job to re-run.
 */
class FanOutStateError extends step_error/* StepError */.zg {
    stepKey;
    constructor(stepKey, problem) {
        super(problem, { transient: false });
        this.stepKey = stepKey;
    }
}

// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
;// CONCATENATED MODULE: ./lib/run/item-failed-error.js


/** How many failed items an every-item-failed error names; the summary lists them all, the step's log group the first 50. */
const SHOWN_FAILURES = 3;
/**
 * A `for_each` step whose items failed: under `on_item_failure: fail` the first failure fails the step; under
 * `continue`, only a failure of every item does (no result was kept, so the step did nothing it could complete with).
 */
class ItemFailedError extends step_error/* StepError */.zg {
    stepKey;
    failures;
    constructor(fields) {
        super(fields.policy === 'continue' ? everyItemFailed(fields.failures) : firstItemFailed(fields.failures, fields.notRun), { transient: false });
        this.stepKey = fields.stepKey;
        this.failures = fields.failures;
    }
}
/** Under `fail`: the item that stopped the step, then how many more failed and how many never ran. */
function firstItemFailed(failures, notRun) {
    const [first] = failures;
    const count = failures.length;
    const more = count > 1 ? ` (and ${(0,group_digits/* groupDigits */.K)(count - 1)} more item${count === 2 ? '' : 's'} failed)` : '';
    const notRunText = notRun > 0 ? `; ${(0,group_digits/* groupDigits */.K)(notRun)} item${notRun === 1 ? ' was' : 's were'} not run` : '';
    return `item ${first?.key ?? '?'} failed: ${first?.error ?? 'unknown error'}${more}${notRunText} (on_item_failure: fail; write on_item_failure: continue to keep the other results)`;
}
/** Under `continue`, where every item ran: the first few failures in the list's order, the same at every run. */
function everyItemFailed(failures) {
    const count = failures.length;
    const shown = [...failures].sort((a, b) => a.index - b.index).slice(0, SHOWN_FAILURES);
    const more = count > shown.length ? `; and ${(0,group_digits/* groupDigits */.K)(count - shown.length)} more` : '';
    return `every item failed (${(0,group_digits/* groupDigits */.K)(count)} of ${(0,group_digits/* groupDigits */.K)(count)}): ${shown.map((failure) => `${failure.key}: ${failure.error}`).join('; ')}${more} (on_item_failure: continue keeps the results of the items that succeed, and none did)`;
}

;// CONCATENATED MODULE: ./lib/run/mapped-step.js

/**
 * A `for_each` step while its children run: which child starts next, how many run, their results
 * in input order, and the items that failed. The step itself holds no concurrency slot; its
 * children take slots like any step.
 */
class MappedStep {
    key;
    children;
    onItemFailure;
    startedAt;
    results;
    failures = [];
    usage = core_usage/* NO_USAGE */.y;
    /** Items this run leaves to other shards of a fanned-out run: while any are left, the step does not complete here. */
    left = 0;
    /** The indexes of the children this run starts, in the order it starts them. */
    #order;
    #next = 0;
    #running = 0;
    #halted = false;
    #halt = new AbortController();
    #stop;
    /** `toRun`: the children to start (default: all, in input order); the others are settled with `reuse`, `failed` or `leave`. */
    constructor(key, children, onItemFailure, startedAt, toRun) {
        this.key = key;
        this.children = children;
        this.onItemFailure = onItemFailure;
        this.startedAt = startedAt;
        this.results = new Array(children.length).fill(null);
        this.#order = toRun ?? children.map((_, index) => index);
    }
    /** True while children are waiting to start (none start after a failure under `fail`, or after the run's stop reached one). */
    get hasWaiting() {
        return !this.#halted && this.#stop === undefined && this.#next < this.#order.length;
    }
    get running() {
        return this.#running;
    }
    /** An item failed under `on_item_failure: fail`. */
    get halted() {
        return this.#halted;
    }
    /** Aborted when the step halts: an item waiting to try again does not (the step has failed). */
    get haltSignal() {
        return this.#halt.signal;
    }
    /**
     * The run's stop as a child met it (the budget refused its call), which may come before the run has
     * stopped (the budget's stop lands a turn later): the step ends with it, never as completed with the item null.
     */
    get stop() {
        return this.#stop;
    }
    /** Children that never started. */
    get notStarted() {
        return this.#order.length - this.#next;
    }
    /** The next child to start, counted as running; undefined when none waits. */
    take() {
        if (!this.hasWaiting)
            return undefined;
        const index = this.#order[this.#next++];
        this.#running += 1;
        return { child: this.children[index], index };
    }
    /** A child settled without running: its result from an earlier run or another shard. */
    reuse(index, result) {
        this.results[index] = result;
    }
    completed(index, result, usage) {
        this.#running -= 1;
        this.results[index] = result;
        this.usage = (0,core_usage/* addUsage */.v)(this.usage, usage);
    }
    /** A child failed; `stop` is the run's stop for a child stopped with the run (not the item's own failure); `ran` false for one that never started here. */
    failed(index, error, usage, stop, ran = true) {
        if (ran)
            this.#running -= 1;
        this.usage = (0,core_usage/* addUsage */.v)(this.usage, usage);
        if (stop) {
            this.#stop ??= stop;
            return;
        }
        this.failures.push({ index, key: this.children[index].key, error });
        if (this.onItemFailure === 'fail') {
            this.#halted = true;
            this.#halt.abort();
        }
    }
}

// EXTERNAL MODULE: ./lib/goals/goals-verdict.js
var goals_verdict = __webpack_require__(85692);
// EXTERNAL MODULE: ./lib/goals/final-status.js
var final_status = __webpack_require__(58983);
// EXTERNAL MODULE: ./lib/goals/goal-target.js + 1 modules
var goal_target = __webpack_require__(73268);
;// CONCATENATED MODULE: ./lib/run/nested-plan-error.js

/** A `type: plan` step whose plan could not run, did not succeed, or did not meet its goals. */
class NestedPlanError extends step_error/* StepError */.zg {
    stepKey;
    uses;
    /**
     * Why the nested run escalated, when it did (a side-effect call that got no answer, a call a resume
     * would repeat): the outer run escalates too, as for its own step, never continuing or replanning past it.
     */
    escalation;
    /** A step of the used plan failed on a model endpoint no call can use (see `endpointUnusable`). */
    endpointUnusable;
    /**
     * The used plan ran, and its required goals decided against it: a verdict, which a replan must not route
     * around (a model replacing the step with one that skips the check let the gate pass; found by an
     * adversarial pass). The step fails as `on_failure: fail` would, unless the plan says `continue`.
     */
    goalsUnmet;
    constructor(fields) {
        super(`the plan ${fields.uses} ${fields.problem}`, { transient: false });
        this.stepKey = fields.stepKey;
        this.uses = fields.uses;
        if (fields.escalation !== undefined)
            this.escalation = fields.escalation;
        this.endpointUnusable = fields.endpointUnusable === true;
        this.goalsUnmet = fields.goalsUnmet === true;
    }
}

// EXTERNAL MODULE: ./lib/core/hide-cut-fragments.js
var hide_cut_fragments = __webpack_require__(99674);
;// CONCATENATED MODULE: ./lib/run/used-plan-under.js
/**
 * The limits a used plan that leaves them out takes from the plan using it, not from the defaults: a used plan
 * without `timeout_minutes` under a top plan's 120 was stopped at the default 30 (found by a budget pass), and one
 * without `max_items` under a top plan's 3 mapped over 5 items, under its 2,000 refused 1,200; one without
 * `concurrency` ran 4 steps at once where the top plan allowed 8 (the job's slots still cap every run together).
 */
const FROM_USING_PLAN = ['timeout_minutes', 'max_items', 'concurrency'];
/**
 * The used plan as its nested run runs it: each limit of `FROM_USING_PLAN` it sets itself is its own, each it
 * leaves out the using plan's (itself perhaps taken from the plan using that one). Its run's deadline so falls no
 * sooner than the using run's, which stops it too: it runs under what remains of that, or its own if sooner.
 * Likewise `model.temperature`: as it runs on the using plan's model when it names none, it runs at that plan's
 * temperature when it gives none (it ran at the endpoint's default beside a top plan's `temperature: 0`).
 */
function usedPlanUnder(used, using) {
    const own = used.source?.limits ?? {};
    const taken = Object.fromEntries(FROM_USING_PLAN.filter((key) => own[key] === undefined && using.limits[key] !== undefined).map((key) => [key, using.limits[key]]));
    const temperature = used.source?.model?.temperature === undefined ? using.source?.model?.temperature : undefined;
    const source = temperature === undefined ? used.source : { ...used.source, model: { ...used.source?.model, temperature } };
    return { ...used, limits: { ...used.limits, ...taken }, ...(source !== undefined && { source }) };
}

;// CONCATENATED MODULE: ./lib/run/unknown-call-why.js
/**
 * Why a run escalates after a call with side effects whose outcome is unknown: no answer came, the call was
 * stopped (a timeout, a cancel), or its answer was too large to read (the server did answer: "got no answer"
 * alone was untrue there; found by an adversarial pass), or it answered with a failure that may have come after
 * the effect (a server error, a command's temporary failure: "none came" was untrue there too; found by a hunt of retries).
 */
function unknownCallWhy(stepKey, call) {
    return `step ${stepKey} called ${call}, a tool with side effects, and got no answer that says whether it took effect (none came, the call was stopped, the answer was too large to read, or it was a failure that may have come after the effect: a server error, a temporary failure); it may have taken effect, so plan-runner will not call it again: check whether it did`;
}

;// CONCATENATED MODULE: ./lib/run/show-args.js

/** Tool arguments for a message: compact JSON, cut at 200 characters (not between the halves of an emoji). */
function showArgs(args) {
    return (0,cut_text/* cutText */.IN)(JSON.stringify(args) ?? '{}', 201);
}

;// CONCATENATED MODULE: ./lib/run/run-nested-plan.js















/**
 * Runs a `type: plan` step: the plan it `uses`, with `with:` as its inputs, as a nested run whose
 * events go to the outer journal. Its goals decide whether the step succeeded; its final result is
 * the step's result. Never throws: every ending is an outcome.
 */
async function runNestedPlan(step, context) {
    const { clock } = context.deps;
    const startedAt = clock.now();
    const uses = step.uses ?? '';
    const fail = (error, usage = core_usage/* NO_USAGE */.y) => ({ ok: false, error, usage, durationMs: clock.now() - startedAt, attempts: 1 });
    const inner = context.plan.subplans?.get(uses);
    if (!inner)
        return fail(new NestedPlanError({ stepKey: step.key, uses, problem: 'was not loaded with this plan (only plan files can use other plans)' }));
    let given;
    try {
        given = (0,resolve_references/* resolveReferences */.d)(step.with ?? {}, context.sources);
    }
    catch (error) {
        return fail(error);
    }
    const { deps } = context;
    const inputs = (0,resolve_inputs/* resolveInputs */.eL)(inner.source ?? {}, given);
    // Before anything of its run is written, its refusal included: a `with:` that names a step's result is known only now.
    if (deps.redact)
        learnGivenSecrets(given, inputs.ok ? inputs.inputs : {}, deps.redact);
    if (!inputs.ok)
        return fail(new NestedPlanError({ stepKey: step.key, uses, problem: `cannot start: ${inputs.errors.join('; ')}` }));
    const within = (0,plan_step/* stepKeyWithin */.t)(deps.within, step.key);
    const outcome = await runPlan(usedPlanUnder(inner, context.plan), {
        ...deps,
        inputs: inputs.inputs,
        listeners: [context.emit],
        budget: context.budget,
        signal: context.signal,
        // A nested run does not replan on its own: its failure is the step's, and the outer run recovers.
        replanner: undefined,
        inner: true,
        within,
    });
    const usage = stepsUsageOf(outcome.record);
    // A used plan that did its work as the stop landed succeeded (its run says so); one the stop cut short ends for it.
    if (outcome.status !== 'succeeded' && context.signal.aborted)
        return fail(context.signal.reason, usage);
    if (outcome.status !== 'succeeded') {
        // Stopped by a limit of its own (its `timeout_minutes`) while a call with side effects ran: at the top the stop ends
        // the run; here the run using it would go on, continue or replan past a call that may have taken effect. A person checks.
        const unknown = outcome.status === 'escalated' ? undefined : unknownCallIn(outcome.record);
        const stoppedPast = unknown && `${unknownCallWhy(unknown.stepKey, `${unknown.tool}(${showArgs(unknown.args)})`)} (its run stopped: ${outcome.reason ?? outcome.status})`;
        const escalation = outcome.status === 'escalated' ? { escalation: outcome.reason ?? 'it escalated' } : stoppedPast ? { escalation: stoppedPast } : {};
        return fail(new NestedPlanError({ stepKey: step.key, uses, problem: `did not succeed: ${outcome.reason ?? outcome.status}`, ...escalation, ...(outcome.endpointUnusable && { endpointUnusable: true }) }), usage);
    }
    const goals = inner.source?.goals ?? [];
    if (goals.length > 0) {
        // Given a result read from another checkout, every completed step of it stands on that result.
        const target = (0,goal_target/* goalTargetOf */.s)(outcome, deps.foreignInputs === undefined ? {} : { foreignInputs: deps.foreignInputs });
        // Its judges call the model, beside the steps still running elsewhere in the job: in a slot of the job's concurrency.
        // None once stopped (as its steps completed, or while it waited for a slot): its goals are unchecked, said below.
        let judged = [];
        if (await slotTaken(deps.slots, context.signal)) {
            try {
                judged = await (deps.checkGoals ?? ((list, goalTarget, signal) => (0,evaluate_goals/* evaluateGoals */.Y)(list, goalTarget, { model: deps.model, cwd: deps.cwd, env: {}, signal, within })))(goals, target, context.signal, within);
            }
            finally {
                deps.slots?.release();
            }
        }
        // Evidence is an excerpt cut before any redactor saw it: redacted, and cut token fragments hidden, as the
        // job's goals are, for the record and for the step's error alike (a review found the error built from the raw excerpt).
        const redact = deps.redact ?? ((text) => text);
        const results = judged.map((goal) => ({ ...goal, evidence: (0,hide_cut_fragments/* hideCutFragments */.wJ)(redact(goal.evidence)) }));
        // Stopped before or while they were checked (a cancel, a limit of the run using it): goals cut short are no verdict, and the
        // step ends for the stop, as the job does. It said its goals decided against it, the used plan's run `goals-unmet`.
        if (context.signal.aborted) {
            const limit = limitOf(context.signal.reason);
            outcome.recordGoals(results, limit?.status ?? 'cancelled', undefined, limit?.message ?? final_status/* CANCELLED_WHILE_JUDGING */.$);
            return fail(context.signal.reason, usage);
        }
        const verdict = (0,goals_verdict/* goalsVerdict */.AD)(results);
        // Recorded in the used plan's own record (the trace, the summary and the log show them under the step):
        // a warning it did not meet, or why its step passed, showed nowhere.
        outcome.recordGoals(results, verdict.goalsMet ? outcome.status : 'goals-unmet');
        if (!verdict.goalsMet) {
            const unmet = verdict.unmetRequired.map((goal) => `'${goal.name}' ${goal.outcome === 'error' ? 'could not be evaluated' : 'not met'} (${goal.evidence})`).join('; ');
            const unusable = verdict.unmetRequired.some((goal) => goal.endpointUnusable === true);
            return fail(new NestedPlanError({ stepKey: step.key, uses, problem: `ran, but its goals decide against it: ${unmet}`, goalsUnmet: true, ...(unusable && { endpointUnusable: true }) }), usage);
        }
    }
    const masked = outcome.resultStepKey === undefined ? undefined : outcome.masked.get(outcome.resultStepKey);
    // What its steps read from a checkout that is not the run's commit (here or in the run a step was reused from) is in its result.
    const elsewhere = [...outcome.record.steps.values()].some((done) => done.elsewhere === true);
    // Its result step's gaps are the step's: a tool step after it, or a model step, reads the same result.
    const lacks = outcome.resultStepKey === undefined ? undefined : outcome.incomplete.get(outcome.resultStepKey);
    const partial = lacks === undefined ? undefined : `its plan\u2019s result, step ${outcome.resultStepKey} of ${uses}, lacks work (${lacks})`;
    // As its plan's run judged that step's result (a tool's answers made from a result that hides its gap): no goal passes on it.
    const made = partial !== undefined && outcome.resultStepKey !== undefined && outcome.record.steps.get(outcome.resultStepKey)?.made === true;
    return {
        ok: true,
        result: outcome.finalResult,
        usage,
        durationMs: clock.now() - startedAt,
        attempts: 1,
        ...(masked !== undefined && { masked: `${masked}, in plan step ${step.key}` }),
        ...(partial !== undefined && { partial }),
        ...(made && { made: true }),
        ...(elsewhere && { elsewhere: true }),
    };
}
/** A call with side effects that got no answer in `record`, or in a plan it used (stopped with it by the same limit). */
function unknownCallIn(record) {
    const own = record.toolCalls.find((call) => call.sideEffects && call.outcome === 'unknown');
    if (own)
        return own;
    for (const step of record.steps.values()) {
        const inner = step.nested && unknownCallIn(step.nested);
        if (inner)
            return inner;
    }
    return undefined;
}
/** Takes a slot of the job's concurrency for the used plan's judges; false when the run stopped first. */
async function slotTaken(slots, signal) {
    if (signal.aborted)
        return false;
    try {
        await slots?.acquire(signal);
        return true;
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./lib/run/inbox.js
/**
 * Where finished steps report back to the scheduler: `wait()` resolves once something is in the
 * box or `wake()` is called, so the loop costs O(1) per step instead of a `Promise.race` over all.
 */
class Inbox {
    #items = [];
    #waiter;
    push(item) {
        this.#items.push(item);
        this.wake();
    }
    /** Lets a waiting `wait()` return even with nothing in the box (e.g. the run was stopped). */
    wake() {
        const waiter = this.#waiter;
        this.#waiter = undefined;
        waiter?.();
    }
    /** Everything delivered so far, emptying the box. */
    drain() {
        const items = this.#items;
        this.#items = [];
        return items;
    }
    wait() {
        if (this.#items.length > 0)
            return Promise.resolve();
        return new Promise((resolve) => {
            this.#waiter = resolve;
        });
    }
}

// EXTERNAL MODULE: ./lib/run/plan-graph.js
var plan_graph = __webpack_require__(97843);
;// CONCATENATED MODULE: ./lib/run/min-heap.js
/** A binary min-heap of numbers: the ready queue pops the earliest-declared step in O(log n). */
class MinHeap {
    #items = [];
    get size() {
        return this.#items.length;
    }
    push(value) {
        const items = this.#items;
        items.push(value);
        let i = items.length - 1;
        while (i > 0) {
            const parent = (i - 1) >> 1;
            if (items[parent] <= value)
                break;
            items[i] = items[parent];
            i = parent;
        }
        items[i] = value;
    }
    /** Removes and returns the smallest value. */
    pop() {
        const items = this.#items;
        const top = items[0];
        const last = items.pop();
        if (items.length === 0 || last === undefined)
            return top;
        let i = 0;
        for (;;) {
            const left = 2 * i + 1;
            if (left >= items.length)
                break;
            const right = left + 1;
            const child = right < items.length && items[right] < items[left] ? right : left;
            if (items[child] >= last)
                break;
            items[i] = items[child];
            i = child;
        }
        items[i] = last;
        return top;
    }
    clear() {
        this.#items.length = 0;
    }
}

// EXTERNAL MODULE: ./lib/core/dependency-order.js
var dependency_order = __webpack_require__(74947);
;// CONCATENATED MODULE: ./lib/run/start-order.js

/**
 * The order in which ready steps start: longest remaining path first \u2014 the step with the most
 * work still after it, itself included, counting each step's weight (1 each without weights) \u2014
 * and declaration order among equals. With one slot the order cannot shorten the run, so it is
 * declaration order.
 */
function startOrder(steps, concurrency, weights) {
    if (concurrency <= 1)
        return steps.map((step) => step.key);
    const weightOf = stepWeight(steps, weights);
    const remaining = remainingPaths(steps, weightOf);
    const index = new Map(steps.map((step, i) => [step.key, i]));
    // Each step's two sort keys read once into arrays by position: four map reads a comparison cost 4 ms a 10,000-step run.
    const after = steps.map((step) => remaining.get(step.key));
    const declared = steps.map((step) => index.get(step.key));
    return steps
        .map((_step, position) => position)
        .sort((a, b) => after[b] - after[a] || declared[a] - declared[b])
        .map((position) => steps[position].key);
}
function stepWeight(steps, weights) {
    if (!weights)
        return () => 1;
    const known = steps.map((step) => weights.get(step.key)).filter((w) => w !== undefined && Number.isFinite(w) && w >= 0);
    const fallback = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
    return (key) => {
        const weight = weights.get(key);
        return weight !== undefined && Number.isFinite(weight) && weight >= 0 ? weight : fallback;
    };
}
/** For each step, the heaviest path from it to the end of the plan, itself included. */
function remainingPaths(steps, weightOf) {
    // Walked from the end of the dependency order: each step's dependents are done before it.
    const { order, dependents } = (0,dependency_order/* dependencyOrder */.g)(steps);
    const remaining = new Map();
    for (let i = order.length - 1; i >= 0; i--) {
        const key = order[i];
        let after = 0;
        for (const next of dependents.get(key) ?? [])
            after = Math.max(after, remaining.get(next) ?? 0);
        remaining.set(key, after + weightOf(key));
    }
    // A step on a cycle (validation rejects those) still gets a rank.
    for (const step of steps)
        if (!remaining.has(step.key))
            remaining.set(step.key, weightOf(step.key));
    return remaining;
}

;// CONCATENATED MODULE: ./lib/run/ready-steps.js


/**
 * The ready queue: a step becomes ready the moment its last dependency completes (not when a
 * whole wave does), and ready steps leave in `startOrder`: longest remaining path first, then
 * declaration order (with one slot, declaration order alone).
 */
class ReadySteps {
    #graph;
    #stateOf;
    #concurrency;
    #weights;
    /** Dependencies of each pending step that have not completed yet. */
    #unmet = new Map();
    /** Positions in the start order; the heap pops the first. */
    #heap = new MinHeap();
    #order = [];
    #position = new Map();
    constructor(graph, stateOf, concurrency = 1, weights) {
        this.#graph = graph;
        this.#stateOf = stateOf;
        this.#concurrency = concurrency;
        this.#weights = weights;
    }
    /** Counts from the step states: call once the steps have states (after `plan_created`) and after a replan. */
    rebuild() {
        this.#unmet.clear();
        this.#heap.clear();
        this.#order = startOrder(this.#graph.steps, this.#concurrency, this.#weights);
        this.#position = new Map(this.#order.map((key, position) => [key, position]));
        for (const step of this.#graph.steps) {
            if (this.#stateOf(step.key) !== 'pending')
                continue;
            const unmet = step.dependsOn.filter((dep) => !this.#met(step.optional, dep)).length;
            this.#unmet.set(step.key, unmet);
            if (unmet === 0)
                this.#push(step.key);
        }
    }
    /** Counts `key` as completed: its dependents whose last dependency it was become ready. */
    release(key) {
        for (const dependent of this.#graph.dependentsOf(key))
            this.releaseOptional(dependent);
    }
    /** Counts one optional dependency of `dependent` as settled without a result (it failed or was skipped). */
    releaseOptional(dependent) {
        const unmet = (this.#unmet.get(dependent) ?? 0) - 1;
        this.#unmet.set(dependent, unmet);
        if (unmet === 0)
            this.#push(dependent);
    }
    #push(key) {
        this.#heap.push(this.#position.get(key));
    }
    #met(optional, dep) {
        const state = this.#stateOf(dep);
        return state === 'completed' || (optional?.includes(dep) === true && (state === 'failed' || state === 'skipped'));
    }
    /** Puts back a step `next` gave that could not start yet (no slot was free): it stays first in line. */
    putBack(key) {
        this.#push(key);
    }
    /** The first ready step in start order that is still pending, removed from the queue. */
    next() {
        for (let position = this.#heap.pop(); position !== undefined; position = this.#heap.pop()) {
            const key = this.#order[position];
            if (this.#stateOf(key) === 'pending')
                return key;
        }
        return undefined;
    }
}

;// CONCATENATED MODULE: ./lib/run/replacement-problem.js


/**
 * Why the graph cannot take replacement steps after the completed ones (none, a reused id, an
 * unknown dependency), checked before anything in the run changes; undefined when it can.
 */
function replacementProblem(completed, usedKeys, steps) {
    if (steps.length === 0)
        return 'it returned no steps';
    const reused = steps.find((step) => usedKeys.has(step.key));
    if (reused)
        return `step id ${reused.key} was used before in this run; new steps need new ids`;
    try {
        const kept = new Set(completed.map((step) => step.key));
        new plan_graph/* PlanGraph */.K([...completed.map((step) => (0,plan_graph/* withEdgesWithin */.m)(step, kept)), ...steps]);
        return undefined;
    }
    catch (error) {
        return (0,error_text/* errorText */.k)(error);
    }
}

;// CONCATENATED MODULE: ./lib/run/recovery-notes.js
function times(count) {
    return count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
}
/** What recovery tried so far, in words for the person the run is escalated to. */
function triedSoFar(failures, replans, revision) {
    const tried = failures.map((failure) => {
        const what = failure.step.tool ? `${failure.step.type} ${failure.step.tool}` : failure.step.type;
        const attempts = failure.attempts > 1 ? ` after ${failure.attempts} attempts` : '';
        return `step ${failure.step.key} (${what}) failed${attempts}`;
    });
    if (replans > 0)
        tried.push(`replanned ${times(replans)} (plan revision ${revision})`);
    return tried;
}
/** The `plan_revised` reason: what triggered the revision, and the replanner's own why. */
function revisionReason(trigger, why) {
    const cause = trigger.failure
        ? `step ${trigger.failure.step.key} failed: ${trigger.failure.error}`
        : `the review after step ${trigger.review?.stepKey} found the rest of the plan no longer fits: ${trigger.review?.reason}`;
    return why?.trim() ? `${cause} \u2014 ${why.trim()}` : cause;
}

;// CONCATENATED MODULE: ./lib/run/retry-policy.js

const DEFAULT_RETRY_POLICY = { maxAttempts: 3, initialMs: 1_000, backoff: 2, maxMs: 30_000 };
/**
 * The step's `retry:` over its tool's over the defaults, field by field. With no `max_interval` written, the cap is
 * the default's or the `initial_interval` written, the longer: `initial_interval: 2m` alone waited at most 30 s.
 */
function resolveRetryPolicy(step, tool) {
    const pick = (key) => step?.[key] ?? tool?.[key];
    const initial = pick('initial_interval');
    const max = pick('max_interval');
    const initialMs = initial === undefined ? DEFAULT_RETRY_POLICY.initialMs : (0,schema/* durationMs */.pc)(initial);
    return {
        maxAttempts: pick('max_attempts') ?? DEFAULT_RETRY_POLICY.maxAttempts,
        initialMs,
        backoff: pick('backoff') ?? DEFAULT_RETRY_POLICY.backoff,
        maxMs: max === undefined ? Math.max(DEFAULT_RETRY_POLICY.maxMs, initialMs) : (0,schema/* durationMs */.pc)(max),
    };
}
/**
 * How long to wait before retry number `retry` (1 = the first retry). A server's `retry-after`
 * is honoured up to `maxMs`; otherwise exponential backoff with full jitter (`random()` in [0, 1)),
 * so many runs hitting one server do not retry in lockstep.
 */
function retryDelayMs(policy, retry, random, retryAfterMs) {
    if (retryAfterMs !== undefined)
        return Math.min(Math.max(0, retryAfterMs), policy.maxMs);
    const ceiling = Math.min(policy.maxMs, policy.initialMs * policy.backoff ** (retry - 1));
    return Math.round(random() * ceiling);
}

// EXTERNAL MODULE: ./lib/run/run-budget.js + 3 modules
var run_budget = __webpack_require__(77653);
;// CONCATENATED MODULE: ./lib/run/step-slots.js
/**
 * The job's `limits.concurrency`: the top plan's cap on the work running at once across the whole job. A
 * step or a `for_each` item that runs takes a slot, in its own plan's run or in the run of a plan it uses
 * (`type: plan`, at any depth), and so does the check of a used plan's goals (its judges call the model);
 * a `type: plan` step or a `for_each` step holds none itself, or its own steps could never start. Each
 * run's own `concurrency` caps its own steps besides (found by a budget hunt: a top plan at concurrency 1
 * ran three steps of a used plan at once, each nested run counting only its own).
 */
class StepSlots {
    limit;
    #taken = 0;
    /** How to tell each run that a slot is free for it: a run whose next step waits for one looks again. */
    #listeners = new Map();
    /** Those waiting in `acquire`, first come first served: a slot that comes free goes to the first. */
    #queue = [];
    constructor(limit) {
        this.limit = limit;
    }
    /**
     * Runs whose next step found every slot taken, in the order they came to wait: a slot that comes free is
     * theirs in that order. Else the run that gave it back, going on in the same turn, took it again before a
     * waiting run woke, and a used plan's run waited until its sibling's every item had run (its own timeout
     * running meanwhile).
     */
    #waitingRuns = [];
    /** True while a slot is free and nobody waits in `acquire` for one. */
    get free() {
        return this.#taken < this.limit && this.#queue.length === 0;
    }
    /** True while a slot is free for `run`: none waits in `acquire`, and the runs that waited before it leave it one. */
    freeFor(run) {
        const place = this.#waitingRuns.indexOf(run);
        const ahead = place === -1 ? this.#waitingRuns.length : place;
        return this.#taken + ahead < this.limit && this.#queue.length === 0;
    }
    /** `run` waits for a slot (found none `freeFor` it); it keeps its place until `stopWaiting`. */
    wait(run) {
        if (!this.#waitingRuns.includes(run))
            this.#waitingRuns.push(run);
    }
    /** `run` waits no more (it took a slot, or wants none now): those behind it may take what is free. */
    stopWaiting(run) {
        const place = this.#waitingRuns.indexOf(run);
        if (place === -1)
            return;
        this.#waitingRuns.splice(place, 1);
        if (this.free)
            this.#tell();
    }
    /** Takes a free slot (check `free` first); give it back with `release`. */
    take() {
        this.#taken += 1;
    }
    release() {
        const next = this.#queue.shift();
        // Handed over as it is: the slot stays taken, by the one that waited longest.
        if (next)
            return next();
        this.#taken -= 1;
        this.#tell();
    }
    /**
     * Tells the waiting runs a free slot is for: the first ones, as many as slots are free. Each slot that came free
     * woke every run of the job, and each waiting run looked again (hashing its next step) to find it was not its
     * turn: 64 used plans of 64 used plans each took 14.5 s for 8,256 steps of no work, 247 ms in one plan (found by
     * an adversarial pass). A run that wants none now gives its place up (`stopWaiting`), telling the next.
     */
    #tell() {
        if (this.#queue.length > 0)
            return;
        const free = this.limit - this.#taken;
        for (const run of this.#waitingRuns.slice(0, Math.max(0, free)))
            this.#listeners.get(run)?.();
    }
    /** `listener` is told when a slot comes free for `run` (waiting its turn, see `wait`); returns how to stop telling it. */
    onRelease(run, listener) {
        this.#listeners.set(run, listener);
        return () => this.#listeners.delete(run);
    }
    /** Waits for a slot and takes it; rejects with the signal's reason once it aborts. Give it back with `release`. */
    acquire(signal) {
        if (signal?.aborted)
            return Promise.reject(signal.reason);
        if (this.free) {
            this.take();
            return Promise.resolve();
        }
        return new Promise((resolve, reject) => {
            const onAbort = () => {
                this.#queue = this.#queue.filter((waiting) => waiting !== handed);
                reject(signal.reason);
            };
            const handed = () => {
                signal?.removeEventListener('abort', onAbort);
                resolve();
            };
            signal?.addEventListener('abort', onAbort, { once: true });
            this.#queue.push(handed);
        });
    }
}

;// CONCATENATED MODULE: ./lib/run/as-sentence.js
/** `text` ending in exactly one full stop (or its own `?`, `!`, `\u2026`), so sentences join without "later.." */
function asSentence(text) {
    const trimmed = text.trim();
    return /[.!?\u2026]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

;// CONCATENATED MODULE: ./lib/run/run-escalated-error.js


/** Recovery ran out (replans used up, or the replanner could not write a valid plan): a person is needed. */
class RunEscalatedError extends run_stopped_error/* RunStoppedError */.F {
    /** The failure the run could not get past. */
    lastError;
    /** What was tried before giving up, in words ("retried step 4 twice", "replanned once (revision 2)"). */
    tried;
    constructor(fields) {
        // No "a person is needed" here: every view says so beside the status (escalated \u2014 a person is needed: \u2026).
        const tried = fields.tried.length ? ` Tried: ${asSentence(fields.tried.join('; '))}` : '';
        super(`${asSentence(fields.why)} Last error: ${asSentence(fields.lastError)}${tried}`, 'escalated');
        this.lastError = fields.lastError;
        this.tried = [...fields.tried];
    }
}

;// CONCATENATED MODULE: ./lib/run/shared-context.js
/** The part of a step's context every step of the current plan revision shares. */
function sharedContext(plan, deps, graph, results, missing, incomplete) {
    return {
        goal: plan.goal,
        goalNames: (plan.source?.goals ?? []).map((goal) => goal.name),
        // Read at each start, so steps added by a replan are visible to the steps after it.
        steps: graph.byKey,
        results,
        ...(missing !== undefined && { missing }),
        ...(incomplete !== undefined && { incomplete }),
        inputs: deps.inputs,
        ...(deps.partialInputs !== undefined && deps.partialInputs.size > 0 && { incompleteInputs: new Map([...deps.partialInputs].map(([name, gap]) => [name, gap.why])) }),
        tools: deps.tools,
        model: deps.model,
        modelSettings: plan.source?.model,
        agents: plan.source?.agents ?? {},
        cwd: deps.cwd,
        ...(deps.within !== undefined && { within: deps.within }),
        ...(plan.withheld !== undefined && { withheldTools: plan.withheld }),
    };
}

// EXTERNAL MODULE: ./lib/plan/find-references.js
var find_references = __webpack_require__(99271);
// EXTERNAL MODULE: ./lib/goals/result-cut-note.js + 1 modules
var result_cut_note = __webpack_require__(75888);
// EXTERNAL MODULE: ./lib/goals/result-gap.js
var result_gap = __webpack_require__(7118);
// EXTERNAL MODULE: ./lib/plan/reference-path.js
var reference_path = __webpack_require__(1000);
;// CONCATENATED MODULE: ./lib/run/partial-inputs.js




/**
 * Which completed steps' results lack work the run left undone, as the run goes, and why (`incomplete`): a
 * `for_each` step's list with a null for each failed item or drawn from a cut result (`resultGap`, as goals judge
 * it), a result its tool cut, a `type: plan` step whose plan's result lacks work, and the result of a `tool_call`
 * step given one of those, directly or through an input of the used plan it runs in. A model step is told what is missing (`[incomplete: \u2026]`); a tool is told nothing, so a script
 * counting failures over the nulls answered "0" and a goal on it passed (found by an adversarial pass). Such a tool
 * step's result counts as partial, transitively, and the steps after it are told why.
 */
class PartialInputs {
    #incomplete;
    #results;
    /** The run's inputs given a result that lacks work (a used plan's, through `with:`): the first reason in its chain. */
    #inputs;
    /** For a tool step given a partial result: the first reason in its chain (not repeated at each link). */
    #roots = new Map();
    /**
     * Why a step's result lacks work its value does not show (what `completed` returned: a count made from a list with
     * nulls, a used plan's result, a list drawn from a cut result): a list drawn from it lacks it too, and a tool that
     * reads gaps (`handles_gaps`) finds none there to read.
     */
    #made = new Map();
    /** A result's cut note, by key, with the value it was read from (a result is read once, however many steps take it). */
    #cuts = new Map();
    constructor(incomplete, results, inputs = new Map()) {
        this.#incomplete = incomplete;
        this.#results = results;
        this.#inputs = inputs;
    }
    /**
     * Why the result `step` just completed with lacks work its value does not show, or undefined; `incomplete` then says
     * why it lacks work to the steps after it. `own`: the gaps the step itself reports (a `for_each` step's failed items,
     * which its list shows as nulls; a `type: plan` step's plan's result's, `ownMade` when that result is `made`); a list
     * drawn from a cut result lacks work too (`resultGap`). Whatever it ended with before (a review's second run, a
     * resume) is replaced: a step that ends whole reads as whole. A tool step is judged by what it was given (its own
     * failed items too); a model step's answer is its own, told of the gaps.
     */
    completed(step, own, ownMade = false) {
        const hidden = this.#judge(step, own, ownMade);
        if (hidden === undefined)
            this.#made.delete(step.key);
        else
            this.#made.set(step.key, hidden.why);
        return hidden;
    }
    #judge(step, own, ownMade) {
        this.#roots.delete(step.key);
        this.#incomplete.delete(step.key);
        const gap = (0,result_gap/* resultGap */.Y)(step, own, this.#results, this.#made, (key) => this.#cutNote(key));
        // The step whose result its list is drawn from, when that is its gap (a cut, or one that hides its own): said already.
        const given = step.type === 'tool_call' ? this.#givenGap(step, gap?.cutBy ?? gap?.madeBy) : undefined;
        if (gap === undefined) {
            if (given === undefined)
                return undefined;
            this.#roots.set(step.key, given.root);
            this.#incomplete.set(step.key, given.why);
            return { why: given.why, made: true };
        }
        // A tool step with failed items of its own, given a result that lacks work: both, as its answers are made from it.
        const why = given === undefined ? gap.why : `${gap.why}; and ${given.why}`;
        this.#incomplete.set(step.key, why);
        // A list shows its nulls (`failedItems` says which); a plan step's result shows nothing of its plan's gaps, nor a
        // list drawn from a cut result (or from one that lacks work its value does not show) the items it lacks, nor a
        // tool's answers the gaps of what it was given.
        const shown = given === undefined && gap.cutBy === undefined && gap.madeBy === undefined && step.type !== 'plan';
        if (shown)
            return undefined;
        // Made: answers a tool made from what lacks work, or items drawn from such a result, or a used plan's result that
        // is; a list of genuine item results (past a cut, or with nulls) is not: `contains` may pass on it.
        const made = given !== undefined || gap.madeBy !== undefined || (step.type === 'plan' && ownMade);
        return { why, ...(made && { made: true }) };
    }
    /** A tool step's first given result that lacks work and is not excused by `handles_gaps` (other than step `said`'s): its root reason, and why. */
    #givenGap(step, said) {
        for (const source of givenSources(step)) {
            if (source.kind === 'step' && source.name === said)
                continue;
            const root = source.kind === 'input' ? this.#inputs.get(source.name)?.why : this.#rootOf(source.name);
            if (root === undefined)
                continue;
            // A tool the plan's author says reads the gaps (`handles_gaps`) answers whole on the nulls and notes it is
            // given; not on a result whose gap its value does not show ({"failures": 0} made from a list with a null).
            if (step.handlesGaps && !this.#hides(source))
                continue;
            const given = source.kind === 'input' ? `input ${source.name}` : `the result of step ${source.name}`;
            return { root, why: `its tool was given ${given}, which lacks work (${root}), and a tool is not told what is missing` };
        }
        return undefined;
    }
    /**
     * As `completed`, for a step whose result an earlier run made (`saved`: why it lacked work then, `savedMade`: whether
     * it was `made`). A tool step is
     * judged by what it is given now; a plan step's plan did not run again: its result lacks what it lacked.
     */
    reused(step, saved, savedMade = false) {
        // A plan step cannot carry for_each (the plan format refuses it): its result is its plan's, as that run left it.
        const plan = step.type === 'plan';
        return this.completed(step, plan ? saved : undefined, plan && savedMade);
    }
    /** The inputs of the plan a `type: plan` step uses that its `with:` gives a result that lacks work, and why. */
    givenTo(step) {
        const given = new Map();
        for (const [name, value] of Object.entries(step.with ?? {})) {
            for (const { reference } of (0,find_references/* findReferences */.yU)(value).references) {
                if (reference.kind !== 'step' && reference.kind !== 'input')
                    continue;
                const source = reference.kind === 'step' ? { kind: 'step', name: reference.step, paths: [reference.path] } : { kind: 'input', name: reference.name, paths: [] };
                const why = source.kind === 'input' ? this.#inputs.get(source.name)?.why : this.#rootOf(source.name);
                if (why === undefined)
                    continue;
                const hidden = this.#hides(source);
                if (given.has(name) && !hidden)
                    continue;
                given.set(name, { why, shown: !hidden });
                if (hidden)
                    break;
            }
        }
        return given;
    }
    /**
     * Whether what `source` gives lacks work its value does not show: a result made so, or a part of one
     * (`.result.files`) that leaves its gap behind (the `[cut: \u2026]` note beside the list, the failed items' nulls).
     */
    #hides(source) {
        if (source.kind === 'input')
            return this.#inputs.get(source.name)?.shown === false;
        if (!this.#results.has(source.name))
            return false;
        if (this.#made.has(source.name))
            return true;
        const value = this.#results.get(source.name);
        return source.paths.some((path) => path.length > 0 && !showsGap((0,reference_path/* readPath */.G7)(value, path)));
    }
    #rootOf(key) {
        if (!this.#results.has(key))
            return undefined;
        const root = this.#roots.get(key);
        if (root !== undefined)
            return root;
        const gaps = this.#incomplete.get(key);
        if (gaps !== undefined)
            return `step ${key}: ${gaps}`;
        const note = this.#cutNote(key);
        return note === undefined ? undefined : `step ${key}: its tool cut it (${note})`;
    }
    /** The cut note of step `key`'s result, read once for each value it holds, however many steps take it. */
    #cutNote(key) {
        const value = this.#results.get(key);
        let cut = this.#cuts.get(key);
        if (cut === undefined || cut.value !== value)
            this.#cuts.set(key, (cut = { value, note: (0,result_cut_note/* resultCutNote */.a)((0,result_cut_note/* resultTexts */.C)(value)) }));
        return cut.note;
    }
}
/** Whether a part read from a result that lacks work still shows it: a null (a failed item), a list with one, a cut note. */
function showsGap(read) {
    if (!read.found)
        return true;
    const { value } = read;
    return value === null || (Array.isArray(value) && value.includes(null)) || (0,result_cut_note/* resultCutNote */.a)((0,result_cut_note/* resultTexts */.C)(value)) !== undefined;
}
/**
 * What a tool step is given: the steps and inputs its `args` and `for_each` list name, or, when a model chooses its
 * arguments, every step it depends on.
 */
function givenSources(step) {
    const sources = new Map();
    const add = (kind, name, path) => {
        const known = sources.get(`${kind} ${name}`);
        sources.set(`${kind} ${name}`, { kind, name, paths: [...(known?.paths ?? []), ...(path ? [path] : [])] });
    };
    const written = [...(step.forEach ? [step.forEach.list] : []), ...(step.args ? [step.args] : [])];
    for (const value of written) {
        for (const { reference } of (0,find_references/* findReferences */.yU)(value, step.forEach?.as).references) {
            if (reference.kind === 'step')
                add('step', reference.step, reference.path);
            else if (reference.kind === 'input')
                add('input', reference.name);
        }
    }
    if (!step.args)
        for (const key of step.dependsOn)
            add('step', key, []);
    return [...sources.values()];
}

// EXTERNAL MODULE: ./lib/llm/model-call-error.js
var model_call_error = __webpack_require__(63156);
;// CONCATENATED MODULE: ./lib/run/step-timeout-error.js

/** A step ran past its `timeout_seconds` (its own, or its tool's). Trying again may help. */
class StepTimeoutError extends step_error/* StepError */.zg {
    stepKey;
    timeoutSeconds;
    /**
     * `toolsLimit`: the limit is the tool's (the step sets none), set in the plan at `setting` when the tool says where
     * (`http.timeout_seconds`, `mcp_servers.docs.timeout_seconds`). The step's own `timeout_seconds` replaces it, always.
     */
    constructor(stepKey, timeoutSeconds, toolName, toolsLimit) {
        // Which setting to raise: the step's own, or its tool's where the plan sets it. "The timeout_seconds of its tool"
        // sent the user of an http or MCP tool to a tools: entry that does not exist (its limit is under http: or mcp_servers:).
        const remedy = toolsLimit && toolName !== undefined
            ? `, the limit of its tool '${toolName}'; ${toolsLimit.setting === undefined ? '' : `raise ${toolsLimit.setting}, or `}give the step its own timeout_seconds if it needs longer`
            : '; raise its timeout_seconds if it needs longer';
        super(`step ${stepKey} timed out after ${timeoutSeconds} s${remedy}`, { transient: true, toolName });
        this.stepKey = stepKey;
        this.timeoutSeconds = timeoutSeconds;
    }
}

;// CONCATENATED MODULE: ./lib/run/step-timeout.js
/** The step's `timeout_seconds`, else its tool's, else none (the run timeout still applies). */
function stepTimeout(step, tools) {
    if (step.timeoutSeconds !== undefined)
        return { seconds: step.timeoutSeconds };
    if (step.type !== 'tool_call' || step.tool === undefined)
        return undefined;
    const tool = tools.get(step.tool);
    // The tool's limit: its timeout names where the plan sets it (`http.timeout_seconds`), not the step's key.
    return tool?.timeoutSeconds === undefined ? undefined : { seconds: tool.timeoutSeconds, toolsLimit: { setting: tool.timeoutSetting } };
}

;// CONCATENATED MODULE: ./lib/run/execute-step.js





/**
 * Runs one step through `deps.runStep` under the run's signal plus the step's timeout, and stops
 * waiting a turn after either aborts (keeping an answer already on its way), even if the runner ignores its signal.
 */
async function executeStep(step, shared, deps, runSignal, hooks = {}) {
    const { clock } = deps;
    const startedAt = clock.now();
    let usage = core_usage/* NO_USAGE */.y;
    // Set once this attempt has ended: what its runner reports after that (abandoned on a stop or timeout) is not the step's.
    let ended = false;
    const timeout = stepTimeout(step, deps.tools);
    const timer = timeout === undefined ? undefined : startTimer(step, timeout, clock);
    const signal = timer ? AbortSignal.any([runSignal, timer.signal]) : runSignal;
    const callLimit = ownCallLimit(step, timeout);
    const ctx = {
        ...shared,
        step,
        signal,
        ...(hooks.earlierCalls?.length && { earlierCalls: hooks.earlierCalls }),
        onUsage(more) {
            usage = (0,core_usage/* addUsage */.v)(usage, hooks.onUsage?.(more) ?? more);
        },
        report(activity) {
            // Until it ends, after a stop too: an answer kept (below) comes with its turn and its TODO list as it applied
            // them (found by adversarial passes: the checklist showed the list before it, or none, beside the step \u2705).
            if (!ended)
                hooks.onActivity?.(activity);
        },
        callTool(tool, args) {
            // Once stopped (a budget, a cancel, the timeout), no tool starts: the stop applies to work not yet begun.
            if (signal.aborted)
                return Promise.reject(signal.reason);
            const toolCtx = { signal, cwd: shared.cwd, stepKey: (0,plan_step/* stepKeyWithin */.t)(shared.within, step.key), ...callLimit };
            return hooks.callTool ? hooks.callTool(tool, args, toolCtx) : tool.execute(args, toolCtx);
        },
    };
    const work = Promise.resolve().then(() => deps.runStep(ctx));
    try {
        const result = await (0,race_abort/* raceAbort */.M)(work, signal);
        return { ok: true, result, usage, durationMs: clock.now() - startedAt };
    }
    catch (error) {
        // A stop applies to later work (the signal refuses further calls and tools), not to an answer already on its
        // way: the step's own that passed a cap, or a call's that came in the turn another step's charge stopped the run
        // (found by an adversarial pass: a call with side effects that had answered failed with the stop, and a resume
        // refused it as a repeat). A step that returns right away, without waiting on anything, completes.
        if (signal.aborted) {
            const kept = await settledThisTurn(work);
            if (kept)
                return { ok: true, result: kept.result, usage, durationMs: clock.now() - startedAt };
        }
        // Once aborted, the abort reason is the truth (a runner's own AbortError says less).
        const cause = signal.aborted ? signal.reason : error;
        return { ok: false, error: cause, usage, durationMs: clock.now() - startedAt };
    }
    finally {
        ended = true;
        timer?.cancel();
    }
}
/**
 * The limit a tool_call step's own `timeout_seconds` sets on its call, in place of the tool's (longer or shorter): the
 * step is that one call. Set nowhere, a step that asked 10 s of a tool limited to 1 s was stopped at 1 s (found by an
 * adversarial pass). Each attempt and each for_each item has its own timer, so its call gets the whole limit; an
 * agent's limit bounds its whole loop, and each of its calls keeps its tool's own.
 */
function ownCallLimit(step, timeout) {
    return step.type === 'tool_call' && timeout !== undefined && timeout.toolsLimit === undefined ? { timeoutMs: timeout.seconds * 1000 } : {};
}
/** The work's result if it resolves before the event loop's next turn (no I/O, no timer); undefined otherwise. */
function settledThisTurn(work) {
    return new Promise((resolve) => {
        const turn = setImmediate(() => resolve(undefined));
        work.then((result) => {
            clearImmediate(turn);
            resolve({ result });
        }, () => {
            clearImmediate(turn);
            resolve(undefined);
        });
    });
}
function startTimer(step, { seconds, toolsLimit }, clock) {
    const expired = new AbortController();
    const cancelled = new AbortController();
    clock
        .sleep(seconds * 1000, cancelled.signal)
        .then(() => clock.afterDue?.(cancelled.signal))
        .then(() => expired.abort(new StepTimeoutError(step.key, seconds, step.tool, toolsLimit)), () => { });
    return { signal: expired.signal, cancel: () => cancelled.abort() };
}

;// CONCATENATED MODULE: ./lib/run/step-attempts.js






/**
 * True when trying the step again may help and is safe: the error says it is transient, the
 * model client has not already retried it (it does, an answer cut off mid-body included; no second
 * layer, so a model call makes at most the client's `maxRetries + 1` requests), the step is not an
 * agent, and the tool has no side effects (a repeat could duplicate them; recovery decides instead) or the call
 * never reached what it acts on (`notSent`: a connection refused), so a repeat is its first, after any wait it was
 * asked for (`policy`).
 */
function mayRetry(step, error, tools, policy) {
    // An agent's tool errors go back to its model; a repeat of the whole loop would redo its tool calls.
    if (step.type === 'agent' || !(0,step_error/* isTransient */.dg)(error) || (error instanceof model_call_error/* ModelCallError */.sX && error.retriedByClient))
        return false;
    if (!(step.tool !== undefined && tools.get(step.tool)?.sideEffects))
        return true;
    // A call with side effects refused unsent (GitHub's rate limit) is sent again only once the whole wait it was
    // asked for is over: sooner, a write is refused again and the limit prolonged (GitHub may block the token for it).
    // A wait past the step's `max_interval` leaves the refusal standing (found by a review: the write was resent after
    // `max_interval`, 30 s by default, while GitHub still asked to wait 60).
    const retryAfterMs = error instanceof step_error/* StepError */.zg ? error.retryAfterMs : undefined;
    return (0,step_error/* isNotSent */.eg)(error) && (retryAfterMs === undefined || retryAfterMs <= policy.maxMs);
}
/**
 * Runs a step, retrying transient failures with backoff on the run's clock. The step stays
 * `in_progress` throughout; `onRetry` is told before each wait. A stop during the wait ends it.
 */
async function attemptStep(step, shared, deps, runSignal, policy, hooks) {
    const { clock } = deps;
    const startedAt = clock.now();
    let usage = core_usage/* NO_USAGE */.y;
    for (let attempt = 1;; attempt += 1) {
        const outcome = await executeStep(step, shared(), deps, runSignal, hooks);
        usage = (0,core_usage/* addUsage */.v)(usage, outcome.usage);
        const ended = { usage, durationMs: clock.now() - startedAt, attempts: attempt };
        const halted = hooks.noMoreAttempts?.aborted === true;
        if (outcome.ok || attempt >= policy.maxAttempts || runSignal.aborted || halted || !mayRetry(step, outcome.error, deps.tools, policy)) {
            return { ...outcome, ...ended };
        }
        const retryAfterMs = outcome.error.retryAfterMs;
        const waitMs = retryDelayMs(policy, attempt, deps.random ?? Math.random, retryAfterMs);
        hooks.onRetry({ attempt, maxAttempts: policy.maxAttempts, waitMs, error: (0,error_text/* errorText */.k)(outcome.error) });
        try {
            await clock.sleep(waitMs, hooks.noMoreAttempts ? AbortSignal.any([runSignal, hooks.noMoreAttempts]) : runSignal);
        }
        catch {
            const error = runSignal.aborted ? runSignal.reason : outcome.error;
            return { ok: false, error, usage, durationMs: clock.now() - startedAt, attempts: attempt };
        }
    }
}

;// CONCATENATED MODULE: ./lib/run/repeated-side-effect-error.js


/** A call with side effects that already ran (or may have) was about to be made again: refused, never retried. */
class RepeatedSideEffectError extends step_error/* StepError */.zg {
    stepKey;
    callKey;
    /** The call in words, `send_email({"to":"\u2026"})`, for the escalation: the earlier one, where this one is it in other words. */
    call;
    outcome;
    /** The earlier call was made by the run this one resumed, not by this run. */
    earlierRun;
    /** This call is not the earlier one but the step's model choosing its arguments again, in other words. */
    otherWords;
    constructor(fields) {
        const what = fields.outcome === 'succeeded' ? 'already succeeded' : 'got no answer, so it may have taken effect';
        // A call that succeeded took effect: there is nothing to check, only whether to make it again on purpose.
        const then = fields.outcome === 'succeeded' ? 'it took effect, so run the plan again without that step' : 'check whether it took effect, then run the plan again without that step';
        const where = fields.earlierRun ? ', in an earlier run' : '';
        // Two for_each items revoking two tokens were refused as one call, and nothing said why (found by a hunt of for_each).
        const masked = fields.masked ? ' (its arguments hold a secret, which every tool gets masked, so the tool would get the same call: give a tool a secret through its env: or headers:, not as an argument)' : '';
        const call = `${fields.tool}(${showArgs(fields.args)})`;
        const earlier = fields.insteadOf === undefined ? undefined : `${fields.tool}(${showArgs(fields.insteadOf)})`;
        super(earlier === undefined
            ? `step ${fields.stepKey} would call ${call} again${masked}, a call with side effects that ${what} in step ${fields.earlierStep}${where}; plan-runner never repeats one: ${then}`
            : `step ${fields.stepKey} would call ${call} in place of ${earlier}, its call with side effects that ${what} in step ${fields.earlierStep}${where}: its model chose the arguments again, in other words, and plan-runner never makes a step's call twice: ${then}`, { transient: false, toolName: fields.tool });
        this.stepKey = fields.stepKey;
        this.callKey = fields.callKey;
        this.call = earlier ?? call;
        this.outcome = fields.outcome;
        this.earlierRun = fields.earlierRun === true;
        this.otherWords = earlier !== undefined;
    }
}

;// CONCATENATED MODULE: ./lib/run/endpoint-unusable.js


/**
 * True when a step failed on a model call that fails for every call of the run alike, the replanner's
 * included (`endpointRefusesEveryCall`): a `type: plan` step whose used plan (a step, an item, or a judge of
 * its goals) did counts too. A `for_each` item is asked as it fails (`PlanRun` keeps the run's flag).
 */
function endpointUnusable(error) {
    return (0,model_call_error/* endpointRefusesEveryCall */.Ud)(error) || (error instanceof NestedPlanError && error.endpointUnusable);
}

;// CONCATENATED MODULE: ./lib/run/traced-args.js

/** The most characters, as JSON, of a call's arguments the trace and the run's record keep for a call without side effects. */
const TRACED_ARGS_CHAR_LIMIT = 16_384;
/**
 * A call's arguments as its `tool_called` event keeps them (the trace, the run's record): whole for a call with side
 * effects, whose arguments a resume reads to make no such call twice, and for one without while they fit
 * `TRACED_ARGS_CHAR_LIMIT`; past that, a note saying how long they were (the event's `callKey` is their hash, and the
 * results they name are in the trace). Each of 1,000 items' arguments naming a 900 KB result 8 times was kept whole: 3.9 GB
 * of memory and a 3.6 GB trace before the heap watch stopped the run (found by an adversarial pass).
 */
function tracedArgs(tool, args, sideEffects) {
    if (sideEffects)
        return args;
    const chars = JSON.stringify(args).length;
    if (chars <= TRACED_ARGS_CHAR_LIMIT)
        return args;
    return { left_out_for_room: `the arguments of this call of '${tool}', ${(0,group_digits/* groupDigits */.K)(chars)} characters; its callKey is their hash` };
}

// EXTERNAL MODULE: ./lib/run/approval-gate.js
var approval_gate = __webpack_require__(11132);
// EXTERNAL MODULE: ./lib/run/approval-request.js
var approval_request = __webpack_require__(47378);
// EXTERNAL MODULE: ./lib/run/step-reuse-key.js
var step_reuse_key = __webpack_require__(86324);
// EXTERNAL MODULE: ./lib/core/exceeds-depth.js
var exceeds_depth = __webpack_require__(35878);
// EXTERNAL MODULE: ./lib/core/parse-json.js
var parse_json = __webpack_require__(70695);
// EXTERNAL MODULE: ./lib/tools/tool-result-too-deep-error.js
var tool_result_too_deep_error = __webpack_require__(57048);
// EXTERNAL MODULE: ./lib/run/trace-step-weights.js
var trace_step_weights = __webpack_require__(67047);
// EXTERNAL MODULE: ./lib/core/run-usage.js
var run_usage = __webpack_require__(82796);
;// CONCATENATED MODULE: ./lib/run/abandoned-steps.js


/**
 * How a run an executor bug abandoned ends its steps, for `reason` at `at`: each item and step still running
 * failed, a used plan's run inside its step ended the same way, and each step not started skipped (within
 * `scope`, a fanned-out part's steps). Its items and nested runs stayed \u23f3 under their \u274c step (found by a review).
 */
function abandonedSteps(record, reason, at, scope) {
    const ended = [];
    for (const step of record.steps.values()) {
        const stepKey = step.key;
        if (step.state === 'in_progress') {
            for (const [index, item] of (step.items ?? []).entries()) {
                if (item.state === 'in_progress')
                    ended.push({ type: 'item_failed', stepKey, index, error: reason, transient: false, durationMs: 0, usage: core_usage/* NO_USAGE */.y, at });
            }
            // Plans nest at most MAX_PLAN_DEPTH deep: the recursion is bounded by the loader.
            if (step.nested && step.nested.status === undefined) {
                const ran = step.startedAt === undefined ? 0 : Math.max(0, at - step.startedAt);
                for (const event of abandonedRun(step.nested, reason, at, ran))
                    ended.push({ type: 'nested_event', stepKey, event, at });
            }
            ended.push({ type: 'step_failed', stepKey, error: reason, transient: false, durationMs: step.startedAt === undefined ? 0 : Math.max(0, at - step.startedAt), usage: (0,run_usage/* stepUsageSoFar */.D)(step), at });
        }
        else if ((step.state === 'pending' || step.state === 'waiting') && (scope?.has(stepKey) ?? true)) {
            ended.push({ type: 'step_skipped', stepKey, reason, at });
        }
    }
    return ended;
}
/** A used plan's run abandoned with its step: its steps ended, then the run, failed. */
function abandonedRun(record, reason, at, durationMs) {
    let usage = core_usage/* NO_USAGE */.y;
    for (const step of record.steps.values())
        usage = (0,core_usage/* addUsage */.v)(usage, (0,run_usage/* stepUsageSoFar */.D)(step));
    return [...abandonedSteps(record, reason, at), { type: 'run_finished', status: 'failed', durationMs, usage, reason, at }];
}

// EXTERNAL MODULE: ./lib/core/push-all.js
var push_all = __webpack_require__(37665);
;// CONCATENATED MODULE: ./lib/run/secrets-passed-on.js




/**
 * What of each step's result the `type: plan` steps of `steps` pass their plans under a secret name or whole, by the
 * key of the step whose result it is: found once for a plan (or a revision of it), as results arrive one by one.
 */
function passedOnBySource(steps) {
    const bySource = new Map();
    for (const step of steps) {
        if (step.type !== 'plan')
            continue;
        for (const { reference, at, whole } of (0,find_references/* findReferences */.yU)(step.with ?? {}).references) {
            // A `type: plan` step carries no `for_each`: only a step's result is known after the run starts.
            if (reference.kind !== 'step')
                continue;
            const secret = at.some((segment) => typeof segment === 'string' && (0,core_redact/* isSecretInputName */.g5)(segment));
            // Written into text, a map's keys are no names the plan reads: only a secret name makes its values secrets.
            // Whole, the value keeps its type: a map in it can hold secret keys of its own.
            if (!secret && !whole)
                continue;
            const passed = bySource.get(reference.step);
            if (passed)
                passed.push({ path: reference.path, secret });
            else
                bySource.set(reference.step, [{ path: reference.path, secret }]);
        }
    }
    return bySource;
}
/**
 * The path within item `index` of a list that `path` reads within the whole list; undefined where it reads another
 * item. A segment names an item as `readPath` reads it (`result.01` is item 1), so an item gives what the list would.
 */
function pathInItem(path, index) {
    if (path.length === 0)
        return [];
    const [first, ...rest] = path;
    const position = typeof first === 'string' && /^\d+$/.test(first) ? Number(first) : first;
    return position === index ? rest : undefined;
}
/**
 * The secrets in the result of step `stepKey` (or in item `index` of it) that a `type: plan` step passes its plan under
 * a secret name (`with: { deploy_token: "${steps.mint.result}" }`), for the redactor to learn before the result is
 * written anywhere: learned only as the plan step started, the result was in the trace and the log already.
 */
function secretsPassedOn(passedOn, stepKey, result, index) {
    const found = [];
    for (const passed of passedOn.get(stepKey) ?? []) {
        const path = index === undefined ? passed.path : pathInItem(passed.path, index);
        if (!path)
            continue;
        const lookup = (0,reference_path/* readPath */.G7)(result, path);
        if (lookup.found)
            (0,push_all/* pushAll */.i)(found, (0,core_redact/* secretValuesWithin */.QR)(lookup.value, passed.secret));
    }
    return found;
}

;// CONCATENATED MODULE: ./lib/run/plan-run.js


















































/** The most of a stop's reason each step it skips keeps (`#skipPendingOnce`). */
const MAX_SKIP_REASON_CHARS = 1_000;
/** Scheduler turns between two yields to the event loop: a signal waits at most this many instant steps. */
const TURNS_PER_YIELD = 16;
/**
 * One run in progress: the ready-queue loop. A step starts the moment its dependencies have
 * completed, at most `limits.concurrency` at a time; every state change goes through the journal.
 * Transient failures are retried in place; a permanent one is replanned around, skipped past or
 * fails the run, as the step's `on_failure` says; budgets stop the run.
 */
class PlanRun {
    graph;
    header;
    results = new Map();
    /** Failures no replan recovered from: they decide the verdict. */
    failures = [];
    /** A step failed on a model endpoint no call can use (see `endpointUnusable`): a used plan's step that runs this plan says so. */
    endpointUnusable = false;
    /** Every permanent failure of the run, oldest first. */
    history = [];
    /** Steps skipped because an upstream step failed with `on_failure: continue`, and that upstream's key. */
    skippedFor = new Map();
    /** Why each failed or skipped step has no result: what a dependent that takes it optionally is told. */
    missing = new Map();
    /** Why a completed step's result is incomplete (items of a for_each step that failed under `continue`). */
    incomplete = new Map();
    /** Tool steps given a partial result: their results count as partial too (`PartialInputs`). */
    #partialInputs;
    budget;
    /** Each started step's reuse key (`stepReuseKey`). */
    reuseKeys = new Map();
    #resultHashes;
    /** The run's inputs, hashed once for every step's reuse key. */
    #inputsHash;
    /** Steps whose result came from the run resumed from. */
    reused = new Set();
    /**
     * Completed steps whose result has something masked (`masked` in `RunEvent`): a saved copy reused,
     * or one that holds such a copy (a for_each step's items, a plan step's result). The value says
     * where from; no goal is judged on them. A result made from a masked one is not: every tool gets
     * its arguments, and the model its prompts, redacted in any run, so it is what a fresh run makes.
     */
    masked = new Map();
    /** `for_each` steps that reused an item whose saved result has something masked: where from. */
    #maskedItems = new Map();
    /** `for_each` steps with an item whose result was read from a checkout that is not the run's commit (`elsewhere`). */
    #elsewhereItems = new Set();
    /** `#foreignInput`'s findings by step key: each step's ancestors are walked once in the run. */
    #foreignWhy = new Map();
    /**
     * Masked saved results of steps (by key) and items (`key#index`) running again: what their new result must redact to,
     * and the TODO list its agent ended with, which stands with the copy when the copy stands.
     */
    #savedCopies = new Map();
    /** Saved copies (by `#savedCopies` key) whose run again wrote a TODO list of its own. */
    #rewroteTodos = new Set();
    /** Steps that ran again in place of a masked saved copy: reviewed already in the saved run, as a reused step is. */
    #ranAgain = new Set();
    /** Calls with side effects that succeeded or may have (outcome unknown), by call key: never made again. */
    #sideEffects = new Map();
    /** The job's side-effect calls by tool and arguments, this run's and its used plans' (see `CallRegistry`). */
    #calls;
    /**
     * The side-effect calls each step made in the run this one resumes and did not finish there, in the
     * order they were made (an agent is told of them), by step key, and a `for_each` item's by
     * {@link itemCallsKey} (its step's key in the whole job and reuse key then, and its own key).
     */
    #earlierCalls = new Map();
    /** A side-effect call of a step that ended without an answer: the step's failure escalates. */
    #unknownCalls = new Map();
    /**
     * Per step, the first call refused as a repeat of an earlier run's side effect: a `for_each` item under
     * `on_item_failure: continue` went on past one, and its step completed with the item as null.
     */
    #refusedRepeats = new Map();
    /**
     * Calls with side effects not answered yet, by call key: the step that made them and how to name
     * them. A step can end before its call does (the step's timeout is the tool's, and its timer wins);
     * such a call's outcome is unknown too.
     */
    #callsInFlight = new Map();
    #replans = 0;
    /** What the plan's `type: plan` steps pass on of each step's result (`passedOnBySource`), for the graph revision it was found for. */
    #passedOn;
    #needs = [];
    #plan;
    #deps;
    #journal;
    #ready;
    #inbox = new Inbox();
    #running = new Set();
    /** `for_each` steps whose children are running or waiting, in the order they started. */
    #mapped = new Map();
    #stop = new AbortController();
    /** Which steps wait for a person's approval (the plan's policy, less what an approval covers). */
    gate;
    #skippedForStop = false;
    #stopCutShort = false;
    #turnsSinceYield = 0;
    /** The job's concurrency, shared with the runs of the plans this one uses (and the run using this one). */
    #slots;
    /** Steps and items of this run holding a slot of `#slots`, by key. */
    #holding = new Set();
    /** Set when a step could have started but every slot of the job was taken: the run waits for one to come free. */
    #slotWanted = false;
    /** The steps this part of a fanned-out run may start; undefined: every step. */
    #scope;
    /**
     * The part of a fanned-out run this run plays: the job's own plan's. A plan a `type: plan` step uses runs whole
     * wherever that step runs: given the job's part, a used plan the prepare job ran started none of its steps (none
     * leads to a fan-out step of its own) and completed \u2705 with no result (found by an adversarial pass).
     */
    #part;
    /**
     * In a shard or merge job, the steps the prepare job runs: never run again here. Run again by the merge, one
     * that failed there under `on_failure: continue` changed the fan-out step's list where it succeeded this time,
     * and every item the shards had run was refused as left by no shard (found by an adversarial pass).
     */
    #prepareSteps;
    constructor(plan, deps, journal) {
        this.#plan = plan;
        this.#deps = deps;
        this.#journal = journal;
        this.graph = new plan_graph/* PlanGraph */.K(plan.steps, plan.revision);
        this.header = {
            name: plan.name,
            ...(plan.goal === undefined ? {} : { goal: plan.goal }),
            ...(plan.file === undefined ? {} : { file: plan.file }),
        };
        this.budget = deps.budget ?? new run_budget/* RunBudget */.b(plan.limits, plan.source?.pricing);
        this.gate = new approval_gate/* ApprovalGate */.N(plan, deps.tools, deps.approval, deps.redact, deps.inner === true);
        this.#partialInputs = new PartialInputs(this.incomplete, this.results, deps.partialInputs);
        this.#resultHashes = new step_reuse_key/* ResultHashes */.sT(deps.redact);
        this.#inputsHash = (0,approval_request/* inputsHash */.Oq)(deps.inputs, deps.redact);
        this.#part = deps.inner ? undefined : deps.fanOut;
        this.#scope = this.#part ? (0,fan_out_part/* fanOutScope */.q)(plan.steps, this.#part.part) : undefined;
        this.#prepareSteps = this.#part && this.#part.part !== 'prepare' ? (0,fan_out_part/* fanOutScope */.q)(plan.steps, 'prepare') : undefined;
        this.#ready = new ReadySteps(this.graph, (key) => journal.stateOf(key), plan.limits.concurrency, deps.stepWeights && (0,trace_step_weights/* weightsWithin */.fV)(deps.stepWeights, deps.within));
        this.#calls = deps.calls ?? new Map();
        this.#slots = deps.slots ?? new StepSlots(plan.limits.concurrency);
        // A step the earlier run completed runs again only because its definition or inputs changed: what it did then is not left undone.
        // A result that run carried from one before it is no completion of that run: its step may have run again there, and called.
        const completed = deps.resume?.completedSteps ?? new Set();
        for (const [callKey, call] of deps.resume?.sideEffects ?? []) {
            if (call.outcome === 'failed')
                continue;
            // A trace without times (an older one): look for the effect over the last day.
            const calledAt = call.calledAt ?? new Date(Date.now() - 86_400_000).toISOString();
            this.#sideEffects.set(callKey, { stepKey: call.stepKey, outcome: call.outcome, calledAt, inherited: true });
            // Keyed too as this run keys the same call, its arguments redacted by this run's redactor: one that hides a value the
            // earlier run's did not (a newer plan-runner, a secret added since) found no record, and made the call again
            // (found by an adversarial pass).
            const args = deps.redact ? (0,core_redact/* redactDeep */.KL)(call.args, deps.redact) : call.args;
            const own = callKey === (0,step_reuse_key/* toolCallKey */.q$)(plan.name, call.tool, call.args);
            const keyNow = own && deps.redact ? (0,step_reuse_key/* toolCallKey */.q$)(plan.name, call.tool, args) : callKey;
            if (keyNow !== callKey)
                this.#sideEffects.set(keyNow, { stepKey: call.stepKey, outcome: call.outcome, calledAt, inherited: true });
            // Only this plan's own calls are a step's earlier calls: a used plan's are keyed by its name and its own step keys.
            if (!own) {
                const anyKey = (0,step_reuse_key/* anyPlanCallKey */.rT)(call.tool, args);
                if (!this.#calls.has(anyKey))
                    this.#calls.set(anyKey, { stepKey: call.stepKey, outcome: call.outcome, calledAt, inherited: true });
                continue;
            }
            if (completed.has(call.stepKey))
                continue;
            // An item's, under its step's reuse key then: an item of a step whose list or task changed is told nothing.
            const key = call.item === undefined ? call.stepKey : itemCallsKey(call.stepKey, call.item.reuseKey, call.item.key);
            const calls = this.#earlierCalls.get(key) ?? [];
            // By the step's key in the whole job: a plan used twice has the same keys in both runs.
            calls.push({ tool: call.tool, args, outcome: call.outcome });
            this.#earlierCalls.set(key, calls);
        }
        // Every running step and its tools listen to this signal; that many listeners is not a leak.
        (0,external_node_events_.setMaxListeners)(0, this.#stop.signal);
        this.#stop.signal.addEventListener('abort', () => this.#inbox.wake(), { once: true });
    }
    /** Whether `step` runs a used plan with a required goal, at any depth (see `planGates`): that plan's verdict gates the run. */
    #gates(step) {
        const used = step.type === 'plan' && step.uses !== undefined ? this.#plan.subplans?.get(step.uses) : undefined;
        return used !== undefined && (0,goals_verdict/* planGates */.yz)(used) !== undefined;
    }
    /** Whether the run passes its gate only once `step` has completed: it runs a gating used plan, and does not say `on_failure: continue`. */
    #holdsGate(step) {
        return step.onFailure !== 'continue' && this.#gates(step);
    }
    /**
     * The first step, of the plan as it started or as revised, that runs a used plan whose goals gate the run and did not
     * complete, unless it says `on_failure: continue`: a run without that plan's verdict has not passed its gate, whatever
     * else ended well (a step before it failed under `on_failure: continue` and it was skipped). None in a part of a
     * fanned-out run, whose merge job decides.
     */
    uncheckedGate() {
        if (this.partial)
            return undefined;
        for (const step of [...this.#plan.steps, ...this.graph.steps]) {
            if (!this.#holdsGate(step))
                continue;
            const record = this.#journal.record.steps.get(step.key);
            if (record?.state === 'completed')
                continue;
            const skippedFor = this.skippedFor.get(step.key);
            return { stepKey: step.key, uses: step.uses, state: record?.state, ...(record?.skipReason !== undefined && { skipReason: record.skipReason }), ...(skippedFor !== undefined && { skippedFor }) };
        }
        return undefined;
    }
    /** True for a part of a fanned-out run that runs only some steps (prepare, shard): the plan's last step is not its result. */
    get partial() {
        return this.#scope !== undefined;
    }
    /** Model use so far: every call the budget saw, including calls that finished after their step was abandoned. */
    get usage() {
        return this.budget.usage;
    }
    get replans() {
        return this.#replans;
    }
    /**
     * What this run carries from the run it resumes, written into its trace before any step runs: the results
     * (`result_carried`), so a resume of this run finds them even when it stops before it reaches their steps (a
     * cancel, a budget, a kill) and a chain of resumes never loses a completed step; then the side-effect calls
     * (`kind: inherited`), so a chain of re-runs never forgets one. Made once: `plan_created` counts them
     * (`isCarriedLine`), and `recordCarried` writes the same events.
     */
    carriedEvents() {
        const resume = this.#deps.resume;
        if (!resume)
            return [];
        const events = [];
        for (const [reuseKey, saved] of resume.reuse) {
            this.#learnSecretsPassedOn(saved.stepKey, saved.result);
            events.push({ type: 'result_carried', stepKey: saved.stepKey, reuseKey, result: saved.result, usage: saved.usage, ...(saved.durationMs !== undefined && { durationMs: saved.durationMs }), ...(saved.masked && { masked: true }), ...(this.#wasElsewhere(saved.elsewhere, saved.stepKey) && { elsewhere: true }), ...(saved.partial !== undefined && { partial: saved.partial }), ...(saved.made && { made: true }), ...(saved.todos && { todos: saved.todos }) });
        }
        for (const [reuseKey, items] of resume.items) {
            // A step carried whole needs its items only where a merge takes them one by one (`#earlierResult`).
            if (resume.reuse.has(reuseKey) && !this.#deps.fanOut)
                continue;
            for (const [index, saved] of items) {
                this.#learnSecretsPassedOn(saved.stepKey, saved.result, index);
                events.push({ type: 'result_carried', stepKey: saved.stepKey, reuseKey, result: saved.result, usage: saved.usage, ...(saved.durationMs !== undefined && { durationMs: saved.durationMs }), item: { index, key: saved.key }, ...(saved.masked && { masked: true }), ...(this.#wasElsewhere(saved.elsewhere, saved.stepKey) && { elsewhere: true }), ...(saved.todos && { todos: saved.todos }) });
            }
        }
        for (const [callKey, call] of resume.sideEffects) {
            if (call.outcome === 'failed')
                continue;
            const calledAt = this.#sideEffects.get(callKey)?.calledAt ?? call.calledAt;
            events.push({ type: 'tool_called', stepKey: call.stepKey, tool: call.tool, args: call.args, sideEffects: true, callKey, kind: 'inherited', ...(calledAt && { calledAt }), ...(call.item !== undefined && { item: call.item }) });
            if (call.outcome === 'succeeded')
                events.push({ type: 'tool_returned', stepKey: call.stepKey, tool: call.tool, callKey, outcome: 'succeeded' });
        }
        return events;
    }
    /** Writes what `carriedEvents` made into the run's journal. */
    recordCarried(events) {
        for (const event of events)
            this.#journal.step(event);
    }
    /** Why the run was stopped, if it was. */
    get stopReason() {
        return this.#stop.signal.aborted ? this.#stop.signal.reason : undefined;
    }
    /** True once the stop ended work of this run: a step or item it stopped, or a step it kept from starting. */
    get stopCutShort() {
        return this.#stopCutShort;
    }
    /** Steps that wait for approval: they and their dependents do not run in this run. */
    get waiting() {
        return this.graph.steps.filter((step) => this.#journal.stateOf(step.key) === 'waiting').map((step) => step.key);
    }
    /** Stops the run: running steps are aborted, nothing new starts, pending steps are skipped. First reason wins. */
    stop(reason) {
        if (!this.#stop.signal.aborted)
            this.#stop.abort(reason);
    }
    /** Stops the whole job for `reason`: the outermost run (which stops this one, a run inside it) and this one. */
    #stopJob(reason) {
        this.#deps.stopJob?.(reason);
        this.stop(reason);
    }
    /**
     * After a bug in the executor, which leaves no one to settle its steps: each step and item it started ends
     * failed (a used plan's run inside one with it) and each it had not skipped, for `reason`, so the run's end
     * shows no step \u23f3 or \u2b1c (found by a hunt: they stayed).
     */
    abandon(reason) {
        for (const event of abandonedSteps(this.#journal.record, reason, this.#journal.elapsed(), this.#scope))
            this.#journal.step(event);
    }
    /** Runs until no step is running and none can start. */
    async drive() {
        const onBudget = () => this.stop(this.budget.signal.reason);
        if (this.budget.signal.aborted)
            onBudget();
        // A shard stopped for what nothing may go on past: the merge job, the rest of that run, stops for it before any step.
        const shardStop = this.#part?.part === 'merge' ? this.#deps.resume?.stoppedRun : undefined;
        if (shardStop !== undefined)
            this.stop(new ShardStoppedRunError(shardStop));
        this.budget.signal.addEventListener('abort', onBudget, { once: true });
        // A slot another run of the job gave back may be the one a step of this run waits for.
        const stopListening = this.#slots.onRelease(this, () => this.#inbox.wake());
        try {
            this.#ready.rebuild();
            for (;;) {
                for (const finished of this.#inbox.drain())
                    this.#settle(finished);
                this.#slotWanted = false;
                if (this.stopReason) {
                    this.#slots.stopWaiting(this);
                    this.#skipPendingOnce(this.stopReason.message);
                    this.#concludeIdleMapped();
                }
                else {
                    // While recovery waits, only children of for_each steps already started may start.
                    this.#fill();
                    // A step the budget refused (max_steps) stopped the run: the first branch skips the rest with
                    // that reason. Left to the loop's end with nothing running, they got the executor-bug text.
                    if (this.stopReason)
                        continue;
                    // A run that wants no slot now keeps none waiting for it.
                    if (!this.#slotWanted)
                        this.#slots.stopWaiting(this);
                    // Recovery waits until nothing runs, so the model sees every result and replaces a still plan.
                    if (this.#needs.length > 0 && this.#running.size === 0 && this.#mapped.size === 0) {
                        await this.#recover();
                        continue;
                    }
                }
                if (this.#running.size === 0) {
                    // A call the budget refused while others were in flight: the budget stops the run once they have
                    // answered, a turn later; with nothing running, that is now (the rest is skipped for it).
                    const spent = this.budget.exceeded;
                    if (spent && !this.stopReason) {
                        this.stop(spent);
                        continue;
                    }
                    // Nothing of its own runs, but a step waits for a slot another run of the job holds: it comes free.
                    if (!this.#slotWanted)
                        break;
                }
                await this.#inbox.wait();
                // Steps that finish at once (math, cached tools) settle through promise jobs alone: without a
                // macrotask now and then, a long chain never lets signals, timers or the comment's updates run.
                if (++this.#turnsSinceYield >= TURNS_PER_YIELD) {
                    this.#turnsSinceYield = 0;
                    await (0,promises_.setImmediate)();
                }
            }
            this.#skipLeftovers();
            const part = this.#part;
            if (part?.part === 'prepare' && !this.stopReason)
                this.#assignShards(part.shards, part.weights);
        }
        finally {
            this.budget.signal.removeEventListener('abort', onBudget);
            stopListening();
            this.#slots.stopWaiting(this);
            // Only after an executor bug: the slots of steps no one will settle go back to the job.
            for (let held = this.#holding.size; held > 0; held -= 1)
                this.#slots.release();
            this.#holding.clear();
        }
    }
    /** Takes one of the job's slots for a step or item about to run. */
    #takeSlot(key) {
        this.#slots.take();
        this.#slots.stopWaiting(this);
        this.#holding.add(key);
    }
    /** Every slot of the job is taken, or left to runs that waited before this one: this run waits its turn. */
    #wantSlot() {
        this.#slotWanted = true;
        this.#slots.wait(this);
    }
    /** Whether `step` would take a slot to start: one that runs, not a used plan's or a for_each step (their steps and items do), nor one whose earlier result stands. */
    #needsSlot(step, reuseKey) {
        return !step.forEach && step.type !== 'plan' && !this.#reusedAsIs(step, reuseKey);
    }
    #fill() {
        const limit = this.#plan.limits.concurrency;
        while (this.#running.size < limit && !this.stopReason) {
            // Children of started for_each steps go first: started work finishes before new work begins.
            const mapped = this.#nextMapped();
            if (mapped) {
                // Every slot of the job is taken (by this run or by a plan it uses, or the plan using it).
                if (!this.#slots.freeFor(this)) {
                    this.#wantSlot();
                    return;
                }
                // Refusing an item stops the run (through the budget's signal); the step's waiting items are then skipped.
                if (!this.budget.roomInHeap(`an item of step ${mapped.key}`))
                    return;
                this.#startChild(mapped);
                continue;
            }
            if (this.#needs.length > 0)
                return;
            const key = this.#ready.next();
            if (key === undefined)
                return;
            // Another part of a fanned-out run starts it; here it stays pending.
            if (this.#scope && !this.#scope.has(key))
                continue;
            const step = this.graph.byKey.get(key);
            const reuseKey = this.#reuseKey(step);
            // A step that needs approval waits (its dependents stay pending); everything else goes on. One whose
            // earlier result stands runs nothing: a resume after an approved run failed asked again for a step
            // that had run, and approving it then refused to repeat its side effect.
            const blocked = this.#reusedAsIs(step, reuseKey) ? undefined : this.gate.blocks(step, { results: this.results, inputs: this.#deps.inputs, missing: this.missing });
            if (blocked !== undefined) {
                this.#journal.step({ type: 'step_waiting', stepKey: key, reason: `awaiting approval: ${blocked}` });
                continue;
            }
            if (!this.#slots.freeFor(this) && this.#needsSlot(step, reuseKey)) {
                this.#ready.putBack(key);
                this.#wantSlot();
                return;
            }
            // Refusing a step stops the run (through the budget's signal); the step is then skipped.
            if (!this.budget.beforeStep(key))
                return;
            this.#start(key, reuseKey);
        }
    }
    /** The earlier run's result for `step` as it is now (`reuseKey`), if a resume has one it may take. */
    #earlierResult(step, reuseKey) {
        // A merge assembles a fan-out step from every state's items, never takes an earlier merge's whole: a shard re-run since may have more.
        if (this.#part?.part === 'merge' && step.forEach?.fanOut)
            return undefined;
        const resume = this.#deps.resume;
        // Only what this step completed there, in the same place: another use of this plan runs steps of equal keys.
        const placed = (0,step_reuse_key/* placedReuseKey */.Fb)(this.#deps.within, reuseKey);
        // A shard or merge runs none of the prepare job's steps: a used plan it completed with a step left undone is taken as it stands.
        return resume?.reuse.get(placed) ?? (this.#prepareSteps?.has(step.key) ? resume?.undoneWhole?.get(placed) : undefined);
    }
    /** True when `step` will take an earlier run's result as it stands, and run nothing. */
    #reusedAsIs(step, reuseKey) {
        const earlier = this.#earlierResult(step, reuseKey);
        return earlier !== undefined && !(earlier.masked === true && this.#mayRunAgain(step));
    }
    #nextMapped() {
        for (const mapped of this.#mapped.values())
            if (mapped.hasWaiting)
                return mapped;
        return undefined;
    }
    #start(key, reuseKey) {
        const step = this.graph.byKey.get(key);
        this.reuseKeys.set(key, reuseKey);
        this.#journal.step({ type: 'step_started', stepKey: key, reuseKey });
        const earlier = this.#earlierResult(step, reuseKey);
        const earlierElsewhere = this.#wasElsewhere(earlier?.elsewhere, step);
        // A saved result with something masked is not the step's: one that can run again without an effect outside it does.
        const again = earlier?.masked === true && this.#mayRunAgain(step);
        if (again) {
            this.#savedCopies.set(key, { result: earlier.result, from: this.#savedBy(`step ${key}`), stepKey: key, ...(earlierElsewhere && { elsewhere: true }), ...(earlier.todos && { todos: earlier.todos }) });
            this.#ranAgain.add(key);
        }
        if (earlier && !again) {
            // Same definition, same inputs, same upstream results: the earlier result stands, at no cost.
            this.reused.add(key);
            this.results.set(key, earlier.result);
            this.#learnSecretsPassedOn(key, earlier.result);
            if (earlier.masked)
                this.masked.set(key, this.#savedBy(`step ${key}`));
            // Its agent's TODO list as it ended, open ones too: the run reusing it shows it and judges it as that run did.
            if (earlier.todos)
                this.#journal.step({ type: 'todos_created', stepKey: key, todos: earlier.todos });
            const partial = this.#partialInputs.reused(step, earlier.partial, earlier.made === true);
            const there = { usage: earlier.usage, ...(earlier.durationMs !== undefined && { durationMs: earlier.durationMs }) };
            this.#journal.step({ type: 'step_completed', stepKey: key, result: earlier.result, durationMs: 0, usage: core_usage/* NO_USAGE */.y, reused: there, ...(earlier.masked && { masked: true }), ...(earlierElsewhere && { elsewhere: true }), ...(partial && { partial: partial.why, ...(partial.made && { made: true }) }) });
            this.#ready.release(key);
            this.#inbox.wake();
            return;
        }
        if (this.#part && this.#prepareSteps?.has(key)) {
            const problem = `step ${key} is not in the prepare job's state: it failed or was skipped there (see the prepare job), or it or what it depends on changed since the prepare job ran it; the ${this.#part.part} job runs none of the prepare job's steps: re-run all jobs of the workflow`;
            this.#conclude(key, { ok: false, error: new FanOutStateError(key, problem), usage: core_usage/* NO_USAGE */.y, durationMs: 0, attempts: 1 });
            return;
        }
        if (step.forEach) {
            this.#expand(step);
            return;
        }
        if (step.type === 'plan') {
            this.#startNested(step);
            return;
        }
        this.#running.add(key);
        this.#takeSlot(key);
        const toolRetry = step.tool === undefined ? undefined : this.#plan.source?.tools?.[step.tool]?.retry;
        const earlierCalls = this.#earlierCalls.get((0,plan_step/* stepKeyWithin */.t)(this.#deps.within, key));
        const hooks = {
            onUsage: (more) => this.budget.charge(more, (priced) => this.#journal.modelUsed(priced, key)),
            onRetry: (notice) => this.#journal.step({ type: 'step_retrying', stepKey: key, ...notice }),
            onActivity: (activity) => {
                if (this.#journal.stateOf(key) !== 'in_progress')
                    return;
                this.#noteRewrittenTodos(key, activity);
                this.#journal.step({ ...activity, stepKey: key });
            },
            callTool: (tool, args, ctx) => this.#callTool(key, tool, args, ctx, undefined, chosenAgain(step, earlierCalls)),
            ...(earlierCalls && { earlierCalls }),
        };
        const shared = () => sharedContext(this.#plan, this.#deps, this.graph, this.results, this.missing, this.incomplete);
        attemptStep(step, shared, this.#deps, this.#stop.signal, resolveRetryPolicy(step.retry, toolRetry), hooks).then((outcome) => this.#inbox.push({ key, outcome }), (error) => this.#inbox.push({ key, outcome: { ok: false, error, usage: core_usage/* NO_USAGE */.y, durationMs: 0, attempts: 1 } }));
    }
    /** Where a masked result comes from, in the words a goal's evidence shows: `step 2, reused as attempt 1 saved it`. */
    #savedBy(what) {
        return `${what}, reused as ${this.#deps.resume.from} saved it`;
    }
    /**
     * Whether a step (or item) may run again rather than reuse a saved result that has something
     * masked: a tool_call, reasoning, aggregate or agent step whose tools all have no side effects,
     * outside a fanned-out run (whose shards and merge take the prepare job's steps as saved). Not a
     * for_each or plan step: its items or steps, keyed anew from a list or inputs that may differ,
     * could repeat an effect. Its new result counts only if it redacts to the saved copy
     * (`#keptResult`), so nothing downstream sees another input than the saved run's.
     */
    #mayRunAgain(step) {
        if (this.#deps.fanOut || step.forEach || step.type === 'plan')
            return false;
        const tools = step.type === 'tool_call' ? [step.tool] : step.type === 'agent' ? (step.tools ?? []) : [];
        return tools.every((name) => name !== undefined && this.#deps.tools.get(name)?.sideEffects === false);
    }
    /**
     * A step or item that ran again in place of a masked saved copy and failed: the saved copy stands,
     * masked. It completed once; failing now (a source gone, a model down) must not undo that, nor keep
     * failing every resume after. A stop (cancel, budget, timeout) is not this step's failure.
     */
    #withSavedCopy(copyKey, outcome) {
        const saved = this.#savedCopies.get(copyKey);
        if (outcome.ok || !saved || outcome.error instanceof run_stopped_error/* RunStoppedError */.F)
            return outcome;
        this.#savedCopies.delete(copyKey);
        this.#savedCopyStands(copyKey, saved);
        const masked = `${saved.from} (it ran again and failed: ${(0,error_text/* errorText */.k)(outcome.error)})`;
        return { ok: true, result: saved.result, usage: outcome.usage, durationMs: outcome.durationMs, attempts: outcome.attempts, masked, ...(saved.elsewhere && { elsewhere: true }) };
    }
    /**
     * Why what `step` is given (a dependency's result, or one before it) was read from a checkout that is not the run's
     * commit, or undefined: a used plan's goal passed on the base branch's file, handed to it through `with:` (found by a review).
     */
    #foreignInput(step) {
        // Kept across plan steps: a step's dependencies have all completed when it starts, so what is found for them stands.
        const why = this.#foreignWhy;
        const visit = (key) => {
            if (why.has(key))
                return why.get(key);
            why.set(key, undefined);
            const own = this.#journal.record.steps.get(key)?.elsewhere === true ? `its input comes from step ${key}, which read a checkout that is not the commit the run and its check are for` : undefined;
            const found = own ?? this.graph.byKey.get(key)?.dependsOn.map(visit).find((cause) => cause !== undefined);
            why.set(key, found);
            return found;
        };
        return step.dependsOn.map(visit).find((cause) => cause !== undefined);
    }
    /**
     * Whether a saved result (`ReusableStep.elsewhere`) of `step` (or of the step of that key, where this plan has it) was read
     * from a checkout that is not its run's commit. From a trace written before results were marked (`unknown`): where this
     * job's checkout is elsewhere, so a re-run's earlier attempts' was, a step that reads a checkout (or one this plan does
     * not have) is taken as read elsewhere (found by a review: across an upgrade, the gate opened on a reused step again).
     */
    #wasElsewhere(saved, step) {
        if (saved !== 'unknown')
            return saved === true;
        if (this.#deps.readsElsewhere === undefined)
            return false;
        const known = typeof step === 'string' ? this.graph.byKey.get(step) : step;
        return known === undefined || this.#readsElsewhere(known);
    }
    /** Whether `step`, run in this job, reads a checkout that is not the commit the run is for (`RunDeps.readsElsewhere`). */
    #readsElsewhere(step) {
        return this.#deps.readsElsewhere?.(step, this.#plan) === true;
    }
    /**
     * The result a step or item that ran again in place of a masked saved copy keeps: its own when it
     * redacts to that copy (the same result, now whole), else the saved copy, masked: another answer
     * (a model's, a clock's) would change the reuse keys of the steps after it, and steps with side
     * effects among them would run again.
     */
    #keptResult(copyKey, result) {
        const saved = this.#savedCopies.get(copyKey);
        if (!saved)
            return { result };
        this.#savedCopies.delete(copyKey);
        const redact = this.#deps.redact;
        if (redact && (0,stable_hash/* canonicalJson */.dj)((0,core_redact/* redactDeep */.KL)(result, redact)) === (0,stable_hash/* canonicalJson */.dj)(saved.result)) {
            this.#rewroteTodos.delete(copyKey);
            return { result };
        }
        this.#savedCopyStands(copyKey, saved);
        return { result: saved.result, masked: saved.from, ...(saved.elsewhere && { elsewhere: true }) };
    }
    /** A step's or item's agent, running again in place of a masked saved copy, wrote a TODO list of its own. */
    #noteRewrittenTodos(copyKey, activity) {
        if ((activity.type === 'todos_created' || activity.type === 'todos_updated') && this.#savedCopies.has(copyKey))
            this.#rewroteTodos.add(copyKey);
    }
    /**
     * The saved copy stands in place of what its step or item did running again (it failed, or answered
     * otherwise): so does the TODO list its agent ended with, as when it is reused. The list the run again
     * wrote, or none, stood under the saved answer: a saved agent that left its TODOs open came back
     * \u2705 without them when its model failed on the resume, and `all_steps_completed` passed (found by an
     * adversarial pass).
     */
    #savedCopyStands(copyKey, saved) {
        const rewrote = this.#rewroteTodos.delete(copyKey);
        if (!saved.todos?.length && !rewrote)
            return;
        this.#journal.step({ type: 'todos_created', stepKey: saved.stepKey, ...(saved.index !== undefined && { index: saved.index }), todos: saved.todos ?? [] });
    }
    /**
     * One tool call of step `stepKey` (of its item `item` when a `for_each` item makes it),
     * recorded; a side effect that ran (or may have) is never made again. `chosen`: the calls the step made
     * in the run resumed, where its model chooses the arguments of its one call (`chosenAgain`).
     */
    async #callTool(stepKey, tool, args, ctx, item, chosen) {
        // Hashed as the tool and the trace see them (redacted): a resume computes the key from those. Read only (the tool gets its own copy).
        const redactedArgs = this.#deps.redact ? (0,core_redact/* redactDeepView */.dl)(args, this.#deps.redact) : args;
        const callKey = (0,step_reuse_key/* toolCallKey */.q$)(this.#plan.name, tool.name, redactedArgs);
        // The step's one call, made before, with arguments its model chose again otherwise: the same call in other words,
        // which no record matches (found by an adversarial pass: a second release note under another title).
        const before = tool.sideEffects ? chosen?.filter((call) => call.tool === tool.name) : undefined;
        if (before?.length && !before.some((call) => (0,step_reuse_key/* toolCallKey */.q$)(this.#plan.name, call.tool, call.args) === callKey)) {
            const earlier = before.find((call) => call.outcome === 'succeeded') ?? before[0];
            const refused = new RepeatedSideEffectError({ stepKey, tool: tool.name, args, callKey, outcome: earlier.outcome, earlierStep: stepKey, earlierRun: true, insteadOf: earlier.args });
            if (!this.#refusedRepeats.has(stepKey))
                this.#refusedRepeats.set(stepKey, refused);
            throw refused;
        }
        // Only calls with side effects are registered: a read costs no second hash.
        const anyKey = tool.sideEffects ? (0,step_reuse_key/* anyPlanCallKey */.rT)(tool.name, redactedArgs) : '';
        // The same call still waiting for its answer (two items of one list, two steps): decided once it has one. Checked
        // for its effect meanwhile, it was a call that left nothing, made again, and recorded as failed (found by an adversarial pass).
        const answered = tool.sideEffects ? this.#calls.get(anyKey)?.answered : undefined;
        if (answered) {
            await (0,race_abort/* raceAbort */.M)(answered, ctx.signal);
            return this.#callTool(stepKey, tool, args, ctx, item, chosen);
        }
        // This plan's own earlier call, else the same call another plan of the job made (a used plan, the
        // plan using this one, another use of this plan), in this run or the run resumed.
        const own = tool.sideEffects ? this.#sideEffects.get(callKey) : undefined;
        const registered = tool.sideEffects && !own ? this.#calls.get(anyKey) : undefined;
        const other = registered?.by === this ? undefined : registered;
        const earlier = own ?? other;
        if (earlier) {
            // The check takes turns: the same call asked meanwhile waits for what it decides, as for a call in flight. Checked
            // beside it, both found nothing of a call that got no answer and both made it again (found by a review).
            const held = this.#calls.get(anyKey);
            let decided = () => { };
            this.#calls.set(anyKey, { ...(held ?? { stepKey, outcome: earlier.outcome, calledAt: earlier.calledAt }), answered: new Promise((resolve) => (decided = resolve)) });
            let check;
            try {
                check = await this.#checkEffect(stepKey, tool, args, ctx, callKey, earlier);
            }
            finally {
                if (held)
                    this.#calls.set(anyKey, held);
                else
                    this.#calls.delete(anyKey);
                decided();
            }
            if (check?.found)
                return check.result;
            // Not there: a call that got no answer did not take effect, and is made now. A call that
            // succeeded and left nothing to find, or a tool that cannot tell: a person decides.
            if (!(check && earlier.outcome === 'unknown')) {
                const refused = new RepeatedSideEffectError({ stepKey, tool: tool.name, args, callKey, outcome: earlier.outcome, earlierStep: callerOf(earlier, other !== undefined), earlierRun: earlier.inherited === true, masked: redactedArgs !== args });
                if (!this.#refusedRepeats.has(stepKey))
                    this.#refusedRepeats.set(stepKey, refused);
                throw refused;
            }
        }
        const calledAt = new Date().toISOString();
        this.#journal.step({ type: 'tool_called', stepKey, tool: tool.name, args: tracedArgs(tool.name, args, tool.sideEffects), sideEffects: tool.sideEffects, callKey, ...(item !== undefined && { item }) });
        // The record of the call did not reach the trace (a full disk): made now, a resume would make it again.
        const unrecorded = tool.sideEffects ? this.#deps.recordProblem?.() : undefined;
        if (unrecorded !== undefined) {
            // The run stops, and the run using this plan: a replan, an agent's next turn or another item would only meet the same refusal.
            const error = new RecordLostError(tool.name, unrecorded);
            this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome: 'failed', error: error.message });
            this.#stopJob(error);
            throw error;
        }
        // Until it answers, a side effect may or may not have happened.
        // Named as in the whole job (`web/post` for a used plan's step), as a refusal elsewhere in the job names it.
        const mine = { stepKey: (0,plan_step/* stepKeyWithin */.t)(this.#deps.within, stepKey), plan: this.#plan.name, calledAt, by: this };
        let answer = () => { };
        // As reports name the call (`tool(args)`), made once: only a call with side effects is named.
        const call = tool.sideEffects ? `${tool.name}(${showArgs(args)})` : '';
        if (tool.sideEffects) {
            this.#sideEffects.set(callKey, { stepKey, outcome: 'unknown', calledAt });
            this.#calls.set(anyKey, { ...mine, outcome: 'unknown', answered: new Promise((resolve) => (answer = resolve)) });
        }
        let result;
        if (tool.sideEffects)
            this.#callsInFlight.set(callKey, { stepKey, call });
        try {
            result = await tool.execute(args, { ...ctx, idempotencyKey: callKey });
        }
        catch (error) {
            this.#callsInFlight.delete(callKey);
            // A permanent error is the tool saying no; a timeout, a cancel, a lost connection, a kill or a stop for
            // too much output says nothing about the effect.
            const unknown = (0,step_error/* leftEffectUnknown */.Bk)(tool.sideEffects, error, ctx.signal.aborted);
            if (tool.sideEffects && !unknown) {
                this.#sideEffects.delete(callKey);
                if (this.#calls.get(anyKey)?.by === this)
                    this.#calls.delete(anyKey);
            }
            else if (tool.sideEffects)
                this.#calls.set(anyKey, { ...mine, outcome: 'unknown' });
            answer();
            if (unknown)
                this.#unknownCalls.set(stepKey, call);
            this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome: unknown ? 'unknown' : 'failed', error: (0,error_text/* errorText */.k)(error) });
            // Before the step sees it: an agent's next turn, a replan or the next item would go on past it (`StepError.stopsRun`).
            if (error instanceof step_error/* StepError */.zg && error.stopsRun)
                this.#stopJob(new ToolStoppedRunError(error));
            throw error;
        }
        this.#callsInFlight.delete(callKey);
        if (tool.sideEffects) {
            this.#sideEffects.set(callKey, { stepKey, outcome: 'succeeded', calledAt, call });
            this.#calls.set(anyKey, { ...mine, outcome: 'succeeded' });
        }
        answer();
        this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome: 'succeeded' });
        // The call happened (its effect stands); a result no trace, prompt or report could hold is not kept.
        if ((0,exceeds_depth/* exceedsDepth */.R)(result, parse_json/* MAX_JSON_DEPTH */.KX))
            throw new tool_result_too_deep_error/* ToolResultTooDeepError */.Y({ toolName: tool.name });
        return result;
    }
    /**
     * Looks for the effect of an earlier side-effect call, recorded as a `check` call; undefined when
     * the tool cannot tell or the check itself failed (then nothing may be assumed).
     */
    async #checkEffect(stepKey, tool, args, ctx, callKey, earlier) {
        if (!tool.findEffect)
            return undefined;
        const { calledAt } = earlier;
        // A call of the run resumed: found, the step's line says its result was not made now.
        const madeIn = earlier.inherited ? this.#deps.resume?.from : undefined;
        this.#journal.step({ type: 'tool_called', stepKey, tool: tool.name, args, sideEffects: tool.sideEffects, callKey, kind: 'check', calledAt, ...(madeIn !== undefined && { madeIn }) });
        try {
            const check = await tool.findEffect(args, { ...ctx, idempotencyKey: callKey, since: new Date(calledAt) });
            if (check.found) {
                // Found: the call took effect, when it was made (in an earlier run, for one the run resumed).
                this.#sideEffects.set(callKey, { stepKey, outcome: 'succeeded', calledAt, ...(earlier.inherited && { inherited: true }) });
                this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome: 'succeeded' });
            }
            else {
                // Not found: a call that got no answer did not take effect (`failed`: it may be made); one that succeeded still did.
                const outcome = earlier.outcome === 'unknown' ? 'failed' : 'succeeded';
                this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome, error: `no effect of the call made at ${calledAt} was found` });
            }
            return check;
        }
        catch (error) {
            this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome: earlier.outcome, error: `could not check for its effect: ${(0,error_text/* errorText */.k)(error)}` });
            return undefined;
        }
    }
    /** Runs a plan step's plan as a nested run: its events go to this journal, its model use to this budget. */
    #startNested(step) {
        const key = step.key;
        this.#running.add(key);
        const foreignInputs = this.#deps.foreignInputs ?? this.#foreignInput(step);
        runNestedPlan(step, {
            plan: this.#plan,
            // The used plan's run shares this run's record of side-effect calls: neither makes a call the other made.
            // And the job's concurrency: its steps take slots of the same limit as this run's.
            // And the job's stop: a failure nothing may go on past stops the run using the plan too, which would replan around it.
            // And which of its inputs are given a result that lacks work: its tool steps given one are partial too.
            // And where what it is given was read from a checkout that is not the run's commit, why: no goal of it is checked.
            deps: { ...this.#deps, calls: this.#calls, slots: this.#slots, stopJob: (reason) => this.#stopJob(reason), partialInputs: this.#partialInputs.givenTo(step), ...(foreignInputs !== undefined && { foreignInputs }) },
            budget: this.budget,
            signal: this.#stop.signal,
            sources: { results: this.results, inputs: this.#deps.inputs, missing: this.missing },
            emit: (event) => this.#journal.step({ type: 'nested_event', stepKey: key, event }),
        }).then((outcome) => this.#inbox.push({ key, outcome }), (error) => this.#inbox.push({ key, outcome: { ok: false, error, usage: core_usage/* NO_USAGE */.y, durationMs: 0, attempts: 1 } }));
    }
    /** Turns a started for_each step into its children; a list that cannot be expanded fails the step at once. */
    #expand(step) {
        const startedAt = this.#deps.clock.now();
        let children;
        try {
            const sources = { results: this.results, inputs: this.#deps.inputs, missing: this.missing };
            children = (0,expand_for_each/* expandForEach */.N)(step, sources, this.#plan.limits.max_items ?? schema/* DEFAULT_LIMITS */.dR.max_items);
        }
        catch (error) {
            this.#conclude(step.key, { ok: false, error, usage: core_usage/* NO_USAGE */.y, durationMs: 0, attempts: 1 });
            return;
        }
        const reuseKey = this.reuseKeys.get(step.key);
        const part = step.forEach.fanOut ? this.#part : undefined;
        const shardPlan = this.#deps.resume?.shards.get(reuseKey);
        if (part?.part === 'shard' && shardPlan?.assignment.length !== children.length) {
            const problem = `the prepare job's state has no shard plan for step ${step.key} as it starts here (its list, inputs or definition changed since the prepare job ran); re-run all jobs of the workflow`;
            this.#conclude(step.key, { ok: false, error: new FanOutStateError(step.key, problem), usage: core_usage/* NO_USAGE */.y, durationMs: 0, attempts: 1 });
            return;
        }
        // Items an earlier run or another shard completed are taken as they are; a shard runs only its own share.
        const placed = (0,step_reuse_key/* placedReuseKey */.Fb)(this.#deps.within, reuseKey);
        const reused = this.#deps.resume?.items.get(placed);
        const taken = [];
        const toRun = [];
        const missing = [];
        let left = 0;
        children.forEach((child, index) => {
            const item = reused?.get(index);
            const same = item !== undefined && item.key === this.#tracedKey(child.key);
            // A masked item runs again as a masked step does (never in a fanned-out run).
            const again = same && item.masked === true && this.#mayRunAgain(child);
            if (again)
                this.#savedCopies.set(`${step.key}#${index}`, { result: item.result, from: this.#savedBy(`item ${item.key}`), stepKey: step.key, index, ...(this.#wasElsewhere(item.elsewhere, child) && { elsewhere: true }), ...(item.todos && { todos: item.todos }) });
            if (same && !again)
                taken.push(index);
            else if (part?.part === 'shard') {
                if (shardPlan.assignment[index] === part.shard)
                    toRun.push(index);
                else
                    left += 1;
            }
            else if (part?.part === 'merge')
                missing.push(index);
            else
                toRun.push(index);
        });
        const fanOut = part?.part === 'shard' ? { fanOut: { shard: part.shard, assignment: shardPlan.assignment } } : {};
        this.#journal.step({ type: 'step_expanded', stepKey: step.key, keys: children.map((child) => child.key), ...fanOut });
        const mapped = new MappedStep(step.key, children, step.forEach.onItemFailure, startedAt, toRun);
        mapped.left = left;
        for (const index of taken) {
            const item = reused.get(index);
            mapped.reuse(index, item.result);
            this.#learnSecretsPassedOn(step.key, item.result, index);
            // Named by its saved key, as the trace keeps it: the label may hold what was masked.
            if (item.masked && !this.#maskedItems.has(step.key))
                this.#maskedItems.set(step.key, this.#savedBy(`item ${item.key}`));
            const itemElsewhere = this.#wasElsewhere(item.elsewhere, children[index]);
            if (itemElsewhere)
                this.#elsewhereItems.add(step.key);
            if (item.todos)
                this.#journal.step({ type: 'todos_created', stepKey: step.key, index, todos: item.todos });
            const there = { usage: item.usage, ...(item.durationMs !== undefined && { durationMs: item.durationMs }) };
            this.#journal.step({ type: 'item_completed', stepKey: step.key, index, result: item.result, durationMs: 0, usage: core_usage/* NO_USAGE */.y, reused: there, ...(item.masked && { masked: true }), ...(itemElsewhere && { elsewhere: true }) });
        }
        // The merge runs no fan-out item: one its shard did not finish is that shard's failure, reported per item.
        for (const index of missing) {
            const shard = shardPlan?.assignment[index];
            const earlier = this.#deps.resume?.itemErrors.get(placed)?.get(index);
            const by = shard === undefined ? 'no shard' : `shard ${shard}`;
            const error = earlier === undefined ? `${by} left no result for this item (its job failed, was cancelled or saved no state); re-run that shard job, then this one` : `${by}: ${earlier}`;
            mapped.failed(index, error, core_usage/* NO_USAGE */.y, undefined, false);
            this.#journal.step({ type: 'item_failed', stepKey: step.key, index, error, transient: false, durationMs: 0, usage: core_usage/* NO_USAGE */.y, notRunHere: true });
            // A shard leaves its fan-out step in progress, so it never escalated over the item's call that got no answer (a
            // whole run does when the step completes): the merge, which completes the step, does.
            const unknown = this.#earlierCalls.get(itemCallsKey((0,plan_step/* stepKeyWithin */.t)(this.#deps.within, step.key), reuseKey, this.#tracedKey(children[index].key)))?.find((call) => call.outcome === 'unknown');
            if (unknown && !this.#unknownCalls.has(step.key))
                this.#unknownCalls.set(step.key, `${unknown.tool}(${showArgs(unknown.args)})`);
        }
        if (mapped.hasWaiting)
            this.#mapped.set(step.key, mapped);
        else
            this.#concludeMapped(mapped);
    }
    /** The step's reuse key (`stepReuseKey`) from what this run knows now. */
    #reuseKey(step) {
        const { tools, redact } = this.#deps;
        // A used plan that names no model runs on the run's (its client's default); a plan the job runs has the caller's written into its `model:`.
        const inheritedModel = this.#deps.inner && this.#plan.source?.model?.name === undefined ? this.#deps.model?.defaultModel : undefined;
        return (0,step_reuse_key/* stepReuseKey */.G0)(step, { plan: this.#plan, tools, inputsHash: this.#inputsHash, keys: this.reuseKeys, results: this.results, resultHashes: this.#resultHashes, ...(redact && { redact }), ...(inheritedModel !== undefined && { inheritedModel }) });
    }
    /** The prepare job: which shard runs each item of every fan-out step that can start, recorded for the shard jobs. */
    #assignShards(shards, weights) {
        for (const step of this.graph.steps) {
            if (!step.forEach?.fanOut)
                continue;
            const settled = step.dependsOn.every((dep) => {
                const state = this.#journal.stateOf(dep);
                return state === 'completed' || (step.optional?.includes(dep) === true && (state === 'failed' || state === 'skipped'));
            });
            if (!settled)
                continue;
            const reuseKey = this.#reuseKey(step);
            let keys;
            try {
                const sources = { results: this.results, inputs: this.#deps.inputs, missing: this.missing };
                keys = (0,expand_for_each/* expandForEach */.N)(step, sources, this.#plan.limits.max_items ?? schema/* DEFAULT_LIMITS */.dR.max_items).map((child) => child.key);
            }
            catch (error) {
                // Every shard would fail the same way: the prepare job fails now, at the step, as a whole run shows it (\u274c with
                // its error, what needs it skipped). Recorded as a failure alone, it left the step \u2b1c under "0 failed" (found by a hunting pass).
                const text = (0,error_text/* errorText */.k)(error);
                this.#journal.step({ type: 'step_started', stepKey: step.key, reuseKey });
                this.#journal.step({ type: 'step_failed', stepKey: step.key, error: text, transient: false, durationMs: 0, usage: core_usage/* NO_USAGE */.y });
                this.missing.set(step.key, `step ${step.key} failed: ${text}`);
                this.failures.push({ stepKey: step.key, error: text, recoverable: false });
                this.#skipDownstream(step.key, `upstream step ${step.key} failed`, false);
                continue;
            }
            // A re-run prepare job keeps the assignment its earlier attempt made for the same items: each shard resumes
            // its own earlier state only, so an item dealt to another shard (other weights-from durations) ran again there.
            const earlier = this.#deps.resume?.shards.get(reuseKey);
            const kept = earlier?.shards === shards && earlier.assignment.length === keys.length && earlier.assignment.every((shard) => shard <= shards) ? earlier.assignment : undefined;
            this.#journal.step({ type: 'shards_assigned', stepKey: step.key, reuseKey, shards, assignment: kept ?? assignShards(keys, shards, weights) });
        }
    }
    /** An item's key as a trace keeps it, and so a resumed run's items and calls: redacted (a label from a list that holds a token). */
    #tracedKey(key) {
        return this.#deps.redact ? this.#deps.redact(key) : key;
    }
    #startChild(mapped) {
        const { child, index } = mapped.take();
        const stepKey = mapped.key;
        const reuseKey = this.reuseKeys.get(stepKey);
        this.#journal.step({ type: 'item_started', stepKey, index });
        this.#running.add(child.key);
        this.#takeSlot(child.key);
        const toolRetry = child.tool === undefined ? undefined : this.#plan.source?.tools?.[child.tool]?.retry;
        const earlierCalls = this.#earlierCalls.get(itemCallsKey((0,plan_step/* stepKeyWithin */.t)(this.#deps.within, stepKey), reuseKey, this.#tracedKey(child.key)));
        const hooks = {
            onUsage: (more) => this.budget.charge(more, (priced) => this.#journal.modelUsed(priced, stepKey)),
            onRetry: (notice) => this.#journal.step({ type: 'item_retrying', stepKey, index, ...notice }),
            noMoreAttempts: mapped.haltSignal,
            // An item's tool calls and activity belong to its for_each step: one record, one side-effect ledger.
            onActivity: (activity) => {
                if (this.#journal.stateOf(stepKey) !== 'in_progress')
                    return;
                this.#noteRewrittenTodos(`${stepKey}#${index}`, activity);
                this.#journal.step({ ...activity, stepKey, index });
            },
            callTool: (tool, args, ctx) => this.#callTool(stepKey, tool, args, ctx, { key: child.key, reuseKey }, chosenAgain(child, earlierCalls)),
            ...(earlierCalls && { earlierCalls }),
        };
        const shared = () => sharedContext(this.#plan, this.#deps, this.graph, this.results, this.missing, this.incomplete);
        const item = { parent: stepKey, index };
        attemptStep(child, shared, this.#deps, this.#stop.signal, resolveRetryPolicy(child.retry, toolRetry), hooks).then((outcome) => this.#inbox.push({ key: child.key, outcome, item }), (error) => this.#inbox.push({ key: child.key, outcome: { ok: false, error, usage: core_usage/* NO_USAGE */.y, durationMs: 0, attempts: 1 }, item }));
    }
    #settle(finished) {
        this.#running.delete(finished.key);
        if (this.#holding.delete(finished.key))
            this.#slots.release();
        if (finished.item)
            this.#settleItem(finished.item.parent, finished.item.index, finished.outcome);
        else
            this.#conclude(finished.key, finished.outcome);
    }
    #settleItem(parent, index, settled) {
        const mapped = this.#mapped.get(parent);
        const outcome = this.#withSavedCopy(`${parent}#${index}`, settled);
        const { usage, durationMs } = outcome;
        const retried = outcome.attempts > 1 ? { attempts: outcome.attempts } : {};
        if (outcome.ok) {
            const kept = this.#keptResult(`${parent}#${index}`, outcome.result);
            const masked = kept.masked ?? outcome.masked;
            if (masked !== undefined && !this.#maskedItems.has(parent))
                this.#maskedItems.set(parent, masked);
            const elsewhere = kept.elsewhere === true || outcome.elsewhere === true || this.#readsElsewhere(mapped.children[index]);
            if (elsewhere)
                this.#elsewhereItems.add(parent);
            mapped.completed(index, kept.result, usage);
            this.#learnSecretsPassedOn(parent, kept.result, index);
            this.#journal.step({ type: 'item_completed', stepKey: parent, index, result: kept.result, durationMs, usage, ...retried, ...(masked !== undefined && { masked: true }), ...(elsewhere && { elsewhere: true }) });
        }
        else {
            const error = `${(0,error_text/* errorText */.k)(outcome.error)}${outcome.attempts > 1 ? ` (after ${outcome.attempts} attempts)` : ''}`;
            // Under on_item_failure: continue too, where the step completes: the replanner's calls would fail as this item's did.
            if (endpointUnusable(outcome.error))
                this.endpointUnusable = true;
            mapped.failed(index, error, usage, outcome.error instanceof run_stopped_error/* RunStoppedError */.F ? outcome.error : undefined);
            this.#journal.step({ type: 'item_failed', stepKey: parent, index, error, transient: (0,step_error/* isTransient */.dg)(outcome.error), durationMs, usage, ...retried });
        }
        if (mapped.running === 0 && (this.stopReason || !mapped.hasWaiting))
            this.#concludeMapped(mapped);
    }
    /** After a stop: for_each steps with no child running end now (their waiting children never start). */
    #concludeIdleMapped() {
        for (const mapped of [...this.#mapped.values()])
            if (mapped.running === 0)
                this.#concludeMapped(mapped);
    }
    #concludeMapped(mapped) {
        this.#mapped.delete(mapped.key);
        // The stop ends the step only where it reached an item (stopped one, or kept one from starting): a step whose
        // every item completed as it landed, the last answer kept, completes (found by an adversarial pass: it was \u274c).
        const stop = mapped.stop ?? (mapped.notStarted > 0 ? this.stopReason : undefined);
        const ended = { usage: mapped.usage, durationMs: this.#deps.clock.now() - mapped.startedAt, attempts: 1 };
        // A shard's step is not done while other shards have items of it: the merge ends it. Its share has ended here, which
        // its line says: left in progress, it showed \u23f3 at the job's end (found by a review); \u2705 over 0 done, when every
        // item of its own failed, read as work done (found by an adversarial pass). So too for a shard dealt every item
        // (a list of one on two shards): it completed the step, \u2705 over every item failed, which the shared comment kept
        // through the merge's writes (found by a hunt of fan-out): the merge, which sees them all, decides.
        const inShard = this.#part?.part === 'shard' && this.graph.byKey.get(mapped.key)?.forEach?.fanOut === true;
        if ((mapped.left > 0 || inShard) && !mapped.halted && !stop) {
            const own = mapped.children.length - mapped.left;
            const allFailed = mapped.failures.length > 0 && mapped.failures.length === own;
            const failed = allFailed ? { state: 'failed', error: `all ${own} of this shard's items failed; the merge job fails the step${mapped.left > 0 ? " if the other shards' items failed too" : ''}` } : { state: 'completed' };
            return this.#journal.step({ type: 'share_ended', stepKey: mapped.key, ...failed, durationMs: ended.durationMs, usage: ended.usage });
        }
        if (stop)
            return this.#conclude(mapped.key, { ok: false, error: stop, ...ended });
        if (mapped.halted) {
            return this.#conclude(mapped.key, { ok: false, error: new ItemFailedError({ stepKey: mapped.key, failures: mapped.failures, notRun: mapped.notStarted }), ...ended });
        }
        // Under on_item_failure: continue, a step whose every item failed kept nothing: it fails (never \u2705 with 0/n done).
        if (mapped.failures.length > 0 && mapped.failures.length === mapped.children.length) {
            return this.#conclude(mapped.key, { ok: false, error: new ItemFailedError({ stepKey: mapped.key, failures: mapped.failures, notRun: 0, policy: 'continue' }), ...ended });
        }
        const listed = mapped.failures.slice(0, 20).map((failure) => `${failure.key}: ${failure.error}`).join('; ');
        const more = mapped.failures.length > 20 ? `; and ${mapped.failures.length - 20} more` : '';
        const gaps = mapped.failures.length > 0 ? { partial: `${mapped.failures.length} of ${mapped.children.length} items failed and are null in the list (${listed}${more})` } : {};
        this.#conclude(mapped.key, { ok: true, result: mapped.results, ...ended, ...gaps }, mapped.failures);
    }
    #conclude(key, settled, failedItems = []) {
        const step = this.graph.byKey.get(key);
        const outcome = this.#withSavedCopy(key, settled);
        const { usage, durationMs } = outcome;
        const retried = outcome.attempts > 1 ? { attempts: outcome.attempts } : {};
        if (outcome.ok) {
            const kept = this.#keptResult(key, outcome.result);
            this.results.set(key, kept.result);
            // A for_each step's items were learned one by one as each completed or was reused, under this revision of the plan
            // (no replan comes while a for_each step runs): its list holds nothing more.
            if (!step.forEach)
                this.#learnSecretsPassedOn(key, kept.result);
            const failed = failedItems.length > 0 ? { failedItems } : {};
            const masked = kept.masked ?? outcome.masked ?? this.#maskedItems.get(key);
            if (masked !== undefined)
                this.masked.set(key, masked);
            const partial = this.#partialInputs.completed(step, outcome.partial, outcome.made === true);
            // A for_each step's result is its items': read elsewhere where one of them was (an item reused, or one run here).
            const elsewhere = kept.elsewhere === true || outcome.elsewhere === true || (step.forEach ? this.#elsewhereItems.has(key) : this.#readsElsewhere(step));
            this.#journal.step({ type: 'step_completed', stepKey: key, result: kept.result, durationMs, usage, ...retried, ...failed, ...(masked !== undefined && { masked: true }), ...(elsewhere && { elsewhere: true }), ...(partial && { partial: partial.why, ...(partial.made && { made: true }) }) });
            // The step went on past a call with side effects that got no answer (an agent's next turn, a
            // for_each item under on_item_failure: continue): the run does not, as after a failed step.
            const unknownCall = this.#unknownCallOf(key);
            if (unknownCall) {
                this.failures.push({ stepKey: key, error: `${unknownCall} got no answer`, recoverable: false });
                return this.#escalate(unknownCallWhy(key, unknownCall), `${unknownCall} got no answer`);
            }
            // Nor past a call it refused to repeat: the item's result (null) is not what the call gave.
            const refused = this.#refusedRepeats.get(key);
            if (refused) {
                this.failures.push({ stepKey: key, error: refused.message, recoverable: false });
                return this.#escalate(repeatedWhy(key, refused), refused.message);
            }
            this.#ready.release(key);
            if (step.review && !this.stopReason && !this.#ranAgain.has(key) && this.#deps.replanner && this.#remaining().length > 0)
                this.#needs.push({ kind: 'review', stepKey: key });
            return;
        }
        const attempts = outcome.attempts > 1 ? ` (after ${outcome.attempts} attempts)` : '';
        const error = `${(0,error_text/* errorText */.k)(outcome.error)}${attempts}`;
        const transient = (0,step_error/* isTransient */.dg)(outcome.error);
        this.#journal.step({ type: 'step_failed', stepKey: key, error, transient, durationMs, usage, ...retried });
        if (outcome.error instanceof run_stopped_error/* RunStoppedError */.F) {
            this.#stopCutShort = true;
            return;
        }
        this.missing.set(key, `step ${key} failed: ${error}`);
        if (endpointUnusable(outcome.error))
            this.endpointUnusable = true;
        const failure = { step, error, attempts: outcome.attempts, ...(transient && { transient }) };
        this.history.push(failure);
        const unknownCall = this.#unknownCallOf(key);
        if (unknownCall) {
            // No retry, no replan, no resume may call it again blindly: a person checks first.
            this.failures.push({ stepKey: key, error, recoverable: false });
            this.#skipDownstream(key, `upstream step ${key} failed`, false);
            return this.#escalate(unknownCallWhy(key, unknownCall), error);
        }
        if (outcome.error instanceof NestedPlanError && outcome.error.escalation !== undefined) {
            // The used plan escalated (a side-effect call with no answer inside it): a person checks, as for a
            // step of this plan; continuing or replanning past it could make that call again.
            this.failures.push({ stepKey: key, error, recoverable: false });
            this.#skipDownstream(key, `upstream step ${key} failed`, false);
            return this.#escalate(`step ${key} runs the plan ${outcome.error.uses}, which escalated: ${outcome.error.escalation}`, `the plan ${outcome.error.uses} escalated`);
        }
        // A resumed run reached a call an earlier run made (or may have made): the same person decides. Also
        // when the refusal is not the step's own error: a for_each item's, or an agent's that then ran out of
        // turns; replanning around it let the run succeed past a call nobody checked.
        const refused = outcome.error instanceof RepeatedSideEffectError ? outcome.error : this.#refusedRepeats.get(key);
        if (refused) {
            this.failures.push({ stepKey: key, error, recoverable: false });
            this.#skipDownstream(key, `upstream step ${key} failed`, false);
            return this.#escalate(repeatedWhy(key, refused), error);
        }
        // A step every dependent can do without degrades the run instead of failing or replanning it. Not a used plan whose
        // goals gate the run: its dependents taking it as optional is no `continue` it wrote, and the job passed a gate whose
        // verdict was "not met" (found by an adversarial hunt).
        const gating = this.#gates(step);
        const dependents = this.graph.dependentsOf(key);
        const onlyOptional = !gating && dependents.length > 0 && dependents.every((dependent) => this.graph.byKey.get(dependent).optional?.includes(key));
        const chosen = step.onFailure ?? (onlyOptional ? 'continue' : this.#deps.replanner ? 'replan' : 'fail');
        // The replanner calls the same endpoint with the same key: when the step could not reach it or was
        // refused the key, a replan only repeats that failure, retries and all, and then reports a plan it
        // could not write (found by a new-user walkthrough: 7 s of calls to a dead endpoint, then `escalated`).
        // Any call of this run that found the endpoint so (this step's, set above, or an item's): the replanner's would too.
        // A used plan's goals that decided against it are a verdict: a replan would route around the check. So would one
        // after its run failed before they were checked: a model writes no plan step, and the job passed a gate nobody checked.
        const verdict = outcome.error instanceof NestedPlanError && outcome.error.goalsUnmet;
        const policy = chosen === 'replan' && (this.endpointUnusable || verdict || gating) ? 'fail' : chosen;
        // An agent step that failed after calls with side effects took effect: its replacement, told only that it failed,
        // made them again in other words (a second release note; found by a hunt of agent mode), which no record of the
        // calls can refuse. A person checks instead, as after a call with no answer; a resume tells the agent of them.
        const made = policy === 'replan' && this.#deps.replanner && step.type === 'agent' ? this.#madeCalls(key) : [];
        if (made.length > 0) {
            this.failures.push({ stepKey: key, error, recoverable: false });
            this.#skipDownstream(key, `upstream step ${key} failed`, false);
            const shown = `${made.slice(0, 5).join(', ')}${made.length > 5 ? `, and ${made.length - 5} more` : ''}`;
            return this.#escalate(`step ${key}, an agent, failed after its calls with side effects took effect (${shown}); a replan could make them again in other words, so plan-runner does not replan: check what they did, then run again (a resume tells the agent of them)`, error);
        }
        if (policy === 'replan' && this.#deps.replanner) {
            // Its dependents stay pending: the replan replaces them.
            this.failures.push({ stepKey: key, error, recoverable: true });
            this.#needs.push({ kind: 'replan', failure });
            return;
        }
        // With no replanner, `replan` cannot be honoured: the failure stands, as with `fail`.
        if (policy !== 'continue')
            this.failures.push({ stepKey: key, error, recoverable: false });
        const why = policy === 'continue' ? `upstream step ${key} failed (on_failure: continue)` : `upstream step ${key} failed`;
        this.#skipDownstream(key, why, policy === 'continue');
    }
    /**
     * Skips what needs `key`'s result, transitively. A dependent that takes a missing step as an
     * optional input is not skipped: that input counts as settled, and the step runs without it.
     */
    #skipDownstream(key, why, continued) {
        const queue = [key];
        for (let upstream = queue.shift(); upstream !== undefined; upstream = queue.shift()) {
            for (const dependent of this.graph.dependentsOf(upstream)) {
                if (this.#journal.stateOf(dependent) !== 'pending')
                    continue;
                if (this.graph.byKey.get(dependent).optional?.includes(upstream)) {
                    this.#ready.releaseOptional(dependent);
                    continue;
                }
                this.#journal.step({ type: 'step_skipped', stepKey: dependent, reason: why });
                this.missing.set(dependent, `step ${dependent} was skipped: ${why}`);
                if (continued)
                    this.skippedFor.set(dependent, key);
                queue.push(dependent);
            }
        }
    }
    /** Handles what paused the run: a replan for the latest failure, else a review. */
    async #recover() {
        const needs = this.#needs.splice(0);
        // A failure no replan can mend (on_failure: fail, a side effect that must not repeat) already
        // fails the run: a replan would only cost a call, and replace that failed step out of the plan,
        // so every checklist would show it as replaced and say "0 failed" over "Finished: failed".
        // Nor while a step that runs a used plan whose goals gate the run has not completed: a replan replaces every step
        // not done, and a model writes no plan step, so the check would go with it (found by an adversarial hunt: a replan
        // after an earlier step failed dropped it, and the job passed). The failures stand; a review's "no" cannot be acted on.
        if (this.failures.some((failure) => !failure.recoverable) || this.graph.steps.some((step) => this.#journal.stateOf(step.key) !== 'completed' && this.#holdsGate(step))) {
            // The replans asked for will not come: those failures stand, and what needs their results is
            // skipped for them now, as under `fail` (left pending, the run's end took them for an executor bug).
            for (const need of needs)
                if (need.kind === 'replan')
                    this.#skipDownstream(need.failure.step.key, `upstream step ${need.failure.step.key} failed`, false);
            this.failures = this.failures.map((failure) => (failure.recoverable ? { ...failure, recoverable: false } : failure));
            return;
        }
        const replan = needs.findLast((need) => need.kind === 'replan');
        if (replan)
            return this.#replan({ failure: replan.failure });
        const review = needs.find((need) => need.kind === 'review');
        const remaining = this.#remaining();
        if (!review || remaining.length === 0)
            return;
        let verdict;
        try {
            verdict = await this.#deps.replanner.review({ ...(this.#plan.goal !== undefined && { goal: this.#plan.goal }), completed: this.#completed(), reviewedStepKey: review.stepKey, remaining }, this.#stop.signal);
        }
        catch {
            // A review is advisory: when it cannot be had, the plan goes on as it is.
            return;
        }
        if (this.stopReason || verdict.fits)
            return;
        return this.#replan({ review: { stepKey: review.stepKey, reason: verdict.reason } });
    }
    async #replan(trigger) {
        const max = this.#plan.limits.max_replans ?? schema/* DEFAULT_LIMITS */.dR.max_replans;
        // After a review, what the run could not get past is the review's reason, not an earlier failure it recovered from.
        const lastError = trigger.failure ? trigger.failure.error : trigger.review.reason;
        const what = trigger.failure ? `step ${trigger.failure.step.key} failed` : `the review after step ${trigger.review.stepKey} found the plan no longer fits`;
        if (this.#replans >= max) {
            const used = max === 0 ? 'replanning is off (limits.max_replans: 0)' : `the ${max} replan${max === 1 ? '' : 's'} allowed (limits.max_replans) are used up`;
            return this.#escalate(`${what} and ${used}`, lastError);
        }
        // No replacement could start: asked, the model spent a call on steps it was told to keep to none.
        if (this.budget.stepsLeft <= 0) {
            return this.#escalate(`${what} and no step can replace it: the run has started the ${this.budget.stepsStarted} steps limits.max_steps allows (raise it to leave room for a replan)`, lastError);
        }
        let result;
        try {
            result = await this.#deps.replanner.replan({
                ...(this.#plan.goal !== undefined && { goal: this.#plan.goal }),
                completed: this.#completed(),
                ...(trigger.failure && { failure: trigger.failure }),
                ...(trigger.review && { review: trigger.review }),
                failures: [...this.history],
                // A used plan's run has the outer run's resume state: those are the outer plan's.
                ...(!this.#deps.inner && this.#deps.resume?.earlier && { earlier: this.#deps.resume.earlier }),
                remaining: this.#remaining(),
                usedKeys: this.#usedKeys(),
                stepsCounted: this.budget.stepsStarted,
                revision: this.graph.revision + 1,
            }, this.#stop.signal);
        }
        catch (error) {
            result = { ok: false, problem: (0,error_text/* errorText */.k)(error) };
        }
        if (this.stopReason)
            return;
        const completed = this.#completed().map((done) => done.step);
        const problem = result.ok
            ? (replacementProblem(completed, this.#usedKeys(), result.steps) ?? this.#repeatedSideEffect(result.steps))
            : result.problem;
        if (!result.ok || problem)
            return this.#escalate(`${what} and the replanner could not write a valid plan for what is left (${problem})`, lastError);
        // A step it replaces (every step not completed: the one that failed too) that asks for a person on its own
        // (`approval: true`, or its used plan asks): a model's step cannot ask (the field is for people), so every step
        // the replacement adds asks in its place. Else the model replaced the step that waited (or the approved step that
        // then failed) with one that called the same tool otherwise, and it ran with nobody asked (found by an
        // adversarial hunt). The plan's policy (`side-effects`, `plan`) asks for new steps as for any.
        const asking = this.graph.steps.find((step) => this.#journal.stateOf(step.key) !== 'completed' && this.gate.asksOfItself(step));
        const steps = asking ? result.steps.map((step) => (step.approval ? step : { ...step, approval: true })) : result.steps;
        const reason = revisionReason(trigger, result.why);
        this.#revise(steps, asking ? `${reason} (its steps ask for approval, as step ${asking.key} they replace did)` : reason);
    }
    #revise(steps, reason) {
        const revision = this.graph.revision + 1;
        for (const step of this.graph.steps) {
            const state = this.#journal.stateOf(step.key);
            if (state === 'pending' || state === 'waiting') {
                this.#journal.step({ type: 'step_skipped', stepKey: step.key, reason: `replaced by plan revision ${revision}` });
            }
        }
        const change = this.graph.replaceRemaining(steps, new Set(this.#completed().map((done) => done.step.key)));
        this.#replans += 1;
        this.failures = this.failures.filter((failure) => !failure.recoverable);
        this.#journal.planRevised(this.graph.snapshot(this.header), change.replaced, change.added, reason);
        this.#ready.rebuild();
    }
    /** A new step that would repeat a side-effect call that ran (or may have), with the same literal arguments: this plan's, or one a used plan made. */
    #repeatedSideEffect(steps) {
        for (const step of steps) {
            const tool = step.tool === undefined ? undefined : this.#deps.tools.get(step.tool);
            if (!tool?.sideEffects || !step.args)
                continue;
            const args = this.#deps.redact ? (0,core_redact/* redactDeep */.KL)(step.args, this.#deps.redact) : step.args;
            const own = this.#sideEffects.get((0,step_reuse_key/* toolCallKey */.q$)(this.#plan.name, tool.name, args));
            const registered = own ? undefined : this.#calls.get((0,step_reuse_key/* anyPlanCallKey */.rT)(tool.name, args));
            const other = registered?.by === this ? undefined : registered;
            const earlier = own ?? other;
            if (earlier) {
                const what = earlier.outcome === 'succeeded' ? 'already succeeded' : 'may already have taken effect (it got no answer)';
                return `step ${step.key} repeats ${tool.name}(${showArgs(step.args)}), a call with side effects that ${what} in step ${callerOf(earlier, other !== undefined)}`;
            }
        }
        return undefined;
    }
    /** A call with side effects of step `key` (or of its items) whose outcome is unknown: it got no answer, or it is still waiting for one. */
    #unknownCallOf(key) {
        const unknown = this.#unknownCalls.get(key);
        if (unknown)
            return unknown;
        for (const inFlight of this.#callsInFlight.values())
            if (inFlight.stepKey === key)
                return inFlight.call;
        return undefined;
    }
    /** The calls with side effects `key` made in this run that took effect, as `tool(args)`. */
    #madeCalls(key) {
        const made = [];
        for (const call of this.#sideEffects.values())
            if (call.stepKey === key && call.outcome === 'succeeded' && !call.inherited && call.call !== undefined)
                made.push(call.call);
        return made;
    }
    #escalate(why, lastError) {
        this.stop(new RunEscalatedError({ why, lastError, tried: triedSoFar(this.history, this.#replans, this.graph.revision) }));
    }
    /**
     * Every step id used so far: this run's, and those of steps the runs it resumes replaced (they are not in its plan).
     * A new step takes none: a goal's `of:` names it, and a failure it replaced is kept by it. A re-run's replan gave a
     * step the id of the tests an earlier attempt replaced, and the goal `of:` them judged the model's step.
     */
    #usedKeys() {
        const keys = new Set(this.#journal.record.steps.keys());
        // `<step>/<inner step>` names work inside a plan step, whose own key is the first part.
        for (const key of this.#deps.resume?.leftUndone.keys() ?? [])
            if (!key.includes('/'))
                keys.add(key);
        return keys;
    }
    /**
     * Before a result is written anywhere: the secrets in it that a `type: plan` step passes its plan under a secret name
     * (`with: { deploy_token: "${steps.mint.result}" }`). Learned as that step started, the result was in the trace and the log already.
     */
    #learnSecretsPassedOn(stepKey, result, index) {
        if (!this.#deps.redact?.learn)
            return;
        // Found once for each revision of the plan (a replan changes its steps), not over every step at every result.
        if (this.#passedOn?.revision !== this.graph.revision)
            this.#passedOn = { revision: this.graph.revision, bySource: passedOnBySource(this.graph.steps) };
        if (this.#passedOn.bySource.size === 0)
            return;
        this.#deps.redact.learn(secretsPassedOn(this.#passedOn.bySource, stepKey, result, index));
    }
    #completed() {
        return this.graph.steps.filter((step) => this.#journal.stateOf(step.key) === 'completed').map((step) => ({ step, result: this.results.get(step.key) }));
    }
    /** Steps not yet done and not failed: what a replacement takes the place of. */
    #remaining() {
        return this.graph.steps.filter((step) => {
            const state = this.#journal.stateOf(step.key);
            return state === 'pending' || state === 'waiting' || state === 'skipped';
        });
    }
    /**
     * At the run's end: steps waiting for approval in a run that failed (which asks for none) are skipped;
     * otherwise a step left pending is a graph bug (a dependency that never settles), skipped and failed.
     */
    #skipLeftovers() {
        if (this.waiting.length > 0) {
            // Steps downstream of a waiting step stay pending: an approving run runs them. Not in a run that
            // failed, which asks for no approval: they were left \u23f8\ufe0f and \u2b1c at its end.
            if (this.failures.length === 0)
                return;
            this.#skipPending('not run: it waits for approval, which a run that failed does not ask for');
            return;
        }
        const stuck = this.graph.steps.filter((step) => this.#journal.stateOf(step.key) === 'pending' && (this.#scope?.has(step.key) ?? true));
        if (stuck.length === 0)
            return;
        this.#skipPending('not run: its dependencies never completed');
        this.failures.push({ stepKey: stuck[0].key, error: 'never became ready (executor bug)', recoverable: false });
    }
    /**
     * The stop's reason for each step not run, cut to `MAX_SKIP_REASON_CHARS`: the run's end keeps it whole, and an
     * escalation's lists every failure it tried, so whole it was written once per step into the trace (a 251 KB reason,
     * 40 steps, a 10 MB trace; found by an adversarial pass).
     */
    #skipPendingOnce(reason) {
        if (this.#skippedForStop)
            return;
        this.#skippedForStop = true;
        this.#takeStandingResults();
        if (this.#skipPending((0,cut_text/* cutText */.IN)(reason, MAX_SKIP_REASON_CHARS)) > 0)
            this.#stopCutShort = true;
    }
    /**
     * At a stop, the ready steps whose earlier result stands take it (they run nothing), and so on down the graph:
     * a resumed run cancelled before its first pass showed every step the run it resumed had done \u23ed\ufe0f cancelled,
     * `0/4 complete`, though their results (side effects included) stood (found by an adversarial pass).
     */
    #takeStandingResults() {
        const notNow = [];
        for (let key = this.#ready.next(); key !== undefined; key = this.#ready.next()) {
            if (this.#scope && !this.#scope.has(key))
                continue;
            const step = this.graph.byKey.get(key);
            const reuseKey = this.#reuseKey(step);
            if (this.#reusedAsIs(step, reuseKey))
                this.#start(key, reuseKey);
            else
                notNow.push(key);
        }
        for (const key of notNow)
            this.#ready.putBack(key);
    }
    /** Skips every pending or waiting step of this part of the run; how many. */
    #skipPending(reason) {
        let skipped = 0;
        for (const step of this.graph.steps) {
            const state = this.#journal.stateOf(step.key);
            // Steps another part of a fanned-out run starts are not this part's to skip.
            if ((state === 'pending' || state === 'waiting') && (this.#scope?.has(step.key) ?? true)) {
                this.#journal.step({ type: 'step_skipped', stepKey: step.key, reason });
                skipped += 1;
            }
        }
        return skipped;
    }
}
/** The step that made an earlier call, in words; `otherPlan`: another plan of the job made it (a used plan, the plan using this one). */
function callerOf(call, otherPlan) {
    if (!otherPlan)
        return call.stepKey;
    return call.plan === undefined ? `${call.stepKey} of another plan` : `${call.stepKey} of the plan '${call.plan}'`;
}
/**
 * The calls a step made in the run resumed, where its one call's arguments are a model's choice (a `tool_call` without
 * `args`): asked again, the model may choose other words for the same call. An agent is told of them instead.
 */
function chosenAgain(step, calls) {
    return step.type === 'tool_call' && step.args === undefined ? calls : undefined;
}
/**
 * Where a `for_each` item's earlier calls are kept, which no step key can be: its step's key in the whole job (two uses of
 * one plan with the same `with:` run items of equal reuse keys and keys: each was told the other's calls as its own, found
 * by a hunt of used plans), its step's reuse key (an item of a step whose list or task changed is told nothing) and its own key.
 */
function itemCallsKey(stepKey, reuseKey, item) {
    return `${stepKey}\u0000${reuseKey}\u0000${item}`;
}
/** Why a run escalates when step `key` would have made `refused` again. */
function repeatedWhy(key, refused) {
    const run = refused.earlierRun ? 'an earlier run' : 'this run';
    const earlier = refused.outcome === 'unknown' ? `got no answer in ${run}; it may have taken effect` : `already took effect in ${run}`;
    const again = refused.otherWords ? 'again, in other words its model chose,' : 'again,';
    // "Check whether it did" of a call that succeeded asked the reader to doubt what the run knows.
    const then = refused.outcome === 'unknown' ? ': check whether it did' : ' again';
    return `step ${key} would call ${refused.call} ${again} a tool with side effects that ${earlier}, so plan-runner will not call it${then}`;
}

;// CONCATENATED MODULE: ./lib/run/run-cancelled-error.js

/** The run's signal was aborted (SIGINT/SIGTERM, or a caller gave up). */
class RunCancelledError extends run_stopped_error/* RunStoppedError */.F {
    /** What the signal was aborted with, when it said (e.g. `SIGTERM`). */
    signalReason;
    constructor(signalReason) {
        const said = typeof signalReason === 'string' ? signalReason : undefined;
        super(said ? `cancelled (${said})` : 'cancelled', 'cancelled', { cause: signalReason });
        if (said)
            this.signalReason = said;
    }
}

;// CONCATENATED MODULE: ./lib/run/run-deadline.js
/** Calls `onExpire` after `minutes` on the run's clock; returns a function that disarms it. */
function startRunDeadline(clock, minutes, onExpire) {
    if (!Number.isFinite(minutes))
        return () => { };
    const disarm = new AbortController();
    clock.sleep(minutes * 60_000, disarm.signal).then(onExpire, () => { });
    return () => disarm.abort();
}

// EXTERNAL MODULE: ./lib/core/run-event.js
var run_event = __webpack_require__(8463);
;// CONCATENATED MODULE: ./lib/run/broadcast.js
/**
 * Sends an event to every listener. Renderers never drive the run, so one that throws is reported
 * to `onError` and the others still hear the event. `record`: the sender's, the event folded in.
 */
function broadcast(listeners, event, onError, record) {
    for (const listener of listeners) {
        try {
            listener(event, record);
        }
        catch (error) {
            try {
                onError?.(error, event);
            }
            catch {
                // The error handler is a renderer too; it cannot stop the run either.
            }
        }
    }
}

;// CONCATENATED MODULE: ./lib/run/illegal-transition-error.js
/** A bug in the executor: it tried to move a step between states that do not connect. */
class IllegalTransitionError extends Error {
    stepKey;
    from;
    to;
    constructor(stepKey, from, to) {
        super(`step ${stepKey} cannot move from ${from} to ${to}`);
        this.name = 'IllegalTransitionError';
        this.stepKey = stepKey;
        this.from = from;
        this.to = to;
    }
}

// EXTERNAL MODULE: ./lib/core/run-record.js
var run_record = __webpack_require__(90422);
;// CONCATENATED MODULE: ./lib/run/step-transitions.js
/** The moves a step may make. Retries stay `in_progress`; a replan replaces steps rather than moving them back. */
const ALLOWED = {
    pending: ['in_progress', 'waiting', 'skipped'],
    // A waiting step does not start in this run: an approving run starts it afresh.
    waiting: ['skipped'],
    in_progress: ['completed', 'failed'],
    completed: [],
    failed: [],
    skipped: [],
};
/** True when a step in state `from` may move to `to`. */
function canMove(from, to) {
    return ALLOWED[from].includes(to);
}

;// CONCATENATED MODULE: ./lib/run/run-journal.js






const TARGET_STATE = {
    step_started: 'in_progress',
    step_completed: 'completed',
    step_failed: 'failed',
    step_skipped: 'skipped',
    step_waiting: 'waiting',
};
/**
 * The one place a run changes: every change is an event, stamped with the run's clock, folded into
 * the run's own record (so step states live in exactly one place) and sent to every listener.
 */
class RunJournal {
    record = (0,run_record/* newRunRecord */.pB)();
    #listeners;
    #clock;
    #startedAt;
    #onListenerError;
    #finished = false;
    #goalsChecked = false;
    /** `startedAt`: the clock's reading when the job began (before a model wrote the plan), else now. */
    constructor(listeners, clock, onListenerError, startedAt = clock.now()) {
        this.#listeners = listeners;
        this.#clock = clock;
        this.#startedAt = startedAt;
        this.#onListenerError = onListenerError;
    }
    /** Milliseconds since the run (or the job it is part of) started. */
    elapsed() {
        return this.#clock.now() - this.#startedAt;
    }
    stateOf(key) {
        return this.record.steps.get(key)?.state;
    }
    get finished() {
        return this.#finished;
    }
    /** `origin.carries`: how many `result_carried` and inherited `tool_called` lines follow it (see `RunEvent`). */
    planCreated(plan, planHash, carried, origin) {
        const { fileSteps, plannedFor, carries, earlier } = origin ?? {};
        this.#emit({
            type: 'plan_created',
            plan,
            format: run_event/* TRACE_FORMAT */._W,
            marksElsewhere: true,
            placedReuseKeys: true,
            ...(planHash !== undefined && { planHash }),
            ...(carried && carried.size > 0 && { carried: Object.fromEntries(carried) }),
            ...(earlier && { earlier }),
            ...(fileSteps !== undefined && { fileSteps }),
            ...(plannedFor !== undefined && { plannedFor }),
            ...(carries !== undefined && carries > 0 && { carries }),
        });
    }
    /** A new revision of the plan: what was replaced by what, and why. */
    planRevised(plan, replaced, added, reason) {
        this.#emit({ type: 'plan_revised', plan, replaced, added, reason });
    }
    /**
     * Moves a step to the state its event names; throws `IllegalTransitionError` on a move the state machine forbids.
     * Ignored once the run has finished: a step an executor bug abandoned may still settle (see `PlanRun.abandon`).
     */
    step(event) {
        if (this.#finished)
            return;
        const to = event.type === 'share_ended' ? event.state : TARGET_STATE[event.type];
        if (to) {
            const from = this.stateOf(event.stepKey);
            if (from === undefined || !canMove(from, to))
                throw new IllegalTransitionError(event.stepKey, from ?? 'unknown', to);
        }
        this.#emit(event);
    }
    /**
     * The last event of every run; later calls are ignored. `durationMs`: how long the run took, when it did not
     * start with the job (a used plan's run); by default the time since the job started. `stopsRun`: its reason is a
     * failure nothing may go on past (see the event's field). `escalation`: an escalated run's, for a post step to tell.
     */
    runFinished(status, usage, reason, resultStepKey, durationMs = this.elapsed(), stopsRun = false, escalation) {
        if (this.#finished)
            return;
        this.#finished = true;
        this.#emit({
            type: 'run_finished',
            status,
            durationMs,
            usage,
            ...(reason === undefined ? {} : { reason }),
            ...(resultStepKey === undefined ? {} : { resultStepKey }),
            ...(stopsRun && { stopsRun: true }),
            ...(escalation && { escalation }),
        });
    }
    /** The run paused for approval: what is asked, recorded before `run_finished`. */
    approvalRequested(request) {
        this.#emit({ type: 'approval_requested', request });
    }
    /** The approval this run goes on with (after `plan_created`), with what it covers (`request`). */
    approvalDecided(decision, hash, by, request) {
        this.#emit({ type: 'approval_decided', decision, hash, ...(by === undefined ? {} : { by }), ...(request && { request }) });
    }
    /**
     * Model use as it is charged: to step `stepKey`, or to no step. Until the goals are checked, whose event
     * gives the total; later calls are ignored.
     */
    modelUsed(usage, stepKey) {
        if (this.#goalsChecked)
            return;
        // Its counts alone, as a step's usage has them: a priced call's usage also names its model and price.
        this.#emit({ type: 'model_used', usage: (0,core_usage/* addUsage */.v)(core_usage/* NO_USAGE */.y, usage), ...(stepKey !== undefined && { stepKey }) });
    }
    /** The goals' verdicts and the status they give the run; after `run_finished`, once. */
    goalsChecked(goals, status, usage, reason) {
        this.#goalsChecked = true;
        this.#emit({ type: 'goals_checked', goals, status, ...(usage && { usage }), ...(reason !== undefined && { reason }) });
    }
    #emit(partial) {
        const event = { ...partial, at: this.elapsed() };
        (0,run_record/* applyEvent */.Z8)(this.record, event);
        // The record goes with the event: a view reads the run's state there instead of folding its own copy.
        broadcast(this.#listeners, event, this.#onListenerError, this.record);
    }
}

;// CONCATENATED MODULE: ./lib/run/run-timeout-error.js

/** The run went past `limits.timeout_minutes`. */
class RunTimeoutError extends run_stopped_error/* RunStoppedError */.F {
    timeoutMinutes;
    constructor(timeoutMinutes) {
        super(`run timed out after ${timeoutMinutes} min`, 'failed');
        this.timeoutMinutes = timeoutMinutes;
    }
}

;// CONCATENATED MODULE: ./lib/run/run-verdict.js
/**
 * The run's status and reason: a stop (cancel, timeout) wins, then the first failed step, then
 * steps waiting for approval (`awaiting-approval`: nothing failed), then a step whose used plan's goals gate the run
 * and were not checked, then a final step that did not complete (`on_failure: continue` can leave a run with no result).
 */
function runVerdict(stop, failures, missing, waiting = [], gate) {
    if (stop)
        return { status: stop.status, reason: stop.message };
    const [first] = failures;
    if (first) {
        const more = failures.length > 1 ? ` (and ${failures.length - 1} more failed)` : '';
        return { status: 'failed', reason: `step ${first.stepKey} failed: ${first.error}${more}` };
    }
    if (waiting.length > 0) {
        const steps = `step${waiting.length === 1 ? '' : 's'} ${waiting.join(', ')}`;
        return { status: 'awaiting-approval', reason: `${steps} ${waiting.length === 1 ? 'waits' : 'wait'} for approval; steps that did not need it have run` };
    }
    // A gate that could not be evaluated is a failed gate.
    if (gate)
        return { status: 'failed', reason: uncheckedGateReason(gate) };
    if (missing)
        return { status: 'failed', reason: missingResultReason(missing) };
    return { status: 'succeeded' };
}
function uncheckedGateReason(gate) {
    const what = gate.skippedFor !== undefined
        ? `it was skipped because step ${gate.skippedFor} failed (on_failure: continue)`
        : gate.state === 'skipped'
            ? `it was skipped (${gate.skipReason ?? 'no reason given'})`
            : gate.state === 'failed'
                ? 'it failed'
                : 'it did not complete';
    return `the goals of the plan ${gate.uses}, which gate this run, were not checked: step ${gate.stepKey} runs it, and ${what}`;
}
function missingResultReason(missing) {
    const final = `the final step ${missing.stepKey}`;
    if (missing.state === 'failed')
        return `${final} failed (on_failure: continue), so the run has no result: ${missing.error ?? 'unknown error'}`;
    if (missing.skippedFor !== undefined)
        return `${final} did not run: it was skipped because step ${missing.skippedFor} failed (on_failure: continue)`;
    if (missing.state === 'skipped')
        return `${final} did not run: it was skipped (${missing.skipReason ?? 'no reason given'})`;
    return `${final} did not complete, so the run has no result`;
}

;// CONCATENATED MODULE: ./lib/run/run-plan.js















/**
 * Runs a validated plan's steps as a dependency graph and reports how it ended. It never throws:
 * every run, however it ends (failed step, escalation, budget, cancel, timeout, a throwing
 * listener), ends with `run_finished`.
 */
async function runPlan(plan, deps) {
    const journal = (!deps.inner && deps.journal) || new RunJournal(deps.listeners, deps.clock, deps.onListenerError, deps.startedAt);
    const runStartedAt = deps.clock.now();
    let run;
    let internal;
    // A used plan's run stops for its outer run's reason when that is a limit (a budget, a timeout): told by the
    // outer run's signal before its own budget listener, it said "cancelled" (found by an adversarial pass).
    const cancel = () => run?.stop(deps.inner ? (limitOf(deps.signal?.reason) ?? new RunCancelledError(deps.signal?.reason)) : new RunCancelledError(deps.signal?.reason));
    let disarm = () => { };
    try {
        run = new PlanRun(plan, deps, journal);
        // A resumed run's plan runs its steps again; the replaced failures of the run it resumes it cannot, and keeps.
        const carried = deps.resume && new Map([...deps.resume.leftUndone].filter(([key]) => !run.graph.byKey.has(key)));
        // A used plan's run (a `type: plan` step) has the same resume state: the outer run's trace holds it once.
        const carrying = deps.inner ? [] : run.carriedEvents();
        journal.planCreated(run.graph.snapshot(run.header), (0,stable_hash/* planHash */.SH)(plan.steps, plan.source), carried, deps.inner ? undefined : { ...(deps.fileSteps !== undefined && { fileSteps: deps.fileSteps }), ...(deps.plannedFor !== undefined && { plannedFor: deps.plannedFor }), ...(deps.resume?.earlier && { earlier: deps.resume.earlier }), carries: carrying.filter(carried_line/* isCarriedLine */.h).length });
        // What the job spent before the run (the calls that wrote the plan), unless the journal has it already, then
        // what no step charges, as it is spent: the trace has the cost of a run killed before its end. A used plan's run
        // shares the outer budget.
        if (!deps.inner) {
            const before = run.budget.usage;
            if (spentAny(before) && journal.record.spentOutsideSteps === undefined)
                journal.modelUsed(before);
            run.budget.onSpentOutsideSteps((usage) => journal.modelUsed(usage));
        }
        // A used plan's run goes on with the approval of its step in the outer run, which the outer trace records.
        if (deps.approval && !deps.inner)
            journal.approvalDecided('approved', deps.approval.hash, deps.approval.by, deps.approval.request);
        run.recordCarried(carrying);
        if (deps.signal?.aborted)
            cancel();
        else
            deps.signal?.addEventListener('abort', cancel, { once: true });
        const minutes = plan.limits.timeout_minutes;
        disarm = startRunDeadline(deps.clock, minutes, () => run?.stop(new RunTimeoutError(minutes)));
        await run.drive();
    }
    catch (error) {
        // A bug in the executor itself: still stop what runs and record the end.
        internal = error;
        run?.stop(new RunCancelledError('internal error'));
        try {
            run?.abandon(internalReason(error));
        }
        catch {
            // The record itself may be what broke: the run still ends with run_finished.
        }
    }
    finally {
        disarm();
        deps.signal?.removeEventListener('abort', cancel);
    }
    return finish(journal, run, internal, plan, deps, runStartedAt);
}
/**
 * The model use a run's steps reported, each as it ended: a used plan's run's own, which is its step's in the
 * outer run. (Its budget is the outer run's, whose total holds the whole job's calls so far.)
 */
function stepsUsageOf(record) {
    let usage = core_usage/* NO_USAGE */.y;
    for (const step of record.steps.values())
        usage = (0,core_usage/* addUsage */.v)(usage, step.usage);
    return usage;
}
function finish(journal, run, internal, plan, deps, runStartedAt) {
    const lastKey = run?.graph.lastKey();
    const resultStepKey = lastKey !== undefined && run?.results.has(lastKey) ? lastKey : undefined;
    // A used plan's run whose every step ended on its own as a stop landed (the last answer kept) did its work: the
    // stop is its outer run's verdict, not its own (found by an adversarial pass: its step was \u274c beside every step \u2705).
    const stopCounts = !deps.inner || run?.stopCutShort === true || (run?.failures.length ?? 0) > 0;
    const verdict = internal
        ? { status: 'failed', reason: internalReason(internal) }
        : runVerdict(stopCounts ? run?.stopReason : undefined, run?.failures ?? [], lastKey === undefined || resultStepKey !== undefined || run?.partial ? undefined : missingResult(journal, run, lastKey), run?.waiting, run?.uncheckedGate());
    const usage = run?.usage ?? core_usage/* NO_USAGE */.y;
    const stop = run?.stopReason;
    if (verdict.status === 'awaiting-approval' && run)
        journal.approvalRequested(requestOf(run, journal, plan, deps));
    // A used plan's run shares the outer run's budget and clock start: its end gives its own use and time, not
    // the whole job's so far (found by an adversarial pass: the trace said a run of one call made the job's three).
    // A stop nothing may go on past is said so in the trace: a fan-out's merge job building on this state stops for it too.
    const stopsRun = !internal && stopCounts && stop instanceof ToolStoppedRunError;
    // Its escalation is in the trace too: a post step that finishes a killed run tells it as this step would have.
    const escalation = stop instanceof RunEscalatedError ? escalationOf(stop, plan.source?.escalate) : undefined;
    if (deps.inner)
        journal.runFinished(verdict.status, stepsUsageOf(journal.record), verdict.reason, resultStepKey, deps.clock.now() - runStartedAt, stopsRun, escalation);
    else
        journal.runFinished(verdict.status, usage, verdict.reason, resultStepKey, undefined, stopsRun, escalation);
    return {
        ...verdict,
        results: run?.results ?? new Map(),
        record: journal.record,
        usage,
        replans: run?.replans ?? 0,
        reused: run?.reused.size ?? 0,
        masked: run?.masked ?? new Map(),
        incomplete: run?.incomplete ?? new Map(),
        ...(run?.endpointUnusable && { endpointUnusable: true }),
        recordGoals: (goals, status, usage, reason) => journal.goalsChecked(goals, status, usage, reason),
        ...(escalation && { escalation }),
        ...(resultStepKey === undefined ? {} : { resultStepKey, finalResult: run?.results.get(resultStepKey) }),
    };
}
/** What a paused run asks: every step not yet run that needs approval, with its arguments where known. */
function requestOf(run, journal, plan, deps) {
    const sources = { results: run.results, inputs: deps.inputs, missing: run.missing };
    const pending = run.graph.steps.flatMap((step) => {
        const state = journal.stateOf(step.key);
        const reason = state === 'waiting' || state === 'pending' ? run.gate.needs(step) : undefined;
        return reason === undefined ? [] : [(0,approval_request/* pendingApprovalStep */.$3)(step, sources, { ...(deps.redact && { redact: deps.redact }), maxItems: plan.limits.max_items ?? schema/* DEFAULT_LIMITS */.dR.max_items, reason })];
    });
    const request = (0,approval_request/* approvalRequest */.Dw)(run.graph.snapshot(run.header), (0,approval_request/* planFileHash */.M5)(plan), pending, deps.inputs, deps.redact);
    return deps.askedAt ? { ...request, at: deps.askedAt } : request;
}
/** What became of the final step, when it did not complete: a run without a result did not succeed. */
function missingResult(journal, run, stepKey) {
    const record = journal.record.steps.get(stepKey);
    const skippedFor = run?.skippedFor.get(stepKey);
    return {
        stepKey,
        state: record?.state,
        ...(record?.error !== undefined && { error: record.error }),
        ...(record?.skipReason !== undefined && { skipReason: record.skipReason }),
        ...(skippedFor !== undefined && { skippedFor }),
    };
}
function internalReason(error) {
    return `internal error in the executor: ${String(error?.message ?? error)}`;
}
/** Usage that says a call was made or a request abandoned. */
function spentAny(usage) {
    return usage.modelCalls > 0 || usage.promptTokens > 0 || usage.completionTokens > 0 || (usage.abandonedRequests ?? 0) > 0 || (usage.unansweredCalls ?? 0) > 0;
}
/** An outer run's reason to stop that is one of its limits (a budget, a timeout, a full heap), not a cancel or an escalation elsewhere. */
function limitOf(reason) {
    return reason instanceof run_stopped_error/* RunStoppedError */.F && !(reason instanceof RunCancelledError) && !(reason instanceof RunEscalatedError) ? reason : undefined;
}

// EXTERNAL MODULE: ./lib/job/job-secrets.js
var job_secrets = __webpack_require__(71396);
// EXTERNAL MODULE: ./lib/steps/run-step.js + 3 modules
var run_step = __webpack_require__(6420);
// EXTERNAL MODULE: ./lib/run/read-resume-trace.js + 2 modules
var read_resume_trace = __webpack_require__(62935);
// EXTERNAL MODULE: ./lib/run/resume-state.js + 2 modules
var resume_state = __webpack_require__(52439);
;// CONCATENATED MODULE: ./lib/run/place-carried-results.js


/**
 * `state` with each result a trace written before `placedReuseKey` carried under a bare reuse key (`unplacedCarried`)
 * in its place, where a used plan's run looks for it: the plan step chain whose used plan has a step of the result's
 * step key, when exactly one place in `plan` (its used plans at any depth, and the plan steps of the plans the
 * trace's run had) has one. Left unplaced, a resume spanning the upgrade ran those steps again, and a side effect
 * one made was refused as a repeat: the run escalated where it had succeeded (found by a review). Two places of one
 * key (one plan used twice) take neither: each may be the one that never completed it.
 */
function placeCarriedResults(state, plan) {
    const unplaced = state.unplacedCarried;
    if (unplaced === undefined)
        return state;
    const runPlans = [plan.steps, state.firstPlan.steps, state.plan.steps];
    const places = new Map();
    for (const steps of runPlans)
        addPlaces(steps, plan.subplans, undefined, places);
    const onlyPlace = (stepKey) => {
        const found = places.get(stepKey);
        return found?.size === 1 ? [...found][0] : undefined;
    };
    const reuse = new Map(state.reuse);
    const items = new Map(state.items);
    // A step key no plan of the run has at the top names a used plan's step only: its bare entry is moved, not copied.
    const top = new Set(runPlans.flatMap((steps) => steps.map((step) => step.key)));
    const place = (map, key, stepKey) => {
        if (stepKey === undefined)
            return;
        const entry = map.get(key);
        const found = onlyPlace(stepKey);
        if (found === undefined || entry === undefined)
            return;
        // What the run itself completed there stays: it is newer than what it carried.
        if (!map.has((0,step_reuse_key/* placedReuseKey */.Fb)(found, key)))
            map.set((0,step_reuse_key/* placedReuseKey */.Fb)(found, key), entry);
        if (!top.has(stepKey))
            map.delete(key);
    };
    for (const key of unplaced) {
        place(reuse, key, state.reuse.get(key)?.stepKey);
        place(items, key, state.items.get(key)?.values().next().value?.stepKey);
    }
    return { ...state, reuse, items };
}
/** Each used plan's step keys, with the places (`stepKeyWithin` of the plan steps using it) where they run. */
function addPlaces(steps, subplans, within, places) {
    for (const step of steps) {
        const used = step.type === 'plan' && step.uses !== undefined ? subplans?.get(step.uses) : undefined;
        if (used === undefined)
            continue;
        const place = (0,plan_step/* stepKeyWithin */.t)(within, step.key);
        for (const inner of used.steps) {
            let found = places.get(inner.key);
            if (!found)
                places.set(inner.key, (found = new Set()));
            found.add(place);
        }
        addPlaces(used.steps, used.subplans, place, places);
    }
}

// EXTERNAL MODULE: ./lib/run/budget-exceeded-error.js
var budget_exceeded_error = __webpack_require__(46807);
;// CONCATENATED MODULE: ./lib/job/judge-goals.js







/**
 * Judging phase: the plan's goal checks on what the run produced, and the job's status after them
 * (a run that succeeded with a required goal unmet is `goals-unmet`; one cancelled while its goals were
 * checked is `cancelled`). Goal commands see a scrubbed
 * environment.
 */
async function judgeGoals(plan, run, options) {
    // A paused run has no result yet: its goals are checked when an approved run finishes it.
    if (run.status === 'awaiting-approval')
        return { goals: [], status: run.status };
    // The final plan's steps, and the work it left undone that their states do not show.
    const stepStates = (0,run_record/* finalStepStates */.hb)(run.record);
    // A step this run ran again speaks for itself (a used plan's inner step, when this run ran that plan
    // again rather than reusing it); one it could not (no longer in the plan, or reused whole) keeps its failure.
    const ranAgain = (key) => {
        const path = key.split('/');
        let record = run.record;
        // Down the plan steps on the way: one this run reused whole (no record of its plan) did not run it again.
        for (const outer of path.slice(0, -1)) {
            const nested = record.steps.get(outer)?.nested;
            if (!nested)
                return false;
            record = nested;
        }
        return path.length === 1 ? stepStates.has(key) || run.record.steps.has(key) : record.steps.has(path.at(-1));
    };
    const carried = [...(options.resumedUnfinished ?? [])].filter(([key]) => !ranAgain(key));
    const stoppedBefore = options.budgetStop?.();
    const goals = await (0,evaluate_goals/* evaluateGoals */.Y)(plan.source.goals ?? [], (0,goal_target/* goalTargetOf */.s)(run, { stepStates, carried }), { model: options.model, cwd: options.cwd, env: (0,scrub_environment/* scrubEnvironment */.vf)(options.env, undefined, 'goal'), signal: options.signal, ...(options.commandsRefused !== undefined && { commandsRefused: options.commandsRefused }) });
    const judged = (0,final_status/* finalStatus */.n)(run.status, goals, options.signal?.aborted ?? false);
    // A judge that passed a cap stops the job as a step's call would (fail closed); the goals stay as judged.
    // A judge's call refused before it was made only leaves its goal unchecked: with no required goal left
    // unevaluated, it was a warning's, which never fails a job (beside a required goal judged unmet, the run is
    // goals-unmet as without it). With a required one unevaluated, the stop stands (status failed, whatever
    // fail-on-unmet-goals says): a required goal nobody judged must not pass as merely unmet.
    const found = judged === 'succeeded' || judged === 'goals-unmet' ? options.budgetStop?.() : undefined;
    const warningsOnly = !goals.some((goal) => goal.severity === 'required' && goal.outcome === 'error');
    const refusedJudge = warningsOnly && found !== undefined && found !== stoppedBefore && found instanceof budget_exceeded_error/* BudgetExceededError */.Z && found.refusedCall;
    const stop = refusedJudge ? undefined : found;
    const status = stop ? stop.status : judged;
    // Evidence is an excerpt cut before any redactor saw it: redacted, and cut token fragments hidden, as every report shows it.
    // A cancel that came only while the goals were checked says so, in the trace and the log as in every report.
    const reason = stop?.message ?? (status === 'cancelled' && run.status !== 'cancelled' ? final_status/* CANCELLED_WHILE_JUDGING */.$ : undefined);
    run.recordGoals(goals.map((goal) => ({ ...goal, evidence: (0,hide_cut_fragments/* hideCutFragments */.wJ)(options.redact(goal.evidence)) })), status, options.usage?.(), reason);
    return { goals, status };
}

// EXTERNAL MODULE: ./lib/job/fan-out-refusal.js + 1 modules
var fan_out_refusal = __webpack_require__(305);
// EXTERNAL MODULE: ./lib/job/frozen-pins.js
var frozen_pins = __webpack_require__(25642);
// EXTERNAL MODULE: ./lib/plan/validate-plan.js + 13 modules
var validate_plan = __webpack_require__(67931);
// EXTERNAL MODULE: ./lib/core/format-path.js
var format_path = __webpack_require__(19474);
// EXTERNAL MODULE: ./lib/steps/agent/write-todos-definition.js
var write_todos_definition = __webpack_require__(39026);
;// CONCATENATED MODULE: ./lib/steps/agent/agent-plan.js






/** The key of the one step a `mode: agent` run has. */
const AGENT_STEP_ID = 'agent';
async function rejected(plan, path, message, locate) {
    const position = await locate?.(path, 'key');
    const error = { ...(plan.file !== undefined && { file: plan.file }), ...position, path: (0,format_path/* formatPath */.j)(path), message };
    return { ok: false, errors: [error] };
}
function titleOf(task) {
    const line = task.trim().split(/\r?\n/, 1)[0].replace(/\s+/g, ' ');
    return (0,cut_text/* cutText */.IN)(line, schema/* MAX_TITLE_CHARS */.m1);
}
/** What the one agent of a `mode: agent` run is told: the task given, else the plan's goal. */
function agentInstruction(goal, task) {
    return task?.trim() ? task.trim() : goal;
}
/**
 * The goal a `mode: agent` run works towards (and an approval of it is checked against): the plan's, unless it is
 * the agent's instruction, which the one step holds already.
 */
function agentGoal(goal, task) {
    return goal === agentInstruction(goal, task) ? undefined : goal;
}
/**
 * A whole run as one agent (`mode: agent`): the plan's tools, goals, limits and model stay; its
 * steps are one agent step whose task is `task` (else the plan's goal) and which may call every
 * tool the run offers \u2014 withheld tools (a fork's pull request) are not among them. Its TODO list
 * is the run's checklist; the goals are checked on its answer. Validated like any plan. A `task` is taken as written
 * (`taskAsWritten`): it is often event text (an issue's body), data and not plan syntax; the plan's goal keeps its references.
 */
async function agentPlan(plan, task, options = {}) {
    const { names = EITHER_OPTION_NAMES, locate } = options;
    const fromTask = Boolean(task?.trim());
    if (plan.steps.length > 0) {
        // With a task given, its steps run only without it too: advice that led to the task's own refusal (review).
        const instead = fromTask ? `${names.notAgent} and without ${names.task} (its steps run as written)` : names.notAgent;
        return rejected(plan, ['workflow_sequence'], `${names.agent} runs the task as one agent step, but this plan already has steps: run it ${instead}, or remove workflow_sequence`, locate);
    }
    // A plan with no steps has a goal that is not blank: the loader refuses one without either.
    const instruction = agentInstruction(plan.goal, task);
    if (plan.tools.has(write_todos_definition/* WRITE_TODOS */.q)) {
        // At its line only when the plan file declares it: an MCP server's tool of that name is not in the file.
        return rejected(plan, ['tools', write_todos_definition/* WRITE_TODOS */.q], `${names.agent} gives the agent its own ${write_todos_definition/* WRITE_TODOS */.q} (its TODO list), and this plan has a tool of that name: rename the tool to run it with ${names.agent}`, plan.tools.get(write_todos_definition/* WRITE_TODOS */.q).origin === 'plan' ? locate : undefined);
    }
    const source = {
        ...plan.source,
        workflow_sequence: [{ id: AGENT_STEP_ID, type: 'agent', title: titleOf(instruction), task: instruction, tools: [...plan.tools.keys()] }],
    };
    // The task is the step's instruction; the same words again as the run's goal would only repeat it.
    if (agentGoal(source.goal, task) === undefined)
        delete source.goal;
    const extraTools = [...plan.tools.values()].filter((tool) => tool.origin === 'extra');
    const checked = (0,validate_plan/* validatePlanObject */.$2)(source, {
        origin: 'file',
        ...(plan.file !== undefined && { file: plan.file }),
        extraTools,
        ...(plan.withhold !== undefined && { withhold: plan.withhold }),
        ...(fromTask && { tasksAsWritten: new Set([AGENT_STEP_ID]) }),
    });
    if (checked.ok)
        return plan.fileTextHash === undefined ? checked : { ok: true, plan: { ...checked.plan, fileTextHash: plan.fileTextHash } };
    // The one step is made here, not written in the file: a problem in it is the task's.
    const taskPath = `workflow_sequence[0].task`;
    return {
        ok: false,
        errors: checked.errors.map((error) => error.path === taskPath ? { ...error, path: fromTask ? 'task' : 'goal', message: `in ${fromTask ? names.task : "the plan's goal"}: ${error.message}` } : error),
    };
}

;// CONCATENATED MODULE: ./lib/job/grant-approval.js

/**
 * Checks an approval against the paused run it answers and the plan file as it is now: the run
 * must have asked (and not been answered yet, unless this is a re-run of the run that went on with it), the hash must be the one it asked with, the run's
 * inputs and goal must be those of the pause, and the plan file must still give that hash. Only then may
 * the steps it covers start.
 */
function grantApproval(plan, resume, grant, inputs, redact) {
    const problem = approvalRefusal({ run: { inputs, ...(plan.goal !== undefined && { goal: plan.goal }) }, files: plan }, resume, grant, redact);
    if (problem !== undefined)
        return { ok: false, problem };
    // A request the refusal found, or it refused.
    const request = resume.approval;
    return { ok: true, request, approval: { hash: request.hash, ...(grant.by !== undefined && { by: grant.by }), request, approved: new Set(request.pending.map((step) => step.approvalKey)), shownArgs: shownArgs(request) } };
}
/** Why the approval does not hold for what `subject` gives (see `grantApproval`), or undefined. */
function approvalRefusal(subject, resume, grant, redact) {
    const request = resume?.approval;
    if (grant.continues && request && resume?.decided === undefined && request.hash !== grant.hash) {
        // It went on with the approval, then paused for steps it does not cover (a replan's), and the comment did not show that pause.
        return `${resume.from} went on with the approval ${grant.hash}, then asked for another (approval ${request.hash}) for steps it does not cover, which no one has answered; nothing ran. Run the plan again (a new workflow run of the pull request) and answer its pause`;
    }
    if (grant.continues && (!request || resume?.decided !== 'approved')) {
        return `${resume?.from ?? 'the earlier attempt'} does not record the approval it went on with (it was saved by an earlier plan-runner, or stopped before its run started), so this re-run cannot tell what the approval covers; nothing ran. Run the plan again (a new workflow run of the pull request) and answer its pause`;
    }
    if (!resume || !request)
        return `${resume?.from ?? 'the earlier run'} did not pause for approval, so there is nothing to approve`;
    if (resume.decided && !(grant.continues && resume.decided === 'approved'))
        return `the approval ${request.hash} was already ${resume.decided}; nothing more runs for it`;
    if (grant.hash !== request.hash)
        return `the approval names ${grant.hash}, but the paused run asked for ${request.hash}; approve what it asked`;
    const { run, files: plan } = subject;
    // The pending steps' arguments follow from the run's inputs: other inputs would run other calls than the person saw.
    if (run && request.inputsHash !== undefined && request.inputsHash !== (0,approval_request/* inputsHash */.Oq)(run.inputs, redact)) {
        return `the run's inputs differ from those of the run that asked for approval ${request.hash}; nothing ran. Approve with the same inputs, or run the plan again with these to ask for approval of them`;
    }
    // The goal is no part of the plan file when a task gave it: steps approved for one task ran with another as the goal they work towards.
    const goal = run?.goal === undefined ? undefined : redact ? redact(run.goal) : run.goal;
    if (run && goal !== request.plan.goal) {
        return `the run's goal (its task) differs from the one the run that asked for approval ${request.hash} worked on; nothing ran. Approve with the same task, or run the plan again with this one to ask for approval of it`;
    }
    // An agent step's task (`mode: agent`'s, which `--task` or the `task` input gives) that differs: said so, where the
    // refusal below sent the person to a plan file that had not changed (found by a hunt of agent mode).
    const changedTask = plan && agentTaskChanged(plan, request.plan.steps, redact);
    if (changedTask !== undefined) {
        return `the task of agent step ${changedTask} differs from the one the run that asked for approval ${request.hash} was given; nothing ran. Approve with the same task, or run the plan again with this one to ask for approval of it`;
    }
    const asked = (fileHash) => (0,approval_request/* approvalHash */.A_)({ planFileHash: fileHash, plan: request.plan, pending: request.pending, ...(request.inputsHash !== undefined && { inputsHash: request.inputsHash }) });
    if (plan && !(0,approval_request/* pausedPlanFileHashes */.oQ)(plan).some((fileHash) => asked(fileHash) === request.hash)) {
        const now = asked((0,approval_request/* planFileHash */.M5)(plan));
        // The hash covers the plan files its `type: plan` steps use, at every depth: a change in any of them refuses it.
        const used = (0,approval_request/* usedPlanPaths */.$p)(plan);
        const files = used.length === 0 ? `the plan file ${plan.file ?? plan.name}` : `the plan file ${plan.file ?? plan.name} or a plan file it uses (${used.join(', ')})`;
        return `${files} changed since the approval was asked (approval ${request.hash} no longer matches it, now ${now}); nothing ran. Run the plan again to ask for approval of the plan as it is now`;
    }
    return undefined;
}
/** The key of an agent step whose task in `plan` now differs from the paused run's (`steps`), as the trace keeps it (redacted). */
function agentTaskChanged(plan, steps, redact) {
    const then = new Map(steps.filter((step) => step.type === 'agent' && step.task !== undefined).map((step) => [step.key, step.task]));
    for (const step of plan.source.workflow_sequence ?? []) {
        const task = step.type === 'agent' ? step.task : undefined;
        const asked = then.get(String(step.id));
        if (task !== undefined && asked !== undefined && (redact ? redact(task) : task) !== asked)
            return String(step.id);
    }
    return undefined;
}
/** The arguments each pending step was shown with: an approved step runs only with exactly these. */
function shownArgs(request) {
    return new Map(request.pending.flatMap((step) => (step.args === undefined ? [] : [[step.approvalKey, step.args]])));
}

// EXTERNAL MODULE: ./lib/plan/load-plan.js + 3 modules
var load_plan = __webpack_require__(49984);
// EXTERNAL MODULE: ./lib/plan/position-in-plan-file.js
var position_in_plan_file = __webpack_require__(12895);
// EXTERNAL MODULE: ./lib/core/invisible-characters.js
var invisible_characters = __webpack_require__(5709);
// EXTERNAL MODULE: ./lib/job/load-plan-with-servers.js
var load_plan_with_servers = __webpack_require__(1481);
;// CONCATENATED MODULE: ./lib/job/load-job-plan.js






const TASK_FILE = '(task)';
/** Load phase: the plan file (its MCP servers started first, since validation needs their tool lists), or a task in words. */
async function loadJobPlan(settings, extraTools, signal, options = {}) {
    const { learnSecrets, argsCheckLimitMs, beforeServers } = options;
    // The caller's model is checked with the plan (a max_cost_usd it has no price for is a plan error).
    const loadOptions = { ...(settings.withhold !== undefined && { withhold: settings.withhold }), ...(settings.model.model && { model: settings.model.model }), ...(settings.model.timeoutSeconds !== undefined && { modelTimeoutSeconds: settings.model.timeoutSeconds }), ...(argsCheckLimitMs !== undefined && { argsCheckLimitMs }) };
    if (settings.planFile) {
        return (0,load_plan_with_servers/* loadPlanWithServers */.G)(settings.planFile, { signal, cwd: settings.cwd, env: settings.env, extraTools, ...loadOptions, learnSecrets, ...(settings.mode === 'agent' && { stepsRun: false }), ...(beforeServers && { beforeServers }) });
    }
    if (settings.task)
        return await (0,load_plan/* loadPlanText */.x0)(JSON.stringify({ goal: settings.task }), TASK_FILE, { extraTools, ...loadOptions });
    return { ok: false, errors: [{ path: '', message: 'nothing to run: give a plan file or a task', setup: true }] };
}
/**
 * The loaded plan as this job runs it: one agent step on the task (`mode: agent`), the task as the
 * goal of a plan without steps, and the caller's model.
 */
async function jobPlan(plan, settings) {
    const { optionNames: names = EITHER_OPTION_NAMES } = settings;
    // The model reads the task rendered: one that is only an HTML comment or invisible characters (an event's
    // text that shows as nothing) had a model plan, or an agent work on, an empty instruction.
    // Loaded with a task only: the Markdown reader stays off the start of a run of a plan file (start-path.test.ts).
    const rendered = settings.task === undefined ? undefined : (await Promise.all(/* import() */[__webpack_require__.e(126), __webpack_require__.e(435), __webpack_require__.e(488), __webpack_require__.e(745)]).then(__webpack_require__.bind(__webpack_require__, 67126))).sanitizeUntrusted(settings.task, { read: 'rendered' });
    if (rendered !== undefined && !(0,invisible_characters/* hasVisibleText */.uA)(rendered)) {
        const message = `${names.task} is blank as the model reads it (only spaces, invisible characters or text a page hides, such as an HTML comment): write the task in words, or leave it out`;
        return { ok: false, errors: [{ ...(plan.file !== undefined && { file: plan.file }), path: '', message, setup: true }] };
    }
    let adjusted = plan;
    // mode agent: the whole run is one agent step working on the task with every tool the run offers.
    if (settings.mode === 'agent') {
        const { planFile } = settings;
        const built = await agentPlan(plan, settings.task, { names, ...(planFile !== undefined && { locate: (path, at) => (0,position_in_plan_file/* positionInPlanFile */.O)(planFile, path, at) }) });
        if (!built.ok)
            return { ok: false, errors: built.errors };
        adjusted = built.plan;
    }
    // The task is the goal of a plan file without steps (its tools and goal checks still apply). In its source too:
    // the plan the model writes is validated from the source, and took the file's goal back for every later prompt.
    if (settings.task && adjusted.steps.length === 0)
        adjusted = { ...adjusted, goal: settings.task, source: { ...adjusted.source, goal: settings.task } };
    // Beside a plan's own steps it had nothing to do, and was dropped without a word. The advice names only
    // what runs: mode agent refuses a plan with steps too (agentPlan).
    else if (settings.task && settings.mode !== 'agent') {
        const message = `${names.task} was given, but this plan has its own steps, which would run without it: give ${names.task} only with a plan that has no workflow_sequence (a model then writes the steps, or ${names.agent} runs the task as one agent step), or leave it out`;
        return { ok: false, errors: [{ ...(plan.file !== undefined && { file: plan.file }), path: '', message, setup: true }] };
    }
    if (settings.model.model)
        adjusted = { ...adjusted, source: withCallerModel(adjusted.source, settings.model.model) };
    return { ok: true, plan: adjusted };
}
/** The caller's model (action input, --model) replaces the plan's model.name; agents' own models still win. */
function withCallerModel(source, model) {
    return model ? { ...source, model: { ...source.model, name: model } } : source;
}

;// CONCATENATED MODULE: ./lib/job/approval-before-servers.js










/**
 * The loader's `beforeServers` for a job that approves a paused run: it refuses an approval that does not hold before
 * any of the plan file's MCP servers starts (they start to list the tools the plan is validated with, and ran what a
 * changed file said: found by an adversarial pass). It reads the file as the loader parsed it, so the servers start
 * from the text it checked. Undefined for a job that approves nothing, or one whose approval the load decides (a
 * fanned-out run's, which `fan-out-refusal` refuses first). Only a refusal is final here: an approval that holds is
 * granted once the plan is loaded, from the plan that runs.
 */
function approvalBeforeServers(settings, redact) {
    const { approve, planFile: file, resume } = settings;
    if (!approve || !file || resume === undefined || Array.isArray(resume) || settings.fanOut)
        return undefined;
    const refuse = (message) => [{ file, path: '', message: `cannot approve: ${message}`, setup: true }];
    return (value) => {
        const parsed = schema/* Plan */.cw.safeParse(value);
        // The run it answers paused on a plan that loaded: one that is no plan now is not what was approved.
        if (!parsed.success)
            return refuse(`the plan file ${file} does not load as a plan now, so it is not the plan the approval was asked for; nothing ran. Fix it (plan-runner validate ${file} lists its problems) and run the plan again to ask for approval`);
        const steps = parsed.data.workflow_sequence ?? [];
        const agent = settings.mode === 'agent';
        // A task beside the file's own steps is refused by the load (`jobPlan`), in its own words.
        if (settings.task && !agent && steps.length > 0)
            return undefined;
        // As the job runs the file (`jobPlan`): the task as the goal of a plan without steps, and the caller's model, which the hash the run paused with covers.
        const source = withCallerModel(settings.task && !agent ? { ...parsed.data, goal: settings.task } : parsed.data, settings.model.model);
        const name = (0,validate_plan/* planName */.V6)(source, file);
        const read = (0,read_resume_trace/* parseResumeTrace */.ei)(resume, name);
        if (!read.ok)
            return undefined;
        const state = (0,resume_state/* fanOutOwnState */.NB)(undefined, read.state, new Map(), new Set());
        const refusal = approvalRefusal(subject(source, name, settings, redact), state, approve, redact);
        return refusal === undefined ? undefined : refuse(refusal);
    };
}
/**
 * What of the approval the file alone decides. The inputs and goal, unless the plan uses other plans: their
 * secrets, which the redactor learns from the load, are hidden in the hashes the run paused with. The plan files,
 * unless it uses other plans (their hash covers them as loaded) or runs in `mode: agent` (its one step names every
 * tool, the servers' too).
 */
function subject(source, name, settings, redact) {
    if ((source.workflow_sequence ?? []).some((step) => step.type === 'plan'))
        return {};
    // What the load would have the redactor learn before the inputs are hashed: the same hash, or a good approval was refused.
    redact.learn?.((0,plan_secret_values/* planSecretValues */.U)(source, settings.env));
    const inputs = (0,resolve_inputs/* resolveInputs */.eL)(source, settings.inputs, settings.emptyInputs);
    // Inputs that do not resolve are refused by the load, as the caller's mistake.
    if (!inputs.ok)
        return {};
    redact.learn?.((0,secrets_as_read/* secretsAsRead */.O)(settings.inputs, inputs.inputs, redact));
    const agent = settings.mode === 'agent';
    const goal = agent ? agentGoal(source.goal, settings.task) : source.goal;
    return { run: { inputs: inputs.inputs, ...(goal !== undefined && { goal }) }, ...(!agent && { files: { source, name, ...(settings.planFile !== undefined && { file: settings.planFile }) } }) };
}

// EXTERNAL MODULE: ./lib/plan/check-tools.js + 1 modules
var check_tools = __webpack_require__(14529);
;// CONCATENATED MODULE: ./lib/plan/frozen-plan.js





/** A step in the plan file's own terms: what `buildPlanSteps` reads back into the same `PlanStep`. */
function planFileStep(step, idOf) {
    const optional = new Set(step.optional ?? []);
    // An aggregate's `inputs` are its dependencies already; the rest are written out, even none.
    const dependsOn = step.dependsOn.filter((key) => !step.inputs.includes(key)).map((key) => (optional.has(key) ? { step: idOf(key), optional: true } : idOf(key)));
    return {
        id: step.id,
        type: step.type,
        ...(step.title !== undefined && { title: step.title }),
        description: step.description,
        ...(step.tool !== undefined && { tool: step.tool }),
        ...(step.args !== undefined && { args: { ...step.args } }),
        ...(step.task !== undefined && { task: step.task }),
        ...(step.tools !== undefined && { tools: [...step.tools] }),
        ...(step.maxTurns !== undefined && { max_turns: step.maxTurns }),
        ...(step.inputs.length > 0 && { inputs: step.inputs.map(idOf) }),
        depends_on: dependsOn,
        ...(step.agent !== undefined && { agent: step.agent }),
        ...(step.timeoutSeconds !== undefined && { timeout_seconds: step.timeoutSeconds }),
        ...(step.retry !== undefined && { retry: step.retry }),
        ...(step.onFailure !== undefined && { on_failure: step.onFailure }),
        ...(step.review !== undefined && { review: step.review }),
        ...(step.handlesGaps && { handles_gaps: true }),
        ...(step.approval && { approval: true }),
        ...(step.why !== undefined && { why: step.why }),
        ...(step.forEach !== undefined && {
            for_each: step.forEach.list,
            ...(step.forEach.as !== 'item' && { as: step.forEach.as }),
            ...(step.forEach.key !== undefined && { key: step.forEach.key }),
            ...(step.forEach.maxItems !== undefined && { max_items: step.forEach.maxItems }),
            on_item_failure: step.forEach.onItemFailure,
            ...(step.forEach.fanOut === true && { fan_out: true }),
        }),
        ...(step.uses !== undefined && { uses: step.uses }),
        ...(step.with !== undefined && { with: { ...step.with } }),
    };
}
/**
 * `text` redacted around its references (`${steps.<id>.result}`, `${inputs.<name>}`, `${item}`), which stay as
 * written: they name what the file runs by, and `${steps.***.result}` named no step.
 */
function redactedAroundReferences(text, redact, itemName) {
    let redacted = '';
    let from = 0;
    for (const match of text.matchAll(TEMPLATE_PATTERN)) {
        if (parseTemplateBody(match[1], itemName).kind !== 'reference')
            continue;
        redacted += `${redact(text.slice(from, match.index))}${match[0]}`;
        from = match.index + match[0].length;
    }
    return redacted + redact(text.slice(from));
}
/**
 * A step as the frozen file writes it, its text redacted (the run's steps and tools get it redacted alike) and its
 * names as they are: its id, the steps it depends on, its tool, agent, used plan and for_each are what the file runs
 * by, and a token-shaped id (`sk-release-notes-2026-week48`) became `***`, a file job 2 refused after approval (found
 * by a hunt of frozen plans). A name holds no secret the redactor knows: the plan file's author wrote it in the
 * repository, or a model, which is given only redacted text.
 */
function redactedStep(step, redact, itemName) {
    const text = (value) => redactedAroundReferences(value, redact, itemName);
    return {
        ...step,
        ...(step.title !== undefined && { title: text(step.title) }),
        ...(step.description !== undefined && { description: text(step.description) }),
        ...(step.task !== undefined && { task: text(step.task) }),
        ...(step.why !== undefined && { why: text(step.why) }),
        ...(step.args !== undefined && { args: redactDeep(step.args, text) }),
        // Its keys are the used plan's input names: redacted, a token-shaped one became `***` (found by a review).
        ...(step.with !== undefined && { with: Object.fromEntries(Object.entries(step.with).map(([name, value]) => [name, redactDeep(value, text)])) }),
        ...(step.key !== undefined && { key: text(step.key) }),
    };
}
/**
 * The `name:` a frozen file writes: the plan's own, or, for a plan without one, the path it was run under (`from`),
 * which is what names its check run: named by its file's base name, job 2's check run (`release-notes`) never
 * superseded job 1's `action_required` one (`.github/release-notes.yml`), and a required check stayed blocked (found
 * by a review). Cut to a name a plan may have: a path over 200 characters made a file that did not load (found by a
 * hunt of frozen plans); one of invisible characters alone is left out, and the file is named as any plan without one.
 */
function frozenName(plan, from, redact) {
    if (plan.source.name !== undefined)
        return plan.source.name;
    const name = cutText((redact ? redact(from) : from).replace(/\s+/g, ' ').trim(), MAX_PLAN_NAME_CHARS);
    return hasVisibleText(name) ? name : undefined;
}
/** `steps` as a frozen file's `workflow_sequence` writes them: in the plan file's terms, with the run's redactor `redactedStep`. */
function frozenSteps(steps, redact) {
    const ids = new Map(steps.map((step) => [step.key, step.id]));
    const idOf = (key) => ids.get(key) ?? key;
    return steps.map((step) => (redact ? redactedStep(planFileStep(step, idOf), redact, step.forEach?.as) : planFileStep(step, idOf)));
}
/**
 * The plan as one file that runs exactly as written: every setting of the original, and its steps
 * (the ones a model wrote included) in `workflow_sequence`, so a later `mode: run` plans nothing.
 * With the run's redactor, what did not come from the plan file is redacted, as in the trace, but for the
 * steps' names (`redactedStep`): the file is kept as an output (and uploaded as an artifact), its `goal:`
 * may be a `task` that quotes event text, and a model may have written the steps. Tools get their arguments
 * redacted in every run, so the steps run as they would have. The rest is the file's own text, as written (a tool's `env:`
 * or `command` must stay runnable). `pins`: what the plan was planned with (its `frozen:`), which a run of the file checks.
 */
async function frozenPlanText(plan, from, options = {}) {
    const { redact, pins } = options;
    const steps = frozenSteps(plan.steps, redact);
    const name = frozenName(plan, from, redact);
    const frozen = {
        ...plan.source,
        // No replans: a step that fails is escalated, not replaced. The job that runs this file runs what its
        // reviewers approved (an environment's), and a replacement could call any tool of the catalogue with
        // arguments nobody saw (found by an adversarial hunt of model-written plans).
        limits: { ...plan.source.limits, max_replans: 0 },
        ...(name !== undefined && { name }),
        ...(plan.source.goal !== undefined && { goal: redact ? redact(plan.source.goal) : plan.source.goal }),
        workflow_sequence: steps,
        // A file frozen again (mode: plan of a frozen file) is pinned anew, to what this job read.
        frozen: pins,
    };
    const header = [
        `# Frozen by plan-runner (mode: plan) from ${(redact ? redact(from) : from).replace(/[\r\n]+/g, ' ')}.`,
        '# `mode: run` runs these steps exactly as written: no model plans them again, at the start or after a failure (max_replans: 0).',
    ].join('\n');
    // `yaml` is loaded here, not at start: only `mode: plan` writes a plan file.
    const { stringify } = await __webpack_require__.e(/* import() */ 196).then(__webpack_require__.t.bind(__webpack_require__, 38815, 19));
    return `${header}\n${stringify(frozen, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}

;// CONCATENATED MODULE: ./lib/job/saved-steps.js




/**
 * Where a step read back from a trace names something by a value the redactor hid: its key or id,
 * the tool, agent or plan it uses, a tool an agent step may call, a step it depends on. Arguments and
 * text may hold `***` (tools and the model get them redacted in every run); a name with it names
 * nothing the run has. Names are letters, digits, `_`, `-`, `.` and `/`, so `***` in one is the redactor's.
 */
function hiddenName(steps) {
    for (const step of steps) {
        const names = [
            ['key', step.key],
            ['id', step.id],
            ['tool', step.tool],
            ['agent', step.agent],
            ['uses', step.uses],
            ...(step.tools ?? []).map((tool) => ['tools', tool]),
            ...step.dependsOn.map((key) => ['depends_on', key]),
        ];
        for (const [field, name] of names)
            if (typeof name === 'string' && name.includes(core_redact/* REDACTED */.XF))
                return `step ${step.key}'s ${field} \`${name}\``;
    }
    return undefined;
}
/**
 * Why steps read back from a trace (a plan the model wrote, or replanned) may not run under the plan as it is
 * now: a tool it no longer offers, or keeps out of this run (a fork's pull request), an agent profile it no
 * longer has, or one whose tools no longer include the step's. The plan file's checks for what a step may
 * call, which steps read back from a trace were never put to: a profile narrowed after a run, then resumed,
 * still let the step the model wrote under it call what it no longer may (found by an adversarial hunt).
 */
function callsRefusedNow(plan, steps) {
    const ids = new Map(steps.map((step) => [step.key, step.id]));
    const sequence = steps.map((step) => planFileStep(step, (key) => ids.get(key) ?? key));
    const issue = (0,check_tools/* checkTools */.G)({ ...plan.source, workflow_sequence: sequence }, plan.tools, plan.withheld).find((found) => found.path[0] === 'workflow_sequence');
    if (issue === undefined)
        return undefined;
    const step = steps[issue.path[1]];
    return `step ${step?.key ?? '?'}: ${issue.message}`;
}
/**
 * The steps an approved run runs: those of the plan at the pause. The trace keeps them redacted (a
 * value the redactor hides is `***` there); when the plan file's own steps, redacted alike, are those,
 * the file's run, with the values the redactor hid. Otherwise (a replan before the pause, a plan the
 * model wrote) the trace's, unless one of them names a tool, plan, agent or step by a hidden value,
 * which the approving run cannot know: then why it cannot run.
 */
function approvedSteps(fileSteps, approved, redact) {
    if (fileSteps.length > 0 && (0,stable_hash/* canonicalJson */.dj)((0,core_redact/* redactDeep */.KL)(fileSteps, redact)) === (0,stable_hash/* canonicalJson */.dj)(approved))
        return { steps: fileSteps };
    const hidden = hiddenName(approved);
    if (hidden === undefined)
        return { steps: approved };
    return {
        problem: `${hidden} holds a value the run hides as a secret (shown as ${core_redact/* REDACTED */.XF}). The model or a replan wrote these steps, and the saved state keeps them redacted, so this run cannot know the real name; nothing ran. Rename what holds the secret's value (or stop treating that value as a secret), then run the plan again to ask for approval anew`,
    };
}

;// CONCATENATED MODULE: ./lib/job/resumed-steps.js


/**
 * Whether a run resuming `resume` goes on with its last plan: a plan the model wrote is resumed as that run last
 * had it, not written again, and a plan file's replans are resumed while the file's steps are as they were
 * (`revisedFrom`), unless the trace hid a name in it, it was planned for another goal or other inputs, or it
 * calls what the plan no longer lets it. `fileSteps`: the hash of the file's steps (`fileStepsHash`), when it has any.
 */
function resumedSteps(loadedPlan, resume, planned, fileSteps, redact) {
    const instead = fileSteps === undefined ? 'so the model writes its steps anew' : "so this run starts from the plan file's steps";
    const not = (why) => ({ why: `this run does not go on with the last plan of the run it resumes: ${why}, ${instead}` });
    if (resume.plan.steps.length === 0)
        return not('it had no steps');
    const hidden = hiddenName(resume.plan.steps);
    if (hidden !== undefined)
        return not(`${hidden} holds a value the run hides as a secret, which the trace keeps as ***`);
    if (!samePlanning(planned, resume))
        return not('it was planned for other inputs, another goal or other goal checks (give those again to go on with that plan)');
    const fromFile = fileSteps === undefined ? (sameGoal(loadedPlan.goal, resume, redact) ? undefined : 'the model wrote it for another goal (give that goal again to go on with that plan)') : notRevisedFrom(fileSteps, resume);
    if (fromFile !== undefined)
        return not(fromFile);
    // Steps that call what the plan no longer lets them (a tool, an agent profile's): written anew, or the file's own.
    const refused = callsRefusedNow(loadedPlan, resume.plan.steps);
    if (refused !== undefined)
        return not(`it calls what the plan no longer lets it (${refused})`);
    return { steps: resume.plan.steps };
}
/** Whether a plan the model wrote was written for this goal (as the trace keeps it, redacted): for another, the model writes it anew. */
function sameGoal(goal, resume, redact) {
    return (goal === undefined ? undefined : redact(goal)) === resume.firstPlan.goal;
}
/** Whether the run `resume` came from was planned for what this run's model would be given (a trace written before `plannedFor` says nothing: as before). */
function samePlanning(planned, resume) {
    return resume.plannedFor === undefined || resume.plannedFor === planned;
}
/**
 * Why the run `resume` came from did not replan the plan file's steps as they still are (`fileSteps`: their
 * hash), or undefined when it did: then it resumes with its replans, as a plan a model wrote resumes as written.
 * From the file's steps a step a replan replaced would run again, and a call it failed for certain could now
 * take effect besides its replacement's (found by a review). A file changed since starts from its own steps.
 *
 * Steps are compared as `fileStepsHash` hashes them (`tracedStepsHash`): a trace keeps a step's `taskAsWritten` that hash leaves out.
 *
 * A run that resumed such replans (or ran an approved plan) records the file's steps it resumed them for: its
 * own first plan is the replanned one, so a resume of that resume, judged by the first plan and its
 * revisions, started from the file's steps and repeated the replaced call (found by an adversarial hunt).
 */
function notRevisedFrom(fileSteps, resume) {
    const changed = "the plan file's steps changed since (restore them to go on with that plan)";
    if (resume.fileSteps !== undefined)
        return resume.fileSteps !== fileSteps ? changed : (0,hashed_step/* tracedStepsHash */.XN)(resume.plan.steps) === fileSteps ? "it is the plan file's steps" : undefined;
    // A trace written before `fileSteps`: its own replans only.
    if (resume.plan.revision <= resume.firstPlan.revision)
        return "its trace, written before plan-runner recorded the plan file's steps a plan came from, shows no replan of its own";
    return fileSteps === (0,hashed_step/* tracedStepsHash */.XN)(resume.firstPlan.steps) ? undefined : changed;
}

// EXTERNAL MODULE: ./lib/plan/steps-needing-model.js
var steps_needing_model = __webpack_require__(2229);
;// CONCATENATED MODULE: ./lib/job/model-requirement.js

/** How to configure a model, for messages that say one is missing, where the front end gives no hint of its own. */
const MODEL_HINT = 'set the api-key input (action), OPENAI_API_KEY or --replay FILE (CLI)';
/** An error with no position: about the plan as a whole, or the run's setup. */
function setupError(plan, message) {
    return { file: plan.file, path: '', message, setup: true };
}
/** The error for a plan whose steps or judge goals need a model when none is configured, if any. */
function missingModelError(plan, hint = MODEL_HINT) {
    for (const [uses, inner] of plan.subplans ?? []) {
        const inside = missingModelError(inner, hint);
        if (inside)
            return setupError(plan, `the plan ${uses} (used by a plan step): ${inside.message}`);
    }
    const needing = (0,steps_needing_model/* stepsNeedingModel */.vB)(plan.steps);
    const judges = (plan.source.goals ?? []).filter((goal) => goal.judge !== undefined);
    if (needing.length === 0 && judges.length === 0)
        return undefined;
    const what = [
        ...(needing.length ? [`step${needing.length > 1 ? 's' : ''} ${needing.map((s) => s.key).join(', ')}`] : []),
        ...judges.map((goal) => `goal '${goal.name}'`),
    ].join(' and ');
    const verb = needing.length + judges.length > 1 ? 'need' : 'needs';
    return setupError(plan, `${what} ${verb} a model, and none is configured: ${hint}`);
}

// EXTERNAL MODULE: ./lib/job/open-tools.js + 7 modules
var open_tools = __webpack_require__(34912);
// EXTERNAL MODULE: ./lib/llm/default-model.js
var default_model = __webpack_require__(40766);
// EXTERNAL MODULE: ./lib/llm/model-timeout.js
var model_timeout = __webpack_require__(59720);
// EXTERNAL MODULE: ./lib/llm/openai-model-client.js + 2 modules
var openai_model_client = __webpack_require__(51049);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: ./lib/core/open-output-file.js
var open_output_file = __webpack_require__(97712);
// EXTERNAL MODULE: ./lib/core/output-path-refused-error.js
var output_path_refused_error = __webpack_require__(65542);
// EXTERNAL MODULE: ./lib/core/own-descriptor.js
var own_descriptor = __webpack_require__(29705);
// EXTERNAL MODULE: ./lib/core/json-line.js
var json_line = __webpack_require__(97052);
;// CONCATENATED MODULE: ./lib/llm/recording-model-client.js







/**
 * Wraps a client so every exchange (request and response, or the failure) is appended to `path` as a
 * JSON line. The file is started afresh: a replay must see one run's calls, not two runs' mixed. A file that
 * holds something (an earlier recording) is emptied only at the first exchange, so a run refused before its
 * first call (a wrong `--approve` hash, a trace it cannot resume) leaves it as it was, as it leaves the trace.
 * The client's configuration (API key, base URL) is never part of an exchange.
 */
function recordingModelClient(inner, path, options = {}) {
    const header = { recording: 'plan-runner', version: 1, defaultModel: inner.defaultModel };
    const headerLine = JSON.stringify(header) + '\n';
    // The file as made or found here (device and inode): every exchange is appended to it, or the recording stops.
    let made;
    // Whether the file holds this run's header yet: an earlier recording is emptied at the first exchange.
    let started = false;
    try {
        // Opened to append, emptying nothing: emptied at once, an earlier recording was lost to a run refused before its
        // first call (found by a replay hunt). A new or empty file, a device or the process's own output is started here.
        const fd = (0,open_output_file/* openOutputFile */.Op)(path, 'a');
        try {
            const found = (0,external_node_fs_.fstatSync)(fd);
            if (!found.isFile() || found.size === 0 || (0,own_descriptor/* ownDescriptor */.Y)(path) !== undefined) {
                (0,open_output_file/* writeOutputFile */.BF)(fd, headerLine);
                started = true;
            }
            made = (0,external_node_fs_.fstatSync)(fd);
        }
        finally {
            (0,open_output_file/* closeOutputFile */.gR)(fd);
        }
    }
    catch (cause) {
        // Said as the trace's and the report's are: "plan.yml: ENOSPC: no space left on device, write" named
        // neither the file nor the option (found by an adversarial pass).
        if (cause instanceof output_path_refused_error/* OutputPathRefusedError */.l)
            throw cause;
        const reason = cause instanceof Error ? cause.message : String(cause);
        throw new Error(`cannot write the recording ${path}: ${reason}; check the path is writable and the disk is not full, or choose another path with --record FILE`, { cause });
    }
    const ordinals = new Map();
    const redact = options.redact ?? (0,core_redact/* createRedactor */.lY)();
    // Written synchronously, one whole line each, so concurrent steps cannot interleave lines.
    // Ordinals count recorded exchanges only: a call cut off by a cancel is not one a replay will see.
    // Found by an adversarial pass: a write that failed mid-run threw away the answer and failed its step.
    let stopped = false;
    const write = (purpose, request, outcome) => {
        if (stopped)
            return;
        const ordinal = ordinals.get(purpose) ?? 0;
        ordinals.set(purpose, ordinal + 1);
        const exchange = { purpose, ordinal, request, ...outcome };
        let fd;
        let size = 0;
        try {
            // Appended without following a symlink, as every output is written.
            // Never made again: a step that removed its folder, or put a link in its place, would have the rest
            // written where that leads, or a recording without its header and the calls before.
            fd = (0,open_output_file/* openOutputFile */.Op)(path, 'a-existing');
            const opened = (0,external_node_fs_.fstatSync)(fd);
            if (opened.dev !== made.dev || opened.ino !== made.ino) {
                (0,open_output_file/* closeOutputFile */.gR)(fd);
                fd = undefined;
                throw new Error('it is no longer the file this run started (a step removed or replaced it, or its folder)');
            }
            if (!started) {
                // The earlier recording it held goes now: this run's first answer came.
                (0,external_node_fs_.ftruncateSync)(fd, 0);
                (0,open_output_file/* writeOutputFile */.BF)(fd, headerLine);
                started = true;
            }
            size = (0,external_node_fs_.fstatSync)(fd).size;
            (0,open_output_file/* writeOutputFile */.BF)(fd, (0,json_line/* jsonLine */.r)(JSON.stringify((0,core_redact/* redactDeep */.KL)(exchange, redact))) + '\n');
        }
        catch (cause) {
            if (!options.warn)
                throw cause;
            stopped = true;
            // A line the failure cut short would make the whole file unreadable to a replay: it is taken back.
            let cut = false;
            try {
                if (fd !== undefined)
                    (0,external_node_fs_.ftruncateSync)(fd, size);
            }
            catch {
                cut = true;
            }
            const reason = cause instanceof Error ? cause.message : String(cause);
            options.warn(`could not write the recording ${path} (${reason}): it ends before this ${purpose} answer${cut ? ', its last line cut short (remove it before a replay)' : ''}, and a replay of it stops there; the run goes on with the answer`);
        }
        finally {
            if (fd !== undefined)
                (0,open_output_file/* closeOutputFile */.gR)(fd);
        }
    };
    return {
        defaultModel: inner.defaultModel,
        async complete(request, label, signal) {
            try {
                const response = await inner.complete(request, label, signal);
                write(label.purpose, request, { response });
                return response;
            }
            catch (error) {
                if (error instanceof model_call_error/* ModelCallError */.sX) {
                    // Its code and billed usage too: without them a replay charged nothing for an answer the endpoint billed
                    // (a cost and token limit the run met passed), and went on past a quota refusal (found by an adversarial hunt).
                    const { failure, status, param, transient, retryAfterMs, attempts, detail, code, billed } = error;
                    write(label.purpose, request, { error: { failure, status, param, transient, retryAfterMs, attempts, detail, code, billed } });
                }
                throw error;
            }
        },
    };
}

// EXTERNAL MODULE: ./lib/llm/replay-model-client.js + 5 modules
var replay_model_client = __webpack_require__(89845);
;// CONCATENATED MODULE: ./lib/llm/create-model-client.js






/** The model client for a run, or undefined when no key and no replay file were given. */
function createModelClient(settings) {
    if (settings.model !== undefined && settings.model.trim() === '')
        throw new Error('the model name is blank: name a model (--model, the model input or model.name), or leave it out for the default');
    if (settings.replay)
        return (0,replay_model_client/* replayModelClient */.G)(settings.replay, settings.model ? { defaultModel: settings.model } : {});
    if (!settings.apiKey)
        return undefined;
    // A key with a line break (a secret saved with its newline) failed every call as "invalid header value"
    // or "Connection error \u2026 check base-url", after retries and a replan (found by an adversarial pass).
    const bad = /[^\x21-\x7e]/.exec(settings.apiKey);
    if (bad) {
        const what = bad[0] === '\n' || bad[0] === '\r' ? 'a line break' : bad[0] === ' ' || bad[0] === '\t' ? 'a space' : 'a character';
        throw new Error(`the API key holds ${what} at character ${bad.index + 1}, which no request header can carry: set it to the key alone (a secret saved with a trailing newline does this)`);
    }
    const live = (0,openai_model_client/* createOpenAIModelClient */.$)({
        baseURL: settings.baseURL,
        apiKey: settings.apiKey,
        model: settings.model ?? default_model/* DEFAULT_MODEL */.U,
        timeoutMs: (settings.timeoutSeconds ?? model_timeout/* DEFAULT_MODEL_TIMEOUT_SECONDS */.cU) * 1000,
        maxRetries: model_timeout/* MODEL_CALL_RETRIES */.s2,
    });
    if (!settings.record)
        return live;
    const hideKey = (0,core_redact/* createRedactor */.lY)([settings.apiKey]);
    const given = settings.redact;
    return recordingModelClient(live, settings.record, { redact: given ? (text) => hideKey(given(text)) : hideKey, ...(settings.warn && { warn: settings.warn }) });
}

// EXTERNAL MODULE: ./lib/llm/redacting-model-client.js
var redacting_model_client = __webpack_require__(98398);
// EXTERNAL MODULE: ./lib/job/budgeted-model-client.js
var budgeted_model_client = __webpack_require__(66543);
;// CONCATENATED MODULE: ./lib/job/prepare-model.js





/**
 * Model phase: builds the client for the plan's model (or the caller's), wrapped so one budget sees
 * every call \u2014 planner, steps, replanner, reviews, judges \u2014 and none carries a secret the run knows
 * (`settings.redact`, which the recording also gets). A replay file that is missing or
 * malformed is a setup error, named on no file of the plan's: nothing ran.
 */
function prepareModel(plan, settings, createModel = createModelClient) {
    const budget = new run_budget/* RunBudget */.b(plan.limits, plan.source.pricing);
    let client;
    try {
        client = createModel({ ...settings, model: settings.model ?? plan.source.model?.name, timeoutSeconds: (0,model_timeout/* modelWaitSeconds */.i6)(settings.timeoutSeconds, plan.source.model?.timeout_seconds) });
    }
    catch (error) {
        // What the client is made from (a replay file, the API key, a model name given to the run) is no part of the plan
        // file: named on it, a replay file's bad line read `plan.yml: Replay file x.jsonl line 1: \u2026`, as if the plan were wrong.
        return { ok: false, error: { path: '', message: error instanceof Error ? error.message : String(error), setup: true } };
    }
    // No call carries a secret the run knows (`settings.redact`).
    const redact = settings.redact;
    const budgeted = client && (0,budgeted_model_client/* budgetedModelClient */.z)(client, budget);
    return { ok: true, budget, ...(budgeted && { model: redact ? (0,redacting_model_client/* redactingModelClient */.Q)(budgeted, redact) : budgeted }) };
}

// EXTERNAL MODULE: ./lib/run/step-tools.js
var step_tools = __webpack_require__(87749);
;// CONCATENATED MODULE: ./lib/job/replaced-step-refusal.js


/**
 * Why a resumed run may not start: it does not go on with the plan the run it resumes last had (`why`: a merge
 * job's re-run from the prepare job's plan, `ResumeState.replacedBefore`; a plain resume from the plan file's
 * steps or a plan written anew, `ResumedSteps`), and a step that run's revisions took out (`stepsTakenOut`) is in
 * its plan again and may call a tool with side effects, so it could take effect beside what replaced it.
 */
function replacedStepRefusal(plan, resume, why, tools, names) {
    for (const [key, took] of (0,resume_state/* stepsTakenOut */.vB)(resume)) {
        const step = plan.steps.find((candidate) => candidate.key === key);
        const tool = step && (0,step_tools/* toolsStepMayCall */.R)(step, plan).find((name) => tools.get(name)?.sideEffects);
        if (tool === undefined)
            continue;
        return (`step ${key} ${took}, and ${why}, where step ${key} is in the plan again: it may call ${tool}, a tool with side effects, which could take effect beside what replaced it. ` +
            `Nothing ran. If running that step again is what you want, run the plan afresh: ${names.fresh}`);
    }
    return undefined;
}

;// CONCATENATED MODULE: ./lib/job/write-steps.js

/**
 * Planning phase: a plan with a goal but no `workflow_sequence` has the model write (and, once,
 * repair) its steps; a plan with steps is returned as it is.
 */
async function writeSteps(plan, options) {
    if (plan.steps.length > 0)
        return { ok: true, plan, written: false };
    const { model } = options;
    if (!model) {
        return {
            ok: false,
            errors: [setupError(plan, `the plan has a goal but no workflow_sequence, so a model writes the steps, and none is configured: ${options.missingHint ?? MODEL_HINT}`)],
        };
    }
    // The planner is loaded only when a model writes a plan: a plan with steps never compiles it.
    const { writePlan } = await Promise.all(/* import() */[__webpack_require__.e(126), __webpack_require__.e(435), __webpack_require__.e(488), __webpack_require__.e(745), __webpack_require__.e(651), __webpack_require__.e(526)]).then(__webpack_require__.bind(__webpack_require__, 20964));
    const result = await writePlan(plan, { model, inputs: options.inputs, signal: options.signal });
    if (result.ok)
        return { ok: true, plan: result.plan, written: true };
    // A planner whose model call failed wrote no plan: the reports then show no "plan the model wrote" (found
    // by a new-user walkthrough: a stale replay's summary said the planner wrote a plan that did not pass).
    const wrote = result.attempts.length;
    const headline = setupError(plan, wrote === 0
        ? 'the model could not write a plan; no step ran'
        : `the plan the model wrote did not pass validation${wrote > 1 ? ', even after one repair' : ''}; no step ran`);
    return { ok: false, errors: [headline, ...result.errors], ...(wrote > 0 && { rejectedPlan: { attempts: result.attempts } }) };
}

;// CONCATENATED MODULE: ./lib/job/run-job.js


































/**
 * What a model that writes or replans the steps is given besides them, hashed: the goal (redacted, as the
 * trace keeps it), the goal checks' names and the run's inputs (`plan_created`'s `plannedFor`). Steps it
 * wrote for other ones do not fit: with other inputs, the plan written for the old ones ran, the values it
 * had written out of them in its arguments (found by an adversarial hunt of durable runs).
 */
function plannedFor(plan, inputs, redact) {
    return (0,stable_hash/* stableHash */.c6)({ goal: plan.goal === undefined ? null : redact(plan.goal), goals: (plan.source.goals ?? []).map((goal) => goal.name), inputs: (0,approval_request/* inputsHash */.Oq)(inputs, redact) });
}
/**
 * The hash of a plan file's steps as the trace keeps them (redacted, JSON), each as `hashedStep` has it: `plan_created`'s
 * `fileSteps`, which a resume compares with its trace's steps' `tracedStepsHash` (they are redacted already). Steps are
 * JSON (validated), so when the redactor's screen finds nothing in their canonical text to change, that text is the
 * redacted copy's: hashed as it is, where copying 10,000 steps through `redactDeep` and JSON took 80 ms.
 */
function fileStepsHash(fileSteps, redact) {
    const steps = (0,hashed_step/* hashedSteps */.Vt)(fileSteps);
    const json = (0,stable_hash/* stepsCanonicalJson */.KM)(steps);
    if (!(0,core_redact/* jsonMayNeedRedaction */.bh)(json, redact))
        return (0,stable_hash/* hashCanonical */.z7)(json);
    return (0,stable_hash/* stableHash */.c6)(JSON.parse(JSON.stringify((0,core_redact/* redactDeep */.KL)(steps, redact))));
}
/**
 * Loads and checks a plan, has a model write its steps when it has only a goal, runs it (retrying,
 * replanning and escalating as it goes, within its budgets), and evaluates its goals. Everything
 * that can be known before the first step (plan errors, a plan the model could not write, missing
 * inputs, no model for steps that need one) rejects the job before anything runs.
 */
async function runJob(settings, deps) {
    // The run's times count from here: its duration includes planning (and, through goals_checked, judging).
    const startedAt = deps.clock.now();
    const signal = deps.signal ?? new AbortController().signal;
    const redact = deps.redact ?? (0,core_redact/* createRedactor */.lY)((0,job_secrets/* jobSecrets */.p)({ apiKey: settings.model.apiKey, baseURL: settings.model.baseURL, env: settings.env, inputs: settings.inputs }));
    // The values the plan hands its processes under secret names are secrets from here on, in every report.
    const learn = redact.learn;
    let loaded;
    try {
        // A refused approval is refused before the plan's MCP servers start: it starts nothing.
        loaded = await loadJobPlan(settings, deps.extraTools ?? [], signal, { learnSecrets: learn, argsCheckLimitMs: deps.argsCheckLimitMs, beforeServers: approvalBeforeServers(settings, redact) });
    }
    catch (error) {
        // Cancelled while the plan's MCP servers started (they are ended by their own start): not a fault of plan-runner's.
        if (signal.aborted)
            return { kind: 'rejected', errors: [], cancelled: 'its MCP servers were starting' };
        throw error;
    }
    if (!loaded.ok)
        return { kind: 'rejected', errors: loaded.errors };
    learn?.((0,plan_secret_values/* planSecretValues */.U)(loaded.plan.source, settings.env));
    try {
        const plan = await jobPlan(loaded.plan, settings);
        if (!plan.ok)
            return { kind: 'rejected', plan: loaded.plan, errors: plan.errors };
        return await runLoadedJob(plan.plan, loaded.servers, settings, { ...deps, redact }, startedAt);
    }
    finally {
        // No orphan MCP servers, whatever happened (closing twice is safe).
        await loaded.servers?.close();
    }
}
async function runLoadedJob(loadedPlan, servers, settings, deps, startedAt) {
    const inputs = (0,resolve_inputs/* resolveInputs */.eL)(loadedPlan.source, settings.inputs, settings.emptyInputs);
    if (!inputs.ok)
        return { kind: 'rejected', plan: loadedPlan, errors: inputs.errors.map((message) => setupError(loadedPlan, message)), badInputs: true };
    const { redact } = deps;
    const emptied = (0,empty_inputs_warning/* emptyInputsWarning */.p)(settings.emptyInputs ?? [], loadedPlan.source.inputs);
    if (emptied)
        deps.warn?.(redact(emptied));
    redact.learn?.((0,secrets_as_read/* secretsAsRead */.O)(settings.inputs, inputs.inputs, redact));
    learnUsedPlanSecrets(loadedPlan, inputs.inputs, redact);
    // A frozen plan runs only with what its reviewers approved: the inputs mode: plan planned with, the used plans it read.
    // mode: plan runs nothing, and pins the file anew to what it is given (the refusal's own advice).
    const unfrozen = settings.mode === 'plan' ? [] : (0,frozen_pins/* frozenPinsRefusal */.vd)(loadedPlan, inputs.inputs, redact);
    if (unfrozen.length > 0) {
        const located = await (0,frozen_pins/* frozenPinErrors */.vB)(loadedPlan.file, unfrozen);
        return { kind: 'rejected', plan: loadedPlan, errors: located.map((error) => ({ ...error, message: `cannot run the frozen plan: ${error.message}`, setup: true })) };
    }
    const prepared = prepareModel(loadedPlan, { ...settings.model, redact }, deps.createModel);
    if (!prepared.ok)
        return { kind: 'rejected', plan: loadedPlan, errors: [prepared.error] };
    const { model, budget } = prepared;
    if (settings.fanOut && !loadedPlan.steps.some((step) => step.forEach?.fanOut)) {
        return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, `mode ${settings.fanOut.part} fans a plan out, and this plan has no step with fan_out: true; mark a for_each step fan_out: true, or run the plan without mode`)] };
    }
    // A paused part would leave the other jobs waiting on a state that never comes; a capped write in a part counts per job.
    const fanOutRefused = settings.fanOut ? (0,fan_out_refusal.fanOutRefusal)(loadedPlan, `mode ${settings.fanOut.part}`) : undefined;
    if (fanOutRefused !== undefined)
        return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, fanOutRefused)] };
    // Found by an adversarial pass: with no comment for an `/approve` to find, a paused run waited for an answer that could never come.
    const asker = settings.approvalUnreachable !== undefined && settings.mode !== 'plan' ? (0,pause_asker/* pauseAsker */.x)(loadedPlan) : undefined;
    if (asker !== undefined)
        return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, `this plan may pause for approval (${asker}), and ${settings.approvalUnreachable}. Nothing ran`)] };
    let resume;
    const traces = settings.resume === undefined ? [] : Array.isArray(settings.resume) ? settings.resume : [settings.resume];
    const states = [];
    let shardPlans = new Map();
    let preparedSteps = new Set();
    // A merge job's own earlier attempt (the last read): its replans are what a re-run of it goes on with.
    let ownMerge;
    for (const trace of traces) {
        const read = (0,read_resume_trace/* parseResumeTrace */.ei)(trace, loadedPlan.name);
        if (!read.ok)
            return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, `cannot resume: ${read.problem}`)] };
        // The prepare state a shard or merge job was given comes first (loadFanOutStates): its shard plans and
        // steps are the ones the states after it are read against.
        if (trace.fanOutPart === 'prepare') {
            shardPlans = read.state.shards;
            preparedSteps = new Set(read.state.reuse.keys());
        }
        const own = (0,resume_state/* fanOutOwnState */.NB)(trace.fanOutPart, read.state, shardPlans, preparedSteps);
        if (trace.fanOutPart === 'merge')
            ownMerge = own;
        states.push(own);
    }
    if (states.length > 0)
        resume = states.length === 1 ? states[0] : (0,resume_state/* mergeResumeStates */.w6)(states, states.map((state) => state.from).join(', '), ownMerge);
    const stepWeights = settings.stepWeights ?? (resume && resume.durations.size > 0 ? resume.durations : undefined);
    const granted = settings.approve && grantApproval(loadedPlan, resume, settings.approve, inputs.inputs, redact);
    if (granted && !granted.ok)
        return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, `cannot approve: ${granted.problem}`)] };
    // An approved run runs the plan exactly as approved; another resumed run goes on with the plan the run it
    // resumes last had, or says why not (`resumedSteps`). The file's steps as the trace keeps them: what a resumed run's replans (and this run's) are of.
    const fileSteps = loadedPlan.steps.length > 0 ? fileStepsHash(loadedPlan.steps, redact) : undefined;
    const planned = plannedFor(loadedPlan, inputs.inputs, redact);
    const approved = granted ? approvedSteps(loadedPlan.steps, granted.request.plan.steps, redact) : undefined;
    if (approved && 'problem' in approved)
        return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, `cannot approve: ${approved.problem}`)] };
    const resumed = approved ? { steps: approved.steps } : resume && resumedSteps(loadedPlan, resume, planned, fileSteps, redact);
    // Why this run may not go on with the plan the run it resumes last had: a step taken out there may run again.
    const notResumed = resume?.replacedBefore?.why ?? (approved ? 'this run runs the steps the approval covers' : resumed?.why);
    // The run's journal from here, when the model writes the steps: each call that writes them is in the trace as it is
    // charged, before the plan is (`model_used`), so that a plan it did not write, a cancel or a kill while it wrote
    // keeps what it cost (found by a hunt: their trace was empty, and a killed action's post step showed no cost). Not
    // for a resumed run, whose trace may be the one it resumes, replaced only when its own first lines are whole.
    const journal = !resumed?.steps && model && resume === undefined ? new RunJournal(deps.listeners, deps.clock, deps.onListenerError, startedAt) : undefined;
    if (journal)
        budget.onSpentOutsideSteps((usage) => journal.modelUsed(usage));
    const steps = resumed?.steps
        ? { ok: true, plan: { ...loadedPlan, steps: resumed.steps }, written: true }
        : await writeSteps(loadedPlan, { model, inputs: inputs.inputs, signal: deps.signal, ...(settings.model.missingHint !== undefined && { missingHint: settings.model.missingHint }) });
    if (!steps.ok) {
        // The planner's calls cost even when no plan came of them. A cancel while it wrote is a cancel, not a rejected plan.
        if (deps.signal?.aborted)
            return { kind: 'rejected', plan: loadedPlan, errors: [], usage: budget.usage, cancelled: 'the model was writing the plan' };
        return { kind: 'rejected', plan: loadedPlan, errors: steps.errors, usage: budget.usage, ...(steps.rejectedPlan && { rejectedPlan: steps.rejectedPlan }) };
    }
    const { plan } = steps;
    // The planner's calls count against the plan's limits here as in a run: one that passed a cap fails the job, naming it
    // (found by an adversarial pass: 5,500 tokens under max_tokens 1,000 succeeded, where mode: run failed).
    if (settings.mode === 'plan')
        return { kind: 'planned', plan, written: steps.written, usage: budget.usage, frozen: (0,frozen_pins/* frozenPins */.ze)(loadedPlan, inputs.inputs, redact), ...(budget.exceeded && { stopped: budget.exceeded }) };
    const noModel = model ? undefined : missingModelError(plan, settings.model.missingHint);
    if (noModel)
        return { kind: 'rejected', plan, errors: [noModel] };
    let opened;
    try {
        opened = await (0,open_tools/* openTools */.a)(plan.source, {
            cwd: settings.cwd,
            env: settings.env,
            signal: deps.signal ?? new AbortController().signal,
            ...(servers && { servers }),
            ...settings.github,
            ...(deps.extraTools && { extraTools: deps.extraTools }),
            ...(plan.withheld && { withheld: plan.withheld }),
            // A resumed run goes on with the run it resumes: what that wrote counts against the plan's write caps.
            ...(resume && { earlierWrites: [...resume.sideEffects].flatMap(([key, call]) => (call.outcome === 'failed' ? [] : [{ tool: call.tool, key }])) }),
            redact,
            ...(deps.decorateTool && { decorateTool: deps.decorateTool }),
        });
    }
    catch (error) {
        // The model may have written the steps already: its calls cost though nothing ran.
        return { kind: 'rejected', plan, errors: [setupError(plan, error.message)], usage: budget.usage };
    }
    const replaced = resume && notResumed !== undefined ? replacedStepRefusal(plan, resume, notResumed, opened.tools, settings.optionNames ?? EITHER_OPTION_NAMES) : undefined;
    if (replaced !== undefined) {
        await opened.close();
        return { kind: 'rejected', plan, errors: [setupError(plan, `cannot ${settings.fanOut?.part === 'merge' ? 're-run the merge' : 'resume'}: ${replaced}`)], usage: budget.usage };
    }
    const partial = settings.fanOut !== undefined && settings.fanOut.part !== 'merge';
    // Where command goals are refused, this job's checkout is not the commit the run is for (an approving job's):
    // what steps read from it is marked, and no goal is checked on a result so marked, here or where it is reused.
    const freeTools = settings.commandGoalsRefused === undefined ? undefined : (await __webpack_require__.e(/* import() */ 408).then(__webpack_require__.bind(__webpack_require__, 15408))).checkoutFreeToolNames();
    const readsElsewhere = freeTools && ((step, of) => (0,checkout_results/* readsCheckout */.cy)(step, freeTools, of.source?.tools));
    let run;
    try {
        // A resumed run's plan goes on with the revision numbers of the run it resumes.
        run = await runPlan({ ...plan, revision: (0,resume_state/* resumedRevision */.zO)(resume, () => fileStepsHash(plan.steps, redact)) }, {
            runStep: deps.runStep ?? run_step/* runStep */.e,
            tools: opened.tools,
            model,
            listeners: deps.listeners,
            clock: deps.clock,
            startedAt,
            ...(journal && { journal }),
            signal: deps.signal,
            cwd: settings.cwd,
            inputs: inputs.inputs,
            redact,
            onListenerError: deps.onListenerError,
            ...(deps.recordProblem && { recordProblem: deps.recordProblem }),
            budget,
            // A prepare or shard job runs part of the plan; a replan there would change what the other jobs run. Loaded only with a model.
            ...(model && !partial && { replanner: (await Promise.all(/* import() */[__webpack_require__.e(126), __webpack_require__.e(435), __webpack_require__.e(488), __webpack_require__.e(745), __webpack_require__.e(651), __webpack_require__.e(909)]).then(__webpack_require__.bind(__webpack_require__, 3909))).createModelReplanner(plan, { model, inputs: inputs.inputs, ...(opened.githubWritten && { githubWritten: opened.githubWritten }) }) }),
            ...(settings.fanOut && { fanOut: settings.fanOut }),
            ...(deps.random && { random: deps.random }),
            // Without weights given, a resumed run orders its ready steps by how long they took in the run it resumes.
            ...(stepWeights && { stepWeights }),
            // A trace written before a used plan's results were kept in their place has them placed where this plan runs them.
            ...(resume && { resume: placeCarriedResults(resume, plan) }),
            ...(fileSteps !== undefined && { fileSteps }),
            plannedFor: planned,
            ...(granted && { approval: granted.approval }),
            ...(settings.askedAt && { askedAt: settings.askedAt }),
            // A used plan's goals are checked like the job's, with the same scrubbed environment.
            ...(readsElsewhere && { readsElsewhere }),
            checkGoals: (goals, target, signal, within) => (0,evaluate_goals/* evaluateGoals */.Y)(goals, target, { model, cwd: settings.cwd, env: (0,scrub_environment/* scrubEnvironment */.vf)(settings.env, undefined, 'goal'), signal, within, ...(settings.commandGoalsRefused !== undefined && { commandsRefused: settings.commandGoalsRefused }) }),
        });
    }
    finally {
        // Goal checks call no tools: end the MCP servers before they run.
        await opened.close();
    }
    // The goals judge the whole run: the merge job checks them, not the jobs that ran a part.
    if (partial)
        return { kind: 'ran', plan, run, goals: [], status: run.status, usage: budget.usage };
    const { goals, status } = await judgeGoals(plan, run, { model, cwd: settings.cwd, env: settings.env, signal: deps.signal, redact, usage: () => budget.usage, budgetStop: () => budget.exceeded, ...(resume && { resumedUnfinished: resume.leftUndone }), ...(settings.commandGoalsRefused !== undefined && { commandsRefused: settings.commandGoalsRefused }) });
    return { kind: 'ran', plan, run, goals, status, usage: budget.usage };
}


/***/ }),

/***/ 90603:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ AnswerTooLargeError),
/* harmony export */   g: () => (/* binding */ MAX_ANSWER_BYTES)
/* harmony export */ });
/**
 * The most bytes of one answer's body the model client reads: far beyond what any model writes in one
 * answer (128,000 tokens of output is about half a MiB of text, a few MiB JSON-escaped), and small enough
 * that an endpoint sending without end cannot fill the runner's memory, as reading a body whole let it.
 */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
function formatLimit(bytes) {
    return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}
/** An answer's body longer than the client reads: by its declared length, or by the bytes read. */
class AnswerTooLargeError extends Error {
    name = 'AnswerTooLargeError';
    limitBytes;
    declaredBytes;
    constructor(limitBytes, declaredBytes) {
        super(declaredBytes === undefined
            ? `the answer was longer than the ${formatLimit(limitBytes)} plan-runner reads`
            : `the answer declared ${declaredBytes} bytes, more than the ${formatLimit(limitBytes)} plan-runner reads`);
        this.limitBytes = limitBytes;
        if (declaredBytes !== undefined)
            this.declaredBytes = declaredBytes;
    }
}


/***/ }),

/***/ 94165:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ AnswerTooSlowError)
/* harmony export */ });
/**
 * An answer whose body did not arrive whole within the request timeout after its headers: the SDK's timeout ends
 * when the headers come, and a body sent a byte a second held one request for minutes (found by a hunt of endpoint
 * quirks). The model client asks again within its retries, as for a hung request.
 */
class AnswerTooSlowError extends Error {
    name = 'AnswerTooSlowError';
    timeoutMs;
    constructor(timeoutMs) {
        super(`the answer's body did not arrive whole within ${timeoutMs / 1000} s of its headers`);
        this.timeoutMs = timeoutMs;
    }
}


/***/ }),

/***/ 95835:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ completeForJson),
/* harmony export */   T: () => (/* binding */ askForJson)
/* harmony export */ });
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(86919);
/* harmony import */ var _tool_call_instead_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(96969);
/* harmony import */ var _model_call_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(63156);
/* harmony import */ var _cut_off_reason_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(46660);




// Endpoints that refused `response_format` once are asked without it from then on.
const refusesResponseFormat = new WeakSet();
/**
 * A 400 or 422 that may be the format's refusal: one naming another parameter (`temperature`, which reasoning
 * models refuse) fails the same way without the format, and was asked again for nothing (found by an adversarial pass).
 */
function refusedFormat(error) {
    if (!(error instanceof _model_call_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ModelCallError */ .sX && error.failure === 'http' && (error.status === 400 || error.status === 422)))
        return false;
    return error.param === undefined || error.param.startsWith('response_format');
}
/**
 * The answer's text; throws when the model refused (its words are the reason), or when the endpoint cut it off
 * (`finish_reason` length or content_filter): a list cut after its third step can still parse, and would run as
 * the whole plan.
 */
function answerText(response) {
    const choice = response.choices[0];
    // A refusal comes with no text (`llm/read-chat-response.ts`): read as an empty answer, the planner's rejection
    // said "the answer was empty" twice, after a repair call, and the model's reason was shown nowhere (found by an
    // adversarial pass). Structured outputs, which the planner, replanner and review ask for, are where OpenAI refuses.
    const refusal = choice?.message.refusal;
    if (refusal)
        throw new Error(`the model refused to answer: ${JSON.stringify((0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(refusal, 300))}`);
    const reason = (0,_cut_off_reason_js__WEBPACK_IMPORTED_MODULE_1__/* .cutOffReason */ .ag)(choice);
    if (reason) {
        throw new Error(`the model's answer was cut off before it ended (${(0,_cut_off_reason_js__WEBPACK_IMPORTED_MODULE_1__/* .cutOffWhy */ .q1)(reason)}), and a part of an answer is not read as the whole: give the model a larger output limit, or ask for less`);
    }
    // No tool is offered to these calls: an answer that is only a tool call was read as an empty one, and the planner's
    // rejection said "the answer was empty" (twice, after a repair call that showed the model nothing of what it sent).
    const instead = (0,_tool_call_instead_js__WEBPACK_IMPORTED_MODULE_3__/* .toolCallInstead */ .X)(choice);
    if (instead !== undefined)
        throw new Error(instead);
    return choice?.message.content ?? '';
}
/**
 * One model call that should answer in JSON: with the request's JSON-schema `response_format`
 * where the endpoint takes it; an endpoint that rejects it (400/422) is asked once more without,
 * and the caller reads JSON out of the text. Returns the answer as it came.
 */
async function completeForJson(model, request, label, signal) {
    const { response_format: format, ...plain } = request;
    let refused = false;
    if (format && !refusesResponseFormat.has(model)) {
        try {
            return await model.complete(request, label, signal);
        }
        catch (error) {
            if (!refusedFormat(error))
                throw error;
            refused = true;
        }
    }
    const response = await model.complete(plain, label, signal);
    // Only an endpoint that then took the request without the format refused the format: a 400 for another
    // reason (a prompt over the context window) failed the same way without it, and turned structured
    // answers off for the rest of the run (found by an adversarial pass).
    if (refused)
        refusesResponseFormat.add(model);
    return response;
}
/**
 * `completeForJson`'s answer as text ('' when there is none); throws for an answer the endpoint cut off.
 */
async function askForJson(model, request, purpose, signal) {
    return answerText(await completeForJson(model, request, { purpose }, signal));
}


/***/ }),

/***/ 16249:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   UZ: () => (/* binding */ leastChargedTokens),
/* harmony export */   bP: () => (/* binding */ estimateTokens),
/* harmony export */   bW: () => (/* binding */ estimatePromptTokens),
/* harmony export */   cL: () => (/* binding */ billedUsage),
/* harmony export */   mu: () => (/* binding */ callUsage)
/* harmony export */ });
/* harmony import */ var _model_call_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(63156);
/* harmony import */ var _pricing_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(50657);
/* harmony import */ var _read_chat_response_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(46724);



/** About four characters a token in English text and JSON: the estimate used when an endpoint counts nothing. */
const CHARS_PER_TOKEN = 4;
const tokensOf = (text) => Math.ceil(text.length / CHARS_PER_TOKEN);
/** Estimates already made: the budget's reservation before a call and the usage after it read the same request. */
const promptEstimates = new WeakMap();
/** What a call sends (messages, tool definitions, response format), in estimated tokens; measured once per request. */
function estimatePromptTokens(request) {
    let tokens = promptEstimates.get(request);
    if (tokens === undefined) {
        tokens = tokensOf(JSON.stringify({ messages: request.messages, tools: request.tools, response_format: request.response_format }));
        promptEstimates.set(request, tokens);
    }
    return tokens;
}
/**
 * Text fields beside `content` in which endpoints send what the model wrote: a refusal, and a thinking
 * model's reasoning (`reasoning_content`: DeepSeek, vLLM, llama.cpp; `reasoning`: OpenRouter, Ollama);
 * and what reading the answer took out of it (`UNREAD_OUTPUT`).
 */
const WRITTEN_FIELDS = ['refusal', 'reasoning_content', 'reasoning', _read_chat_response_js__WEBPACK_IMPORTED_MODULE_2__/* .UNREAD_OUTPUT */ .Sd];
/** What the model wrote in one message: its text, what it wrote beside it, its tool calls. */
function writtenText(message) {
    const beside = WRITTEN_FIELDS.map((field) => message[field]).filter((value) => typeof value === 'string');
    // A call of another type is kept as it came (its depth bounded by the reader) and run by no step: written out, it is output all the same.
    const calls = (message.tool_calls ?? []).map((call) => (call.type === 'function' ? `${call.function.name}${call.function.arguments}` : JSON.stringify(call)));
    return [message.content ?? '', ...beside, ...calls].join('');
}
/**
 * What a call sent and what came back, in estimated tokens. The reasoning a thinking model sends as text is
 * output it was paid for: counted only the answer, 200,000 characters of reasoning with no `usage` were charged
 * as 3 tokens, and max_tokens never stopped the run (found by a budget hunt).
 */
function estimateTokens(request, response) {
    const answered = response.choices.map((choice) => writtenText(choice.message)).join('');
    return { promptTokens: estimatePromptTokens(request), completionTokens: tokensOf(answered) };
}
/**
 * The prompt tokens the endpoint says it read from its cache (`usage.prompt_tokens_details.cached_tokens`), at most
 * the prompt tokens it reported; 0 when it sends none, or a count that is not a whole non-negative number.
 */
function cachedPromptTokens(counted) {
    const details = counted.prompt_tokens_details;
    const cached = details !== null && typeof details === 'object' ? details['cached_tokens'] : undefined;
    return typeof cached === 'number' && Number.isSafeInteger(cached) && cached > 0 ? Math.min(cached, counted.prompt_tokens) : 0;
}
/** How far a reported count may fall short of a quarter of the estimate and still be taken as it is. */
const COUNT_SHORTFALL_TOKENS = 1_000;
/**
 * The fewest tokens a call is charged for text estimated at `estimate` tokens, whatever the endpoint reports: a quarter
 * of the estimate less `COUNT_SHORTFALL_TOKENS` (a count below it is raised to the quarter). The budget refuses a
 * call before it is sent by this too, so that it never refuses one it would charge within its cap.
 */
function leastChargedTokens(estimate) {
    return Math.max(0, Math.ceil(estimate / 4) - COUNT_SHORTFALL_TOKENS);
}
/** A reported count, or a quarter of the estimate when the count is less than `leastChargedTokens`. */
function atLeast(reported, estimate) {
    return reported >= leastChargedTokens(estimate) ? reported : Math.ceil(estimate / 4);
}
/**
 * Counts one call from the response's `usage` and prices it by the model the endpoint reports,
 * falling back to the model that was asked for; the prompt tokens it read from its cache at the cached input price. An endpoint that sends no `usage` gets its tokens
 * estimated from the text (`estimatedCalls: 1`), so `max_tokens` and `max_cost_usd` still hold; one that
 * reports counts far below its text is charged a quarter of the estimate at least, also counted in `estimatedCalls`.
 */
function callUsage(response, request, overrides) {
    const counted = response.usage;
    const estimated = estimateTokens(request, response);
    // Reported counts are taken, unless they fall more than 1,000 tokens short of a quarter of the estimate
    // (16 characters a token, which only long runs of white space reach): an endpoint that reported 1 token
    // for each 15 MB answer kept max_tokens and max_cost_usd from ever stopping an agent (found by an
    // adversarial pass). Within that margin the endpoint's own count stands, to the token.
    const { promptTokens, completionTokens } = counted
        ? { promptTokens: atLeast(counted.prompt_tokens, estimated.promptTokens), completionTokens: atLeast(counted.completion_tokens, estimated.completionTokens) }
        : estimated;
    const requestedModel = request.model;
    const model = response.model || requestedModel;
    // Only with the endpoint's own prompt count: a count raised to the estimate's floor said nothing true, its cached part neither.
    const cached = counted && promptTokens === counted.prompt_tokens ? cachedPromptTokens(counted) : 0;
    const priced = (0,_pricing_js__WEBPACK_IMPORTED_MODULE_1__/* .estimateCallCostUsd */ .ad)([model, requestedModel], promptTokens, completionTokens, overrides, cached);
    // A count raised to the estimate's floor is an estimate too, and is said to be one: the figure looked like the
    // endpoint's own (found by a budget hunt: 2,500 tokens shown for an answer the endpoint counted as 1).
    const raised = counted !== undefined && (promptTokens !== counted.prompt_tokens || completionTokens !== counted.completion_tokens);
    return {
        modelCalls: 1,
        promptTokens,
        completionTokens,
        costUsd: priced.costUsd,
        ...((!counted || raised) && { estimatedCalls: 1 }),
        ...(cached > 0 && { cachedPromptTokens: cached }),
        model,
        requestedModel,
        priceKnown: priced.priceKnown,
    };
}
/**
 * The usage of a failed call the endpoint still bills: a 200 answer that was no Chat Completions answer
 * but reported its `usage` (`ModelCallError.billed`); undefined for any other failure.
 */
function billedUsage(error, request) {
    return error instanceof _model_call_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ModelCallError */ .sX && error.billed ? callUsage(error.billed, request) : undefined;
}


/***/ }),

/***/ 46660:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ag: () => (/* binding */ cutOffReason),
/* harmony export */   q1: () => (/* binding */ cutOffWhy),
/* harmony export */   r5: () => (/* binding */ reachedTokenLimit)
/* harmony export */ });
/**
 * Finish reasons that mean an answer's text is not the whole answer: the token limit, a content filter. In
 * lower case with `_`: besides OpenAI's own, the spellings gateways pass through from other APIs (Anthropic's
 * `max_tokens`, Gemini's `MAX_TOKENS`, `SAFETY`, `RECITATION`), which read as a whole answer and let a cut
 * one pass a goal (found by an adversarial pass). So did those of endpoints that speak Chat Completions with
 * reasons of their own: Mistral's `model_length` (the context window) and `error` (generation stopped by an
 * error), Anthropic's `model_context_window_exceeded` and `refusal` (a classifier stopped it mid-answer),
 * Bedrock's `content_filtered` and `guardrail_intervened`, Gemini's `BLOCKLIST`, `PROHIBITED_CONTENT` and `SPII`
 * (found by an adversarial pass).
 */
const TOKEN_LIMIT_REASONS = new Set(['length', 'max_tokens', 'max_output_tokens', 'max_completion_tokens', 'model_length', 'model_context_window_exceeded']);
const CUT_OFF_FINISH_REASONS = new Set([
    ...TOKEN_LIMIT_REASONS,
    'content_filter',
    'content_filtered',
    'guardrail_intervened',
    'safety',
    'recitation',
    'blocklist',
    'prohibited_content',
    'spii',
    'refusal',
    'error',
]);
const normal = (reason) => reason.trim().toLowerCase().replace(/-/g, '_');
/**
 * The finish reason of an answer the endpoint cut off before it ended, else undefined. A fragment
 * is never read as the whole: not as a step's result, a plan, nor a judge's verdict. Returned without the
 * blanks around it, so as long as a reason it names: `content_filter` and 100,000 spaces went whole into
 * a step's error, the log and the trace (found by an adversarial pass).
 */
function cutOffReason(choice) {
    const reason = choice?.finish_reason;
    return typeof reason === 'string' && CUT_OFF_FINISH_REASONS.has(normal(reason)) ? reason.trim() : undefined;
}
/** True when `reason` says the answer ended at the token limit (`length`, `max_tokens`, \u2026). */
function reachedTokenLimit(reason) {
    return typeof reason === 'string' && TOKEN_LIMIT_REASONS.has(normal(reason));
}
/** Why an answer was cut off, in words: `it reached the token limit`, `the endpoint stopped it (content_filter)`. */
function cutOffWhy(reason) {
    return reachedTokenLimit(reason) ? 'it reached the token limit' : `the endpoint stopped it (${reason})`;
}


/***/ }),

/***/ 34325:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ describePurpose),
/* harmony export */   v: () => (/* binding */ stepPurpose)
/* harmony export */ });
/** The label purpose of a step's model calls: `step:<key>`. Record/replay files and errors use it. */
function stepPurpose(stepKey) {
    return `step:${stepKey}`;
}
/** Words for who made a call, for error messages: `step:3` \u2192 `step 3`, `goal:x` \u2192 `goal "x"`. */
function describePurpose(purpose) {
    if (purpose.startsWith('step:'))
        return `step ${purpose.slice('step:'.length)}`;
    if (purpose.startsWith('goal:'))
        return `goal "${purpose.slice('goal:'.length)}"`;
    return `the ${purpose}`;
}


/***/ }),

/***/ 63156:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FF: () => (/* binding */ MODEL_CALL_FAILURES),
/* harmony export */   Ud: () => (/* binding */ endpointRefusesEveryCall),
/* harmony export */   sX: () => (/* binding */ ModelCallError),
/* harmony export */   wd: () => (/* binding */ NO_SCRIPTED_ANSWER_CODE)
/* harmony export */ });
/* unused harmony export MAX_DETAIL_CHARS */
/* harmony import */ var _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1938);
/* harmony import */ var _describe_purpose_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(34325);
/* harmony import */ var _core_trim_end_chars_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(33883);
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(86919);
/* harmony import */ var _model_timeout_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(59720);
/* harmony import */ var _quota_refusals_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(16689);






/**
 * How a model call failed: an HTTP error status, no answer in time, no connection at all, an
 * answer cut off before its end, an answer longer than the client reads, or a 200 answer that is not a
 * Chat Completions answer.
 */
const MODEL_CALL_FAILURES = ['http', 'timeout', 'connection', 'truncated', 'too-large', 'malformed'];
/**
 * The error code of `eval`'s answers-file server for a call the file has no answer for: its message says which caller
 * to add, and the endpoint advice a real endpoint's 400 gets ("check that it supports this model\u2026") was wrong there.
 */
const NO_SCRIPTED_ANSWER_CODE = 'plan_runner_no_scripted_answer';
/** The most characters of an endpoint's `param` a hint repeats. */
const MAX_PARAM_CHARS = 100;
function hint(failure, status, param, code) {
    if (code === NO_SCRIPTED_ANSWER_CODE)
        return '';
    // A self-hosted endpoint may need minutes for a long answer: the wait is a setting.
    if (failure === 'timeout')
        return `The endpoint did not answer in time; give it longer (${_model_timeout_js__WEBPACK_IMPORTED_MODULE_2__/* .MODEL_TIMEOUT_SETTINGS */ .cs}), retry later, or use a faster model (model.name, the model input or --model) or endpoint (base-url).`;
    if (failure === 'connection')
        return 'Could not reach the endpoint; check base-url and the network.';
    if (failure === 'truncated')
        return 'The connection closed before the whole answer arrived; the model client asks again within its retries. If it keeps happening, check proxies between the runner and the endpoint.';
    if (failure === 'too-large')
        return 'No model writes that much in one answer: check that base-url is an OpenAI-compatible endpoint (ending in /v1), not a proxy or page that sends without end.';
    if (failure === 'malformed')
        return 'The endpoint answered with something that is not a Chat Completions answer or error; check that base-url is an OpenAI-compatible endpoint (ending in /v1) that serves this model.';
    // Made below both front ends: each one's way of giving the key.
    if (status === 401 || status === 403)
        return "Check the API key (the action's api-key input; the CLI's OPENAI_API_KEY or --api-key-env) and that it may use this model.";
    if (status === 404)
        return 'Check the model name and base-url.';
    // What the endpoint's code says is more than its status: a 429 for an account with no credit is no rate limit.
    if (code === _quota_refusals_js__WEBPACK_IMPORTED_MODULE_1__/* .INSUFFICIENT_QUOTA */ .z || status === 402)
        return "The endpoint's account for this API key has no credit left: add credit or raise its spending limit, or use another key; no retry can succeed before then.";
    if (code === 'context_length_exceeded')
        return "The request is longer than the model's context window: have the step read less (a narrower path or search, fewer or smaller results it depends on), or use a model with a larger context.";
    if (status === 429)
        return 'The endpoint is rate limiting; retry later or lower limits.concurrency.';
    if (status !== undefined && status >= 500)
        return 'The endpoint failed; retry later.';
    // Reasoning models (o3, o4-mini, gpt-5) refuse any temperature but their default, which only a plan sets.
    if (param === 'temperature')
        return "The endpoint refused the request's temperature: leave temperature out of the plan's model: and agents: for this model, or set the one it takes.";
    if (param)
        return `The endpoint refused the request's ${param}; check that it supports this model and Chat Completions tool calls.`;
    return 'The endpoint rejected the request; check that it supports this model and Chat Completions tool calls.';
}
/** The most of an endpoint's error message an error keeps (then `\u2026`): it goes into the log, the trace and the summary. */
const MAX_DETAIL_CHARS = 1_000;
/**
 * True for a model call that fails for every call to its endpoint alike, the replanner's included: the
 * endpoint could not be reached, it refused the key (401), or the key's account has no credit left (a 429 of
 * `insufficient_quota`, a 402). Not a 403, which an endpoint gives for one model or one request (a key without
 * access to an agent's model, a moderation refusal).
 */
function endpointRefusesEveryCall(error) {
    return error instanceof ModelCallError && (error.failure === 'connection' || error.status === 401 || error.status === 402 || (error.status === 429 && error.code === _quota_refusals_js__WEBPACK_IMPORTED_MODULE_1__/* .INSUFFICIENT_QUOTA */ .z));
}
/** A Chat Completions call that failed after the SDK's own retries; `transient` follows the SDK's retry rules. */
class ModelCallError extends _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__/* .StepError */ .zg {
    purpose;
    model;
    failure;
    status;
    /** See `ModelCallErrorFields.param`. */
    param;
    /** See `ModelCallErrorFields.code`. */
    code;
    attempts;
    detail;
    /** See `ModelCallErrorFields.billed`: the caller charges it as it charges an answer. */
    billed;
    constructor(fields) {
        // A proxy or a hostile endpoint may make its message as long as an answer may be (16 MiB).
        const detail = (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(fields.detail, MAX_DETAIL_CHARS + 1);
        const param = fields.param === undefined ? undefined : (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(fields.param, MAX_PARAM_CHARS + 1);
        // The SDK's own messages end in a full stop (`Connection error.`): one, before the hint.
        const what = (0,_core_trim_end_chars_js__WEBPACK_IMPORTED_MODULE_4__/* .trimEndChars */ .v)(fields.status !== undefined ? `${fields.status} ${detail}` : detail, '.');
        const tries = fields.attempts === 1 ? '' : ` after ${fields.attempts} attempts`;
        const advice = hint(fields.failure, fields.status, param, fields.code);
        super(`Model call for ${(0,_describe_purpose_js__WEBPACK_IMPORTED_MODULE_5__/* .describePurpose */ .S)(fields.purpose)} (model ${fields.model}${fields.endpoint ? ` at ${fields.endpoint}` : ''}) failed${tries}: ${what}.${advice ? ` ${advice}` : ''}`, { transient: fields.transient, retryAfterMs: fields.retryAfterMs, cause: fields.cause });
        this.purpose = fields.purpose;
        this.model = fields.model;
        this.failure = fields.failure;
        if (fields.status !== undefined)
            this.status = fields.status;
        if (param)
            this.param = param;
        if (fields.code)
            this.code = (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(fields.code, MAX_PARAM_CHARS + 1);
        this.attempts = fields.attempts;
        this.detail = detail;
        if (fields.billed)
            this.billed = fields.billed;
    }
    /**
     * True when the model client already retried this kind of failure (the SDK its kinds, the client an answer cut
     * off mid-body); an answer too long or not a Chat Completions answer is not retried, as asking again would not help.
     */
    get retriedByClient() {
        return this.failure !== 'too-large' && this.failure !== 'malformed';
    }
}


/***/ }),

/***/ 51049:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  $: () => (/* binding */ createOpenAIModelClient),
  U: () => (/* binding */ readingAnswers)
});

// EXTERNAL MODULE: external "node:async_hooks"
var external_node_async_hooks_ = __webpack_require__(16698);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(58500);
// EXTERNAL MODULE: ./lib/llm/answer-too-large-error.js
var answer_too_large_error = __webpack_require__(90603);
// EXTERNAL MODULE: ./lib/llm/answer-too-slow-error.js
var answer_too_slow_error = __webpack_require__(94165);
;// CONCATENATED MODULE: ./lib/llm/bounded-retry-waits.js

/**
 * The wait the `openai` SDK takes from an answer's `retry-after-ms` or `retry-after` before it asks again, read
 * as the SDK reads them (`retryRequest`): undefined when neither says one.
 */
function sdkWaitMs(headers, now) {
    const inMs = headers.get('retry-after-ms');
    const fromMs = inMs ? Number.parseFloat(inMs) : Number.NaN;
    if (!Number.isNaN(fromMs) && fromMs !== 0)
        return fromMs;
    const retryAfter = headers.get('retry-after');
    if (!retryAfter)
        return Number.isNaN(fromMs) ? undefined : fromMs;
    const seconds = Number.parseFloat(retryAfter);
    return Number.isNaN(seconds) ? Date.parse(retryAfter) - now : seconds * 1000;
}
/** Whether the SDK asks again after this error answer (its `shouldRetry`), retries left aside. */
function sdkRetries(response) {
    const told = response.headers.get('x-should-retry');
    if (told === 'true' || told === 'false')
        return told === 'true';
    return response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500;
}
/**
 * `fetch` whose error answers ask the SDK for no wait longer than `maxWaitMs`. The SDK waits out any
 * `retry-after` it is given before it retries, in a sleep no signal ends: a 429 asking for an hour held a
 * cancelled call, and a planner's or judge's past the run's timeout, for that hour (found by an adversarial
 * pass). A wait past `maxWaitMs`, below 0 or unreadable is taken off the answer, and the SDK backs off as
 * it does when none is given (as it did before v5, and as the call's deadline counts on). A wait it takes before
 * it asks again is waited here, on the call's signal (`callOf`), and the SDK told to wait 0 ms: its sleep, which a
 * cancel leaves running, held the process up to a minute past the run's end (found by a review).
 */
function boundingRetryWaits(inner, maxWaitMs, callOf = () => undefined, now = Date.now) {
    return async (input, init) => {
        const response = await inner(input, init);
        // A status `Response` cannot take (it allows 200\u2013599) is passed on as it came.
        if (response.ok || response.status < 200 || response.status > 599)
            return response;
        const wait = sdkWaitMs(response.headers, now());
        if (wait === undefined)
            return response;
        const taken = wait >= 0 && wait <= maxWaitMs;
        const call = taken ? callOf() : undefined;
        // An answer the SDK does not ask again after is read whole, its retry-after kept for the error.
        if (taken && !(call && call.retriesLeft && sdkRetries(response)))
            return response;
        const headers = new Headers(response.headers);
        headers.delete('retry-after-ms');
        headers.delete('retry-after');
        if (!call)
            return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
        // The SDK cancels the body of an answer it asks again after: cancelled before the wait, the request is an
        // answer, not one abandoned, when the call is cancelled during it.
        await response.body?.cancel();
        await (0,promises_.setTimeout)(wait, undefined, { signal: call.signal });
        headers.set('retry-after-ms', '0');
        return new Response(null, { status: response.status, statusText: response.statusText, headers });
    };
}

// EXTERNAL MODULE: ./lib/core/parse-json.js
var parse_json = __webpack_require__(70695);
;// CONCATENATED MODULE: ./lib/llm/error-bodies-in-openai-shape.js

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** FastAPI's validation details, `[{loc, msg}, \u2026]`: their messages, joined. */
function detailMessages(detail) {
    if (typeof detail === 'string')
        return detail;
    if (!Array.isArray(detail))
        return undefined;
    const messages = detail.map((item) => (isObject(item) && typeof item['msg'] === 'string' ? item['msg'] : '')).filter(Boolean);
    return messages.length > 0 ? messages.join('; ') : undefined;
}
/**
 * The message of an error body that does not keep it where the SDK reads it (`error.message`): at the top
 * (SGLang, FastChat, vLLM before 0.10.2: `{object: "error", message}`), under FastAPI's `detail`, or as an
 * `error` that is text (TGI). Undefined for a body in OpenAI's shape, or one that says nothing readable.
 */
function misplacedMessage(text) {
    let body;
    try {
        body = (0,parse_json/* parseJson */.qF)(text);
    }
    catch {
        return undefined;
    }
    if (!isObject(body))
        return undefined;
    if (typeof body['error'] === 'string')
        return body['error'];
    if (body['error'] !== undefined && body['error'] !== null)
        return undefined;
    return typeof body['message'] === 'string' ? body['message'] : detailMessages(body['detail']);
}
/**
 * `fetch` whose error answers carry their message where the `openai` SDK reads it, `{"error": {"message"}}`:
 * the SDK takes nothing else from a JSON body, so a server that wrote it elsewhere failed the call with
 * "400 no error message", the endpoint's reason (a prompt over the context window, a model not served)
 * shown nowhere (found by an adversarial pass). The body is read when the SDK reads it; one it cancels (an
 * error it retries) is cancelled, and one that cannot be read fails as it would have.
 */
function errorBodiesInOpenAIShape(inner) {
    return async (input, init) => {
        const response = await inner(input, init);
        // A status `Response` cannot take (it allows 200\u2013599) is passed on as it came.
        if (response.ok || !response.body || response.status < 200 || response.status > 599)
            return response;
        const reader = response.body.getReader();
        const body = new ReadableStream({
            async pull(controller) {
                const chunks = [];
                for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
                    chunks.push(chunk.value);
                const bytes = Buffer.concat(chunks);
                const message = misplacedMessage(bytes.toString('utf8'));
                controller.enqueue(message === undefined ? bytes : Buffer.from(JSON.stringify({ error: { message } })));
                controller.close();
            },
            cancel: (reason) => reader.cancel(reason),
        });
        const headers = new Headers(response.headers);
        headers.delete('content-length');
        return new Response(body, { status: response.status, statusText: response.statusText, headers });
    };
}

// EXTERNAL MODULE: ./lib/llm/quota-refusals.js
var quota_refusals = __webpack_require__(16689);
// EXTERNAL MODULE: ./lib/llm/base-url.js
var base_url = __webpack_require__(99882);
// EXTERNAL MODULE: ./lib/core/race-abort.js
var race_abort = __webpack_require__(90469);
// EXTERNAL MODULE: ./lib/core/limited-body.js
var limited_body = __webpack_require__(73782);
// EXTERNAL MODULE: ./lib/llm/model-call-error.js
var model_call_error = __webpack_require__(63156);
// EXTERNAL MODULE: ./lib/llm/read-chat-response.js
var read_chat_response = __webpack_require__(46724);
// EXTERNAL MODULE: ./lib/core/timeout-signal.js
var timeout_signal = __webpack_require__(79893);
// EXTERNAL MODULE: ./lib/core/long-wait-fetch.js
var long_wait_fetch = __webpack_require__(52654);
;// CONCATENATED MODULE: ./lib/llm/openai-model-client.js














/** Room for the SDK's waits between attempts (backoff, retry-after: a longer one is not waited for), beyond each attempt's timeout. */
const RETRY_WAITS_MS = 60_000;
const requestsOf = new external_node_async_hooks_.AsyncLocalStorage();
/** The wait before retry number `retry` (1 = the first): the SDK's own backoff (0.5 s doubling to 8 s, less up to 25% jitter). */
function sdkBackoffMs(retry) {
    return Math.min(500 * 2 ** (retry - 1), 8_000) * (1 - Math.random() * 0.25);
}
/** The signals of requests a reader (`readingAnswers`) reports for, while it does. */
const watched = new WeakSet();
/**
 * `fetch` as the SDK gets it. Every body is read through `limitedBody`, which ends it with an
 * `AnswerTooLargeError` once it passes `maxBytes` (at once when its `content-length` says so), so the
 * SDK, which reads an answer or an error whole, never holds more.
 *
 * A request is out from the moment it is made until its body has been read to the end, or the SDK chose
 * not to read it (a 429 it retries). Its call's `onAbandoned` is told, once, when its signal aborts while
 * it is out (the SDK's timeout of an attempt, the call's deadline, a cancel, a budget stop): at that
 * moment, before anything reports the run's usage. It is also told when the body breaks off or is too
 * long while the SDK reads it (the endpoint answered, and no usage came back). A request aborted before
 * it was made is not counted. Fetch cannot tell whether an aborted request had reached the endpoint, so
 * one aborted while it connected counts too; a connection reset before any answer (the SDK retries it)
 * does not.
 */
function readingAnswers(inner, maxBytes = answer_too_large_error/* MAX_ANSWER_BYTES */.g, bodyTimeoutMs = Number.POSITIVE_INFINITY) {
    return async (input, init) => {
        const signal = init?.signal;
        // A reader inside another (the eval's fault-injecting fetch reads answers through one of its own) leaves the
        // request to the outer one: each reported it, and an abandoned request counted twice.
        const onAbandoned = signal && !signal.aborted && !watched.has(signal) ? requestsOf.getStore()?.onAbandoned : undefined;
        if (onAbandoned)
            watched.add(signal);
        let out = true;
        const settle = (abandoned) => {
            if (!out)
                return;
            out = false;
            signal?.removeEventListener('abort', onAbort);
            if (onAbandoned)
                watched.delete(signal);
            if (abandoned)
                onAbandoned?.();
        };
        const onAbort = () => settle(true);
        if (onAbandoned)
            signal?.addEventListener('abort', onAbort, { once: true });
        let response;
        try {
            response = await inner(input, init);
        }
        catch (error) {
            settle(false);
            throw error;
        }
        // A status `Response` cannot take (it allows 200\u2013599) is passed on as it came.
        if (!response.body || response.status < 200 || response.status > 599) {
            settle(false);
            return response;
        }
        const declared = Number(response.headers.get('content-length') ?? Number.NaN);
        const tooLarge = () => {
            // An answer came and no usage with it; an error status's body is not a billed answer.
            settle(response.ok);
            return new answer_too_large_error/* AnswerTooLargeError */.O(maxBytes, declared > maxBytes ? declared : undefined);
        };
        const reader = (0,limited_body/* limitedBody */.L)(response.body, maxBytes, tooLarge, declared).getReader();
        let cancelled = false;
        // The body has `bodyTimeoutMs` from the headers to arrive whole (`AnswerTooSlowError`): the request is abandoned then.
        let slow;
        const body = new ReadableStream({
            start(controller) {
                if (!Number.isFinite(bodyTimeoutMs))
                    return;
                slow = setTimeout(() => {
                    cancelled = true;
                    settle(true);
                    controller.error(new answer_too_slow_error/* AnswerTooSlowError */.e(bodyTimeoutMs));
                    reader.cancel().catch(() => { });
                }, bodyTimeoutMs);
                slow.unref();
            },
            async pull(controller) {
                let chunk;
                try {
                    chunk = await reader.read();
                }
                catch (error) {
                    if (cancelled)
                        return;
                    clearTimeout(slow);
                    // A body that broke off (a too-long one has settled already).
                    settle(true);
                    controller.error(error);
                    return;
                }
                if (cancelled)
                    return;
                if (chunk.done) {
                    clearTimeout(slow);
                    settle(false);
                    controller.close();
                    return;
                }
                controller.enqueue(chunk.value);
            },
            cancel: (reason) => {
                // The SDK does not read this body (a 429 or 5xx it retries): an answer, not an abandoned request.
                clearTimeout(slow);
                cancelled = true;
                settle(false);
                return reader.cancel(reason);
            },
        });
        return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
}
/** The call a request is made for, as `boundingRetryWaits` waits for it: a request is left while `made` is within the retries. */
function retryingCallOf(maxRetries) {
    return () => {
        const requests = requestsOf.getStore();
        return requests && { signal: requests.signal, retriesLeft: requests.made <= maxRetries };
    };
}
/** `fetch` counting each request it makes for the call it serves. */
function countingRequests(inner) {
    return (input, init) => {
        const requests = requestsOf.getStore();
        if (requests)
            requests.made += 1;
        return inner(input, init);
    };
}
/**
 * The live model client: Chat Completions through the `openai` SDK, its errors wrapped in
 * `ModelCallError`, and every answer read into one shape (`readChatResponse`), so the rest of
 * plan-runner never meets an OpenAI-compatible server's variations or a malformed answer.
 */
function createOpenAIModelClient(options) {
    // The SDK loads with the first call: a run that calls no model (tool steps with args) never pays for it.
    let loaded;
    const load = () => (loaded ??= Promise.all([__webpack_require__.e(/* import() */ 674).then(__webpack_require__.bind(__webpack_require__, 93674)), Promise.all(/* import() */[__webpack_require__.e(674), __webpack_require__.e(632)]).then(__webpack_require__.bind(__webpack_require__, 28632))]).then(([{ default: OpenAI }, { modelCallErrorFromSdk }]) => ({
        sdk: new OpenAI({
            ...(options.baseURL !== undefined && (0,base_url/* sdkEndpoint */.I8)(options.baseURL, options.apiKey)),
            apiKey: options.apiKey,
            timeout: options.timeoutMs,
            maxRetries: options.maxRetries,
            // The SDK logs to the console at the level OPENAI_LOG names: at debug, every prompt and answer, past the
            // redactor and the log's neutraliser (a model's `::error \u2026::` line read as a command). Its errors reach us thrown.
            logLevel: 'off',
            // undici's own 300 s would end a request the timeout lets wait longer; a second past it, the SDK's timeout ends it first.
            fetch: (0,long_wait_fetch/* longWaitFetch */.c)(countingRequests(boundingRetryWaits((0,quota_refusals/* quotaRefusals */.m)(errorBodiesInOpenAIShape(readingAnswers(options.fetch ?? ((input, init) => fetch(input, init)), options.maxAnswerBytes ?? answer_too_large_error/* MAX_ANSWER_BYTES */.g, options.timeoutMs))), RETRY_WAITS_MS, retryingCallOf(options.maxRetries))), options.timeoutMs + 1_000),
        }),
        errorFromSdk: modelCallErrorFromSdk,
    })));
    return {
        defaultModel: options.model,
        async complete(request, label, signal) {
            const { sdk, errorFromSdk } = await load();
            const endpoint = sdk.baseURL;
            // The SDK's timeout ends once the headers arrive; a body sent slowly (a proxy keeping the connection alive)
            // has as long again (`AnswerTooSlowError`), and is then asked for again. One deadline covers every attempt,
            // their bodies and the waits between them: a call, a planner's or judge's outside any run deadline, ends.
            const deadlineMs = options.timeoutMs * (options.maxRetries + 1) + RETRY_WAITS_MS * options.maxRetries;
            const deadline = (0,timeout_signal/* timeoutSignal */._)(deadlineMs);
            const callSignal = signal ? AbortSignal.any([signal, deadline]) : deadline;
            const call = { purpose: label.purpose, model: request.model, endpoint };
            const requests = { made: 0, onAbandoned: label.onAbandoned, signal: callSignal };
            const ask = async () => {
                for (;;) {
                    try {
                        // The SDK may retry what is left of the call's retries.
                        return await sdk.chat.completions.create(request, { signal: callSignal, maxRetries: options.maxRetries - requests.made });
                    }
                    catch (error) {
                        const failed = errorFromSdk(error, { ...call, attempts: requests.made, timeoutMs: options.timeoutMs });
                        // An answer cut off mid-body, or too slow to arrive whole: nothing has acted on it yet, so asking again is
                        // safe; the SDK reads bodies after its retries, and does not.
                        const again = failed instanceof model_call_error/* ModelCallError */.sX && (failed.failure === 'truncated' || failed.cause instanceof answer_too_slow_error/* AnswerTooSlowError */.e);
                        if (!again || requests.made > options.maxRetries)
                            throw failed;
                        await (0,promises_.setTimeout)(sdkBackoffMs(requests.made), undefined, { signal: callSignal });
                    }
                }
            };
            let answer;
            try {
                // Raced against the call's signal: the SDK's own backoff between attempts (up to 8 s where no retry-after
                // was sent; one that was is waited in `boundingRetryWaits`, on this signal) is a sleep no signal ends, and a
                // cancelled planner's or judge's call held the run's end that long (found by an adversarial pass). After
                // that sleep the SDK sees the signal and sends nothing more.
                answer = await (0,race_abort/* raceAbort */.M)(requestsOf.run(requests, ask), callSignal);
            }
            catch (error) {
                // A cancelled call ends with the canceller's reason (step timeout, run cancel), not an SDK error.
                if (signal?.aborted)
                    throw signal.reason;
                if (deadline.aborted) {
                    throw new model_call_error/* ModelCallError */.sX({ ...call, failure: 'timeout', transient: true, attempts: Math.max(1, requests.made), detail: `no whole answer within ${Math.round(deadlineMs / 1000)} s` });
                }
                throw error;
            }
            const read = (0,read_chat_response/* readChatResponse */.EN)(answer);
            if (read.ok)
                return read.response;
            const billed = (0,read_chat_response/* billedAnswer */.Fj)(answer, request.model);
            // The requests the call made: the answer it could not read came after any it asked again for.
            throw new model_call_error/* ModelCallError */.sX({ ...call, failure: 'malformed', transient: false, attempts: requests.made, detail: read.problem, ...(billed && { billed }) });
        },
    };
}


/***/ }),

/***/ 16689:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   m: () => (/* binding */ quotaRefusals),
/* harmony export */   z: () => (/* binding */ INSUFFICIENT_QUOTA)
/* harmony export */ });
/* harmony import */ var _core_parse_json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(70695);

/** OpenAI's code (and type) of a 429 that says the account has no credit left, not that it asks too fast. */
const INSUFFICIENT_QUOTA = 'insufficient_quota';
function saysNoQuota(text) {
    let body;
    try {
        body = (0,_core_parse_json_js__WEBPACK_IMPORTED_MODULE_0__/* .parseJson */ .qF)(text);
    }
    catch {
        return false;
    }
    const error = typeof body === 'object' && body !== null ? body.error : undefined;
    if (typeof error !== 'object' || error === null)
        return false;
    const { code, type } = error;
    return code === INSUFFICIENT_QUOTA || type === INSUFFICIENT_QUOTA;
}
/**
 * `fetch` that tells the `openai` SDK not to retry a 429 whose body says the account's quota is used up
 * (`x-should-retry: false`, which the SDK honours): no later request can succeed. The SDK retried it as a rate
 * limit, four requests, and the run then asked the replanner, four more, and escalated for a plan that was not at
 * fault (found by a hunt of endpoint quirks). A 429's body is read at once (it is short, and read under the
 * client's size and time bounds); every other answer passes as it came.
 */
function quotaRefusals(inner) {
    return async (input, init) => {
        const response = await inner(input, init);
        if (response.status !== 429 || !response.body)
            return response;
        const bytes = Buffer.from(await response.arrayBuffer());
        const headers = new Headers(response.headers);
        if (saysNoQuota(bytes.toString('utf8')))
            headers.set('x-should-retry', 'false');
        return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
    };
}


/***/ }),

/***/ 46724:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EN: () => (/* binding */ readChatResponse),
/* harmony export */   Fj: () => (/* binding */ billedAnswer),
/* harmony export */   Sd: () => (/* binding */ UNREAD_OUTPUT)
/* harmony export */ });
/* harmony import */ var _core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5709);
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(86919);
/* harmony import */ var _core_exceeds_depth_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(35878);
/* harmony import */ var _core_parse_json_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(70695);




const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A choice's error in words: its message, and its code when it has one. */
function choiceError(error) {
    const message = typeof error['message'] === 'string' && error['message'] !== '' ? (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(error['message'], 200) : 'no error message';
    const code = error['code'];
    return typeof code === 'number' || (typeof code === 'string' && code !== '') ? `${message} (code ${(0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(String(code), 40)})` : message;
}
/** What is wrong with an answer that is not a Chat Completions answer. */
class MalformedAnswer {
    problem;
    constructor(problem) {
        this.problem = problem;
    }
}
function toolCalls(value, choice) {
    if (value === undefined || value === null)
        return undefined;
    if (!Array.isArray(value))
        return new MalformedAnswer(`choices[${choice}].message.tool_calls is not a list`);
    const calls = [];
    for (const [index, call] of value.entries()) {
        const where = `choices[${choice}].message.tool_calls[${index}]`;
        const fn = isObject(call) ? call['function'] : undefined;
        if (!isObject(call) || !isObject(fn) || typeof fn['name'] !== 'string')
            return new MalformedAnswer(`${where} has no function name`);
        // The call goes back to the endpoint as it came, its other fields too: 20,000 levels overflowed the stack when
        // the next request was written (found by an adversarial pass).
        const { arguments: _args, ...named } = fn;
        if ((0,_core_exceeds_depth_js__WEBPACK_IMPORTED_MODULE_3__/* .exceedsDepth */ .R)({ ...call, function: named }, _core_parse_json_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_JSON_DEPTH */ .KX))
            return new MalformedAnswer(`${where} nests more than ${_core_parse_json_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_JSON_DEPTH */ .KX} levels deep`);
        const args = fn['arguments'];
        // Arguments sent as an object are written out as text here: 100,000 levels overflowed the stack. Checked before a
        // call of another type is kept as it came: its arguments are written out too (found by an adversarial pass).
        if (typeof args === 'object' && (0,_core_exceeds_depth_js__WEBPACK_IMPORTED_MODULE_3__/* .exceedsDepth */ .R)(args, _core_parse_json_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_JSON_DEPTH */ .KX))
            return new MalformedAnswer(`${where}.function.arguments nest more than ${_core_parse_json_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_JSON_DEPTH */ .KX} levels deep`);
        if (call['type'] !== undefined && call['type'] !== 'function') {
            calls.push(call); // a custom tool call: kept as it is, callers look for functions only
            continue;
        }
        calls.push({
            ...call,
            // Some servers leave out the type, the id, or send the arguments as an object.
            type: 'function',
            id: typeof call['id'] === 'string' && call['id'] !== '' ? call['id'] : `call_${choice}_${index}`,
            function: { ...fn, arguments: typeof args === 'string' ? args : args === undefined || args === null ? '{}' : JSON.stringify(args) },
        });
    }
    return calls;
}
function content(value) {
    if (value === undefined || value === null)
        return { text: null, thinking: '' };
    if (typeof value === 'string')
        return withoutThinking(value);
    // A list of content parts (some servers answer in the request's format): their text, joined.
    if (Array.isArray(value))
        return withoutThinking(value.map((part) => (isObject(part) && typeof part['text'] === 'string' ? part['text'] : '')).join(''));
    return new MalformedAnswer('the message content is neither text nor null');
}
const THINK_OPEN = /^\s*<think>/i;
const THINK_CLOSE = /<\/think>/i;
/**
 * The answer without the reasoning a thinking model wrote before it, which a server with no reasoning parser
 * leaves in `content` (`<think>\u2026</think>`, as vLLM or Ollama serve DeepSeek-R1 and Qwen3): read as the answer,
 * it was the step's result, and a goal looking for "APPROVED" was met by the reasoning's "should I say APPROVED?"
 * above an answer that said REJECTED (found by an adversarial pass). Reasoning never closed is no answer.
 * Anything else is left as written. The reasoning taken out is returned too: it is output the model was paid for.
 */
function withoutThinking(text) {
    if (!THINK_OPEN.test(text))
        return { text, thinking: '' };
    const close = THINK_CLOSE.exec(text);
    return close ? { text: text.slice(close.index + close[0].length).trimStart(), thinking: text.slice(0, close.index) } : { text: '', thinking: text };
}
/**
 * The field of a message that holds what the model wrote and no reader is given: the reasoning taken out of
 * `content`, and the text and tool calls beside a refusal. The usage estimate counts it: it is output the model
 * was paid for. Left uncounted, 200,000 characters of it with no `usage` were charged as 1 to 3 tokens, and
 * max_tokens never stopped the run (found by an adversarial pass).
 */
const UNREAD_OUTPUT = 'plan_runner_unread_output';
/** What `choice` wrote that its reader does not see: `thinking`, and beside a refusal its text and tool calls. */
function unreadOutput(thinking, refused, text, calls) {
    if (!refused)
        return thinking;
    const called = (calls ?? []).map((call) => JSON.stringify(call));
    return [thinking, text ?? '', ...called].join('');
}
/** A whole count written as text, as some gateways write every number: `"50000"`. */
const DIGITS = /^\d{1,16}$/;
/**
 * A count a server reported: a whole, non-negative number, or one written in digits as text, else undefined. Text was
 * a count that said nothing: a gateway that wrote `"completion_tokens": "50000"` had its usage dropped and a hidden
 * reasoning's 50,000 tokens estimated from its 2-character answer as 1, so `max_tokens` never stopped it (found by a cost hunt).
 */
function count(value) {
    const number = typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
    return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}
/**
 * The answer's token counts, as the budget charges them. The output is the most any field says was
 * produced: some gateways leave a thinking model's reasoning tokens out of `completion_tokens` but in
 * `total_tokens` or `completion_tokens_details.reasoning_tokens` (300,000 tokens were charged as 15), or
 * send `completion_tokens: null` beside a total (the call was then estimated at a 500th of it).
 */
function usage(value) {
    if (!isObject(value))
        return undefined;
    const prompt = count(value['prompt_tokens']);
    const total = count(value['total_tokens']);
    const details = value['completion_tokens_details'];
    const reasoning = isObject(details) ? count(details['reasoning_tokens']) : undefined;
    // Counts that are not whole and non-negative say nothing true (a negative one would lower the spend): tokens are estimated instead.
    // Every chat request sends a prompt: 0 prompt tokens is a server that counts nothing, and would let every cap pass.
    if (prompt === undefined || prompt === 0)
        return undefined;
    const written = value['completion_tokens'];
    const reported = count(written);
    if (written !== undefined && written !== null && reported === undefined)
        return undefined;
    const fromTotal = total !== undefined && total >= prompt ? total - prompt : undefined;
    if (reported === undefined && fromTotal === undefined)
        return undefined;
    const completion = Math.max(reported ?? 0, fromTotal ?? 0, reasoning !== undefined && reported !== undefined && reasoning > reported ? reported + reasoning : 0);
    return { ...value, prompt_tokens: prompt, completion_tokens: completion, total_tokens: Math.max(total ?? 0, prompt + completion) };
}
/**
 * A 200 answer as a Chat Completions response, in the shape the rest of plan-runner reads, or what
 * is wrong with it. What OpenAI-compatible servers vary in is accepted: tool calls without `type`
 * or `id`, arguments as an object (nesting at most `MAX_JSON_DEPTH` levels), content as a list of parts, `content` missing, partial `usage` (read
 * for what it says; none, or counts that say nothing, are dropped and the tokens estimated: a negative or
 * fractional count, 0 prompt tokens, no output count), any
 * `finish_reason` (a step refuses a cut-off answer), extra fields. Counts written in digits as text are read as numbers.
 */
function readChatResponse(raw) {
    const read = normalise(raw);
    return read instanceof MalformedAnswer ? { ok: false, problem: read.problem } : { ok: true, response: read };
}
function normalise(raw) {
    if (!isObject(raw))
        return new MalformedAnswer(typeof raw === 'string' ? `the answer is text, not JSON: ${JSON.stringify((0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(raw, 120))}` : 'the answer is not a JSON object');
    if (isObject(raw['error'])) {
        const message = raw['error']['message'];
        // Written as JSON only when it nests as JSON may: 20,000 levels overflowed the stack in JSON.stringify (found by an adversarial pass).
        // Cut with a `\u2026`, as every cut is: the redactor hides the start of a known value that runs into it (a key a
        // gateway quoted showed 14 of its 32 characters; found by a secret hunt).
        const shown = typeof message === 'string' ? message : (0,_core_exceeds_depth_js__WEBPACK_IMPORTED_MODULE_3__/* .exceedsDepth */ .R)(raw['error'], _core_parse_json_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_JSON_DEPTH */ .KX) ? `an error nested more than ${_core_parse_json_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_JSON_DEPTH */ .KX} levels deep` : (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(JSON.stringify(raw['error']), 200);
        return new MalformedAnswer(`the answer is an error with status 200: ${shown}`);
    }
    // A gateway's error as text: read as an answer without choices, its words were shown nowhere (found by an adversarial pass).
    if (typeof raw['error'] === 'string' && raw['choices'] === undefined)
        return new MalformedAnswer(`the answer is an error with status 200: ${(0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(raw['error'], 200)}`);
    const rawChoices = raw['choices'];
    if (!Array.isArray(rawChoices))
        return new MalformedAnswer(rawChoices === undefined ? 'the answer has no `choices`' : '`choices` is not a list');
    if (rawChoices.length === 0)
        return new MalformedAnswer('`choices` is empty');
    const choices = [];
    for (const [index, choice] of rawChoices.entries()) {
        const message = isObject(choice) ? choice['message'] : undefined;
        if (!isObject(choice) || !isObject(message))
            return new MalformedAnswer(`choices[${index}] has no \`message\``);
        // A choice its provider failed (OpenRouter: `finish_reason: error`, and the error beside it): read as an answer cut
        // off, the step said to raise the token limit, and the endpoint's words were shown nowhere (found by an adversarial pass).
        if (isObject(choice['error']))
            return new MalformedAnswer(`choices[${index}] ended in an error: ${choiceError(choice['error'])}`);
        const read = content(message['content']);
        if (read instanceof MalformedAnswer)
            return new MalformedAnswer(`choices[${index}]: ${read.problem}`);
        const { text, thinking } = read;
        const calls = toolCalls(message['tool_calls'], index);
        if (calls instanceof MalformedAnswer)
            return calls;
        const { tool_calls: _dropped, ...rest } = message;
        const refusal = typeof message['refusal'] === 'string' ? message['refusal'] : null;
        // A refusal is no answer, whatever else the message holds: OpenAI sends none beside it, but a gateway that
        // also fills `content` (the refusal's words) had them taken as a step's result and checked by its goals, and
        // its tool calls would have run (found by an adversarial hunt). Every reader sees no text and says "refused".
        const refused = refusal !== null && (0,_core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .hasVisibleText */ .uA)(refusal);
        const unread = unreadOutput(thinking, refused, text, calls);
        choices.push({
            ...choice,
            index: typeof choice['index'] === 'number' ? choice['index'] : index,
            finish_reason: choice['finish_reason'] ?? null,
            // A refusal of only blanks is none: `refusal` is null then, so every reader may test it as it is.
            message: { ...rest, role: 'assistant', content: refused ? null : text, refusal: refused ? refusal : null, ...(!refused && calls && calls.length > 0 ? { tool_calls: calls } : {}), ...(unread !== '' && { [UNREAD_OUTPUT]: unread }) },
        });
    }
    const { usage: rawUsage, ...answer } = raw;
    const counted = usage(rawUsage);
    return {
        ...answer,
        id: typeof raw['id'] === 'string' ? raw['id'] : '',
        object: 'chat.completion',
        created: typeof raw['created'] === 'number' ? raw['created'] : 0,
        model: typeof raw['model'] === 'string' ? raw['model'] : '',
        choices,
        ...(counted ? { usage: counted } : {}),
    };
}
/**
 * What a 200 answer that is no Chat Completions answer (no choices, an error object) still reports it used,
 * as an answer with no choices to charge; undefined when it reports nothing usable. The endpoint bills it.
 */
function billedAnswer(raw, requestedModel) {
    if (!isObject(raw))
        return undefined;
    const used = usage(raw['usage']);
    if (!used)
        return undefined;
    return { id: '', object: 'chat.completion', created: 0, model: typeof raw['model'] === 'string' ? raw['model'] : requestedModel, choices: [], usage: used };
}


/***/ }),

/***/ 98398:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ redactingModelClient)
/* harmony export */ });
/* harmony import */ var _core_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(21673);

/**
 * The one door every prompt leaves by: each request \u2014 messages, earlier tool-call arguments, tool
 * definitions \u2014 and the caller's name (a `for_each` item's key) has every secret the run knows
 * replaced by `***` before the inner client (and so the provider, a recording or a replay) sees it.
 * Planner, steps, replanner, reviews and goal judges all call through it.
 */
function redactingModelClient(inner, redact) {
    return {
        defaultModel: inner.defaultModel,
        complete(request, label, signal) {
            // The caller too: a recording keeps it redacted, and a replay must look the call up by the same name.
            return inner.complete((0,_core_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redactDeep */ .KL)(request, redact), { ...label, purpose: redact(label.purpose) }, signal);
        },
    };
}


/***/ }),

/***/ 72492:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ ReplayFileError)
/* harmony export */ });
/* harmony import */ var _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1938);

/** A replay file that cannot be read or holds a line that is not a recorded exchange. */
class ReplayFileError extends _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__/* .StepError */ .zg {
    file;
    line;
    problem;
    constructor(fields) {
        const where = fields.line === undefined ? fields.file : `${fields.file} line ${fields.line}`;
        // A file that could not be read at all (a folder, a FIFO, missing), or whose first line is no JSON, is no
        // recording to record again: `--replay plan.yml` advised `--record plan.yml`, which overwrites the plan
        // (found by a new-user walkthrough).
        const todo = fields.line === undefined || fields.notARecording ? 'give --replay the file a run wrote with --record FILE' : `record it again with --record ${fields.file}`;
        super(`Replay file ${where}: ${fields.problem}. ${todo[0].toUpperCase()}${todo.slice(1)}.`, {
            transient: false,
            cause: fields.cause,
        });
        this.file = fields.file;
        if (fields.line !== undefined)
            this.line = fields.line;
        this.problem = fields.problem;
    }
}


/***/ }),

/***/ 89845:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  G: () => (/* binding */ replayModelClient)
});

// UNUSED EXPORTS: readRecording

// EXTERNAL MODULE: ./lib/core/byte-order-mark.js
var byte_order_mark = __webpack_require__(41708);
// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
// EXTERNAL MODULE: ./lib/llm/answer-too-large-error.js
var answer_too_large_error = __webpack_require__(90603);
// EXTERNAL MODULE: ./lib/core/parse-json.js
var parse_json = __webpack_require__(70695);
// EXTERNAL MODULE: ./lib/core/read-input-file.js
var read_input_file = __webpack_require__(2237);
// EXTERNAL MODULE: ./lib/core/stable-hash.js
var stable_hash = __webpack_require__(66297);
;// CONCATENATED MODULE: ./lib/llm/first-request-difference.js

function textOf(message) {
    const content = message.content;
    const text = typeof content === 'string'
        ? content
        : Array.isArray(content)
            ? content.map((part) => ('text' in part ? part.text : JSON.stringify(part))).join('')
            : '';
    const calls = 'tool_calls' in message && message.tool_calls
        ? message.tool_calls.map((call) => (call.type === 'function' ? `${call.function.name}(${call.function.arguments})` : call.type))
        : [];
    return calls.length > 0 ? `${text}[calls ${calls.join(', ')}]` : text;
}
function excerpt(text, at) {
    const start = Math.max(0, at - 20);
    const end = Math.min(text.length, at + 40);
    return JSON.stringify(`${start > 0 ? '\u2026' : ''}${text.slice(start, end)}${end < text.length ? '\u2026' : ''}`);
}
function textDifference(recorded, now) {
    let at = 0;
    while (at < recorded.length && at < now.length && recorded[at] === now[at])
        at += 1;
    return `differs at character ${at}: recorded ${excerpt(recorded, at)} but now ${excerpt(now, at)}`;
}
function toolNames(request) {
    return (request.tools ?? []).map((tool) => (tool.type === 'function' ? tool.function.name : tool.type)).join(', ');
}
/** A value as the difference shows it: JSON with keys sorted, so a recording edited by hand reads the same. */
function shown(value) {
    return value === undefined ? 'none' : (0,stable_hash/* canonicalJson */.dj)(value);
}
/** How two JSON values differ, briefly: both whole when short, else from the first character that differs. */
function valueDifference(recorded, now) {
    const [was, is] = [shown(recorded), shown(now)];
    return was.length + is.length <= 80 ? `recorded ${was} but now ${is}` : textDifference(was, is);
}
/**
 * The first difference between a recorded request and a new one in everything that decides the answer
 * (model, tools offered with their descriptions and schemas, tool_choice, messages, then any other field:
 * temperature, response_format\u2026), described briefly; undefined when they match.
 */
function firstRequestDifference(recorded, now) {
    if (recorded.model !== now.model)
        return `model differs: recorded "${recorded.model}" but now "${now.model}"`;
    const [recordedTools, nowTools] = [toolNames(recorded), toolNames(now)];
    if (recordedTools !== nowTools)
        return `tools differ: recorded [${recordedTools}] but now [${nowTools}]`;
    // Found by an adversarial pass: a tool's description or argument schema changed was answered from the recording.
    for (const [index, tool] of (now.tools ?? []).entries()) {
        const was = recorded.tools?.[index];
        if ((0,stable_hash/* canonicalJson */.dj)(was) !== (0,stable_hash/* canonicalJson */.dj)(tool))
            return `tool ${tool.type === 'function' ? tool.function.name : tool.type} differs: ${valueDifference(was, tool)}`;
    }
    const [recordedChoice, nowChoice] = [JSON.stringify(recorded.tool_choice), JSON.stringify(now.tool_choice)];
    if (recordedChoice !== nowChoice)
        return `tool_choice differs: recorded ${recordedChoice} but now ${nowChoice}`;
    const count = Math.max(recorded.messages.length, now.messages.length);
    for (let index = 0; index < count; index += 1) {
        const [was, is] = [recorded.messages[index], now.messages[index]];
        if (!was || !is) {
            return `the recording has ${recorded.messages.length} message(s) but the request now has ${now.messages.length}`;
        }
        if (was.role !== is.role)
            return `message ${index + 1} was a ${was.role} message but is now a ${is.role} message`;
        const [wasText, isText] = [textOf(was), textOf(is)];
        if (wasText !== isText)
            return `message ${index + 1} (${is.role}) ${textDifference(wasText, isText)}`;
    }
    const compared = new Set(['model', 'tools', 'tool_choice', 'messages']);
    const fields = [...new Set([...Object.keys(recorded), ...Object.keys(now)])].filter((field) => !compared.has(field)).sort();
    for (const field of fields) {
        const [was, is] = [recorded[field], now[field]];
        if (shown(was) !== shown(is))
            return `${field} differs: ${valueDifference(was, is)}`;
    }
    return undefined;
}

// EXTERNAL MODULE: ./lib/llm/model-call-error.js
var model_call_error = __webpack_require__(63156);
// EXTERNAL MODULE: ./lib/llm/read-chat-response.js
var read_chat_response = __webpack_require__(46724);
;// CONCATENATED MODULE: ./lib/llm/recorded-exchange.js
/** The key replay matches on: the purpose and the how-many-th call with that purpose. */
function exchangeKey(purpose, ordinal) {
    return `${purpose}#${ordinal}`;
}

;// CONCATENATED MODULE: ./lib/llm/recorded-request-problem.js
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** What is wrong with a function tool or tool call's `function` (`name`, and for a call its `arguments`), or undefined. */
function functionProblem(value, where, withArguments) {
    const fn = value.function;
    if (value.type !== 'function')
        return undefined;
    if (!isObject(fn) || typeof fn.name !== 'string')
        return `${where} has no \`function\` with a \`name\``;
    if (withArguments && typeof fn.arguments !== 'string')
        return `${where}'s \`function.arguments\` is not text`;
    return undefined;
}
function messageProblem(message, where) {
    if (!isObject(message) || typeof message.role !== 'string')
        return `${where} is not a message (an object with a \`role\`)`;
    const { content, tool_calls: calls } = message;
    if (Array.isArray(content)) {
        const part = content.findIndex((one) => !isObject(one));
        if (part >= 0)
            return `${where}.content[${part}] is not a content part (an object)`;
    }
    if (calls === undefined || calls === null)
        return undefined;
    if (!Array.isArray(calls))
        return `${where}.tool_calls is not a list`;
    for (const [index, call] of calls.entries()) {
        if (!isObject(call) || typeof call.type !== 'string')
            return `${where}.tool_calls[${index}] is not a tool call (an object with a \`type\`)`;
        const problem = functionProblem(call, `${where}.tool_calls[${index}]`, true);
        if (problem)
            return problem;
    }
    return undefined;
}
/**
 * What in a recorded request is not shaped as a Chat Completions request a run sends (its tools, messages,
 * their content parts and tool calls), or undefined: the replay compares each part, and a hand-edited or
 * damaged one failed its step as "(request.tools ?? []).map is not a function" (found by an adversarial pass).
 */
function recordedRequestProblem(request) {
    const { tools, messages } = request;
    if (tools !== undefined) {
        if (!Array.isArray(tools))
            return 'its request\'s `tools` is not a list';
        for (const [index, tool] of tools.entries()) {
            if (!isObject(tool) || typeof tool.type !== 'string')
                return `its request's tools[${index}] is not a tool (an object with a \`type\`)`;
            const problem = functionProblem(tool, `its request's tools[${index}]`, false);
            if (problem)
                return problem;
        }
    }
    for (const [index, message] of messages.entries()) {
        const problem = messageProblem(message, `its request's messages[${index}]`);
        if (problem)
            return problem;
    }
    return undefined;
}

// EXTERNAL MODULE: ./lib/llm/replay-file-error.js
var replay_file_error = __webpack_require__(72492);
// EXTERNAL MODULE: ./lib/core/step-error.js
var step_error = __webpack_require__(1938);
// EXTERNAL MODULE: ./lib/llm/describe-purpose.js
var describe_purpose = __webpack_require__(34325);
;// CONCATENATED MODULE: ./lib/llm/stale-recording-error.js


/** Why a replay answers no other run: a recording holds the answers of one run's requests, word for word. */
const REPLAYS_ONLY_ITS_RUN = 'A recording answers only the requests of the run it recorded (the same plan, inputs, options and prompts)';
/**
 * A replayed request differs from the one recorded for the same call: the recording is stale, or this run is not the
 * run it recorded (other `--input`s: the README's weekly report with another week was told to record the file again).
 */
class StaleRecordingError extends step_error/* StepError */.zg {
    file;
    purpose;
    ordinal;
    /** The first difference, briefly: "message 2 (user) differs at character 40: recorded "\u2026" but now "\u2026"". */
    difference;
    constructor(fields) {
        super(`Replay file ${fields.file} does not match model call ${fields.ordinal + 1} of ${(0,describe_purpose/* describePurpose */.S)(fields.purpose)}: ` +
            `${fields.difference}. ${REPLAYS_ONLY_ITS_RUN}: give the run the inputs and options it was recorded with, or record it again (a run with a model and --record ${fields.file}).`, { transient: false });
        this.file = fields.file;
        this.purpose = fields.purpose;
        this.ordinal = fields.ordinal;
        this.difference = fields.difference;
    }
}

;// CONCATENATED MODULE: ./lib/llm/replay-missing-answer-error.js



/** A replayed run asked something the recording has no answer for (more calls, or a new step). */
class ReplayMissingAnswerError extends step_error/* StepError */.zg {
    file;
    purpose;
    /** Zero-based: the how-many-th call with this purpose it was. */
    ordinal;
    /** How many answers the file holds for this purpose. */
    recordedCalls;
    /**
     * `bare`: how many answers the file holds for the purpose with the using steps left off (`step:s` for
     * `step:a/s`), as recordings made before a used plan's steps were named by the step using them hold them.
     */
    constructor(fields) {
        const recorded = fields.recordedCalls === 0 ? 'has no calls for it at all' : `holds only ${fields.recordedCalls} call(s) for it`;
        const cause = fields.bare
            ? `It holds ${fields.bare.calls} call(s) for ${fields.bare.purpose}: it was recorded before the steps of a plan that a \`type: plan\` step uses were named by that step (${fields.purpose})`
            : undefined;
        const todo = cause
            ? `${cause}: record it again with --record ${fields.file}, or run with a model.`
            : `${REPLAYS_ONLY_ITS_RUN}, and this one asked more: give it the inputs and options it was recorded with, record it again with --record ${fields.file}, or run with a model.`;
        super(`Replay file ${fields.file} has no recorded answer for model call ${fields.ordinal + 1} of ${(0,describe_purpose/* describePurpose */.S)(fields.purpose)} ` +
            `(the file ${recorded}). ${todo}`, { transient: false });
        this.file = fields.file;
        this.purpose = fields.purpose;
        this.ordinal = fields.ordinal;
        this.recordedCalls = fields.recordedCalls;
    }
}

;// CONCATENATED MODULE: ./lib/llm/replay-model-client.js













function replay_model_client_isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isExchange(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    const line = value;
    return (typeof line.purpose === 'string' &&
        Number.isInteger(line.ordinal) &&
        typeof line.request === 'object' &&
        line.request !== null &&
        !Array.isArray(line.request) &&
        typeof line.request.model === 'string' &&
        Array.isArray(line.request.messages) &&
        (typeof line.response === 'object' || typeof line.error === 'object'));
}
/**
 * A recorded failure as a replay fails with it (only the fields a recording writes, each as a live failure has it),
 * or what is wrong with it. Spread whole into the error, a hand-made line's `purpose` renamed the step that failed and
 * its `billed` was charged unread (found by an adversarial hunt).
 */
function readFailure(error, requestedModel) {
    const { failure, status, param, transient, retryAfterMs, attempts, detail, code, billed } = error;
    if (typeof failure !== 'string' || !model_call_error/* MODEL_CALL_FAILURES */.FF.includes(failure))
        return { problem: `its error's \`failure\` is none of ${model_call_error/* MODEL_CALL_FAILURES */.FF.join(', ')}` };
    if (typeof transient !== 'boolean')
        return { problem: "its error's `transient` is not true or false" };
    if (!Number.isInteger(attempts) || attempts < 1)
        return { problem: "its error's `attempts` is not a whole number of 1 or more" };
    if (typeof detail !== 'string')
        return { problem: "its error's `detail` is not text" };
    if (status !== undefined && !(Number.isInteger(status) && status >= 100 && status <= 599))
        return { problem: "its error's `status` is not an HTTP status" };
    if (param !== undefined && typeof param !== 'string')
        return { problem: "its error's `param` is not text" };
    if (retryAfterMs !== undefined && !(typeof retryAfterMs === 'number' && retryAfterMs >= 0 && Number.isFinite(retryAfterMs)))
        return { problem: "its error's `retryAfterMs` is not a number of 0 or more" };
    if (code !== undefined && typeof code !== 'string')
        return { problem: "its error's `code` is not text" };
    // Read as a live answer's billed usage is, so a replay charges what the recorded run was charged, and no more.
    const charged = billed === undefined ? undefined : (0,read_chat_response/* billedAnswer */.Fj)(billed, requestedModel);
    if (billed !== undefined && !charged)
        return { problem: "its error's `billed` is not an answer with a `usage` plan-runner would take from an endpoint" };
    return {
        failure: {
            failure: failure,
            transient,
            attempts: attempts,
            detail,
            ...(status !== undefined && { status: status }),
            ...(param !== undefined && { param }),
            ...(retryAfterMs !== undefined && { retryAfterMs }),
            ...(code !== undefined && { code }),
            ...(charged && { billed: charged }),
        },
    };
}
function isHeader(value) {
    return typeof value === 'object' && value !== null && value.recording === 'plan-runner';
}
/** Whether `value` reads as a trace's line: an event's `type`, and the time it was written. */
function isTraceLine(value) {
    return typeof value === 'object' && value !== null && typeof value.type === 'string' && typeof value.ts === 'string';
}
/** Reads a record/replay file into its header and exchanges, failing with the line number on anything else. */
function readRecording(path) {
    const read = (0,read_input_file/* readInputFile */.jH)(path, read_input_file/* MAX_TRACE_BYTES */.VZ);
    if (!read.ok)
        throw new replay_file_error/* ReplayFileError */.M({ file: path, problem: `cannot be read: ${read.problem}` });
    const text = read.bytes.toString('utf8');
    const exchanges = [];
    let header;
    for (const [index, line] of text.split('\n').entries()) {
        if (line.trim() === '')
            continue;
        let value;
        try {
            // As a trace is read: nested at most as deep as a request and answer may be, and no key named twice.
            value = (0,parse_json/* parseJson */.qF)(line, 2 * parse_json/* MAX_JSON_DEPTH */.KX);
        }
        catch (cause) {
            const bom = index === 0 ? (0,byte_order_mark/* byteOrderMarkNote */.c)(line) : '';
            const why = cause instanceof parse_json/* JsonTooDeepError */.FY || cause instanceof parse_json/* JsonDuplicateKeyError */.bW ? `is not a recorded exchange: ${cause.message}` : `is not JSON${bom}`;
            throw new replay_file_error/* ReplayFileError */.M({ file: path, line: index + 1, problem: why, cause, ...(index === 0 && { notARecording: true }) });
        }
        if (isHeader(value)) {
            if (value.version !== 1)
                throw new replay_file_error/* ReplayFileError */.M({ file: path, line: index + 1, problem: `is a recording of format version ${JSON.stringify(value.version)}, and this plan-runner reads version 1` });
            // Taken as it stood, a model that was no text failed every step with "model.replace is not a function" (found by an adversarial pass).
            if (typeof value.defaultModel !== 'string')
                throw new replay_file_error/* ReplayFileError */.M({ file: path, line: index + 1, problem: "its header's `defaultModel` is not a model's name" });
            header = value;
            continue;
        }
        if (!isExchange(value)) {
            // A file whose first line is JSON but neither a header nor an exchange (a trace, given by mistake) is no
            // recording either: "record it again with --record" it overwrote a run's trace, which a --resume continues.
            const first = header === undefined && exchanges.length === 0;
            const trace = first && isTraceLine(value);
            const problem = trace ? 'is a trace (a --trace file), not a recording' : 'is not a recorded exchange (purpose, ordinal, a request with model and messages, a response or error)';
            throw new replay_file_error/* ReplayFileError */.M({ file: path, line: index + 1, problem, ...(first && { notARecording: true }) });
        }
        const requestProblem = recordedRequestProblem(value.request);
        if (requestProblem)
            throw new replay_file_error/* ReplayFileError */.M({ file: path, line: index + 1, problem: requestProblem });
        // Read as a live answer is, so a replay never meets what a live run could not (a number as content, text as token counts).
        if ('error' in value && value.error !== undefined) {
            const read = replay_model_client_isObject(value.error) ? readFailure(value.error, value.request.model) : { problem: 'its error is not an object' };
            if ('problem' in read)
                throw new replay_file_error/* ReplayFileError */.M({ file: path, line: index + 1, problem: read.problem });
            exchanges.push({ purpose: value.purpose, ordinal: value.ordinal, request: value.request, error: read.failure });
            continue;
        }
        // No bigger than an endpoint's answer may be: a live run fails one past MAX_ANSWER_BYTES, and a replay handed a step
        // a result up to the file's 100 MiB that no live run could get (found by a replay hunt).
        const bytes = Buffer.byteLength(JSON.stringify(value.response) ?? '');
        if (bytes > answer_too_large_error/* MAX_ANSWER_BYTES */.g)
            throw new replay_file_error/* ReplayFileError */.M({ file: path, line: index + 1, problem: `holds an answer of ${(0,group_digits/* groupDigits */.K)(bytes)} bytes, more than the ${answer_too_large_error/* MAX_ANSWER_BYTES */.g / 1024 / 1024} MiB plan-runner reads from an endpoint` });
        const read = (0,read_chat_response/* readChatResponse */.EN)(value.response);
        if (!read.ok)
            throw new replay_file_error/* ReplayFileError */.M({ file: path, line: index + 1, problem: `holds an answer plan-runner would not take from an endpoint: ${read.problem}` });
        exchanges.push({ purpose: value.purpose, ordinal: value.ordinal, request: value.request, response: read.response });
    }
    return { header, exchanges };
}
/** The part of a purpose before a `for_each` item's key (`step:web/line` of `step:web/line[https://x.test/a]`), which may hold `/`. */
function purposeStem(purpose) {
    const item = purpose.indexOf('[');
    return item < 0 ? purpose : purpose.slice(0, item);
}
/** `step:a/s` as recordings named it before a used plan's steps were named by the step using them (`step:s`); else undefined. */
function barePurpose(purpose) {
    const stem = purposeStem(purpose);
    const kind = stem.indexOf(':');
    const slash = stem.lastIndexOf('/');
    return kind > 0 && slash > kind ? `${stem.slice(0, kind + 1)}${purpose.slice(slash + 1)}` : undefined;
}
/**
 * A model client that answers from a file written by `recordingModelClient`, matching each call by
 * (purpose, how-many-th call with that purpose) and checking the request is the one recorded. It
 * never falls back to anything: a missing or stale answer fails the call, naming the step.
 */
function replayModelClient(path, options = {}) {
    const { header, exchanges } = readRecording(path);
    const byKey = new Map(exchanges.map((exchange) => [exchangeKey(exchange.purpose, exchange.ordinal), exchange]));
    const calls = new Map();
    return {
        defaultModel: options.defaultModel ?? header?.defaultModel ?? exchanges[0]?.request.model ?? 'replay',
        async complete(request, label) {
            const purpose = label.purpose;
            const ordinal = calls.get(purpose) ?? 0;
            calls.set(purpose, ordinal + 1);
            const recorded = byKey.get(exchangeKey(purpose, ordinal));
            if (!recorded) {
                const recordedCalls = exchanges.filter((exchange) => exchange.purpose === purpose).length;
                // Only a recording that names no step of a used plan the new way can be one made before.
                const bare = recordedCalls === 0 && !exchanges.some((exchange) => purposeStem(exchange.purpose).includes('/')) ? barePurpose(purpose) : undefined;
                const bareCalls = bare === undefined ? 0 : exchanges.filter((exchange) => exchange.purpose === bare).length;
                throw new ReplayMissingAnswerError({ file: path, purpose, ordinal, recordedCalls, ...(bare !== undefined && bareCalls > 0 && { bare: { purpose: bare, calls: bareCalls } }) });
            }
            const difference = firstRequestDifference(recorded.request, request);
            if (difference)
                throw new StaleRecordingError({ file: path, purpose, ordinal, difference });
            if ('error' in recorded)
                throw new model_call_error/* ModelCallError */.sX({ purpose, model: request.model, ...recorded.error });
            return structuredClone(recorded.response);
        },
    };
}


/***/ }),

/***/ 96969:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ toolCallInstead)
/* harmony export */ });
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(86919);

/**
 * Why an answer to a call that offers no tools is no answer, when it is only a tool call (no text beside it): `the
 * model answered with a call of the tool "x" instead of text, \u2026`, saying what to do; undefined otherwise. Read as
 * text, such an answer was an empty one: the planner said "the answer was empty", and a judge quoted `""` as its
 * verdict (found by an adversarial pass).
 */
function toolCallInstead(choice) {
    const call = choice?.message.tool_calls?.[0];
    if (!call || (choice?.message.content ?? '').trim() !== '')
        return undefined;
    // A call of another type is kept as the endpoint sent it (`read-chat-response.ts`): its name may be missing.
    const name = call.type === 'function' ? call.function.name : call.custom?.name;
    const tool = typeof name === 'string' ? `the tool ${JSON.stringify((0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_0__/* .cutText */ .IN)(name, 100))}` : 'a tool';
    return `the model answered with a call of ${tool} instead of text, and this call offers it no tools: use a model (or endpoint) that answers in text, or one that follows response_format`;
}


/***/ }),

/***/ 55691:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ emptyInputsWarning)
/* harmony export */ });
/* harmony import */ var _core_group_digits_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(80083);
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(86919);


/** The longest default quoted in the warning; a longer one is told by its length. */
const MAX_QUOTED = 64;
function defaultText(fallback) {
    if (fallback === undefined)
        return 'none (it is left unset)';
    if (typeof fallback === 'string' && fallback.length > MAX_QUOTED)
        return `text of ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_0__/* .groupDigits */ .K)(fallback.length)} characters`;
    return JSON.stringify(fallback);
}
/**
 * What the log says of inputs given empty (the action's `week:`, a `${{ }}` that came out empty; the CLI's `--input week=`), which are taken as
 * not given: each one the plan declares, with the default it gets. Taken without a word, a scheduled weekly report whose
 * week came out empty (a date step that failed) reported the default week, every week. A name the plan does not
 * declare, or a required one with no default, is not here: `resolveInputs` refuses the run for it.
 */
function emptyInputsWarning(names, declared) {
    const inputs = declared ?? {};
    const defaulted = names.filter((name) => Object.hasOwn(inputs, name) && (inputs[name].default !== undefined || inputs[name].required === false));
    if (defaulted.length === 0)
        return undefined;
    const quoted = (name) => `\`${(0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_1__/* .cutText */ .IN)(name, 65)}\``;
    const one = defaulted.length === 1;
    const defaults = one ? defaultText(inputs[defaulted[0]].default) : defaulted.map((name) => `${quoted(name)} ${defaultText(inputs[name].default)}`).join(', ');
    // One message for both front ends, which take an empty value alike (the action's `week:`, the CLI's `--input week=`).
    const how = one ? `\`${(0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_1__/* .cutText */ .IN)(defaulted[0], 65)}:\` in the action's \`inputs\`, \`--input ${(0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_1__/* .cutText */ .IN)(defaulted[0], 65)}=\` on the CLI` : "`NAME:` in the action's `inputs`, `--input NAME=` on the CLI";
    return `${one ? 'Input' : 'Inputs'} ${defaulted.map(quoted).join(', ')} ${one ? 'is' : 'are'} given empty (${how}), so the plan's ${one ? 'default is' : 'defaults are'} used: ${defaults}. A value from an expression (\`\${{ steps.week.outputs.week }}\`) or a shell variable that came out empty is one nothing set: check what sets it, or leave the input out where the default is meant.`;
}


/***/ }),

/***/ 55157:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vt: () => (/* binding */ hashedSteps),
/* harmony export */   XN: () => (/* binding */ tracedStepsHash),
/* harmony export */   q9: () => (/* binding */ hashedStep)
/* harmony export */ });
/* harmony import */ var _core_stable_hash_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(66297);
/* harmony import */ var _reference_syntax_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(19460);


/**
 * The step as the hashes a resume compares hold it (its reuse key, the plan file's steps): without `taskAsWritten` when
 * its task holds no `${\u2026}`, whose prompt is the same taken as written or not. Traces written before the field hold such a
 * step without it: hashed with it, a resume ran the completed agent again (found by a review). A task with one changed meaning.
 */
function hashedStep(step) {
    if (!step.taskAsWritten || (step.task ?? step.description).match(_reference_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .TEMPLATE_PATTERN */ .qF) !== null)
        return step;
    const { taskAsWritten: _asWritten, ...rest } = step;
    return rest;
}
/** `hashedStep` of each step: the same array when none changes, whose canonical text is made once (`stepsCanonicalJson`). */
function hashedSteps(steps) {
    return steps.some((step) => hashedStep(step) !== step) ? steps.map(hashedStep) : steps;
}
/** The hash of a trace's steps (redacted already) as `fileStepsHash` hashes a plan file's: what a resume compares them by. */
function tracedStepsHash(steps) {
    return (0,_core_stable_hash_js__WEBPACK_IMPORTED_MODULE_0__/* .stableHash */ .c6)(hashedSteps(steps));
}


/***/ }),

/***/ 19856:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ runProcess)
/* harmony export */ });
/* unused harmony export resolveProgram */
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(77598);
/* harmony import */ var _core_clock_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(91601);
/* harmony import */ var _kill_marked_processes_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1326);
/* harmony import */ var _kill_process_group_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(46747);
/* harmony import */ var _live_process_groups_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(39340);
/* harmony import */ var _program_problem_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(79639);
/* harmony import */ var _tail_buffer_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(69542);








/** After a stopped command exits, how long its pipes may stay open before we stop waiting. */
const CLOSE_GRACE_MS = 2000;
/** The program to start: `scripts/x.mjs` resolves from `cwd`; a bare name like `node` is looked up on the child's PATH. */
function resolveProgram(program, cwd) {
    if (node_path__WEBPACK_IMPORTED_MODULE_0__.isAbsolute(program) || !/[\\/]/.test(program))
        return program;
    return node_path__WEBPACK_IMPORTED_MODULE_0__.resolve(cwd, program);
}
/** Why a start that failed failed, when the program is there and can be told (`spawnProblem`, on the child's PATH). */
function startProblem(error, program, options) {
    const problem = (0,_program_problem_js__WEBPACK_IMPORTED_MODULE_6__/* .spawnProblem */ .xb)(error.code, program, options.cwd, options.env);
    return problem === undefined ? {} : { problem };
}
/**
 * Runs `argv` without a shell in its own process group and settles with its outcome; it never
 * rejects. Timeouts, the output cap and `signal` kill the whole group, and a process that exits
 * leaves no background processes behind either; on Linux that includes processes that detached
 * from the group (`setsid`), found by a marker in their environment.
 */
function runProcess(argv, options) {
    const program = resolveProgram(argv[0] ?? '', options.cwd);
    // Marks everything the command starts, so what detaches from its group can be found and ended too.
    const marker = (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomBytes)(12).toString('hex');
    // Loaded on the first process: a run that starts none never loads node:child_process and what it brings.
    return Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 31421, 19)).then(({ spawn }) => new Promise((resolve) => {
        // Checked after the load too: a signal aborted while it loaded would otherwise never stop the process.
        if (options.signal?.aborted)
            return resolve({ kind: 'aborted', reason: options.signal.reason });
        let child;
        try {
            child = spawn(program, argv.slice(1), {
                cwd: options.cwd,
                env: { ...options.env, [_kill_marked_processes_js__WEBPACK_IMPORTED_MODULE_3__/* .PROCESS_MARKER_VARIABLE */ .oe]: marker },
                shell: false,
                detached: process.platform !== 'win32',
                stdio: ['pipe', 'pipe', 'pipe'],
                windowsHide: true,
            });
        }
        catch (error) {
            resolve({ kind: 'spawn_failed', program, error: error, early: true, ...startProblem(error, argv[0] ?? '', options) });
            return;
        }
        (0,_live_process_groups_js__WEBPACK_IMPORTED_MODULE_5__/* .trackProcessGroup */ .u)(child);
        const output = options.output;
        const stdout = [];
        let stdoutBytes = 0;
        const merged = output.mode === 'merged' ? new _tail_buffer_js__WEBPACK_IMPORTED_MODULE_7__/* .TailBuffer */ .v(output.maxBytes) : undefined;
        const stderr = new _tail_buffer_js__WEBPACK_IMPORTED_MODULE_7__/* .TailBuffer */ .v(output.mode === 'separate' ? output.maxStderrBytes : 0);
        let stoppedBy;
        let exited;
        let settled = false;
        let graceTimer;
        const finish = (outcome) => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            clearTimeout(graceTimer);
            options.signal?.removeEventListener('abort', onAbort);
            resolve(outcome);
        };
        const finishStopped = () => {
            if (stoppedBy === 'aborted')
                finish({ kind: 'aborted', reason: options.signal?.reason });
            else if (stoppedBy)
                finish({ kind: stoppedBy, stderr });
        };
        const finishExited = (exitCode, signal) => {
            if (stoppedBy)
                finishStopped();
            else
                finish({ kind: 'exited', exitCode, signal, stdout: merged ? merged.text() : Buffer.concat(stdout).toString('utf8'), stderr });
        };
        // A process that left our group and our marker (setsid with a reset environment, sudo) can hold the
        // pipes open for ever; once the command itself is gone, wait only briefly for them to close, and
        // end with what it wrote, as it ended: a command that exited 0 is not a timeout.
        const closeSoon = () => {
            graceTimer ??= setTimeout(() => {
                child.stdout?.destroy();
                child.stderr?.destroy();
                finishExited(exited?.exitCode ?? null, exited?.signal ?? null);
            }, CLOSE_GRACE_MS);
        };
        const stop = (reason) => {
            if (stoppedBy || settled)
                return;
            stoppedBy = reason;
            // After the exit, the pipes' grace is already running (see 'exit'); before it, the exit starts it.
            (0,_kill_process_group_js__WEBPACK_IMPORTED_MODULE_4__/* .killProcessGroup */ .$)(child);
            (0,_kill_marked_processes_js__WEBPACK_IMPORTED_MODULE_3__/* .killMarkedProcesses */ ._l)(marker);
        };
        const onAbort = () => stop('aborted');
        // Declared once the loop has caught up (loopCaughtUp): an exit it could not read in time is read first,
        // and one it read then is no timeout, though a process it left holds the pipes open past the deadline.
        const timer = setTimeout(() => void (0,_core_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .loopCaughtUp */ .Qy)().then(() => exited === undefined && stop('timed_out')), options.timeoutMs);
        options.signal?.addEventListener('abort', onAbort, { once: true });
        if (merged) {
            // One buffer for both streams keeps them interleaved, as the author sees them in a terminal.
            child.stdout.on('data', (chunk) => merged.push(chunk));
            child.stderr.on('data', (chunk) => merged.push(chunk));
        }
        else {
            const maxStdoutBytes = output.mode === 'separate' ? output.maxStdoutBytes : 0;
            child.stdout.on('data', (chunk) => {
                if (stoppedBy)
                    return;
                stdoutBytes += chunk.length;
                if (stdoutBytes > maxStdoutBytes)
                    stop('output_too_large');
                else
                    stdout.push(chunk);
            });
            child.stderr.on('data', (chunk) => stderr.push(chunk));
        }
        // A command may exit without reading its input; the broken pipe is not an error of ours.
        child.stdin.on('error', () => { });
        child.stdin.end(options.stdin);
        child.on('error', (error) => {
            if (child.pid === undefined)
                finish({ kind: 'spawn_failed', program, error, early: false, ...startProblem(error, argv[0] ?? '', options) });
        });
        child.on('exit', (exitCode, signal) => {
            exited = { exitCode, signal };
            // It ended in time: the deadline passing while its pipes close does not make it a timeout.
            clearTimeout(timer);
            // Whatever the command left running would keep its pipes open (and 'close' from firing),
            // including processes that left the group (setsid): those still carry the marker.
            (0,_kill_process_group_js__WEBPACK_IMPORTED_MODULE_4__/* .killProcessGroup */ .$)(child);
            (0,_kill_marked_processes_js__WEBPACK_IMPORTED_MODULE_3__/* .killMarkedProcesses */ ._l)(marker);
            closeSoon();
        });
        child.on('close', (exitCode, signal) => finishExited(exitCode, signal));
    }));
}


/***/ }),

/***/ 24578:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  t1: () => (/* binding */ STATE_ICONS),
  Y4: () => (/* binding */ checklistHeader),
  gd: () => (/* binding */ checklistItem),
  V_: () => (/* binding */ checklistItems),
  aJ: () => (/* binding */ currentKeys),
  Tq: () => (/* binding */ foundNote),
  QO: () => (/* binding */ freshChecklistItem),
  jl: () => (/* binding */ itemProgress),
  e_: () => (/* binding */ needsAttention),
  Hr: () => (/* binding */ oneLogLine),
  wY: () => (/* binding */ partialNote),
  ff: () => (/* binding */ planStepOf),
  oW: () => (/* binding */ previewOf),
  Fb: () => (/* binding */ stepTitle),
  R4: () => (/* binding */ undoneCount),
  oc: () => (/* binding */ undoneNote)
});

// UNUSED EXPORTS: TITLE_MAX_CHARS, briefStatus, checklistLines, nestedItems, otherShardsNote, resultPreview, todoNote, visibleControls

// EXTERNAL MODULE: ./lib/core/visible-controls.js
var visible_controls = __webpack_require__(74700);
// EXTERNAL MODULE: ./lib/core/result-text.js
var result_text = __webpack_require__(16);
// EXTERNAL MODULE: ./lib/core/run-record.js
var run_record = __webpack_require__(90422);
// EXTERNAL MODULE: ./lib/core/cut-text.js
var cut_text = __webpack_require__(86919);
// EXTERNAL MODULE: ./lib/report/format-duration.js
var format_duration = __webpack_require__(74360);
;// CONCATENATED MODULE: ./lib/report/step-text-fields.js
function stepTextFields(step) {
    return { state: step?.state ?? 'pending', result: step?.result, error: step?.error, skipReason: step?.skipReason, partial: step?.partial, todos: step?.todos, foundDone: step?.foundDone };
}
/** True when `step` still has the fields a text was drawn from. */
function sameStepTextFields(fields, step) {
    return fields.state === (step?.state ?? 'pending') && fields.result === step?.result && fields.error === step?.error && fields.skipReason === step?.skipReason && fields.partial === step?.partial && fields.todos === step?.todos && fields.foundDone === step?.foundDone;
}

// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
;// CONCATENATED MODULE: ./lib/report/checklist.js







/** How much of a step's title a checklist line shows. */
const TITLE_MAX_CHARS = 100;
// One identity for "no redactor", so the entry cache below can recognise it.
const asIs = (text) => text;
/** The icon of each step state, as every view draws it. */
const STATE_ICONS = {
    pending: '\u2b1c',
    waiting: '\u23f8\ufe0f',
    in_progress: '\u23f3',
    completed: '\u2705',
    failed: '\u274c',
    skipped: '\u23ed\ufe0f',
};
/**
 * `3/5 complete, 0 failed` (plus failed items of completed steps, failed steps of the plans they use, results that
 * are partial, TODOs of agents that answered without doing them, steps awaiting approval, skipped and replaced, when any), over
 * the steps of the current plan revision: a step that failed and was replaced by a replan is counted as
 * replaced, not as a failure of the plan that finally ran.
 */
function checklistHeader(record) {
    const current = record.plan ? currentKeys(record.plan.steps) : undefined;
    // Looked up step by step only when some step is not of the current plan (a revision replaced it).
    const mixed = keysIfReplaced(record);
    const counts = { pending: 0, in_progress: 0, waiting: 0, completed: 0, failed: 0, skipped: 0 };
    let total = 0;
    // A step completes under on_item_failure: continue with items that failed, all of them maybe: "0 failed"
    // alone read as if every item had done its work.
    const inside = { items: 0, steps: 0, partial: 0, todos: 0 };
    // A step whose result lacks work its line says (`result partial`): `2/2 complete, 0 failed` read as whole.
    let partial = 0;
    // A step that failed and was replaced: "2 replaced" alone hid that anything had failed.
    let replacedFailed = 0;
    let undoneInReused = 0;
    for (const step of record.steps.values()) {
        if (mixed && !mixed.has(step.key)) {
            if (step.state === 'failed')
                replacedFailed++;
            continue;
        }
        total++;
        counts[step.state]++;
        if (step.state !== 'completed')
            continue;
        if (step.partial !== undefined)
            partial++;
        // A plan step taken whole: what its plan left undone there has no record here (found by an adversarial pass).
        undoneInReused += step.leftUndone?.length ?? 0;
        failedInside(step, inside);
    }
    const replaced = record.steps.size - total;
    const skipped = counts.skipped;
    // A paused run's \u23f8\ufe0f steps: `2/5 complete, 0 failed` read as if the other three had not been reached.
    const waiting = counts.waiting ? `, ${counts.waiting} awaiting approval` : '';
    const items = inside.items ? `, ${inside.items} item${inside.items === 1 ? '' : 's'} failed` : '';
    const steps = inside.steps ? `, ${inside.steps} step${inside.steps === 1 ? '' : 's'} of used plans failed` : '';
    // An agent that answered with TODOs of its list not done: its \u2b1c lines under a \u2705 step, and `1/1 complete, 0 failed` above them.
    const todos = inside.todos ? `, ${inside.todos} TODO${inside.todos === 1 ? '' : 's'} not done` : '';
    const partialText = `${partial ? `, ${partial} result${partial === 1 ? '' : 's'} partial` : ''}${inside.partial ? `, ${inside.partial} result${inside.partial === 1 ? '' : 's'} of used plans partial` : ''}`;
    const replacedText = replaced ? `, ${replaced} replaced${replacedFailed ? ` (${replacedFailed} had failed)` : ''}` : '';
    // A resumed run's plan no longer holds the steps that failed in the run it resumes and that a replan replaced (or
    // dropped before they ran) there: `3/3 complete, 0 failed` read as if the tests had never failed (found by an
    // adversarial pass). Only those its plan has not: a step's own key, not work inside a used plan (`step/inner`).
    const carried = [...(record.carriedFailures?.keys() ?? [])].filter((key) => !key.includes('/') && !current?.has(key)).length + undoneInReused;
    const carriedText = carried ? `, ${carried} left undone in the run resumed` : '';
    return `${counts.completed}/${total} complete, ${counts.failed} failed${items}${steps}${partialText}${todos}${waiting}${skipped ? `, ${skipped} skipped` : ''}${replacedText}${carriedText}`;
}
// Whether every step of a record is of a plan snapshot, by the record's map of steps, as found at its size: a map of
// steps only grows, so while its size is the same so are its keys. The header is drawn on every update, and looking
// up each of 10,000 keys again was most of its time.
const currentAt = new WeakMap();
/**
 * The keys of the record's current plan when some step the record has is not one of them (a revision replaced it),
 * for a count to look each step up; undefined when every step is current (or no plan is known), as is most often so.
 */
function keysIfReplaced(record) {
    const steps = record.plan?.steps;
    if (steps === undefined)
        return undefined;
    const cached = currentAt.get(record.steps);
    if (cached?.steps === steps && cached.size === record.steps.size)
        return cached.all ? undefined : currentKeys(steps);
    const keys = currentKeys(steps);
    const all = record.steps.size <= keys.size && [...record.steps.keys()].every((key) => keys.has(key));
    currentAt.set(record.steps, { steps, size: record.steps.size, all });
    return all ? undefined : keys;
}
/**
 * Adds to `found` what failed inside a completed step: its own items, and for a `type: plan` step its used
 * plan's failed steps (under `on_failure: continue`), its completed ones whose results are partial, and the items of
 * its completed ones, at any depth (found by adversarial passes: a used plan whose items all failed, or whose step
 * failed, showed `1/1 complete, 0 failed`).
 */
function failedInside(step, found) {
    found.items += step.failedItems?.length ?? 0;
    found.todos += openTodos(step);
    const nested = step.nested;
    if (!nested)
        return;
    const current = keysIfReplaced(nested);
    // A plan step's partial result is its plan's result step's: counted once, as the plan step.
    const counted = step.partial === undefined ? undefined : nested.resultStepKey;
    for (const inner of nested.steps.values()) {
        if (current && !current.has(inner.key))
            continue;
        if (inner.state === 'failed')
            found.steps += 1;
        else if (inner.state === 'completed') {
            if (inner.partial !== undefined && inner.key !== counted)
                found.partial += 1;
            failedInside(inner, found);
        }
    }
}
// A completed step's count, while its list and its items' counts are as they were: the header is drawn on every
// update, and a for_each step may have 10,000 items.
const openTodoCounts = new WeakMap();
/** The TODOs not completed of a completed agent step's list and of its completed items' (a failed item counts as failed). */
function openTodos(step) {
    if (step.todos === undefined && step.items === undefined)
        return 0;
    const settled = (step.itemCounts?.completed ?? 0) + (step.itemCounts?.failed ?? 0);
    const cached = openTodoCounts.get(step);
    if (cached !== undefined && cached.todos === step.todos && cached.settled === settled)
        return cached.open;
    const lists = [step.todos, ...(step.items ?? []).filter((item) => item.state === 'completed').map((item) => item.todos)];
    const open = lists.reduce((sum, list) => sum + (list?.filter((todo) => todo.status !== 'completed').length ?? 0), 0);
    openTodoCounts.set(step, { todos: step.todos, settled, open });
    return open;
}
// The keys of a plan snapshot's steps, built once per snapshot: the header is drawn on every update.
const keySets = new WeakMap();
/** The keys of a plan snapshot's steps (the current revision's): a record's other steps were replaced. */
function currentKeys(steps) {
    let keys = keySets.get(steps);
    if (!keys) {
        keys = new Set(steps.map((step) => step.key));
        keySets.set(steps, keys);
    }
    return keys;
}
/** Every line break a terminal or a log reader acts on, `\r` alone included. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/**
 * Text from a run (an error with a tool's stderr, a goal's evidence, an item's key) as part of one log
 * line: line breaks and runs of white space as one space, control characters shown. A log reader takes
 * a line that starts with `\u2705 2. deploy` for the checklist, whatever printed it.
 */
function oneLogLine(text) {
    return (0,visible_controls/* visibleControls */.x)(oneSpaced(text).trim());
}
/** White space other than a lone space: where `\s+` \u2192 ' ' changes a text. */
const NOT_ONE_SPACE = /[^\S ]| {2}/;
/** `text` with each run of white space as one space; most texts (titles, results) have none to change, and are returned as they are. */
function oneSpaced(text) {
    return NOT_ONE_SPACE.test(text) ? text.replace(/\s+/g, ' ') : text;
}
/**
 * The first line of a result, as text, cut to `max` characters, with no control character; ` \u2026` when
 * lines follow it, as `\u2026` ends a line it cuts (`\u2192 APPROVED` read as the whole of "APPROVED\u23cebut 3 blocking issues").
 */
function resultPreview(result, max = 80) {
    return previewOf(result, max).preview;
}
/** {@link resultPreview}, and whether it leaves part of the result out (lines after the first, or the end of a long one). */
function previewOf(result, max = 80) {
    const text = typeof result === 'string' ? result : ((0,result_text/* resultJson */.y)(result) ?? String(result));
    const trimmed = text.trim();
    const end = trimmed.search(LINE_BREAK);
    const line = end < 0 ? trimmed : trimmed.slice(0, end);
    const first = (0,visible_controls/* visibleControls */.x)(line.includes('\t') ? line.replaceAll('\t', ' ') : line);
    // trim() leaves NEL (U+0085), a line break here: what follows the first line counts when it is not blank.
    const more = end >= 0 && /[^\s\u0085]/.test(trimmed.slice(end));
    const shown = more ? `${first} \u2026` : first;
    return { preview: (0,cut_text/* cutText */.IN)(shown, max), partial: more || shown.length > max };
}
/**
 * Whether a step's line says something went wrong or is under way: it failed, runs or waits, or it
 * completed past a failed item (`on_item_failure: continue`), past a step of the plan it uses that
 * needs attention, or with its agent's TODOs not done. A view that cannot show every step keeps these
 * lines first: a cut comment dropped a \u2705 plan step and the \u274c under it (found by an adversarial pass).
 */
function needsAttention(step) {
    if (step === undefined)
        return false;
    if (step.state === 'failed' || step.state === 'in_progress' || step.state === 'waiting' || (step.itemCounts?.failed ?? 0) > 0)
        return true;
    if (step.state === 'completed' && ((0,run_record/* undoneTodos */.bK)(step).open.length > 0 || step.leftUndone !== undefined))
        return true;
    // Plans nest at most MAX_PLAN_DEPTH deep: the recursion is bounded by the loader.
    return step.nested !== undefined && [...step.nested.steps.values()].some(needsAttention);
}
/** ` \u2014 12/40 done, 1 failed` for a for_each step that has expanded (in a shard job, of its own items: `; other shards run 80 more`), '' otherwise. */
function itemProgress(step) {
    const counts = step.itemCounts;
    if (!counts)
        return '';
    return ` \u2014 ${(0,group_digits/* groupDigits */.K)(counts.completed)}/${(0,group_digits/* groupDigits */.K)(counts.total)} done${counts.failed ? `, ${(0,group_digits/* groupDigits */.K)(counts.failed)} failed` : ''}${otherShardsNote(counts)}`;
}
/** `; other shards run 80 more` for a shard job's for_each step whose items other shards run, '' otherwise. */
function otherShardsNote(counts) {
    return counts.otherShards ? `; other shards run ${(0,group_digits/* groupDigits */.K)(counts.otherShards)} more` : '';
}
/**
 * ` \u2014 result partial: why` for a completed step whose result lacks work the run left undone (`StepRecord.partial`),
 * redacted, one line, cut to `max`; '' otherwise. A tool step given a partial result answers "0 failures" as if whole,
 * and a for_each step over a list its tool cut reads `3/3 done`: only this says neither is (found by an adversarial pass).
 */
function partialNote(step, redact = asIs, max = 300) {
    return step.state === 'completed' && step.partial !== undefined ? ` \u2014 result partial: ${(0,cut_text/* cutText */.IN)(oneLogLine(redact(step.partial)), max)}` : '';
}
/**
 * ` \u2014 left undone in the run resumed: setup/warm (why)` for a plan step taken whole from the run resumed (or a fan-out
 * job's) whose plan left work undone there, redacted, one line, cut to `max`; '' otherwise. Its line read `\u2705 (reused)`
 * with no record of its plan to show the \u274c (found by an adversarial pass).
 */
function undoneNote(step, redact = asIs, max = 300) {
    const undone = step.state === 'completed' ? step.leftUndone : undefined;
    if (!undone?.length)
        return '';
    const named = undone.slice(0, 3).map(([key, why]) => `${key} (${why})`);
    return ` \u2014 left undone in the run resumed: ${(0,cut_text/* cutText */.IN)(oneLogLine(redact(`${named.join(', ')}${undone.length > 3 ? `, and ${undone.length - 3} more` : ''}`)), max)}`;
}
/**
 * ` \u2014 create_issue not made now: the call in the saved state of attempt 1 was found done` for a completed step whose
 * side-effect calls the run resumed had made, and that this run found done instead of making them (`foundDone`),
 * redacted, one line, cut to `max`; '' otherwise. Its line read a plain \u2705 as if this run had opened the issue, and
 * only the trace said otherwise.
 */
function foundNote(step, redact = asIs, max = 300) {
    const found = step.state === 'completed' ? step.foundDone : undefined;
    if (found === undefined)
        return '';
    const tools = `${found.tools.slice(0, 3).join(', ')}${found.tools.length > 3 ? ', \u2026' : ''}`;
    const one = found.calls === 1;
    const what = one ? `${tools} not made now: the call in` : `${(0,group_digits/* groupDigits */.K)(found.calls)} calls not made now (${tools}): the calls in`;
    return ` \u2014 ${(0,cut_text/* cutText */.IN)(oneLogLine(redact(`${what} ${found.madeIn.join(', ')} ${one ? 'was' : 'were'} found done`)), max)}`;
}
/**
 * ` \u2014 4 left undone in the run resumed`: {@link undoneNote} cut to its count, for a view out of room for the note's
 * names (10,000 such notes of 500 characters left 8,205 steps out of the job summary, found by a caps pass).
 */
function undoneCount(step) {
    const undone = step.state === 'completed' ? step.leftUndone : undefined;
    return undone?.length ? ` \u2014 ${(0,group_digits/* groupDigits */.K)(undone.length)} left undone in the run resumed` : '';
}
/**
 * ` \u2014 1 TODO not done` for a completed agent step that answered with items of its list (or of its completed items'
 * lists) not completed; '' otherwise. A used plan's agent step read `\u2705 a. Triage \u2192 Done.` in the summary and the PR
 * comment, which draw no TODO list under a used plan's steps, while the gate counted it unfinished (found by a reports pass).
 */
function todoNote(step) {
    const open = step.state === 'completed' ? openTodos(step) : 0;
    return open > 0 ? ` \u2014 ${(0,group_digits/* groupDigits */.K)(open)} TODO${open === 1 ? '' : 's'} not done` : '';
}
/**
 * What a line too short for results keeps of a step's status: a for_each step's counts, and ` \u2014 result partial` when
 * its result lacks work. A comment that left the results out read `\u2705 review \u2014 3/3 done` over a list its tool cut.
 */
function briefStatus(step) {
    return `${itemProgress(step)}${step.state === 'completed' && step.partial !== undefined ? ' \u2014 result partial' : ''}${todoNote(step)}${undoneNote(step) ? ' \u2014 left undone in the run resumed' : ''}${foundNote(step) ? ' \u2014 not made now: found done' : ''}`;
}
function describeStatus(step, redact = asIs) {
    const progress = itemProgress(step);
    switch (step.state) {
        case 'completed': {
            const reused = step.reused ? ' (reused)' : '';
            // A tool step given a partial result: its answer ("0 failures") reads as whole unless the line says why it is
            // not; nor do a for_each step's counts ("3/3 done") show the items its list lacked.
            // A result found done, that the run resumed made: a plain \u2705 read as made now.
            const partial = `${partialNote(step, redact)}${todoNote(step)}${undoneNote(step, redact)}${foundNote(step, redact)}`;
            // A for_each step's result is a list as long as its items: the counts say more than its first line.
            if (progress)
                return `${reused}${progress}${partial}`;
            return step.result === undefined ? `${reused}${partial}` : `${reused} \u2192 ${resultPreview(redactResult(step.result, redact))}${partial}`;
        }
        case 'failed':
            return `${progress} \u2014 ${resultPreview(redact(step.error ?? 'failed'), 160)}`;
        case 'skipped':
            return step.skipReason ? ` \u2014 ${resultPreview(redact(step.skipReason), 300)}` : '';
        case 'waiting':
            // The reason names a used plan's file and step ids, which a plan's author writes: one line, as the others.
            return ` \u2014 ${(0,cut_text/* cutText */.IN)(oneLogLine(redact(step.waitReason ?? 'awaiting approval')), 300)}`;
        case 'in_progress':
            if (progress)
                return progress;
            if (step.retry) {
                // In tenths of a second, or in milliseconds under a twentieth: a jittered wait of 30 ms read `retrying in 0 s`.
                const { waitMs } = step.retry;
                const wait = waitMs >= 50 ? `${Math.round(waitMs / 100) / 10} s` : (0,format_duration/* formatDuration */.a)(waitMs);
                // The attempt that failed, of how many: `retry 2/3` read as a count of retries, and no `retry 3/3` ever came.
                return ` \u2014 attempt ${step.retry.attempt}/${step.retry.maxAttempts} failed, retrying in ${wait}: ${resultPreview(redact(step.retry.error), 120)}`;
            }
            return '';
        default:
            return '';
    }
}
// Redact the whole text before any preview cuts it, or half a secret could slip past the redactor.
function redactResult(result, redact) {
    const text = typeof result === 'string' ? result : ((0,result_text/* resultJson */.y)(result) ?? String(result));
    return redact(text);
}
/** The title a step shows: its description, else its type and tool. */
function stepTitle(planStep, redact = asIs, maxChars = TITLE_MAX_CHARS) {
    // One line, cut at a width a checklist line can show; redacted before the cut so no half secret shows.
    let cached = flatTitles.get(planStep);
    if (cached?.redact !== redact) {
        const text = planStep.title || planStep.description || (planStep.tool ? `${planStep.type} ${planStep.tool}` : planStep.type);
        cached = { redact, text: (0,visible_controls/* visibleControls */.x)(oneSpaced(redact(text)).trim()) };
        flatTitles.set(planStep, cached);
    }
    return (0,cut_text/* cutText */.IN)(cached.text, maxChars);
}
// Each view draws a step's title again and again (the summary twice): redact and flatten it once per plan step.
const flatTitles = new WeakMap();
/** Where each step of a plan snapshot is, by key: built once per snapshot, so a lookup is O(1). */
const stepIndexes = new WeakMap();
/** The step of the current plan with this key, if it has one. */
function planStepOf(record, key) {
    const steps = record.plan?.steps;
    if (!steps)
        return undefined;
    let index = stepIndexes.get(steps);
    if (!index) {
        index = new Map(steps.map((step) => [step.key, step]));
        stepIndexes.set(steps, index);
    }
    return index.get(key);
}
// Keyed by the step's record (each renderer folds its own), so every text is redacted once per
// change of the step, not once per event of the run: re-rendering 10,000 entries per event made
// long runs quadratic.
const itemCache = new WeakMap();
/** The checklist entry of one step (redacted, not escaped), recomputed only when the step changed. */
function checklistItem(planStep, step, redact = asIs) {
    const cacheKey = step ?? planStep;
    const cached = itemCache.get(cacheKey);
    if (cached &&
        cached.planStep === planStep &&
        cached.redact === redact &&
        sameStepTextFields(cached.fields, step) &&
        cached.retry === step?.retry &&
        cached.progress === (step ? itemProgress(step) : '')) {
        return cached.item;
    }
    const item = freshChecklistItem(planStep, step, redact);
    itemCache.set(cacheKey, {
        planStep,
        redact,
        fields: stepTextFields(step),
        retry: step?.retry,
        progress: step ? itemProgress(step) : '',
        item,
    });
    return item;
}
/** The checklist entry of one step, computed afresh: for a view that draws each change once (a log). */
function freshChecklistItem(planStep, step, redact = asIs) {
    const state = step?.state ?? 'pending';
    return { key: planStep.key, state, icon: STATE_ICONS[state], title: stepTitle(planStep, redact), status: step ? describeStatus(step, redact) : '' };
}
/** The entries of the current plan's checklist, every text passed through `redact` before it is cut. */
function checklistItems(record, redact = asIs) {
    const steps = record.plan?.steps ?? [];
    return steps.map((planStep) => checklistItem(planStep, record.steps.get(planStep.key), redact));
}
/** The entries of a plan step's nested run, and of runs nested in it, in order; [] for other steps. */
function nestedItems(step, redact = asIs, depth = 1) {
    const nested = step?.nested;
    if (!nested)
        return [];
    return checklistItems(nested, redact).flatMap((item) => [{ depth, item }, ...nestedItems(nested.steps.get(item.key), redact, depth + 1)]);
}
/** One plain-text line per step of the current plan: icon, id, description, and a short status; a nested run's steps indented under their plan step. */
function checklistLines(record) {
    const line = (item) => `${item.icon} ${item.key}. ${item.title}${item.status}`;
    return checklistItems(record).flatMap((item) => [line(item), ...nestedItems(record.steps.get(item.key)).map((nested) => `${'  '.repeat(nested.depth)}${line(nested.item)}`)]);
}


/***/ }),

/***/ 74360:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ formatDuration)
/* harmony export */ });
/**
 * A duration for people: `850 ms`, `12.3 s`, `2 min 5 s`, `1 h 5 min`. Rounded once, to the unit it is shown in, before it
 * is split: rounding the parts apart gave `1 min 60 s` for 119.6 s, `60 s` for 59.96 s and `1000 ms` for
 * 999.6 ms (found by a review).
 */
function formatDuration(ms) {
    if (!Number.isFinite(ms) || ms < 0)
        return '\u2014';
    const wholeMs = Math.round(ms);
    if (wholeMs < 1000)
        return `${wholeMs} ms`;
    const tenths = Math.round(ms / 100);
    if (tenths < 600)
        return `${(tenths / 10).toString()} s`;
    const seconds = Math.round(ms / 1000);
    if (seconds < 3600) {
        const minutes = Math.floor(seconds / 60);
        return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
    }
    // An hour or more in hours and minutes: `1439 min 59 s` was true, and read as nothing.
    const minutes = Math.round(ms / 60_000);
    const hours = Math.floor(minutes / 60);
    return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}


/***/ }),

/***/ 60949:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FV: () => (/* binding */ escapeMarkdown),
/* harmony export */   ME: () => (/* binding */ escapeInlineMarkdown),
/* harmony export */   ZD: () => (/* binding */ escapeHtml)
/* harmony export */ });
/* harmony import */ var _core_visible_controls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(74700);

/**
 * Characters that start Markdown structure anywhere in a line, with the condition they do it under; `at`: a pattern
 * of what a text must hold for the pattern to match in it, for the pre-check `INLINE_AT`, which is made from them so
 * that no pattern is added without one.
 */
const INLINE_PATTERNS = [
    // a backslash that would escape what follows, or at the end what the caller puts after the text (the `**` of a bold line)
    { source: '\\\\(?=[!-/:-@[-`{-~]|$)', at: '\\\\' },
    // code, emphasis, table cells, math, strikethrough, links and images; a `]` too: left bare beside an escaped `[`, it
    // is a stray bracket, which the outbound neutraliser makes fullwidth, and a comment showed `review[0\uff3d`
    { source: '[`*|$~[\\]]', at: '[`*|$~[\\]]' },
    { source: '(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])', at: '_' }, // emphasis; snake_case stays as it is
    { source: '<(?=[A-Za-z/!?])', at: '<' }, // HTML tags, comments and autolinks; `a < b` stays
    { source: '&(?=#?[A-Za-z0-9]+;)', at: '&' }, // character references
    { source: '@(?=[A-Za-z0-9])', at: '@' }, // mentions
    { source: '#(?=[A-Za-z0-9])', at: '#' }, // issue references
    { source: ':(?=//)', at: ':' }, // bare URLs: scheme://host is not turned into a link
    // www.host autolinks: whatever follows (cmark-gfm also links `www.a_b.x`, `www.\u00e4.x`, `www.a%41.x`)
    { source: '\\.(?<=[Ww]{3}\\.)(?=\\S)', at: '[Ww]{3}\\.' },
];
const INLINE = new RegExp(INLINE_PATTERNS.map((pattern) => pattern.source).join('|'), 'g');
/** Whether `INLINE` can match in a text: it holds a character one of its patterns starts with, or `www.`. */
const INLINE_AT = new RegExp(INLINE_PATTERNS.map((pattern) => pattern.at).join('|'));
/** Text that starts like this would be a heading, quote, list item, rule or setext underline. */
const LINE_START = /^(\s*)(#(?=#{0,5}(\s|$))|>|[-+](?=\s|$|[-+]*$)|=(?==*\s*$)|\d{1,9}(?=[.)](\s|$)))/;
/**
 * Escapes the characters Markdown and GFM would read as structure inside a line \u2014 inline markup,
 * HTML, links and autolinks, mentions, issue references, table cells \u2014 and flattens line breaks.
 * For text that follows other text on its line (after an icon, a label, in a table cell).
 */
function escapeInlineMarkdown(text) {
    const flat = text.includes('\n') || text.includes('\r') ? text.replace(/\r\n?|\n/g, ' ') : text;
    // Control characters and bidi overrides shown, as on the log: a reader sees what the text holds.
    const shown = (0,_core_visible_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .visibleControls */ .x)(flat);
    // Most texts (a step's title, its key) have none of those characters: not scanned for every pattern.
    return INLINE_AT.test(shown) ? shown.replace(INLINE, (c) => `\\${c}`) : shown;
}
/**
 * Escapes the characters Markdown and GFM would read as structure here \u2014 inline markup, HTML,
 * links and autolinks, mentions, issue references, table cells, and block markers at the start \u2014
 * and flattens line breaks, so data shows as the same plain text on one line (also in a table
 * cell). Everything else is left alone, so `this week's` and `2 + 3` read as written.
 */
function escapeMarkdown(text) {
    return escapeInlineMarkdown(text).replace(LINE_START, (_, space, marker) => (/^\d/.test(marker) ? `${space}${marker}\\` : `${space}\\${marker}`));
}
/** Escapes text for an HTML context such as `<summary>`. */
function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}


/***/ }),

/***/ 49443:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ writeReportFile)
/* harmony export */ });
/* unused harmony export ReportWriteError */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var _core_open_output_file_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(97712);
/* harmony import */ var _core_output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(65542);



/** A report file that could not be written; the message names the path and what to check. */
class ReportWriteError extends Error {
    path;
    constructor(options) {
        const { cause } = options;
        const reason = cause.code ?? (cause instanceof Error ? cause.message : String(cause));
        // A refused path (/proc, a kernel file system) already says where and what to do.
        const message = cause instanceof _core_output_path_refused_error_js__WEBPACK_IMPORTED_MODULE_2__/* .OutputPathRefusedError */ .l ? cause.message : `cannot write the report to ${options.path} (${reason}); check the path is writable and the disk is not full`;
        super(message, { cause });
        this.name = 'ReportWriteError';
        this.path = options.path;
    }
}
/**
 * Writes a report file, creating its folder (where `createOutputFolder` allows), never through a final symlink (`openOutputFile`). It never throws: a path that cannot be written comes
 * back as a `ReportWriteError`, for the front end to say plainly (the CLI on stderr, the action as
 * a warning), the same way as an unwritable trace.
 */
async function writeReportFile(file, markdown) {
    try {
        const fd = (0,_core_open_output_file_js__WEBPACK_IMPORTED_MODULE_1__/* .openOutputFile */ .Op)(file);
        try {
            (0,_core_open_output_file_js__WEBPACK_IMPORTED_MODULE_1__/* .writeOutputFile */ .BF)(fd, markdown);
        }
        catch (cause) {
            removeCutFile(file, fd);
            throw cause;
        }
        finally {
            (0,_core_open_output_file_js__WEBPACK_IMPORTED_MODULE_1__/* .closeOutputFile */ .gR)(fd);
        }
        return undefined;
    }
    catch (cause) {
        return new ReportWriteError({ path: file, cause });
    }
}
/**
 * Removes the regular file `fd` has open at `file`, whose write failed part-way (a full disk, a file size
 * limit): left there, a cut report was taken for the whole one by whatever read it next (found by an
 * adversarial pass). Only when `file` still names that file: never a device (`/dev/full`), nor another
 * file put in its place since.
 */
function removeCutFile(file, fd) {
    try {
        const open = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd);
        const named = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(file);
        if (open.isFile() && named.isFile() && open.dev === named.dev && open.ino === named.ino)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.unlinkSync)(file);
    }
    catch {
        // Not removable: the message says the report could not be written all the same.
    }
}


/***/ }),

/***/ 11132:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ ApprovalGate)
/* harmony export */ });
/* harmony import */ var _plan_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(89235);
/* harmony import */ var _core_redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(21673);
/* harmony import */ var _core_stable_hash_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(66297);
/* harmony import */ var _approval_request_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(47378);
/* harmony import */ var _step_tools_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(87749);





/**
 * Decides which steps wait for a person: the plan's `approval:` policy (`side-effects`, `plan`), a
 * step's own `approval: true` and what a used plan asks for (see `#reason`), less the steps an
 * approval already covers (by `approvalStepKey`). A used plan's own run asks for nothing: the step that
 * runs it waited for whatever it asks.
 */
class ApprovalGate {
    #plan;
    #tools;
    #approved;
    #shownArgs;
    #redact;
    #usedPlanRun;
    /** What each used plan asks for (its first step that needs approval, and why), or null: each looked at once. */
    #askedByUsedPlan = new Map();
    /**
     * `redact`: the run's redactor; the arguments were shown (and kept in the trace) redacted, and are compared so.
     * `usedPlanRun`: the run of a used plan, whose step in the outer run was let through this gate.
     */
    constructor(plan, tools, approval, redact, usedPlanRun = false) {
        this.#usedPlanRun = usedPlanRun;
        this.#plan = plan;
        this.#tools = tools;
        if (redact)
            this.#redact = redact;
        this.#approved = approval?.approved ?? new Set();
        this.#shownArgs = approval?.shownArgs ?? new Map();
    }
    /** Why the step needs approval before it runs, or undefined when it needs none. */
    needs(step) {
        return this.#usedPlanRun ? undefined : this.#reason(step, this.#plan);
    }
    /**
     * Why a step of `plan` needs approval: its own `approval: true`, its plan's policy, or (a `type: plan`
     * step) what the plan it uses asks for, nested ones too. A used plan's run cannot pause for a person (its
     * pause was its step's failure, and no approval could reach it): its step waits in its stead, and the
     * approval of that step covers the used plan's run.
     */
    #reason(step, plan) {
        if (step.approval)
            return 'the step asks for approval (approval: true)';
        const policy = plan.source?.approval ?? 'never';
        if (policy === 'plan')
            return 'the plan asks for approval before any step runs (approval: plan)';
        if (policy === 'side-effects') {
            const writes = (0,_step_tools_js__WEBPACK_IMPORTED_MODULE_4__/* .toolsStepMayCall */ .R)(step, plan).filter((name) => this.#tools.get(name)?.sideEffects);
            if (writes.length > 0)
                return `it uses ${writes.join(', ')}, a tool with side effects (approval: side-effects)`;
        }
        return this.#usedPlanAsks(step, plan);
    }
    /**
     * Whether the step asks for a person beyond what the plan's policy asks of every step like it: its own
     * `approval: true`, or (a `type: plan` step) the plan it uses asks. A replacement of such a step asks in its place.
     */
    asksOfItself(step) {
        return !this.#usedPlanRun && (step.approval === true || this.#usedPlanAsks(step, this.#plan) !== undefined);
    }
    /** What the plan a `type: plan` step uses asks for, nested ones too, in words; undefined when it asks nothing. */
    #usedPlanAsks(step, plan) {
        const used = step.type === 'plan' && step.uses !== undefined ? plan.subplans?.get(step.uses) : undefined;
        if (used === undefined)
            return undefined;
        let asks = this.#askedByUsedPlan.get(used);
        if (asks === undefined) {
            // Null while it is looked at: plans that use each other are refused at load, and would ask nothing more here.
            this.#askedByUsedPlan.set(used, null);
            asks = null;
            for (const inner of used.steps) {
                const why = this.#reason(inner, used);
                if (why === undefined)
                    continue;
                asks = `its step ${inner.id}: ${why}`;
                break;
            }
            this.#askedByUsedPlan.set(used, asks);
        }
        return asks === null ? undefined : `the plan ${step.uses} asks for approval before ${asks}`;
    }
    /**
     * Why the step may not start yet: it needs approval and no approval covers it, or the approval
     * showed it with other arguments than it would run with now (a step it depends on ran again and
     * answered otherwise): then it asks again, with the arguments it has now.
     */
    blocks(step, sources) {
        const why = this.needs(step);
        if (why === undefined)
            return undefined;
        // Runs paused before keys were taken redacted recorded the unredacted step's; it covers the same step.
        const key = [(0,_approval_request_js__WEBPACK_IMPORTED_MODULE_3__/* .approvalStepKey */ .Lo)(step, this.#redact), (0,_approval_request_js__WEBPACK_IMPORTED_MODULE_3__/* .approvalStepKey */ .Lo)(step)].find((candidate) => this.#approved.has(candidate));
        if (key === undefined)
            return why;
        const shown = this.#shownArgs.get(key);
        if (shown === undefined)
            return undefined;
        const resolved = (0,_approval_request_js__WEBPACK_IMPORTED_MODULE_3__/* .pendingApprovalStep */ .$3)(step, sources, { maxItems: this.#plan.limits.max_items ?? _plan_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_LIMITS */ .dR.max_items }).args;
        const now = resolved && this.#redact ? (0,_core_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redactDeep */ .KL)(resolved, this.#redact) : resolved;
        if (now !== undefined && (0,_core_stable_hash_js__WEBPACK_IMPORTED_MODULE_2__/* .stableHash */ .c6)(now) === (0,_core_stable_hash_js__WEBPACK_IMPORTED_MODULE_2__/* .stableHash */ .c6)(shown))
            return undefined;
        // A request from before a for_each agent step (or one whose arguments a model picks) showed its items:
        // nothing changed, but what was approved did not cover them.
        if (step.forEach && !Object.hasOwn(shown, 'for_each'))
            return `${why}; the request it was approved on did not show its items (an earlier plan-runner made it), so it asks again with them`;
        return `${why}; it was approved with other arguments than it has now (a step it depends on answered otherwise)`;
    }
}


/***/ }),

/***/ 46807:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ BudgetExceededError)
/* harmony export */ });
/* harmony import */ var _run_stopped_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(18619);
/* harmony import */ var _core_group_digits_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(80083);
/* harmony import */ var _core_dollars_beside_cap_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(59246);



function shown(limit, allowed, spent) {
    return limit === 'max_cost_usd' ? (0,_core_dollars_beside_cap_js__WEBPACK_IMPORTED_MODULE_1__/* .dollarsBesideCap */ .gs)(allowed, spent) : [(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_2__/* .groupDigits */ .K)(allowed), (0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_2__/* .groupDigits */ .K)(spent)];
}
/**
 * A `limits:` budget was reached: no new step starts, running ones are cancelled, the rest skipped.
 * The message reads "budget exceeded: max_cost_usd 0.50 (spent 0.52)".
 */
class BudgetExceededError extends _run_stopped_error_js__WEBPACK_IMPORTED_MODULE_0__/* .RunStoppedError */ .F {
    limit;
    allowed;
    spent;
    /** A model call was refused before it was made (no room left for it), not made and found over the cap. */
    refusedCall;
    constructor(limit, allowed, spent, detail, options = {}) {
        const [cap, used] = shown(limit, allowed, spent);
        super(`budget exceeded: ${limit} ${cap} (spent ${used}${detail ? `; ${detail}` : ''})`, 'failed');
        this.limit = limit;
        this.allowed = allowed;
        this.spent = spent;
        this.refusedCall = options.refusedCall ?? false;
    }
}


/***/ }),

/***/ 19243:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ fanOutScope)
/* harmony export */ });
/* harmony import */ var _core_push_all_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(37665);

/** The steps a part may start: prepare the fan-out steps' ancestors; shard those and the fan-out steps; merge every step. */
function fanOutScope(steps, part) {
    if (part === 'merge')
        return undefined;
    const byKey = new Map(steps.map((step) => [step.key, step]));
    const fanOut = steps.filter((step) => step.forEach?.fanOut);
    const scope = new Set();
    const queue = fanOut.flatMap((step) => step.dependsOn);
    for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
        if (scope.has(key))
            continue;
        scope.add(key);
        (0,_core_push_all_js__WEBPACK_IMPORTED_MODULE_0__/* .pushAll */ .i)(queue, byKey.get(key)?.dependsOn ?? []);
    }
    if (part === 'shard')
        for (const step of fanOut)
            scope.add(step.key);
    return scope;
}


/***/ }),

/***/ 97843:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ PlanGraph),
/* harmony export */   m: () => (/* binding */ withEdgesWithin)
/* harmony export */ });
/* harmony import */ var _core_push_all_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(37665);
/* harmony import */ var _core_final_step_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(84262);


/**
 * `step` without its edges to steps outside `kept`: a completed step that did without an optional
 * dependency that failed keeps none to it once a replan drops that step.
 */
function withEdgesWithin(step, kept) {
    if (step.dependsOn.every((key) => kept.has(key)))
        return step;
    const within = (keys) => keys.filter((key) => kept.has(key));
    return { ...step, dependsOn: within(step.dependsOn), inputs: within(step.inputs), ...(step.optional && { optional: within(step.optional) }) };
}
/**
 * The steps of the current plan revision and the edges between them. The executor reads the
 * graph afresh at every scheduling decision, so a replan can swap what is left mid-run.
 */
class PlanGraph {
    #steps = [];
    #byKey = new Map();
    #index = new Map();
    #dependents = new Map();
    #revision;
    constructor(steps, revision = 1) {
        this.#revision = revision;
        this.#build(steps);
    }
    get revision() {
        return this.#revision;
    }
    /** Steps in declaration order. */
    get steps() {
        return this.#steps;
    }
    get byKey() {
        return this.#byKey;
    }
    /** Position in declaration order; ready steps start in this order. */
    indexOf(key) {
        const index = this.#index.get(key);
        if (index === undefined)
            throw new Error(`no step ${key} in the plan`);
        return index;
    }
    /** Steps that list `key` among their direct dependencies. */
    dependentsOf(key) {
        return this.#dependents.get(key) ?? [];
    }
    /** Every step downstream of `key`, directly or transitively, in declaration order. */
    downstreamOf(key) {
        const seen = new Set();
        const queue = [...this.dependentsOf(key)];
        for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
            if (seen.has(next))
                continue;
            seen.add(next);
            (0,_core_push_all_js__WEBPACK_IMPORTED_MODULE_0__/* .pushAll */ .i)(queue, this.dependentsOf(next));
        }
        return [...seen].sort((a, b) => this.indexOf(a) - this.indexOf(b));
    }
    /** The key of the step whose result is the run's result (`finalStep`). */
    lastKey() {
        return (0,_core_final_step_js__WEBPACK_IMPORTED_MODULE_1__/* .finalStep */ .x)(this.#steps)?.key;
    }
    /** The full plan as a client draws it once. */
    snapshot(header) {
        return { ...header, revision: this.#revision, steps: [...this.#steps] };
    }
    /**
     * Keeps the steps in `kept` (in their order) and replaces every other step with `newSteps`,
     * which come after them; raises the revision. For replanning: completed steps never rerun.
     */
    replaceRemaining(newSteps, kept) {
        const replaced = this.#steps.filter((s) => !kept.has(s.key)).map((s) => s.key);
        const clash = newSteps.find((s) => this.#byKey.has(s.key));
        if (clash)
            throw new Error(`a replacement step reuses the id ${clash.key}; ids must be new in the run`);
        this.#build([...this.#steps.filter((s) => kept.has(s.key)).map((s) => withEdgesWithin(s, kept)), ...newSteps]);
        this.#revision += 1;
        return { replaced, added: newSteps.map((s) => s.key) };
    }
    #build(steps) {
        const byKey = new Map();
        const index = new Map();
        const dependents = new Map();
        steps.forEach((step, i) => {
            if (byKey.has(step.key))
                throw new Error(`step ${step.key} appears twice`);
            byKey.set(step.key, step);
            index.set(step.key, i);
        });
        for (const step of steps) {
            for (const dep of step.dependsOn) {
                if (!byKey.has(dep))
                    throw new Error(`step ${step.key} depends on ${dep}, which is not in the plan`);
                const list = dependents.get(dep);
                if (list)
                    list.push(step.key);
                else
                    dependents.set(dep, [step.key]);
            }
        }
        this.#steps = [...steps];
        this.#byKey = byKey;
        this.#index = index;
        this.#dependents = dependents;
    }
}


/***/ }),

/***/ 62935:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ei: () => (/* binding */ parseResumeTrace),
  tR: () => (/* binding */ readResumeTrace)
});

// UNUSED EXPORTS: oversizedState, runStarted, traceEvents

// EXTERNAL MODULE: ./lib/core/byte-order-mark.js
var byte_order_mark = __webpack_require__(41708);
// EXTERNAL MODULE: ./lib/run/resume-state.js + 2 modules
var resume_state = __webpack_require__(52439);
// EXTERNAL MODULE: ./lib/core/parse-json.js
var parse_json = __webpack_require__(70695);
// EXTERNAL MODULE: ./lib/core/trace-gap.js
var trace_gap = __webpack_require__(82975);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
// EXTERNAL MODULE: ./lib/core/run-event.js
var run_event = __webpack_require__(8463);
// EXTERNAL MODULE: ./lib/core/todo-item.js
var todo_item = __webpack_require__(26055);
;// CONCATENATED MODULE: ./lib/core/trace-event-schema.js



let built;
/** The optional fields of each object schema `fields` built, for `fieldSchema`. */
const optionalFields = new WeakMap();
/**
 * The fields of each `RunEvent` a trace line must have, with their types, built on the first call:
 * building them at import would cost every start of the action, and only a run that reads a trace
 * needs them. A field not named here passes: a trace of an older plan-runner may carry fields this
 * one no longer writes, and values (a result, an agent's arguments) may be anything. `at` and
 * `durationMs` are checked only when present: they feed shown times alone, which read a missing one
 * as unknown, and traces written by hand leave them out.
 */
function traceEventSchemas() {
    return (built ??= buildSchemas());
}
/** The schema of the field `key` of an object schema of `traceEventSchemas`, whether it is required or not. */
function fieldSchema(schema, key) {
    if (!(schema instanceof schemas.ZodObject) || typeof key !== 'string')
        return undefined;
    return (Object.hasOwn(schema.shape, key) ? schema.shape[key] : undefined) ?? optionalFields.get(schema)?.[key];
}
/**
 * An object with the `required` fields, and the `optional` ones checked only when present: zod runs
 * every field of a shape, present or not, and most optional fields of an event or a step are absent
 * (a 10,000-step plan checked in a third of the time).
 */
function fields(required, optional = {}) {
    const keys = Object.keys(optional);
    // Loose: the check reads the optional fields from the parsed copy, which a stripping object leaves out.
    const schema = schemas.looseObject(required);
    if (keys.length === 0)
        return schema;
    const checked = schema.check((ctx) => {
        const input = ctx.value;
        if (typeof input !== 'object' || input === null)
            return;
        for (const key of keys) {
            const value = input[key];
            if (value === undefined)
                continue;
            const result = optional[key].safeParse(value);
            if (!result.success)
                for (const issue of result.error.issues)
                    ctx.issues.push({ ...issue, path: [key, ...issue.path] });
        }
    });
    optionalFields.set(checked, optional);
    return checked;
}
function buildSchemas() {
    const text = schemas.string();
    const texts = schemas.array(text);
    const count = schemas.number().min(0);
    const index = schemas.int().min(0);
    const flag = schemas.boolean();
    // An object of any values (not a list): `z.object({})` checks that without walking its keys, as a record would.
    const values = schemas.object({});
    const usage = fields({ modelCalls: count, promptTokens: count, completionTokens: count, costUsd: count }, { cachedPromptTokens: count, estimatedCalls: count, abandonedRequests: count, unpricedCalls: count, unansweredCalls: count });
    const duration = schemas.union([schemas.number(), text]);
    const step = fields({ key: text, id: schemas.union([text, schemas.number()]), type: text, description: text, inputs: texts, dependsOn: texts }, {
        title: text,
        tool: text,
        args: values,
        task: text,
        taskAsWritten: flag,
        tools: texts,
        maxTurns: schemas.number(),
        optional: texts,
        agent: text,
        timeoutSeconds: schemas.number(),
        retry: fields({}, { max_attempts: schemas.number(), initial_interval: duration, backoff: schemas.number(), max_interval: duration }),
        onFailure: text,
        review: flag,
        approval: flag,
        why: text,
        forEach: fields({ list: text, as: text, onItemFailure: text }, { key: text, maxItems: schemas.number(), fanOut: flag }),
        item: fields({ name: text, index }),
        uses: text,
        with: values,
    });
    const plan = fields({ name: text, revision: schemas.number(), steps: schemas.array(step) }, { goal: text, file: text });
    const status = schemas["enum"](['succeeded', 'failed', 'goals-unmet', 'escalated', 'cancelled', 'awaiting-approval', 'rejected']);
    const todos = schemas.array(fields({ id: text, content: text, status: schemas["enum"](todo_item/* TODO_STATUSES */.Y) }));
    const times = { at: schemas.number(), ts: text, durationMs: schemas.number() };
    const event = (required, optional = {}) => fields(required, { ...times, ...optional });
    const retrying = { attempt: schemas.number(), maxAttempts: schemas.number(), waitMs: schemas.number(), error: text };
    const reusable = { attempts: schemas.number(), reused: fields({ usage }), masked: flag, elsewhere: flag };
    const failure = { error: text, transient: flag, usage };
    const agentEvent = { stepKey: text, turn: schemas.number() };
    const approvalRequest = fields({
        hash: text,
        planFileHash: text,
        plan,
        pending: schemas.array(fields({ stepKey: text, type: text, title: text, approvalKey: text }, { tool: text, args: values, tools: texts, task: text, uses: text, reason: text })),
    }, { inputsHash: text, at: fields({ kind: schemas["enum"](['pull_request', 'issue']), number: schemas.int().positive() }, { headSha: text }) });
    return {
        plan_created: event({ plan }, { format: schemas.number(), planHash: text, carried: schemas.record(schemas.string(), text), earlier: schemas.array(schemas.union([fields({ kind: schemas.literal('failed'), in: text, stepKey: text, call: text, args: text, error: text, attempts: schemas.number() }, { transient: flag }), fields({ kind: schemas.literal('replanned'), in: text, revision: schemas.number(), reason: text })])), fileSteps: text, plannedFor: text, carries: schemas.number(), marksElsewhere: flag, placedReuseKeys: flag, evaluation: flag }),
        step_started: event({ stepKey: text }, { reuseKey: text }),
        tool_called: event({ stepKey: text, tool: text, args: values, sideEffects: flag, callKey: text }, { item: fields({ key: text, reuseKey: text }), kind: schemas["enum"](['inherited', 'check']), calledAt: text, madeIn: text }),
        tool_returned: event({ stepKey: text, tool: text, callKey: text, outcome: schemas["enum"](['succeeded', 'failed', 'unknown']) }, { error: text }),
        step_retrying: event({ stepKey: text, ...retrying }),
        step_completed: event({ stepKey: text, usage }, { ...reusable, reused: fields({ usage }, { durationMs: count }), failedItems: schemas.array(fields({ index, key: text, error: text })), partial: text, made: flag }),
        step_failed: event({ stepKey: text, ...failure }, { attempts: schemas.number() }),
        share_ended: event({ stepKey: text, state: schemas["enum"](['completed', 'failed']), usage }, { error: text }),
        step_skipped: event({ stepKey: text, reason: text }),
        step_waiting: event({ stepKey: text, reason: text }),
        approval_requested: event({ request: approvalRequest }),
        approval_decided: event({ decision: schemas["enum"](['approved', 'rejected']), hash: text }, { by: text, request: approvalRequest }),
        todos_created: event({ stepKey: text, todos }, { index }),
        todos_updated: event({ stepKey: text, todos, changed: texts }, { index, dropped: todos }),
        agent_turn: event({ ...agentEvent, maxTurns: schemas.number(), message: text, toolCalls: texts }, { index }),
        agent_tool_called: event({ ...agentEvent, tool: text, ok: flag }, { index, error: text }),
        model_used: event({ usage }, { stepKey: text }),
        // The event inside is checked on its own (`traceEventProblem`), by its own type.
        nested_event: event({ stepKey: text, event: schemas.looseObject({ type: text }) }),
        step_expanded: event({ stepKey: text, keys: texts }, { fanOut: fields({ shard: schemas.int().min(1).max(run_event/* MAX_SHARDS */.hH), assignment: schemas.array(schemas.int().min(1).max(run_event/* MAX_SHARDS */.hH)) }) }),
        result_carried: event({ stepKey: text, reuseKey: text, usage }, { item: fields({ index, key: text }), masked: flag, elsewhere: flag, partial: text, made: flag, todos }),
        item_started: event({ stepKey: text, index }),
        item_retrying: event({ stepKey: text, index, ...retrying }),
        item_completed: event({ stepKey: text, index, usage }, { ...reusable, reused: fields({ usage }, { durationMs: count }) }),
        item_failed: event({ stepKey: text, index, ...failure }, { attempts: schemas.number(), notRunHere: flag }),
        shards_assigned: event({ stepKey: text, reuseKey: text, shards: schemas.int().min(1).max(run_event/* MAX_SHARDS */.hH), assignment: schemas.array(schemas.int().min(1).max(run_event/* MAX_SHARDS */.hH)) }),
        plan_revised: event({ plan, replaced: texts, added: texts, reason: text }),
        run_finished: event({ status, usage }, { reason: text, resultStepKey: text, stopsRun: flag }),
        goals_checked: event({ goals: schemas.array(fields({ name: text, severity: schemas["enum"](['required', 'warning']), outcome: schemas["enum"](['met', 'unmet', 'error']), evidence: text })), status }, { usage, reason: text }),
    };
}

// EXTERNAL MODULE: ./lib/core/cut-text.js
var cut_text = __webpack_require__(86919);
;// CONCATENATED MODULE: ./lib/core/trace-event-problem.js




/**
 * What is wrong with a trace event (an object with a string `type`) in words, as the end of a sentence
 * naming its line: `a step_completed event whose usage.promptTokens is not a number`; undefined when
 * it has every field plan-runner writes, of the right type. The events of a used plan's run
 * (`nested_event`, at any depth) are checked alike; an event of a type this plan-runner does not
 * write passes, as every reader of a trace skips it.
 */
function traceEventProblem(event) {
    const schemas = traceEventSchemas();
    const steps = [];
    let inner = event;
    for (;;) {
        if (!Object.hasOwn(schemas, inner.type))
            return undefined;
        const schema = schemas[inner.type];
        const checked = schema.safeParse(inner);
        const where = steps.length === 0 ? '' : ` (in the run of the plan step ${steps.join('/')})`;
        if (!checked.success) {
            const { issues } = checked.error;
            const more = issues.length > 1 ? ` (and ${issues.length - 1} more field${issues.length > 2 ? 's' : ''} wrong)` : '';
            return `${/^[aeiou]/.test(inner.type) ? 'an' : 'a'} ${inner.type} event${where} ${issueText(issues[0], inner, schema)}${more}`;
        }
        if (inner.type !== 'nested_event')
            return undefined;
        const nested = inner;
        // A run nests no deeper than plans may use plans. Deeper, a trace of 80 levels (577 KB) took 7.4 s to
        // resume from and one of 120 over a minute: each level's reuse looks at the levels below (found by an
        // adversarial pass).
        if (steps.length === run_event/* MAX_PLAN_DEPTH */.Z1 - 1)
            return `a nested_event event${where} whose event nests more than ${run_event/* MAX_PLAN_DEPTH */.Z1 - 1} runs deep, deeper than plans may use plans (${run_event/* MAX_PLAN_DEPTH */.Z1} files in all)`;
        steps.push(shownKey(nested.stepKey));
        inner = nested.event;
    }
}
/** `whose usage.costUsd is not a number`, `without its plan`: one issue of `value` (checked by `schema`), in words. */
function issueText(issue, value, schema) {
    const where = pathText(issue.path);
    if (issue.code === 'invalid_type' && isMissing(value, issue.path))
        return `without its ${where}`;
    return `whose ${where} ${wrongText(issue, schemaAt(schema, issue.path))}`;
}
/** What is wrong with a value that is there; `expected` is the schema it failed, when known. */
function wrongText(issue, expected) {
    switch (issue.code) {
        case 'invalid_type': {
            // An object of known fields is named by them: `is not { key, reuseKey }`.
            const fields = expected instanceof schemas.ZodObject ? Object.keys(expected.shape) : [];
            if (fields.length > 0)
                return `is not { ${fields.join(', ')} }`;
            return `is not ${EXPECTED[issue.expected] ?? `of type ${issue.expected}`}`;
        }
        case 'too_small':
            return issue.minimum === 0 ? 'is negative' : `is less than ${String(issue.minimum)}`;
        case 'invalid_value':
            return `is not one of ${issue.values.map((option) => String(option)).join(', ')}`;
        case 'invalid_union':
            // The only unions are a step's id and a retry's intervals.
            return 'is neither a string nor a number';
        default:
            return 'is not what plan-runner writes there';
    }
}
/** The part of `schema` that checks the value at `path`; undefined past what it describes. */
function schemaAt(schema, path) {
    let at = schema;
    for (const part of path) {
        if (at instanceof schemas.ZodArray)
            at = at.element;
        else if (at instanceof schemas.ZodRecord)
            at = at.valueType;
        else
            at = at && fieldSchema(at, part);
    }
    return at;
}
const EXPECTED = {
    string: 'a string',
    number: 'a number',
    int: 'a whole number',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    record: 'an object',
};
/** A step key as written in a message: quoted when it is not a plain name, and cut when long. */
function shownKey(key) {
    return /^[\w.[\]-]{1,80}$/.test(key) ? key : quoted(key);
}
/** A string from the trace, quoted and cut to 80 characters. */
function quoted(text) {
    return JSON.stringify((0,cut_text/* cutText */.IN)(text, 81));
}
/** `plan.steps[0].key`, `carried["a b"]`: the field as a reader of JSON names it. */
function pathText(path) {
    let out = '';
    for (const part of path) {
        if (typeof part === 'number')
            out += `[${part}]`;
        else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part))
            out += out === '' ? part : `.${part}`;
        else
            out += `[${quoted(String(part))}]`;
    }
    return out;
}
/** True when the path names a key its object does not have (zod reports that as a wrong type). */
function isMissing(value, path) {
    let parent = value;
    for (const part of path.slice(0, -1)) {
        if (typeof parent !== 'object' || parent === null)
            return false;
        parent = parent[part];
    }
    const last = path.at(-1);
    return typeof parent === 'object' && parent !== null && !Array.isArray(parent) && last !== undefined && !Object.hasOwn(parent, last);
}

// EXTERNAL MODULE: ./lib/core/read-input-file.js
var read_input_file = __webpack_require__(2237);
// EXTERNAL MODULE: ./lib/core/trace-lock.js
var trace_lock = __webpack_require__(62536);
;// CONCATENATED MODULE: ./lib/run/read-resume-trace.js









/** Why a saved state of `bytes` (as its artifact is listed) is not downloaded; undefined when it may be. */
function oversizedState(bytes) {
    // A run can write more than it reads back: each result is kept whole, and a for_each step's items twice
    // (each item's event and the step's list), so 150 items of 1 MB made a 300 MB trace (found by an
    // adversarial pass). Say so rather than call the file something no run writes.
    return bytes > MAX_TRACE_BYTES
        ? `it is ${groupDigits(bytes)} bytes, more than the ${MAX_TRACE_BYTES / 1024 / 1024} MiB plan-runner reads back (a run whose steps return very large results, a for_each over many of them above all, can write that much)`
        : undefined;
}
/**
 * Reads a trace file whole; a missing or oversized file is a problem in words. `ifMissing` says what to
 * give instead of a file that is not there, in the words of whoever named it (the CLI's `--trace`, the
 * action's `trace` output); a file plan-runner named itself (a downloaded state) needs none.
 */
async function readResumeTrace(file, ifMissing) {
    // A run still writing it has not ended: its completed steps are no finished run's, its call in flight looks
    // unanswered, and a resume in place would write over it while it goes on writing (see `lockTrace`).
    const writer = (0,trace_lock/* traceHolder */.iE)(file);
    if (writer)
        return { ok: false, problem: `the trace ${file} is still being written by a plan-runner run (process ${writer.pid}, started ${writer.started}); resume it once that run has ended` };
    // Read whole, at most the cap, and only from a regular file (a FIFO or /dev/zero would hang or fill memory).
    const read = (0,read_input_file/* readInputFile */.jH)(file, read_input_file/* MAX_TRACE_BYTES */.VZ);
    if (read.ok)
        return { ok: true, trace: { file, text: read.bytes.toString('utf8'), ...(ifMissing !== undefined && { remedy: ifMissing }) } };
    if (read.code === 'ENOENT')
        return { ok: false, problem: `no trace at ${file}${ifMissing === undefined ? '' : `: ${ifMissing}`}` };
    return { ok: false, problem: `cannot read the trace ${file}: ${read.problem}; resume from the trace file of one run` };
}
/**
 * A trace's events, one per JSON line; a broken line is a problem in words, naming the file and the
 * line. A run killed mid-write may leave its last line cut: that line is left out. Each event must
 * have the fields plan-runner writes for its type (`traceEventProblem`): every reader takes them as
 * typed, and a damaged or hand-edited one would otherwise fail later as an internal error.
 * `thisFormatOnly`: a `plan_created` of another trace format ends the reading with that problem.
 */
function traceEvents(trace, options = {}) {
    // Read once however often it is asked for: the action checks the trace `resume-from` names before the job reads it.
    const key = options.thisFormatOnly === true ? 'thisFormatOnly' : 'any';
    let read = parsedTraces.get(trace);
    if (read === undefined)
        parsedTraces.set(trace, (read = {}));
    return (read[key] ??= readTraceEvents(trace, options));
}
/** `traceEvents`' readings of each trace, by whether only this format was taken. */
const parsedTraces = new WeakMap();
function readTraceEvents(trace, options) {
    const lines = trace.text.split('\n');
    const events = [];
    for (const [index, line] of lines.entries()) {
        if (line.trim() === '')
            continue;
        let event;
        try {
            // An event wraps values of up to MAX_JSON_DEPTH (a call's arguments, a result), nested runs around it.
            event = (0,parse_json/* parseJson */.qF)(line, 2 * parse_json/* MAX_JSON_DEPTH */.KX);
        }
        catch (error) {
            // Only a line cut by a kill can be left out; one that parsed but nests too deep is no torn write:
            // skipping it could drop a call with side effects from what a resume knows.
            // Nor one that names a key twice: a kill cuts a line short, it never writes a key again.
            if (error instanceof parse_json/* JsonTooDeepError */.FY || error instanceof parse_json/* JsonDuplicateKeyError */.bW)
                return { ok: false, problem: `${trace.file}:${index + 1}: ${error.message}; the trace is damaged` };
            const last = lines.slice(index + 1).every((rest) => rest.trim() === '');
            // A first line that is not JSON is no trace at all (a plan file given to --resume), not a damaged one.
            if (!last)
                return { ok: false, problem: index === 0 ? `${trace.file} is not a trace: its first line is not JSON${(0,byte_order_mark/* byteOrderMarkNote */.c)(line)}; ${trace.remedy ?? 'give the --trace file a run wrote'}` : `${trace.file}:${index + 1}: not a JSON line; the trace is damaged` };
            continue;
        }
        if (event === null || typeof event !== 'object' || Array.isArray(event) || typeof event.type !== 'string') {
            // A first line that is JSON but no event is no trace at all, not a damaged one: a --record file given to --resume was
            // "rec.jsonl:1: not a trace event \u2026; the trace is damaged" (found by a replay hunt).
            if (events.length === 0) {
                const recording = event?.recording === 'plan-runner';
                return { ok: false, problem: `${trace.file} is not a trace: ${recording ? 'it is a recording (a --record file), which holds model answers, not a run\'s steps' : 'its first line is not a trace event (a JSON object with a "type")'}; ${trace.remedy ?? 'give the --trace file a run wrote'}` };
            }
            return { ok: false, problem: `${trace.file}:${index + 1}: not a trace event (a JSON object with a "type"); the trace is damaged` };
        }
        if (event.type === trace_gap/* TRACE_GAP */.N) {
            const missing = event.event;
            return { ok: false, problem: `${trace.file}:${index + 1}: the run could not write ${typeof missing === 'string' ? `a ${missing} event` : 'an event'} here, so the trace is incomplete; a resume from it could make a call with side effects again: start a fresh run` };
        }
        // `thisFormatOnly`: a trace of another format is refused as that, before its events are read as this format's
        // (found by an adversarial pass: a newer plan-runner's trace was called damaged at its first changed event).
        if (options.thisFormatOnly && event.type === 'plan_created') {
            const otherFormat = (0,resume_state/* traceFormatProblem */.OM)(trace.label ?? trace.file, event.format);
            if (otherFormat)
                return { ok: false, problem: otherFormat };
        }
        const problem = traceEventProblem(event);
        if (problem !== undefined)
            return { ok: false, problem: `${trace.file}:${index + 1} has ${problem}; the trace is damaged` };
        events.push(event);
    }
    return { ok: true, events };
}
/** A trace's JSON lines into what a resume of `planName` needs; a broken line, or a trace of another plan or format, is a problem in words. */
function parseResumeTrace(trace, planName) {
    const read = traceEvents(trace, { thisFormatOnly: true });
    if (!read.ok)
        return read;
    try {
        return (0,resume_state/* resumeStateFromEvents */.GB)(read.events, planName, trace.label ?? trace.file);
    }
    catch (error) {
        // An event with the right type but not the fields it needs: refused in words, not as an internal error.
        return { ok: false, problem: `${trace.file} holds an event plan-runner cannot read (${error instanceof Error ? error.message : String(error)}); the trace is damaged` };
    }
}
/**
 * Whether a trace may hold a run that started: false when every line is an event and none is its
 * `plan_created` (a run cancelled or killed while MCP servers started or the model planned, a rejected
 * plan), which holds nothing to resume; false too when the run's first write was cut by a kill (`whole`:
 * the text is the whole file): its `plan_created`, or the lines a resumed run carries with it, end in a cut
 * last line (which `traceEvents` leaves out) or before they all came. Nothing runs before that write ends,
 * so such a run did nothing: saved as started, every re-run was refused ("no plan_created event", "was
 * cut while its run wrote what it carried") and never reached the attempt before it (found by an
 * adversarial pass). Any other line that is not an event could be anything, so it counts as started (a
 * resume then says what is wrong with the trace). The scan ends at `plan_created` and what it carries, not
 * after parsing the whole trace, which the resume parses again.
 */
function runStarted(trace, options = {}) {
    const lines = trace.text.split('\n');
    let last = lines.length - 1;
    while (last >= 0 && lines[last].trim() === '')
        last -= 1;
    // Carried lines still to come after the run's `plan_created`; undefined until it is read.
    let carrying;
    for (const [index, line] of lines.entries()) {
        if (line.trim() === '')
            continue;
        let event;
        try {
            event = parseJson(line, 2 * MAX_JSON_DEPTH);
        }
        catch (error) {
            // A last line a kill cut, as `traceEvents` reads it: the run's first write did not end.
            const cut = index === last && options.whole !== false && !(error instanceof JsonTooDeepError) && !(error instanceof JsonDuplicateKeyError);
            return !cut;
        }
        const fields = event !== null && typeof event === 'object' ? event : {};
        if (typeof fields.type !== 'string')
            return true;
        if (carrying === undefined) {
            if (fields.type !== 'plan_created')
                continue;
            carrying = typeof fields.carries === 'number' && fields.carries > 0 ? fields.carries : 0;
        }
        else if (isCarriedLine({ type: fields.type, ...(typeof fields.kind === 'string' && { kind: fields.kind }) }))
            carrying -= 1;
        if (carrying === 0)
            return true;
    }
    // Its `plan_created` came, and fewer lines than it carries: the write was cut at a line's end.
    return carrying !== undefined && options.whole === false;
}


/***/ }),

/***/ 52439:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  NB: () => (/* binding */ fanOutOwnState),
  w6: () => (/* binding */ mergeResumeStates),
  GB: () => (/* binding */ resumeStateFromEvents),
  zO: () => (/* binding */ resumedRevision),
  vB: () => (/* binding */ stepsTakenOut),
  OM: () => (/* binding */ traceFormatProblem)
});

// UNUSED EXPORTS: mergeOwnState, prepareOwnState, shardOwnState

// EXTERNAL MODULE: ./lib/core/carried-line.js
var carried_line = __webpack_require__(94360);
// EXTERNAL MODULE: ./lib/core/cut-text.js
var cut_text = __webpack_require__(86919);
;// CONCATENATED MODULE: ./lib/core/earlier-attempts.js

/** Entries carried at most, the latest: a chain of re-runs adds to them each time. */
const EARLIER_ENTRIES_KEPT = 60;
const EARLIER_ARGS_CHARS = 500;
const EARLIER_ERROR_CHARS = 1_000;
const EARLIER_REASON_CHARS = 2_000;
/** `older` then `newer`, each entry's text cut, the latest `EARLIER_ENTRIES_KEPT` of them. */
function joinEarlierAttempts(older, newer) {
    return [...(older ?? []), ...newer]
        .slice(-EARLIER_ENTRIES_KEPT)
        .map((entry) => (entry.kind === 'failed' ? { ...entry, args: (0,cut_text/* cutText */.IN)(entry.args, EARLIER_ARGS_CHARS), error: (0,cut_text/* cutText */.IN)(entry.error, EARLIER_ERROR_CHARS) } : { ...entry, reason: (0,cut_text/* cutText */.IN)(entry.reason, EARLIER_REASON_CHARS) }));
}
/**
 * The entries of several runs' lists (a fan-out merge's prepare, shard and earlier merge states), each once: a
 * shard's list carries the prepare job's it resumed, and the merge's replanner was told each prepare failure once
 * per shard, crowding out the shards' own.
 */
function mergeEarlierAttempts(lists) {
    const seen = new Set();
    const once = lists.flat().filter((entry) => {
        const id = entry.kind === 'failed' ? JSON.stringify([entry.kind, entry.in, entry.stepKey, entry.call, entry.args, entry.error, entry.attempts]) : JSON.stringify([entry.kind, entry.in, entry.revision, entry.reason]);
        if (seen.has(id))
            return false;
        seen.add(id);
        return true;
    });
    return joinEarlierAttempts(undefined, once);
}

// EXTERNAL MODULE: ./lib/core/plan-step.js
var plan_step = __webpack_require__(98511);
// EXTERNAL MODULE: ./lib/core/run-event.js
var run_event = __webpack_require__(8463);
// EXTERNAL MODULE: ./lib/core/run-record.js
var run_record = __webpack_require__(90422);
// EXTERNAL MODULE: ./lib/core/stable-hash.js
var stable_hash = __webpack_require__(66297);
// EXTERNAL MODULE: ./lib/plan/hashed-step.js
var hashed_step = __webpack_require__(55157);
// EXTERNAL MODULE: ./lib/run/fan-out-part.js
var fan_out_part = __webpack_require__(19243);
;// CONCATENATED MODULE: ./lib/run/read-earlier-attempts.js

/**
 * What a resumed run's replanner is told of the runs before it: those its trace carried (`plan_created`'s
 * `earlier`), then the failures of the run read (its own steps', not a used plan's, which its step's failure
 * holds) and its replans, in order. A step failed by the run's stop (a cancel, a budget, an escalation) did not
 * fail on its own: its error is the stop's, and it is left out.
 */
function readEarlierAttempts(events, from) {
    const steps = new Map();
    const own = [];
    let carried;
    let stop;
    for (const event of events) {
        if (event.type === 'plan_created' || event.type === 'plan_revised')
            for (const step of event.plan.steps)
                steps.set(step.key, step);
        if (event.type === 'plan_created')
            carried = event.earlier;
        else if (event.type === 'plan_revised')
            own.push({ kind: 'replanned', in: from, revision: event.plan.revision, reason: event.reason });
        // The run's reason: a stop's message, which each step it aborted failed with (a step's own failure is never "step \u2026 failed: \u2026").
        else if (event.type === 'run_finished' && event.reason)
            stop = event.reason;
        else if (event.type === 'step_failed') {
            const step = steps.get(event.stepKey);
            own.push({
                kind: 'failed',
                in: from,
                stepKey: event.stepKey,
                call: step?.tool ?? step?.type ?? 'step',
                args: JSON.stringify(step?.args ?? {}),
                error: event.error,
                attempts: event.attempts ?? 1,
                ...(event.transient && { transient: true }),
            });
        }
    }
    const failedOnTheirOwn = stop === undefined ? own : own.filter((entry) => entry.kind !== 'failed' || !entry.error.startsWith(stop));
    const earlier = joinEarlierAttempts(carried, failedOnTheirOwn);
    return earlier.length === 0 ? undefined : earlier;
}

// EXTERNAL MODULE: ./lib/run/step-reuse-key.js
var step_reuse_key = __webpack_require__(86324);
// EXTERNAL MODULE: ./lib/run/trace-step-weights.js
var trace_step_weights = __webpack_require__(67047);
;// CONCATENATED MODULE: ./lib/run/resume-state.js











/**
 * The steps the revisions of the run `state` was read from (and of those it resumed) took out of the plan, by key,
 * with why (`leftUndone`): not in `state.plan`, so a run that goes on with it never runs them; one that starts from
 * other steps (the plan file's, a plan written anew, a merge job's from the prepare job's) may run them beside
 * what replaced them (`replacedStepRefusal`).
 */
function stepsTakenOut(state) {
    if (state.replacedBefore)
        return state.replacedBefore.steps;
    const kept = new Set(state.plan.steps.map((step) => step.key));
    return new Map([...state.leftUndone].filter(([key]) => !key.includes('/') && !kept.has(key)));
}
/** Why a trace whose `plan_created` says `format` (none: format 1) cannot be resumed; undefined when it is this plan-runner's. */
function traceFormatProblem(from, format) {
    if (format === run_event/* TRACE_FORMAT */._W)
        return undefined;
    const newer = typeof format === 'number' && format > run_event/* TRACE_FORMAT */._W ? ': a newer plan-runner wrote it; resume it with that version, or run the plan afresh' : '; run the plan afresh';
    return `${from} is in trace format ${typeof format === 'number' ? format : format === undefined ? 1 : JSON.stringify(format)}, and this plan-runner resumes from format ${run_event/* TRACE_FORMAT */._W} only${newer}`;
}
/**
 * Reads an earlier run's events into what a resume needs. A trace of another plan or format is
 * refused. A side-effect call that started and never returned is `unknown`: it may have taken effect.
 */
function resumeStateFromEvents(events, planName, from) {
    const created = events.find((event) => event.type === 'plan_created');
    if (!created)
        return { ok: false, problem: `${from} has no plan_created event: it is not a plan-runner trace, or the run never started` };
    // A trace written before results read from another checkout were marked: whether its results were is not known.
    const marks = created.marksElsewhere === true;
    const elsewhereOf = (event) => (event.elsewhere ? { elsewhere: true } : marks ? {} : { elsewhere: 'unknown' });
    // A trace written before a used plan's results were kept in their place: what it carried is under bare reuse keys.
    const unplacedCarried = created.placedReuseKeys === true ? undefined : new Set();
    const otherFormat = traceFormatProblem(from, created.format);
    if (otherFormat)
        return { ok: false, problem: otherFormat };
    const shape = created.plan;
    if (shape === null || typeof shape !== 'object' || typeof shape.name !== 'string' || !Array.isArray(shape.steps)) {
        return { ok: false, problem: `${from} has a plan_created event without its plan (a name and steps); the trace is damaged` };
    }
    if (created.plan.name !== planName) {
        return { ok: false, problem: `${from} is a trace of the plan '${created.plan.name}', not of '${planName}'; resume from a trace of this plan` };
    }
    // Found by a replay hunt: a trace `eval --trace-dir` wrote was resumed, and a step its scripted answer completed was
    // reused as a real run's result (a run reusing every step passed its goals on scripted answers alone).
    if (created.evaluation === true) {
        return { ok: false, problem: `${from} is the trace of an eval run, whose model answers may be scripted (--answers), its tools' faults injected or its steps run as a baseline; resume from the trace of a plan-runner run, or run the plan afresh` };
    }
    // What a resumed run carries is written with its plan_created in one write: a trace that holds fewer lines
    // of it was cut there, and knows less than the run it resumed (side effects included).
    if (created.carries !== undefined) {
        const carried = events.filter(carried_line/* isCarriedLine */.h).length;
        if (carried < created.carries) {
            return { ok: false, problem: `${from} was cut while its run wrote what it carried from the run it resumed (${carried} of ${created.carries} lines): it knows less than that run did; resume from that run's trace instead` };
        }
    }
    let plan = created.plan;
    let approval;
    let decided;
    let stoppedRun;
    const keys = new Map();
    const reuse = new Map();
    const calls = new Map();
    const children = new Map();
    const items = new Map();
    const itemErrors = new Map();
    const shards = new Map();
    const completedSteps = new Set();
    const byIndex = (map, key) => {
        let inner = map.get(key);
        if (!inner)
            map.set(key, (inner = new Map()));
        return inner;
    };
    /**
     * One event, read in the scope of the run that recorded it: step keys are a run's own, so a used
     * plan's events (`nested_event`, at any depth) get their own scope. Their completed steps are found
     * by reuse key in their place (`placedReuseKey`) and their side effects by call key (which names the used plan): a
     * resumed `type: plan` step reuses what its plan completed there, never what another use of that plan completed, and
     * never repeats a call it made. A side effect and a completed
     * step are named by their keys in the whole job (`within` the plan steps that used their plan): two steps
     * using one plan run steps of the same keys, and each was told the other's calls as its own (found by a review).
     */
    const visit = (event, keys, children, top, scopes, within) => {
        if (event.type === 'nested_event') {
            let scope = scopes.get(event.stepKey);
            if (!scope)
                scopes.set(event.stepKey, (scope = { keys: new Map(), children: new Map(), scopes: new Map() }));
            visit(event.event, scope.keys, scope.children, false, scope.scopes, (0,plan_step/* stepKeyWithin */.t)(within, event.stepKey));
        }
        else if (top && event.type === 'plan_revised')
            plan = event.plan;
        else if (top && event.type === 'approval_requested') {
            approval = event.request;
            decided = undefined;
        }
        else if (top && event.type === 'approval_decided' && event.request?.hash === event.hash) {
            // The approval a run went on with (an approving run's own trace): a re-run of that run may go on with it.
            approval = event.request;
            decided = event.decision;
        }
        else if (top && event.type === 'approval_decided' && event.hash === approval?.hash)
            decided = event.decision;
        else if (top && event.type === 'run_finished')
            stoppedRun = event.stopsRun ? (event.reason ?? 'the run stopped for a failure nothing may go on past') : undefined;
        else if (event.type === 'step_started' && event.reuseKey !== undefined)
            keys.set(event.stepKey, (0,step_reuse_key/* placedReuseKey */.Fb)(within, event.reuseKey));
        else if (event.type === 'step_expanded')
            children.set(event.stepKey, event.keys);
        else if (top && event.type === 'result_carried') {
            // What the run this one resumed had: this run's own events, which come after, may replace it.
            const saved = { result: event.result, usage: event.usage, ...(event.durationMs !== undefined && { durationMs: event.durationMs }), ...(event.masked && { masked: true }), ...elsewhereOf(event), ...(event.todos && { todos: event.todos }) };
            unplacedCarried?.add(event.reuseKey);
            if (event.item)
                byIndex(items, event.reuseKey).set(event.item.index, { key: event.item.key, stepKey: event.stepKey, ...saved });
            else
                reuse.set(event.reuseKey, { stepKey: event.stepKey, ...saved, ...(event.partial !== undefined && { partial: event.partial }), ...(event.made && { made: true }), carried: true });
        }
        else if (top && event.type === 'shards_assigned')
            shards.set(event.reuseKey, { stepKey: event.stepKey, shards: event.shards, assignment: event.assignment });
        else if (event.type === 'item_completed' || event.type === 'item_failed') {
            const key = keys.get(event.stepKey);
            const child = children.get(event.stepKey)?.[event.index];
            if (key === undefined || child === undefined)
                return;
            if (event.type === 'item_completed') {
                const durationMs = event.reused ? event.reused.durationMs : event.durationMs;
                byIndex(items, key).set(event.index, { key: child, stepKey: event.stepKey, result: event.result, usage: event.reused?.usage ?? event.usage, ...(durationMs !== undefined && { durationMs }), ...(event.masked && { masked: true }), ...elsewhereOf(event) });
                itemErrors.get(key)?.delete(event.index);
            }
            else if (!items.get(key)?.has(event.index))
                byIndex(itemErrors, key).set(event.index, event.error);
        }
        else if (event.type === 'step_completed') {
            const key = keys.get(event.stepKey);
            // A for_each step whose items failed (on_item_failure: continue) is not reused whole: its
            // completed items are, per item, and the failed ones run again.
            if (key !== undefined && !(event.failedItems && event.failedItems.length > 0)) {
                const durationMs = event.reused ? event.reused.durationMs : event.durationMs;
                reuse.set(key, { stepKey: event.stepKey, result: event.result, usage: event.reused?.usage ?? event.usage, ...(durationMs !== undefined && { durationMs }), ...(event.masked && { masked: true }), ...elsewhereOf(event), ...(event.partial !== undefined && { partial: event.partial }), ...(event.made && { made: true }) });
                completedSteps.add((0,plan_step/* stepKeyWithin */.t)(within, event.stepKey));
            }
        }
        else if (event.type === 'tool_called' && event.sideEffects && event.kind !== 'check') {
            // The trace writer stamps each line with `ts`; an inherited call keeps its first time.
            const calledAt = event.calledAt ?? event.ts;
            const call = { stepKey: (0,plan_step/* stepKeyWithin */.t)(within, event.stepKey), tool: event.tool, args: event.args, outcome: 'unknown', returned: false, ...(event.item !== undefined && { item: callingItem(event.item) }) };
            calls.set(event.callKey, typeof calledAt === 'string' ? { ...call, calledAt } : call);
        }
        else if (event.type === 'tool_returned') {
            const call = calls.get(event.callKey);
            if (call)
                calls.set(event.callKey, { ...call, outcome: event.outcome, returned: true });
        }
    };
    const nested = new Map();
    for (const event of events)
        visit(event, keys, children, true, nested);
    // Failed for certain: calling again is safe. Succeeded or unknown: never again blindly.
    const sideEffects = new Map([...calls].filter(([, call]) => call.outcome !== 'failed').map(([key, { returned: _returned, ...call }]) => [key, call]));
    const durations = (0,trace_step_weights/* stepDurations */.mQ)(events);
    const record = events.reduce(run_record/* applyEvent */.Z8, (0,run_record/* newRunRecord */.pB)());
    const undoneWhole = withUnfinishedWork(record, reuse, items);
    const current = new Set((record.plan?.steps ?? []).map((step) => step.key));
    const own = [
        // Steps a replan replaced after they failed: the resuming run runs the final plan, where they are not.
        ...[...(0,run_record/* unfinishedWork */.HF)(record)].filter(([key]) => !key.includes('/') && !current.has(key)),
        // What each plan step's plan left undone: the resuming run may reuse that step, or one inside it, whole.
        ...[...record.steps].flatMap(([key, step]) => (step.nested ? [...(0,run_record/* undoneInside */.un)(key, step.nested)] : [])),
    ];
    // Its own, and those it carried from the run it resumed in turn, but for those it ran again and completed: a re-run of a
    // run that redid them and met all_steps_completed was told they were undone, and its goal failed (found by a review).
    const carriedUndone = Object.entries(created.carried ?? {}).filter(([key]) => !completedSteps.has(key));
    const leftUndone = new Map([...carriedUndone, ...own.map(([key, why]) => [key, `${why}, in ${from}`])]);
    const earlier = readEarlierAttempts(events, from);
    return { ok: true, state: { reuse, items, itemErrors, shards, sideEffects, completedSteps, durations, from, plan, firstPlan: created.plan, lastRevision: plan.revision, ...(earlier && { earlier }), ...(created.fileSteps !== undefined && { fileSteps: created.fileSteps }), ...(created.plannedFor !== undefined && { plannedFor: created.plannedFor }), leftUndone, ...(undoneWhole.size > 0 && { undoneWhole }), ...(approval && { approval }), ...(decided && { decided }), ...(stoppedRun !== undefined && { stoppedRun }), ...(unplacedCarried && unplacedCarried.size > 0 && { unplacedCarried }) } };
}
/**
 * What a resume may reuse of steps (a used plan's too, at any depth) that completed without doing all their
 * work, which `all_steps_completed` says of them:
 * - a step or item whose agent answered with its TODO list open keeps that list, which its reuse writes
 *   again (a whole `for_each` step, its items' lists as its own): reused without it, it showed \u2705 alone, and the gate passed on a plain re-run and on every fan-out
 *   merge (found by an adversarial pass). It is not run again: the run it resumes completed it, and a plan
 *   that does not gate on `all_steps_completed` passed with it;
 * - a `type: plan` step whose plan left a step undone (failed under `on_failure: continue`) is not reused
 *   whole: reused, it came back without its plan's record, and every view showed \u2705 and "0 failed" (found by
 *   an adversarial pass). It runs again, reusing what its plan completed, as a failed step runs again.
 */
function withUnfinishedWork(record, reuse, items, undoneWhole = new Map(), within) {
    for (const step of record.steps.values()) {
        if (step.nested)
            withUnfinishedWork(step.nested, reuse, items, undoneWhole, (0,plan_step/* stepKeyWithin */.t)(within, step.key));
        if (step.reuseKey === undefined)
            continue;
        const reuseKey = (0,step_reuse_key/* placedReuseKey */.Fb)(within, step.reuseKey);
        // Only this step's own entry: one carried from an earlier run under the same key was not run here.
        const own = reuse.get(reuseKey);
        const mine = own !== undefined && own.stepKey === step.key && !own.carried;
        if (mine && step.nested !== undefined && (0,run_record/* undoneInside */.un)(step.key, step.nested).size > 0) {
            undoneWhole.set(reuseKey, own);
            reuse.delete(reuseKey);
        }
        else if (mine) {
            // A whole for_each step's reuse has no items to hold their lists: its items' lists go with the step's
            // own, each entry named by its item after its text (`Check licences (review[web])`), done ones too so
            // the counts read as before. Reused item by item instead, an approved step was asked about again
            // (found by a review).
            const listed = (step.items ?? []).flatMap((item) => item.state === 'completed' ? (item.todos ?? []).map((todo) => ({ ...todo, id: `${item.key} ${todo.id}`, content: `${todo.content} (${item.key})` })) : []);
            const todos = [...(step.todos ?? []), ...listed];
            if (todos.length > 0)
                reuse.set(reuseKey, { ...own, todos });
        }
        step.items?.forEach((item, index) => {
            const saved = items.get(reuseKey)?.get(index);
            if (saved !== undefined && item.state === 'completed' && item.todos?.length)
                items.get(reuseKey).set(index, { ...saved, todos: item.todos });
        });
    }
    return undoneWhole;
}
/**
 * What a shard's saved state may tell the jobs after it: the items of the fan-out steps the prepare
 * job assigned to shard `shard` (in `shardPlans`, the prepare state's), and their errors. Any job
 * that holds the runner's artifact token can upload a state under a shard's name: a state that also
 * held other shards' items, a shard plan or whole steps would let one step of one job complete every
 * item, or a step after the fan-out, for the merge. Its side effects stay (a merge then refuses to
 * repeat a call, never makes one it should not), as do its durations and undone work.
 */
function shardOwnState(state, shard, shardPlans) {
    const assigned = (byStep) => new Map([...byStep].flatMap(([reuseKey, items]) => {
        const plan = shardPlans.get(reuseKey);
        return plan ? [[reuseKey, new Map([...items].filter(([index]) => plan.assignment[index] === shard))]] : [];
    }));
    const { approval: _approval, decided: _decided, stoppedRun, undoneWhole: _undoneWhole, ...rest } = state;
    return { ...rest, reuse: new Map(), completedSteps: new Set(), shards: new Map(), items: assigned(state.items), itemErrors: assigned(state.itemErrors), ...(stoppedRun !== undefined && { stoppedRun: `shard ${shard}: ${stoppedRun}` }) };
}
/**
 * What a prepare job's saved state may tell the jobs after it: every step it ran, but nothing of the
 * fan-out steps it assigned to shards (`shards`): their items are the shards' to run, so a prepare
 * state that held items or a whole fan-out step is not the prepare job's (a forged one completed every
 * item of a merge; found by an adversarial pass).
 */
function prepareOwnState(state) {
    const own = (byStep) => new Map([...byStep].filter(([reuseKey]) => !state.shards.has(reuseKey)));
    const { stoppedRun: _stoppedRun, ...rest } = state;
    return { ...rest, reuse: own(state.reuse), items: own(state.items), itemErrors: own(state.itemErrors) };
}
/**
 * What a merge job's own earlier attempt may tell it: the steps it ran after the fan-out (a report it
 * published is not published again), but no fan-out step (whole, its items or their errors: the merge
 * assembles those from the shards' states), no shard plan, and no step the prepare state gives
 * (`prepared`, its reuse keys): read last, a forged merge state overwrote every shard's items and the
 * prepare job's results (found by an adversarial pass).
 */
function mergeOwnState(state, shardPlans, prepared) {
    const reuse = new Map([...state.reuse].filter(([reuseKey]) => !shardPlans.has(reuseKey) && !prepared.has(reuseKey)));
    // Its own stop is not the shards': this attempt reads again (its shards' states say whether they stopped).
    const { stoppedRun: _stoppedRun, undoneWhole: _undoneWhole, ...rest } = state;
    return { ...rest, reuse, items: new Map(), itemErrors: new Map(), shards: new Map() };
}
/** What the saved state of a fanned-out run's `part` may tell this run (see each filter); a whole run's state (no part), all of it. */
function fanOutOwnState(part, state, shardPlans, prepared) {
    if (typeof part === 'number')
        return shardOwnState(state, part, shardPlans);
    if (part === 'prepare')
        return prepareOwnState(state);
    if (part === 'merge')
        return mergeOwnState(state, shardPlans, prepared);
    // A whole run resumed reads its pull request again: the earlier run's stop is not its own.
    const { stoppedRun: _stoppedRun, ...rest } = state;
    return rest;
}
/**
 * One state from several runs of the same plan (a fanned-out run's prepare and shard jobs, or a
 * shard's earlier attempt): every completed step and item, every shard plan and every side effect
 * of any of them. A completed item outranks another state's failure of it. Its plan is the first
 * state's (the prepare job's), or `own`'s, a merge job's earlier attempt, when that one goes on with it
 * (`whyNotGoingOn`): a re-run of the merge resumes its replans, as a plain resume does, so a step a replan
 * there replaced never runs again beside its replacement (found by an adversarial pass).
 */
function mergeResumeStates(states, from, own) {
    const [prepared] = states;
    if (!prepared)
        throw new Error('no state to merge');
    const notGoingOn = own && whyNotGoingOn(own, prepared.plan);
    const first = own !== undefined && notGoingOn === undefined ? own : prepared;
    // Not its fan-out steps: the merge runs none of their items, it takes them from the shards.
    const fanOut = new Set(prepared.plan.steps.flatMap((step) => (step.forEach?.fanOut ? [step.key] : [])));
    const replaced = new Map([...(own && notGoingOn !== undefined ? stepsTakenOut(own) : [])].filter(([key]) => !fanOut.has(key)));
    const replacedBefore = notGoingOn !== undefined && replaced.size > 0 ? { why: `${notGoingOn}, so this attempt starts from the prepare job's plan`, steps: replaced } : undefined;
    const reuse = new Map();
    const items = new Map();
    const itemErrors = new Map();
    const shards = new Map();
    const sideEffects = new Map();
    const durations = new Map();
    const undoneWhole = new Map();
    for (const state of states) {
        for (const [key, step] of state.reuse)
            reuse.set(key, step);
        for (const [key, step] of state.undoneWhole ?? [])
            undoneWhole.set(key, step);
        for (const [key, ms] of state.durations)
            durations.set(key, ms);
        for (const [key, plan] of state.shards)
            shards.set(key, plan);
        for (const [key, inner] of state.items)
            for (const [index, item] of inner)
                (items.get(key) ?? items.set(key, new Map()).get(key)).set(index, item);
        for (const [key, inner] of state.itemErrors)
            for (const [index, error] of inner)
                (itemErrors.get(key) ?? itemErrors.set(key, new Map()).get(key)).set(index, error);
        // A call that succeeded somewhere wins over one whose answer was lost elsewhere.
        for (const [key, call] of state.sideEffects)
            if (sideEffects.get(key)?.outcome !== 'succeeded')
                sideEffects.set(key, call);
    }
    for (const [key, inner] of itemErrors)
        for (const index of inner.keys())
            if (items.get(key)?.has(index))
                inner.delete(index);
    const leftUndone = new Map(states.flatMap((state) => [...state.leftUndone]));
    const completedSteps = new Set(states.flatMap((state) => [...state.completedSteps]));
    // What each run saw fail: a merge job's replanner is told of its own earlier attempt's, and the other jobs'.
    const earlier = mergeEarlierAttempts(states.map((state) => state.earlier ?? []));
    const stoppedRun = states.find((state) => state.stoppedRun !== undefined)?.stoppedRun;
    const unplacedCarried = new Set(states.flatMap((state) => [...(state.unplacedCarried ?? [])]));
    return { reuse, items, itemErrors, shards, sideEffects, completedSteps, durations, from, plan: first.plan, firstPlan: first.firstPlan, lastRevision: states.reduce((most, state) => Math.max(most, state.lastRevision), first.lastRevision), ...(earlier.length > 0 && { earlier }), ...(first.fileSteps !== undefined && { fileSteps: first.fileSteps }), ...(first.plannedFor !== undefined && { plannedFor: first.plannedFor }), leftUndone, ...(undoneWhole.size > 0 && { undoneWhole }), ...(stoppedRun !== undefined && { stoppedRun }), ...(replacedBefore && { replacedBefore }), ...(unplacedCarried.size > 0 && { unplacedCarried }) };
}
/**
 * Why `own` (a merge job's earlier attempt, its plan after its replans) cannot go on with `prepared` (the prepare job's
 * plan), or undefined when it can: its plan holds every step the prepare and shard jobs ran (`fanOutScope`: those the
 * fan-out steps need, and the fan-out steps) as they were. A merge whose replan replaced one of them, or that ran
 * another prepare job's plan, does not: its re-run starts from the prepare job's plan, where the shards' items (a
 * shard re-run since) count.
 */
function whyNotGoingOn(own, prepared) {
    const ran = (0,fan_out_part/* fanOutScope */.q)(prepared.steps, 'shard') ?? new Set();
    const kept = new Map(own.plan.steps.map((step) => [step.key, step]));
    const started = new Map(own.firstPlan.steps.map((step) => [step.key, step]));
    const same = (found, step) => found !== undefined && (0,stable_hash/* stableHash */.c6)(found) === (0,stable_hash/* stableHash */.c6)(step);
    for (const step of prepared.steps) {
        if (!ran.has(step.key) || same(kept.get(step.key), step))
            continue;
        if (!same(started.get(step.key), step))
            return `the prepare job's plan is not the one that attempt started from (its step ${step.key} is not as that attempt had it)`;
        return `that attempt's replans replaced ${step.forEach?.fanOut ? `the fan-out step ${step.key}` : `step ${step.key}, which a fan-out step needs`}`;
    }
    return undefined;
}
/**
 * The revision number of the plan a run resuming `state` starts with, whose steps hash (as the trace keeps
 * them: `tracedStepsHash`) to what `stepsHash` returns (asked only of a resumed run: hashing a
 * large plan's steps costs; a run that resumed nothing paid it anyway, found by an adversarial pass): a chain of re-runs numbers its plans as one
 * run would, so that every number names one plan. The plan those runs last had keeps its number; other steps
 * (a plan file changed since, a plan written anew) are a new revision. Numbered from 1 in each run, a resumed
 * replanned run's plan was revision 1 and its first replan revision 2 again: the escalation, the trace, the
 * summary and the replanner's list of earlier runs gave two plans one number (found by an audit).
 */
function resumedRevision(state, stepsHash) {
    if (!state)
        return 1;
    const last = state.plan.revision === state.lastRevision && (0,hashed_step/* tracedStepsHash */.XN)(state.plan.steps) === stepsHash();
    return last ? state.lastRevision : state.lastRevision + 1;
}
/** A call's `item` as a trace has it: checked, since a resume keys what it tells an agent by it. */
function callingItem(item) {
    const { key, reuseKey } = (item ?? {});
    if (typeof key !== 'string' || typeof reuseKey !== 'string')
        throw new Error(`a tool_called event's item is not { key, reuseKey }: ${JSON.stringify(item)?.slice(0, 100)}`);
    return { key, reuseKey };
}


/***/ }),

/***/ 77653:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  b: () => (/* binding */ RunBudget)
});

// EXTERNAL MODULE: ./lib/llm/pricing.js
var pricing = __webpack_require__(50657);
// EXTERNAL MODULE: ./lib/llm/call-usage.js
var call_usage = __webpack_require__(16249);
// EXTERNAL MODULE: ./lib/run/budget-exceeded-error.js
var budget_exceeded_error = __webpack_require__(46807);
// EXTERNAL MODULE: ./lib/plan/check-pricing.js
var check_pricing = __webpack_require__(25708);
// EXTERNAL MODULE: ./lib/run/run-stopped-error.js
var run_stopped_error = __webpack_require__(18619);
;// CONCATENATED MODULE: ./lib/run/unpriced-call-error.js


/**
 * A model call under `max_cost_usd` came back with no known price, neither for the model the endpoint
 * reported nor for the one that was asked for: the cap cannot be enforced, so the run stops (fail closed).
 */
class UnpricedCallError extends run_stopped_error/* RunStoppedError */.F {
    model;
    requestedModel;
    constructor(model, requestedModel) {
        const asked = requestedModel !== undefined && requestedModel !== model ? ` (asked for '${requestedModel}')` : '';
        super(`max_cost_usd cannot be enforced: the endpoint answered as model '${model}'${asked} and no price is known for it; ` +
            `give one in the plan, e.g. \`${(0,check_pricing/* pricingExample */.l4)([requestedModel ?? model])}\``, 'failed');
        this.model = model;
        this.requestedModel = requestedModel;
    }
}

// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
;// CONCATENATED MODULE: ./lib/run/heap-full-error.js


const megabytes = (bytes) => (0,group_digits/* groupDigits */.K)(Math.round(bytes / 1_048_576));
/**
 * The run's memory is nearly full: nothing new starts, running steps are cancelled, and the run fails
 * with what it completed. A run that would have grown on (a long for_each list in every item of
 * another, results kept for the steps after them) ends with its report instead of a crash.
 */
class HeapFullError extends run_stopped_error/* RunStoppedError */.F {
    usedBytes;
    limitBytes;
    constructor(use, before) {
        super(`memory nearly full: the heap holds ${megabytes(use.usedBytes)} MB of its ${megabytes(use.limitBytes)} MB limit, so ${before} did not start; ` +
            'cut the for_each lists (max_items) or split the plan, or give node more heap (NODE_OPTIONS=--max-old-space-size=<MB>; for the action, in its workflow step\'s env:)', 'failed');
        this.usedBytes = use.usedBytes;
        this.limitBytes = use.limitBytes;
    }
}

// EXTERNAL MODULE: external "node:perf_hooks"
var external_node_perf_hooks_ = __webpack_require__(643);
// EXTERNAL MODULE: external "node:v8"
var external_node_v8_ = __webpack_require__(78877);
// EXTERNAL MODULE: external "node:vm"
var external_node_vm_ = __webpack_require__(30714);
;// CONCATENATED MODULE: ./lib/run/heap-watch.js



/**
 * The share of the heap past which no step or item starts. Past the limit V8 ends the process at
 * once, with no checklist, summary or trace written; the rest is kept for writing them.
 */
const HEAP_STOP_SHARE = 0.8;
/** NODE_OPTIONS's words as node reads them: split at spaces, a double-quoted word whole (`"--max-old-space-size=64"`), `\` escaping in it. */
function nodeOptionWords(options) {
    return [...options.matchAll(/"((?:\\.|[^"\\])*)"|[^\s"]+/g)].map((word) => (word[1] === undefined ? word[0] : word[1].replace(/\\(.)/g, '$1')));
}
/** The heap size `--max-old-space-size` sets (NODE_OPTIONS or node's own arguments; the last one counts), in bytes. */
function oldSpaceFlag() {
    const words = [...nodeOptionWords(process.env['NODE_OPTIONS'] ?? ''), ...process.execArgv];
    let megabytes;
    for (const word of words) {
        const flag = /^--max[-_]old[-_]space[-_]size=(.*)$/.exec(word);
        const value = Number(flag?.[1]);
        if (flag && Number.isFinite(value) && value > 0)
            megabytes = value;
    }
    return megabytes === undefined ? undefined : megabytes * 1_048_576;
}
/**
 * This process's old generation (what outlives a few collections, and what V8 ends the process over
 * when it passes its limit) when a full collection leaves `HEAP_STOP_SHARE` of its limit in use, else
 * undefined; read before every step and item starts. The limit is `--max-old-space-size` when set, else
 * V8's `heap_size_limit`, which also holds the young generation's room (192 MB of 4,288 with node 24's
 * defaults on a 24 GB machine): a little above the true limit.
 *
 * The heap's use between collections is mostly garbage: a run of 40,000 items that ended well in 64 MB
 * had 52 MB in use. Collecting to find out each time the share was passed took that run from 4.7 to
 * 7.7 s; so V8's own full collections (which it makes before its old generation passes its limit) are
 * watched, and only one that left the share in use (as read once it is reported, a little later) is
 * confirmed by a full collection of our own (V8's `gc`, in a context of its own).
 */
function heapNearlyFull() {
    const limitBytes = watchCollections();
    const reported = kept !== undefined && kept.usedBytes >= limitBytes * HEAP_STOP_SHARE;
    // The heap can fill between two of V8's full collections, or before the last one is reported (a loaded machine
    // delivers the report late, a run that never waits not at all): the old generation went from 33 to 63 MB of 64
    // in 330 ms, and V8 ended the run. So a heap at its brim is collected and read too; a read costs 0.3\u20131 \u00b5s.
    if (!reported && (0,external_node_v8_.getHeapStatistics)().used_heap_size < limitBytes * HEAP_BRIM_SHARE)
        return undefined;
    collectGarbage();
    kept = { usedBytes: oldGeneration(), limitBytes };
    return kept.usedBytes < limitBytes * HEAP_STOP_SHARE ? undefined : kept;
}
/** The share of the limit the whole heap (garbage and the young generation too) may hold before it is collected to be read. */
const HEAP_BRIM_SHARE = 0.95;
/** The old generation as V8's last full collection left it, as read when the collection was reported. */
let kept;
let watchedLimit;
let gc;
function oldGeneration() {
    let young = 0;
    for (const space of (0,external_node_v8_.getHeapSpaceStatistics)())
        if (space.space_name === 'new_space' || space.space_name === 'new_large_object_space')
            young += space.space_used_size;
    return (0,external_node_v8_.getHeapStatistics)().used_heap_size - young;
}
/** Watches V8's full collections from the first call on; returns the heap's limit. */
function watchCollections() {
    if (watchedLimit !== undefined)
        return watchedLimit;
    const limitBytes = (watchedLimit = oldSpaceFlag() ?? (0,external_node_v8_.getHeapStatistics)().heap_size_limit);
    new external_node_perf_hooks_.PerformanceObserver((entries) => {
        if (entries.getEntries().some((entry) => entry.detail?.kind === external_node_perf_hooks_.constants.NODE_PERFORMANCE_GC_MAJOR))
            kept = { usedBytes: oldGeneration(), limitBytes };
    }).observe({ entryTypes: ['gc'] });
    return limitBytes;
}
/** A full garbage collection, as `node --expose-gc`'s `gc()` makes one; nothing when V8 refuses the flag. */
function collectGarbage() {
    if (gc === undefined) {
        try {
            (0,external_node_v8_.setFlagsFromString)('--expose-gc');
            gc = (0,external_node_vm_.runInNewContext)('gc');
        }
        catch {
            gc = null;
        }
    }
    gc?.();
}

// EXTERNAL MODULE: ./lib/core/usage.js
var core_usage = __webpack_require__(76940);
// EXTERNAL MODULE: ./lib/core/dollars-past.js
var dollars_past = __webpack_require__(64505);
// EXTERNAL MODULE: ./lib/core/dollars-beside-cap.js
var dollars_beside_cap = __webpack_require__(59246);
;// CONCATENATED MODULE: ./lib/run/run-budget.js










/** A model name a call's usage carries (`model`, the one the endpoint reported; `requestedModel`), if any. */
function nameIn(usage, field) {
    const model = usage[field];
    return typeof model === 'string' && model !== '' ? model : undefined;
}
/**
 * What a job may spend, and what it has spent: every model call (steps, planner, replanner,
 * review, goal judges) and every step started. Once a limit is reached, `signal` aborts with the
 * `BudgetExceededError`, which stops the run; later model calls are refused before they are made.
 * Calls in flight count too: while those expected to fill `max_tokens` or `max_cost_usd` are out,
 * another call waits for them. Once answers have come, parallel steps stop within about one call of
 * a limit, as sequential ones do; before the first answer only prompts are known, so the first calls
 * of parallel steps can each pass it by their answer. A call whose prompt alone passes what is left is never sent.
 */
class RunBudget {
    #limits;
    #pricing;
    #heapNearlyFull;
    #stop = new AbortController();
    #usage = core_usage/* NO_USAGE */.y;
    #abandonedRequests = 0;
    #callsStarted = 0;
    #unansweredCalls = 0;
    #stepsStarted = 0;
    #inFlight = new Set();
    /** Calls waiting for room; woken on a later turn, so a step charges its answer's usage first. */
    #waiting = [];
    #wakeScheduled = false;
    /** A call refused for a cap while others were in flight: the run stops with it once they have answered. */
    #stopAfterInFlight;
    /** Told of the model use no step charges (`chargeOutsideSteps`, the abandoned and unanswered calls), as it happens. */
    #outsideSteps;
    /**
     * The most prompt tokens an endpoint has reported for a call against the estimate made from its text (at least 1):
     * text of fewer characters a token than the estimate's four (Chinese, Japanese) let four parallel calls pass a
     * 4,000-token cap by 10,000 (found by a budget hunt).
     */
    #promptRatio = 1;
    /** `heapNearlyFull` reads the process's heap when it is nearly full (tests give a stand-in): then nothing starts. */
    constructor(limits = {}, pricing, options = {}) {
        this.#heapNearlyFull = options.heapNearlyFull ?? heapNearlyFull;
        this.#limits = {
            max_steps: limits.max_steps ?? Number.POSITIVE_INFINITY,
            max_model_calls: limits.max_model_calls ?? Number.POSITIVE_INFINITY,
            max_tokens: limits.max_tokens ?? Number.POSITIVE_INFINITY,
            max_cost_usd: limits.max_cost_usd ?? Number.POSITIVE_INFINITY,
        };
        if (pricing)
            this.#pricing = pricing;
    }
    /** Everything charged so far, the model requests abandoned in flight (`abandonedRequests`) and the calls that failed unanswered (`unansweredCalls`). */
    get usage() {
        if (this.#abandonedRequests === 0 && this.#unansweredCalls === 0)
            return this.#usage;
        return {
            ...this.#usage,
            ...(this.#abandonedRequests > 0 && { abandonedRequests: this.#abandonedRequests }),
            ...(this.#unansweredCalls > 0 && { unansweredCalls: this.#unansweredCalls }),
        };
    }
    /**
     * A model request was abandoned in flight: its cost is not known, so it counts towards no limit but
     * `max_model_calls` (a call started); the report says how many.
     */
    countAbandoned() {
        this.#abandonedRequests += 1;
        this.#outsideSteps?.({ ...core_usage/* NO_USAGE */.y, abandonedRequests: 1 });
    }
    /**
     * A model call failed with no answer saying what it used (an HTTP error): `max_model_calls` counts it, as a
     * call started, and the report says how many, so that its "spent" and the cost table's calls can be told apart
     * (found by an adversarial pass: a stop said "spent 2" beside a table of 1 call).
     */
    countUnanswered() {
        this.#unansweredCalls += 1;
        this.#outsideSteps?.({ ...core_usage/* NO_USAGE */.y, unansweredCalls: 1 });
    }
    /**
     * The run's record of what is spent outside its steps' own charges, as it is spent (the run's trace keeps
     * it, for a run killed before it could say its total); one listener, replaced by the next.
     */
    onSpentOutsideSteps(listener) {
        this.#outsideSteps = listener;
    }
    /** `charge` for a call no step owns (the planner's, a replanner's, a review's, a goal judge's), told to `onSpentOutsideSteps`'s listener first. */
    chargeOutsideSteps(usage) {
        return this.charge(usage, this.#outsideSteps);
    }
    /**
     * What an answered call's endpoint reported for its prompt, against the estimate its reservation made from the request's
     * text (`ExpectedCall.promptTokens`): later calls in flight are expected at the most tokens a character seen so far.
     */
    learnPrompt(estimatedTokens, reportedTokens) {
        if (!(estimatedTokens > 0) || !Number.isFinite(reportedTokens))
            return;
        this.#promptRatio = Math.max(this.#promptRatio, reportedTokens / estimatedTokens);
    }
    /** Aborted, with the `BudgetExceededError`, when a limit is reached. */
    get signal() {
        return this.#stop.signal;
    }
    /**
     * Why the budget stopped the run: a `BudgetExceededError`, or an `UnpricedCallError` under
     * `max_cost_usd`. Also set while a call refused for a cap waits for the calls in flight to answer,
     * before the run is stopped (`signal`).
     */
    get exceeded() {
        return this.#stop.signal.aborted ? this.#stop.signal.reason : this.#stopAfterInFlight;
    }
    /**
     * The call's cost with the plan's `pricing:` over the built-in table: by the model the endpoint
     * reported when that has a price, else by the model that was asked for (an endpoint may report an
     * internal name, such as a file path). `priceKnown` is false when neither has a price, and the call
     * counts in `unpricedCalls`.
     */
    price(usage) {
        const names = [nameIn(usage, 'model'), nameIn(usage, 'requestedModel')].filter((name) => name !== undefined);
        if (names.length === 0)
            return usage;
        const priced = (0,pricing/* estimateCallCostUsd */.ad)(names, usage.promptTokens, usage.completionTokens, this.#pricing, usage.cachedPromptTokens ?? 0);
        const { unpricedCalls: _unpriced, ...rest } = usage;
        const repriced = priced.priceKnown
            ? { ...rest, costUsd: priced.costUsd, priceKnown: true }
            : { ...rest, costUsd: 0, priceKnown: false, unpricedCalls: Math.max(usage.modelCalls, 1) };
        return repriced;
    }
    /**
     * Adds a finished call's usage (priced) and stops the run if a limit is now passed, or if the call
     * has no price under `max_cost_usd` (a cap it could pass unseen); returns the priced usage. `told`
     * hears of the priced usage before a limit it passes stops the run.
     */
    charge(usage, told) {
        const priced = this.price(usage);
        this.#usage = (0,core_usage/* addUsage */.v)(this.#usage, priced);
        // Before a limit it passes stops the run: the record has the call that stopped it.
        told?.(priced);
        const spent = this.#usage;
        const tokens = spent.promptTokens + spent.completionTokens;
        const model = nameIn(usage, 'model');
        const unpriced = priced.priceKnown === false && model !== undefined;
        if (unpriced && Number.isFinite(this.#limits.max_cost_usd))
            this.#exceed(new UnpricedCallError(model, nameIn(usage, 'requestedModel')));
        // Written so that a cost that is not a number (no price should make one) passes a cap rather than none.
        else if (Number.isFinite(this.#limits.max_cost_usd) && (0,dollars_past/* dollarsPast */.W)(spent.costUsd, this.#limits.max_cost_usd))
            this.#exceed(new budget_exceeded_error/* BudgetExceededError */.Z('max_cost_usd', this.#limits.max_cost_usd, spent.costUsd));
        else if (tokens > this.#limits.max_tokens)
            this.#exceed(new budget_exceeded_error/* BudgetExceededError */.Z('max_tokens', this.#limits.max_tokens, tokens));
        else if (spent.modelCalls > this.#limits.max_model_calls) {
            this.#exceed(new budget_exceeded_error/* BudgetExceededError */.Z('max_model_calls', this.#limits.max_model_calls, spent.modelCalls));
        }
        return priced;
    }
    /**
     * Before a model call: waits while the calls in flight are expected to fill the budget, then
     * throws (and stops the run) when the budget has no room for another call. Returns the call's
     * end, to be called once it has answered and its usage has been charged, or has failed.
     */
    async reserveModelCall(who, expected, signal) {
        for (;;) {
            // A call its caller gave up on before it began is never sent: not started, and max_model_calls does not
            // count it (found by reading the code: a stop said "spent 2" of two calls, one of them never made). Nor is
            // it refused: a refusal stops the run for a call nobody wanted (found by a review: a timed-out step's).
            if (signal?.aborted)
                throw signal.reason;
            const refused = this.exceeded ?? this.#noRoomForCall(who) ?? this.#promptPastCap(who, expected);
            if (refused) {
                // The calls in flight hold the room (max_model_calls counts them as started): stopped now, the run
                // would abort them before they were sent, and the report say spent what never was. The budget is
                // exceeded from here (no step starts, no call is made), and the run stops once they have answered.
                if (!this.#stop.signal.aborted && this.#inFlight.size > 0)
                    this.#stopAfterInFlight ??= refused;
                else
                    this.#exceed(refused);
                throw refused;
            }
            if (!this.#inFlightFillBudget())
                break;
            await this.#roomChanged(signal);
        }
        this.#callsStarted += 1;
        const call = this.#expect(expected);
        this.#inFlight.add(call);
        return () => {
            if (!this.#inFlight.delete(call))
                return;
            // On a later turn: the step whose answer this was returns it first (stopped now, it lost it).
            const stop = this.#stopAfterInFlight;
            if (this.#inFlight.size === 0 && stop)
                setImmediate(() => this.#exceed(stop));
            this.#wakeSoon();
        };
    }
    /**
     * Its prompt, and an answer as long, on average, as those charged so far. Before any answer, the
     * prompt alone: a guess at the answer would make calls wait for room a budget has, and the wait
     * runs down the step's and the run's timeouts. The prompt at the full input price: how much of it the
     * endpoint reads from its cache is known only from the answer, and a guess at it could let calls in
     * flight together pass `max_cost_usd`; this one errs toward a wait, never toward passing a cap. The prompt's
     * estimate is scaled by the most tokens a character the endpoint has reported (`learnPrompt`).
     */
    #expect({ model, promptTokens: estimated }) {
        const spent = this.#usage;
        const promptTokens = Math.ceil(estimated * this.#promptRatio);
        const completionTokens = spent.modelCalls > 0 ? Math.ceil(spent.completionTokens / spent.modelCalls) : 0;
        const priced = (0,pricing/* estimateCallCostUsd */.ad)([model], promptTokens, completionTokens, this.#pricing);
        return { tokens: promptTokens + completionTokens, costUsd: priced.costUsd };
    }
    #inFlightFillBudget() {
        if (this.#inFlight.size === 0)
            return false;
        let tokens = this.#usage.promptTokens + this.#usage.completionTokens;
        let costUsd = this.#usage.costUsd;
        for (const call of this.#inFlight) {
            tokens += call.tokens;
            costUsd += call.costUsd;
        }
        return tokens >= this.#limits.max_tokens || (0,dollars_past/* dollarsReached */.e)(costUsd, this.#limits.max_cost_usd);
    }
    #roomChanged(signal) {
        return new Promise((resolve, reject) => {
            if (signal?.aborted) {
                reject(signal.reason);
                return;
            }
            const onAbort = () => {
                this.#waiting = this.#waiting.filter((wake) => wake !== done);
                reject(signal.reason);
            };
            const done = () => {
                signal?.removeEventListener('abort', onAbort);
                resolve();
            };
            signal?.addEventListener('abort', onAbort, { once: true });
            this.#waiting.push(done);
        });
    }
    #wakeSoon() {
        if (this.#wakeScheduled || this.#waiting.length === 0)
            return;
        this.#wakeScheduled = true;
        setImmediate(() => {
            this.#wakeScheduled = false;
            const waiting = this.#waiting;
            this.#waiting = [];
            for (const wake of waiting)
                wake();
        });
    }
    /** Steps started so far and counted against `max_steps` (failed ones, reused ones and those of used plans too). */
    get stepsStarted() {
        return this.#stepsStarted;
    }
    /** Steps `max_steps` lets start still (Infinity without it): none, and a replan could add no step. */
    get stepsLeft() {
        return this.#limits.max_steps - this.#stepsStarted;
    }
    /**
     * Before a step starts: false (and the run stops) when `max_steps` steps have started already, or
     * when the heap is nearly full (`roomInHeap`).
     */
    beforeStep(stepKey) {
        if (!this.roomInHeap(`step ${stepKey}`))
            return false;
        if (this.#stepsStarted >= this.#limits.max_steps) {
            this.#exceed(new budget_exceeded_error/* BudgetExceededError */.Z('max_steps', this.#limits.max_steps, this.#stepsStarted, `step ${stepKey} would have been one more`));
            return false;
        }
        this.#stepsStarted += 1;
        return true;
    }
    /**
     * Before a step or a for_each item starts (`what` names it): false, and the run stops with a
     * `HeapFullError`, once the heap is nearly full (`heapNearlyFull`); false too once the run is stopped. Memory is the one budget no plan sets: items
     * in every item of a list, across plans inside plans, grew a run past its heap, and V8 ended it
     * with nothing written.
     */
    roomInHeap(what) {
        if (this.exceeded)
            return false;
        const heap = this.#heapNearlyFull();
        if (heap === undefined)
            return true;
        this.#exceed(new HeapFullError(heap, what));
        return false;
    }
    #noRoomForCall(who) {
        const limits = this.#limits;
        const spent = this.#usage;
        const refused = (limit, used) => new budget_exceeded_error/* BudgetExceededError */.Z(limit, limits[limit], used, `${who} needed another call`, { refusedCall: true });
        const calls = Math.max(this.#callsStarted, spent.modelCalls);
        if (calls >= limits.max_model_calls)
            return refused('max_model_calls', calls);
        const tokens = spent.promptTokens + spent.completionTokens;
        if (tokens >= limits.max_tokens)
            return refused('max_tokens', tokens);
        if ((0,dollars_past/* dollarsReached */.e)(spent.costUsd, limits.max_cost_usd))
            return refused('max_cost_usd', spent.costUsd);
        return undefined;
    }
    /**
     * A call whose prompt alone passes what is left of `max_tokens`, or, at the cached input price (the least it could
     * cost), of `max_cost_usd`: it would pass the cap whatever it answered, so it is never sent. Its prompt is taken at
     * the fewest tokens the budget charges for it (`leastChargedTokens`): taken at half its estimate, a call the budget
     * would charge within the cap was refused (found by a review). A task naming a 900 KB result 5,000 times sent a
     * request of 40 million tokens, and only its answer stopped the run (found by an adversarial pass).
     */
    #promptPastCap(who, { model, promptTokens: estimated }) {
        const promptTokens = (0,call_usage/* leastChargedTokens */.UZ)(estimated);
        const limits = this.#limits;
        const spent = this.#usage;
        const tokens = spent.promptTokens + spent.completionTokens;
        const refused = (limit, used, needed, left) => new budget_exceeded_error/* BudgetExceededError */.Z(limit, limits[limit], used, `${who} needed a call whose prompt alone would be charged at least ${needed}, more than the ${left} left; it was not sent`, { refusedCall: true });
        if (tokens + promptTokens > limits.max_tokens)
            return refused('max_tokens', tokens, `${(0,group_digits/* groupDigits */.K)(promptTokens)} tokens`, (0,group_digits/* groupDigits */.K)(limits.max_tokens - tokens));
        if (!Number.isFinite(limits.max_cost_usd))
            return undefined;
        const least = (0,pricing/* estimateCallCostUsd */.ad)([model], promptTokens, 0, this.#pricing, promptTokens);
        if (!least.priceKnown || !(0,dollars_past/* dollarsPast */.W)(spent.costUsd + least.costUsd, limits.max_cost_usd))
            return undefined;
        const left = limits.max_cost_usd - spent.costUsd;
        const decimals = (0,dollars_beside_cap/* decimalsApartFromCap */.RN)(left, least.costUsd, (0,dollars_beside_cap/* capDecimals */.vw)(limits.max_cost_usd));
        return refused('max_cost_usd', spent.costUsd, `$${least.costUsd.toFixed(decimals)}`, `$${left.toFixed(decimals)}`);
    }
    #exceed(error) {
        if (!this.#stop.signal.aborted)
            this.#stop.abort(error);
        this.#wakeSoon();
    }
}


/***/ }),

/***/ 18619:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ RunStoppedError)
/* harmony export */ });
/**
 * Why a whole run stopped early (cancel, run timeout; later budgets). It is the abort reason every
 * running step sees, and its message is the reason pending steps are skipped with.
 */
class RunStoppedError extends Error {
    /** The status the run ends with. */
    status;
    constructor(message, status, options) {
        super(message, options);
        this.name = new.target.name;
        this.status = status;
    }
}


/***/ }),

/***/ 86324:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fb: () => (/* binding */ placedReuseKey),
/* harmony export */   G0: () => (/* binding */ stepReuseKey),
/* harmony export */   q$: () => (/* binding */ toolCallKey),
/* harmony export */   rT: () => (/* binding */ anyPlanCallKey),
/* harmony export */   sT: () => (/* binding */ ResultHashes)
/* harmony export */ });
/* harmony import */ var _core_plan_step_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(98511);
/* harmony import */ var _core_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(21673);
/* harmony import */ var _core_stable_hash_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(66297);
/* harmony import */ var _approval_request_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(47378);
/* harmony import */ var _plan_hashed_step_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(55157);





/**
 * The hash of each completed step's result, redacted as the trace keeps it (a resume reuses results as
 * the trace kept them), made once per result: the key of every step that depends on it holds it. Hashing
 * the result itself into each dependent's key made a list step's 10,000 dependents hash its 10,000-item
 * list 10,000 times (15 s). A result is never changed in place once completed (tools get copies), and the
 * redactor learns its values before the run starts, so a hash made once stays true.
 */
class ResultHashes {
    #redact;
    #made = new Map();
    constructor(redact) {
        this.#redact = redact;
    }
    of(key, result) {
        const made = this.#made.get(key);
        if (made !== undefined && made.result === result)
            return made.hash;
        const hash = (0,_core_stable_hash_js__WEBPACK_IMPORTED_MODULE_1__/* .stableHash */ .c6)(redacted(result, this.#redact));
        this.#made.set(key, { result, hash });
        return hash;
    }
}
/**
 * What a step's result depends on, hashed: its whole definition (redacted, as the trace keeps it), the model and agent it uses, the
 * tool's definition (an agent step's: every tool it may call), the plan file a `type: plan` step
 * uses, the run's inputs, each dependency's key and the hash of its result, and for a step a model answers the goal
 * and the goal checks' names its prompt holds. A resume reuses a
 * completed step whose key is unchanged; a changed step changes every key downstream of it.
 */
function stepReuseKey(step, from) {
    const definition = (name) => toolDefinition(name, from);
    const agent = step.agent === undefined ? undefined : from.plan.source?.agents?.[step.agent];
    // An agent step calls the tools it names (its profile's only bound them): each one's definition, by name.
    const agentTools = step.type === 'agent' ? [...new Set(step.tools ?? [])].sort() : [];
    const used = step.type === 'plan' && step.uses !== undefined ? from.plan.subplans?.get(step.uses) : undefined;
    const usedTools = used ? usedRegistryTools(used) : [];
    return (0,_core_stable_hash_js__WEBPACK_IMPORTED_MODULE_1__/* .stableHash */ .c6)({
        // As the trace keeps it: a resumed written or replanned plan's steps come back from it redacted.
        step: redacted(producing(step), from.redact),
        model: from.plan.source?.model ?? null,
        agent: agent ?? null,
        tool: step.tool === undefined ? null : definition(step.tool),
        inputs: from.inputsHash,
        dependencies: step.dependsOn.map((key) => [key, from.keys.get(key) ?? null, from.results.has(key) ? from.resultHashes.of(key, from.results.get(key)) : null]),
        // Only where they apply, so every other step keeps the key earlier traces recorded.
        ...(agentTools.length > 0 && { agentTools: agentTools.map((name) => [name, definition(name)]) }),
        ...(used && { used: (0,_approval_request_js__WEBPACK_IMPORTED_MODULE_2__/* .planFileHash */ .M5)(used) }),
        // What it calls beyond its own tools: a toolset's or an MCP server's of the top plan, whose server (its command, env,
        // url, headers) no used plan file holds. Changed, the step was reused with the old server's answer (found by a hunt
        // of durable runs). Only where there are such tools, so a used plan of its own tools keeps its key.
        ...(usedTools.length > 0 && { usedTools: usedTools.map((name) => [name, registryDefinition(name, from)]) }),
        // A model's prompt for the step holds the run's goal and the goal checks' names: a changed goal changes its answer.
        ...(asksModel(step) && { prompt: { goal: from.plan.goal ?? null, goals: (from.plan.source?.goals ?? []).map((goal) => goal.name) } }),
        // A used plan without a model of its own answers on the model of the plan using it: a changed one changes its answers.
        ...(asksModel(step) && from.inheritedModel !== undefined && { inheritedModel: from.inheritedModel }),
    });
}
/** Per used plan: the names of `usedRegistryTools`, made once. */
const registryToolsOfPlan = new WeakMap();
/**
 * The tools a used plan and the plans it uses (at any depth) call that none of them defines in its own `tools:`, by name,
 * sorted: the registry's (toolsets, the top plan's MCP servers), which the plans' files do not describe.
 */
function usedRegistryTools(used) {
    let names = registryToolsOfPlan.get(used);
    if (names === undefined) {
        const found = new Set();
        const seen = new Set();
        const visit = (plan) => {
            if (seen.has(plan))
                return;
            seen.add(plan);
            const own = plan.source?.tools ?? {};
            for (const step of plan.steps) {
                for (const name of [step.tool, ...(step.type === 'agent' ? (step.tools ?? []) : [])])
                    if (name !== undefined && !Object.hasOwn(own, name))
                        found.add(name);
            }
            for (const inner of plan.subplans?.values() ?? [])
                visit(inner);
        };
        visit(used);
        names = [...found].sort();
        registryToolsOfPlan.set(used, names);
    }
    return names;
}
/**
 * What of each tool's definition every reuse key holds the same, a `canonicalCopy` made once per tool (a tool's definition
 * does not change once made): a plan tool's whole definition, a registry tool's input schema.
 */
const toolDefinitions = new WeakMap();
function madeOnce(holder, make) {
    let made = toolDefinitions.get(holder);
    if (made === undefined) {
        made = (0,_core_stable_hash_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalCopy */ .Cq)(make());
        toolDefinitions.set(holder, made);
    }
    return made;
}
/**
 * A tool's definition, by name: the plan's own (`tools:`), else the registry's, an MCP tool's server too (`origin`), as
 * the trace would keep it (the same tool of another server answers otherwise); null for a tool neither has.
 */
function toolDefinition(name, from) {
    const defined = from.plan.source?.tools?.[name];
    if (defined)
        return madeOnce(defined, () => producingTool(defined));
    return registryDefinition(name, from);
}
/** A registry tool's definition (`toolDefinition`), an MCP tool's server too; null for a tool the registry does not have. */
function registryDefinition(name, from) {
    const tool = from.tools.get(name);
    if (tool === undefined)
        return null;
    const input = madeOnce(tool, () => tool.inputSchema);
    // The server redacted at each key, never kept: the redactor learns a used plan's secret inputs as that plan starts.
    return { description: tool.description, input, ...(tool.origin !== undefined && { origin: redacted(tool.origin, from.redact) }), sideEffects: tool.sideEffects };
}
/**
 * The step without the fields that say how it is shown or how its running is bounded and recovered (its
 * checklist label, timeout, retries, `on_failure`), never what a completed run of it produced: a resume after
 * a change to one ran a completed step again, and a step with side effects escalated over a label (found by an
 * adversarial pass). A step without them hashes as it always did; so does a task taken as written that holds no `${\u2026}` (`hashedStep`).
 */
function producing(planStep) {
    const step = (0,_plan_hashed_step_js__WEBPACK_IMPORTED_MODULE_3__/* .hashedStep */ .q9)(planStep);
    if (step.title === undefined && step.timeoutSeconds === undefined && step.retry === undefined && step.onFailure === undefined)
        return step;
    const { title: _title, timeoutSeconds: _timeout, retry: _retry, onFailure: _onFailure, ...rest } = step;
    return rest;
}
/**
 * A command tool's definition without how its calls are bounded and retried (`timeout_seconds`, `retry`), as
 * `producing` leaves a step's own out: raising a tool's timeout after a later step timed out ran every completed step
 * of that tool again, and one with side effects escalated (found by an adversarial pass). One without them hashes as it
 * always did.
 */
function producingTool(tool) {
    if (tool.timeout_seconds === undefined && tool.retry === undefined)
        return tool;
    const { timeout_seconds: _timeout, retry: _retry, ...rest } = tool;
    return rest;
}
/** Whether the step's result comes from a model prompted with the run's goal: a text or agent step, or a tool call whose arguments the model chooses. */
function asksModel(step) {
    return step.type === 'reasoning' || step.type === 'aggregate' || step.type === 'agent' || (step.type === 'tool_call' && step.args === undefined);
}
/**
 * Where a resume keeps a step's saved result: its reuse key after its place, the chain of plan steps that used its plan
 * (`within`, as `stepKeyWithin` names it; none for the job's own plan). Two steps using one plan with the same `with:` run
 * steps of equal reuse keys: found by reuse key alone, the second use's steps were reused from the first's, though they
 * never completed (found by a hunt of used plans). A plan step renamed runs its plan's steps again, as any renamed step runs.
 */
function placedReuseKey(within, reuseKey) {
    return (0,_core_plan_step_js__WEBPACK_IMPORTED_MODULE_4__/* .stepKeyWithin */ .t)(within, reuseKey);
}
/** A tool call by tool and arguments, whichever plan made it: how a run knows the calls its used plans made. */
function anyPlanCallKey(tool, args) {
    return (0,_core_stable_hash_js__WEBPACK_IMPORTED_MODULE_1__/* .stableHash */ .c6)({ tool, args });
}
/** The idempotency key of one logical tool call: the same plan, tool and arguments give the same key. */
function toolCallKey(planName, tool, args) {
    return (0,_core_stable_hash_js__WEBPACK_IMPORTED_MODULE_1__/* .stableHash */ .c6)({ plan: planName, tool, args });
}
function redacted(value, redact) {
    return redact ? (0,_core_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redactDeepView */ .dl)(value, redact) : value;
}


/***/ }),

/***/ 87749:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ toolsStepMayCall)
/* harmony export */ });
/**
 * Every tool a step may call: its tool, an agent step's `tools` (its profile's only bound them), and
 * those of every step of the plan a `type: plan` step uses, nested ones too.
 */
function toolsStepMayCall(step, plan, seen = new Set()) {
    const own = step.type === 'agent' ? (step.tools ?? []) : step.tool === undefined ? [] : [step.tool];
    const used = step.type === 'plan' && step.uses !== undefined ? plan.subplans?.get(step.uses) : undefined;
    if (!used || seen.has(used))
        return own;
    seen.add(used);
    return [...new Set([...own, ...used.steps.flatMap((inner) => toolsStepMayCall(inner, used, seen))])];
}


/***/ }),

/***/ 67047:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BR: () => (/* binding */ TraceWeightsError),
/* harmony export */   fV: () => (/* binding */ weightsWithin),
/* harmony export */   mQ: () => (/* binding */ stepDurations),
/* harmony export */   pg: () => (/* binding */ stepWeightsFromTrace)
/* harmony export */ });
/* harmony import */ var _core_read_input_file_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2237);
/* harmony import */ var _core_plan_step_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(98511);


/**
 * What to give instead, in the CLI's words, naming its option: the message began with the file alone, and said
 * nothing of --weights-from (found by an adversarial pass). The action says it in its own (it has no `--trace`).
 */
const GIVE_A_TRACE = 'give --weights-from the trace file a previous run wrote (--trace)';
/** A trace that cannot be read for step durations: the file, the line when one is at fault, and what is wrong. */
class TraceWeightsError extends Error {
    name = 'TraceWeightsError';
    file;
    line;
    constructor(fields) {
        const where = fields.line === undefined ? fields.file : `${fields.file}:${fields.line}`;
        super(`${where}: ${fields.problem}; ${fields.remedy ?? GIVE_A_TRACE}`, { cause: fields.cause });
        this.file = fields.file;
        if (fields.line !== undefined)
            this.line = fields.line;
    }
}
/**
 * The longest duration read as one: a week, far past the 6 hours a run may take. Durations of 1e308 summed to
 * Infinity, every shard's load became Infinity and one shard of four was dealt 17 of 20 items (found by an
 * adversarial pass).
 */
const MAX_STEP_DURATION_MS = 7 * 24 * 3_600_000;
/**
 * How long each step took, from a run's events: the `durationMs` of each step's last `step_completed`
 * or `step_failed` event, and of each `for_each` item's last `item_completed` or `item_failed` under
 * its child key (`review[3]`: a fan-out's shards are balanced by these); a completion reused from an
 * earlier run counts with the time it took there when the event says it (`reused.durationMs`, which a resume hands on), otherwise not
 * at all, nor does a merge's failure of an item it did not run (`notRunHere`), nor a duration negative or past `MAX_STEP_DURATION_MS`. The steps of a used plan are named as in the whole job (`web/s`): a
 * used plan's step `s` took the weight of the outer step `s`. Anything else is passed over.
 */
function stepDurations(events) {
    const weights = new Map();
    const childKeys = new Map();
    const read = (outer) => {
        let event = outer;
        let within;
        // A loop, not a call a level: a trace line may nest thousands of levels (found by a review).
        while (event && typeof event === 'object' && event.type === 'nested_event' && typeof event.stepKey === 'string') {
            within = (0,_core_plan_step_js__WEBPACK_IMPORTED_MODULE_1__/* .stepKeyWithin */ .t)(within, event.stepKey);
            event = event.event;
        }
        if (!event || typeof event !== 'object')
            return;
        const { type, stepKey, durationMs, keys, index, reused, notRunHere } = event;
        if (typeof stepKey !== 'string')
            return;
        const key = (0,_core_plan_step_js__WEBPACK_IMPORTED_MODULE_1__/* .stepKeyWithin */ .t)(within, stepKey);
        if (type === 'step_expanded' && Array.isArray(keys))
            childKeys.set(key, keys);
        // A result reused from an earlier run took no time here: its time is the one it took where it ran, when the event
        // says it (a fan-out merge's items, taken from their shards). A merge's failure of an item its shard left ran nothing:
        // read as 0 ms, a dead shard's items weighed nothing and the next prepare dealt them all to one shard (found by a review).
        const measured = reused === undefined ? durationMs : reused?.durationMs;
        const duration = typeof measured === 'number' && measured >= 0 && measured <= MAX_STEP_DURATION_MS ? measured : undefined;
        if (duration === undefined || notRunHere === true)
            return;
        if (type === 'step_completed' || type === 'step_failed')
            weights.set(key, duration);
        const child = (type === 'item_completed' || type === 'item_failed') && typeof index === 'number' ? childKeys.get(key)?.[index] : undefined;
        if (typeof child === 'string')
            weights.set((0,_core_plan_step_js__WEBPACK_IMPORTED_MODULE_1__/* .stepKeyWithin */ .t)(within, child), duration);
    };
    for (const event of events)
        read(event);
    return weights;
}
/** The weights of the steps of the plan run `within` (named so in the whole job), by their keys in that plan. */
function weightsWithin(weights, within) {
    if (within === undefined)
        return weights;
    let own = weights;
    for (const segment of within.split('/'))
        own = bySegment(own).get(segment) ?? NO_WEIGHTS;
    return own;
}
const NO_WEIGHTS = new Map();
/**
 * Each map's weights of keys `a/\u2026` by their first segment `a`, the rest as their key: made once per map. Each
 * nested run looked through every weight for its own, and a plan of 16,000 used plans given the weights of its
 * last run took 3.5 s doing so (found by an adversarial pass).
 */
const segmented = new WeakMap();
function bySegment(weights) {
    let groups = segmented.get(weights);
    if (groups)
        return groups;
    groups = new Map();
    for (const [key, weight] of weights) {
        const slash = key.indexOf('/');
        if (slash === -1)
            continue;
        const first = key.slice(0, slash);
        let group = groups.get(first);
        if (!group)
            groups.set(first, (group = new Map()));
        group.set(key.slice(slash + 1), weight);
    }
    segmented.set(weights, groups);
    return groups;
}
/** The events of a trace file's text, one per line; a line that is not one is an error naming it. */
function* traceEvents(text, file, remedy) {
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i].trim();
        if (!line)
            continue;
        let event;
        try {
            event = JSON.parse(line);
        }
        catch (cause) {
            // A run killed mid-write may leave its last line cut: left out, as a resume leaves it (read-resume-trace.ts).
            // A first line that is not JSON is no trace at all (a plan file given by mistake).
            const last = i > 0 && lines.slice(i + 1).every((rest) => rest.trim() === '');
            if (last)
                continue;
            throw new TraceWeightsError({ file, line: i + 1, problem: 'not a JSON line', cause, remedy });
        }
        if (!event || typeof event !== 'object' || typeof event.type !== 'string') {
            throw new TraceWeightsError({ file, line: i + 1, problem: 'not a trace event (an object with a type)', remedy });
        }
        yield event;
    }
}
/**
 * How long each step took in a previous run, from its trace file (JSON lines as `traceWriter` writes them): see `stepDurations`.
 * `remedy` says what to give instead, where the CLI's `--trace` is no option (the action's `weights-from`).
 */
async function stepWeightsFromTrace(file, remedy = GIVE_A_TRACE) {
    const read = (0,_core_read_input_file_js__WEBPACK_IMPORTED_MODULE_0__/* .readInputFile */ .jH)(file, _core_read_input_file_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_TRACE_BYTES */ .VZ);
    if (!read.ok)
        throw new TraceWeightsError({ file, problem: read.code === 'ENOENT' ? 'no such file' : read.problem, remedy });
    const text = read.bytes.toString('utf8');
    const events = [...traceEvents(text, file, remedy)];
    const weights = stepDurations(events);
    if (weights.size === 0) {
        // A resumed run that reused every step: "no finished step" of a trace whose steps all completed.
        const reused = events.some((event) => event.type === 'step_completed' && event.reused !== undefined);
        throw new TraceWeightsError({ file, problem: reused ? 'every step it records was reused from an earlier run, which says nothing of how long they take (the trace of the run that ran them does)' : 'it records no finished step', remedy });
    }
    return weights;
}


/***/ }),

/***/ 94067:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ey: () => (/* binding */ MAX_TODO_ID),
/* harmony export */   HU: () => (/* binding */ applyWriteTodos),
/* harmony export */   Qb: () => (/* binding */ MAX_TODO_CONTENT),
/* harmony export */   RO: () => (/* binding */ MAX_TODO_ITEMS)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(41514);
/* harmony import */ var _core_todo_item_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(26055);
/* harmony import */ var _plan_plan_check_context_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(98231);
/* harmony import */ var _arguments_problem_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2213);




/** The longest id an item may have: ids are repeated in the list's messages to the model. */
const MAX_TODO_ID = 100;
const TodoInput = zod__WEBPACK_IMPORTED_MODULE_1__.strictObject({
    id: zod__WEBPACK_IMPORTED_MODULE_1__.union([zod__WEBPACK_IMPORTED_MODULE_1__.string().max(MAX_TODO_ID), zod__WEBPACK_IMPORTED_MODULE_1__.int()]).transform(String),
    content: zod__WEBPACK_IMPORTED_MODULE_1__.string().optional(),
    status: zod__WEBPACK_IMPORTED_MODULE_1__["enum"](_core_todo_item_js__WEBPACK_IMPORTED_MODULE_2__/* .TODO_STATUSES */ .Y),
});
const WriteTodosInput = zod__WEBPACK_IMPORTED_MODULE_1__.strictObject({
    todos: zod__WEBPACK_IMPORTED_MODULE_1__.array(TodoInput),
    merge: zod__WEBPACK_IMPORTED_MODULE_1__.boolean(),
});
/** The most items a step's list may hold: a plan an agent keeps in mind, and each change writes the whole list to the trace. */
const MAX_TODO_ITEMS = 100;
/** The most characters an item's content may have: an item is a line of the checklist (which shows 200). */
const MAX_TODO_CONTENT = 500;
function refuse(error) {
    return { ok: false, error };
}
function sameItem(a, b) {
    return a !== undefined && a.content === b.content && a.status === b.status;
}
/**
 * Applies one `write_todos` call to the step's list. `merge: false` replaces the list; `merge: true`
 * updates items by id (content may be left out to keep it) and appends items with new ids. Refused,
 * with a message for the model: malformed arguments, duplicate ids, empty content or more than
 * `MAX_TODO_CONTENT` characters, an unknown id with merge that gives no content, a replace that leaves
 * out an item not completed, a list of more than `MAX_TODO_ITEMS`, and more than one item `in_progress`
 * in the result.
 */
function applyWriteTodos(current, args) {
    // A call of ten times the items a list may hold is refused before they are checked: zod gathers every item's
    // problems, and past about 150,000 items (2 MB of arguments) it overflowed the stack, which ended the agent
    // step instead of telling the model (found by an adversarial pass). Fewer are checked as any call is.
    const given = typeof args === 'object' && args !== null ? args.todos : undefined;
    if (Array.isArray(given) && given.length > 10 * MAX_TODO_ITEMS) {
        return refuse(`this call gives ${given.length} items; a list holds at most ${MAX_TODO_ITEMS}, each a larger piece of the work`);
    }
    const parsed = WriteTodosInput.safeParse(args, { reportInput: true });
    if (!parsed.success) {
        return refuse(`write_todos takes {"todos": [{"id", "content", "status"}], "merge": true|false}:\n${(0,_arguments_problem_text_js__WEBPACK_IMPORTED_MODULE_0__/* .argumentsProblemText */ .Fq)(parsed.error, WriteTodosInput)}`);
    }
    const { todos, merge } = parsed.data;
    const seen = new Set();
    for (const item of todos) {
        if (seen.has(item.id))
            return refuse(`id "${item.id}" appears twice in one call; give every item its own id`);
        seen.add(item.id);
    }
    // An item once listed leaves only done: a replace that left out open items emptied the list of them, and
    // all_steps_completed passed on what was left (found by an adversarial pass). Cancelled counts as open there.
    const leftOut = merge ? [] : current.filter((item) => !seen.has(item.id));
    const open = leftOut.filter((item) => item.status !== 'completed');
    if (open.length > 0) {
        return refuse(`merge: false leaves out ${(0,_plan_plan_check_context_js__WEBPACK_IMPORTED_MODULE_3__/* .listNames */ .Z)(open.map((item) => `"${item.id}" (${item.status})`))}, which ${open.length === 1 ? 'is' : 'are'} not completed; a replace may leave out only completed items. ` +
            `Keep each of them in the list: mark it completed once it is done, or cancelled if it is no longer needed (a cancelled item stays in the list, as not done)`);
    }
    const byId = new Map(current.map((item) => [item.id, item]));
    const next = merge ? [...current] : [];
    // Where each id sits in `next`: looking it up by a search per item took the square of the list's length.
    const position = new Map(next.map((item, index) => [item.id, index]));
    for (const item of todos) {
        const known = merge ? byId.get(item.id) : undefined;
        const content = (item.content ?? known?.content ?? '').trim();
        if (content === '') {
            return refuse(merge && !known
                ? `id "${item.id}" is not in the list (ids: ${(0,_plan_plan_check_context_js__WEBPACK_IMPORTED_MODULE_3__/* .listNames */ .Z)(current.map((todo) => `"${todo.id}"`))}); to add an item give its content, to update one use its id`
                : `item "${item.id}" has empty content; say what the item is`);
        }
        if (content.length > MAX_TODO_CONTENT)
            return refuse(`item "${item.id}" has ${content.length} characters; keep each item to one line of at most ${MAX_TODO_CONTENT}`);
        const written = { id: item.id, content, status: item.status };
        const at = position.get(item.id);
        if (at !== undefined)
            next[at] = written;
        else {
            position.set(item.id, next.length);
            next.push(written);
        }
    }
    if (next.length > MAX_TODO_ITEMS)
        return refuse(`the list would have ${next.length} items; keep it to at most ${MAX_TODO_ITEMS}, each a larger piece of the work`);
    const working = next.filter((item) => item.status === 'in_progress');
    if (working.length > 1) {
        return refuse(`only one item may be in_progress at a time, but ${working.map((item) => `"${item.id}"`).join(' and ')} would be; finish or pause one first`);
    }
    const changed = next.filter((item) => !sameItem(byId.get(item.id), item)).map((item) => item.id);
    return { ok: true, todos: next, changed, dropped: leftOut };
}


/***/ }),

/***/ 39026:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ WRITE_TODOS_DEFINITION),
/* harmony export */   q: () => (/* reexport safe */ _core_todo_item_js__WEBPACK_IMPORTED_MODULE_1__.q)
/* harmony export */ });
/* harmony import */ var _core_todo_item_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(26055);
/* harmony import */ var _apply_write_todos_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(94067);



/** The `write_todos` function as the model is offered it (the runner answers it itself). */
const WRITE_TODOS_DEFINITION = {
    type: 'function',
    function: {
        name: _core_todo_item_js__WEBPACK_IMPORTED_MODULE_1__/* .WRITE_TODOS */ .q,
        description: 'Write your plan for this task as a TODO list, and keep it current. Call it first, before any other tool. ' +
            'merge: false replaces the whole list, and may leave out only completed items (keep the others, marked completed or cancelled); merge: true updates the items you name by id and appends items with new ids. ' +
            `At most one item may be in_progress at a time. Mark an item completed as soon as it is done. At most ${_apply_write_todos_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_TODO_ITEMS */ .RO} items, each a short line.`,
        parameters: {
            type: 'object',
            properties: {
                todos: {
                    type: 'array',
                    maxItems: _apply_write_todos_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_TODO_ITEMS */ .RO,
                    items: {
                        type: 'object',
                        properties: {
                            id: { type: 'string', maxLength: _apply_write_todos_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_TODO_ID */ .Ey, description: 'A short id, unique in the list, e.g. "1".' },
                            content: { type: 'string', maxLength: _apply_write_todos_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_TODO_CONTENT */ .Qb, description: 'What the item is. Needed for new items; may be left out when updating one.' },
                            status: { type: 'string', enum: [..._core_todo_item_js__WEBPACK_IMPORTED_MODULE_1__/* .TODO_STATUSES */ .Y] },
                        },
                        required: ['id', 'status'],
                        additionalProperties: false,
                    },
                },
                merge: { type: 'boolean', description: 'false: replace the list (it may leave out only completed items); true: update by id and append new items.' },
            },
            required: ['todos', 'merge'],
            additionalProperties: false,
        },
    },
};


/***/ }),

/***/ 2213:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fq: () => (/* binding */ argumentsProblemText),
/* harmony export */   "if": () => (/* binding */ cutProblem)
/* harmony export */ });
/* unused harmony export MAX_SHOWN_PROBLEMS */
/* harmony import */ var _core_format_path_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(19474);
/* harmony import */ var _plan_schema_issues_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1710);
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(86919);



/** The most problems one refusal of a tool's arguments lists: a model fixes the first ones and tries again. */
const MAX_SHOWN_PROBLEMS = 20;
/** The most characters of one problem: a key of a megabyte, in its path and its message, made 20 MB of refusal. */
const MAX_PROBLEM_CHARS = 500;
/**
 * Why arguments failed their schema, for the model that chose them: one line per problem, at most
 * `MAX_SHOWN_PROBLEMS`, each in the plan check's words (a long list of names shows 20; an unknown
 * name gets "did you mean"). The value must have been parsed with `reportInput: true`.
 *
 * zod's `prettifyError` listed every value of an enum in every issue: 1,000 wrong tags against an
 * enum of 20,000 values made a 409 MB message and 1.5 GB of memory from a 13 KB answer.
 */
function argumentsProblemText(error, schema) {
    // Each zod issue gives at least one problem, so the first MAX_SHOWN_PROBLEMS of them are enough.
    // Arguments are not a plan: an argument named `id` or `depends_on` is not told the rules of step ids.
    const problems = (0,_plan_schema_issues_js__WEBPACK_IMPORTED_MODULE_0__/* .schemaIssues */ .g)(error.issues.slice(0, MAX_SHOWN_PROBLEMS), schema, [], new WeakMap(), { stepIds: false });
    // Each once: zod reports a tuple's `minItems` twice.
    const lines = [...new Set(problems.slice(0, MAX_SHOWN_PROBLEMS).map((problem) => {
            const where = (0,_core_format_path_js__WEBPACK_IMPORTED_MODULE_1__/* .formatPath */ .j)(problem.path);
            return cutProblem(where === '' ? problem.message : `${where}: ${problem.message}`);
        }))];
    const more = problems.length > MAX_SHOWN_PROBLEMS || error.issues.length > MAX_SHOWN_PROBLEMS;
    return more ? `${lines.join('\n')}\n(only the first ${MAX_SHOWN_PROBLEMS} problems are shown)` : lines.join('\n');
}
/** `line` in at most 500 characters, `\u2026` ending a cut one. */
function cutProblem(line) {
    return (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(line, MAX_PROBLEM_CHARS);
}


/***/ }),

/***/ 40585:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ InvalidToolArgumentsError)
/* harmony export */ });
/* harmony import */ var _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1938);

/**
 * Arguments that do not fit a tool's input schema: the step's own `args` (one error), or what the
 * model chose on both of its tries (two errors, first and second).
 */
class InvalidToolArgumentsError extends _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__/* .StepError */ .zg {
    stepKey;
    /** Who chose the arguments: the plan's `args`, or the model. */
    chosenBy;
    /** One validation error per attempt, in order. */
    errors;
    constructor(options) {
        const { stepKey, toolName, chosenBy, errors } = options;
        const message = chosenBy === 'plan'
            ? `Step ${stepKey}: the args for tool '${toolName}' do not match its input schema:\n${errors.join('\n')}\nFix the step's args (after references are resolved) to match the tool's input.`
            : `Step ${stepKey}: the model gave invalid arguments for tool '${toolName}' ${errors.length === 1 ? 'once' : `${errors.length} times`}.\n` +
                errors.map((error, index) => `Attempt ${index + 1}: ${error}`).join('\n') +
                `\nDescribe the arguments more precisely in the step's description, or give the step explicit args.`;
        super(message, { transient: false, toolName });
        this.stepKey = stepKey;
        this.chosenBy = chosenBy;
        this.errors = [...errors];
    }
}


/***/ }),

/***/ 6420:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  e: () => (/* binding */ runStep)
});

// EXTERNAL MODULE: ./lib/plan/resolve-references.js + 1 modules
var resolve_references = __webpack_require__(54669);
// EXTERNAL MODULE: ./lib/core/step-error.js
var step_error = __webpack_require__(1938);
;// CONCATENATED MODULE: ./lib/tools/tool-not-found-error.js

/** A step or the model asked for a tool the run's registry does not have. */
class ToolNotFoundError extends step_error/* StepError */.zg {
    availableTools;
    constructor(options) {
        const available = options.availableTools.length ? options.availableTools.join(', ') : 'none';
        super(`${options.caller ?? 'Model'} tried to call unavailable tool '${options.toolName}'. Available tools: ${available}.`, { transient: false, toolName: options.toolName });
        this.availableTools = [...options.availableTools];
    }
}

;// CONCATENATED MODULE: ./lib/tools/require-tool.js

/**
 * The tool named `name`, or a `ToolNotFoundError` listing the available ones. `caller` starts the
 * message ("Model" when the model chose the tool, "Step 3" when the plan did).
 */
function requireTool(registry, name, caller) {
    const tool = registry.get(name);
    if (tool)
        return tool;
    throw new ToolNotFoundError({ toolName: name, availableTools: [...registry.keys()].sort(), ...(caller && { caller }) });
}

// EXTERNAL MODULE: ./lib/steps/invalid-tool-arguments-error.js
var invalid_tool_arguments_error = __webpack_require__(40585);
// EXTERNAL MODULE: ./lib/steps/step-context.js
var step_context = __webpack_require__(24455);
// EXTERNAL MODULE: ./lib/steps/validate-tool-arguments.js
var validate_tool_arguments = __webpack_require__(14481);
// EXTERNAL MODULE: ./lib/core/held-loop.js
var held_loop = __webpack_require__(77259);
;// CONCATENATED MODULE: ./lib/steps/run-tool-call-step.js






/** The step's own `args` with references resolved, checked against the tool's input schema. No model call. */
function planArguments(ctx, tool, args) {
    const resolved = (0,resolve_references/* resolveReferences */.d)(args, (0,step_context/* stepReferenceSources */.w)(ctx));
    const checked = (0,validate_tool_arguments/* validateToolArguments */.r)(tool, resolved);
    if (!checked.ok)
        throw new invalid_tool_arguments_error/* InvalidToolArgumentsError */.e({ stepKey: ctx.step.key, toolName: tool.name, chosenBy: 'plan', errors: [checked.error] });
    return checked.args;
}
/** A `tool_call` step: arguments from the plan (resolved) or chosen by the model, then one tool call. */
async function runToolCallStep(ctx) {
    const tool = requireTool(ctx.tools, ctx.step.tool ?? '', `Step ${ctx.step.key}`);
    // The steps and items started in one turn check their arguments one after another, with no wait between them.
    const given = ctx.step.args;
    const args = given ? await (0,held_loop/* afterHeldLoop */.s5)(ctx.signal, () => planArguments(ctx, tool, given)) : await (await Promise.all(/* import() */[__webpack_require__.e(126), __webpack_require__.e(435), __webpack_require__.e(488), __webpack_require__.e(745), __webpack_require__.e(894), __webpack_require__.e(308)]).then(__webpack_require__.bind(__webpack_require__, 6308))).chooseToolArguments(ctx, tool);
    return ctx.callTool(tool, args);
}

;// CONCATENATED MODULE: ./lib/steps/run-step.js

/**
 * Runs one step by its kind: `tool_call`, `reasoning`, `aggregate` or `agent`. The kinds that always
 * ask a model load their code (and the Markdown reader their prompts need) at their first step, so a
 * plan without them never compiles it.
 */
const runStep = async (ctx) => {
    switch (ctx.step.type) {
        case 'tool_call':
            return runToolCallStep(ctx);
        case 'reasoning':
            return (await Promise.all(/* import() */[__webpack_require__.e(126), __webpack_require__.e(435), __webpack_require__.e(488), __webpack_require__.e(745), __webpack_require__.e(894), __webpack_require__.e(62)]).then(__webpack_require__.bind(__webpack_require__, 36062))).runReasoningStep(ctx);
        case 'aggregate':
            return (await Promise.all(/* import() */[__webpack_require__.e(126), __webpack_require__.e(435), __webpack_require__.e(488), __webpack_require__.e(745), __webpack_require__.e(894), __webpack_require__.e(883)]).then(__webpack_require__.bind(__webpack_require__, 57883))).runAggregateStep(ctx);
        case 'agent':
            return (await Promise.all(/* import() */[__webpack_require__.e(126), __webpack_require__.e(435), __webpack_require__.e(488), __webpack_require__.e(745), __webpack_require__.e(894), __webpack_require__.e(566)]).then(__webpack_require__.bind(__webpack_require__, 16566))).runAgentStep(ctx);
        case 'plan':
            // The executor runs plan steps itself, as nested runs sharing the budget; reaching here is a bug.
            throw new Error(`step ${ctx.step.key} is a plan step: the executor runs it as a nested run`);
    }
};


/***/ }),

/***/ 24455:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ stepReferenceSources)
/* harmony export */ });
/**
 * What the step's references resolve against: the results, the inputs, why a step has none, and its item. Built
 * here for every kind of step: an agent's task was resolved without `missing`, so a failed optional input read
 * "it has not completed" (found by an adversarial pass).
 */
function stepReferenceSources(ctx) {
    return { results: ctx.results, inputs: ctx.inputs, ...(ctx.missing && { missing: ctx.missing }), ...(ctx.step.item && { item: ctx.step.item }) };
}


/***/ }),

/***/ 10072:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ UnusableToolSchemaError)
/* harmony export */ });
/* harmony import */ var _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1938);

/** A tool's input schema cannot be turned into a validator, so no arguments can be checked against it. */
class UnusableToolSchemaError extends _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__/* .StepError */ .zg {
    constructor(options) {
        const why = options.cause instanceof Error ? options.cause.message : String(options.cause);
        super(`Tool '${options.toolName}' has an input schema that cannot be used to check arguments (${why}); fix its input schema, or for an MCP server's tool leave it out with the server's \`tools:\` list.`, {
            transient: false,
            toolName: options.toolName,
            cause: options.cause,
        });
    }
}


/***/ }),

/***/ 14481:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   r: () => (/* binding */ validateToolArguments)
/* harmony export */ });
/* harmony import */ var _core_format_path_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(19474);
/* harmony import */ var _plan_compile_json_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(48172);
/* harmony import */ var _plan_bounded_check_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(94511);
/* harmony import */ var _core_held_loop_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(77259);
/* harmony import */ var _arguments_problem_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2213);
/* harmony import */ var _unusable_tool_schema_error_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(10072);






const validators = new WeakMap();
function validatorOf(tool) {
    let validator = validators.get(tool);
    if (!validator) {
        const compiled = (0,_plan_compile_json_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .compileJsonSchema */ .n)(tool.inputSchema);
        if (!compiled.ok)
            throw new _unusable_tool_schema_error_js__WEBPACK_IMPORTED_MODULE_4__/* .UnusableToolSchemaError */ .P({ toolName: tool.name, cause: new Error(compiled.message) });
        validator = compiled.schema;
        validators.set(tool, validator);
    }
    return validator;
}
/** Checks arguments against the tool's input schema (the validator is built once per tool). */
function validateToolArguments(tool, args) {
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
        // Cut as every problem is: a 60,000-character string was quoted whole into the step's error, the log and the
        // trace (found by an adversarial pass).
        return { ok: false, error: (0,_arguments_problem_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutProblem */ ["if"])(`the arguments must be a JSON object, not ${JSON.stringify(args)}`) };
    }
    const proto = protoKeyPath(args);
    if (proto !== undefined)
        return { ok: false, error: `${proto}: an argument key may not be \`__proto__\`; name the key otherwise` };
    const validator = validatorOf(tool);
    // With the input in each issue: the messages show what was given ("got `x`").
    // Charged to the event loop's turn: a run starting several steps at once waits for a turn between such checks.
    const started = performance.now();
    const parsed = (0,_plan_bounded_check_js__WEBPACK_IMPORTED_MODULE_1__/* .boundedSafeParse */ .Aw)(validator, args, { reportInput: true });
    (0,_core_held_loop_js__WEBPACK_IMPORTED_MODULE_2__/* .chargeHeldLoop */ .CM)(performance.now() - started);
    if ('unchecked' in parsed)
        return { ok: false, error: (0,_arguments_problem_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutProblem */ ["if"])(`these arguments were not checked: ${parsed.unchecked}`) };
    if (!parsed.success)
        return { ok: false, error: `${(0,_arguments_problem_text_js__WEBPACK_IMPORTED_MODULE_3__/* .argumentsProblemText */ .Fq)(parsed.error, validator)}${missingNotes(tool, args)}` };
    // The original, not zod's output: validation must not change what the tool receives.
    return { ok: true, args: args };
}
/** What the schema says of each required argument left out: zod's "received undefined" does not say what it is for. */
function missingNotes(tool, args) {
    const schema = tool.inputSchema;
    if (!Array.isArray(schema.required))
        return '';
    const notes = schema.required
        .filter((name) => typeof name === 'string' && !Object.hasOwn(args, name))
        .map((name) => {
        const description = schema.properties?.[name]?.description;
        return typeof description === 'string' ? `\n${name} is required: ${description}` : '';
    });
    return notes.join('');
}
/**
 * Where `value` has an own key `__proto__`, if it has one. JSON.parse makes it an ordinary key, zod's checks skip it
 * (`{"__proto__": {"x": 1}}` passed `additionalProperties: {type: string}` and `required: [__proto__]`), and a tool
 * written in JavaScript may take it for the prototype (found by a review).
 */
function protoKeyPath(value) {
    const stack = [{ value }];
    while (stack.length > 0) {
        const place = stack.pop();
        const current = place.value;
        if (current === null || typeof current !== 'object')
            continue;
        if (!Array.isArray(current) && Object.hasOwn(current, '__proto__')) {
            const path = [];
            for (let at = place; at?.parent !== undefined; at = at.parent)
                path.push(at.key);
            return (0,_core_format_path_js__WEBPACK_IMPORTED_MODULE_5__/* .formatPath */ .j)([...path.reverse(), '__proto__']);
        }
        for (const [key, child] of Object.entries(current))
            stack.push({ value: child, parent: place, key: Array.isArray(current) ? Number(key) : key });
    }
    return undefined;
}


/***/ })

};
