/** A GitHub workflow found in a file: a whole workflow file, a Markdown block, or a commented example. */
export interface WorkflowBlock {
  /** 1-based line of the block's first YAML line in the file it came from. */
  readonly line: number;
  /** Columns the block's text is shifted right in the file (a commented example's `#   `). */
  readonly column?: number;
  readonly text: string;
}

// Indented as far as a list item nests it: its text is indented as far, and read without that indent.
const OPEN = /^( *)(`{3,}|~{3,})[ \t]*(ya?ml)\b.*$/i;

function isWorkflow(text: string): boolean {
  return /^on:/m.test(text) && /^jobs:/m.test(text);
}

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
    const indent = open[1]!.length;
    const fence = open[2]!;
    // A closing fence is indented at most 3 spaces more than its opening one: deeper, it is text (a heredoc's).
    const close = new RegExp(`^ {0,${indent + 3}}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end]!)) end++;
    // As CommonMark reads a fenced block: each line loses up to the fence's own indentation.
    const text = lines
      .slice(i + 1, end)
      .map((line) => line.slice(Math.min(indent, /^ */.exec(line)![0].length)))
      .join('\n');
    if (isWorkflow(text)) blocks.push({ line: i + 2, ...(indent > 0 && { column: indent }), text: `${text}\n` });
    i = end;
  }
  return blocks;
}

/**
 * Every workflow written as an indented comment in a YAML file (a plan's "run it like this"
 * example): a run of indented `#   ` lines with top-level `on:` and `jobs:`, the `#   ` removed.
 */
export function commentedWorkflowBlocks(yaml: string): WorkflowBlock[] {
  const lines = yaml.split(/\r?\n/);
  const blocks: WorkflowBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = /^(#\s{2,})\S/.exec(lines[i]!);
    if (!start) continue;
    const prefix = start[1]!;
    let end = i + 1;
    while (end < lines.length && (lines[end]!.startsWith(prefix) || /^#\s*$/.test(lines[end]!))) end++;
    while (end > i && /^#\s*$/.test(lines[end - 1]!)) end--;
    const text = lines.slice(i, end).map((line) => line.slice(prefix.length)).join('\n');
    if (isWorkflow(text)) blocks.push({ line: i + 1, column: prefix.length, text: `${text}\n` });
    i = end - 1;
  }
  return blocks;
}

/** The workflows a file holds: itself (a workflow file), its commented examples (a plan), or its Markdown blocks. */
export function workflowsIn(file: string, text: string): WorkflowBlock[] {
  if (/\.md$/i.test(file)) return workflowBlocks(text);
  if (isWorkflow(text)) return [{ line: 1, text }];
  return commentedWorkflowBlocks(text);
}
