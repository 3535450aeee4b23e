export const id = 408;
export const ids = [408];
export const modules = {

/***/ 15408:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   checkoutFreeToolNames: () => (/* binding */ checkoutFreeToolNames)
/* harmony export */ });
/* harmony import */ var _math_toolset_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(11814);
/* harmony import */ var _toolset_descriptions_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(22989);


/**
 * The names of the tools that read no checkout: math, and the github and http toolsets (GitHub's API, the
 * web). Every other tool (a command, the files toolset, an MCP server's) may read the repository it runs in.
 */
function checkoutFreeToolNames() {
    return new Set([...(0,_math_toolset_js__WEBPACK_IMPORTED_MODULE_0__/* .mathToolset */ .J)(), ...(0,_toolset_descriptions_js__WEBPACK_IMPORTED_MODULE_1__/* .toolsetDescriptions */ .G)('github', undefined), ...(0,_toolset_descriptions_js__WEBPACK_IMPORTED_MODULE_1__/* .toolsetDescriptions */ .G)('http', undefined)].map((tool) => tool.name));
}


/***/ })

};
