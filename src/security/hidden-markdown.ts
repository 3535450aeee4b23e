import type { Definition, FootnoteReference, Image, ImageReference, Link, LinkReference, Nodes } from 'mdast';
import { cellsDisagree, destinationsDisagree, linksDisagree } from './github-links-as-written.ts';
import { withoutHiddenLines } from './hidden-lines.ts';
import { withoutBracketHidden } from './hidden-shapes.ts';
import { applyEdits, inTaskBox, markdownTree, nodesOf, spanOf, type Edit } from './markdown-tree.ts';

/** A destination as Markdown reads it back: characters that would end or break it are percent-encoded. */
function destination(url: string): string {
  return url.replace(/[\s()<>\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * Markdown with what its rendered page does not show removed, found from the parsed tree (so
 * every way of writing it is covered, and code is left alone): image alt text and titles (inline
 * and reference images become `![](url)`), link titles, definitions (a reference link is made
 * inline: labels show nowhere), footnotes nothing refers to, fenced code's info strings, and a table
 * row's cells beyond its header's.
 * Everything else stays byte for byte as written.
 */
export function removeHiddenMarkdown(given: string): string {
  // Every construct concerned needs a bracket, a fence for an info string or a pipe for a table's extra cells:
  // most text is never parsed.
  if (!given.includes('[') && !given.includes('|') && !/`{3}|~{3}/.test(given)) return given;
  try {
    return withoutHidden(given);
  } catch {
    // A parse that fails (text nested past what the parser's own stack holds): with no bracket left, no construct hides anything.
    return given.replaceAll('[', '\uFF3B').replaceAll(']', '\uFF3D');
  }
}

function withoutHidden(given: string): string {
  // A URL GitHub links in running text runs to the next space, over a backtick or a footnote's reference; without
  // one, GitHub's blocks alone read the same. Past MAX_AUTOLINK_SCAN, where such URLs are broken to be parsed, the
  // text is read without them, as past a limit: what they may hide is taken out by its shape.
  const urls = /www\.|:\/\//i.test(given);
  const first = markdownTree(given, urls ? 'github-as-written' : 'github-blocks', withoutHiddenLines);
  const { source: text, written, tree, bounded: limited } = first.urlsBroken ? markdownTree(given, 'github-blocks', withoutHiddenLines) : first;
  // Where micromark and cmark-gfm may read a URL, a cell or a destination otherwise, the text is read as past a
  // limit too: what the page may hide is taken out by its shape.
  const bounded = limited || first.urlsBroken || (urls && linksDisagree(given)) || cellsDisagree(given) || destinationsDisagree(given);
  const definitions = new Map<string, Definition>();
  const notes = new Set<string>();
  const shownNotes = new Set<string>();
  const edits: Edit[] = [];
  const references: FootnoteReference[] = [];
  for (const node of nodesOf(tree)) {
    // GitHub uses a label's first definition.
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
    if (node.type === 'footnoteReference') references.push(node);
  }
  for (const node of references) if (refersOnGitHub(node.identifier, spanOf(node))) notes.add(node.identifier);

  /**
   * Whether GitHub reads a footnote reference micromark reads where micromark does, taking it for none where
   * they may differ: GitHub tries a link first (`[^x](u)`, `[^x][r]`, `[^x]` with a link definition `[ ^x]: u`),
   * reads code and autolinks in the label first, makes `[^a[^x]]` one reference, and folds case otherwise
   * beyond ASCII. A footnote nothing else refers to then goes.
   */
  function refersOnGitHub(identifier: string, at: { start: number; end: number } | undefined): boolean {
    if (!at || definitions.has(`^${identifier}`)) return false;
    const label = text.slice(at.start, at.end);
    const after = text.slice(at.end, at.end + 2);
    return !/[`<]|[^\x00-\x7F]/.test(label) && !after.startsWith('(') && !after.startsWith(']') && !(after.startsWith('[') && after !== '[]');
  }

  const image = (node: Image | ImageReference): void => {
    const at = spanOf(node);
    const url = node.type === 'image' ? node.url : definitions.get(node.identifier)?.url;
    if (at && url !== undefined) edits.push({ ...at, text: `![](${destination(url)})` });
  };
  // A link keeps its text as written; what follows the text is rewritten: a title dropped, and a reference
  // (`[text][label]`, `[label][]`, `[label]`) made inline, since the page shows no label after the text.
  const link = (node: Link | LinkReference): void => {
    const at = spanOf(node);
    const url = node.type === 'link' ? node.url : definitions.get(node.identifier)?.url;
    if (!at || url === undefined || (node.type === 'link' && (node.title === null || node.title === undefined))) return;
    // `- [x] done` is a task's box on GitHub, not a reference to `[x]: url`.
    if (node.type === 'linkReference' && node.referenceType === 'shortcut' && inTaskBox(text, at.start)) return;
    const labelEnd = node.children.length > 0 ? spanOf(node.children.at(-1)!)?.end : at.start + 1;
    const close = labelEnd === undefined ? -1 : text.indexOf(']', labelEnd);
    if (close < 0 || close >= at.end) return;
    edits.push({ start: close, end: at.end, text: `](${destination(url)})` });
  };
  // Links and images carry their URLs inline, so no definition is needed: their labels and titles show nowhere.
  const definition = (node: Definition): void => {
    const at = spanOf(node);
    if (at) edits.push({ ...at, text: '' });
  };
  // Images and definitions are rewritten whole, so what is inside them is not visited.
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'image' || node.type === 'imageReference') {
      image(node);
      continue;
    }
    if (node.type === 'definition') {
      definition(node);
      continue;
    }
    // GitHub drops a row's cells beyond the header's (GFM's example 204): they show nowhere.
    if (node.type === 'table') {
      const columns = node.children[0]?.children.length ?? 0;
      for (const row of node.children) {
        const extra = row.children[columns];
        const from = extra && spanOf(extra);
        const to = spanOf(row);
        if (from && to) edits.push({ start: from.start + 1, end: to.end, text: '' });
      }
    }
    // GitHub shows a footnote only where the text refers to it: `[^x]: ignore your task` alone shows nothing.
    // Past a limit, a reference the parser sees may be code to GitHub: every footnote goes.
    // GitHub shows a label's first footnote only.
    if (node.type === 'footnoteDefinition' && (bounded || !notes.has(node.identifier) || shownNotes.has(node.identifier))) {
      const at = spanOf(node);
      if (at) edits.push({ ...at, text: '' });
      continue;
    }
    if (node.type === 'footnoteDefinition') shownNotes.add(node.identifier);
    // A fenced block's info string (```` ```ignore your task ````) names its language to GitHub and shows nowhere.
    if (node.type === 'code' && (node.lang || node.meta)) {
      const at = spanOf(node);
      const fence = at ? /^[ \t]*(?:`{3,}|~{3,})/.exec(text.slice(at.start, at.start + 1_000)) : null;
      if (at && fence) {
        const lineEnd = text.slice(at.start + fence[0].length, at.end).search(/[\r\n]|$/);
        edits.push({ start: at.start + fence[0].length, end: at.start + fence[0].length + lineEnd, text: '' });
      }
    }
    if (node.type === 'link' || node.type === 'linkReference') link(node);
    if ('children' in node) for (const child of node.children.toReversed()) stack.push(child);
  }

  const read = applyEdits(written, edits);
  return bounded ? withoutBracketHidden(read) : read;
}
