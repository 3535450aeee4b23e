// Security rules actionlint does not check, over one GitHub workflow's text (a workflow file, or an
// example from the README or a plan's comment). scripts/lint-workflow-examples.ts reports them beside
// actionlint's findings.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parse, parseDocument, type Node } from 'yaml';

/** A rule the workflow breaks, at the 1-based line of the workflow's text that shows it. */
export interface WorkflowRuleProblem {
  readonly line: number;
  readonly message: string;
}

// `npm ci`, `npm install`, `npm i`, `yarn`, `pnpm install`: each runs the install scripts of every dependency.
const INSTALL = /(?:^|[\s;&|(])(?:npm\s+(?:ci|install|i)|pnpm\s+(?:install|i)|yarn(?:\s+install)?)(?=$|[\s;&|)])/m;

function plain(node: unknown): unknown {
  return isScalar(node) ? node.value : node;
}

function get(node: unknown, key: string): unknown {
  return isMap(node) ? node.get(key, true) : undefined;
}

/** The permissions a job's token has: its own `permissions:`, else the workflow's. Undefined when neither says. */
function writesWith(permissions: unknown): string[] | undefined {
  if (permissions === undefined || permissions === null) return undefined;
  const value = plain(permissions);
  if (typeof value === 'string') return value === 'write-all' ? ['write-all'] : [];
  if (!isMap(permissions)) return [];
  return permissions.items.filter((pair) => plain(pair.value) === 'write').map((pair) => String(plain(pair.key)));
}

/** The names of the inputs a plan file declares ([] when it declares none or cannot be read). */
export type PlanInputs = (planPath: string) => readonly string[];

/** Reads the inputs of plan files under `root`, the repository the examples' `plan:` paths are relative to. */
export function planInputsUnder(root: string): PlanInputs {
  return (planPath) => {
    try {
      const plan = parse(readFileSync(path.join(root, planPath), 'utf8')) as { inputs?: unknown } | null;
      return plan?.inputs && typeof plan.inputs === 'object' ? Object.keys(plan.inputs) : [];
    } catch {
      return [];
    }
  };
}

/**
 * A scheduled workflow's plan-runner steps that run a plan with inputs but give it no `inputs:`: every
 * scheduled run then gets the inputs' defaults, the same run each time (a weekly report of one week, again).
 */
function scheduledWithoutInputs(jobs: unknown, planInputs: PlanInputs, lineOf: (node: unknown) => number): WorkflowRuleProblem[] {
  const problems: WorkflowRuleProblem[] = [];
  if (!isMap(jobs)) return problems;
  for (const pair of jobs.items) {
    const steps = get(pair.value, 'steps');
    if (!isSeq(steps)) continue;
    for (const step of steps.items) {
      const uses = plain(get(step, 'uses'));
      if (typeof uses !== 'string' || !/(?:^|\/)plan-runner@/.test(uses)) continue;
      const plan = plain(get(get(step, 'with'), 'plan'));
      const given = plain(get(get(step, 'with'), 'inputs'));
      if (typeof plan !== 'string' || (typeof given === 'string' && given.trim() !== '')) continue;
      const declared = planInputs(plan);
      if (declared.length === 0) continue;
      problems.push({
        line: lineOf(get(get(step, 'with'), 'plan')),
        message: `runs ${plan} on a schedule without 'inputs:', so every run gets the defaults of its inputs (${declared.join(', ')}) and is the same run: give them, e.g. 'inputs: "week: \${{ steps.week.outputs.week }}"' from a step that reads the date`,
      });
    }
  }
  return problems;
}

/**
 * The plan-runner steps of an `issue_comment` workflow's jobs that no job-level `concurrency:` group holds.
 * Without one, two comments (two `/plan`s, a quick second `/approve`) start two runs of one plan that write
 * its one comment on the pull request at once, each over the other's checklist. A workflow-level group is
 * claimed before the job's `if:` is read, by every comment: a comment the `if:` skips ("thanks") takes the
 * group's one pending place and cancels the `/reject` that waited there.
 */
function commentRunsAtOnce(jobs: unknown, lineOf: (node: unknown) => number): WorkflowRuleProblem[] {
  const problems: WorkflowRuleProblem[] = [];
  if (!isMap(jobs)) return problems;
  for (const pair of jobs.items) {
    const steps = get(pair.value, 'steps');
    if (!isSeq(steps) || get(pair.value, 'concurrency') !== undefined) continue;
    const step = steps.items.find((item) => /(?:^|\/)plan-runner@/.test(String(plain(get(item, 'uses')))));
    if (step === undefined) continue;
    problems.push({
      line: lineOf(get(step, 'uses')),
      message: `job '${String(plain(pair.key))}' runs plan-runner on issue_comment with no 'concurrency:' group of its own: two comments start two runs that write the plan's one comment at once (a workflow-level group does not do: every comment claims it, and one the job's if: skips cancels the run waiting there); give the job 'concurrency: { group: plan-runner-\${{ github.event.issue.number }} }'`,
    });
  }
  return problems;
}

/** A full commit SHA: the one ref of an action its owner cannot move. */
const COMMIT_SHA = /^[0-9a-f]{40}$/;

/**
 * The steps and jobs that use a repository's action or workflow by a tag or branch (`actions/checkout@v4`) instead
 * of a commit SHA. Its owner (or whoever takes over the account) can move a tag to other code, which then runs
 * with the job's token; GitHub's security hardening guide asks for the SHA, with the version in a comment so
 * dependabot keeps it current. plan-runner itself is left alone: the README's `your-org/plan-runner@v1` stands
 * for wherever a user publishes it, and says how to pin it.
 */
function unpinnedUses(jobs: unknown, lineOf: (node: unknown) => number): WorkflowRuleProblem[] {
  const problems: WorkflowRuleProblem[] = [];
  if (!isMap(jobs)) return problems;
  const check = (node: unknown): void => {
    const uses = plain(node);
    if (typeof uses !== 'string' || uses.startsWith('./') || uses.startsWith('docker://') || /(?:^|\/)plan-runner@/.test(uses)) return;
    const at = uses.lastIndexOf('@');
    if (at === -1 || COMMIT_SHA.test(uses.slice(at + 1))) return;
    problems.push({
      line: lineOf(node),
      message: `uses ${uses}, a ref its owner can move to other code: pin the commit SHA with the version in a comment ('${uses.slice(0, at)}@<40 hex digits> # ${uses.slice(at + 1)}')`,
    });
  };
  for (const pair of jobs.items) {
    check(get(pair.value, 'uses'));
    const steps = get(pair.value, 'steps');
    if (isSeq(steps)) for (const step of steps.items) check(get(step, 'uses'));
  }
  return problems;
}

/** The events a workflow's `on:` names. */
function events(on: unknown): string[] {
  const value = plain(on);
  if (typeof value === 'string') return [value];
  if (isSeq(on)) return on.items.map((item) => String(plain(item)));
  if (isMap(on)) return on.items.map((pair) => String(plain(pair.key)));
  return [];
}

/**
 * The problems of one workflow. A scheduled run of a plan with inputs that gives it none (see
 * `scheduledWithoutInputs`); plan-runner on comments with no concurrency group (`commentRunsAtOnce`); an action used
 * by a tag, not a commit SHA (`unpinnedUses`); and a job whose token can write (or whose permissions are left to the
 * repository's default, which may be write) and that installs packages gives that token to code from the
 * package registry: an install script (of any dependency, at any depth) can push, move a tag or write
 * through the API, and with the runner's sudo it can reach every later step of the job too. A workflow run
 * only on `pull_request` is left alone: its job runs the pull request's own code by design (a merge gate's
 * `npm test`), and a fork's token is read-only. Each other event is judged as `push` is, `merge_group` too: a merge
 * queue's token is the repository's, with the writes its permissions give, whoever wrote the code it installs.
 */
export function workflowRuleProblems(text: string, planInputs: PlanInputs = () => []): WorkflowRuleProblem[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length > 0) return [];
  const lineOf = (node: unknown): number => lineCounter.linePos((node as Node).range?.[0] ?? 0).line;
  const problems: WorkflowRuleProblem[] = [];
  const jobs = get(doc.contents, 'jobs');
  if (!isMap(jobs)) return problems;
  const on = events(get(doc.contents, 'on'));
  if (on.includes('schedule')) problems.push(...scheduledWithoutInputs(jobs, planInputs, lineOf));
  if (on.includes('issue_comment')) problems.push(...commentRunsAtOnce(jobs, lineOf));
  problems.push(...unpinnedUses(jobs, lineOf));
  if (on.length > 0 && on.every((event) => event === 'pull_request')) return problems;
  const top = get(doc.contents, 'permissions');
  for (const pair of jobs.items) {
    const job = pair.value;
    const steps = get(job, 'steps');
    if (!isSeq(steps)) continue;
    const install = steps.items.map((step) => get(step, 'run')).find((run) => typeof plain(run) === 'string' && INSTALL.test(plain(run) as string));
    if (install === undefined) continue;
    const own = get(job, 'permissions');
    const writes = writesWith(own ?? top);
    if (writes !== undefined && writes.length === 0) continue;
    const name = String(plain(pair.key));
    problems.push({
      line: lineOf(install),
      message: writes === undefined
        ? `job '${name}' installs packages with a token whose permissions the workflow leaves to the repository's default, which may be write: give it 'permissions:' with only reads, and do the writes in a job that installs nothing`
        : `job '${name}' installs packages (their install scripts run) with a token that can write (${writes.join(', ')}): install in a job whose token only reads, and do the writes in a job that installs nothing`,
    });
  }
  return problems;
}
