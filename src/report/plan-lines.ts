import { isMap } from '../core/json-schema.ts';
import { parsePlanYaml } from '../plan/parse-plan-yaml.ts';
import { planFileText } from '../plan/plan-file-text.ts';
import { planTextHash } from '../plan/plan-text-hash.ts';

/** The lines of the plan file that write a step (by key; a `for_each` item's is its step's) and a goal (by name). */
export interface PlanLines {
  step(key: string): number | undefined;
  goal(name: string): number | undefined;
}

/**
 * Where the plan file `file` writes each step and goal, for annotations on their lines; undefined when the
 * file no longer reads, or is not the text the run loaded (`textHash`): a tool may have changed it, and
 * GitHub shows an annotation on the commit's file (found by a review). A step the file does not write (one a
 * model wrote, an agent's, one a replan added) has no line. Read again at the end of the run: a loaded plan
 * keeps no positions, which most runs never need.
 */
export async function planLines(file: string, textHash: string): Promise<PlanLines | undefined> {
  const text = planFileText(file);
  if (text === undefined || planTextHash(text) !== textHash) return undefined;
  const parsed = await parsePlanYaml(text, file);
  if (!parsed.ok || !isMap(parsed.parsed.value)) return undefined;
  const plan = parsed.parsed.value;
  const positions = await parsed.parsed.positions();
  const steps = new Map<string, number>();
  if (Array.isArray(plan['workflow_sequence'])) {
    plan['workflow_sequence'].forEach((step: unknown, index) => {
      const id = isMap(step) ? step['id'] : undefined;
      if ((typeof id === 'string' || typeof id === 'number') && !steps.has(String(id))) steps.set(String(id), index);
    });
  }
  const goals = new Map<string, number>();
  if (Array.isArray(plan['goals'])) {
    plan['goals'].forEach((goal: unknown, index) => {
      const name = isMap(goal) ? goal['name'] : undefined;
      if (typeof name === 'string' && !goals.has(name)) goals.set(name, index);
    });
  }
  return {
    step(key) {
      // An item's key is its step's, then `[label]`; a step id has no `[`.
      const index = steps.get(key.split('[', 1)[0]!);
      return index === undefined ? undefined : positions.locate(['workflow_sequence', index]).line;
    },
    goal(name) {
      const index = goals.get(name);
      return index === undefined ? undefined : positions.locate(['goals', index]).line;
    },
  };
}
