import type { Redactor } from '../core/redact.ts';
import type { GitHubClient } from '../github/create-octokit.ts';
import { eventTarget } from '../github/event-target.ts';
import type { FinalReport } from '../report/final-report.ts';
import type { ActionIO } from './action-io.ts';
import type { ActionSettings } from './action-settings.ts';
import { authorizeRun, readOnlyReason } from './admit-run.ts';
import { escalationIssueContext, openEscalationIssue } from './escalation-issue.ts';
import { addEscalationLabel, personNeeded, speaksThere, tellEscalation } from './escalation-notice.ts';
import { runCommitOf } from './superseded-commit.ts';

/** Saved by the main step once it has told an escalation (its issue, label and mention): its post step does not tell it again. */
export const ESCALATION_TOLD_STATE = 'escalationTold';

export interface LeftEscalationContext {
  readonly io: ActionIO;
  readonly redact: Redactor;
  readonly github?: GitHubClient;
  /** An approved run's paused pull request commit: the commit the run is for, as the main step tells it. */
  readonly pausedHeadSha?: string;
  /** The comment the post step finished was kept as this run's though a push superseded it (`LiveComment.keptSuperseded`): it speaks there, as the main step would. */
  readonly commentKept?: boolean;
}

/**
 * The post step's part in an escalated run whose main step was killed before it told anyone (it saved no
 * ESCALATION_TOLD_STATE): labels the pull request or issue and tells the plan's mention there, or, with none to speak
 * on, opens or updates the escalation issue, as the main step would have. Only for a run the main step would have
 * admitted to write (not a read-only one, nor one its starter may not start). Failures are warnings.
 */
export async function tellLeftEscalation(settings: ActionSettings, report: FinalReport, context: LeftEscalationContext): Promise<void> {
  const { escalation } = report;
  const { io, redact, github } = context;
  if (report.status !== 'escalated' || !escalation || !github || !(escalation.mention || escalation.label)) return;
  const admission = { github };
  if (!(await authorizeRun(settings, admission)).allowed || (await readOnlyReason(settings, admission)) !== undefined) return;
  const { eventName, payload, repository } = settings.github;
  const target = eventTarget(eventName, payload, repository);
  if (!target) {
    if (repository) await openEscalationIssue(github, escalationIssueContext(settings, report.record?.plan?.name), escalation, redact, io.warning, io.info);
    return;
  }
  if (!(await speaksThere(github, target, runCommitOf(target, payload, context.pausedHeadSha), { label: escalation.label, mention: escalation.mention }, io.info, context.commentKept))) return;
  await addEscalationLabel(github, target, escalation, io.warning);
  const where = { planPath: settings.planPath, ...(settings.github.runUrl && { runUrl: settings.github.runUrl }) };
  await tellEscalation(github, target, personNeeded(escalation, {}), where, redact, io.warning);
}
