import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate-command.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plan-runner-validate-lines-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const STEPS = 'toolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n';

// Found by an adversarial pass: the error lines showed an ESC in a file name, and the "ok" and count lines
// wrote it raw; a plan needing a model only for a judge said "needs a model (steps: none)".
describe('validate’s lines', () => {
  it('show control characters in a file name, as the error lines do', async () => {
    const good = join(dir, 'ok\x1b[31mred.yml');
    const bad = join(dir, 'bad\x1b[2J.yml');
    await writeFile(good, `name: g\n${STEPS}`);
    await writeFile(bad, 'name: b\nworkflow_sequence: 7\n');
    const lines: string[] = [];
    expect(await validateCommand([good, bad], (line) => lines.push(line))).toBe(false);
    expect(lines.join('\n')).not.toContain('\x1b');
    expect(lines[0]).toMatch(/^ok .*ok\u241b\[31mred\.yml: 1 step/);
    expect(lines.at(-1)).toMatch(/bad\u241b\[2J\.yml: 1 error$/);
  });

  // Found by an adversarial pass: a plan’s YAML key with a line break in it, quoted in its error, printed a line that
  // read as validate’s own verdict on another file.
  it('keep each error’s further lines under a rule, so a plan’s text cannot print a line of validate’s own', async () => {
    const bad = join(dir, 'forged.yml');
    await writeFile(bad, `name: f\n"x\\nok other.yml: 3 steps, 1 tool, 2 goals; no model needed\\n": 1\n${STEPS}`);
    const lines: string[] = [];
    expect(await validateCommand([bad], (line) => lines.push(line))).toBe(false);
    const printed = lines.join('\n').split('\n');
    expect(printed.filter((line) => line.startsWith('ok '))).toEqual([]);
    expect(printed).toContain('│ ok other.yml: 3 steps, 1 tool, 2 goals; no model needed');
    expect(printed.at(-1)).toBe(`${bad}: 1 error`);
  });

  it('say why a plan needs a model: its steps, its judge goals', async () => {
    const judged = join(dir, 'judged.yml');
    await writeFile(judged, `name: j\n${STEPS}goals:\n  - { name: fine, judge: The sum is right. }\n`);
    const lines: string[] = [];
    expect(await validateCommand([judged], (line) => lines.push(line))).toBe(true);
    expect(lines).toEqual([`ok ${judged}: 1 step, 4 tools, 1 goal; needs a model (1 judge goal)`]);
  });

  it('report a used plan’s unpriced model under max_cost_usd at the line of max_cost_usd', async () => {
    await writeFile(join(dir, 'local-model.yml'), 'name: l\nmodel: { name: my-local-model }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: say hi }\n');
    const outer = join(dir, 'capped.yml');
    await writeFile(outer, 'name: c\nlimits: { max_cost_usd: 1 }\nworkflow_sequence:\n  - { id: u, type: plan, uses: local-model.yml }\n');
    const lines: string[] = [];
    expect(await validateCommand([outer], (line) => lines.push(line), { cwd: dir })).toBe(false);
    expect(lines).toEqual([expect.stringMatching(/capped\.yml:2:25: max_cost_usd cannot be enforced: no price is known for model 'my-local-model' \(called in the used plan local-model\.yml\)/), `${outer}: 1 error`]);
  });
});

// Found by an adversarial pass: `run` hid the values a plan gives an MCP server, `validate` printed them in its stderr.
it('hides the values a plan gives an MCP server when it prints them as it fails to start', async () => {
  const server = join(dir, 'leaky-server.mjs');
  await writeFile(server, "process.stderr.write(`Error: bad API_TOKEN=${process.env.API_TOKEN}\\n`); process.exit(1);\n");
  const plan = join(dir, 'leaky.yml');
  await writeFile(plan, `name: leaky\nmcp_servers:\n  docs:\n    command: [node, ${JSON.stringify(server)}]\n    env:\n      API_TOKEN: "\${env.SALES}"\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: docs__x, args: {} }\n`);
  const lines: string[] = [];
  expect(await validateCommand([plan], (line) => lines.push(line), { env: { PATH: process.env['PATH'] ?? '', SALES: 'sal3s-S3cretValue-9876' }, cwd: dir })).toBe(false);
  expect(lines.join('\n')).toContain('API_TOKEN=***');
  expect(lines.join('\n')).not.toContain('S3cretValue');
});
