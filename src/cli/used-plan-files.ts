import path from 'node:path';
import { MAX_PLAN_DEPTH } from '../core/run-event.ts';
import { parsePlanYaml } from '../plan/parse-plan-yaml.ts';
import { planFileText } from '../plan/plan-file-text.ts';
import type { InputPath } from './check-output-paths.ts';

/**
 * The plan files `planFile` uses through `type: plan` steps (`uses:`, relative to the working directory,
 * the repository root, as the loader reads them), at every depth, as inputs the command reads: an output
 * named like one would overwrite it (a trace opened before the run emptied a used plan before it loaded).
 * Read leniently: a file that cannot be read or parsed adds nothing here, and the job reports it.
 */
export async function usedPlanFiles(planFile: string, cwd = process.cwd()): Promise<InputPath[]> {
  const found = new Map<string, string>();
  let layer = [path.resolve(planFile)];
  for (let depth = 0; depth < MAX_PLAN_DEPTH && layer.length > 0; depth++) {
    const next: string[] = [];
    for (const file of layer) {
      for (const uses of await usesOf(file)) {
        const resolved = path.resolve(cwd, uses);
        if (found.has(resolved) || resolved === path.resolve(planFile)) continue;
        found.set(resolved, uses);
        next.push(resolved);
      }
    }
    layer = next;
  }
  return [...found].map(([file, uses]): InputPath => [`the plan ${uses} it uses`, file]);
}

/** The `uses:` of the steps in one plan file; none when it cannot be read or holds none. */
async function usesOf(file: string): Promise<string[]> {
  // Not blocking on a FIFO (`run fifo` hung before the loader could say "not a file", past Ctrl-C), nor
  // reading a device without end: what the loader refuses adds nothing here.
  const text = planFileText(file);
  if (text === undefined || !/\buses\s*:/.test(text)) return [];
  // Read as the loader reads it (its size, depth and alias bounds, its fast reader): a plan's alias bomb costs nothing here.
  const parsed = await parsePlanYaml(text, file);
  if (!parsed.ok) return [];
  const value = parsed.parsed.value as { workflow_sequence?: unknown } | null;
  const steps: unknown[] = Array.isArray(value?.workflow_sequence) ? value.workflow_sequence : [];
  return steps.flatMap((step) => (step !== null && typeof step === 'object' && typeof (step as { uses?: unknown }).uses === 'string' ? [(step as { uses: string }).uses] : []));
}
