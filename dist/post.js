// The action's post step (`runs.post: dist/post.js`, this file as tsc writes it, beside the bundle): the
// bundle, told that it is the post step. It was told by a state the main step saved (`isPost`), and a main
// step cancelled before saving it had its post step run the whole plan again, side effects included.
// The flag is set before the bundle is imported (a dynamic import: a static one would run first).
globalThis[Symbol.for('plan-runner.post-step')] = true;
await import("./index.js");
export {};
