import { z } from 'zod';
import { ToolName } from '../plan/schema.ts';

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

export const ScriptedAnswers = z.record(z.string().min(1), z.array(ScriptedAnswer).min(1).max(1000));
export type ScriptedAnswers = z.infer<typeof ScriptedAnswers>;
