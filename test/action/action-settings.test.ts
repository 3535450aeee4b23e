import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InputName } from '../../src/action/action-inputs.ts';
import { readActionSettings } from '../../src/action/action-settings.ts';

const WORKSPACE = path.resolve('/runner/work/repo/repo');

function read(inputs: Partial<Record<InputName, string>>, env: Record<string, string> = {}, exists = true) {
  return readActionSettings((name) => inputs[name] ?? '', { GITHUB_WORKSPACE: WORKSPACE, ...env }, () => exists);
}

describe('readActionSettings', () => {
  it('applies every default when the inputs are empty, as a runner without `with:` gives them', async () => {
    const result = await read({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings).toMatchObject({
      planFile: path.join(WORKSPACE, '.github/plan.yml'),
      planPath: '.github/plan.yml',
      inputs: {},
      model: { baseURL: 'https://api.openai.com/v1' },
      comment: 'auto',
      failOnUnmetGoals: true,
      checkRun: false,
      workspace: WORKSPACE,
      outputDir: path.join(WORKSPACE, '.plan-runner'),
    });
    expect(result.settings.model.apiKey).toBeUndefined();
    expect(result.settings.githubToken).toBeUndefined();
  });

  it('reads the inputs map as YAML or JSON, and booleans as the toolkit does', async () => {
    const yaml = await read({ inputs: 'week: 2026-W48\ncount: 3', 'fail-on-unmet-goals': 'False', 'check-run': 'TRUE' });
    const json = await read({ inputs: '{"week": "2026-W48"}' });
    expect(yaml.ok && yaml.settings.inputs).toEqual({ week: '2026-W48', count: 3 });
    expect(yaml.ok && [yaml.settings.failOnUnmetGoals, yaml.settings.checkRun]).toEqual([false, true]);
    expect(json.ok && json.settings.inputs).toEqual({ week: '2026-W48' });
  });

  // A tag YAML did not know made the yaml package warn on stderr, quoting the line: `::stop-commands::`
  // there switched off every later workflow command. An empty value reached the plan as "null", over
  // its default (found by a review).
  it('reads the inputs map without a word on stderr; an empty value is not given, and values that are no value are refused', async () => {
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      const tagged = await read({ inputs: 'week: W1\n::stop-commands::abc: !t y' });
      expect(!tagged.ok && tagged.problems[0]).toContain('has the YAML tag !t');
    } finally {
      process.stderr.write = write;
    }
    expect(written.join('')).toBe('');
    // Such a value is its text, alone or in a list or a map, as `--input` reads it: the plan reads it as its default's kind,
    // and refuses it for a number. (In a list or a map, YAML read it as NaN or Infinity, which was refused.)
    expect(await read({ inputs: 'week: .nan' })).toMatchObject({ ok: true, settings: { inputs: { week: '.nan' } } });
    expect(await read({ inputs: 'week: [.nan]\nn: {n: 1e400}' })).toMatchObject({ ok: true, settings: { inputs: { week: ['.nan'], n: { n: '1e400' } } } });
    // An empty value is an input not given, as on GitHub: the plan's default applies.
    for (const inputs of ['week:\ncount: 3', '{"week": null, "count": 3}']) expect(await read({ inputs })).toMatchObject({ ok: true, settings: { inputs: { count: 3 } } });
    const empty = await read({ inputs: 'week:' });
    expect(empty.ok && Object.hasOwn(empty.settings.inputs, 'week')).toBe(false);
  });

  // Each was read by no code in the job's mode and ignored: min-success-rate on a run job gated nothing,
  // a missing eval-faults file went unnoticed, and check-run on an eval job opened no check (found by a review).
  it('refuses inputs the mode does not read', async () => {
    const run = await read({ 'min-success-rate': '0.99', 'eval-faults': 'nope.yml', 'eval-runs': '3' });
    expect(!run.ok && run.problems).toEqual([
      "input 'eval-runs': only mode: eval reads it, and this job's mode is run; remove it, or set mode: eval",
      "input 'eval-faults': only mode: eval reads it, and this job's mode is run; remove it, or set mode: eval",
      "input 'min-success-rate': only mode: eval reads it, and this job's mode is run; remove it, or set mode: eval",
    ]);
    const evaluated = await read({ mode: 'eval', 'check-run': 'true', 'min-success-rate': '0.9' });
    expect(!evaluated.ok && evaluated.problems).toEqual([expect.stringMatching(/^input 'check-run': mode: eval does not read it/)]);
    expect((await read({ mode: 'eval', 'eval-runs': '5', 'eval-seed': '1', 'min-success-rate': '0.9' })).ok).toBe(true);
    // Found by a hunt of the action's inputs: these were accepted on an eval job and read by no one.
    const ignored = await read({ mode: 'eval', task: 'Multiply instead', comment: 'always', 'fail-on-unmet-goals': 'false' });
    expect(!ignored.ok && ignored.problems.map((problem) => problem.split(':')[0])).toEqual(["input 'task'", "input 'comment'", "input 'fail-on-unmet-goals'"]);
    expect((await read({ mode: 'eval', comment: 'never', 'fail-on-unmet-goals': 'true' })).ok).toBe(true);
    // Only the merge job checks the goals: check-run on a prepare or shard job opened no check run, and said nothing (found by a review).
    const prepared = await read({ mode: 'prepare', shards: '2', 'check-run': 'true' });
    expect(!prepared.ok && prepared.problems).toEqual([
      "input 'check-run': mode: prepare checks no goal, so it opens no check run (only the merge job checks the goals and reports them as the check run); remove it here, and set check-run: true on the mode: merge job",
    ]);
    const shard = await read({ mode: 'shard', shard: '1', prepared: '7', 'check-run': 'true' });
    expect(!shard.ok && shard.problems).toEqual([expect.stringMatching(/^input 'check-run': mode: shard checks no goal, so it opens no check run .*set check-run: true on the mode: merge job$/)]);
    expect(await read({ mode: 'merge', prepared: '7', 'check-run': 'true' })).toMatchObject({ ok: true, settings: { checkRun: true } });
    // mode: plan runs no step: a resume or a trace's durations were read by nothing (found by an adversarial pass).
    const planned = await read({ mode: 'plan', 'resume-from': 'attempt', 'weights-from': 'trace.jsonl' });
    expect(!planned.ok && planned.problems).toEqual([
      "input 'resume-from': mode: plan runs no step, so it has nothing to resume or order; remove it, or set mode: run",
      "input 'weights-from': mode: plan runs no step, so it has nothing to resume or order; remove it, or set mode: run",
    ]);
  });

  // zod's own words reached the log: "Too small: expected number to be >=1"; and `-1` was "not a decimal
  // number" rather than out of range (found by an adversarial pass).
  it('tells a number input out of range the range it takes', async () => {
    const cases = [
      ['eval-runs', '0', 'expected a whole number of runs from 1 to 100'],
      ['eval-runs', '500', 'expected a whole number of runs from 1 to 100'],
      ['eval-runs', '2.5', 'expected a whole number of runs from 1 to 100'],
      ['eval-seed', '99999999999', 'expected a whole number from 0 to 2147483647'],
      ['min-success-rate', '2', 'expected a rate from 0 to 1, such as 0.9'],
      ['max-cost-usd-per-run', '-1', 'expected an amount in US dollars of 0 or more, such as 0.05'],
    ] as const;
    for (const [name, value, problem] of cases) {
      const result = await read({ mode: 'eval', [name]: value });
      expect(!result.ok && result.problems, `${name}: ${value}`).toEqual([`input '${name}': ${problem}`]);
    }
    const shards = await read({ mode: 'prepare', shards: '-2' });
    expect(!shards.ok && shards.problems).toEqual(["input 'shards': expected a whole number from 1 to 256"]);
  });

  // Number() read 0x10 as 16, 1e1 as 10, and 1e400 as Infinity: max-cost-usd-per-run: 1e400 was no limit (found by a review).
  it('reads number inputs in decimal notation only', async () => {
    for (const [name, value] of [['eval-runs', '0x10'], ['eval-runs', '1e1'], ['max-cost-usd-per-run', '1e400'], ['state-retention-days', '7 days']] as const) {
      const result = await read({ mode: 'eval', [name]: value });
      expect(!result.ok && result.problems).toEqual([`input '${name}': expected a decimal number, got ${JSON.stringify(value)}`]);
    }
    expect(await read({ mode: 'eval', 'eval-runs': ' 3 ', 'max-cost-usd-per-run': '.05', 'min-success-rate': '0.9' })).toMatchObject({ ok: true, settings: { eval: { runs: 3, maxCostUsdPerRun: 0.05, minSuccessRate: 0.9 } } });
  });

  // Found by an adversarial pass: 400 nines read as Infinity, and zod's "expected number, received Infinity" was shown.
  it('says a decimal too large to read is one, and caps the cost limit as the CLI does', async () => {
    const nines = '9'.repeat(400);
    expect(await read({ mode: 'eval', 'max-cost-usd-per-run': nines })).toEqual({ ok: false, problems: [`input 'max-cost-usd-per-run': expected a decimal number, got one too large to be read: "${'9'.repeat(20)}…"`] });
    expect(await read({ mode: 'eval', 'max-cost-usd-per-run': '2000000' })).toEqual({ ok: false, problems: ["input 'max-cost-usd-per-run': expected an amount in US dollars of at most 1,000,000, as the CLI takes"] });
  });

  it('names every bad input with what it expects', async () => {
    const result = await read({ inputs: '- a\n- b', comment: 'sometimes', 'fail-on-unmet-goals': 'yes', 'base-url': 'ftp://models' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      expect.stringMatching(/^input 'inputs': expected a map of input names to values.*got a list\. If a value from an expression/),
      expect.stringMatching(/^input 'base-url': expected an http\(s\) URL/),
      `input 'comment': expected auto, always or never, got "sometimes"`,
      `input 'fail-on-unmet-goals': expected true or false, got "yes"`,
    ]);
  });

  it('says how to pass event text safely when it breaks the YAML (a PR title such as `fix: x`)', async () => {
    const title = 'fix: x';
    const broken = await read({ inputs: `title: ${title}` });
    expect(!broken.ok && broken.problems[0]).toMatch(/not valid YAML or JSON .*toJSON\(github\.event\.pull_request\.title\)/);
    // The safe form, as the runner expands it: toJSON gives a JSON string, and JSON is YAML.
    const safe = await read({ inputs: `{"title": ${JSON.stringify(title)}}` });
    expect(safe.ok && safe.settings.inputs).toEqual({ title });
  });

  // Found by an adversarial pass: read as YAML, `version: 1.10` reached the plan as 1.1 and `zip: 01234` as 1234,
  // where the CLI's --input gives the text. A number JSON or YAML reads exactly as written stays one (an issue
  // number for a required input); the plan reads the rest as its default's kind (test/plan/resolve-inputs-kinds.test.ts).
  it('gives a number or a flag as read only when read exactly as written, else the text, and lists and maps as data', async () => {
    const result = await read({ inputs: 'version: 1.10\nzip: 01234\nanswer: yes\nday: 2026-12-01\nhex: 0x1f\nnothing: ~\nflag: true\nshout: TRUE\nratio: .5\nquoted: "1.10"\nsha: 1234e56\nissue: 42\nlist: [1.5, a]' });
    expect(result.ok && result.settings.inputs).toEqual({ version: '1.10', zip: '01234', answer: 'yes', day: '2026-12-01', hex: '0x1f', flag: true, shout: 'TRUE', ratio: '.5', quoted: '1.10', sha: '1234e56', issue: 42, list: [1.5, 'a'] });
    const json = await read({ inputs: '{"version": 1.10, "title": "fix: x", "issue": 42, "draft": false}' });
    expect(json.ok && json.settings.inputs).toEqual({ version: '1.10', title: 'fix: x', issue: 42, draft: false });
  });

  it('refuses a value YAML would make something else than text, a list or a map, naming the input', async () => {
    for (const [inputs, problem] of [
      ['day: !!timestamp 2026-12-01', 'input `day` has the YAML tag !!timestamp'],
      ['tags: !!set {a, b}', 'input `tags` has the YAML tag !!set'],
      ['blob: !!binary aGk=', 'input `blob` has the YAML tag !!binary'],
      ['list: [a, !custom b]', 'input `list` has the YAML tag !custom'],
      ['ratio: [!!float .nan]', 'input `ratio` has the YAML tag !!float'],
    ] as const) {
      const result = await read({ inputs });
      expect(!result.ok && result.problems[0], inputs).toContain(`input 'inputs': ${problem}`);
    }
    const omap = await read({ inputs: '!!omap [week: 1]' });
    expect(!omap.ok && omap.problems[0]).toMatch(/^input 'inputs': expected a map of input names to values, such as "week: 2026-W48", got a !!omap\./);
    expect(await read({ inputs: 'name: !!str 1.10' })).toMatchObject({ ok: true, settings: { inputs: { name: '1.10' } } });
  });

  it('writes out an inputs map\'s aliases, and refuses a "billion laughs" map and a repeated key', async () => {
    expect(await read({ inputs: 'list: &l [1, 2]\nsame: *l\nname: &n x\nagain: *n' })).toMatchObject({ ok: true, settings: { inputs: { list: [1, 2], same: [1, 2], name: 'x', again: 'x' } } });
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n');
    const bomb = await read({ inputs: laughs });
    expect(!bomb.ok && bomb.problems[0]).toMatch(/^input 'inputs': not valid YAML or JSON \(Excessive alias count/);
    const twice = await read({ inputs: 'week: 1\nweek: 2' });
    expect(!twice.ok && twice.problems[0]).toMatch(/^input 'inputs': not valid YAML or JSON \(Map keys must be unique/);
  });

  it('says where a broken inputs map breaks', async () => {
    const result = await read({ inputs: 'week: [2026' });
    expect(!result.ok && result.problems[0]).toMatch(/^input 'inputs': not valid YAML or JSON \(.+\); write a map such as/);
  });

  it('runs the task alone when no plan file exists, and keeps the file when it does', async () => {
    const alone = await read({ task: 'Summarise the open issues' }, {}, false);
    expect(alone.ok && alone.settings).toMatchObject({ task: 'Summarise the open issues', planPath: 'task' });
    expect(alone.ok && alone.settings.planFile).toBeUndefined();
    const both = await read({ task: 'Summarise', plan: 'plans/issues.yml' }, {}, true);
    expect(both.ok && both.settings.planPath).toBe('plans/issues.yml');
  });

  it('never runs the task alone in place of a plan file the workflow named: a missing one is loaded, and reported missing', async () => {
    // A gate whose plan moved would otherwise run the task without the plan's goals, and pass.
    const named = await read({ task: 'Summarise', plan: 'plans/gate.yml' }, {}, false);
    expect(named.ok && named.settings).toMatchObject({ planFile: path.join(WORKSPACE, 'plans/gate.yml'), planPath: 'plans/gate.yml' });
    const spelledOtherwise = await read({ task: 'Summarise', plan: './.github/plan.yml' }, {}, false);
    expect(spelledOtherwise.ok && spelledOtherwise.settings.planPath).toBe('task');
  });

  it('takes the run context from the runner: temp folder, token fallback and the run link', async () => {
    const result = await read(
      {},
      { RUNNER_TEMP: '/runner/_temp', GITHUB_TOKEN: 'ghs_fallback', GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '7', GITHUB_RUN_ATTEMPT: '2', GITHUB_SHA: 'abc' },
    );
    expect(result.ok && result.settings).toMatchObject({
      outputDir: path.join('/runner/_temp', 'plan-runner'),
      githubToken: 'ghs_fallback',
      github: { repository: 'o/r', runUrl: 'https://github.com/o/r/actions/runs/7/attempts/2', headSha: 'abc' },
    });
  });
});

// Found by an adversarial pass: a pull request can make `.github/plan.yml` a link to a file outside the
// workspace; its keys were quoted in the log, the summary and annotations, and a valid plan there ran.
describe('a plan file that is a link', () => {
  const workspace = mkdtempSync(path.join(tmpdir(), 'plan-runner-linked-'));
  const outside = mkdtempSync(path.join(tmpdir(), 'plan-runner-outside-'));
  writeFileSync(path.join(outside, 'secret.yml'), 'api_token: x\n');
  mkdirSync(path.join(workspace, '.github'));
  mkdirSync(path.join(workspace, '.git'));
  writeFileSync(path.join(workspace, '.git', 'config'), '[core]\n');
  writeFileSync(path.join(workspace, 'plans.yml'), 'name: p\n');
  symlinkSync(path.join(outside, 'secret.yml'), path.join(workspace, '.github', 'plan.yml'));
  symlinkSync(path.join(workspace, '.git', 'config'), path.join(workspace, 'git.yml'));
  symlinkSync(path.join(workspace, 'plans.yml'), path.join(workspace, 'inside.yml'));
  const readIn = (plan: string) => readActionSettings((name) => (name === 'plan' ? plan : ''), { GITHUB_WORKSPACE: workspace });

  it('is refused when it leads outside the workspace or into .git, before anything reads it', async () => {
    expect(await readIn('.github/plan.yml')).toEqual({ ok: false, problems: ["input 'plan' must name a plan file inside the repository; .github/plan.yml is a link to a file outside it"] });
    expect(await readIn('git.yml')).toEqual({ ok: false, problems: ["input 'plan' must name a plan file in the repository, not in .git; git.yml is in or links into it"] });
    expect(await readIn('.git/config')).toEqual({ ok: false, problems: ["input 'plan' must name a plan file in the repository, not in .git; .git/config is in or links into it"] });
  });

  it('is read when it stays in the workspace, and a path the workflow names outside it is the workflow’s', async () => {
    expect(await readIn('inside.yml')).toMatchObject({ ok: true, settings: { planFile: path.join(workspace, 'inside.yml') } });
    expect(await readIn(path.join(outside, 'secret.yml'))).toMatchObject({ ok: true, settings: { planFile: path.join(outside, 'secret.yml') } });
  });
});

// Found by an adversarial pass: only `plan` was checked. A pull request could make `eval/faults.yml` (or the
// answers file, or a trace the workflow resumes from or weighs by) a link to a file outside the workspace or
// into .git: a fault or answers file's keys were quoted in the errors the job printed, as the plan's had been.
describe('another input that names a file through a link', () => {
  const workspace = mkdtempSync(path.join(tmpdir(), 'plan-runner-linked-inputs-'));
  const outside = mkdtempSync(path.join(tmpdir(), 'plan-runner-outside-'));
  writeFileSync(path.join(outside, 'secret.yml'), 'api_token: x\n');
  mkdirSync(path.join(workspace, '.git'));
  writeFileSync(path.join(workspace, '.git', 'config'), '[core]\n');
  writeFileSync(path.join(workspace, 'faults.yml'), '- tool: "*"\n');
  symlinkSync(path.join(outside, 'secret.yml'), path.join(workspace, 'out.yml'));
  symlinkSync(path.join(workspace, '.git', 'config'), path.join(workspace, 'git.yml'));
  symlinkSync(path.join(workspace, 'faults.yml'), path.join(workspace, 'inside.yml'));
  const readIn = (inputs: Partial<Record<InputName, string>>) => readActionSettings((name) => inputs[name] ?? '', { GITHUB_WORKSPACE: workspace }, () => true);

  it('is refused, naming the input, when it leads outside the workspace or into .git', async () => {
    expect(await readIn({ mode: 'eval', 'eval-faults': 'out.yml' })).toEqual({ ok: false, problems: ["input 'eval-faults' must name a file inside the repository; out.yml is a link to a file outside it"] });
    expect(await readIn({ mode: 'eval', 'eval-answers': 'git.yml' })).toEqual({ ok: false, problems: ["input 'eval-answers' must name a file in the repository, not in .git; git.yml is in or links into it"] });
    expect(await readIn({ 'resume-from': 'out.yml' })).toEqual({ ok: false, problems: ["input 'resume-from' must name a file inside the repository; out.yml is a link to a file outside it"] });
    expect(await readIn({ 'weights-from': '.git/config' })).toEqual({ ok: false, problems: ["input 'weights-from' must name a file in the repository, not in .git; .git/config is in or links into it"] });
  });

  it('is read when it stays in the workspace, and a path the workflow names outside it is the workflow’s', async () => {
    expect(await readIn({ mode: 'eval', 'eval-faults': 'inside.yml' })).toMatchObject({ ok: true, settings: { eval: { faultsFile: path.join(workspace, 'inside.yml') } } });
    expect(await readIn({ 'resume-from': path.join(outside, 'secret.yml') })).toMatchObject({ ok: true, settings: { resumeFrom: path.join(outside, 'secret.yml') } });
  });
});
