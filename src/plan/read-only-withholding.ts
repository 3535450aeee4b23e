import type { ToolWithholding } from './valid-plan.ts';

/** A tool as the read-only filter sees it: a registry's `Tool` and a catalogue's `CatalogueTool` both fit. */
interface FilterableTool {
  readonly name: string;
  readonly sideEffects: boolean;
}

/** What the plan says about its own command tools: their names and which are marked `fork_safe`. */
interface CommandToolMarks {
  /** Names of the plan's `tools:` (command tools). */
  readonly commandTools: ReadonlySet<string>;
  /** Command tools marked `fork_safe: true`. */
  readonly forkSafe: ReadonlySet<string>;
}

/** The command-tool marks of a plan's `tools:` section. */
function commandToolMarks(tools: Readonly<Record<string, { readonly fork_safe?: boolean }>> | undefined): CommandToolMarks {
  const entries = Object.entries(tools ?? {});
  return {
    commandTools: new Set(entries.map(([name]) => name)),
    forkSafe: new Set(entries.filter(([, tool]) => tool.fork_safe === true).map(([name]) => name)),
  };
}

/** Why `tool` is withheld from a run that is read-only because `why`, or undefined when it may run there. */
function withheldWhy(tool: FilterableTool, marks: CommandToolMarks, why: string): string | undefined {
  const reason = `this run is read-only because ${why}`;
  if (tool.sideEffects) return `${reason}, and \`${tool.name}\` has side effects`;
  if (marks.commandTools.has(tool.name) && !marks.forkSafe.has(tool.name)) {
    return `${reason}, and the command tool \`${tool.name}\` is not marked \`fork_safe: true\``;
  }
  return undefined;
}

/**
 * Read-only mode as a plan-loading rule (`LoadPlanOptions.withhold`): every tool with side effects is withheld, and
 * every command tool the plan does not mark `fork_safe: true`, each withheld tool's reason saying `why` the run is
 * read-only (a fork's pull request, a fork's check suite, an event whose code cannot be told: `security/event-head.ts`).
 */
export function readOnlyWithholding(why: string): ToolWithholding {
  return (tool, plan) => withheldWhy(tool, commandToolMarks(plan.tools), why);
}
