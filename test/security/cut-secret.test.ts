import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor, secretValuesFromEnvironment } from '../../src/core/redact.ts';
import { recordingIO } from '../action/recording-io.ts';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-cut-secret-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

// Goal evidence is an excerpt of the result, cut before any redactor sees it. A 20-character secret
// across the excerpt's end was no longer whole, too short for the half-of-it rule, and its punctuation
// kept the token-shape check from seeing it: 15 of its characters reached every channel.
it('a known secret cut by a goal excerpt leaves no part of itself in the summary, log or annotations', async () => {
  const key = 'Xq7#Tr0ub4dor&3horse';
  await mkdir(path.join(workspace, 'tools'));
  await writeFile(path.join(workspace, 'tools/deploy.mjs'), 'process.stdout.write(`status: ok; deployed as DEPLOY_KEY=${process.env.DEPLOY_KEY}; 3 hosts updated`);\n');
  await writeFile(
    path.join(workspace, 'plan.yml'),
    `name: Deploy
tools:
  deploy: { description: Deploy, command: [node, tools/deploy.mjs], env: [DEPLOY_KEY] }
workflow_sequence:
  - { id: deploy, type: tool_call, tool: deploy, description: Deploy, args: {} }
goals:
  - { name: deployed, contains: "status: ok" }
  - { name: no errors, not_contains: "status: ok" }
`,
  );
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', PATH: process.env['PATH'] ?? '', DEPLOY_KEY: key };
  const read = await readActionSettings((name) => ({ plan: 'plan.yml' })[name as string] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(secretValuesFromEnvironment(env)), clock: systemClock });
  await result.published;
  expect(result.outputs.status).toBe('goals-unmet');
  const channels = { summary: said.summary, log: said.log.join('\n'), annotations: JSON.stringify(said.annotations) };
  // The excerpt was cut inside the key (the evidence shows the goal's text and the cut).
  expect(channels.summary).toContain('DEPLOY_KEY=\\*\\*\\*…');
  for (const [name, text] of Object.entries(channels)) expect(text.replaceAll('\\', ''), name).not.toContain(key.slice(0, 8));
});
