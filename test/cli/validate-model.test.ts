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
  const valid = await validateCommand(command.files, (line) => lines.push(line.replace(`${dir}/`, '')), { cwd: dir, env: { PATH: process.env['PATH'] }, ...(command.model !== undefined && { model: command.model }) });
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
