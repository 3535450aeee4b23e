import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { actionSecrets } from '../../src/action/action-secrets.ts';
import type { ActionSettings } from '../../src/action/action-settings.ts';
import { cliRedactor } from '../../src/cli/cli-job-settings.ts';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { jobSecrets } from '../../src/job/job-secrets.ts';
import { runJob } from '../../src/job/run-job.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'job-secrets-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const env = { DEPLOY_TOKEN: 'true', SIGNING_KEY: '4839201746519283', TOKEN_TTL: '3600', INPUT_COMMENT: 'auto', 'INPUT_API-KEY': 'sk-from-input', HOME: '/home/me' };
const inputs = { api_token: 'tok-5551234567', release: 'v1.2.3' };

describe('one set of secrets for every entry point', () => {
  // The CLI hid every secret-named variable's value, a flag included: `DEPLOY_TOKEN=true` blanked out
  // every "true" in its reports, which the action (reading the same rule) did not.
  it('the CLI and the action hide the same values of the same environment and inputs', () => {
    const args = parseCliArgs(['run', 'p.yml', '--input', `api_token=${inputs.api_token}`, '--input', `release=${inputs.release}`]);
    if (args.command !== 'run') throw new Error('not run');
    const cli = cliRedactor(args, { ...env, OPENAI_API_KEY: 'sk-the-key-value' });
    expect(cli('auto is true for 3600 s')).toBe('auto is true for 3600 s');
    expect(cli('sk-the-key-value 4839201746519283 tok-5551234567 v1.2.3')).toBe('*** *** *** v1.2.3');
    const settings = { model: { baseURL: 'https://api', apiKey: 'sk-the-key-value' }, env, inputs } as unknown as ActionSettings;
    expect(actionSecrets(settings).sort()).toEqual(jobSecrets({ apiKey: 'sk-the-key-value', env, inputs }).sort());
    expect(actionSecrets(settings).sort()).toEqual(['4839201746519283', 'sk-the-key-value', 'tok-5551234567']);
  });

  // Found by an adversarial pass: a list given under a secret name, and a password in a map input, reached the
  // trace, the summary and the outputs (only a string or number input was learned).
  it('learns every string and number of a list or map input given under a secret name, and under a secret key of any map', () => {
    const given = {
      deploy_tokens: ['Zq7vTx93LmPa0Rw2Kd8Yq1', 'Mn3bVc8XzAs5Df2Gh7Jk4L'],
      db: { host: 'db.internal', port: 5432, password: 'Hj4kLp9QwErT5yUi0oPa2s', replicas: [{ host: 'r1.internal', 'api-key': 7_340_192_345 }] },
      signing_keys: { eu: { current: 'Qa1Ws2Ed3Rf4Tg5Yh6Uj7Ik' }, ttl: 3600, enabled: true },
      regions: ['eu', 'us'],
    };
    expect(jobSecrets({ env: {}, inputs: given }).sort()).toEqual(['7340192345', 'Hj4kLp9QwErT5yUi0oPa2s', 'Mn3bVc8XzAs5Df2Gh7Jk4L', 'Qa1Ws2Ed3Rf4Tg5Yh6Uj7Ik', 'Zq7vTx93LmPa0Rw2Kd8Yq1']);
  });

  // Found by an adversarial hunt: a camelCase short form (`dbPass`) was no secret name, where `db_pass` was.
  it('learns the inputs whose camelCase names hold a secret word', () => {
    const given = { dbPass: 'Tr0ub4dor3xyz', sentryDsn: 'https://abcdef0123456789@o1.ingest.sentry.io/42', ghPat: 'pat-from-input-7781', release: 'v1.2.3', authorName: 'Ada' };
    expect(jobSecrets({ env: {}, inputs: given }).sort()).toEqual(['Tr0ub4dor3xyz', 'https://abcdef0123456789@o1.ingest.sentry.io/42', 'pat-from-input-7781']);
  });

  // runJob without a redactor of its caller's built one from the key and the environment only: a
  // secret-named input reached the tools' arguments.
  it('a job run without a redactor given hides its secret-named inputs from the tools', async () => {
    const planFile = path.join(dir, 'plan.yml');
    await writeFile(planFile, ['name: secrets', 'inputs:', '  api_token: { required: true }', 'workflow_sequence:', '  - id: 1', '    type: tool_call', '    tool: echo', '    description: Echo the token', '    args: { text: "${inputs.api_token}" }', ''].join('\n'));
    const seen: unknown[] = [];
    const echo: Tool = { name: 'echo', description: 'echo', inputSchema: { type: 'object' }, sideEffects: false, execute: async (args) => (seen.push(args['text']), 'ok') };
    const outcome = await runJob({ planFile, inputs: { api_token: inputs.api_token }, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } }, { listeners: [], clock: systemClock, extraTools: [echo] });
    expect(outcome.kind === 'ran' ? outcome.status : JSON.stringify(outcome)).toBe('succeeded');
    expect(seen).toEqual(['***']);
  });

  // Found by an adversarial pass: an input whose default is a number runs with the number the text given spells,
  // and the redactor knew only that text: a password given as `0012345678` reached the tools, the trace and the
  // comment as 12345678, in the job's plan and in a plan it uses alike. (A long one, past 2^53, read as its nearest
  // double, is now refused: see resolve-inputs-kinds.test.ts.)
  it('hides a secret-named input as the run reads it, a number, in the job and in a used plan', async () => {
    const planFile = path.join(dir, 'plan.yml');
    await writeFile(path.join(dir, 'used.yml'), ['name: used', 'inputs:', '  code: { default: 0 }', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: echo, args: { text: "code ${inputs.code}" } }', ''].join('\n'));
    await writeFile(
      planFile,
      [
        'name: secrets',
        'inputs:',
        '  deploy_password: { default: 0 }',
        '  signing_key: { default: 0 }',
        '  db_password: { required: true }',
        'workflow_sequence:',
        '  - { id: 1, type: tool_call, tool: echo, args: { text: "${inputs.deploy_password}" } }',
        '  - { id: 2, type: tool_call, tool: echo, args: { text: "key ${inputs.signing_key}" } }',
        '  - { id: 3, type: plan, uses: used.yml, with: { code: "${inputs.db_password}" } }',
        '',
      ].join('\n'),
    );
    const seen: unknown[] = [];
    const echo: Tool = { name: 'echo', description: 'echo', inputSchema: { type: 'object' }, sideEffects: false, execute: async (args) => (seen.push(args['text']), 'ok') };
    const given = { deploy_password: '0012345678', signing_key: '+123456789012345', db_password: '00987654' };
    const outcome = await runJob({ planFile, inputs: given, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } }, { listeners: [], clock: systemClock, extraTools: [echo] });
    expect(outcome.kind === 'ran' ? outcome.status : JSON.stringify(outcome)).toBe('succeeded');
    expect(seen).toEqual(['***', 'key ***', 'code ***']);
  });

  // Found by an adversarial pass: the trace's `plannedFor`, each step's reuse key and an approval's `inputsHash` were
  // unsalted SHA-256 hashes of the inputs as given, secrets included: whoever reads the trace (an artifact) and knows
  // the other inputs tries a dictionary of passwords against them, two hashes a guess.
  it('keeps a secret-named input out of every hash the trace holds', async () => {
    const planFile = path.join(dir, 'plan.yml');
    await writeFile(
      planFile,
      [
        'name: hashes',
        'inputs:',
        '  db_password: { required: true }',
        '  week: { default: w1 }',
        'workflow_sequence:',
        '  - { id: 1, type: tool_call, tool: echo, args: { text: "${inputs.week}" } }',
        '  - { id: 2, type: tool_call, tool: echo, args: { text: "${inputs.db_password}" }, approval: true }',
        '',
      ].join('\n'),
    );
    const echo: Tool = { name: 'echo', description: 'echo', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => 'ok' };
    const hashes = async (password: string): Promise<unknown[]> => {
      const events: RunEvent[] = [];
      const outcome = await runJob({ planFile, inputs: { db_password: password, week: 'w2' }, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } }, { listeners: [(event) => events.push(event)], clock: systemClock, extraTools: [echo] });
      expect(outcome.kind === 'ran' ? outcome.status : JSON.stringify(outcome)).toBe('awaiting-approval');
      return events.flatMap((event) =>
        event.type === 'plan_created' ? [event.plannedFor] : event.type === 'step_started' ? [event.reuseKey] : event.type === 'approval_requested' ? [event.request.inputsHash, event.request.hash] : [],
      );
    };
    const first = await hashes('hunter2-correct');
    expect(first).toHaveLength(4);
    expect(await hashes('hunter2-guessed')).toEqual(first);
  });
});

describe('a password in a URL the environment holds', () => {
  // A proxied runner's `https_proxy=http://user:password@proxy:3128`: a tool given it (`env: [https_proxy]`) that
  // printed it, as `curl -v` does, put the proxy's password in the trace and the summary.
  it('is hidden whatever the variable’s name, the URL’s host left to read', () => {
    const password = 'pr0xy-pa55word-7Qz';
    const redact = createRedactor(jobSecrets({ env: { https_proxy: `http://build:${password}@proxy.corp.example:3128`, PIP_INDEX_URL: `https://ci:${password}x@pypi.corp.example/simple`, HOME: '/home/me' } }));
    expect(redact(`Uses proxy env variable https_proxy == 'http://build:${password}@proxy.corp.example:3128'; ${password}x; proxy.corp.example:3128`)).toBe(
      "Uses proxy env variable https_proxy == '***'; ***; proxy.corp.example:3128",
    );
    expect(jobSecrets({ env: { HOME: '/home/me', http_proxy: 'http://proxy.corp.example:3128', NO_PROXY: 'localhost' } })).toEqual([]);
  });
});
