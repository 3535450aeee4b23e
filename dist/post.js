// The action's post step (`runs.post: dist/post.js`, this file as tsc writes it, beside the bundle): the
// bundle, told that it is the post step. It was told by a state the main step saved (`isPost`), and a main
// step cancelled before saving it had its post step run the whole plan again, side effects included.
// The flag is set before the bundle is imported (a dynamic import: a static one would run first).
//
// Most main steps end and leave the post step nothing to do; they say so (src/action/step-states.ts: ENDED_STATE,
// then POST_IDLE_STATE, named here as they are there), and the post step then ends at once: loading the bundle
// takes as long as the main step's start.
if (process.env['STATE_ended'] === 'true' && process.env['STATE_postIdle'] === 'true') {
    process.stdout.write('plan-runner (post): nothing to do: the main step ended and left no state to save.\n');
}
else {
    globalThis[Symbol.for('plan-runner.post-step')] = true;
    await import("./index.js");
}
export {};
