import type { StepState } from '../core/run-event.ts';
import type { RunRecord } from '../core/run-record.ts';
import { STATE_ICONS, stepTitle } from './checklist.ts';
import { fencedBlock } from '../core/code-fence.ts';
import { groupDigits } from '../core/group-digits.ts';

const STATE_STYLES: Readonly<Record<StepState, string>> = {
  pending: 'fill:#f6f8fa,stroke:#8c959f,color:#24292f',
  waiting: 'fill:#ddf4ff,stroke:#0969da,color:#24292f,stroke-dasharray:6 3',
  in_progress: 'fill:#fff8c5,stroke:#bf8700,color:#24292f',
  completed: 'fill:#dafbe1,stroke:#1a7f37,color:#24292f',
  failed: 'fill:#ffebe9,stroke:#cf222e,color:#24292f',
  skipped: 'fill:#eaeef2,stroke:#8c959f,color:#57606a,stroke-dasharray:4 3',
};

const MAX_LABEL = 60;
// Each run of white space becomes one space; a lone space is left as it is, so most labels are not copied.
const SPACING = /\s{2,}|[^\S ]/g;
const SAFE_LABEL = /^[\p{L}\p{N} ,.:?!/_-]*$/u;
const UNSAFE_CHAR = /[^\p{L}\p{N} ,.:?!/_-]/gu;

/**
 * Text for inside a quoted Mermaid label: anything beyond plain letters, digits and a few safe
 * marks becomes a `#code;` entity, so quotes, brackets, backticks, HTML and Markdown stay text.
 */
export function mermaidLabel(text: string): string {
  const flat = text.replace(SPACING, ' ').trim();
  // No more UTF-16 units than the limit means no more characters either: most labels need no cut.
  const chars = flat.length > MAX_LABEL ? [...flat] : undefined;
  const cut = chars && chars.length > MAX_LABEL ? [...chars.slice(0, MAX_LABEL - 1), '…'].join('') : flat;
  return SAFE_LABEL.test(cut) ? cut : cut.replace(UNSAFE_CHAR, (c) => `#${c.codePointAt(0)};`);
}

/**
 * What Mermaid draws with its default settings (`maxTextSize`, `maxEdges`), as GitHub renders it:
 * past either, the reader sees an error box where the graph would be.
 */
export const MERMAID_MAX_TEXT = 50_000;
export const MERMAID_MAX_EDGES = 500;
/** The shortest a node's line can be, with its line break (see `renderMermaidGraph`). */
const MIN_NODE_LINE = '  s0["⬜ 1"]:::failed\n'.length;

/**
 * The plan as a Mermaid `graph TD`, each node coloured and iconed by its step's final state; for a
 * plan larger than Mermaid draws, a line that says so instead (the steps are listed elsewhere), and
 * the graph is not built beyond the point it is known to be too large.
 */
export function renderMermaidGraph(record: RunRecord, redact: (text: string) => string): string {
  const steps = record.plan?.steps ?? [];
  const edges = steps.reduce((sum, step) => sum + step.dependsOn.length, 0);
  const tooLarge = (what: string) =>
    `_The plan graph (${groupDigits(steps.length)} steps, ${groupDigits(edges)} dependencies) is left out: ${what}, more than Mermaid draws (${groupDigits(MERMAID_MAX_TEXT)} characters, ${MERMAID_MAX_EDGES} edges)._`;
  if (edges > MERMAID_MAX_EDGES) return tooLarge(`it has ${groupDigits(edges)} edges`);
  // No node's line is shorter than `  s0["⬜ 1"]:::failed` and its line break: past this many steps the text is
  // too long whatever the titles, and 10,000 labels were made to find it out.
  if (steps.length * MIN_NODE_LINE > MERMAID_MAX_TEXT) return tooLarge('its text is longer');
  // Node ids are positional: step keys may be Mermaid keywords such as `end`.
  const ids = new Map(steps.map((step, index) => [step.key, `s${index}`]));
  const lines = ['graph TD'];
  let size = 0;
  for (const [index, step] of steps.entries()) {
    const stepRecord = record.steps.get(step.key);
    const state = stepRecord?.state ?? 'pending';
    // A for_each step is drawn once, with its count, however many items it has (a shard job's, the other shards' too).
    const counts = stepRecord?.itemCounts;
    const total = counts === undefined ? undefined : counts.total + (counts.otherShards ?? 0);
    // A shard's ✅ is its own items': `✅ check (12 items)` read as all 12 done.
    const here = counts?.otherShards ? `, ${groupDigits(counts.total)} run here` : '';
    const count = step.forEach ? (total === undefined ? ' (for each)' : ` (${groupDigits(total)} item${total === 1 ? '' : 's'}${here})`) : '';
    const label = `${STATE_ICONS[state]} ${mermaidLabel(`${step.key}. ${stepTitle(step, redact)}${count}`)}`;
    const line = `  s${index}["${label}"]:::${state}`;
    size += line.length + 1;
    if (size > MERMAID_MAX_TEXT) return tooLarge('its text is longer');
    lines.push(line);
  }
  for (const step of steps) {
    for (const dep of step.dependsOn) {
      const from = ids.get(dep);
      if (from) lines.push(`  ${from} --> ${ids.get(step.key)}`);
    }
  }
  for (const [state, style] of Object.entries(STATE_STYLES)) lines.push(`  classDef ${state} ${style}`);
  const text = lines.join('\n');
  if (text.length > MERMAID_MAX_TEXT) return tooLarge('its text is longer');
  return fencedBlock(text, 'mermaid');
}
