// Found by review: what the plan hands its tools under secret names was learned whatever it was: a flag
// or a short number blanked out everywhere; and the frozen plan redacted the file's own env: values.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { actAsRunner } from './act-as-runner.ts';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'review-short-'));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

it('a tool env flag USE_KEYRING: "true" does not blank out goals-met and results', async () => {
  await writeFile(
    path.join(workspace, 'plan.yml'),
    `name: keys
tools:
  keygen:
    description: Makes a key
    command: [node, -e, "console.log(JSON.stringify({ bits: 2048, stored: true, note: 'stored=true bits=2048' }))"]
    env: { USE_KEYRING: "true", KEY_SIZE: "2048" }
workflow_sequence:
  - { id: 1, type: tool_call, tool: keygen, args: {} }
`,
  );
  const { outputs } = await actAsRunner({
    workspace,
    inputs: { plan: 'plan.yml', comment: 'never', 'check-run': 'false', state: 'off' },
  });
  expect(outputs['status']).toBe('succeeded');
  expect(outputs['goals-met']).toBe('true');
  expect(outputs['result']).toContain('2048');
});

it('the frozen plan (mode: plan) runs as the plan would: a literal env value under a secret name survives', async () => {
  await writeFile(
    path.join(workspace, 'plan.yml'),
    `name: db
tools:
  migrate:
    description: Migrates the test database
    command: [node, -e, "const p = process.env.DB_PASSWORD; const ok = p.length === 15 && p.startsWith('local-'); console.log(ok ? 'auth ok' : 'auth failed with ' + p); process.exit(ok ? 0 : 1)"]
    env: { DB_PASSWORD: "local-test-pass" }
workflow_sequence:
  - { id: 1, type: tool_call, tool: migrate, args: {} }
`,
  );
  const direct = await actAsRunner({ workspace, inputs: { plan: 'plan.yml', comment: 'never', 'check-run': 'false', state: 'off' } });
  const planned = await actAsRunner({ workspace, inputs: { plan: 'plan.yml', mode: 'plan', comment: 'never', 'check-run': 'false', state: 'off', 'output-dir': 'planned' } });
  const frozen = await readFile(planned.outputs['plan-file']!, 'utf8');
  expect(frozen).toContain('DB_PASSWORD: local-test-pass');
  const fromFrozen = await actAsRunner({ workspace, inputs: { plan: path.relative(workspace, planned.outputs['plan-file']!), comment: 'never', 'check-run': 'false', state: 'off', 'output-dir': 'ran' } });
  expect(direct.outputs['status']).toBe('succeeded');
  expect(fromFrozen.outputs['status']).toBe('succeeded');
});
