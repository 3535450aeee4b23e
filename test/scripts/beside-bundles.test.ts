import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { BESIDE_BUNDLES } from '../../scripts/beside-bundles.ts';
import { RE2JS_BESIDE_BUNDLE } from '../../src/core/regex-engine-file.ts';
import { sharedBundles } from '../e2e/action-bundle.ts';
import { removeActionRuns, runActionBundle } from '../e2e/start-action.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
afterAll(removeActionRuns);
/** Code only re2js's engine has: its translation of JavaScript patterns. */
const ENGINE_CODE = 'static translateRegExp(';

// A run of this file alone, with sources newer than dist/, builds the bundles first: not in a test's 20 s.
beforeAll(sharedBundles, 600_000);

describe('files beside the bundles', () => {
  it('puts re2js beside each bundle, under the name the engine loader looks for, and leaves it out of every chunk', async () => {
    expect(BESIDE_BUNDLES.map((file) => file.name)).toContain(RE2JS_BESIDE_BUNDLE);
    const bundles = await sharedBundles();
    for (const dir of [path.dirname(bundles.action), path.dirname(bundles.cli)]) {
      for (const file of BESIDE_BUNDLES) expect(readFileSync(path.join(dir, file.name), 'utf8')).toBe(readFileSync(path.join(ROOT, file.from), 'utf8'));
      const chunks = spawnSync('grep', ['-l', '--fixed-strings', ENGINE_CODE, '--include=*.js', '-r', dir], { encoding: 'utf8' }).stdout.trim();
      expect(chunks, `${dir}: chunks holding re2js`).toBe('');
    }
  });

  it('the built CLI, copied where no node_modules is above it, compiles a goal pattern with the engine beside it', async () => {
    const bundles = await sharedBundles();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-beside-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const above = [dir];
    while (path.dirname(above.at(-1)!) !== above.at(-1)) above.push(path.dirname(above.at(-1)!));
    for (const folder of above) expect(existsSync(path.join(folder, 'node_modules')), folder).toBe(false);
    cpSync(path.dirname(bundles.cli), path.join(dir, 'cli'), { recursive: true });
    cpSync(path.join(path.dirname(bundles.action), 'package.json'), path.join(dir, 'package.json'));
    const plan = (pattern: string) =>
      ['name: regex', 'toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }', 'goals:', `  - { name: three, matches: "${pattern}" }`, ''].join('\n');
    const validate = (pattern: string) => {
      writeFileSync(path.join(dir, 'plan.yml'), plan(pattern));
      return spawnSync(process.execPath, [path.join(dir, 'cli', 'index.js'), 'validate', 'plan.yml'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: dir } });
    };
    const good = validate('^(3|4)$');
    expect(good.stderr).toBe('');
    expect(good.status).toBe(0);
    const bad = validate('^(3|4');
    expect(bad.status).toBe(1);
    expect(bad.stderr + bad.stdout).toContain('plan.yml:6:29: bad regular expression: missing closing ): `^(3|4`');
    // Without the file, nothing else gives the engine (no node_modules above is looked in): the CLI says so at once,
    // not that the plan's pattern is bad (found by a review: it said "bad regular expression").
    rmSync(path.join(dir, 'cli', RE2JS_BESIDE_BUNDLE));
    const missing = validate('^(3|4)$');
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe(`plan-runner: this copy of plan-runner is incomplete: it needs ${path.join(dir, 'cli', RE2JS_BESIDE_BUNDLE)} beside its bundle. Use a released tag of the action, whose dist/ holds it, or build it again (npm run build puts the file there)\n`);
  });

  // Found by reviews: the engine loads mid-run now (here, to hide a JWT a tool printed), and without it the
  // action reported the failure as "the plan was rejected before any step ran", or a goal's pattern as bad.
  it('an action bundle without the file fails at once saying so, runs nothing and shows no secret', async () => {
    const bundles = await sharedBundles();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-beside-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(path.dirname(bundles.action), dir, { recursive: true });
    rmSync(path.join(dir, RE2JS_BESIDE_BUNDLE));
    const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvY3RvY2F0In0.${'s1gnature'.repeat(3)}`;
    const plan = [
      'name: token',
      'tools:',
      '  token:',
      '    description: Prints a token',
      `    command: [node, -e, "process.stdout.write('here: ${jwt}')"]`,
      'workflow_sequence:',
      '  - { id: 1, type: tool_call, tool: token, args: {} }',
      'goals:',
      '  - { name: says here, matches: "^here" }',
      '',
    ].join('\n');
    const run = await runActionBundle({ entry: path.join(dir, 'index.js'), files: { 'plan.yml': plan }, inputs: { plan: 'plan.yml' } });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(`::error::plan-runner: this copy of plan-runner is incomplete: it needs ${path.join(dir, RE2JS_BESIDE_BUNDLE)} beside its bundle.`);
    const said = `${run.stdout}\n${run.stderr}\n${run.summary}\n${JSON.stringify(run.outputs)}\n${run.trace}`;
    expect(said).not.toContain('bad regular expression');
    expect(said).not.toContain('here: ');
    expect(run.trace).toBe('');
  });
});
