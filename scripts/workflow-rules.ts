// Security rules actionlint does not check, over one GitHub workflow's text (a workflow file, or an
// example from the README or a plan's comment). scripts/lint-workflow-examples.ts reports them beside
// actionlint's findings.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

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

/** The events a workflow's `on:` names. */
function events(on: unknown): string[] {
  const value = plain(on);
  if (typeof value === 'string') return [value];
  if (isSeq(on)) return on.items.map((item) => String(plain(item)));
  if (isMap(on)) return on.items.map((pair) => String(plain(pair.key)));
  return [];
}

/**
 * The problems of one workflow: a job whose token can write (or whose permissions are left to the
 * repository's default, which may be write) and that installs packages gives that token to code from the
 * package registry: an install script (of any dependency, at any depth) can push, move a tag or write
 * through the API, and with the runner's sudo it can reach every later step of the job too. A workflow run
 * only on `pull_request` is left alone: its job runs the pull request's own code by design (a merge gate's
 * `npm test`), and a fork's token is read-only.
 */
export function workflowRuleProblems(text: string): WorkflowRuleProblem[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length > 0) return [];
  const lineOf = (node: unknown): number => lineCounter.linePos((node as Node).range?.[0] ?? 0).line;
  const problems: WorkflowRuleProblem[] = [];
  const jobs = get(doc.contents, 'jobs');
  if (!isMap(jobs)) return problems;
  const on = events(get(doc.contents, 'on'));
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
