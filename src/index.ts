// The action's entry point (`runs.main: dist/index.js` is this file, bundled).
import { workflowCommands } from './action/runner-commands.ts';
import { failOnUnhandledRejection, post, run } from './run.ts';

failOnUnhandledRejection();
// `runs.post` is this file too: the main step saved `isPost`, which the runner gives the post step as STATE_isPost.
if (process.env['STATE_isPost'] === 'true') void post(workflowCommands());
else void run(workflowCommands());
