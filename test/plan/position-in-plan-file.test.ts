import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_PLAN_BYTES } from '../../src/plan/parse-plan-yaml.ts';
import { planFilePositions, positionInPlanFile } from '../../src/plan/position-in-plan-file.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-positions-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PLAN = 'name: Report\nworkflow_sequence:\n  - id: 1\n    type: reasoning\n    description: Sum up\n';

it('says where a path is in the plan file', async () => {
  const file = path.join(dir, 'plan.yml');
  await writeFile(file, PLAN);
  expect(await positionInPlanFile(file, ['workflow_sequence', 0, 'description'])).toEqual({ line: 5, column: 18 });
  expect(await positionInPlanFile(file, ['workflow_sequence'], 'key')).toEqual({ line: 2, column: 1 });
});

it('reads the file as the loader decodes it: a BOM is not a column', async () => {
  const file = path.join(dir, 'bom.yml');
  await writeFile(file, `\uFEFF${PLAN}`);
  expect(await positionInPlanFile(file, ['workflow_sequence'], 'key')).toEqual({ line: 2, column: 1 });
  expect(await positionInPlanFile(file, ['name'], 'key')).toEqual({ line: 1, column: 1 });
});

// The file is read again after the plan loaded: it may have changed into one the loader would refuse.
it('reads no more of the file than the loader would: larger than a plan may be, or not UTF-8, it has no positions', async () => {
  const large = path.join(dir, 'large.yml');
  await writeFile(large, PLAN + `# ${'x'.repeat(MAX_PLAN_BYTES)}\n`);
  expect(await planFilePositions(large)).toBeUndefined();
  const binary = path.join(dir, 'binary.yml');
  await writeFile(binary, Buffer.concat([Buffer.from(PLAN), Buffer.from([0xff, 0xfe, 0x0a])]));
  expect(await planFilePositions(binary)).toBeUndefined();
  expect(await planFilePositions(path.join(dir, 'gone.yml'))).toBeUndefined();
});

it.skipIf(process.platform === 'win32')('does not wait for a writer when the plan file became a FIFO', async () => {
  const fifo = path.join(dir, 'fifo.yml');
  execFileSync('mkfifo', [fifo]);
  expect(await planFilePositions(fifo)).toBeUndefined();
});
