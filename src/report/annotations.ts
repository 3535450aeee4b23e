import type { RunRecord } from '../core/run-record.ts';
import { cutText } from './cut-text.ts';
import type { GoalRow } from './goals-table.ts';

/** Where an annotation points, as the runner's `error`/`warning` commands take it. */
export interface AnnotationProperties {
  readonly title?: string;
  readonly file?: string;
  readonly startLine?: number;
  readonly startColumn?: number;
}

/** One annotation call; `annotate(level, message, properties)` is `core[level](message, properties)`. */
export type Annotate = (level: 'error' | 'warning' | 'notice', message: string, properties: AnnotationProperties) => void;

/** A problem in the plan file, pinned to its line. */
export interface PlanFileError {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
}

/** GitHub shows at most 10 error annotations per step, of every kind together. */
export const MAX_ERROR_ANNOTATIONS = 10;
/** The job's verdict (`setFailed`) is an error annotation too, written last: room is kept for it. */
const FOR_THE_VERDICT = 1;

interface Annotation {
  readonly message: string;
  readonly properties: AnnotationProperties;
}

/** At most `slots` annotations of one kind: the first ones, and when there are more, one that sums up the rest. */
function capped(kind: string, annotations: readonly Annotation[], file: string | undefined, slots: number): Annotation[] {
  if (annotations.length <= slots) return [...annotations];
  const shown = annotations.slice(0, slots - 1);
  const rest = annotations.slice(slots - 1);
  const titles = rest.map((a) => cutText(a.message, 80)).join('; ');
  return [
    ...shown,
    {
      message: cutText(`${rest.length} more ${kind}s (see the job summary): ${titles}`, 2000),
      properties: { title: `${rest.length} more ${kind}s`, ...(file ? { file } : {}) },
    },
  ];
}

export interface AnnotationInput {
  readonly planErrors?: readonly PlanFileError[];
  readonly record?: RunRecord;
  readonly goals?: readonly GoalRow[];
  /** The plan file, so step and goal annotations land on it. */
  readonly planFile?: string;
  readonly redact: (text: string) => string;
}

/**
 * Error annotations for plan-file errors (on their lines), failed steps (naming the step) and
 * unmet required goals; at most 9 in all, leaving the tenth GitHub shows for the job's verdict, each
 * kind's rest summarised in one.
 */
export function writeAnnotations(input: AnnotationInput, annotate: Annotate): void {
  const { redact, planFile } = input;
  const onFile = planFile ? { file: planFile } : {};
  const planErrors = (input.planErrors ?? []).map((e) => ({
    message: redact(e.message),
    properties: {
      title: 'Plan file error',
      file: e.file,
      ...(e.line !== undefined ? { startLine: e.line } : {}),
      ...(e.column !== undefined ? { startColumn: e.column } : {}),
    },
  }));
  const failedSteps = [...(input.record?.steps.values() ?? [])]
    .filter((step) => step.state === 'failed')
    .map((step) => ({
      message: cutText(redact(`Step ${step.key} failed: ${step.error ?? 'no error message'}`), 2000),
      properties: { title: `Step ${step.key} failed`, ...onFile },
    }));
  const unmetGoals = (input.goals ?? [])
    .filter((goal) => goal.severity === 'required' && goal.outcome !== 'met')
    .map((goal) => ({
      message: cutText(redact(`Goal not met: ${goal.name}. ${goal.evidence}`), 2000),
      properties: { title: cutText(redact(`Goal not met: ${goal.name}`), 200), ...onFile },
    }));
  const kinds = [
    ['plan file error', planErrors],
    ['failed step', failedSteps],
    ['unmet goal', unmetGoals],
  ] as const;
  // 10 in all, the verdict's included: 11 plan errors, or a failed step and 12 goals, pushed out the
  // verdict that says why the job failed. Each kind there is keeps at least one line.
  let left = MAX_ERROR_ANNOTATIONS - FOR_THE_VERDICT;
  kinds.forEach(([kind, list], index) => {
    if (list.length === 0) return;
    const later = kinds.slice(index + 1).filter(([, rest]) => rest.length > 0).length;
    const shown = capped(kind, list, kind === 'plan file error' ? list[0]?.properties.file : planFile, Math.max(1, left - later));
    for (const a of shown) annotate('error', a.message, a.properties);
    left -= shown.length;
  });
}
