import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const ROOT = path.resolve(SRC, '..');
const url = (file: string) => pathToFileURL(path.join(SRC, file)).href;

/**
 * In a fresh process, with a resolve hook that records every module loaded: what a run's start
 * loads for a plain, valid plan and its action inputs, and then what a plan with an error loads.
 */
const SCRIPT = `
import { registerHooks } from 'node:module';
const loaded = new Set();
registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); loaded.add(result.url); return result; } });
const yamlModules = () => [...loaded].filter((url) => url.includes('/node_modules/yaml/') || url.endsWith('/yaml-document.ts')).length;
await import(${JSON.stringify(url('run.ts'))});
const { readActionSettings } = await import(${JSON.stringify(url('action/action-settings.ts'))});
const { loadPlanText } = await import(${JSON.stringify(url('plan/load-plan.ts'))});
const settings = readActionSettings((name) => ({ plan: 'plan.yml', inputs: 'week: 2026-W48\\ncount: 3' })[name] ?? '', { GITHUB_WORKSPACE: process.cwd() });
const plain = await loadPlanText('name: p\\ntoolsets: [math]\\nworkflow_sequence:\\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\\n', 'plan.yml');
const atStart = yamlModules();
const broken = await loadPlanText('name: p\\nworkflow_sequence:\\n  - { id: 1, type: tool_call, tool: nope }\\n', 'plan.yml');
console.log(JSON.stringify({ settings: settings.ok && settings.settings.inputs, plain: plain.ok, atStart, broken: !broken.ok && broken.errors[0], afterError: yamlModules() }));
`;

describe('the yaml package (the reader that knows positions) is loaded on demand', () => {
  it('is not loaded for action inputs and a plain, valid plan; is for the first error to place', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: ROOT });
    const seen = JSON.parse(stdout) as { settings: unknown; plain: boolean; atStart: number; broken: { line: number; column: number }; afterError: number };
    expect(seen.settings).toEqual({ week: '2026-W48', count: 3 });
    expect(seen.plain).toBe(true);
    expect(seen.atStart).toBe(0);
    expect(seen.broken).toMatchObject({ line: 3, column: 37 });
    expect(seen.afterError).toBeGreaterThan(1);
  });
});
