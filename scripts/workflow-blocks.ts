/** A fenced ```yaml block of a Markdown file that is a GitHub workflow. */
export interface WorkflowBlock {
  /** 1-based line of the block's first YAML line in the Markdown file. */
  readonly line: number;
  readonly text: string;
}

const OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*(ya?ml)\b.*$/i;

/**
 * Every ```yaml (or ```yml) block in `markdown` that is a whole workflow — it has top-level `on:`
 * and `jobs:` keys — with the line it starts on. Plan files and fragments are left out.
 */
export function workflowBlocks(markdown: string): WorkflowBlock[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: WorkflowBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end]!)) end++;
    const text = lines.slice(i + 1, end).join('\n');
    if (/^on:/m.test(text) && /^jobs:/m.test(text)) blocks.push({ line: i + 2, text: `${text}\n` });
    i = end;
  }
  return blocks;
}
