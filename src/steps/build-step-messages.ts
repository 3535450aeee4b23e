import type OpenAI from 'openai';
import { sanitizeUntrusted } from '../security/sanitize-untrusted.ts';
import { ancestorKeys } from './ancestor-keys.ts';
import { promptExcerpt, dataBlock, promptText, RESULT_CHAR_LIMIT } from './data-block.ts';
import type { StepContext } from './step-context.ts';
import { stepSystemPrompt } from './step-system-prompt.ts';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export interface StepPromptOptions {
  /** The agent's own system prompt, put before ours. */
  readonly agentSystem?: string;
  /** Longer results are cut with a note; default `RESULT_CHAR_LIMIT`. */
  readonly resultCharLimit?: number;
  /** An agent's task, already prompt text: it stands for the step's description. */
  readonly task?: string;
}

function ancestorBlocks(ctx: StepContext, limit: number): string[] {
  return ancestorKeys(ctx.step, ctx.steps).map((key) => {
    const step = ctx.steps.get(key);
    // Hidden text is removed before the cut, so it cannot use up the room the visible text needs.
    if (!ctx.results.has(key)) {
      const why = ctx.missing?.get(key);
      // Told plainly, so the model writes around the gap instead of inventing the missing input.
      const gap = why === undefined ? '(no result)' : `(no result: this input is missing because ${why}; work without it and say what is missing)`;
      return dataBlock({ step: key, tool: step?.tool, description: step?.description || undefined, missing: 'true' }, gap);
    }
    const gaps = ctx.incomplete?.get(key);
    const text = `${promptExcerpt(promptText(ctx.results.get(key)), limit)}${gaps === undefined ? '' : `\n[incomplete: ${gaps}]`}`;
    return dataBlock({ step: key, tool: step?.tool, description: step?.description || undefined }, text);
  });
}

/**
 * The messages of a step's model call: our system prompt, then the goal, the run's inputs, the
 * result of every ancestor step in its own labelled data block, and last the step and `instruction`.
 */
export function buildStepMessages(ctx: StepContext, instruction: string, options: StepPromptOptions = {}): Message[] {
  const sections: string[] = [];
  // The goal may come from event text (the task input): hidden parts are removed, the words stay instructions.
  if (ctx.goal) sections.push(`Goal of the run: ${sanitizeUntrusted(ctx.goal, { maxChars: 4000 })}`);
  if (Object.keys(ctx.inputs).length > 0) sections.push(`Inputs of the run:\n${dataBlock({ name: 'inputs' }, promptText(ctx.inputs))}`);
  const blocks = ancestorBlocks(ctx, options.resultCharLimit ?? RESULT_CHAR_LIMIT);
  if (blocks.length > 0) sections.push(`Results of the steps this step depends on:\n\n${blocks.join('\n\n')}`);
  const item = ctx.step.item;
  if (item) {
    const refers = `\${${item.name}} in the step below means this item (\${${item.name}.index} is ${item.index}; fields as \${${item.name}.field})`;
    sections.push(`The item this step works on (one of a for_each list); ${refers}:\n${dataBlock({ name: item.name, index: String(item.index) }, promptText(item.value))}`);
  }
  const what = options.task === undefined ? ctx.step.description || '(no description)' : `your task is:\n${options.task}\n`;
  // An item's key holds its label, made from the item (a tool's output): the instruction names the step and the index only.
  const name = item ? `${ctx.step.key.slice(0, ctx.step.key.indexOf('['))}, item ${item.index}` : ctx.step.key;
  sections.push(`Your step (${name}): ${what}\n${instruction}`);
  return [
    { role: 'system', content: stepSystemPrompt(ctx.goalNames, options.agentSystem) },
    { role: 'user', content: sections.join('\n\n') },
  ];
}
