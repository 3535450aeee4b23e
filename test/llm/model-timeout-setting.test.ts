import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import type { InputName } from '../../src/action/action-inputs.ts';
import { approveCommandLine } from '../../src/cli/approve-command-line.ts';
import { createModelClient, type ModelSettings } from '../../src/llm/create-model-client.ts';
import { parseCliArgs, UsageError } from '../../src/cli/parse-cli-args.ts';
import { prepareModel } from '../../src/job/prepare-model.ts';
import { DEFAULT_MODEL_TIMEOUT_SECONDS } from '../../src/llm/model-timeout.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import type { ValidPlan } from '../../src/plan/valid-plan.ts';
import { startChatServer, textAnswer } from '../helpers/chat-server.ts';
import { dispatchedOptions } from '../helpers/dispatched-options.ts';
import { systemClock } from '../../src/core/clock.ts';
import { runEval } from '../../src/eval/run-eval.ts';
import { evalSettings } from '../eval/eval-fixture.ts';

// A self-hosted endpoint (llama.cpp, vLLM on a small GPU) can need minutes for a long answer, and every model
// request waited 120 s with no setting to raise it: the run failed with "did not answer in time" and no remedy.
const RANGE = 'a whole number of seconds from 1 to 1800 (30 minutes)';

function readInputs(inputs: Partial<Record<InputName, string>>) {
  return readActionSettings((name) => inputs[name] ?? '', { GITHUB_WORKSPACE: path.resolve('/runner/work/repo/repo') }, () => true);
}

async function plan(model: string): Promise<ValidPlan> {
  const loaded = await loadPlanText(`model: ${model}\nworkflow_sequence:\n  - { id: a, type: reasoning, description: hi }\n`, 'plan.yml');
  if (!loaded.ok) throw new Error(loaded.errors.map(formatPlanError).join('\n'));
  return loaded.plan;
}

async function planErrors(model: string): Promise<string[]> {
  const loaded = await loadPlanText(`model: ${model}\nworkflow_sequence:\n  - { id: a, type: reasoning, description: hi }\n`, 'plan.yml');
  return loaded.ok ? [] : loaded.errors.map(formatPlanError);
}

/** The settings `prepareModel` makes the run's model client from. */
function clientSettings(valid: ValidPlan, settings: Omit<ModelSettings, 'baseURL'>): ModelSettings {
  let given: ModelSettings | undefined;
  prepareModel(valid, { baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', ...settings }, (made) => {
    given = made;
    return undefined;
  });
  return given!;
}

describe('the model request timeout', () => {
  it('is the action input model-timeout-seconds, refused with its range when it is not one', async () => {
    const set = await readInputs({ 'model-timeout-seconds': '600' });
    expect(set.ok && set.settings.model.timeoutSeconds).toBe(600);
    const unset = await readInputs({});
    expect(unset.ok && unset.settings.model.timeoutSeconds).toBeUndefined();
    for (const [value, problem] of [
      ['0', RANGE],
      ['-5', RANGE],
      ['1.5', RANGE],
      ['1801', RANGE],
      ['ten', `a decimal number, got "ten": ${RANGE}`],
    ]) {
      expect(await readInputs({ 'model-timeout-seconds': value! })).toEqual({ ok: false, problems: [`input 'model-timeout-seconds': expected ${problem}`] });
    }
  });

  it('is the CLI option --model-timeout-seconds of run, plan, eval and validate, refused with its range when it is not one', () => {
    for (const command of ['run', 'plan', 'eval', 'validate']) {
      expect(parseCliArgs([command, 'plan.yml', '--model-timeout-seconds', '600'])).toMatchObject({ command, modelTimeoutSeconds: 600 });
      expect(parseCliArgs([command, 'plan.yml'])).not.toHaveProperty('modelTimeoutSeconds');
    }
    for (const value of ['0', '1801', '1.5', 'ten', '0x10']) {
      expect(() => parseCliArgs(['run', 'plan.yml', `--model-timeout-seconds=${value}`])).toThrow(new UsageError(`--model-timeout-seconds takes ${RANGE}, got '${value}'`));
    }
  });

  it('is carried into the command that approves a paused run', () => {
    const run = parseCliArgs(['run', 'plan.yml', '--model-timeout-seconds', '600']);
    if (run.command !== 'run') throw new Error('expected a run');
    expect(approveCommandLine(run, 'abc123', (text) => text)).toContain('--model-timeout-seconds 600');
  });

  it('is the plan key model.timeout_seconds, refused with its range when it is not one', async () => {
    expect(await planErrors('{ timeout_seconds: 600 }')).toEqual([]);
    expect(await planErrors('{ timeout_seconds: 0 }')).toEqual([`plan.yml:1:27: expected ${RANGE} (at model.timeout_seconds)`]);
    expect(await planErrors('{ timeout_seconds: 3600 }')).toEqual([`plan.yml:1:27: expected ${RANGE}, the longest one model request may wait (at model.timeout_seconds)`]);
  });

  it('reaches the run’s model client from the plan, and the caller’s setting replaces the plan’s', async () => {
    expect(clientSettings(await plan('{ timeout_seconds: 600 }'), {}).timeoutSeconds).toBe(600);
    expect(clientSettings(await plan('{ timeout_seconds: 600 }'), { timeoutSeconds: 900 }).timeoutSeconds).toBe(900);
    expect(clientSettings(await plan('{ name: m }'), {}).timeoutSeconds).toBe(DEFAULT_MODEL_TIMEOUT_SECONDS);
  });
});

// Node's fetch ends a request at undici's own 300 s for the headers: a request allowed 600 s failed after 307 s,
// its error saying "no answer within 600 s" (seen against a server that answered at 320 s).
describe('a model request the timeout lets wait past undici’s 300 s', () => {
  const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hello' }] };

  it('is sent with undici’s waits for its headers and body raised past the timeout', async () => {
    const server = await startChatServer([textAnswer('slow hello')]);
    try {
      const client = createModelClient({ baseURL: server.baseURL, apiKey: 'k', timeoutSeconds: 600 })!;
      const seen = await dispatchedOptions(() => client.complete(request, { purpose: 'step:a' }));
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ headersTimeout: 601_000, bodyTimeout: 601_000 });
    } finally {
      await server.close();
    }
  });

  it('keeps undici’s own waits for a timeout within them', async () => {
    const server = await startChatServer([textAnswer('hello')]);
    try {
      const client = createModelClient({ baseURL: server.baseURL, apiKey: 'k' })!;
      const seen = await dispatchedOptions(() => client.complete(request, { purpose: 'step:a' }));
      expect(seen).toHaveLength(1);
      expect(seen[0]).not.toHaveProperty('headersTimeout');
    } finally {
      await server.close();
    }
  });
});

describe('an evaluation’s model requests', () => {
  it('wait as the plan’s model.timeout_seconds says, or the caller’s setting, in the plan’s runs and the react baseline’s', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-timeout-'));
    try {
      const file = path.join(dir, 'plan.yml');
      await writeFile(file, 'goal: Say one line.\nmodel: { timeout_seconds: 600 }\nworkflow_sequence:\n  - { id: line, type: reasoning, description: Say one line. }\n');
      const answers = { 'step:line': [{ text: 'One line.' }], react: [{ text: 'One line.' }] };
      const evaluate = (overrides: Parameters<typeof evalSettings>[1]) =>
        dispatchedOptions(() => runEval(evalSettings(file, { baselines: ['react'], model: { kind: 'answers', answers }, ...overrides }), { clock: systemClock, signal: new AbortController().signal }));
      const planned = await evaluate({});
      expect(planned.map((options) => options['headersTimeout'])).toEqual([601_000, 601_000]);
      const given = await evaluate({ modelTimeoutSeconds: 900 });
      expect(given.map((options) => options['headersTimeout'])).toEqual([901_000, 901_000]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
