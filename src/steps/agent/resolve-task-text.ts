import { parseTemplateBody, TEMPLATE_PATTERN } from '../../plan/reference-syntax.ts';
import { resolveReferences, type ReferenceSources } from '../../plan/resolve-references.ts';
import { UNTRUSTED_CHAR_LIMIT, sanitizeUntrusted } from '../../security/sanitize-untrusted.ts';
import { groupDigits } from '../../core/group-digits.ts';
import { dataBlock, fitBlocks, promptValue } from '../data-block.ts';

/**
 * How many characters the data blocks of an agent's task take in its prompt at most: two values whole
 * (each is cut to `UNTRUSTED_CHAR_LIMIT`), taken in the task's order, each if it still fits in what is left.
 * Without it a task naming a 900 KB result 5,000 times sent a 160 MB prompt (found by an adversarial pass).
 */
export const TASK_DATA_CHAR_LIMIT = 2 * UNTRUSTED_CHAR_LIMIT;

/**
 * An agent's task as prompt text. The task's own words are instructions (hidden parts removed);
 * each `${…}` reference becomes a marker `[data N]` and its value follows in a labelled data block,
 * so a step result or input can never pose as part of the instruction. A reference named twice is one
 * block, and the references of the whole task share one `MAX_REFERENCED_CHARS`, as one step's arguments do.
 */
export function resolveTaskText(task: string, sources: ReferenceSources): string {
  const numbers = new Map<string, number>();
  const text = task.replace(TEMPLATE_PATTERN, (match, body: string) => {
    if (parseTemplateBody(body).kind !== 'reference') return match;
    let number = numbers.get(match);
    if (number === undefined) numbers.set(match, (number = numbers.size + 1));
    return `[data ${number}]`;
  });
  const words = sanitizeUntrusted(text, { maxChars: 8000, read: 'rendered' });
  if (numbers.size === 0) return words;
  const references = [...numbers.keys()];
  // One call, so one budget: each call had its own, and the task's references together had none.
  const values = resolveReferences(Object.fromEntries(references.map((reference, index) => [index, reference])), sources);
  const blockOf = (index: number): string => dataBlock({ ref: String(index + 1), reference: references[index] }, promptValue(values[index]), true);
  const shown = fitBlocks(references.keys(), blockOf, TASK_DATA_CHAR_LIMIT);
  const blocks = references.map((_reference, index) => shown.get(index) ?? `[data ${index + 1} left out for room: the task's data takes at most ${groupDigits(TASK_DATA_CHAR_LIMIT)} characters; work from the data above]`);
  return `${words}\n\n${blocks.join('\n\n')}`;
}
