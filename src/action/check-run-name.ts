import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { ActionSettings } from './action-settings.ts';

/**
 * The check run's name: the plan's `name:` when the file can be read, else the plan path. Read
 * leniently before the plan is checked, so a plan with errors still gets its check, failed.
 */
export function checkRunName(settings: Pick<ActionSettings, 'planFile' | 'planPath'>): string {
  if (!settings.planFile) return 'plan-runner task';
  try {
    const name = (parse(readFileSync(settings.planFile, 'utf8')) as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && name.trim() !== '') return name.trim().slice(0, 200);
  } catch {
    // A missing or broken file is reported by the run itself; the check keeps the path as its name.
  }
  return settings.planPath;
}
