// The action's entry point (`runs.main: dist/index.js` is this file, bundled).
import { workflowCommands } from './action/runner-commands.ts';
import { failOnUnhandledRejection, post, run } from './run.ts';
import { batchOutput } from './core/batch-output.ts';
import { endOnceIdle } from './action/end-once-idle.ts';

failOnUnhandledRejection();
// The log is a pipe to the runner: one write per turn of the event loop (see batchOutput), in order.
batchOutput(process.stdout, [process.stderr]);
// `runs.post` is `dist/post.js` (src/post.ts), which sets this flag and imports this file: which step this
// is depends on nothing the main step had to live long enough to save.
const commands = workflowCommands();
const step = (globalThis as Record<symbol, unknown>)[Symbol.for('plan-runner.post-step')] === true ? post(commands) : run(commands);
// Its work done, the step ends even if a request it gave up on holds the process open.
void step.finally(() => endOnceIdle((message) => commands.warning(message)));
