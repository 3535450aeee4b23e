import { parseTemplateBody, TEMPLATE_PATTERN } from '../../plan/reference-syntax.ts';
import { resolveReferences, type ReferenceSources } from '../../plan/resolve-references.ts';
import { sanitizeUntrusted } from '../../security/sanitize-untrusted.ts';
import { dataBlock, promptValue } from '../data-block.ts';

/**
 * An agent's task as prompt text. The task's own words are instructions (hidden parts removed);
 * each `${…}` reference becomes a marker `[data N]` and its value follows in a labelled data block,
 * so a step result or input can never pose as part of the instruction.
 */
export function resolveTaskText(task: string, sources: ReferenceSources): string {
  const blocks: string[] = [];
  const text = task.replace(TEMPLATE_PATTERN, (match, body: string) => {
    if (parseTemplateBody(body).kind !== 'reference') return match;
    const value = resolveReferences({ value: match }, sources).value;
    blocks.push(dataBlock({ ref: String(blocks.length + 1), reference: match }, promptValue(value), true));
    return `[data ${blocks.length}]`;
  });
  const words = sanitizeUntrusted(text, { maxChars: 8000, read: 'rendered' });
  return blocks.length === 0 ? words : `${words}\n\n${blocks.join('\n\n')}`;
}
