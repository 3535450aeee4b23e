// Found by an adversarial pass: a plan with a `fan_out: true` step that could pause for approval, or call a capped
// github write in the prepare or a shard job, passed `validate` without a word, and every run of it with
// `mode: prepare` (what fan_out is for) was refused before anything ran. `validate` now warns, by the same rule.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate-command.ts';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'validate-fan-out-'));
  await writeFile(path.join(dir, 'list.mjs'), 'process.stdout.write("[1,2]");');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const plan = (head: string, fanOutTool: string) => `name: Fan
${head}tools:
  list: { description: The items, command: [node, list.mjs] }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: each, type: tool_call, tool: ${fanOutTool}, for_each: "\${steps.list.result}", fan_out: true, args: ${fanOutTool === 'list' ? '{}' : '{ issue_number: 1, body: "item ${item}" }'} }
`;

async function validate(text: string): Promise<string[]> {
  await writeFile(path.join(dir, 'plan.yml'), text);
  const lines: string[] = [];
  expect(await validateCommand([path.join(dir, 'plan.yml')], (line) => lines.push(line.replace(`${dir}${path.sep}`, '')), { cwd: dir, env: { PATH: process.env['PATH'] } })).toBe(true);
  return lines;
}

async function prepareRefusal(): Promise<string> {
  const outcome = await runJob(
    { planFile: path.join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, fanOut: { part: 'prepare', shards: 2 } },
    { listeners: [], clock: systemClock },
  );
  expect(outcome.kind).toBe('rejected');
  return outcome.kind === 'rejected' ? outcome.errors.map((error) => error.message).join('\n') : '';
}

it('warns of a fanned-out plan that may pause for approval, as mode prepare refuses it', async () => {
  const lines = await validate(plan('approval: plan\n', 'list'));
  const refused = await prepareRefusal();
  expect(refused).toMatch(/^mode prepare cannot pause for approval midway \(approval: plan\)/);
  expect(lines).toEqual([expect.stringMatching(/^ok plan\.yml: 2 steps/), `warning: plan.yml: ${refused.replace('mode prepare', 'a fanned-out run (mode prepare, shard or merge)')}; such a run is refused before anything runs (a warning: the plan is valid, and runs whole without mode)`]);
});

it('warns of a capped github write in a fan-out step, as mode prepare refuses it', async () => {
  const lines = await validate(plan('toolsets: [github]\n', 'add_comment'));
  const refused = await prepareRefusal();
  expect(refused).toMatch(/^mode prepare: step each may call add_comment/);
  expect(lines).toEqual([expect.stringMatching(/^ok plan\.yml: 2 steps/), `warning: plan.yml: ${refused.replace('mode prepare', 'a fanned-out run (mode prepare, shard or merge)')}; such a run is refused before anything runs (a warning: the plan is valid, and runs whole without mode)`]);
});

it('says nothing more of a fanned-out plan that mode prepare runs', async () => {
  expect(await validate(plan('', 'list'))).toEqual([expect.stringMatching(/^ok plan\.yml: 2 steps/)]);
});
