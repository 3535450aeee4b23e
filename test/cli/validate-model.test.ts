import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { USAGE } from '../../src/cli/usage.ts';
import { validateCommand } from '../../src/cli/validate-command.ts';
import { cliInProcessStreams } from '../helpers/cli-in-process.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plan-runner-validate-model-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const STEPS = 'limits: { max_cost_usd: 1 }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n';

/** What `plan-runner validate <argv>` prints, through the command line's own parsing. */
async function validate(argv: readonly string[]): Promise<{ valid: boolean; lines: string[] }> {
  const command = parseCliArgs(['validate', ...argv.map((word) => (word.endsWith('.yml') ? join(dir, word) : word))]);
  if (command.command !== 'validate') throw new Error(`parsed as ${command.command}`);
  const lines: string[] = [];
  const valid = await validateCommand(command.files, (line) => lines.push(line.replace(`${dir}/`, '')), {
    cwd: dir,
    env: { PATH: process.env['PATH'] },
    ...(command.model !== undefined && { model: command.model }),
    ...(command.modelTimeoutSeconds !== undefined && { modelTimeoutSeconds: command.modelTimeoutSeconds }),
  });
  return { valid, lines };
}

// Found by an adversarial pass: validate had no --model, so it priced the plan's model.name (or the default model)
// under max_cost_usd, while run --model X (and the action's model input) prices X: run refused a plan validate
// said was ok, and validate refused one run accepted.
describe('validate --model', () => {
  it('is parsed as run parses it, and refused empty', () => {
    expect(parseCliArgs(['validate', 'a.yml', '--model', 'my-local-llm', 'b.yml'])).toEqual({ command: 'validate', files: ['a.yml', 'b.yml'], model: 'my-local-llm' });
    expect(parseCliArgs(['validate', '--model=gpt-4o', 'a.yml'])).toEqual({ command: 'validate', files: ['a.yml'], model: 'gpt-4o' });
    expect(() => parseCliArgs(['validate', 'a.yml', '--model='])).toThrow('--model needs a value, got an empty one');
    expect(USAGE).toMatch(/Options for validate:\n {2}--model NAME {12}model to use: replaces the plan's model\.name/);
  });

  it('prices the model it names under max_cost_usd, as run --model does: refuses an unpriced one', async () => {
    await writeFile(join(dir, 'default.yml'), `name: d\n${STEPS}`);
    expect((await validate(['default.yml'])).valid).toBe(true);
    const chosen = await validate(['default.yml', '--model', 'my-local-llm']);
    expect(chosen.valid).toBe(false);
    expect(chosen.lines[0]).toMatch(/^default\.yml:2:25: max_cost_usd cannot be enforced: no price is known for model 'my-local-llm'/);
    const run = await cliInProcessStreams(['run', 'default.yml', '--model', 'my-local-llm'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain("no price is known for model 'my-local-llm'");
  });

  it('accepts a plan whose own model is unpriced when --model names a priced one, as run --model does', async () => {
    await writeFile(join(dir, 'local.yml'), `name: l\nmodel: { name: my-local-llm }\n${STEPS}`);
    expect((await validate(['local.yml'])).valid).toBe(false);
    const chosen = await validate(['local.yml', '--model', 'gpt-4o']);
    expect(chosen.lines).toEqual([expect.stringMatching(/^ok local\.yml: 1 step/)]);
    expect(chosen.valid).toBe(true);
  });
});

// Found by a review: a used plan's other model.timeout_seconds is refused only when no caller's wait replaces both
// (443c6f9a), but validate could not be given that wait: it refused a plan `run --model-timeout-seconds` ran, and
// said --model-timeout-seconds was no option of its.
describe('validate --model-timeout-seconds', () => {
  it('is parsed as run parses it, with its range', () => {
    expect(parseCliArgs(['validate', 'a.yml', '--model-timeout-seconds', '600'])).toEqual({ command: 'validate', files: ['a.yml'], modelTimeoutSeconds: 600 });
    expect(() => parseCliArgs(['validate', 'a.yml', '--model-timeout-seconds', '0'])).toThrow('--model-timeout-seconds takes a whole number of seconds from 1 to 1800');
    expect(USAGE).toMatch(/Options for validate:\n[^]*--model-timeout-seconds S {2}replaces every plan's model\.timeout_seconds/);
  });

  it('accepts a used plan with its own model.timeout_seconds when it replaces both, as run does', async () => {
    await writeFile(join(dir, 'slow.yml'), 'name: slow\nmodel: { timeout_seconds: 600 }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: s, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
    await writeFile(join(dir, 'uses-slow.yml'), 'name: uses\nworkflow_sequence:\n  - { id: u, type: plan, uses: slow.yml }\n');
    const alone = await validate(['uses-slow.yml']);
    expect(alone.valid).toBe(false);
    expect(alone.lines[0]).toMatch(/^uses-slow\.yml:3:32: the plan slow\.yml sets `model\.timeout_seconds: 600` and this plan sets none/);
    const given = await validate(['uses-slow.yml', '--model-timeout-seconds', '600']);
    expect(given.lines).toEqual([expect.stringMatching(/^ok uses-slow\.yml: /)]);
    expect(given.valid).toBe(true);
    const run = await cliInProcessStreams(['run', 'uses-slow.yml', '--model-timeout-seconds', '600'], { cwd: dir });
    expect(run.stdout + run.stderr).toContain('status: succeeded');
    expect(run.code).toBe(0);
  });
});
