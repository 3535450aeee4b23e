export const id = 223;
export const ids = [223];
export const modules = {

/***/ 23223:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   saveLeftState: () => (/* binding */ saveLeftState)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var _state_state_artifact_name_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(98355);
/* harmony import */ var _report_paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(95239);
/* harmony import */ var _saved_state_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(96161);




/**
 * The post step's part in durable runs: a main step killed (SIGKILL, the runner's last resort on
 * cancel, an out-of-memory kill) never saved its state, but its trace file holds every event up to
 * the kill. When the main step recorded no saved state (`SAVED_STATE`), save that trace; a re-run
 * then resumes from it. Never throws.
 */
async function saveLeftState(settings, store, io) {
    if (!store || settings.state !== 'artifact' || settings.mode === 'eval')
        return;
    const trace = (0,_report_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .jobReportPaths */ .yD)(settings).trace;
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(trace))
        return;
    // The main step records the artifact it saved. An artifact of this attempt's name is not enough: it
    // may be another job's that runs the same plan, and this job's trace would then be lost, and a re-run
    // of this job resume from that other job's state. Such a clash is saved aside (see `saveRunState`).
    if (settings.env[`STATE_${_saved_state_js__WEBPACK_IMPORTED_MODULE_3__/* .SAVED_STATE */ .Ig}`])
        return;
    // A main step killed before its run started left nothing a re-run could resume from (saveRunState would
    // refuse it too; looking first spares the listing and the warning).
    if (!(await (0,_saved_state_js__WEBPACK_IMPORTED_MODULE_3__/* .traceHoldsStartedRun */ .ih)(trace)))
        return;
    const part = (0,_saved_state_js__WEBPACK_IMPORTED_MODULE_3__/* .statePart */ .jw)(settings);
    // Unless the artifact of that name holds this very trace: the main step's upload was done, but the
    // main step did not get to record it (killed just then, or the service's answer was lost).
    const name = (0,_state_state_artifact_name_js__WEBPACK_IMPORTED_MODULE_1__/* .stateArtifactName */ .LK)((0,_saved_state_js__WEBPACK_IMPORTED_MODULE_3__/* .stateIdentity */ .yU)(settings, part));
    try {
        const taken = (await store.list()).find((artifact) => artifact.name === name);
        if (taken && (await (0,_saved_state_js__WEBPACK_IMPORTED_MODULE_3__/* .holdsTrace */ .O1)(store, taken, trace, settings.outputDir)))
            return;
    }
    catch (error) {
        io.warning(`Could not check whether the run's state was saved: ${error instanceof Error ? error.message : String(error)}.`);
        return;
    }
    io.warning('The main step ended without saving the run\'s state (it was killed or crashed): saving the trace it left, so a re-run resumes from there.');
    await (0,_saved_state_js__WEBPACK_IMPORTED_MODULE_3__/* .saveRunState */ .iZ)(settings, store, trace, io, { ...(part && { part }) });
}


/***/ })

};
