import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';
import { renderRejectedPlan } from '../../src/report/rejected-plan-markdown.ts';

function nodeTypes(tree: Nodes): string[] {
  return [tree.type, ...('children' in tree ? tree.children.flatMap((child) => nodeTypes(child)) : [])];
}

describe('renderRejectedPlan', () => {
  it('shows each error path as code that a key the model wrote cannot close, and redacts it', () => {
    const key = '` ![x](https://evil.test/beacon.png) `';
    const markdown = renderRejectedPlan(
      { attempts: [{ answer: '', steps: [{ id: 1, args: { [key]: 1 } }], errors: [{ path: `workflow_sequence[0].args["${key}"]`, message: 'unknown key' }, { path: 'x.hunter2-long-secret', message: 'unknown key' }] }] },
      createRedactor(['hunter2-long-secret']),
    );
    const types = nodeTypes(fromMarkdown(markdown));
    expect(types).not.toContain('image');
    expect(types).not.toContain('link');
    expect(markdown).toContain('https://evil.test/beacon.png');
    expect(markdown).not.toContain('hunter2-long-secret');
  });
});
