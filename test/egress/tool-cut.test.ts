// Found by review: read_file (and the github and http toolsets) cut with the note before the text and
// no `…` at the cut, where the redactor looks for the start of a known secret a cut leaves.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { READ_FILE_MAX_BYTES } from '../../src/tools/files/read-file-tool.ts';
import { actAsRunner } from './act-as-runner.ts';

const DEPLOY_KEY = 'dk_9Qz7Lm2Xv8Rt4Wp1Hc'; // 21 characters, under the fragment rule's 24
let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'review-cut-'));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

it('read_file cut inside a known secret leaves none of it in the trace', async () => {
  const head = 'x'.repeat(READ_FILE_MAX_BYTES - 19 - 'deploy key: '.length);
  await writeFile(path.join(workspace, 'build.log'), `${head}deploy key: ${DEPLOY_KEY}\nmore log\n`);
  await writeFile(
    path.join(workspace, 'plan.yml'),
    `name: log
toolsets: [files]
workflow_sequence:
  - { id: 1, type: tool_call, tool: read_file, args: { path: build.log } }
`,
  );
  const { outputs } = await actAsRunner({
    workspace,
    inputs: { plan: 'plan.yml', comment: 'never', 'check-run': 'false', state: 'off' },
    env: { DEPLOY_KEY },
  });
  const trace = await readFile(outputs['trace']!, 'utf8');
  for (let length = 4; length <= 19; length++) expect(trace).not.toContain(DEPLOY_KEY.slice(0, length));
  expect(trace).toContain('deploy key: ***…');
});
