import { existsSync } from 'node:fs';
import path from 'node:path';
import { isInside } from '../core/is-inside.ts';
import { errorText } from '../core/error-text.ts';
import { refuseLinkedOutputFolder } from '../core/create-output-folder.ts';
import { OUTPUT_FOLDER } from '../core/output-folder-name.ts';
import { baseUrlProblem, keylessServerNote } from '../llm/base-url.ts';
import type { ModelSettings } from '../llm/create-model-client.ts';
import type { RunnerEnvironment } from '../process/scrub-environment.ts';
import { ActionInputs, DEFAULT_PLAN, INPUT_NAMES, formatInputIssues, type InputName } from './action-inputs.ts';
import { parseInputsMap } from './parse-inputs-map.ts';
import { outsideRepository } from '../plan/load-subplans.ts';
import { githubRunContext, type GitHubRunContext } from '../github/github-run-context.ts';

export type CommentMode = 'auto' | 'always' | 'never';

/** Everything the action was asked to do, typed and with defaults applied, read once up front. */
export interface ActionSettings {
  /** Absolute path of the plan file; undefined when the task runs alone (no file at the plan path). */
  readonly planFile?: string;
  /** The plan path relative to the workspace, with `/`: names the comment, the check run and annotation files. */
  readonly planPath: string;
  readonly task?: string;
  readonly inputs: Readonly<Record<string, unknown>>;
  /** Names in `inputs` with no value (a `${{ }}` that came out empty): not given, so the plan's defaults apply; one the plan does not declare is refused (`resolveInputs`). */
  readonly emptyInputs?: readonly string[];
  readonly model: ModelSettings;
  readonly githubToken?: string;
  readonly comment: CommentMode;
  /** Set by admission for a fork's pull request, saying why (or why it counts as one): no comment and no check run. */
  readonly readOnly?: string;
  readonly failOnUnmetGoals: boolean;
  readonly checkRun: boolean;
  /** Bots that may start a run on comment, issue and pull request events (`allowed-bots`), by exact login. */
  readonly allowedBots: readonly string[];
  /**
   * `run` runs the plan; `plan` only writes and validates it (nothing executes); `agent` runs the task as one agent step; `eval` runs it many times and reports the figures;
   * `prepare`, `shard` and `merge` are the three jobs of a plan fanned out over a job matrix (`fanOut`).
   */
  readonly mode: 'run' | 'plan' | 'agent' | 'eval' | 'prepare' | 'shard' | 'merge';
  /** With mode prepare, shard or merge: the part of a fanned-out run this job plays. */
  readonly fanOut?: FanOutSettings;
  /** A previous run's trace (`weights-from`), absolute: its durations order ready steps and balance the shards. */
  readonly weightsFrom?: string;
  /** The trace of an earlier run to resume (`resume-from`), absolute; its matching completed steps are reused. */
  readonly resumeFrom?: string;
  /**
   * Where the run's state (its trace) is kept between attempts and jobs: `artifact` uploads it at the
   * end of every run; `off` keeps it only in the trace file.
   */
  readonly state: 'artifact' | 'off';
  /** `auto`: on a re-run, resume from the newest earlier attempt's saved state; `never`: start afresh. */
  readonly resume: 'auto' | 'never';
  /**
   * How long a saved state is kept, in days: `state-retention-days`, at most the repository's artifact retention
   * (`GITHUB_RETENTION_DAYS`), which the service keeps to whatever it is asked.
   */
  readonly stateRetentionDays: number;
  /** The `state-retention-days` asked, when the repository's retention cut it to `stateRetentionDays`. */
  readonly stateRetentionAsked?: number;
  /**
   * `run-key`: tells apart jobs of one workflow run that run the same plan (the legs of a matrix).
   * Each key has its own saved states, PR comment, check run and escalation issue.
   */
  readonly runKey?: string;
  /** For `mode: eval`: runs, seed, fault and answers files (absolute), baselines and thresholds. */
  readonly eval: EvalActionSettings;
  /** The repository checkout (`GITHUB_WORKSPACE`, else the current directory): tools run here. */
  readonly workspace: string;
  /** Where the report and the trace are written: `RUNNER_TEMP/plan-runner`, else `<workspace>/.plan-runner`. */
  readonly outputDir: string;
  readonly github: GitHubRunContext;
  readonly env: RunnerEnvironment;
}

/**
 * The part of a fanned-out run a job plays, with the shard count (prepare) or its shard number (shard). The
 * shard and merge jobs build on the prepare state the prepare job's `prepared` output names (an artifact
 * id): job outputs are the one channel between jobs no other job of the workflow run can write, where an
 * artifact name is free for any of them to take.
 */
export type FanOutSettings = { readonly part: 'prepare'; readonly shards: number } | { readonly part: 'shard'; readonly shard: number; readonly prepared: number } | { readonly part: 'merge'; readonly prepared: number };

/**
 * Inputs the chosen mode never reads, which were silently ignored: `min-success-rate` on a `run` job
 * gated nothing, and a missing `eval-faults` file went unnoticed. `eval-runs`, `eval-seed` and
 * `eval-baselines` count as given when they differ from action.yml's defaults (the runner passes those).
 */
function modeProblems(inputs: ActionInputs): string[] {
  const problems: string[] = [];
  if (inputs.mode !== 'eval') {
    const given = [
      inputs['eval-runs'] !== 5 && 'eval-runs',
      inputs['eval-seed'] !== 1 && 'eval-seed',
      inputs['eval-faults'] !== undefined && 'eval-faults',
      inputs['eval-answers'] !== undefined && 'eval-answers',
      inputs['eval-baselines'].length > 0 && 'eval-baselines',
      inputs['min-success-rate'] !== undefined && 'min-success-rate',
      inputs['max-cost-usd-per-run'] !== undefined && 'max-cost-usd-per-run',
    ].filter((name) => name !== false);
    for (const name of given) problems.push(`input '${name}': only mode: eval reads it, and this job's mode is ${inputs.mode}; remove it, or set mode: eval`);
  } else {
    // `task`, `comment: always` and `fail-on-unmet-goals: false` were accepted and read by no one: the evaluation measured the
    // plan as written, commented nowhere and gated by its own thresholds (found by a hunt of the action's inputs).
    const given = [
      inputs['check-run'] && 'check-run',
      inputs['resume-from'] !== undefined && 'resume-from',
      inputs['weights-from'] !== undefined && 'weights-from',
      inputs.task !== undefined && 'task',
      inputs.comment === 'always' && 'comment',
      !inputs['fail-on-unmet-goals'] && 'fail-on-unmet-goals',
    ].filter((name) => name !== false);
    for (const name of given) problems.push(`input '${name}': mode: eval does not read it (an evaluation runs the plan file as written, afresh, comments nowhere, reports in the job summary and is gated by min-success-rate and max-cost-usd-per-run); remove it`);
  }
  // Only the merge job checks the goals: a prepare or shard job's check run would have none to report, and it opened none, saying nothing.
  if ((inputs.mode === 'prepare' || inputs.mode === 'shard') && inputs['check-run']) {
    problems.push(`input 'check-run': mode: ${inputs.mode} checks no goal, so it opens no check run (only the merge job checks the goals and reports them as the check run); remove it here, and set check-run: true on the mode: merge job`);
  }
  if (inputs.mode === 'plan') {
    const given = [inputs['resume-from'] !== undefined && 'resume-from', inputs['weights-from'] !== undefined && 'weights-from'].filter((name) => name !== false);
    for (const name of given) problems.push(`input '${name}': mode: plan runs no step, so it has nothing to resume or order; remove it, or set mode: run`);
  }
  return problems;
}

/** The fan-out part the inputs ask for, or the problems with `shards` and `shard` for this mode. */
function fanOutSettings(inputs: ActionInputs): { ok: true; fanOut?: FanOutSettings } | { ok: false; problems: string[] } {
  const { mode, shards, shard, prepared } = inputs;
  const problems: string[] = [];
  if (mode !== 'prepare' && shards !== undefined) problems.push(`input 'shards': only mode: prepare takes it (the shard and merge jobs read the count from the prepare job's state); remove it, or set mode: prepare`);
  if (mode !== 'shard' && shard !== undefined) problems.push(`input 'shard': only mode: shard takes it (write shard: \${{ matrix.shard }} in the matrix job); remove it, or set mode: shard`);
  if (mode === 'prepare' && shards === undefined) problems.push(`input 'shards': mode: prepare needs it — how many shard jobs run the items (1 to 256)`);
  if (mode === 'shard' && shard === undefined) problems.push(`input 'shard': mode: shard needs it — this job's shard number, e.g. shard: \${{ matrix.shard }}`);
  const building = mode === 'shard' || mode === 'merge';
  if (!building && prepared !== undefined) problems.push(`input 'prepared': only mode: shard and mode: merge take it (the prepare job's prepared output); remove it, or set mode: shard or merge`);
  if (building && prepared === undefined) {
    problems.push(
      `input 'prepared': mode: ${mode} needs it — the prepare job's state, prepared: \${{ needs.prepare.outputs.prepared }} (with needs: prepare), ` +
        'and the prepare job must pass it on: outputs: { prepared: ${{ steps.<id of its plan-runner step>.outputs.prepared }} }; empty, it may also be that the prepare job failed before it saved its state (see that job). It is the one state of the prepare job no other job of the workflow run can stand in for',
    );
  }
  if (problems.length > 0) return { ok: false, problems };
  if (mode === 'prepare') return { ok: true, fanOut: { part: 'prepare', shards: shards! } };
  if (mode === 'shard') return { ok: true, fanOut: { part: 'shard', shard: shard!, prepared: prepared! } };
  if (mode === 'merge') return { ok: true, fanOut: { part: 'merge', prepared: prepared! } };
  return { ok: true };
}

export interface EvalActionSettings {
  readonly runs: number;
  readonly seed: number;
  readonly faultsFile?: string;
  readonly answersFile?: string;
  readonly baselines: ReadonlyArray<'react' | 'full-history'>;
  readonly minSuccessRate?: number;
  readonly maxCostUsdPerRun?: number;
}

export type SettingsResult =
  | { readonly ok: true; readonly settings: ActionSettings }
  | { readonly ok: false; readonly problems: readonly string[] };

function workspaceRelative(workspace: string, file: string): string {
  const inside = file !== workspace && isInside(workspace, file);
  return (inside ? path.relative(workspace, file) : file).split(path.sep).join('/');
}

/** The plan file (`planFile`) and the path that names the run (`planPath`), from the `plan` and `task` inputs. */
export function givenPlan(workspace: string, inputs: Pick<ActionInputs, 'plan' | 'task'>, fileExists: (file: string) => boolean): Pick<ActionSettings, 'planFile' | 'planPath'> {
  const planFile = path.resolve(workspace, inputs.plan);
  // The task alone runs when there is no file at the default plan path. A path the workflow named must
  // exist: a gate whose plan file was moved would otherwise run the task without the plan's goals and pass.
  // With neither, loading the file reports it missing.
  const useFile = !inputs.task || fileExists(planFile) || planFile !== path.resolve(workspace, DEFAULT_PLAN);
  return useFile ? { planFile, planPath: workspaceRelative(workspace, planFile) } : { planPath: 'task' };
}

/** The inputs that name a file the job reads, each resolved against the workspace. */
const FILE_INPUTS = ['plan', 'weights-from', 'resume-from', 'eval-faults', 'eval-answers'] as const;

/**
 * Why each file input is not read: a pull request can make `.github/plan.yml` a link to a file outside the
 * workspace, or into `.git`: its keys were quoted in the log, the summary and annotations, and a valid plan there
 * ran (found by an adversarial pass); a fault or answers file's keys were quoted as well, and only `plan` was
 * checked (found by another). A path the workflow names outside the workspace (a file an earlier step wrote to
 * the runner's temp folder, a downloaded trace) is the workflow's to choose.
 */
async function linkedFileInputs(workspace: string, inputs: ActionInputs): Promise<string[]> {
  const problems: string[] = [];
  for (const name of FILE_INPUTS) {
    const given = inputs[name];
    if (!given || !isInside(workspace, path.resolve(workspace, given))) continue;
    const problem = await outsideRepository(workspace, given, `input '${name}'`, name === 'plan' ? 'a plan file' : 'a file');
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * Reads the action's inputs (through `getInput`, i.e. `core.getInput`) and the runner's
 * environment into one settings object, or every problem with the inputs.
 */
export async function readActionSettings(
  getInput: (name: InputName) => string,
  env: RunnerEnvironment,
  fileExists: (file: string) => boolean = existsSync,
): Promise<SettingsResult> {
  const raw: Record<InputName, string> = Object.fromEntries(INPUT_NAMES.map((name) => [name, getInput(name)])) as Record<InputName, string>;
  const parsed = ActionInputs.safeParse(raw);
  const map = await parseInputsMap(raw.inputs);
  if (!parsed.success || !map.ok) {
    const issues = parsed.success ? [] : parsed.error.issues;
    const problems = parsed.success ? [] : formatInputIssues(parsed.error);
    if (!map.ok) {
      // Where zod would have put it: its problems come in the order of the schema's keys.
      const order = Object.keys(ActionInputs.shape);
      const after = issues.findIndex((issue) => order.indexOf(String(issue.path[0])) > order.indexOf('inputs'));
      problems.splice(after < 0 ? problems.length : after, 0, `input 'inputs': ${map.message}`);
    }
    return { ok: false, problems };
  }
  const inputs = parsed.data;
  const fanOut = fanOutSettings(inputs);
  if (!fanOut.ok) return { ok: false, problems: fanOut.problems };
  const unread = modeProblems(inputs);
  if (unread.length > 0) return { ok: false, problems: unread };

  const workspace = path.resolve(env['GITHUB_WORKSPACE'] || process.cwd());
  const linked = await linkedFileInputs(workspace, inputs);
  if (linked.length > 0) return { ok: false, problems: linked };
  const { planFile, planPath } = givenPlan(workspace, inputs, fileExists);
  const runnerTemp = env['RUNNER_TEMP'];
  const urlProblem = baseUrlProblem(inputs['base-url']);
  if (urlProblem) return { ok: false, problems: [`input 'base-url': ${urlProblem}`] };
  const outputDir = runnerTemp ? path.join(runnerTemp, 'plan-runner') : path.join(workspace, OUTPUT_FOLDER);
  // Every report and trace goes in here: a checkout's `.plan-runner -> /anywhere` must not take them.
  try {
    refuseLinkedOutputFolder(outputDir);
  } catch (error) {
    return { ok: false, problems: [errorText(error)] };
  }
  return {
    ok: true,
    settings: {
      ...(planFile !== undefined && { planFile }),
      planPath,
      ...(inputs.task ? { task: inputs.task } : {}),
      inputs: map.inputs,
      ...(map.empty.length > 0 && { emptyInputs: map.empty }),
      model: {
        baseURL: inputs['base-url'],
        ...(inputs['api-key'] ? { apiKey: inputs['api-key'] } : {}),
        ...(inputs.model ? { model: inputs.model } : {}),
        ...(inputs['model-timeout-seconds'] !== undefined && { timeoutSeconds: inputs['model-timeout-seconds'] }),
        missingHint: `set the api-key input (e.g. api-key: \${{ secrets.OPENAI_API_KEY }})${keylessServerNote(inputs['base-url'])}`,
      },
      // action.yml defaults to `${{ github.token }}`; outside a runner a GITHUB_TOKEN variable stands in.
      ...(inputs['github-token'] || env['GITHUB_TOKEN'] ? { githubToken: inputs['github-token'] || env['GITHUB_TOKEN'] } : {}),
      comment: inputs.comment,
      failOnUnmetGoals: inputs['fail-on-unmet-goals'],
      checkRun: inputs['check-run'],
      allowedBots: inputs['allowed-bots'],
      mode: inputs.mode,
      ...(fanOut.fanOut && { fanOut: fanOut.fanOut }),
      ...(inputs['weights-from'] && { weightsFrom: path.resolve(workspace, inputs['weights-from']) }),
      ...(inputs['resume-from'] && { resumeFrom: path.resolve(workspace, inputs['resume-from']) }),
      state: inputs.state,
      resume: inputs.resume,
      ...stateRetention(inputs['state-retention-days'], env),
      ...(inputs['run-key'] !== undefined && { runKey: inputs['run-key'] }),
      eval: {
        runs: inputs['eval-runs'],
        seed: inputs['eval-seed'],
        ...(inputs['eval-faults'] && { faultsFile: path.resolve(workspace, inputs['eval-faults']) }),
        ...(inputs['eval-answers'] && { answersFile: path.resolve(workspace, inputs['eval-answers']) }),
        baselines: inputs['eval-baselines'],
        ...(inputs['min-success-rate'] !== undefined && { minSuccessRate: inputs['min-success-rate'] }),
        ...(inputs['max-cost-usd-per-run'] !== undefined && { maxCostUsdPerRun: inputs['max-cost-usd-per-run'] }),
      },
      workspace,
      outputDir,
      github: githubRunContext(env),
      env,
    },
  };
}

/** `state-retention-days`, cut to the repository's artifact retention (`GITHUB_RETENTION_DAYS`, set on a runner) when that is shorter. */
function stateRetention(asked: number, env: NodeJS.ProcessEnv): Pick<ActionSettings, 'stateRetentionDays' | 'stateRetentionAsked'> {
  const repository = Number(env['GITHUB_RETENTION_DAYS']);
  return Number.isInteger(repository) && repository >= 1 && repository < asked ? { stateRetentionDays: repository, stateRetentionAsked: asked } : { stateRetentionDays: asked };
}
