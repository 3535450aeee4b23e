// runAction wired exactly as src/run.ts wires it: the production redactor from the settings
// (actionSecrets) and the runner's channels wrapped by redactingIO. Egress tests go through it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { actionSecrets } from '../../src/action/action-secrets.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { recordingIO } from '../action/recording-io.ts';
import { redactingIO } from '../../src/action/action-io.ts';

/** runAction as src/run.ts wires it: the production redactor from the settings (actionSecrets). */
export async function actAsRunner(options: {
  workspace: string;
  inputs: Record<string, string>;
  env?: Record<string, string>;
  githubUrl?: string;
  eventName?: string;
  payload?: unknown;
}) {
  const event = path.join(options.workspace, 'event.json');
  await writeFile(event, JSON.stringify(options.payload ?? {}));
  const runnerTemp = await mkdtemp(path.join(os.tmpdir(), 'egress-runner-'));
  const env: Record<string, string> = {
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_EVENT_NAME: options.eventName ?? 'workflow_dispatch',
    GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: 'octo/app',
    ...(options.githubUrl && { GITHUB_API_URL: options.githubUrl }),
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '77',
    GITHUB_SHA: 'c'.repeat(40),
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '',
    RUNNER_TEMP: runnerTemp,
    ...options.env,
  };
  const read = await readActionSettings((name) => options.inputs[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const redact = createRedactor(actionSecrets(read.settings));
  const recorded = recordingIO();
  const said = recorded.said;
  // As src/run.ts wraps the runner's channels.
  const io = redactingIO(recorded.io, redact);
  const token = options.inputs['github-token'];
  const result = await runAction(read.settings, {
    io,
    redact,
    clock: systemClock,
    commentIntervalMs: 0,
    ...(token && options.githubUrl && { github: createOctokit({ token, baseUrl: options.githubUrl, warn: () => {}, throttle: zeroSpacingThrottle() }) }),
    admission: { permissionOf: async () => ({ permission: 'write' }), readHead: async () => ({ ok: true, sha: 'c'.repeat(40) }) as never },
  });
  await result.published;
  // As src/run.ts does with the outputs.
  const outputs = Object.fromEntries(Object.entries(result.outputs).map(([k, v]) => [k, redact(v)]));
  return { result, outputs, said, settings: read.settings, redact };
}
