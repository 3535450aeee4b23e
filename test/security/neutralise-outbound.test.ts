import { describe, expect, it } from 'vitest';
import { neutraliseOutbound } from '../../src/security/neutralise-outbound.ts';
import { WriteAllowance } from '../../src/tools/github/write-allowance.ts';

const ZWSP = '\u200B';

describe('neutraliseOutbound', () => {
  it('breaks @mentions and #references with an invisible character unless allowed', () => {
    expect(neutraliseOutbound('cc @octocat @octo-org/security, fixes #12 and GH-3; mail a@b.test')).toBe(
      `cc @${ZWSP}octocat @${ZWSP}octo-org/security, fixes #${ZWSP}12 and GH-${ZWSP}3; mail a@b.test`,
    );
    expect(neutraliseOutbound('cc @octocat, #12', { allowMentions: true, allowReferences: true })).toBe('cc @octocat, #12');
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
    expect(neutraliseOutbound('[x]: https://evil.test\n[y]: https://example.com/docs/y', policy)).toBe('`https://evil.test`\n[y]: https://example.com/docs/y');
  });

  it('leaves fenced code as written, apart from mentions and references', () => {
    const text = 'Run:\n```html\n<b>https://evil.test</b> @x\n```\n';
    expect(neutraliseOutbound(text)).toBe(`Run:\n\`\`\`html\n<b>https://evil.test</b> @${ZWSP}x\n\`\`\`\n`);
  });
});

describe('WriteAllowance', () => {
  it('counts writes per kind against the plan’s caps (default one issue, one comment)', () => {
    const strict = new WriteAllowance();
    strict.take('issue', 'create_issue');
    expect(() => strict.take('issue', 'create_issue')).toThrow('create_issue refused: the plan allows at most 1 issue per run, and 1 was already written');
    strict.take('comment', 'add_comment');
    const roomy = new WriteAllowance({ max_comments: 3, max_issues: 0 });
    for (let i = 0; i < 3; i++) roomy.take('comment', 'add_comment');
    expect(() => roomy.take('comment', 'add_comment')).toThrow(/at most 3 comments.*github\.writes\.max_comments/);
    expect(() => roomy.take('issue', 'create_issue')).toThrow(/at most 0 issues/);
  });

  it('allows only listed labels, ignoring case, and none without a list', () => {
    const allowance = new WriteAllowance({ labels: ['bug', 'needs-review'] });
    expect(() => allowance.checkLabels(['Bug', 'needs-review'], 'add_labels')).not.toThrow();
    expect(() => allowance.checkLabels(['bug', 'security-exempt'], 'add_labels')).toThrow("label 'security-exempt' not allowed (allowed: bug, needs-review)");
    expect(() => new WriteAllowance().checkLabels(['bug'], 'add_labels')).toThrow('the plan allows no labels');
    expect(() => new WriteAllowance().checkLabels([], 'create_issue')).not.toThrow();
  });

  it('neutralises text by the plan’s rules, always keeping links to the run’s repository', () => {
    const allowance = new WriteAllowance({ allow_mentions: true }, 'https://github.com/octo/demo/');
    expect(allowance.text('@ana see https://github.com/octo/demo/pull/3 and https://github.com/other/x')).toBe(
      '@ana see https://github.com/octo/demo/pull/3 and `https://github.com/other/x`',
    );
  });
});
