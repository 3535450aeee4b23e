export const id = 956;
export const ids = [956];
export const modules = {

/***/ 59956:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   compileCacheDirectory: () => (/* binding */ compileCacheDirectory),
/* harmony export */   enableCompileCache: () => (/* binding */ enableCompileCache)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(98995);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48161);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var _core_create_output_folder_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9098);





/**
 * Where the CLI keeps V8's compiled code between runs: the user's own cache folder, so a second `validate`
 * or `run` skips compiling the command's chunks (BODMAS `validate` 169 \u2192 131 ms, `run` 276 \u2192 212 ms here).
 * Never `os.tmpdir()`, Node's default: on a shared machine another user could create that folder first and
 * leave compiled code in it for this user to run. Undefined when there is no home to put it in.
 */
function compileCacheDirectory(env, platform, home) {
    const paths = platform === 'win32' ? node_path__WEBPACK_IMPORTED_MODULE_3__.win32 : node_path__WEBPACK_IMPORTED_MODULE_3__.posix;
    const absolute = (folder) => (folder && paths.isAbsolute(folder) ? folder : undefined);
    const cache = platform === 'win32' ? absolute(env['LOCALAPPDATA']) : (absolute(env['XDG_CACHE_HOME']) ?? (absolute(home) && paths.join(home, platform === 'darwin' ? 'Library/Caches' : '.cache')));
    return cache === undefined ? undefined : paths.join(cache, 'plan-runner', 'compile-cache');
}
/**
 * Turns V8's compile cache on for the chunks the CLI loads from here on. A miss, or a folder that cannot be
 * written, compiles as usual: Node reports that in the result rather than throwing, and nothing depends on it.
 * `NODE_COMPILE_CACHE` (a folder of the user's choice, which Node has already turned on) and
 * `NODE_DISABLE_COMPILE_CACHE=1` are left to Node. Only the CLI does this: a runner starts the action on a
 * fresh machine, where a cache would only cost its writing, and on a self-hosted runner shared by
 * repositories, a cache one job wrote would be code another job's gate runs.
 */
function enableCompileCache(env = process.env) {
    if (env['NODE_COMPILE_CACHE'] || env['NODE_DISABLE_COMPILE_CACHE'])
        return;
    let home;
    try {
        home = node_os__WEBPACK_IMPORTED_MODULE_2__.homedir();
    }
    catch {
        return; // no home folder for this user (a service account): compile as usual
    }
    const directory = compileCacheDirectory(env, process.platform, home);
    if (directory !== undefined && ownFolder(directory))
        node_module__WEBPACK_IMPORTED_MODULE_1__.enableCompileCache?.(directory);
}
/**
 * Whether `directory` (made here, for this user only, if missing) holds only what this user wrote: it and
 * its parent (`plan-runner`) are this user's and no one else may write them, and the cache folder above
 * them is this user's and not writable by all. Else no cache: a `HOME=/tmp` whose `.cache` another user
 * made first, or `sudo` keeping the user's `HOME`, would have the CLI run code someone else left there.
 */
function ownFolder(directory) {
    if (typeof process.getuid !== 'function')
        return true; // Windows: the user's own LOCALAPPDATA
    const uid = process.getuid();
    const mine = (folder, notWritableBy) => {
        const stats = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(folder);
        return stats.isDirectory() && stats.uid === uid && (stats.mode & notWritableBy) === 0;
    };
    try {
        // Not under /proc or on a kernel file system (`HOME=/proc/self`): Node's recursive mkdirSync spins there for ever.
        (0,_core_create_output_folder_js__WEBPACK_IMPORTED_MODULE_4__/* .createFolder */ .vV)(directory, { mode: 0o700 });
        const own = node_path__WEBPACK_IMPORTED_MODULE_3__.dirname(directory);
        return mine(directory, 0o022) && mine(own, 0o022) && mine(node_path__WEBPACK_IMPORTED_MODULE_3__.dirname(own), 0o002);
    }
    catch {
        return false;
    }
}


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

/***/ 29120:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   b: () => (/* binding */ isSystemPath)
/* harmony export */ });
/** Kernel and device trees: reading them can leak secrets (`/proc/self/environ`) or block forever. */
const SYSTEM_TREES = ['/proc', '/sys', '/dev'];
/** True for `/proc`, `/sys`, `/dev` and anything below them (an absolute, resolved path). */
function isSystemPath(absolute) {
    return SYSTEM_TREES.some((tree) => absolute === tree || absolute.startsWith(`${tree}/`));
}


/***/ })

};
