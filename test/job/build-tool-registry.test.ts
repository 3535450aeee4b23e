import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/plan/schema.ts';
import { buildToolRegistry } from '../../src/job/build-tool-registry.ts';
import { DuplicateToolError } from '../../src/tools/duplicate-tool-error.ts';
import { requireTool } from '../../src/tools/require-tool.ts';
import { ToolNotFoundError } from '../../src/tools/tool-not-found-error.ts';

const where = { cwd: process.cwd(), env: { PATH: process.env.PATH }, redact: (text: string) => text };
const ctx = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: '1' };

describe('buildToolRegistry', () => {
  it('holds the enabled toolsets and the declared command tools', async () => {
    const plan: Plan = {
      toolsets: ['math'],
      tools: { shout: { description: 'Upper-case the text', command: ['node', '-e', 'process.stdin.on("data", (d) => console.log(JSON.parse(d).text.toUpperCase()))'] } },
    };
    const registry = buildToolRegistry(plan, where);
    expect([...registry.keys()].sort()).toEqual(['add', 'divide', 'multiply', 'shout', 'subtract']);
    expect(await registry.get('multiply')!.execute({ a: 3, b: 4 }, ctx)).toBe(12);
    expect(await registry.get('shout')!.execute({ text: 'hi' }, ctx)).toBe('HI');
  });

  it('is empty for a plan without tools or toolsets', () => {
    expect(buildToolRegistry({ goal: 'think' }, where).size).toBe(0);
  });

  it('refuses a declared tool that has the name of a toolset tool', () => {
    const plan: Plan = { toolsets: ['math'], tools: { add: { description: 'shadow', command: ['true'] } } };
    expect(() => buildToolRegistry(plan, where)).toThrow(DuplicateToolError);
    expect(() => buildToolRegistry(plan, where)).toThrow("tool 'add' is defined twice (toolset 'math' and tools.add)");
  });
});

describe('requireTool', () => {
  it('names the missing tool and lists the available ones', () => {
    const registry = buildToolRegistry({ toolsets: ['math'] }, where);
    expect(() => requireTool(registry, 'power')).toThrow(
      "Model tried to call unavailable tool 'power'. Available tools: add, divide, multiply, subtract.",
    );
    const error = (() => {
      try {
        requireTool(registry, 'power', 'Step 3');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ToolNotFoundError);
    expect(error).toMatchObject({ transient: false, availableTools: ['add', 'divide', 'multiply', 'subtract'] });
    expect((error as Error).message).toMatch(/^Step 3 tried to call unavailable tool 'power'/);
  });

  it('returns the tool when it exists', () => {
    const registry = buildToolRegistry({ toolsets: ['math'] }, where);
    expect(requireTool(registry, 'add').name).toBe('add');
  });
});
