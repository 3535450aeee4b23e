import { readFile, stat } from 'node:fs/promises';
import { MAX_PLAN_BYTES, parsePlanYaml } from '../plan/parse-plan-yaml.ts';
import type { ActionSettings } from './action-settings.ts';
import { keyedCheckRunName } from './run-key.ts';
import { cutText } from '../report/cut-text.ts';
import { oneLogLine } from '../report/checklist.ts';
import { hasVisibleText } from '../core/invisible-characters.ts';

/**
 * The check run's name: the plan's `name:` when the file can be read, else the plan path, with the
 * `run-key` after it when there is one. Read leniently before the plan is checked, so a plan with
 * errors still gets its check, failed. The name is one line with its control characters shown, as the
 * comment's header and the log show it: a bidi override or a line break named a check that read otherwise.
 */
export async function checkRunName(settings: Pick<ActionSettings, 'planFile' | 'planPath' | 'runKey'>): Promise<string> {
  return keyedCheckRunName(await planCheckName(settings), settings);
}

async function planCheckName(settings: Pick<ActionSettings, 'planFile' | 'planPath'>): Promise<string> {
  if (!settings.planFile) return 'plan-runner task';
  try {
    // The same reader, limits and size cap as the plan itself: never a second unbounded parse.
    if ((await stat(settings.planFile)).size > MAX_PLAN_BYTES) return oneLogLine(settings.planPath);
    const parsed = await parsePlanYaml(await readFile(settings.planFile, 'utf8'));
    const value = parsed.ok ? parsed.parsed.value : undefined;
    const name = value !== null && typeof value === 'object' ? (value as { name?: unknown }).name : undefined;
    if (typeof name === 'string' && hasVisibleText(name)) return cutText(oneLogLine(name), 200);
  } catch {
    // A missing or broken file is reported by the run itself; the check keeps the path as its name.
  }
  return oneLogLine(settings.planPath);
}
