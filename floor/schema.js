import '../lib/plan/zod-jitless.js';
import { StepId } from '../lib/plan/schema.js';
if (!StepId.safeParse("a").success) process.exit(1);
