// The action's entry point (`runs.main: dist/index.js` is this file, bundled).
import { failOnUnhandledRejection, run } from './run.ts';

failOnUnhandledRejection();
void run();
