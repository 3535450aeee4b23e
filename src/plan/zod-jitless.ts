import { z } from 'zod';

// Imported first by src/run.ts (the action, bundled or run by local-action) and by src/cli.ts before
// any command's code: zod decides when it builds an
// object schema whether to compile a fast path for it with `new Function`, so this must run before
// any module builds one. For schemas a run parses a handful of times that compilation costs more than
// it saves (5 ms of the action's start), and no code is then built from strings at run time.
// Validating 10,000 steps is as fast without it (bench section 6). test/plan/zod-jitless.test.ts
// counts the functions built.
z.config({ jitless: true });
