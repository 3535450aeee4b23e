export const id = 118;
export const ids = [118];
export const modules = {

/***/ 43118:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RE2JS_BESIDE_BUNDLE: () => (/* binding */ RE2JS_BESIDE_BUNDLE),
/* harmony export */   missingEngineAdvice: () => (/* binding */ missingEngineAdvice),
/* harmony export */   regexEngineFile: () => (/* binding */ regexEngineFile),
/* harmony export */   regexEngineMissing: () => (/* binding */ regexEngineMissing)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(73136);



/** The regex engine's file beside a bundle: `npm run build` puts it there (scripts/beside-bundles.ts). */
const RE2JS_BESIDE_BUNDLE = 're2js.cjs';
/**
 * Where re2js is loaded from: run from source (this file is `.ts`), the package; compiled, only the file
 * beside the bundle, never a node_modules folder above it, which is not the action's (on a runner, the job's
 * own folders). Every chunk of a bundle is in one folder, so each finds the same file.
 */
function regexEngineFile() {
    const here = (0,node_url__WEBPACK_IMPORTED_MODULE_2__.fileURLToPath)(import.meta.url);
    return here.endsWith('.ts') ? 're2js' : node_path__WEBPACK_IMPORTED_MODULE_1__.join(node_path__WEBPACK_IMPORTED_MODULE_1__.dirname(here), RE2JS_BESIDE_BUNDLE);
}
/** What to do when this copy of plan-runner has no regex engine file, or one that does not load. */
function missingEngineAdvice(file) {
    return `this copy of plan-runner is incomplete: it needs ${file} beside its bundle. Use a released tag of the action, whose dist/ holds it, or build it again (npm run build puts the file there)`;
}
/**
 * Why no pattern could be compiled here, or undefined. The action and the CLI ask before anything runs: a
 * check that compiles a pattern would otherwise take the missing engine for a bad pattern of the plan.
 */
function regexEngineMissing() {
    const file = regexEngineFile();
    return file === 're2js' || (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file) ? undefined : missingEngineAdvice(file);
}


/***/ })

};
