import type { ActionSettings } from './action-settings.ts';

/**
 * Why this job's checkout is not the commit its run's verdict (the check run, the job's own status) is for, or
 * undefined when it is: no `command` goal is then checked, nor a goal on what a step read from the checkout.
 * An approving job (`issue_comment`) works on the default branch and continues a pull request commit's paused run
 * (`pausedHeadSha`); a `pull_request_target` job must work on the base branch (admission refuses any other
 * checkout), while its pull request's head is the commit its check goes on.
 */
export function checkoutElsewhere(settings: Pick<ActionSettings, 'github' | 'env'>, pausedHeadSha?: string): string | undefined {
  const { github } = settings;
  if (pausedHeadSha !== undefined) {
    if (github.headSha === pausedHeadSha) return undefined;
    return `not checked: this approving job's checkout is ${github.headSha ?? 'not a known commit'}, not the pull request's commit ${pausedHeadSha} that the run and its check are for, so a command here would check other code. A command goal cannot gate a pull request through /approve: check the code in a job of the pull request's workflow that needs no approval`;
  }
  if (github.eventName !== 'pull_request_target' || github.headSha === undefined) return undefined;
  const baseSha = (github.payload as { pull_request?: { base?: { sha?: unknown } } } | undefined)?.pull_request?.base?.sha;
  const checkout = settings.env['GITHUB_SHA'] || (typeof baseSha === 'string' ? baseSha : undefined);
  // A pull request whose head is the base commit itself (nothing to merge): the checkout holds its code.
  if (github.headSha === checkout || github.headSha === baseSha) return undefined;
  return `not checked: on pull_request_target this job's checkout is the base branch's commit ${checkout ?? '(not known)'}, not the pull request's commit ${github.headSha} that the run and its check are for, so a command here would check other code. A command goal cannot gate a pull request on pull_request_target: check its code in a workflow on pull_request`;
}
