import { FORK_PULL_REQUEST } from '../security/event-head.ts';
import type { ToolWithholding } from './valid-plan.ts';

/** A tool as the read-only filter sees it: a registry's `Tool` and a catalogue's `CatalogueTool` both fit. */
export interface FilterableTool {
  readonly name: string;
  readonly sideEffects: boolean;
}

/** What the plan says about its own command tools: their names and which are marked `fork_safe`. */
export interface CommandToolMarks {
  /** Names of the plan's `tools:` (command tools). */
  readonly commandTools: ReadonlySet<string>;
  /** Command tools marked `fork_safe: true`. */
  readonly forkSafe: ReadonlySet<string>;
}

/** A tool kept out of a read-only run, and why. */
export interface WithheldTool {
  readonly name: string;
  readonly why: string;
}

/** Why `tool` is withheld from a run read-only because `why` (a fork's pull request by default), or undefined when it may run there. */
export function forkWithholding(tool: FilterableTool, marks: CommandToolMarks, why: string = FORK_PULL_REQUEST): string | undefined {
  const reason = `this run is read-only because ${why}`;
  if (tool.sideEffects) return `${reason}, and \`${tool.name}\` has side effects`;
  if (marks.commandTools.has(tool.name) && !marks.forkSafe.has(tool.name)) {
    return `${reason}, and the command tool \`${tool.name}\` is not marked \`fork_safe: true\``;
  }
  return undefined;
}

/**
 * Read-only mode for a fork's pull request: every tool with side effects is withheld, and every
 * command tool the plan does not mark `fork_safe: true`. Returns the tools kept, in order, and
 * those withheld with the reason, for the summary and for validation messages.
 */
export function withholdForFork<T extends FilterableTool>(tools: Iterable<T>, marks: CommandToolMarks): { kept: T[]; withheld: WithheldTool[] } {
  const kept: T[] = [];
  const withheld: WithheldTool[] = [];
  for (const tool of tools) {
    const why = forkWithholding(tool, marks);
    if (why) withheld.push({ name: tool.name, why });
    else kept.push(tool);
  }
  return { kept, withheld };
}

/** The command-tool marks of a plan's `tools:` section. */
export function commandToolMarks(tools: Readonly<Record<string, { readonly fork_safe?: boolean }>> | undefined): CommandToolMarks {
  const entries = Object.entries(tools ?? {});
  return {
    commandTools: new Set(entries.map(([name]) => name)),
    forkSafe: new Set(entries.filter(([, tool]) => tool.fork_safe === true).map(([name]) => name)),
  };
}

/**
 * Read-only mode as a plan-loading rule (`LoadPlanOptions.withhold`), each withheld tool's reason saying `why` the run is
 * read-only: the plan's own `fork_safe` marks decide for its command tools.
 */
export function readOnlyWithholding(why: string): ToolWithholding {
  return (tool, plan) => forkWithholding(tool, commandToolMarks(plan.tools), why);
}

/** Read-only mode for a fork's pull request. */
export const forkReadOnly: ToolWithholding = readOnlyWithholding(FORK_PULL_REQUEST);
