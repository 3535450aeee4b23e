export const id = 580;
export const ids = [580];
export const modules = {

/***/ 85109:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (__WEBPACK_DEFAULT_EXPORT__)
/* harmony export */ });
// Stands in for `archiver` inside the action's bundle (tsconfig.json's `paths`; see README.md here).
const refuse = () => {
  throw new Error('plan-runner bundles no zip code: @actions/artifact was asked to zip an upload, and plan-runner uploads every state unzipped (skipArchive)');
};

/* harmony default export */ const __WEBPACK_DEFAULT_EXPORT__ = ({ create: refuse });


/***/ }),

/***/ 91480:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (__WEBPACK_DEFAULT_EXPORT__)
/* harmony export */ });
// Stands in for `unzip-stream` inside the action's bundle (tsconfig.json's `paths`; see README.md here).
const refuse = () => {
  throw new Error('plan-runner bundles no unzip code: @actions/artifact was asked to unzip a download, and plan-runner downloads every state as it was saved (skipDecompress)');
};

/* harmony default export */ const __WEBPACK_DEFAULT_EXPORT__ = ({ Extract: refuse, Parse: refuse });


/***/ })

};
