import path from 'node:path';
import { systemClock } from '../../src/core/clock.ts';
import { evaluate, type EvalReport } from '../../src/eval/evaluate.ts';
import type { EvalThresholds } from '../../src/eval/eval-verdict.ts';
import { FAULT_FILE, FaultFile, type FaultRule } from '../../src/eval/fault-rule.ts';
import { runEval, type EvalSettings } from '../../src/eval/run-eval.ts';
import { ANSWERS_FILE, ScriptedAnswers } from '../../src/eval/scripted-answers.ts';
import { readYamlFile } from '../../src/plan/read-yaml-file.ts';
import type { RunEvent } from '../../src/core/run-event.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHAPTER_PLAN = 'workflows/planning-chapter.yml';
export const CHAPTER_ANSWERS = 'workflows/eval/planning-chapter.answers.yml';
export const CHAPTER_FAULTS = 'workflows/eval/planning-chapter.faults.yml';


export async function chapterAnswers(): Promise<ScriptedAnswers> {
  const read = await readYamlFile(path.join(ROOT, CHAPTER_ANSWERS), ScriptedAnswers, ANSWERS_FILE);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.value;
}

export async function chapterFaults(): Promise<FaultRule[]> {
  const read = await readYamlFile(path.join(ROOT, CHAPTER_FAULTS), FaultFile, FAULT_FILE);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.value;
}

export interface EvalRun {
  readonly report: EvalReport;
  /** Every run's events, by `column run`. */
  readonly events: Map<string, RunEvent[]>;
}

/** Evaluates with the chapter's answers file, in-process, collecting every run's events. */
export async function runChapterEval(overrides: Partial<EvalSettings> = {}, thresholds: EvalThresholds = {}): Promise<EvalRun> {
  const events = new Map<string, RunEvent[]>();
  const settings: EvalSettings = {
    plans: [{ file: CHAPTER_PLAN }],
    runs: 1,
    seed: 1,
    faults: await chapterFaults(),
    baselines: [],
    inputs: {},
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '' },
    model: { kind: 'answers', answers: await chapterAnswers() },
    maxTurns: 20,
    ...overrides,
  };
  const report = await evaluate(settings, thresholds, {
    clock: systemClock,
    signal: new AbortController().signal,
    listenersFor: (column, run) => {
      const list: RunEvent[] = [];
      events.set(`${column} ${run}`, list);
      return [(event) => list.push(event)];
    },
  });
  return { report, events };
}

/**
 * The settings of an eval of the plan file `file`, run in its folder: one run, no fault, no baseline, no model, what
 * `overrides` does not say.
 */
export function evalSettings(file: string, overrides: Partial<EvalSettings> = {}): EvalSettings {
  return { plans: [{ file }], runs: 1, seed: 1, faults: [], baselines: [], inputs: {}, cwd: path.dirname(file), env: { PATH: process.env.PATH ?? '' }, model: { kind: 'none' }, maxTurns: 5, ...overrides };
}

/** One run of `plan` (a file in `dir`) and of the react baseline beside it, the model played by the local server at `baseURL`. */
export async function runReactBaseline(dir: string, baseURL: string, env: Readonly<Record<string, string>> = {}): Promise<void> {
  const settings = evalSettings(path.join(dir, 'plan.yml'), { baselines: ['react'], env: { PATH: process.env.PATH ?? '', ...env }, model: { kind: 'live', baseURL, apiKey: 'sk-test-0000000000000000000000' } });
  await runEval(settings, { clock: systemClock, signal: new AbortController().signal });
}
