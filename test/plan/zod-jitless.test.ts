import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const ROOT = path.resolve(SRC, '..');
const url = (file: string) => pathToFileURL(path.join(SRC, file)).href;

/**
 * In a fresh process (a test worker may hold schemas another file built first): counts the functions
 * built from strings while the action's entry graph loads and validates its inputs and a plan with
 * github, http and mcp sections, every schema a run parses at start.
 */
const SCRIPT = `
let built = 0;
const Original = globalThis.Function;
globalThis.Function = new Proxy(Original, {
  construct(target, args) { built++; return Reflect.construct(target, args); },
  apply(target, self, args) { built++; return Reflect.apply(target, self, args); },
});
await import(${JSON.stringify(url('run.ts'))});
const { readActionSettings } = await import(${JSON.stringify(url('action/action-settings.ts'))});
const { loadPlanText } = await import(${JSON.stringify(url('plan/load-plan.ts'))});
const read = await readActionSettings((name) => ({ plan: 'plan.yml', inputs: 'x: 1' })[name] ?? '', { GITHUB_WORKSPACE: process.cwd() });
if (!read.ok) throw new Error(read.problems.join('; '));
const plan = [
  'name: p',
  'toolsets: [math, github, http]',
  'github: { writes: { max_issues: 1, labels: [weekly] } }',
  'http: { allow: [https://example.com/api/] }',
  'mcp_servers: { fs: { command: [node, server.js], tools: [read] } }',
  'workflow_sequence:',
  '  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }',
].join('\\n');
const loaded = await loadPlanText(plan, 'plan.yml');
process.stdout.write(JSON.stringify({ built, ok: loaded.ok, errors: loaded.ok ? [] : loaded.errors.map((e) => e.message) }));
`;

describe('zod without code built from strings', () => {
  it('builds no function from a string while the action starts, reads its inputs and validates a plan', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: ROOT });
    const result = JSON.parse(stdout) as { built: number; ok: boolean; errors: string[] };
    expect(result.errors).toEqual([]);
    expect(result.built).toBe(0);
  });
});
