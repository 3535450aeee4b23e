export const id = 135;
export const ids = [135];
export const modules = {

/***/ 85135:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   validateRedactor: () => (/* binding */ validateRedactor)
/* harmony export */ });
/* harmony import */ var _core_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(21673);
/* harmony import */ var _job_job_secrets_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(71396);


/** What `validate` hides in the errors it prints: the environment's secret-named values, and those a plan gave its MCP servers. */
function validateRedactor(env, learned) {
    return (0,_core_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .createRedactor */ .lY)([...(0,_job_job_secrets_js__WEBPACK_IMPORTED_MODULE_1__/* .jobSecrets */ .p)({ env }), ...learned]);
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


/***/ })

};
