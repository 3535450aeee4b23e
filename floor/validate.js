import '../lib/plan/zod-jitless.js';
import { loadPlanFile } from '../lib/plan/load-plan.js';
const loaded = await loadPlanFile(process.argv[2]);
if (!loaded.ok) process.exit(1);
