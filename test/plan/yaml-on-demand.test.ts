import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const ROOT = path.resolve(SRC, '..');
const url = (file: string) => pathToFileURL(path.join(SRC, file)).href;

/**
 * In a fresh process, with a resolve hook that records every module loaded: what loading a plain,
 * valid plan loads (all `validate` does), and then what a plan with an error loads.
 */
const SCRIPT = `
import { registerHooks } from 'node:module';
const loaded = new Set();
registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); loaded.add(result.url); return result; } });
const yamlModules = () => [...loaded].filter((url) => url.includes('/node_modules/yaml/') || url.endsWith('/yaml-document.ts')).length;
const { loadPlanText } = await import(${JSON.stringify(url('plan/load-plan.ts'))});
const plain = await loadPlanText('name: p\\ntoolsets: [math]\\nworkflow_sequence:\\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\\n', 'plan.yml');
const atStart = yamlModules();
const broken = await loadPlanText('name: p\\nworkflow_sequence:\\n  - { id: 1, type: tool_call, tool: nope }\\n', 'plan.yml');
console.log(JSON.stringify({ plain: plain.ok, atStart, broken: !broken.ok && broken.errors[0], afterError: yamlModules() }));
`;

describe('the yaml package (the reader that knows positions) is loaded on demand', () => {
  it('is not loaded for a plain, valid plan; is for the first error to place', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: ROOT });
    const seen = JSON.parse(stdout) as { plain: boolean; atStart: number; broken: { line: number; column: number }; afterError: number };
    expect(seen.plain).toBe(true);
    expect(seen.atStart).toBe(0);
    expect(seen.broken).toMatchObject({ line: 3, column: 37 });
    expect(seen.afterError).toBeGreaterThan(1);
  });
});

/** The action's settings, read as a run reads them: with no `inputs` input, then with one (read with `yaml.parse`). */
const SETTINGS_SCRIPT = `
import { registerHooks } from 'node:module';
const loaded = new Set();
registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); loaded.add(result.url); return result; } });
const yamlModules = () => [...loaded].filter((url) => url.includes('/node_modules/yaml/')).length;
const { readActionSettings } = await import(${JSON.stringify(url('action/action-settings.ts'))});
const env = { GITHUB_WORKSPACE: process.cwd() };
const none = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : '  '), env);
const withoutMap = yamlModules();
const some = await readActionSettings((name) => ({ plan: 'plan.yml', inputs: 'week: 2026-W48' })[name] ?? '', env);
console.log(JSON.stringify({ none: none.ok && none.settings.inputs, withoutMap, some: some.ok && some.settings.inputs, withMap: yamlModules() }));
`;

describe('the action reads its inputs map with the yaml package, loaded only for a map to read', () => {
  it('does not load it when the inputs input is blank; does for a map', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SETTINGS_SCRIPT], { cwd: ROOT });
    const seen = JSON.parse(stdout) as { none: unknown; withoutMap: number; some: unknown; withMap: number };
    expect(seen.none).toEqual({});
    expect(seen.withoutMap).toBe(0);
    expect(seen.some).toEqual({ week: '2026-W48' });
    expect(seen.withMap).toBeGreaterThan(0);
  });
});
