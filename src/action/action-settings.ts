import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ModelSettings } from '../llm/create-model-client.ts';
import type { RunnerEnvironment } from '../process/scrub-environment.ts';
import { ActionInputs, INPUT_NAMES, formatInputIssues, type InputName } from './action-inputs.ts';
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
  readonly model: ModelSettings;
  readonly githubToken?: string;
  readonly comment: CommentMode;
  readonly failOnUnmetGoals: boolean;
  readonly checkRun: boolean;
  /** Bots that may start a run on comment, issue and pull request events (`allowed-bots`), by exact login. */
  readonly allowedBots: readonly string[];
  /** `run` runs the plan; `plan` only writes and validates it (nothing executes); `agent` runs the task as one agent step; `eval` runs it many times and reports the figures. */
  readonly mode: 'run' | 'plan' | 'agent' | 'eval';
  /** The trace of an earlier run to resume (`resume-from`), absolute; its matching completed steps are reused. */
  readonly resumeFrom?: string;
  /**
   * Where the run's state (its trace) is kept between attempts and jobs: `artifact` uploads it at the
   * end of every run; `off` keeps it only in the trace file.
   */
  readonly state: 'artifact' | 'off';
  /** `auto`: on a re-run, resume from the newest earlier attempt's saved state; `never`: start afresh. */
  readonly resume: 'auto' | 'never';
  /** How long a saved state is kept, in days. */
  readonly stateRetentionDays: number;
  /** For `mode: eval`: runs, seed, fault and answers files (absolute), baselines and thresholds. */
  readonly eval: EvalActionSettings;
  /** The repository checkout (`GITHUB_WORKSPACE`, else the current directory): tools run here. */
  readonly workspace: string;
  /** Where the report and the trace are written: `RUNNER_TEMP/plan-runner`, else `<workspace>/.plan-runner`. */
  readonly outputDir: string;
  readonly github: GitHubRunContext;
  readonly env: RunnerEnvironment;
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
  const relative = path.relative(workspace, file);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return (inside ? relative : file).split(path.sep).join('/');
}

/**
 * Reads the action's inputs (through `getInput`, i.e. `core.getInput`) and the runner's
 * environment into one settings object, or every problem with the inputs.
 */
export function readActionSettings(
  getInput: (name: InputName) => string,
  env: RunnerEnvironment,
  fileExists: (file: string) => boolean = existsSync,
): SettingsResult {
  const raw = Object.fromEntries(INPUT_NAMES.map((name) => [name, getInput(name)]));
  const parsed = ActionInputs.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: formatInputIssues(parsed.error) };
  const inputs = parsed.data;

  const workspace = path.resolve(env['GITHUB_WORKSPACE'] || process.cwd());
  const planFile = path.resolve(workspace, inputs.plan);
  // The task alone runs when there is no plan file; with neither, loading the file reports it missing.
  const useFile = !inputs.task || fileExists(planFile);
  const runnerTemp = env['RUNNER_TEMP'];
  return {
    ok: true,
    settings: {
      ...(useFile ? { planFile } : {}),
      planPath: useFile ? workspaceRelative(workspace, planFile) : 'task',
      ...(inputs.task ? { task: inputs.task } : {}),
      inputs: inputs.inputs,
      model: {
        baseURL: inputs['base-url'],
        ...(inputs['api-key'] ? { apiKey: inputs['api-key'] } : {}),
        ...(inputs.model ? { model: inputs.model } : {}),
      },
      // action.yml defaults to `${{ github.token }}`; outside a runner a GITHUB_TOKEN variable stands in.
      ...(inputs['github-token'] || env['GITHUB_TOKEN'] ? { githubToken: inputs['github-token'] || env['GITHUB_TOKEN'] } : {}),
      comment: inputs.comment,
      failOnUnmetGoals: inputs['fail-on-unmet-goals'],
      checkRun: inputs['check-run'],
      allowedBots: inputs['allowed-bots'],
      mode: inputs.mode,
      ...(inputs['resume-from'] && { resumeFrom: path.resolve(workspace, inputs['resume-from']) }),
      state: inputs.state,
      resume: inputs.resume,
      stateRetentionDays: inputs['state-retention-days'],
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
      outputDir: runnerTemp ? path.join(runnerTemp, 'plan-runner') : path.join(workspace, '.plan-runner'),
      github: githubRunContext(env),
      env,
    },
  };
}
