import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ActionSettings } from './action-settings.ts';
import { keyedPlanId } from './run-key.ts';
import { trimEndChars } from '../core/trim-end-chars.ts';
import { sameFile } from '../core/file-identity.ts';

/** Where one plan's report (the job summary's Markdown) and JSON-lines trace are written. */
export interface ReportPaths {
  readonly report: string;
  readonly trace: string;
  /** `mode: plan`: the frozen plan file. */
  readonly frozenPlan: string;
  /** `mode: eval`: its report (the job summary's table) and its figures as JSON, each evaluation of a job its own. */
  readonly evalReport: string;
  readonly evalFigures: string;
}

/**
 * Paths under `outputDir` named after the plan path, so two plans in one job keep their own files:
 * a readable slug plus a short hash of the path, since the slug alone maps `a_b.yml` and `a-b.yml`
 * (every run of other characters becomes `-`) to the same name.
 */
export function reportPaths(outputDir: string, planPath: string): ReportPaths {
  const normalised = path.posix.normalize(planPath.replaceAll('\\', '/'));
  const slug = trimEndChars(normalised.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+/, ''), '-').slice(0, 100) || 'plan';
  const hash = createHash('sha256').update(normalised).digest('hex').slice(0, 8);
  return {
    report: path.join(outputDir, `${slug}-${hash}.report.md`),
    trace: path.join(outputDir, `${slug}-${hash}.trace.jsonl`),
    frozenPlan: path.join(outputDir, `${slug}-${hash}.plan.yml`),
    evalReport: path.join(outputDir, `${slug}-${hash}.eval.md`),
    evalFigures: path.join(outputDir, `${slug}-${hash}.eval.json`),
  };
}

/**
 * Whether the job resumes its own trace file in place: `resume-from` names this job's trace (an earlier step's of
 * the same job), however spelled: through a linked folder it was taken for an earlier run's left-over and removed
 * before it was read (found by an adversarial pass). The file then holds that earlier run until this run's trace opens it.
 */
export function resumesInPlace(settings: Pick<ActionSettings, 'outputDir' | 'planPath' | 'runKey' | 'resumeFrom'>): boolean {
  return settings.resumeFrom !== undefined && sameFile(settings.resumeFrom, jobReportPaths(settings).trace);
}

/** A job's report paths: its plan path and `run-key` name them, so two keys in one job keep their own files. */
export function jobReportPaths(settings: Pick<ActionSettings, 'outputDir' | 'planPath' | 'runKey'>): ReportPaths {
  return reportPaths(settings.outputDir, keyedPlanId(settings));
}
