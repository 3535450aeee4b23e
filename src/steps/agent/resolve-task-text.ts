import { parseTemplateBody, TEMPLATE_PATTERN } from '../../plan/reference-syntax.ts';
import type { Reference } from '../../plan/reference.ts';
import { resolveReferences, type ReferenceSources } from '../../plan/resolve-references.ts';
import { UNTRUSTED_CHAR_LIMIT, sanitizeUntrusted } from '../../security/sanitize-untrusted.ts';
import { groupDigits } from '../../core/group-digits.ts';
import { dataBlockInRoom, missingResultText, promptData } from '../data-block.ts';

/** Most characters of an agent's task that reach its prompt as its words (the data comes after them). */
const TASK_WORDS_CHAR_LIMIT = 8_000;

/** What a data block takes beside its value at most, but for a long reference: its wrapper and a cut note. */
const BLOCK_FRAME_CHARS = 1_000;

/**
 * How many characters the data blocks of an agent's task take in its prompt at most: two values whole (each is cut
 * to `UNTRUSTED_CHAR_LIMIT`), in their blocks. Without it a task naming a 900 KB result 5,000 times sent a 160 MB
 * prompt (found by an adversarial pass).
 */
export const TASK_DATA_CHAR_LIMIT = 2 * (UNTRUSTED_CHAR_LIMIT + BLOCK_FRAME_CHARS);

/** The fewest characters of a value its block shows: a reference that cannot have them is left out. */
const LEAST_SHOWN_CHARS = 100;

const BETWEEN_BLOCKS = '\n\n';

/** A reference the prompt gives a block: its labels and its value as clean prompt text, whole. */
interface TaskData {
  readonly number: number;
  readonly labels: Readonly<Record<string, string>>;
  readonly clean: string;
}

/**
 * The blocks of `data` in `TASK_DATA_CHAR_LIMIT`, in the task's order: as many as fit with `LEAST_SHOWN_CHARS` each,
 * each given an even share of the room left (or more, where its least needs it), so that every one shows something.
 * Taken whole while they fit, two 32,000-character values had the second left out for the first's wrapper (found by a review).
 */
function shareRoom(data: readonly TaskData[]): { readonly blocks: string[]; readonly shown: number } {
  const sizes = { limit: UNTRUSTED_CHAR_LIMIT, least: LEAST_SHOWN_CHARS };
  const least = data.map(({ labels, clean }) => dataBlockInRoom(labels, clean, { ...sizes, room: 0 }).length + BETWEEN_BLOCKS.length);
  let shown = 0;
  let stillNeeded = 0;
  while (shown < data.length && stillNeeded + least[shown]! <= TASK_DATA_CHAR_LIMIT) stillNeeded += least[shown++]!;
  const blocks: string[] = [];
  let room = TASK_DATA_CHAR_LIMIT;
  for (let index = 0; index < shown; index++) {
    stillNeeded -= least[index]!;
    const share = Math.min(Math.max(Math.floor(room / (shown - index)), least[index]!), room - stillNeeded);
    const block = dataBlockInRoom(data[index]!.labels, data[index]!.clean, { ...sizes, room: share - BETWEEN_BLOCKS.length });
    blocks.push(block);
    room -= block.length + BETWEEN_BLOCKS.length;
  }
  return { blocks, shown };
}

/**
 * Why the step `reference` names has no result, when it failed or was skipped (an optional input the step runs without):
 * its block says so, as a model step's prompt does. Resolved, it failed the agent, which the README says still runs.
 */
function whyMissing(reference: Reference, sources: ReferenceSources): string | undefined {
  return reference.kind === 'step' && !sources.results.has(reference.step) ? sources.missing?.get(reference.step) : undefined;
}

/** An agent's task taken as written (`taskAsWritten`) as prompt text: its words, hidden parts removed; no `${…}` in it is read. */
export function taskWords(task: string): string {
  return sanitizeUntrusted(task, { maxChars: TASK_WORDS_CHAR_LIMIT, read: 'rendered' });
}

/**
 * An agent's task as prompt text. The task's own words are instructions (hidden parts removed);
 * each `${…}` reference becomes a marker `[data N]` and its value follows in a labelled data block,
 * so a step result or input can never pose as part of the instruction. A reference named twice is one
 * block, and the references of the whole task share one `MAX_REFERENCED_CHARS`, as one step's arguments do.
 */
export function resolveTaskText(task: string, sources: ReferenceSources): string {
  const numbers = new Map<string, number>();
  const missing = new Map<string, string>();
  const text = task.replace(TEMPLATE_PATTERN, (match, body: string) => {
    const parsed = parseTemplateBody(body);
    if (parsed.kind !== 'reference') return match;
    let number = numbers.get(match);
    if (number === undefined) {
      numbers.set(match, (number = numbers.size + 1));
      const why = whyMissing(parsed.reference, sources);
      if (why !== undefined) missing.set(match, why);
    }
    return `[data ${number}]`;
  });
  const words = taskWords(text);
  if (numbers.size === 0) return words;
  // Only a reference whose marker the words still hold gets a block: past the words' cut, 5,000 references each had a
  // block or a note, a 497,556-character prompt (found by a review). Only those are resolved: the others, which no
  // prompt shows, took from the budget they share.
  const marked = new Set(Array.from(words.matchAll(/\[data (\d+)\]/g), (match) => Number(match[1])));
  const shownReferences = [...numbers].filter(([, number]) => marked.has(number));
  // One call, so one budget: each call had its own, and the task's references together had none.
  const present = shownReferences.filter(([reference]) => !missing.has(reference));
  const values = resolveReferences(Object.fromEntries(present.map(([reference], index) => [index, reference])), sources);
  const valueOf = new Map(present.map(([reference], index) => [reference, values[index]]));
  const data = shownReferences.map(([reference, number]): TaskData => {
    const why = missing.get(reference);
    const labels = { ref: String(number), reference, ...(why !== undefined && { missing: 'true' }) };
    return { number, labels, clean: promptData(why === undefined ? valueOf.get(reference) : missingResultText(why), Number.POSITIVE_INFINITY) };
  });
  const { blocks, shown } = shareRoom(data);
  if (shown < data.length) {
    const first = data[shown]!.number;
    const last = data.at(-1)!.number;
    const which = first === last ? groupDigits(first) : `${groupDigits(first)}–${groupDigits(last)}`;
    blocks.push(`[data ${which} left out for room: the task's data takes at most ${groupDigits(TASK_DATA_CHAR_LIMIT)} characters; work from the data above]`);
  }
  return `${words}${BETWEEN_BLOCKS}${blocks.join(BETWEEN_BLOCKS)}`;
}
