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

/** GitHub shows at most 10 annotations of a level per step. */
export const MAX_ANNOTATIONS_PER_KIND = 10;

interface Annotation {
  readonly message: string;
  readonly properties: AnnotationProperties;
}

function capped(kind: string, annotations: readonly Annotation[], file: string | undefined): Annotation[] {
  if (annotations.length <= MAX_ANNOTATIONS_PER_KIND) return [...annotations];
  const shown = annotations.slice(0, MAX_ANNOTATIONS_PER_KIND - 1);
  const rest = annotations.slice(MAX_ANNOTATIONS_PER_KIND - 1);
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
 * unmet required goals; at most 10 of each kind, the rest summarised in one.
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
  for (const [kind, list] of [
    ['plan file error', planErrors],
    ['failed step', failedSteps],
    ['unmet goal', unmetGoals],
  ] as const) {
    for (const a of capped(kind, list, kind === 'plan file error' ? list[0]?.properties.file : planFile)) {
      annotate('error', a.message, a.properties);
    }
  }
}
