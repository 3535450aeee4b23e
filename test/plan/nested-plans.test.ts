import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadJobPlan } from '../../src/job/load-job-plan.ts';
import { loadPlanFile } from '../../src/plan/load-plan.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import { describeValidPlan } from '../../src/cli/validate-command.ts';

/**
 * Writes plan files into a fresh directory; returns its path. It is more levels deep than the working
 * directory: a file name relative to the working directory, resolved against the root by mistake,
 * then names another file (at the same depth, the two mistakes cancel out).
 */
function repo(files: Record<string, string>): string {
  const depth = (dir: string) => dir.split(path.sep).filter(Boolean).length;
  let root = mkdtempSync(path.join(tmpdir(), 'plan-runner-nested-'));
  while (depth(root) <= depth(process.cwd()) + 1) root = path.join(root, 'repo');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

async function errors(root: string, file: string): Promise<string[]> {
  const result = await loadPlanFile(path.join(root, file), { root });
  if (result.ok) throw new Error('expected the plan to be rejected, but it loaded');
  return result.errors.map((error) => formatPlanError({ ...error, ...(error.file && { file: path.relative(root, path.resolve(error.file)) }) }));
}

const INNER = [
  'inputs: { repository: {} }',
  'tools:',
  '  stats: { description: Stats, command: [node, stats.mjs], input: { type: object, properties: { repository: { type: string } } } }',
  'workflow_sequence:',
  '  - { id: s, type: tool_call, tool: stats, args: { repository: "${inputs.repository}" } }',
  '',
].join('\n');

const usesStep = (file: string, extra = '') => `workflow_sequence:\n  - { id: u, type: plan, uses: ${file}${extra} }\n`;

describe('plans using plans, at load time', () => {
  it('loads the used plan, and its tools join the run’s', async () => {
    const root = repo({ 'outer.yml': usesStep('plans/inner.yml', ', with: { repository: octo/web }'), 'plans/inner.yml': INNER });
    const result = await loadPlanFile(path.join(root, 'outer.yml'), { root });
    expect(result.ok ? [] : result.errors.map(formatPlanError)).toEqual([]);
    if (!result.ok) return;
    expect([...(result.plan.subplans?.keys() ?? [])]).toEqual(['plans/inner.yml']);
    expect(result.plan.source.tools?.stats).toBeDefined();
    expect(result.plan.tools.has('stats')).toBe(true);
  });

  // Found by a hunt for bad inputs: a used plan's toolset tool against a declared one of the same name passed validate,
  // and the run refused the name with no position; two plans enabling the same toolset share it.
  it('refuses, at the uses: line, a used plan whose toolset and a declared tool give one name', async () => {
    const math = 'toolsets: [math]\nworkflow_sequence:\n  - { id: m, type: tool_call, tool: multiply, args: { a: 1, b: 1 } }\n';
    const own = "tools:\n  add: { description: Adds, command: [echo, '1'] }\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: add, args: {} }\n";
    const root = repo({
      'declared.yml': `tools:\n  add: { description: Adds, command: [echo, '1'] }\n${usesStep('plans/math.yml')}`,
      'toolset.yml': `toolsets: [math]\n${usesStep('plans/own.yml')}`,
      'both.yml': `toolsets: [math]\n${usesStep('plans/math.yml')}`,
      'plans/math.yml': math,
      'plans/own.yml': own,
    });
    expect(await errors(root, 'declared.yml')).toEqual([
      "declared.yml:4:32: the plan plans/math.yml brings the `math` toolset's `add`, which clashes with the one declared here; give the declared tool another name (at workflow_sequence[0].uses)",
    ]);
    expect(await errors(root, 'toolset.yml')).toEqual([
      "toolset.yml:3:32: the plan plans/own.yml brings a tool `add` of its own, which clashes with the `math` toolset's; give the declared tool another name (at workflow_sequence[0].uses)",
    ]);
    const shared = await loadPlanFile(path.join(root, 'both.yml'), { root });
    expect(shared.ok ? [] : shared.errors.map(formatPlanError)).toEqual([]);
  });

  // Found by a README walkthrough: validate said "no model needed" of a plan whose used plan needs one, and passed a
  // model budget of 0 there, which then stopped the run at its first call.
  it('says a used plan needs a model, and refuses a model budget of 0 that only a used plan needs', async () => {
    const root = repo({
      'plans/reasons.yml': 'goal: inner\nworkflow_sequence:\n  - { id: r, type: reasoning, description: Say ok }\n',
      'outer.yml': usesStep('plans/reasons.yml'),
      'zero.yml': `limits: { max_model_calls: 0, max_cost_usd: 0 }\n${usesStep('plans/reasons.yml')}`,
    });
    const loaded = await loadPlanFile(path.join(root, 'outer.yml'), { root });
    if (!loaded.ok) throw new Error(loaded.errors.map(formatPlanError).join('\n'));
    expect(describeValidPlan(loaded.plan)).toBe('1 step, 0 tools, 0 goals; needs a model (used plan plans/reasons.yml)');
    expect(await errors(root, 'zero.yml')).toEqual([
      'zero.yml:1:28: limits.max_model_calls is 0, but the plan plans/reasons.yml (used by a plan step) needs a model: the run would stop at its first model call; raise it (left out, it is 50) (at limits.max_model_calls)',
      'zero.yml:1:45: limits.max_cost_usd is 0, but the plan plans/reasons.yml (used by a plan step) needs a model: the run would stop at its first model call; raise it, or leave it out for no cost cap (at limits.max_cost_usd)',
    ]);
  });

  // Read as a path, the URL was "https:/github.com/…/p.yml: no such file", which says nothing of why.
  it('refuses a URL, saying uses names a file in the repository by its path', async () => {
    const root = repo({ 'main.yml': usesStep('https://github.com/octo/web/blob/main/plans/p.yml') });
    expect(await errors(root, 'main.yml')).toEqual(['main.yml:2:32: uses names a plan file in this repository by its path, not a URL: copy the plan into the repository and give its path from the root (at workflow_sequence[0].uses)']);
  });

  it('refuses a link inside the repository to a plan file outside it', async () => {
    const outside = repo({ 'config.yml': 'SECRET_DB_PASSWORD: hunter2\n' });
    const root = repo({ 'main.yml': usesStep('cfg.yml') });
    symlinkSync(path.join(outside, 'config.yml'), path.join(root, 'cfg.yml'));
    const found = await errors(root, 'main.yml');
    expect(found).toEqual([expect.stringContaining('uses must name a plan file inside the repository; cfg.yml is a link to a file outside it')]);
    expect(found.join('\n')).not.toContain('SECRET_DB_PASSWORD');
  });

  it('refuses a used plan in .git, or a link into it', async () => {
    const root = repo({ 'main.yml': usesStep('.git/hooks/plan.yml'), 'other.yml': usesStep('cfg.yml'), '.git/config': '[core]\n', '.git/hooks/plan.yml': INNER });
    symlinkSync(path.join(root, '.git', 'config'), path.join(root, 'cfg.yml'));
    expect(await errors(root, 'main.yml')).toEqual([expect.stringContaining('uses must name a plan file in the repository, not in .git; .git/hooks/plan.yml is in or links into it')]);
    expect(await errors(root, 'other.yml')).toEqual([expect.stringContaining('uses must name a plan file in the repository, not in .git; cfg.yml is in or links into it')]);
  });

  it('prints the chain of a cycle between plan files', async () => {
    const root = repo({ 'a.yml': usesStep('b.yml'), 'b.yml': usesStep('a.yml') });
    expect(await errors(root, 'a.yml')).toEqual([
      'a.yml:2:32: the plan b.yml has 1 problem (listed with their own positions) (at workflow_sequence[0].uses)',
      'b.yml:2:32: plan files use each other in a cycle: a.yml → b.yml → a.yml; a plan cannot use itself, directly or through others (at workflow_sequence[0].uses)',
    ]);
  });

  it('refuses a plan that uses itself', async () => {
    const root = repo({ 'a.yml': usesStep('a.yml') });
    expect((await errors(root, 'a.yml'))[0]).toContain('plan files use each other in a cycle: a.yml → a.yml');
  });

  it('bounds how deep plans nest', async () => {
    const root = repo({ 'p1.yml': usesStep('p2.yml'), 'p2.yml': usesStep('p3.yml'), 'p3.yml': usesStep('p4.yml'), 'p4.yml': usesStep('p5.yml'), 'p5.yml': INNER });
    const all = (await errors(root, 'p1.yml')).join('\n');
    expect(all).toContain('plans nest more than 4 deep (p1.yml → p2.yml → p3.yml → p4.yml → p5.yml)');
  });

  it('reports the used plan’s own errors with positions in its own file', async () => {
    const root = repo({ 'outer.yml': usesStep('inner.yml', ', with: { repository: x }'), 'inner.yml': INNER.replace('tool: stats', 'tool: stat') });
    const all = await errors(root, 'outer.yml');
    expect(all[0]).toMatch(/^outer\.yml:2:32: the plan inner\.yml has 1 problem/);
    expect(all[1]).toMatch(/^inner\.yml:5:37: unknown tool `stat`/);
  });

  it('lists a broken used plan’s problems once, however many steps and levels use it', async () => {
    const uses = (file: string) => `workflow_sequence:\n${[1, 2, 3].map((i) => `  - { id: u${i}, type: plan, uses: ${file}, depends_on: [] }`).join('\n')}\n`;
    const root = repo({ 'top.yml': uses('mid.yml'), 'mid.yml': uses('leaf.yml'), 'leaf.yml': INNER.replace('tool: stats', 'tool: stat').replace('tools:', 'goal: 1\ngoal: 2\ntools:') });
    const all = await errors(root, 'top.yml');
    // Each step's pointer to the file it uses (three a level), and the leaf's own problems once.
    expect(all.filter((line) => line.startsWith('top.yml:'))).toHaveLength(3);
    expect(all.filter((line) => line.startsWith('mid.yml:'))).toHaveLength(3);
    const leaf = all.filter((line) => line.startsWith('leaf.yml:'));
    expect(leaf).toEqual([...new Set(leaf)]);
    expect(leaf.length).toBeGreaterThan(0);
    expect(all[0]).toMatch(new RegExp(`^top\\.yml:2:\\d+: the plan mid\\.yml has ${3 + leaf.length} problems`));
  });

  it('lists them once also when plans reach the file by other paths or other names', async () => {
    const root = repo({
      'top.yml': `workflow_sequence:\n  - { id: a, type: plan, uses: a.yml }\n  - { id: b, type: plan, uses: b.yml, depends_on: [] }\n  - { id: l, type: plan, uses: ./leaf.yml, depends_on: [] }\n  - { id: m, type: plan, uses: x/../leaf.yml, depends_on: [] }\n`,
      'a.yml': usesStep('leaf.yml'),
      'b.yml': usesStep('leaf.yml'),
      'leaf.yml': INNER.replace('tool: stats', 'tool: stat'),
    });
    const all = await errors(root, 'top.yml');
    expect(all.filter((line) => line.includes('unknown tool `stat`'))).toHaveLength(1);
    expect(all.filter((line) => line.startsWith('top.yml:'))).toHaveLength(4);
  });

  // Found by an adversarial pass: each plan's used plans were loaded anew under every plan using it, so 40
  // plans that each use the same 40, each of which uses 40 more, loaded 64,000 files (72 s, 550 MB).
  it('loads each used plan once per depth, however many plans above it use it', async () => {
    const uses = (prefix: string) => `workflow_sequence:\n${[1, 2, 3, 4, 5].map((i) => `  - { id: u${i}, type: plan, uses: ${prefix}${i}.yml, depends_on: [] }`).join('\n')}\n`;
    // Each leaf's step runs once under every plan using it: 282 steps in all.
    const files: Record<string, string> = { 'top.yml': `limits: { max_steps: 282 }\n${uses('b')}` };
    for (const i of [1, 2, 3, 4, 5]) Object.assign(files, { [`b${i}.yml`]: uses('c'), [`c${i}.yml`]: uses('d'), [`d${i}.yml`]: INNER.replace('inputs: { repository: {} }', 'inputs: { repository: { default: x } }') });
    // d1.yml also at depth 3 (top → b1 → d1): a file has one load per depth it is reached at.
    files['b1.yml'] = `${uses('c')}  - { id: d, type: plan, uses: d1.yml, depends_on: [] }\n`;
    const root = repo(files);
    const usedPlans = new Map<string, Promise<unknown>>();
    const result = await loadPlanFile(path.join(root, 'top.yml'), { root, usedPlans: usedPlans as never });
    expect(result.ok ? [] : result.errors.map(formatPlanError)).toEqual([]);
    const loads = [...usedPlans.keys()].map((key) => key.replace(/^(\d+):.*[/\\]/, '$1:')).sort();
    expect(loads).toEqual(['2:b1.yml', '2:b2.yml', '2:b3.yml', '2:b4.yml', '2:b5.yml', '3:c1.yml', '3:c2.yml', '3:c3.yml', '3:c4.yml', '3:c5.yml', '3:d1.yml', '4:d1.yml', '4:d2.yml', '4:d3.yml', '4:d4.yml', '4:d5.yml']);
    // The one load serves every plan that uses the file at that depth.
    if (!result.ok) return;
    const used = (plan: typeof result.plan, ...files: string[]) => files.reduce((at, file) => at.subplans!.get(file)!, plan);
    expect(used(result.plan, 'b1.yml', 'c3.yml')).toBe(used(result.plan, 'b5.yml', 'c3.yml'));
    expect(used(result.plan, 'b2.yml', 'c1.yml', 'd4.yml')).toBe(used(result.plan, 'b4.yml', 'c5.yml', 'd4.yml'));
  });

  it('counts every YAML error of a used plan, not only the lines listed for it', async () => {
    const root = repo({ 'outer.yml': usesStep('inner.yml'), 'inner.yml': `goal: [${','.repeat(5_000)}]\n` });
    const all = await errors(root, 'outer.yml');
    expect(all[0]).toMatch(/^outer\.yml:2:32: the plan inner\.yml has 5,000 problems \(listed with their own positions\)/);
    expect(all).toHaveLength(3);
  });

  it('checks with: against the used plan’s inputs', async () => {
    const root = repo({ 'outer.yml': usesStep('inner.yml', ', with: { repo: x }'), 'inner.yml': INNER });
    const all = await errors(root, 'outer.yml');
    expect(all).toContain('outer.yml:2:57: the plan inner.yml has no input `repo`; its inputs: repository (at workflow_sequence[0].with.repo)');
    expect(all.join('\n')).toContain('the plan inner.yml needs input `repository`; add it under `with:`');
  });

  // Only the used plan's run refused it, after the steps before it had run (writes included).
  it('refuses a with: value written in the plan that the used plan’s input cannot take, at its line', async () => {
    const inner = 'inputs:\n  n: { default: 5 }\n  on: { default: true }\nworkflow_sequence:\n  - { id: s, type: reasoning, description: "${inputs.n} ${inputs.on}" }\n';
    const outer = 'goal: g\nworkflow_sequence:\n  - { id: a, type: reasoning }\n  - id: u\n    type: plan\n    uses: inner.yml\n    with:\n      n: five\n      on: maybe\n';
    const root = repo({ 'outer.yml': outer, 'inner.yml': inner });
    expect(await errors(root, 'outer.yml')).toEqual([
      'outer.yml:8:10: the plan inner.yml: input \'n\' is a number (its default is 5); got "five": give a number (at workflow_sequence[1].with.n)',
      'outer.yml:9:11: the plan inner.yml: input \'on\' is true or false (its default is true); got "maybe": give true or false (at workflow_sequence[1].with.on)',
    ]);
  });

  // Found by a hunt of references: the kind of these values is known, and the used plan's run refused every one.
  it('refuses a with: value a reference makes of a kind the used plan’s input never takes', async () => {
    const inner = 'inputs:\n  n: { default: 5 }\n  on: { default: true }\nworkflow_sequence:\n  - { id: s, type: reasoning, description: "${inputs.n} ${inputs.on}" }\n';
    const outer = [
      'goal: g',
      'inputs: { flag: { default: true }, week: { default: W48 } }',
      'workflow_sequence:',
      '  - { id: a, type: reasoning }',
      '  - { id: u, type: plan, uses: inner.yml, with: { n: "${inputs.flag}", on: "sum ${steps.a.result}" } }',
      // Text that may spell a number or a flag, which the run reads as one.
      '  - { id: v, type: plan, uses: inner.yml, with: { n: "${inputs.week}", on: " ${steps.a.result} " } }',
      '',
    ].join('\n');
    const root = repo({ 'outer.yml': outer, 'inner.yml': inner });
    expect(await errors(root, 'outer.yml')).toEqual([
      "outer.yml:5:54: the plan inner.yml: input 'n' is a number (its default is 5), and `${inputs.flag}` is true or false: input `flag`'s default is, and a value given for it is read as that kind; give input `flag` a default of the kind input 'n' takes (at workflow_sequence[1].with.n)",
      "outer.yml:5:76: the plan inner.yml: input 'on' is true or false (its default is true), and `sum ${steps.a.result}` is text: a reference with text around it makes text; write the reference alone (at workflow_sequence[1].with.on)",
    ]);
  });

  it('leaves a with: value that a reference makes, or one the input takes, to the run', async () => {
    const inner = 'inputs:\n  n: { default: 5 }\nworkflow_sequence:\n  - { id: s, type: reasoning, description: "${inputs.n}" }\n';
    const outer = 'goal: g\nworkflow_sequence:\n  - { id: a, type: reasoning }\n  - { id: u, type: plan, uses: inner.yml, with: { n: "${steps.a.result}" } }\n  - { id: v, type: plan, uses: inner.yml, with: { n: "7" } }\n';
    const root = repo({ 'outer.yml': outer, 'inner.yml': inner });
    const result = await loadPlanFile(path.join(root, 'outer.yml'), { root });
    expect(result.ok ? [] : result.errors.map(formatPlanError)).toEqual([]);
  });

  // Found by a hunt of references: a plan step's result is its plan's final step's, here a model's text. A field in it
  // or a for_each over it validated, and failed when its step ran, after the used plan's model calls were paid for.
  it('refuses a field in, or a for_each over, a plan step whose used plan ends in a step a model answers with text', async () => {
    const verdict = 'goal: g\nworkflow_sequence:\n  - { id: w, type: reasoning, description: Write a verdict }\n';
    const numbers = 'toolsets: [math]\nworkflow_sequence:\n  - { id: n, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n';
    const outer = [
      'model: { name: gpt-4.1-mini }',
      'toolsets: [math]',
      'workflow_sequence:',
      '  - { id: p, type: plan, uses: plans/verdict.yml }',
      '  - { id: t, type: tool_call, tool: add, args: { a: "${steps.p.result.score}", b: 1 } }',
      '  - { id: q, type: plan, uses: plans/mid.yml, depends_on: [] }',
      '  - { id: e, type: reasoning, description: Say it, for_each: "${steps.q.result}", depends_on: [q] }',
      '  - { id: s, type: plan, uses: plans/numbers.yml, depends_on: [] }',
      '  - { id: u, type: tool_call, tool: add, args: { a: "${steps.s.result.x}", b: 1 }, depends_on: [s] }',
      '',
    ].join('\n');
    const root = repo({ 'outer.yml': outer, 'plans/verdict.yml': verdict, 'plans/mid.yml': usesStep('plans/verdict.yml'), 'plans/numbers.yml': numbers });
    expect(await errors(root, 'outer.yml')).toEqual([
      'outer.yml:5:53: ${steps.p.result.score}: step p runs plans/verdict.yml, which ends in reasoning step w, so its result is text, which has no `score`; use ${steps.p.result}, or have a tool step make the value (at workflow_sequence[1].args.a)',
      "outer.yml:7:62: ${steps.q.result}: step q runs plans/mid.yml → plans/verdict.yml, which ends in reasoning step w, so its result is text, not a list; map over a tool's result or a for_each step's list (at workflow_sequence[3].for_each)",
    ]);
  });

  it('refuses budgets in a used plan, which only the top plan enforces, and keeps its concurrency and timeout', async () => {
    const limited = (limits: string) => `limits: { ${limits} }\n${INNER}`;
    const outer = usesStep('inner.yml', ', with: { repository: x }');
    const root = repo({ 'outer.yml': outer, 'inner.yml': limited('max_steps: 1, max_model_calls: 1, max_tokens: 2500, max_cost_usd: 1, concurrency: 2') });
    expect(await errors(root, 'outer.yml')).toEqual(
      ['max_steps', 'max_model_calls', 'max_tokens', 'max_cost_usd'].map(
        (key) => `outer.yml:2:32: the plan inner.yml sets \`limits.${key}\`, which a used plan cannot enforce: its ${key === 'max_steps' ? 'steps' : 'model calls'} count against this plan's budget; set ${key} here and remove it there (at workflow_sequence[0].uses)`,
      ),
    );
    const allowed = repo({ 'outer.yml': outer, 'inner.yml': limited('concurrency: 2, timeout_minutes: 5') });
    expect((await loadPlanFile(path.join(allowed, 'outer.yml'), { root: allowed })).ok).toBe(true);
  });

  // Found by a hunt of used plans: both were accepted and did nothing, as a used plan's run has no replanner.
  it('refuses limits.max_replans and review: true in a used plan, which its run never uses', async () => {
    const inner = `limits: { max_replans: 3 }\n${INNER.replace('"${inputs.repository}" } }', '"${inputs.repository}" }, review: true }')}`;
    const root = repo({ 'outer.yml': usesStep('inner.yml', ', with: { repository: x }'), 'inner.yml': inner });
    const neither = "a used plan's run neither replans nor reviews (its failure is its step's, which this plan's `on_failure` and replans recover from)";
    expect(await errors(root, 'outer.yml')).toEqual([
      `outer.yml:2:32: the plan inner.yml sets \`limits.max_replans: 3\`, which a used plan cannot use: ${neither}; set max_replans here and remove it there (or set 0 there) (at workflow_sequence[0].uses)`,
      `outer.yml:2:32: the plan inner.yml asks for a review after step s (\`review: true\`), which a used plan cannot do: ${neither}; to review after its whole run, set review: true on the step here that uses it, and remove it there (at workflow_sequence[0].uses)`,
    ]);
    // Said where it works: a review after the step that uses the plan, and the using plan's replans.
    const moved = repo({ 'outer.yml': `limits: { max_replans: 3 }\n${usesStep('inner.yml', ', with: { repository: x }, review: true')}`, 'inner.yml': INNER });
    expect((await loadPlanFile(path.join(moved, 'outer.yml'), { root: moved })).ok).toBe(true);
  });

  // Found by a review: 0 is what a used plan's run does, and a plan file run alone and used too may say so.
  it('accepts limits.max_replans: 0 in a used plan', async () => {
    const root = repo({ 'outer.yml': usesStep('inner.yml', ', with: { repository: x }'), 'inner.yml': `limits: { max_replans: 0 }\n${INNER}` });
    const loaded = await loadPlanFile(path.join(root, 'outer.yml'), { root });
    expect(loaded.ok ? [] : loaded.errors.map((error) => error.message)).toEqual([]);
  });

  // The run has one model client, made with the top plan's wait: a used plan's other one would be ignored.
  it('refuses a used plan’s model.timeout_seconds unless the top plan waits as long', async () => {
    const inner = `model: { timeout_seconds: 600 }\n${INNER}`;
    const refused = repo({ 'outer.yml': usesStep('inner.yml', ', with: { repository: x }'), 'inner.yml': inner });
    expect(await errors(refused, 'outer.yml')).toEqual([
      "outer.yml:2:32: the plan inner.yml sets `model.timeout_seconds: 600` and this plan sets none: a used plan's model calls wait as the using plan's, so set the same model.timeout_seconds here, or remove it there (at workflow_sequence[0].uses)",
    ]);
    const other = repo({ 'outer.yml': `model: { timeout_seconds: 300 }\n${usesStep('inner.yml', ', with: { repository: x }')}`, 'inner.yml': inner });
    expect(await errors(other, 'outer.yml')).toEqual([expect.stringContaining('sets `model.timeout_seconds: 600` and this plan sets 300:')]);
    const same = repo({ 'outer.yml': `model: { timeout_seconds: 600 }\n${usesStep('inner.yml', ', with: { repository: x }')}`, 'inner.yml': inner });
    expect((await loadPlanFile(path.join(same, 'outer.yml'), { root: same })).ok).toBe(true);
  });

  // The caller's wait (model-timeout-seconds, --model-timeout-seconds) replaces both plans': their difference then
  // changes nothing, and refusing it stopped a run that set the input for exactly that.
  it('loads a used plan with another model.timeout_seconds when the caller’s setting replaces both', async () => {
    const root = repo({ 'outer.yml': `goal: g\nmodel: { timeout_seconds: 60 }\n${usesStep('inner.yml', ', with: { repository: x }')}`, 'inner.yml': `model: { timeout_seconds: 600 }\n${INNER}` });
    const loaded = await loadPlanFile(path.join(root, 'outer.yml'), { root, modelTimeoutSeconds: 300 });
    expect(loaded.ok ? [] : loaded.errors.map(formatPlanError)).toEqual([]);
    // As a job loads it, from the caller's model settings (the action input, the CLI option).
    const settings = { planFile: path.join(root, 'outer.yml'), inputs: {}, cwd: root, env: {}, model: { baseURL: 'http://127.0.0.1:9', timeoutSeconds: 300 } };
    const job = await loadJobPlan(settings, [], new AbortController().signal);
    expect(job.ok ? [] : job.errors.map(formatPlanError)).toEqual([]);
    const unset = await loadJobPlan({ ...settings, model: { baseURL: 'http://127.0.0.1:9' } }, [], new AbortController().signal);
    expect(unset.ok ? [] : unset.errors.map((error) => error.message)).toEqual([expect.stringContaining('sets `model.timeout_seconds: 600` and this plan sets 60:')]);
  });

  // Found by an adversarial pass: a used plan's `escalate:` was read by no one. When its run escalated (a side
  // effect with no answer), the run using it escalated with its own `escalate:` (or none), and the team the used
  // plan named was never told, with no word at load.
  it('refuses escalate in a used plan, which only the top plan’s run tells', async () => {
    const outer = usesStep('inner.yml', ', with: { repository: x }');
    const root = repo({ 'outer.yml': outer, 'inner.yml': `escalate: { mention: '@org/payments' }\n${INNER}` });
    expect(await errors(root, 'outer.yml')).toEqual([
      "outer.yml:2:32: the plan inner.yml declares `escalate`; a used plan runs with the top plan's `escalate`, so declare it there (at workflow_sequence[0].uses)",
    ]);
  });

  // Found by an adversarial pass: a used plan's `frozen:` pins were never checked (only the top plan's are), so a
  // frozen file used by another plan ran with other inputs and other used plans than mode: plan froze it with.
  it('refuses frozen in a used plan, whose pins only a top plan’s run checks', async () => {
    const outer = usesStep('inner.yml', ', with: { repository: x }');
    const root = repo({ 'outer.yml': outer, 'inner.yml': `frozen: { inputs: ${'a'.repeat(32)} }\n${INNER}` });
    expect(await errors(root, 'outer.yml')).toEqual([
      'outer.yml:2:32: the plan inner.yml holds `frozen:` (what mode: plan froze it with), whose pins are checked only when the file is the plan a job runs; run it as its own plan, or use the plan it was frozen from (at workflow_sequence[0].uses)',
    ]);
  });

  // Found by an adversarial pass: a used plan with `toolsets: [http]` could never load. Without `http:` it was told
  // to add one, with it that a used plan runs with the top plan's `http`, and the top plan's was not enough.
  it('lets a used plan enable the http toolset under the top plan’s http.allow, and asks the top plan for one', async () => {
    const inner = 'toolsets: [http]\nworkflow_sequence:\n  - { id: s, type: tool_call, tool: http_get, args: { url: "https://api.example.com/v1/x" } }\n';
    const top = 'toolsets: [http]\nhttp: { allow: ["https://api.example.com/v1/"] }\n';
    const root = repo({ 'outer.yml': `${top}${usesStep('inner.yml')}`, 'bare.yml': usesStep('inner.yml'), 'middle.yml': usesStep('inner.yml'), 'deep.yml': `${top}${usesStep('middle.yml')}`, 'deep-bare.yml': usesStep('middle.yml'), 'inner.yml': inner });
    const loaded = await loadPlanFile(path.join(root, 'outer.yml'), { root });
    expect(loaded.ok ? [] : loaded.errors.map(formatPlanError)).toEqual([]);
    if (loaded.ok) expect(loaded.plan.source.http?.allow).toEqual(['https://api.example.com/v1/']);
    expect((await loadPlanFile(path.join(root, 'deep.yml'), { root })).ok).toBe(true);
    expect(await errors(root, 'bare.yml')).toEqual([
      'bare.yml:2:32: the plan inner.yml enables the http toolset, which calls only the URL prefixes the top plan allows: add http to `toolsets:` and `http: { allow: [https://api.example.com/v1/] }` here (at workflow_sequence[0].uses)',
    ]);
    expect(await errors(root, 'deep-bare.yml')).toEqual([expect.stringMatching(/^deep-bare\.yml:2:32: the plan middle\.yml enables the http toolset/)]);
  });

  it('says when the used file does not exist', async () => {
    const root = repo({ 'outer.yml': usesStep('nope.yml') });
    const all = await errors(root, 'outer.yml');
    expect(all.join('\n')).toContain('nope.yml: no such file; check the path');
  });

  it('needs uses: on a plan step, and keeps uses/with to plan steps', async () => {
    const root = repo({ 'outer.yml': 'workflow_sequence:\n  - { id: u, type: plan }\n  - { id: r, type: reasoning, with: { a: 1 } }\n' });
    const all = (await errors(root, 'outer.yml')).join('\n');
    expect(all).toContain('a plan step needs `uses:`');
    expect(all).toContain('only plan steps take `with`');
  });

  // A used plan runs as a run of its own: a step timeout or retry on the plan step was read and ignored, and an
  // 8 s inner tool ran past \`timeout_seconds: 2\` to a succeeded run (found by an adversarial pass).
  it('refuses timeout_seconds and retry on a plan step, which its run would not read', async () => {
    const root = repo({ 'outer.yml': usesStep('inner.yml', ', timeout_seconds: 2, retry: { max_attempts: 2 }'), 'inner.yml': INNER });
    const all = (await errors(root, 'outer.yml')).join('\n');
    expect(all).toContain("a plan step takes no `timeout_seconds`: the used plan's `limits.timeout_minutes` bounds its run");
    expect(all).toContain("a plan step is not retried as a whole: give the used plan's steps (or their tools) a `retry`");
  });
});

describe('uses: paths', () => {
  it('stay inside the repository', async () => {
    const root = repo({ 'outer.yml': usesStep('../elsewhere.yml') });
    expect((await errors(root, 'outer.yml'))[0]).toContain('uses must name a plan file inside the repository');
  });
});

// A used plan may not set limits.max_steps (its steps count against the plan using it): checked against the
// default 50, a used plan of 60 steps was an error no change could fix (found by a review).
describe('a used plan with more steps than the default max_steps', () => {
  it('loads when the plan using it allows them, and the top plan alone is held to its limit', async () => {
    const steps = Array.from({ length: 60 }, (_, index) => `  - { id: s${index}, type: reasoning }`);
    const root = repo({ 'inner.yml': ['workflow_sequence:', ...steps, 'goal: Answer in parts', ''].join('\n'), 'outer.yml': `limits: { max_steps: 200 }\n${usesStep('inner.yml')}`, 'long.yml': ['workflow_sequence:', ...steps, 'goal: Answer in parts', ''].join('\n') });
    const loaded = await loadPlanFile(path.join(root, 'outer.yml'), { root });
    expect(loaded.ok).toBe(true);
    expect(await errors(root, 'long.yml')).toEqual([expect.stringMatching(/^long\.yml:2:3: the plan has 60 steps, but limits\.max_steps allows 50 in all/)]);
  });

  // Each plan step and each step of its plan (at any depth) is one of max_steps: `validate` said "ok" of 2 steps
  // and a plan step using a plan of 2 under max_steps 4, and the run stopped at the used plan's last step, its
  // first one run (found by an adversarial pass).
  it('refuses a top plan whose steps and its used plans’ steps pass its max_steps', async () => {
    const two = (id: string) => `  - { id: ${id}, type: reasoning, description: Think }`;
    const root = repo({
      'deep.yml': ['goal: Answer', 'workflow_sequence:', two('d1'), two('d2'), ''].join('\n'),
      'inner.yml': ['goal: Answer', 'workflow_sequence:', two('i1'), '  - { id: i2, type: plan, uses: deep.yml }', ''].join('\n'),
      'outer.yml': ['goal: Answer', 'limits: { max_steps: 6 }', 'workflow_sequence:', two('o1'), '  - { id: o2, type: plan, uses: inner.yml }', '  - { id: o3, type: plan, uses: deep.yml }', ''].join('\n'),
      'fits.yml': ['goal: Answer', 'limits: { max_steps: 9 }', 'workflow_sequence:', two('o1'), '  - { id: o2, type: plan, uses: inner.yml }', '  - { id: o3, type: plan, uses: deep.yml }', ''].join('\n'),
    });
    expect(await errors(root, 'outer.yml')).toEqual([
      'outer.yml:2:22: the plan has 3 steps and the plans its plan steps use 6 more, but limits.max_steps allows 6 in all: the run would stop after 6; raise limits.max_steps (up to 100,000), or combine steps (for_each items do not count) (at limits.max_steps)',
    ]);
    expect((await loadPlanFile(path.join(root, 'fits.yml'), { root })).ok).toBe(true);
    // `mode: agent` runs none of the plan's steps.
    expect((await loadPlanFile(path.join(root, 'outer.yml'), { root, stepsRun: false })).ok).toBe(true);
  });
});
