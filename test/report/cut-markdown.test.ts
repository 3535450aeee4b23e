import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitComment } from '../../src/action/live-comment.ts';
import { cutMarkdown, cutMarkdownBytes, cutText } from '../../src/report/cut-text.ts';
import { inlineCode } from '../../src/core/code-fence.ts';
import { markdownTree, nodesOf } from '../../src/security/markdown-tree.ts';

/** The images and links GitHub would render live in `markdown`. */
function live(markdown: string): string[] {
  return [...nodesOf(markdownTree(markdown, 'github').tree)].flatMap((node) => (node.type === 'image' || node.type === 'link' ? [node.url] : []));
}

const HOSTILE = '![x](https://evil.test/p.png?leak=1)';

describe('cutMarkdown', () => {
  // The rejected-plan report quotes a model's keys in code spans: cut inside one, its backtick was
  // left open, and the image after it rendered in the PR comment and the check run.
  it('never leaves a code span open: text the renderers escaped stays text at any cut', () => {
    const lines = Array.from({ length: 12 }, (_, i) => `- ${inlineCode(`steps[${i}]["${HOSTILE}${' pad'.repeat(30)}"]`)}: not a field of a step`);
    const markdown = `## Rejected\n\n${lines.join('\n')}\n`;
    expect(live(markdown)).toEqual([]);
    for (let max = 20; max <= markdown.length + 2; max += 13) {
      const cut = cutMarkdown(markdown, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(live(cut), `cut at ${max}`).toEqual([]);
    }
    // The plain cut left it open.
    expect(lines.some((_, i) => live(markdown.slice(0, markdown.indexOf('evil.test', markdown.indexOf(`steps[${i}]`)) + 30)).length > 0)).toBe(true);
  });

  it('cuts at the end of a whole line and marks the cut; text within the limit is unchanged', () => {
    expect(cutMarkdown('one\ntwo\nthree', 100)).toBe('one\ntwo\nthree');
    expect(cutMarkdown('one\ntwo\nthree', 10)).toBe('one\ntwo\n…');
    expect(cutMarkdown('a single line far too long', 10)).toBe('…');
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 20 }), fc.integer({ min: 1, max: 400 }), (parts, max) => {
        const text = parts.join('\n');
        const cut = cutMarkdown(text, max);
        // A cut inside a fenced code block closes it with a fence line of its own.
        const kept = cut.slice(0, -2).replace(/\n {0,3}(`{3,}|~{3,})$/, '');
        return cut.length <= max && (cut === text || cut === '…' || (cut.endsWith('\n…') && text.startsWith(`${kept}\n`)));
      }),
    );
  });

  // Found by an adversarial pass: a cut inside a fenced code block left it open, so the `…` and whatever a caller
  // put after the cut (a comment's "For commit" line, a check run's link) showed as code.
  it('closes a fenced code block it cuts inside, by characters and by bytes, and keeps within the limit', () => {
    const tree = (markdown: string) => markdownTree(markdown, 'github').tree.children;
    const body = Array.from({ length: 40 }, (_, i) => `line ${i} \`\`\` ~~~ ${'é'.repeat(20)}`).join('\n');
    for (const fence of ['````', '~~~']) {
      const markdown = `## Answer\n\n${fence}json\n${body}\n${fence}\n\nAfter the block.\n`;
      for (const [cut, limit, size] of [
        [(max: number) => cutMarkdown(markdown, max), markdown.length, (text: string) => text.length],
        [(max: number) => cutMarkdownBytes(markdown, max), Buffer.byteLength(markdown), (text: string) => Buffer.byteLength(text)],
      ] as const) {
        for (let max = 30; max < limit; max += 37) {
          const text = cut(max);
          expect(size(text)).toBeLessThanOrEqual(max);
          const nodes = tree(`${text}\n\nFor commit abc.`);
          expect(nodes.at(-1), `cut at ${max}`).toMatchObject({ type: 'paragraph', children: [{ type: 'text', value: 'For commit abc.' }] });
          if (text.includes(fence)) expect(nodes.at(-2), `cut at ${max}`).toMatchObject({ type: 'paragraph', children: [{ type: 'text', value: '…' }] });
        }
      }
    }
  });

  it('is the last resort of a comment that will not fit', () => {
    // A body that stays too long however small the budget: each line a code span with the image, then padding.
    const body = () => `<!-- plan-runner: plan.yml -->\n${Array.from({ length: 400 }, (_, i) => `- ${inlineCode(`${i} ${HOSTILE}${' pad'.repeat(60)}`)}`).join('\n')}`;
    expect(live(body().slice(0, 65_535))).not.toEqual([]); // the plain cut at the limit would render it
    const fitted = fitComment(body, 65_000);
    expect(fitted.length).toBeLessThanOrEqual(65_536);
    expect(live(fitted)).toEqual([]);
  });
});

// A cut between the halves of an emoji left a lone surrogate: U+FFFD in the summary, and a comment body
// GitHub may refuse.
describe('cutText', () => {
  it('never leaves half a character outside the BMP before the ellipsis', () => {
    for (let at = 1; at < 12; at++) {
      const cut = cutText(`${'a'.repeat(at)}😀😀😀😀😀😀`, 8);
      expect(cut.length).toBeLessThanOrEqual(8);
      expect(cut).toMatch(/^[a😀]*…$/u);
      expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
    expect(cutText('short', 8)).toBe('short');
  });
});
