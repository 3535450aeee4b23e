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
 * valid plan loads (all `validate` does), and then what a plan with an error loads. (The action also
 * reads its `inputs` input with `yaml.parse`, the reader it has always used.)
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
