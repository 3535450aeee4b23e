import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliInProcess } from '../helpers/cli-in-process.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-invalid-'));
const good = path.join(dir, 'good.yml');
writeFileSync(good, 'name: Good\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
const bad = path.join(dir, 'bad.yml');
writeFileSync(bad, 'name: Bad\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: nope, args: {} }\n');

const evalCli = (argv: readonly string[], signal?: AbortSignal) => cliInProcess(argv, signal ? { signal } : {});

describe('plan-runner eval of a plan that is not valid', () => {
  it('exits 1 with the located errors for a missing plan, an invalid plan and a missing --compare plan', async () => {
    const missing = await evalCli(['eval', path.join(dir, 'nonexist.yml'), '--runs', '1']);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('nonexist.yml: no such file');

    const invalid = await evalCli(['eval', bad, '--runs', '1']);
    expect(invalid.code).toBe(1);
    expect(invalid.out).toMatch(/bad\.yml:3:\d+: unknown tool `nope`/);

    const compare = await evalCli(['eval', good, '--compare', path.join(dir, 'nonexist.yml'), '--runs', '1']);
    expect(compare.code).toBe(1);
    expect(compare.out).not.toContain('No regression');

    const fine = await evalCli(['eval', good, '--runs', '1']);
    expect(fine.code, fine.out).toBe(0);
  });

  // "plan-runner validate FILE checks it" said nothing of the --model and --model-timeout-seconds eval checked with, and
  // validate without them refused a plan eval accepts, or the other way round: the command is printed whole.
  it('prints the validate command that checks the plan as eval did', async () => {
    const invalid = await evalCli(['eval', bad, '--runs', '1', '--model', 'gpt-4o', '--model-timeout-seconds', '300']);
    expect(invalid.out).toContain(`the plan is not valid (see above); this checks it as eval did: plan-runner validate ${bad} --model gpt-4o --model-timeout-seconds 300\n`);
    const compared = await evalCli(['eval', good, '--compare', bad, '--runs', '1']);
    expect(compared.out).toContain(`a plan is not valid (see above); this checks it as eval did: plan-runner validate ${bad}\n`);
  });

  // The plan was checked without --model, so a cap on a model with no known price refused a plan that
  // run --model accepts (found by a review of the change).
  it('checks the plan with the model --model gives it', async () => {
    const priced = path.join(dir, 'priced.yml');
    writeFileSync(priced, 'name: Priced\nmodel: { name: my-local-llm }\nlimits: { max_cost_usd: 1 }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
    expect((await evalCli(['eval', priced, '--runs', '1'])).code).toBe(1);
    const chosen = await evalCli(['eval', priced, '--runs', '1', '--model', 'gpt-4o']);
    expect(chosen.code, chosen.out).toBe(0);
  });
});

// Found by an adversarial CLI hunt: Ctrl-C while eval started a plan's MCP servers to check the plan printed
// "plan-runner: internal error: SIGINT" (validate and run say they were cancelled).
describe('plan-runner eval cancelled while it checks the plans', () => {
  it('says it was cancelled and that nothing was evaluated, and exits 1', async () => {
    const served = path.join(dir, 'served.yml');
    writeFileSync(served, "name: Served\nmcp_servers:\n  slow: { command: [sh, -c, 'exec sleep 40'] }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n");
    const controller = new AbortController();
    controller.abort('SIGINT');
    const run = await evalCli(['eval', served, '--runs', '1'], controller.signal);
    expect(run).toEqual({ code: 1, out: 'plan-runner eval: cancelled (SIGINT) while checking the plan; nothing was evaluated\n' });
  });
});

describe('plan-runner eval without a model', () => {
  it('says which variable held no key, and the ways eval has instead', async () => {
    const asks = path.join(dir, 'asks.yml');
    writeFileSync(asks, 'name: Asks\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Say hello }\n');
    const run = await evalCli(['eval', asks, '--runs', '1', '--api-key-env', 'PLAN_RUNNER_TEST_UNSET_KEY']);
    expect(run.out).toContain('PLAN_RUNNER_TEST_UNSET_KEY is empty or not set (the API key is read from it, as --api-key-env says); set it, or use --replay FILE or --answers FILE');
    expect(run.out).not.toContain('OPENAI_API_KEY');
  });
});

describe('plan-runner eval progress lines', () => {
  it('show the control characters a model wrote instead of sending them to the terminal', async () => {
    const goal = path.join(dir, 'goal.yml');
    writeFileSync(goal, 'name: g\ngoal: do a thing\nmodel: { name: gpt-4.1-mini }\ntoolsets: [math]\n');
    const answers = path.join(dir, 'esc-answers.yml');
    const steps = JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'x\u001b]0;PWNED\u0007\u001b[2Jy', args: {}, depends_on: [], description: 'd', why: 'w' }], why: null });
    writeFileSync(answers, `planner:\n  - text: ${JSON.stringify(steps)}\n`);
    const run = await evalCli(['eval', goal, '--runs', '1', '--answers', answers]);
    expect(run.out).toContain('plan run 1: rejected');
    expect(run.out).toContain('x\u241b]0;PWNED\u2407\u241b[2Jy');
    expect(run.out).not.toContain('\u001b');
  });
});

// Only the top plan's models were priced: a used plan's calls cost $0 and passed the cost gate.
describe('plan-runner eval --max-cost-usd-per-run with a plan step', () => {
  it('refuses before any run when a used plan calls a model with no known price', async () => {
    const run = await evalCli(['eval', 'test/eval/fixtures/nested-unpriced/top.yml', '--runs', '1', '--max-cost-usd-per-run', '0.01']);
    expect(run.code).toBe(1);
    expect(run.out).toContain("--max-cost-usd-per-run cannot be checked: no price is known for model 'my-unpriced-model', so every run would cost $0");
    expect(run.out).not.toContain('plan run 1');
  });
});

// --trace-dir was checked as a made-up `run.jsonl`: --json named like a run's trace replaced it silently,
// and a folder in a run's place failed that run as an internal error, after the runs before it, with no
// table (found by an adversarial pass). Every run's trace is known before the first run.
describe('plan-runner eval --trace-dir', () => {
  it('checks every run’s trace file with the other outputs before any run', async () => {
    const traces = path.join(dir, 'traces');
    await expect(evalCli(['eval', good, '--runs', '2', '--trace-dir', traces, '--json', path.join(traces, 'plan-run-2.jsonl')])).rejects.toThrow(/--trace-dir \(plan-run-2\.jsonl\) .*plan-run-2\.jsonl is the same file as --json /);
    const { mkdirSync, existsSync } = await import('node:fs');
    mkdirSync(path.join(traces, 'plan-run-2.jsonl'), { recursive: true });
    const folder = await evalCli(['eval', good, '--runs', '2', '--trace-dir', traces]);
    expect(folder.code).toBe(1);
    expect(folder.out).toContain('plan-run-2.jsonl: it is a folder');
    expect(folder.out).not.toContain('plan run 1:');
    expect(existsSync(path.join(traces, 'plan-run-1.jsonl'))).toBe(false);
  });
});

// The ReAct baseline runs no plan and writes no trace, yet its trace names were reserved and checked (found
// by a new-user walkthrough: `react-run-N.jsonl` was promised and never written).
describe('plan-runner eval --trace-dir with the react baseline', () => {
  it('writes and reserves a trace for each plan run only', async () => {
    const traces = path.join(dir, 'react-traces');
    const { mkdirSync, readdirSync } = await import('node:fs');
    // A folder where a react run's trace would have gone is no problem: none is written there.
    mkdirSync(path.join(traces, 'react-run-1.jsonl'), { recursive: true });
    const answers = path.join(dir, 'react-answers.yml');
    writeFileSync(answers, 'react: [{ text: "3" }]\n');
    const run = await evalCli(['eval', good, '--runs', '1', '--baseline', 'react', '--answers', answers, '--trace-dir', traces]);
    expect(run.out).toContain('react run 1:');
    expect(readdirSync(traces).sort()).toEqual(['plan-run-1.jsonl', 'react-run-1.jsonl']);
    expect(readdirSync(path.join(traces, 'react-run-1.jsonl'))).toEqual([]);
  });
});

describe('plan-runner eval with --input the plan cannot take', () => {
  it('exits 2 before any run, naming the input, as run does', async () => {
    const declares = path.join(dir, 'declares.yml');
    writeFileSync(declares, 'name: Declares\ninputs: { n: { required: true } }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
    const undeclared = await evalCli(['eval', declares, '--runs', '3', '--input', 'n=1', '--input', 'm=2']);
    expect(undeclared.code, undeclared.out).toBe(2);
    expect(undeclared.out).toContain(`plan-runner eval: nothing was evaluated: ${declares}: input 'm' is not declared in the plan's inputs: declared: n`);
    expect(undeclared.out).not.toContain('run 1');
    const missing = await evalCli(['eval', declares, '--runs', '1']);
    expect(missing.code, missing.out).toBe(2);
    expect(missing.out).toContain("input 'n' is required");
    // The compared plan must take them too.
    const compared = await evalCli(['eval', declares, '--compare', good, '--runs', '1', '--input', 'n=1']);
    expect(compared.code, compared.out).toBe(2);
    expect(compared.out).toContain(`base ${good}: input 'n' is not declared`);
    expect((await evalCli(['eval', declares, '--runs', '1', '--input', 'n=1'])).code).toBe(0);
  });
});

// Found by an adversarial pass over bad inputs: each run read the replay file itself, so a missing one failed every run
// alone and eval printed a table of 0% before its exit 1.
describe('plan-runner eval --replay of a file it cannot read', () => {
  it('is refused before any run, saying where and what to do', async () => {
    const run = await evalCli(['eval', good, '--runs', '3', '--replay', path.join(dir, 'nope.jsonl')]);
    expect(run.code).toBe(1);
    expect(run.out).toContain('plan-runner eval: nothing was evaluated: Replay file');
    expect(run.out).toContain('Give --replay the file a run wrote with --record FILE');
    expect(run.out).not.toContain('run 1:');
    expect(run.out).not.toContain('%');
  });
});
