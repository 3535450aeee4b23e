import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/cli/parse-cli-args.ts';
import { FAULT_FILE, FAULT_FILE_HOLDS, FaultFile } from '../../src/eval/fault-rule.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import { readYamlFile } from '../../src/plan/read-yaml-file.ts';
import { ANSWERS_FILE, ScriptedAnswers } from '../../src/eval/scripted-answers.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-faults-'));

async function problems(text: string): Promise<string[]> {
  const file = path.join(dir, 'faults.yml');
  writeFileSync(file, text);
  const read = await readYamlFile(file, FaultFile, FAULT_FILE);
  return read.ok ? [] : read.errors.map((error) => formatPlanError(error).replace(`${file}:`, ''));
}

describe('the fault file', () => {
  it('accepts the documented rules', async () => {
    expect(await problems('- { tool: fetch, fault: timeout, rate: 0.2 }\n- { tool: multiply, fault: timeout, attempt: 1 }\n- { model: planner, fault: bad json, attempt: 1 }\n')).toEqual([]);
  });

  it('names the line and column of each bad rule and says what to write', async () => {
    const found = await problems('- { tool: fetch, fault: explode, rate: 0.2 }\n- { tool: fetch, fault: timeout }\n- { tool: add, fault: slow, attempt: 1 }\n');
    expect(found).toEqual([
      expect.stringMatching(/^1:25: .*timeout, exit 75, exit 1/),
      expect.stringMatching(/^2:3: give exactly one of `rate` \(above 0, at most 1\) or `attempt`/),
      expect.stringMatching(/^3:3: a `slow` fault needs `delay:`/),
    ]);
  });
});

// Found by review: read without the input in each issue, a misspelt fault was "missing `fault`" and
// `rate: 2` "got nothing".
it('says what a bad rule holds, as the plan file’s errors do', async () => {
  expect(await problems('- { tool: add, fault: timeot, rate: 0.5 }\n- { tool: add, fault: timeout, rate: 2 }\n')).toEqual([
    '1:23: `fault` must be one of timeout, exit 75, exit 1, http 429, http 500, slow, bad json, model 429, model 500; got `timeot` — did you mean `timeout`? (at [0].fault)',
    '2:38: `rate` must be at most 1; got `2` (at [1].rate)',
  ]);
});

// Found by review: `delay:` on a fault other than `slow`, and `retry_after:` on one that sends none, were
// read and never used; an empty file was told to add `goal:`.
it('refuses a duration the fault does not use, and says what an empty file holds', async () => {
  expect(await problems('- { tool: add, fault: timeout, delay: 2s, rate: 0.5 }\n- { tool: add, fault: exit 1, retry_after: 2s, rate: 0.5 }\n- { model: planner, fault: model 429, retry_after: 2s, attempt: 1 }\n')).toEqual([
    '1:39: `delay:` is for a `slow` fault; the `timeout` fault does not wait: leave it out, or make the fault `slow` (at [0].delay)',
    '2:44: `retry_after:` is for an `http 429` or `model 429` fault; the `exit 1` fault sends none: leave it out (at [1].retry_after)',
  ]);
  const file = path.join(dir, 'empty-faults.yml');
  writeFileSync(file, '# no rules yet\n\n');
  const read = await readYamlFile(file, FaultFile, FAULT_FILE);
  expect(read.ok ? [] : read.errors.map(formatPlanError)).toEqual([`${file}: the fault file is empty: it holds ${FAULT_FILE_HOLDS}`]);
});

// Found by an adversarial pass: a file of comments with Windows line endings was told to add `goal:`, as an empty plan is.
it('says what an empty file holds when its lines end with CRLF', async () => {
  const file = path.join(dir, 'empty-faults-crlf.yml');
  writeFileSync(file, '# no rules yet\r\n\r\n# none\r\n');
  const read = await readYamlFile(file, FaultFile, FAULT_FILE);
  expect(read.ok ? [] : read.errors.map(formatPlanError)).toEqual([`${file}: the fault file is empty: it holds ${FAULT_FILE_HOLDS}`]);
});

// Found by an adversarial pass: both were read as a fault file and injected nothing, and the eval passed.
it('refuses a rate of 0 and a file without a rule, saying where', async () => {
  expect(await problems('- { tool: fetch, fault: timeout, rate: 0 }\n')).toEqual([expect.stringMatching(/^1:\d+: a rate is above 0 \(a rate of 0 injects no fault\) and at most 1/)]);
  expect(await problems('[]\n')).toEqual([expect.stringMatching(/a fault file without a rule injects no fault/)]);
});

describe('eval on the command line', () => {
  it('reads its options', () => {
    expect(parseCliArgs(['eval', 'p.yml', '--runs', '3', '--seed', '9', '--baseline', 'react', '--min-success-rate', '0.95', '--answers', 'a.yml'])).toMatchObject({
      command: 'eval', file: 'p.yml', runs: 3, seed: 9, baselines: ['react'], minSuccessRate: 0.95, answers: 'a.yml', maxTurns: 20,
    });
  });

  it.each([
    [['eval', 'p.yml', '--runs', '0'], '--runs takes a whole number from 1 to 1000'],
    [['eval', 'p.yml', '--baseline', 'agent'], '--baseline takes react or full-history'],
    [['eval', 'p.yml', '--min-success-rate', '95'], '--min-success-rate takes a number from 0 to 1'],
    [['run', 'p.yml', '--runs', '3'], '--runs is an option of eval, not of run'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});

describe('numeric eval options', () => {
  it.each([
    ['--seed', ''],
    ['--runs', '0x10'],
    ['--runs', '0b101'],
    ['--runs', '1e1'],
    ['--max-turns', ' 3'],
    ['--min-success-rate', '0x1'],
    ['--max-cost-usd-per-run', '1e-2'],
    ['--min-success-rate', ''],
  ])('refuse %s %j: decimal notation only', (option, value) => {
    expect(() => parseCliArgs(['eval', 'p.yml', option, value])).toThrow(UsageError);
  });

  it('take decimal numbers', () => {
    expect(parseCliArgs(['eval', 'p.yml', '--runs', '16', '--seed', '0', '--min-success-rate', '.95', '--max-cost-usd-per-run', '0.01'])).toMatchObject({ runs: 16, seed: 0, minSuccessRate: 0.95, maxCostUsdPerRun: 0.01 });
  });
});

// Found by a hunt for bad inputs: a misspelt model caller (`plannner`) was taken, and the eval ran every run before it
// said the rule matched no call.
it('names a fault rule\'s misspelt model caller at its line, and takes the callers and prefixes a run has', async () => {
  expect(await problems('- { model: plannner, fault: bad json, rate: 1 }\n- { model: stp:1, fault: bad json, rate: 1 }\n')).toEqual([
    '1:12: callers are planner, replanner, review, react, step:<id> and goal:<name>, a prefix of them ending in * (step:*) or * (did you mean `planner`?) (at [0].model)',
    '2:12: callers are planner, replanner, review, react, step:<id> and goal:<name>, a prefix of them ending in * (step:*) or * (at [1].model)',
  ]);
  const callers = ['planner', 'replanner', 'review', 'react', 'step:1', 'goal:short', '*', 'step:*', 'goal:*', 're*', 'step:ana*'];
  expect(await problems(callers.map((model) => `- { model: "${model}", fault: bad json, rate: 1 }\n`).join(''))).toEqual([]);
});

// A misspelt caller (`planer:`) was taken, and its answers were never served (found by an adversarial pass).
describe('the answers file', () => {
  async function answerProblems(text: string): Promise<string[]> {
    const file = path.join(dir, 'answers.yml');
    writeFileSync(file, text);
    const read = await readYamlFile(file, ScriptedAnswers, ANSWERS_FILE);
    return read.ok ? [] : read.errors.map((error) => formatPlanError(error).replace(`${file}:`, ''));
  }

  it('takes the callers a run has, and names a misspelt one with the nearest', async () => {
    expect(await answerProblems('planner: [{ text: a }]\nreplanner: [{ text: b }]\nreview: [{ text: c }]\nreact: [{ text: d }]\n"step:1": [{ text: e }]\n"goal:short": [{ text: f }]\n')).toEqual([]);
    expect(await answerProblems('"step:1": [{ text: hi }]\nplaner: [{ text: hi }]\nstep: [{ text: hi }]\n')).toEqual([
      '2:1: callers are planner, replanner, review, react, step:<id> and goal:<name> (did you mean `planner`?); got `planer` (at planer)',
      expect.stringMatching(/^3:1: callers are planner, replanner, review, react, step:<id> and goal:<name>.*; got `step` \(at step\)$/),
    ]);
  });
});

// The YAML reader's messages were written for plans, and a fault or answers file got them: "a plan file holds one YAML
// document", "plans never need that", and a fault file that is a map "value must be a list; got a map".
describe('the fault and answers files’ YAML messages', () => {
  async function read(name: string, text: string, kind: 'faults' | 'answers'): Promise<string[]> {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    const result = kind === 'faults' ? await readYamlFile(file, FaultFile, FAULT_FILE) : await readYamlFile(file, ScriptedAnswers, ANSWERS_FILE);
    return result.ok ? [] : result.errors.map((error) => formatPlanError(error).replace(`${file}:`, '').trimStart());
  }
  const deep = `${'['.repeat(70)}${']'.repeat(70)}`;

  it('name the fault file', async () => {
    expect(await read('two.yml', '- { tool: a, fault: timeout, rate: 0.2 }\n---\n- { tool: b, fault: timeout, rate: 0.2 }\n', 'faults')).toEqual(['2:1: a fault file holds one YAML document; remove the `---` separator and what follows it']);
    expect(await read('deep.yml', `- ${deep}\n`, 'faults')).toEqual([expect.stringMatching(/^1:\d+: the file nests more than 64 levels deep; a fault file never needs that$/)]);
    expect(await read('map.yml', 'tool: fetch\nfault: timeout\nrate: 0.2\n', 'faults')).toEqual([`1:1: a fault file holds ${FAULT_FILE_HOLDS}; got a map`]);
    expect(await read('dashes.yml', '---\n', 'faults')).toEqual([`the fault file is empty: it holds ${FAULT_FILE_HOLDS}`]);
  });

  it('name the answers file', async () => {
    expect(await read('two.yml', 'planner: [{ text: a }]\n---\nx: 1\n', 'answers')).toEqual(['2:1: an answers file holds one YAML document; remove the `---` separator and what follows it']);
    expect(await read('deep.yml', `planner: ${deep}\n`, 'answers')).toEqual([expect.stringMatching(/^1:\d+: the file nests more than 64 levels deep; an answers file never needs that$/)]);
    expect(await read('list.yml', '- text: hi\n', 'answers')).toEqual([`1:1: an answers file holds ${ANSWERS_FILE.holds}; got a list`]);
  });
});
