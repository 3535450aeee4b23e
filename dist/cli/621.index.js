export const id = 621;
export const ids = [621];
export const modules = {

/***/ 60621:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(88532);

// Imported first by src/run.ts (the action, bundled or run by local-action) and by src/cli.ts before
// any command's code: zod decides when it builds an
// object schema whether to compile a fast path for it with `new Function`, so this must run before
// any module builds one. For schemas a run parses a handful of times that compilation costs more than
// it saves (5 ms of the action's start), and no code is then built from strings at run time.
// Validating 10,000 steps is as fast without it (bench section 6). test/plan/zod-jitless.test.ts
// counts the functions built.
zod__WEBPACK_IMPORTED_MODULE_0__/* .config */ .$W({ jitless: true });


/***/ })

};
