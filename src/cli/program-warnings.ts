import { planFilePositions } from '../plan/position-in-plan-file.ts';
import type { PathSegment } from '../plan/plan-issue.ts';
import { formatPlanError } from '../plan/plan-error.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { pathVariableOf, programProblem } from '../process/program-problem.ts';

/** A command the plan runs, where its program is written. */
interface Command {
  readonly program: string;
  readonly what: string;
  readonly path: readonly PathSegment[];
}

/** The tool declarations of the plans `plan` uses, at any depth: they join its `tools`, as the very objects. */
function usedPlansTools(plan: ValidPlan): Set<unknown> {
  const found = new Set<unknown>();
  for (const inner of plan.subplans?.values() ?? []) {
    for (const tool of Object.values(inner.source.tools ?? {})) found.add(tool);
    for (const tool of usedPlansTools(inner)) found.add(tool);
  }
  return found;
}

/** The commands written in `plan`'s own file: its tools (not those its used plans brought) and goals. */
function commandsOf(plan: ValidPlan): Command[] {
  const brought = usedPlansTools(plan);
  const tools = Object.entries(plan.source.tools ?? {}).flatMap(([name, tool]) =>
    brought.has(tool) || tool.command?.[0] === undefined ? [] : [{ program: tool.command[0], what: `tool '${name}'`, path: ['tools', name, 'command', 0] }],
  );
  const goals = (plan.source.goals ?? []).flatMap((goal, index) =>
    goal.command?.[0] === undefined ? [] : [{ program: goal.command[0], what: `goal '${goal.name}'`, path: ['goals', index, 'command', 0] }],
  );
  return [...tools, ...goals];
}

/** The plan and every plan it uses, each once. */
function plansOf(plan: ValidPlan, seen = new Set<ValidPlan>()): ValidPlan[] {
  if (seen.has(plan)) return [];
  seen.add(plan);
  return [plan, ...[...(plan.subplans?.values() ?? [])].flatMap((inner) => plansOf(inner, seen))];
}

/**
 * `validate`'s warnings for a valid plan: each command tool or command goal (of the plan or a plan it
 * uses) whose program this machine could not start, at the program's line and column (found by a
 * new-user walkthrough: `validate` said ok, and `run` failed at the step with ENOENT). Warnings, not
 * errors: a workflow may install the program in a step before plan-runner's.
 */
export async function programWarnings(plan: ValidPlan, cwd: string, env: Readonly<Record<string, string | undefined>>): Promise<string[]> {
  const warnings: string[] = [];
  // A copy of Windows' environment keeps the name as it was written (`Path`): found whatever its case there.
  const pathVariable = pathVariableOf(env);
  // Each program looked up once, and the event loop let go every 256 lookups: a plan of 16,000 commands, each a
  // stat in every PATH folder, held it 2.7 s in one block, deaf to Ctrl-C (found by an adversarial pass).
  const found = new Map<string, string | undefined>();
  const problemOf = async (program: string): Promise<string | undefined> => {
    if (found.has(program)) return found.get(program);
    if (found.size % 256 === 255) await new Promise((resolve) => setImmediate(resolve));
    const problem = programProblem(program, cwd, pathVariable);
    found.set(program, problem);
    return problem;
  };
  for (const each of plansOf(plan)) {
    const problems: Array<{ command: Command; problem: string }> = [];
    for (const command of commandsOf(each)) {
      const problem = await problemOf(command.program);
      if (problem !== undefined) problems.push({ command, problem });
    }
    if (problems.length === 0 || each.file === undefined) continue;
    const file = each.file;
    const positions = await planFilePositions(file);
    for (const { command, problem } of problems) {
      const message = `${command.what}: ${problem}; install it in a workflow step before plan-runner's, or fix the command (a warning: the plan is valid)`;
      warnings.push(`warning: ${formatPlanError({ file, ...(positions?.locate(command.path) ?? {}), path: '', message })}`);
    }
  }
  return warnings;
}
