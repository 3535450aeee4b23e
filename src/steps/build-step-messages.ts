import type OpenAI from 'openai';
import { sanitizeUntrusted } from '../security/sanitize-untrusted.ts';
import { INVISIBLE } from '../core/invisible-characters.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { stepsReferredTo } from '../plan/find-references.ts';
import { listNames } from '../plan/plan-check-context.ts';
import { ancestorDistances } from './ancestor-keys.ts';
import { dataBlock, fitBlocks, missingResultText, RESULT_CHAR_LIMIT, promptData, promptValue } from './data-block.ts';
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

/**
 * How many characters of results from steps a step depends on only through others it gets at most. Its
 * direct dependencies' results always come (each cut to `RESULT_CHAR_LIMIT`), as do those its description names; the others nearest first,
 * each if it still fits in what is left (a farther, shorter one may come where a nearer one did not).
 * Without it a chain of model steps sent every earlier result to each step: prompts grew with the chain's
 * length (404 KB at step 200 of a chain of 2 KB answers), beyond any model's context.
 */
export const INDIRECT_CONTEXT_CHAR_LIMIT = 32_000;

interface CachedBlock {
  readonly result: unknown;
  readonly step: PlanStep | undefined;
  readonly limit: number;
  readonly gaps: string | undefined;
  readonly text: string;
}

/**
 * Each result's data block, made once per run (its results map) and reused by every step that shows it:
 * sanitising every ancestor's result again for each step took the square of a chain's length. A result is
 * known by identity: the run stores a new value for a step, never changes one it stored.
 */
const blocks = new WeakMap<ReadonlyMap<string, unknown>, Map<string, CachedBlock>>();

/** Characters of the reason an `[incomplete: …]` note gives a prompt holds at most. */
const INCOMPLETE_NOTE_CHAR_LIMIT = 4_000;

/**
 * The note telling a model step what a result or an input lacks, as clean prompt text. Its reason quotes failed items'
 * errors and keys (a tool's output, a label made from a pull request's text): it was put into the prompt as it came,
 * hidden comments, invisible characters and all, and 20 errors of any length (found by an adversarial pass).
 */
function incompleteNote(why: string): string {
  return `\n[incomplete: ${promptData(why, INCOMPLETE_NOTE_CHAR_LIMIT, 'every error whole in the trace')}]`;
}

function resultBlock(ctx: StepContext, key: string, limit: number): string {
  const step = ctx.steps.get(key);
  // Hidden text is removed before the cut, so it cannot use up the room the visible text needs.
  if (!ctx.results.has(key)) {
    return dataBlock({ step: key, tool: step?.tool, description: step?.description || undefined, missing: 'true' }, missingResultText(ctx.missing?.get(key)));
  }
  const result = ctx.results.get(key);
  const gaps = ctx.incomplete?.get(key);
  let cache = blocks.get(ctx.results);
  if (!cache) blocks.set(ctx.results, (cache = new Map()));
  const cached = cache.get(key);
  if (cached && cached.result === result && cached.step === step && cached.limit === limit && cached.gaps === gaps) return cached.text;
  const text = dataBlock({ step: key, tool: step?.tool, description: step?.description || undefined }, `${promptData(result, limit)}${gaps === undefined ? '' : incompleteNote(gaps)}`, true);
  cache.set(key, { result, step, limit, gaps, text });
  return text;
}

/** The ancestors' result blocks: the direct dependencies and the `named` steps always, the others as room allows. */
function ancestorBlocks(ctx: StepContext, limit: number, named: ReadonlySet<string>): string[] {
  const distances = ancestorDistances(ctx.step, ctx.steps);
  const inPlanOrder = [...distances.keys()];
  // Direct dependencies and the steps the description names always come, each cut as a direct dependency is.
  const always = new Set(inPlanOrder.filter((key) => distances.get(key) === 1 || named.has(key)));
  // The others nearest first (the later in the plan first among equals).
  const others = inPlanOrder.filter((key) => !always.has(key)).reverse();
  others.sort((a, b) => distances.get(a)! - distances.get(b)!);
  const shown = fitBlocks(others, (key) => resultBlock(ctx, key, limit), INDIRECT_CONTEXT_CHAR_LIMIT);
  for (const key of always) shown.set(key, resultBlock(ctx, key, limit));
  const ordered = inPlanOrder.filter((key) => shown.has(key)).map((key) => shown.get(key)!);
  const left = inPlanOrder.filter((key) => !shown.has(key));
  if (left.length === 0) return ordered;
  // Step ids (letters, digits, _ and -), in plan order.
  return [...ordered, `[left out for room: the results of ${left.length} earlier ${left.length === 1 ? 'step' : 'steps'} this step depends on only through the steps above (${listNames(left)}); work from the results above]`];
}

/**
 * What a used plan's inputs given a result that lacks work are missing, told as a step's result's gaps are: only
 * its tool steps were flagged, and a model step read the input as whole (found by an adversarial pass).
 */
function inputGaps(ctx: StepContext): string {
  return [...(ctx.incompleteInputs ?? [])].map(([name, why]) => incompleteNote(`input ${name} lacks work (${why})`)).join('');
}

/**
 * The messages of a step's model call: our system prompt, then the goal, the run's inputs, the
 * result of every ancestor step in its own labelled data block, and last the step and `instruction`.
 */
export function buildStepMessages(ctx: StepContext, instruction: string, options: StepPromptOptions = {}): Message[] {
  const sections: string[] = [];
  // The goal may come from event text (the task input): hidden parts are removed, the words stay instructions.
  if (ctx.goal) sections.push(`Goal of the run: ${sanitizeUntrusted(ctx.goal, { maxChars: 4000, read: 'rendered' })}`);
  if (Object.keys(ctx.inputs).length > 0) sections.push(`Inputs of the run:\n${dataBlock({ name: 'inputs' }, `${promptValue(ctx.inputs)}${inputGaps(ctx)}`, true)}`);
  // The steps the instruction the prompt shows names (`${steps.s1.result}` in a description: nothing is filled into it,
  // the model reads the result beside it). Taken in the room's fill like any ancestor, one left out for room was named
  // in the prompt as the thing to work on, and the step answered on a result it never saw (found by an adversarial pass).
  // An agent's task stands for the description, and brings the values it names itself, in data blocks.
  const named = options.task === undefined ? stepsReferredTo(ctx.step.description, ctx.step.item?.name ?? ctx.step.forEach?.as) : new Set<string>();
  const blocks = ancestorBlocks(ctx, options.resultCharLimit ?? RESULT_CHAR_LIMIT, named);
  if (blocks.length > 0) sections.push(`Results of the steps this step depends on:\n\n${blocks.join('\n\n')}`);
  const item = ctx.step.item;
  if (item) {
    const refers = `\${${item.name}} in the step below means this item (\${${item.name}.index} is ${item.index}; fields as \${${item.name}.field})`;
    sections.push(`The item this step works on (one of a for_each list); ${refers}:\n${dataBlock({ name: item.name, index: String(item.index) }, promptValue(item.value), true)}`);
  }
  // As a reader of the plan sees it (its preview, the plan file on GitHub): no invisible characters, which a model reads.
  // Unicode tag characters after `Summarize the week` showed that alone in a planner's plan a reviewer approved, and
  // sent the model an instruction spelt in them (found by a text hunt). Every other text in the prompt drops them.
  const what = (options.task === undefined ? ctx.step.description || '(no description)' : `your task is:\n${options.task}\n`).replace(INVISIBLE, '');
  // An item's key holds its label, made from the item (a tool's output): the instruction names the step and the index only.
  const name = item ? `${ctx.step.key.slice(0, ctx.step.key.indexOf('['))}, item ${item.index}` : ctx.step.key;
  sections.push(`Your step (${name}): ${what}\n${instruction}`);
  return [
    { role: 'system', content: stepSystemPrompt(ctx.goalNames, options.agentSystem) },
    { role: 'user', content: sections.join('\n\n') },
  ];
}
