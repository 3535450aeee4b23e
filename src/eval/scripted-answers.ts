import { z } from 'zod';
import { ToolName } from '../plan/schema.ts';
import { callerProblem, itemStepPurpose } from './fault-rule.ts';
import type { YamlFileKind } from '../plan/yaml-file-kind.ts';

const ScriptedToolCall = z.strictObject({
  name: ToolName,
  arguments: z.record(z.string(), z.unknown()),
});

/** One scripted model answer: text, tool calls, or both. */
export const ScriptedAnswer = z
  .strictObject({
    text: z.string().optional(),
    tool_calls: z.array(ScriptedToolCall).min(1).max(32).optional(),
  })
  .refine((answer) => answer.text !== undefined || answer.tool_calls !== undefined, { message: 'give `text:`, `tool_calls:` or both' });
export type ScriptedAnswer = z.infer<typeof ScriptedAnswer>;

/**
 * An answers file: for each caller (`planner`, `replanner`, `step:<id>`, `goal:<name>`, `react`),
 * its answers in call order; a caller asking more often than it has answers gets the last again.
 */
/** What an answers file holds, for the error when it has nothing in it. */
export const ANSWERS_FILE_HOLDS = 'the model\'s answers per caller, e.g. `planner: [{ text: "…" }]` (see "Evaluating a plan" in the README)';

/** An answers file, for the messages of the YAML reader (`readYamlFile`). */
export const ANSWERS_FILE: YamlFileKind = { called: 'an answers file', holds: ANSWERS_FILE_HOLDS, top: 'map', whenEmpty: `it holds ${ANSWERS_FILE_HOLDS}` };

/** A caller's name; a typo (`planer:`) was taken, and its answers never served (found by an adversarial pass). */
const Caller = z.string().superRefine((name, ctx) => {
  const problem = callerProblem(name, false);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

export const ScriptedAnswers = z.record(Caller, z.array(ScriptedAnswer).min(1).max(1000));
export type ScriptedAnswers = z.infer<typeof ScriptedAnswers>;

/** The entry of `answers` that serves a call made for `purpose`: its own, else (a `for_each` item's) its step's. */
export function answersEntryFor(answers: ScriptedAnswers, purpose: string): string | undefined {
  if (Object.hasOwn(answers, purpose)) return purpose;
  const step = itemStepPurpose(purpose);
  return step !== undefined && Object.hasOwn(answers, step) ? step : undefined;
}

/** The entries of `answers` that serve none of the calls made for `purposes`, in the file's order. */
export function unusedAnswersEntries(answers: ScriptedAnswers, purposes: Iterable<string>): string[] {
  const used = new Set<string>();
  for (const purpose of purposes) {
    const entry = answersEntryFor(answers, purpose);
    if (entry !== undefined) used.add(entry);
  }
  return Object.keys(answers).filter((entry) => !used.has(entry));
}
