import { statSync } from 'node:fs';
import path from 'node:path';
import { MAX_PLAN_DEPTH } from '../core/run-event.ts';
import { parsePlanYaml } from '../plan/parse-plan-yaml.ts';
import { planFileText } from '../plan/plan-file-text.ts';
import type { InputPath } from './check-output-paths.ts';

/** What one plan file names that the command reads: the plans its steps use, and the words of its commands. */
interface PlanFileRefs {
  readonly uses: string[];
  readonly commandWords: string[];
}

/**
 * The plan files `planFile` uses through `type: plan` steps (`uses:`, relative to the working directory,
 * the repository root, as the loader reads them), at every depth, and the files the commands of these plans
 * name (a tool's, a command goal's or an MCP server's program and script, as they run from that root), as
 * inputs the command reads: an output named like one would overwrite it (a trace opened before the run
 * emptied a used plan before it loaded, and replaced a tool's script with JSON lines).
 * Read leniently: a file that cannot be read or parsed adds nothing here, and the job reports it.
 */
export async function usedPlanFiles(planFile: string, cwd = process.cwd()): Promise<InputPath[]> {
  const found = new Map<string, string>();
  const run = new Set<string>();
  let layer = [path.resolve(planFile)];
  for (let depth = 0; depth < MAX_PLAN_DEPTH && layer.length > 0; depth++) {
    const next: string[] = [];
    for (const file of layer) {
      const refs = await refsOf(file);
      for (const uses of refs.uses) {
        const resolved = path.resolve(cwd, uses);
        if (found.has(resolved) || resolved === path.resolve(planFile)) continue;
        found.set(resolved, uses);
        next.push(resolved);
      }
      for (const word of refs.commandWords) {
        const resolved = path.resolve(cwd, word);
        if (!run.has(resolved) && isFile(resolved)) run.add(resolved);
      }
    }
    layer = next;
  }
  return [
    ...[...found].map(([file, uses]): InputPath => [`the plan ${uses} it uses`, file]),
    ...[...run].map((file): InputPath => ["the plan's command file", file]),
  ];
}

/** Whether `file` is a regular file; a word that is no path (`-e`, code, a name too long) is not. */
function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** The string words of a `command:` list, if `value` holds one. */
function commandWords(value: unknown): string[] {
  const command = value !== null && typeof value === 'object' ? (value as { command?: unknown }).command : undefined;
  return Array.isArray(command) ? command.filter((word): word is string => typeof word === 'string') : [];
}

/** The values of a map (`tools:`, `mcp_servers:`) or the items of a list (`goals:`); none for anything else. */
function entries(value: unknown): unknown[] {
  return value !== null && typeof value === 'object' ? Object.values(value) : [];
}

/** The `uses:` of the steps in one plan file and the words of its commands; none when it cannot be read. */
async function refsOf(file: string): Promise<PlanFileRefs> {
  // Not blocking on a FIFO (`run fifo` hung before the loader could say "not a file", past Ctrl-C), nor
  // reading a device without end: what the loader refuses adds nothing here.
  const text = planFileText(file);
  // Parsed whole, with no look at the text first: a plan written as JSON quotes its keys (`"uses": "sub.yml"`), which
  // a search for `uses:` missed, and `run --trace sub.yml` overwrote the plan it used.
  if (text === undefined) return { uses: [], commandWords: [] };
  // Read as the loader reads it (its size, depth and alias bounds, its fast reader): a plan's alias bomb costs nothing here.
  const parsed = await parsePlanYaml(text, file);
  if (!parsed.ok) return { uses: [], commandWords: [] };
  const value = parsed.parsed.value as { workflow_sequence?: unknown; tools?: unknown; goals?: unknown; mcp_servers?: unknown } | null;
  const steps: unknown[] = Array.isArray(value?.workflow_sequence) ? value.workflow_sequence : [];
  return {
    uses: steps.flatMap((step) => (step !== null && typeof step === 'object' && typeof (step as { uses?: unknown }).uses === 'string' ? [(step as { uses: string }).uses] : [])),
    commandWords: [value?.tools, value?.goals, value?.mcp_servers].flatMap((group) => entries(group).flatMap(commandWords)),
  };
}
