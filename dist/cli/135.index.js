export const id = 135;
export const ids = [135];
export const modules = {

/***/ 85135:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   validateRedactor: () => (/* binding */ validateRedactor)
/* harmony export */ });
/* harmony import */ var _core_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8038);
/* harmony import */ var _job_job_secrets_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(71396);


/** What `validate` hides in the errors it prints: the environment's secret-named values, and those a plan gave its MCP servers. */
function validateRedactor(env, learned) {
    return (0,_core_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .createRedactor */ .lY)([...(0,_job_job_secrets_js__WEBPACK_IMPORTED_MODULE_1__/* .jobSecrets */ .p)({ env }), ...learned]);
}


/***/ })

};
