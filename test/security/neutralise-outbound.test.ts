import fc from 'fast-check';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { approvalCommand, malformedApprovalCommand } from '../../src/action/approval-command.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { MAX_PARSED_CHARS, neutraliseOutbound, neutraliseRendered } from '../../src/security/neutralise-outbound.ts';
import { WriteAllowance } from '../../src/tools/github/write-allowance.ts';

const ZWSP = '\u200B';

describe('neutraliseOutbound', () => {
  it('breaks @mentions and #references with an invisible character unless allowed', () => {
    expect(neutraliseOutbound('cc @octocat @octo-org/security, fixes #12 and GH-3; mail a@b.test')).toBe(
      `cc @${ZWSP}octocat @${ZWSP}octo-org/security, fixes #${ZWSP}12 and GH-${ZWSP}3; mail a@b.test`,
    );
    expect(neutraliseOutbound('cc @octocat, #12', { allowMentions: true, allowReferences: true })).toBe('cc @octocat, #12');
  });

  // Found by an adversarial pass: kept as an address, `-@octocat.-.com` is a mention to GitHub, which reads
  // `@name` after a non-word character when dots and a non-word character follow it.
  it('keeps an address only when its local part ends in a word character, as GitHub reads no mention there', () => {
    expect(neutraliseOutbound('hi -@octocat.-.com, +@security-team.-.dev and .@admin..x')).toBe(`hi -@${ZWSP}octocat.-.com, +@${ZWSP}security-team.-.dev and .@${ZWSP}admin..x`);
    expect(neutraliseOutbound('mail first.last+tag@example.test or x_@b.test')).toBe('mail first.last+tag@example.test or x_@b.test');
  });

  it('strips HTML tags and comments, keeping their text', () => {
    expect(neutraliseOutbound('<details><summary>x</summary><img src=x onerror=alert(1)>y</details><!-- hidden -->')).toBe('xy');
  });

  it('turns links and images outside the allow list into code, and keeps allowed ones', () => {
    const policy = { allowUrls: ['https://example.com/docs/'] };
    expect(neutraliseOutbound('[guide](https://example.com/docs/a) [win](https://evil.test/?t=1 "t")', policy)).toBe(
      '[guide](https://example.com/docs/a) win (`https://evil.test/?t=1`)',
    );
    expect(neutraliseOutbound('![x](https://evil.test/pixel.png?d=secret) <https://evil.test> see https://evil.test/a.', policy)).toBe(
      '`https://evil.test/pixel.png?d=secret` `https://evil.test` see `https://evil.test/a`.',
    );
    // Same host, a path outside the prefix.
    expect(neutraliseOutbound('https://example.com/admin', policy)).toBe('`https://example.com/admin`');
    // The second line is no definition once the first is code (a definition cannot interrupt a paragraph): and its brackets, opening no link, are shown fullwidth.
    expect(neutraliseOutbound('[x]: https://evil.test\n[y]: https://example.com/docs/y', policy)).toBe('`https://evil.test`\n\uFF3By\uFF3D: https://example.com/docs/y');
  });

  it('leaves fenced code as written, apart from mentions and references', () => {
    const text = 'Run:\n```html\n<b>https://evil.test</b> @x\n```\n';
    expect(neutraliseOutbound(text)).toBe(`Run:\n\`\`\`html\n<b>https://evil.test</b> @${ZWSP}x\n\`\`\`\n`);
  });
});

const ALLOWED = 'https://ok.test/';

/** What GitHub would render live from `markdown` (parsed as GitHub does, CommonMark with GFM) that ALLOWED does not cover. */
function liveConstructs(markdown: string): string[] {
  const found: string[] = [];
  const visit = (node: Nodes, inLink: boolean): void => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const anchor = node.url.startsWith('#') && !node.url.startsWith('#/');
      if (!node.url.startsWith(ALLOWED) && !node.url.startsWith('mailto:') && !anchor) found.push(`${node.type} ${node.url}`);
    }
    if (node.type === 'html') found.push(`html ${node.value}`);
    // GitHub mentions and links on the rendered text outside links: an `@` not after a word character, a `#` before a digit.
    if (node.type === 'text' && !inLink && /(^|[^A-Za-z0-9_])@[A-Za-z0-9]/.test(node.value)) found.push(`mention in ${JSON.stringify(node.value)}`);
    if (node.type === 'text' && !inLink && /#\d/.test(node.value)) found.push(`reference in ${JSON.stringify(node.value)}`);
    if ('children' in node) for (const child of node.children) visit(child, inLink || node.type === 'link');
  };
  visit(fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }), false);
  return found;
}

describe('neutraliseOutbound, judged by a Markdown parser', () => {
  // Each of these once kept a live image, link or mention: the rules were regular expressions that disagreed with CommonMark.
  it.each([
    ['escaped backticks are not code', 'See \\`![t](https://evil.test/b.png)\\` and \\`[click](https://evil.test/phish)\\`'],
    ['a code span cannot cross a paragraph', 'Error `a\n\n![t](https://evil.test/b.png)\n\nb` end'],
    ['a backtick in the info string makes no fence', '``` x`\n![t](https://evil.test/b.png)\n```'],
    ['a carriage return ends a line', '```\nok\n```\r![t](https://evil.test/cr.png)'],
    ['a URL made code next to a backtick', 'www.evil.test`'],
    ['a link inside a table cell', '| a | b |\n| - | - |\n| `x | [y](https://evil.test/t) | z` |'],
    ['mentions after punctuation or in emphasis', '_@admin_ please look; ping -@octo-org/admins; see.@admin; +@admin'],
    ['a mention right after a link', 'mailto:a@b.c@admin'],
    // The second review, checked against cmark-gfm itself: where it and micromark read differently.
    ['character references that render as a mention or a reference', '&#x40;admin &commat;team &num;9 #&#x31;2'],
    ['processing instructions, CDATA and declarations', '<?x ![i](https://evil.test/p.png) ?> <![CDATA[ y ]]> <!DOCTYPE z>'],
    ['www. with an @ is a link to the host after it', 'see www.x@evil.test now'],
  ])('%s', (_, text) => {
    expect(liveConstructs(neutraliseOutbound(text, { allowUrls: [ALLOWED] }))).toEqual([]);
  });

  it('never allows a target a browser would read as another host: a backslash or an @ in it', () => {
    // Node reads `\` as `/` (host github.com); GitHub writes %5C, and the browser goes to evil.test.
    const out = neutraliseOutbound('See [fix](https://github.com\\octo\\demo\\pull@evil.test/3) ![ci](https://github.com\\octo\\demo\\x@evil.test/b.png)', { allowUrls: ['https://github.com/octo/demo/'] });
    expect(out).toBe(`See fix (\`https://github.com\\octo\\demo\\pull@${ZWSP}evil.test/3\`) \`https://github.com\\octo\\demo\\x@${ZWSP}evil.test/b.png\``);
  });

  it('escapes backticks that close nothing: after one, cmark-gfm reads no later code span of that length', () => {
    expect(neutraliseOutbound('``` `a` `![x](https://evil.test/i.png)`')).toBe('\\`\\`\\` `a` `![x](https://evil.test/i.png)`');
  });

  it('keeps an allowed URL GitHub links by itself only where cmark-gfm ends it too (at whitespace or <)', () => {
    const policy = { allowUrls: ['https://github.com/octo/demo/'] };
    expect(neutraliseOutbound('ok https://github.com/octo/demo/blob/main/a.ts and [doc](https://github.com/octo/demo/wiki).', policy)).toBe(
      'ok https://github.com/octo/demo/blob/main/a.ts and [doc](https://github.com/octo/demo/wiki).',
    );
    expect(liveConstructs(neutraliseOutbound('a https://github.com/octo/demo/a`![x](https://evil.test/i.png)` b', policy))).toEqual([]);
  });

  it('reads www. with an @ as a link to the host after it, and an address with % as no address (cmark-gfm does)', () => {
    expect(neutraliseOutbound('see www.x@evil.test now')).toBe(`see \`www.x@${ZWSP}evil.test\` now`);
    expect(neutraliseOutbound('x%@admin.-x please')).toBe(`x%@${ZWSP}admin.-x please`);
  });

  // The third review fuzzed against cmark-gfm 0.29 itself: each of these was live there.
  it('empties lines of only spaces or tabs: cmark-gfm continued an empty list item through one, making the indented line after it Markdown', () => {
    // cmark-gfm renders the emptied form as micromark does: an empty item, then a code block.
    expect(neutraliseOutbound('-\n  \n    [x](http://evil.test/)')).toBe('-\n\n    [x](http://evil.test/)');
    expect(neutraliseOutbound('-\n\t\n    ![x](http://evil.test/x.png)')).toBe('-\n\n    ![x](http://evil.test/x.png)');
  });

  it.each([
    ['HTML taken out joins an @ to a name', '@<div>bob'],
    ['a comment taken out joins a # to a number', '#<!-- c -->12'],
    ['a reference cmark-gfm does not resolve (Unicode case folding) shows its label as text', '[&commat;bob][\u1C90]\n\n[\u10D0]: https://ok.test/'],
  ])('%s', (_, text) => {
    const out = neutraliseOutbound(text, { allowUrls: [ALLOWED] });
    expect(liveConstructs(out)).toEqual([]);
    expect(out).not.toMatch(/(?:^|[^\w\u200B])@bob|#12/);
  });

  it('ends a bare URL only at ASCII whitespace, as cmark-gfm does: a no-break space does not end it', () => {
    expect(neutraliseOutbound('https://ok.test/a\u00a0`<img src=http://evil.test/x>`', { allowUrls: [ALLOWED] })).not.toContain('https://ok.test/a\u00a0`<img');
  });

  it('keeps a task list’s boxes', () => {
    expect(neutraliseOutbound('- [ ] todo\n- [x] done')).toBe('- [ ] todo\n- [x] done');
  });

  it('reads text nested 8,000 levels deep without running out of stack', () => {
    const out = neutraliseOutbound('>'.repeat(8_000));
    expect(liveConstructs(out)).toEqual([]);
  });

  it('leaves nothing live on any mix of Markdown’s sharp edges (property, against the parser)', () => {
    const pieces = ['`', '``', '```', '\\', '![', '[', ']', '(', ')', 'https://evil.test/p', 'https://ok.test/a', 'www.evil.test', '<', '>', '<img src=x>', '<!--', '-->', '\n', '\n\n', '\r', '\r\n', '~~~', '    ', ' ', 'a', '@admin', '#1', '_', '*', '"', ':', '[x]: ', '-', '.', '+', '|', '| - |', 'mailto:a@b.c'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 25 }), (parts) => {
        const text = parts.join('');
        expect(liveConstructs(neutraliseOutbound(text, { allowUrls: [ALLOWED] })), JSON.stringify(text)).toEqual([]);
      }),
      { numRuns: 1500, seed: 20261201 },
    );
  });
});

describe('text too long to parse', () => {
  const long = `![t](https://evil.test/b.png) @admin ${'x'.repeat(MAX_PARSED_CHARS)}`;

  it('is posted whole as a code block on a line of its own, mentions broken', () => {
    const out = neutraliseOutbound(long);
    expect(out.startsWith('\n```text\n')).toBe(true);
    expect(liveConstructs(`before ${out}after`)).toEqual([]);
    expect(out).toContain(`@${ZWSP}admin`);
  });

  it('is left as plan-runner rendered it (its renderers escaped the run’s pieces), mentions broken', () => {
    expect(neutraliseRendered(long)).toBe(long.replace('@admin', `@${ZWSP}admin`));
    expect(neutraliseRendered('![t](https://evil.test/b.png) @admin')).toBe(`\`https://evil.test/b.png\` @${ZWSP}admin`);
  });
});

// Found by an adversarial pass: a comment posted through a personal access token is a person's, which starts
// workflows, and `/approve` from a model told to write it (add_comment) approved another run that waited.
describe('an answer to a paused run', () => {
  /** The text GitHub shows of `markdown`: its text nodes, as cmark-gfm parses it. */
  const shownText = (markdown: string): string => {
    const texts: string[] = [];
    const walk = (node: Nodes): void => {
      if (node.type === 'text') texts.push(node.value);
      if ('children' in node) for (const child of node.children) walk(child);
    };
    walk(fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
    return texts.join('');
  };
  const asComment = (body: string) => ({ eventName: 'issue_comment', payload: { action: 'created', comment: { body, user: { login: 'machine-user', type: 'User' } } } });

  it.each(['/approve', '/APPROVE\nlooks good', '\n\n  /reject', '\uFEFF/approve', '/approved', '/reject-all', '/approve'.padEnd(MAX_PARSED_CHARS + 10, ' x')])(
    'is never posted as one: %j has its slash escaped, and shows as written',
    (body) => {
      for (const out of [neutraliseOutbound(body), neutraliseRendered(body)]) {
        expect(approvalCommand(asComment(out))).toBeUndefined();
        expect(malformedApprovalCommand(asComment(out))).toBeUndefined();
        // As the README's workflow reads it: `startsWith(github.event.comment.body, '/approve')`, in any case.
        expect(out.toLowerCase()).not.toMatch(/^\/(approve|reject)/);
        expect(out.trimStart().toLowerCase()).not.toMatch(/^\/(approve|reject)/);
      }
      // GitHub shows the slash: the text reads as the model wrote it.
      if (body.length < MAX_PARSED_CHARS) expect(shownText(neutraliseOutbound(body))).toContain(body.trim().split('\n')[0]!.replace('\uFEFF', ''));
    },
  );

  it('is left alone where it answers nothing: later on the line, quoted, or in code', () => {
    for (const body of ['ok /approve', '> /approve', '`/approve`', 'done\n/approve']) expect(neutraliseOutbound(body)).toBe(body);
  });
});

describe('WriteAllowance', () => {
  it('counts writes per kind against the plan’s caps (default one issue, one comment)', () => {
    const strict = new WriteAllowance(createRedactor());
    strict.take('issue', 'create_issue');
    expect(() => strict.take('issue', 'create_issue')).toThrow('create_issue refused: the plan allows at most 1 issue per run, and 1 was already written');
    strict.take('comment', 'add_comment');
    const roomy = new WriteAllowance(createRedactor(), { max_comments: 3, max_issues: 0 });
    for (let i = 0; i < 3; i++) roomy.take('comment', 'add_comment');
    expect(() => roomy.take('comment', 'add_comment')).toThrow(/at most 3 comments.*github\.writes\.max_comments/);
    expect(() => roomy.take('issue', 'create_issue')).toThrow(/at most 0 issues/);
  });

  it('allows only listed labels, ignoring case, and none without a list', () => {
    const allowance = new WriteAllowance(createRedactor(), { labels: ['bug', 'needs-review'] });
    expect(() => allowance.checkLabels(['Bug', 'needs-review'], 'add_labels')).not.toThrow();
    expect(() => allowance.checkLabels(['bug', 'security-exempt'], 'add_labels')).toThrow("label 'security-exempt' not allowed (allowed: bug, needs-review)");
    expect(() => new WriteAllowance(createRedactor()).checkLabels(['bug'], 'add_labels')).toThrow('the plan allows no labels');
    expect(() => new WriteAllowance(createRedactor()).checkLabels([], 'create_issue')).not.toThrow();
  });

  it('neutralises text by the plan’s rules, always keeping links to the run’s repository', async () => {
    const allowance = new WriteAllowance(createRedactor(), { allow_mentions: true }, 'https://github.com/octo/demo/');
    expect(await allowance.text('@ana see https://github.com/octo/demo/blob/main/a.ts and https://github.com/other/x')).toBe(
      '@ana see https://github.com/octo/demo/blob/main/a.ts and `https://github.com/other/x`',
    );
  });
});

describe('control characters and bidi overrides', () => {
  it('are shown in text bound for GitHub, raw or rendered, code included', () => {
    const text = 'status \u202egnp.exe\u202c and \u001b[31mred\u0007\n```\ncode \u202e here\n```\n';
    for (const out of [neutraliseOutbound(text), neutraliseRendered(text)]) {
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202a-\u202e\u2066-\u2069]/);
      expect(out).toContain('\ufffdgnp.exe\ufffd');
      expect(out).toMatch(/\u241b.31mred\u2407/);
    }
  });
});

// Found by an adversarial pass: a run's reason with a URL in it turned the comment's `**Finished: …**` into
// `\*\*Finished: …\*\*`, asterisks on the page: emphasis is not parsed, so the marks were in the text the URL
// made rewrite, and every mark in it was escaped. A mark the source left bare now stays bare; one it escaped
// stays escaped; and a URL ends before trailing marks, as GitHub ends it.
describe('emphasis around a URL made code', () => {
  it('keeps a bold line bold, and a mark the source escaped escaped', async () => {
    const { reasonText } = await import('../../src/report/summary/summary-header.ts');
    const { reasonAfterStatus } = await import('../../src/report/status-reason.ts');
    const line = (reason: string) => neutraliseRendered(`**Finished: failed${reasonAfterStatus('failed', reason, (text) => reasonText(text, (inner) => inner))}** · 2 s`);
    expect(line('GET https://api.example.com/x returned 500')).toBe('**Finished: failed: GET `https://api.example.com/x` returned 500** · 2 s');
    expect(line('snake_case *star* https://x.test')).toBe('**Finished: failed: snake_case \\*star\\* `https://x.test`** · 2 s');
    expect(line('url https://x.test/a**b**')).toBe('**Finished: failed: url `https://x.test/a**b`\\*\\*** · 2 s');
  });

  it('leaves no link live where a bare mark touches a URL', () => {
    for (const text of ['*https://evil.test/x*', '_www.evil.test_', '~~https://evil.test~~', '**see https://evil.test/a_b_**']) {
      const out = neutraliseOutbound(text);
      const tree = fromMarkdown(out, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
      const links: Nodes[] = [];
      const visit = (node: Nodes): void => {
        if (node.type === 'link') links.push(node);
        if ('children' in node) for (const child of node.children) visit(child);
      };
      visit(tree);
      expect(links, out).toEqual([]);
    }
  });
});

describe('neutraliseOutbound: issue and pull request URLs', () => {
  const repository = { allowUrls: ['https://github.com/octo/demo/'] };

  it('keeps no URL of an issue or pull request live while references are off, as it keeps no #123', () => {
    // GitHub reads each as a reference (shown as #7) and puts a cross-reference on the issue, as it does for octo/demo#7.
    expect(neutraliseOutbound('see https://github.com/octo/demo/issues/7 now', repository)).toBe('see `https://github.com/octo/demo/issues/7` now');
    expect(neutraliseOutbound('see [the fix](https://github.com/octo/demo/pull/8/files)', repository)).toBe('see the fix (`https://github.com/octo/demo/pull/8/files`)');
    expect(neutraliseOutbound('<https://github.com/octo/demo/discussions/9>', repository)).toBe('`https://github.com/octo/demo/discussions/9`');
    // The repository's other pages stay links.
    expect(neutraliseOutbound('see https://github.com/octo/demo/blob/main/README.md', repository)).toBe('see https://github.com/octo/demo/blob/main/README.md');
  });

  it('keeps an issue’s URL live with references on, only to a repository the policy names', () => {
    const everywhere = { allowUrls: ['https://github.com/'], allowReferences: true, referenceRepos: ['octo/demo'] };
    expect(neutraliseOutbound('see https://github.com/Octo/Demo/issues/7', everywhere)).toBe('see https://github.com/Octo/Demo/issues/7');
    expect(neutraliseOutbound('see https://github.com/evil/other/issues/5', everywhere)).toBe('see `https://github.com/evil/other/issues/5`');
  });
});
