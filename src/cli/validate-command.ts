import { groupDigits } from '../core/group-digits.ts';
import { visibleControls } from '../core/visible-controls.ts';
import { formatPlanError, problemCount, redactedPlanError } from '../plan/plan-error.ts';
import { planNeedsModel, stepsNeedingModel } from '../plan/steps-needing-model.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { frozenPinErrors, frozenUsesIssues } from '../job/frozen-pins.ts';
import { loadPlanWithServers } from '../job/load-plan-with-servers.ts';
import type { RunnerEnvironment } from '../process/scrub-environment.ts';
import { programWarnings } from './program-warnings.ts';
import { pushAll } from '../core/push-all.ts';

function plural(count: number, word: string): string {
  return `${groupDigits(count)} ${word}${count === 1 ? '' : 's'}`;
}

/** One line that says what a valid plan holds: steps, tools, goals, and whether it needs a model. */
export function describeValidPlan(plan: ValidPlan): string {
  const goals = plan.source.goals ?? [];
  const steps = stepsNeedingModel(plan.steps).map((step) => step.key);
  const judged = goals.filter((goal) => goal.judge !== undefined).length;
  // "(steps: none)" for a plan whose judge goals alone need one said nothing of why.
  // A plan its plan steps use that needs one (found by a README walkthrough: "no model needed", and the run then asked for a key).
  const used = [...(plan.subplans ?? [])].filter(([, inner]) => planNeedsModel(inner)).map(([uses]) => uses);
  const why = [
    steps.length > 0 ? `steps: ${steps.join(', ')}` : undefined,
    judged > 0 ? `${plural(judged, 'judge goal')}` : undefined,
    used.length > 0 ? `used plan${used.length === 1 ? '' : 's'} ${used.join(', ')}` : undefined,
  ].filter((part) => part !== undefined);
  const needsModel = plan.steps.length === 0 ? 'a model writes the steps' : why.length > 0 ? `needs a model (${why.join('; ')})` : 'no model needed';
  return `${plural(plan.steps.length, 'step')}, ${plural(plan.tools.size, 'tool')}, ${plural(goals.length, 'goal')}; ${needsModel}`;
}

/**
 * Of a plan with a `fan_out` step: why a run of it with `mode: prepare`, `shard` or `merge` (what fan_out is for)
 * would be refused before anything runs (`fanOutRefusal`, the run's own rule), as a warning: without `mode` it runs whole.
 */
async function fanOutWarnings(plan: ValidPlan, file: string): Promise<string[]> {
  if (!plan.steps.some((step) => step.forEach?.fanOut)) return [];
  const { fanOutRefusal } = await import('../job/fan-out-refusal.ts');
  const refused = fanOutRefusal(plan, 'a fanned-out run (mode prepare, shard or merge)');
  if (refused === undefined) return [];
  return [`warning: ${formatPlanError({ file, path: '', message: `${refused}; such a run is refused before anything runs (a warning: the plan is valid, and runs whole without mode)` })}`];
}

export interface ValidateOptions {
  /** Aborting it ends any MCP server still starting or running. */
  readonly signal?: AbortSignal;
  /** Where stdio MCP servers run; default the current directory (the repository root). */
  readonly cwd?: string;
  readonly env?: RunnerEnvironment;
  /** How long each MCP server gets to start and list its tools. */
  readonly mcpStartTimeoutMs?: number;
  /** `--model`: replaces each plan's `model.name`, as `run --model` and the action's `model` input do, so `max_cost_usd` prices the model the run calls. */
  readonly model?: string;
  /**
   * `--model-timeout-seconds`: replaces every plan's `model.timeout_seconds`, as `run` and the action's input do, so a
   * used plan's other wait is not refused (a run given it accepts the plan).
   */
  readonly modelTimeoutSeconds?: number;
}

/**
 * `plan-runner validate <file>…`: prints "ok" lines or compiler-style errors; true when all are
 * valid. A plan's MCP servers are started to list their tools, and ended before the next file.
 */
export async function validateCommand(files: readonly string[], out: (line: string) => void, options: ValidateOptions = {}): Promise<boolean> {
  let allValid = true;
  const signal = options.signal ?? new AbortController().signal;
  // The values the plans give their MCP servers under secret names: a server that fails to start can print
  // them in the stderr its error quotes (found by an adversarial pass). The redactor loads only for an error.
  const learned: string[] = [];
  const env = options.env ?? process.env;
  for (const [index, file] of files.entries()) {
    // A cancel while a plan's MCP servers start ends them and throws: that file and the rest are not validated.
    const result = signal.aborted
      ? undefined
      : await loadPlanWithServers(file, {
          signal,
          cwd: options.cwd ?? process.cwd(),
          env,
          ...(options.mcpStartTimeoutMs !== undefined && { timeoutMs: options.mcpStartTimeoutMs }),
          ...(options.model !== undefined && { model: options.model }),
          ...(options.modelTimeoutSeconds !== undefined && { modelTimeoutSeconds: options.modelTimeoutSeconds }),
          learnSecrets: (values) => pushAll(learned, values),
        }).catch((error: unknown) => {
          if (signal.aborted) return undefined;
          throw error;
        });
    if (!result) {
      out(`cancelled (${String(signal.reason)}): ${plural(files.length - index, 'file')} not validated`);
      return false;
    }
    // A frozen file's pins that do not hold refuse every run of it, whatever its inputs: the run's own rule.
    const unfrozen = result.ok ? await frozenPinErrors(file, frozenUsesIssues(result.plan, 'a run of it is refused before anything runs')) : [];
    if (result.ok) await result.servers?.close();
    if (result.ok && unfrozen.length === 0) {
      // The file name as the error lines show it (redactedPlanError): an ESC in it moved the cursor (adversarial pass).
      out(`ok ${visibleControls(file)}: ${describeValidPlan(result.plan)}`);
      const warnings = [...(await programWarnings(result.plan, options.cwd ?? process.cwd(), env)), ...(await fanOutWarnings(result.plan, file))];
      // A program's name or path may hold a secret, as an error's text may (found by a redaction hunt).
      const redact = warnings.length > 0 ? (await import('./validate-redactor.ts')).validateRedactor(env, learned) : undefined;
      for (const warning of warnings) out(visibleControls(redact!(warning)));
    } else {
      allValid = false;
      const redact = (await import('./validate-redactor.ts')).validateRedactor(env, learned);
      const errors = result.ok ? unfrozen : result.errors;
      for (const error of errors) out(redactedPlanError(error, redact));
      out(`${visibleControls(file)}: ${plural(problemCount(errors), 'error')}`);
    }
  }
  return allValid;
}
