import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';
import type { Tool, ToolContext } from '../../src/tools/tool.ts';
import { redactingTools } from '../../src/tools/redacting-tools.ts';

const ctx: ToolContext = { signal: new AbortController().signal, cwd: '/repo', stepKey: '1' };

describe('redactingTools', () => {
  // Found by review: only execute was wrapped. A write whose call got no answer is looked for with
  // findEffect before it is made again; it looked for the unredacted title while the issue had been
  // created with the redacted one, found nothing, and the run created the issue a second time.
  it('gives execute and findEffect the arguments redacted alike, and adds no findEffect to a tool without one', async () => {
    const seen: Array<[string, unknown]> = [];
    const write: Tool = {
      name: 'create_issue',
      description: 'write',
      inputSchema: { type: 'object' },
      sideEffects: true,
      async execute(args) {
        seen.push(['execute', args]);
        return 1;
      },
      async findEffect(args) {
        seen.push(['findEffect', args]);
        return { found: false };
      },
    };
    const read: Tool = { name: 'read', description: 'read', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => 2 };
    const tools = redactingTools(new Map([[write.name, write], [read.name, read]]), createRedactor(['eu-central-primary']));
    const args = { title: 'Deploy to eu-central-primary', labels: ['eu-central-primary'] };
    await tools.get('create_issue')!.execute(args, ctx);
    await tools.get('create_issue')!.findEffect!(args, { ...ctx, since: new Date() });
    expect(seen).toEqual([
      ['execute', { title: 'Deploy to ***', labels: ['***'] }],
      ['findEffect', { title: 'Deploy to ***', labels: ['***'] }],
    ]);
    expect(tools.get('read')!.findEffect).toBeUndefined();
  });
});
