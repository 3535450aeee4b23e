import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';
import type { Toolset } from '../tools/toolset-name.ts';

interface ToolsetSection {
  readonly toolset: Toolset;
  readonly section: 'http' | 'github';
  /** Why the toolset cannot work without its section; absent when the section is optional. */
  readonly required?: string;
}

/** The toolsets configured by a section of their own. */
export const TOOLSET_SECTIONS: readonly ToolsetSection[] = [
  {
    toolset: 'http',
    section: 'http',
    required: 'the http toolset needs the URL prefixes its tools may call: add http: { allow: [https://api.example.com/v1/] } (anything else is refused)',
  },
  { toolset: 'github', section: 'github' },
];

/** What a plan is told that configures `toolset` in `section` and leaves the toolset off. */
export function sectionWithoutToolsetMessage(toolset: Toolset, section: string): string {
  return `\`${section}:\` configures the ${toolset} toolset, which the plan does not enable: add ${toolset} to \`toolsets:\``;
}

/**
 * A toolset that needs a section has it (`toolsets: [http]` needs `http.allow`), and a section is
 * not written for a toolset the plan leaves off, where it would silently do nothing. A used plan
 * (`usedPlan`) runs with the top plan's sections, which `loadSubplans` asks of that plan instead.
 */
export function checkToolsetConfig(plan: Plan, usedPlan = false): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const enabled = plan.toolsets ?? [];
  for (const { toolset, section, required } of TOOLSET_SECTIONS) {
    const index = enabled.indexOf(toolset);
    if (index >= 0 && required !== undefined && plan[section] === undefined && !usedPlan) issues.push({ path: ['toolsets', index], message: required });
    if (index < 0 && plan[section] !== undefined) {
      issues.push({ path: [section], at: 'key', message: sectionWithoutToolsetMessage(toolset, section) });
    }
  }
  return issues;
}
