// Found by a secret hunt: the eval report escaped a run's reason for Markdown before the caller redacted the report, so
// a secret holding `@` or `#` (escaped `\@`, `\#`) no longer matched, and GitHub showed it whole in the job summary.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { evalSettings } from './eval-fixture.ts';

const SECRET = 'Tr0ub4dor@3xyz#9k';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-secret-'));
  await writeFile(path.join(dir, 'leak.mjs'), "process.stdin.resume().on('end', () => { process.stderr.write('auth failed with password ' + process.env.DB_PASSWORD + '\\n'); process.exit(1); });\n");
  await writeFile(
    path.join(dir, 'plan.yml'),
    'name: leak\ntools:\n  leaky: { description: fails, command: [node, leak.mjs], input: { type: object }, env: [DB_PASSWORD] }\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: leaky, args: {} }\ngoals:\n  - { name: has a result, contains: x }\n',
  );
});

afterAll(() => rm(dir, { recursive: true, force: true }));

it('an eval report quoting a failed run’s reason hides a secret the plan hands a tool, as GitHub renders it', async () => {
  // As the CLI and the action make it: a variable with a secret's name is one.
  const redact = createRedactor([SECRET]);
  const settings = evalSettings(path.join(dir, 'plan.yml'), { env: { PATH: process.env.PATH ?? '', DB_PASSWORD: SECRET } });
  const report = await evaluate(settings, {}, { clock: systemClock, signal: new AbortController().signal, redact });
  expect(report.runs[0]!.reason).toContain('auth failed with password ***');
  const shown = redact(report.markdown).replace(/\\([!-/:-@[-`{-~])/g, '$1');
  expect(shown).toContain('auth failed with password ***');
  expect(shown).not.toContain(SECRET);
});
