import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { toString } from 'mdast-util-to-string';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { recordingIO } from './recording-io.ts';
import { closeEscalationIssue, escalationIssueMarker, openEscalationIssue } from '../../src/action/escalation-issue.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { Escalation } from '../../src/core/run-event.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';

const escalation: Escalation = {
  reason: 'step 3 called publish({}) and got no answer; cc @someone about #12',
  lastError: 'exit 75',
  tried: ['step 3 (tool_call publish) failed'],
  mention: '@acme/oncall',
  label: 'needs-human',
};
const where = { owner: 'acme', repo: 'app', planPath: '.github/weekly.yml', planName: 'Weekly report', runUrl: 'https://github.com/acme/app/actions/runs/1' };

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.stop();
});

describe('an escalation with no pull request opens one issue', () => {
  it('opens an issue saying what failed and what was tried, then updates that same issue next time', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const warnings: string[] = [];
    await openEscalationIssue(octokit, where, escalation, createRedactor(), (m) => warnings.push(m));
    await openEscalationIssue(octokit, where, { ...escalation, lastError: 'exit 75 again' }, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(github.issues).toHaveLength(1);
    const issue = github.issues[0] as { title: string; body: string; labels: string[] };
    expect(issue.title).toBe('plan-runner: Weekly report needs a person');
    expect(issue.labels).toEqual(['needs-human']);
    expect(issue.body.startsWith(escalationIssueMarker('.github/weekly.yml'))).toBe(true);
    expect(issue.body).toContain('exit 75 again');
    expect(issue.body).toContain('- step 3 (tool_call publish) failed');
    expect(issue.body).toContain('[The run](https://github.com/acme/app/actions/runs/1)');
    // Run text pings nobody; the plan's own mention does.
    expect(issue.body).toContain('\\@\u200bsomeone about \\#\u200b12');
    expect(issue.body).toContain('@acme/oncall: please take a look.');
    expect(github.requestsTo('issues/update')).toHaveLength(1);
  });

  // Found by a review: only the first page of 100 open issues was read, so 100 newer ones (anyone's) hid the
  // issue an earlier escalation opened, and each escalation opened another; while GitHub could not say who the
  // token is, a new issue was opened without a word.
  it('finds its issue behind a page of newer ones, and says so when it cannot tell which issue is its own', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const warnings: string[] = [];
    await openEscalationIssue(octokit, where, escalation, createRedactor(), (m) => warnings.push(m));
    // The token's own newer issues (another plan's) fill more than a page; copies of the marker by others are not read.
    for (let number = 100; number < 220; number++) {
      github.issues.push({ number, title: 'other', body: escalationIssueMarker('.github/other.yml'), state: 'open', labels: ['needs-human'], user: { ...github.tokenUser } });
      github.issues.push({ number: number + 1000, title: 'forged', body: escalationIssueMarker('.github/weekly.yml'), state: 'open', labels: ['needs-human'], user: { login: 'mallory', type: 'User' } });
    }
    await openEscalationIssue(octokit, where, { ...escalation, lastError: 'exit 75 again' }, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(github.requestsTo('issues/create')).toHaveLength(1);
    expect((github.issues[0] as { body: string }).body).toContain('exit 75 again');
    expect(github.requestsTo('issues/list-for-repo').length).toBeGreaterThan(2);

    github.fail('users/get-authenticated', { status: 502 });
    await openEscalationIssue(octokit, where, escalation, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual(['GitHub could not say who the token is (GET /user, then GraphQL), so the open escalation issue it wrote for this plan, if any, cannot be told from copies: a new one is opened.']);
    expect(github.requestsTo('issues/create')).toHaveLength(2);
    // Not among the 1,000 newest: no more pages are read, and the new issue is said to be one.
    warnings.length = 0;
    for (let number = 300; number < 1300; number++) github.issues.push({ number, title: 'other', body: 'x', state: 'open', labels: ['needs-human'], user: { ...github.tokenUser } });
    const listed = github.requestsTo('issues/list-for-repo').length;
    await openEscalationIssue(octokit, where, escalation, createRedactor(), (m) => warnings.push(m));
    expect(github.requestsTo('issues/list-for-repo').length - listed).toBe(10);
    expect(warnings).toEqual(["No open escalation issue of this token's for this plan among the 1,000 newest open issues it opened: a new one is opened."]);
    expect(github.requestsTo('issues/create')).toHaveLength(3);
  });

  // Found by a review: the open issue was looked for by the escalation's label, so one a person took the label off,
  // or whose label was renamed, was not found again, and the next escalation opened a second issue.
  it('finds its open issue again after a person takes the label off or renames it', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const warnings: string[] = [];
    await openEscalationIssue(octokit, where, escalation, createRedactor(), (m) => warnings.push(m));
    const issue = github.issues[0] as { labels: string[]; body: string };
    issue.labels = [];
    await openEscalationIssue(octokit, where, { ...escalation, lastError: 'exit 76' }, createRedactor(), (m) => warnings.push(m));
    issue.labels = ['needs-a-person'];
    await openEscalationIssue(octokit, where, { ...escalation, lastError: 'exit 77' }, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(github.issues).toHaveLength(1);
    expect(issue.body).toContain('exit 77');
    // The person's labels are left as they made them.
    expect(issue.labels).toEqual(['needs-a-person']);
    expect(github.commentsOn('acme', 'app', 1)).toHaveLength(2);
  });

  it('keeps one issue per run key: the legs of a matrix do not overwrite each other’s', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    for (const runKey of ['linux', 'windows', 'linux']) await openEscalationIssue(octokit, { ...where, runKey }, escalation, createRedactor(), () => {});
    await openEscalationIssue(octokit, where, escalation, createRedactor(), () => {});
    const issues = github.issues as Array<{ title: string; body: string }>;
    expect(issues.map((issue) => issue.title)).toEqual(['plan-runner: Weekly report (linux) needs a person', 'plan-runner: Weekly report (windows) needs a person', 'plan-runner: Weekly report needs a person']);
    expect(new Set(issues.map((issue) => issue.body.split('\n')[0])).size).toBe(3);
    expect(github.requestsTo('issues/update')).toHaveLength(1);
  });

  it('places run text as data, so no piece becomes live where it stands in the body', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const evil = '    ![x](https://evil.test/i.png?d=1)';
    // Each was code or a fence on its own, and a live image after "**Last error:** " or as a list item.
    await openEscalationIssue(octokit, where, { ...escalation, reason: evil, lastError: '~~~\n![x](https://evil.test/i.png?d=2)\n~~~', tried: ['retry\n\n    ![x](https://evil.test/i.png?d=3)'] }, createRedactor(), () => {});
    const body = (github.issues[0] as { body: string }).body;
    const live: string[] = [];
    const visit = (node: Nodes): void => {
      if (node.type === 'image' || node.type === 'link' || node.type === 'html') live.push(node.type);
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(fromMarkdown(body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
    expect(live).toEqual(['html', 'link']); // plan-runner's own marker comment and its link to the run
  });

  // Found by a review: the title went through the Markdown neutraliser, and GitHub shows a title as plain text, so it
  // read `R\&D plan\-runner ［beta］`; in the body a name's escaped `[` left its `]` bare, made fullwidth: `[beta］`.
  it('shows the plan’s name in the title as written, mentions and references broken, and its brackets as written in the body', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const planName = 'R&amp;D plan-runner [beta] ``` for @octocat #12 https://github.com/acme/app/issues/3';
    await openEscalationIssue(octokit, { ...where, planName, runKey: 'node-20' }, { ...escalation, reason: 'stopped [escalate: on_failure]' }, createRedactor(), () => {});
    const { title, body } = github.issues[0] as { title: string; body: string };
    // An issue's URL is the same reference as `#3` (found by a hunt of GitHub writes: it stayed live in the title).
    expect(title).toBe('plan-runner: R&amp;D plan-runner [beta] ``` for @\u200boctocat #\u200b12 https:\u200b//github.com/acme/app/issues/3 (node-20) needs a person');
    const shown = toString(fromMarkdown(body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
    expect(shown).toContain('plan-runner escalated a run of R&amp;D plan-runner [beta] ``` for @\u200boctocat #\u200b12');
    expect(shown).toContain('Why: stopped [escalate: on_failure]');
    expect(`${title}${body}`).not.toMatch(/[\uFF3B\uFF3D]/);
  });

  // Found by an adversarial pass: week 2's escalation only edited the open issue's body, and GitHub tells no one of an
  // edit (nor of a mention already in the body): the plan's mention and the issue's subscribers never heard of it.
  it('comments on the open issue when the plan escalates again, so the mention and the subscribers are told', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const warnings: string[] = [];
    await openEscalationIssue(octokit, where, escalation, createRedactor(), (m) => warnings.push(m));
    expect(github.commentsOn('acme', 'app', 1)).toEqual([]);
    const again = { ...where, runUrl: 'https://github.com/acme/app/actions/runs/2' };
    await openEscalationIssue(octokit, again, { ...escalation, lastError: 'exit 75 again' }, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(github.issues).toHaveLength(1);
    expect(github.commentsOn('acme', 'app', 1).map((comment) => comment.body)).toEqual([
      '[This run](https://github.com/acme/app/actions/runs/2) escalated again: the issue now says why, with its last error and what was tried.\n\n@acme/oncall: please take a look.',
    ]);

    github.fail('issues/create-comment', { status: 403, body: { message: 'Resource not accessible by integration' } });
    await openEscalationIssue(octokit, again, escalation, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([expect.stringMatching(/^Could not comment on escalation issue #1 \(its body now says this run escalated, and no one is told of an edited body\) \(HTTP 403\): /)]);
  });

  // Found by a hunting pass: two runs of the plan escalating at once (matrix legs without a run-key, overlapping
  // schedules) each found no open issue and opened one; both stayed open, and only the newer was updated after.
  it('keeps one open issue when two runs escalate at once: the newer is closed as a duplicate, the older told', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    // Each run has looked for an open issue before either opens one.
    let listed: () => void = () => {};
    const bothLooked = new Promise<void>((resolve) => (listed = resolve));
    github.onRequest = () => {
      if (github.requestsTo('issues/list-for-repo').length >= 2) listed();
    };
    github.fail('issues/create', { heldUntil: bothLooked }, { heldUntil: bothLooked });
    const warnings: string[] = [];
    const second = { ...where, runUrl: 'https://github.com/acme/app/actions/runs/2' };
    await Promise.all([
      openEscalationIssue(octokit, where, escalation, createRedactor(), (m) => warnings.push(m)),
      openEscalationIssue(octokit, second, { ...escalation, lastError: 'exit 76' }, createRedactor(), (m) => warnings.push(m)),
    ]);
    expect(warnings).toEqual([]);
    const issues = github.issues as Array<{ number: number; state: string; state_reason?: string; body: string }>;
    expect(issues.map((issue) => [issue.number, issue.state])).toEqual([[1, 'open'], [2, 'closed']]);
    expect(issues[1]?.state_reason).toBe('not_planned');
    expect(github.commentsOn('acme', 'app', 2).map((comment) => comment.body)).toEqual([expect.stringMatching(/^Duplicate of #1: another run of this plan escalated at the same time/)]);
    // The open one says the later escalation, and its mention is told of it in a comment.
    expect(github.commentsOn('acme', 'app', 1).map((comment) => comment.body)).toEqual([expect.stringContaining('escalated again')]);
    const toldAgain = github.commentsOn('acme', 'app', 1)[0]!.body;
    const runOfDuplicate = toldAgain.includes('runs/2') ? 'exit 76' : 'exit 75';
    expect(issues[0]?.body).toContain(runOfDuplicate);

    // The next escalation updates that one issue.
    await openEscalationIssue(octokit, where, { ...escalation, lastError: 'exit 77' }, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(issues.map((issue) => [issue.number, issue.state])).toEqual([[1, 'open'], [2, 'closed']]);
    expect(issues[0]?.body).toContain('exit 77');
  });

  // Found by a review: each run compared its issue only with the newest other, so of three racing runs the middle
  // one, seeing a newer issue, kept its own open beside the oldest.
  it('keeps one open issue when three runs escalate at once: both newer ones are closed as duplicates of the oldest', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    let listed: () => void = () => {};
    const allLooked = new Promise<void>((resolve) => (listed = resolve));
    github.onRequest = () => {
      if (github.requestsTo('issues/list-for-repo').length >= 3) listed();
    };
    github.fail('issues/create', { heldUntil: allLooked }, { heldUntil: allLooked }, { heldUntil: allLooked });
    const warnings: string[] = [];
    await Promise.all(
      [1, 2, 3].map((run) => openEscalationIssue(octokit, { ...where, runUrl: `https://github.com/acme/app/actions/runs/${run}` }, escalation, createRedactor(), (m) => warnings.push(m))),
    );
    expect(warnings).toEqual([]);
    const issues = github.issues as Array<{ number: number; state: string }>;
    expect(issues.map((issue) => [issue.number, issue.state])).toEqual([[1, 'open'], [2, 'closed'], [3, 'closed']]);
    for (const duplicate of [2, 3]) expect(github.commentsOn('acme', 'app', duplicate).map((comment) => comment.body)).toEqual([expect.stringMatching(/^Duplicate of #1: /)]);
    expect(github.commentsOn('acme', 'app', 1).map((comment) => comment.body)).toEqual([expect.stringContaining('escalated again'), expect.stringContaining('escalated again')]);
  });

  it('never adopts an issue someone else opened with the marker', async () => {
    github.issues.push({ number: 1, id: 99, state: 'open', title: 'forged', body: `${escalationIssueMarker('.github/weekly.yml')}\nall fine`, labels: ['needs-human'], user: { login: 'mallory', type: 'User' } });
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    await openEscalationIssue(octokit, where, escalation, createRedactor(), () => {});
    expect(github.issues).toHaveLength(2);
    expect((github.issues[0] as { body: string }).body).toContain('all fine');
  });

  it('warns instead of failing when it may not write issues', async () => {
    github.fail('issues/create', { status: 403, body: { message: 'Resource not accessible by integration' } });
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const warnings: string[] = [];
    await openEscalationIssue(octokit, where, escalation, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([expect.stringContaining('Could not open an issue for the escalation (HTTP 403)')]);
  });
});

describe('a scheduled run that escalates', () => {
  // Found by an adversarial pass: a plan name of 200 characters and a run key of 100 made a title of 331, GitHub
  // answered 422, and the warning blamed the token's permissions.
  it('keeps the title within GitHub’s 256 characters, and says what GitHub said when it refuses for another reason', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    await openEscalationIssue(octokit, { ...where, planName: '@a '.repeat(66) + 'x', runKey: 'k'.repeat(100) }, escalation, createRedactor(), () => {});
    const title = (github.issues.at(-1) as { title: string }).title;
    expect(title.length).toBeLessThanOrEqual(256);
    expect(title).toMatch(/^plan-runner: .*… needs a person$/);
    github.fail('issues/create', { status: 422, body: { message: 'Validation Failed' } });
    const warnings: string[] = [];
    await openEscalationIssue(octokit, { ...where, planName: 'Other' }, escalation, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual(["Could not open an issue for the escalation (HTTP 422): Validation Failed. GitHub refused the request itself, not the token's permissions: no permission changes that. The job fails as escalated either way."]);
    // A secondary rate limit answers 403 too: not the token's permissions (found by a review).
    const limited = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, maxRateLimitRetries: 0, throttle: zeroSpacingThrottle() });
    github.fail('issues/create', { status: 403, headers: { 'retry-after': '60' }, body: { message: 'You have exceeded a secondary rate limit' } });
    warnings.length = 0;
    await openEscalationIssue(limited, { ...where, planName: 'Third' }, escalation, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual(['Could not open an issue for the escalation (HTTP 403): You have exceeded a secondary rate limit. GitHub may get over it (a rate limit, an outage): a later try may pass. The job fails as escalated either way.']);
  });

  it('opens one issue naming the side-effect call it could not confirm', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const { readActionSettings } = await import('../../src/action/action-settings.ts');
    const { runAction } = await import('../../src/action/run-action.ts');
    const { systemClock } = await import('../../src/core/clock.ts');
    const { recordingIO } = await import('./recording-io.ts');
    const workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-escalation-'));
    await writeFile(path.join(workspace, 'plan.yml'), `name: Publish
escalate: { mention: "@acme/oncall", label: needs-human }
tools:
  publish:
    description: Publish the report
    command: [node, -e, "process.exit(75)"]
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: publish, args: { to: readers } }
`);
    const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't' };
    const read = await readActionSettings((name) => given[name] ?? '', {
      GITHUB_WORKSPACE: workspace,
      GITHUB_EVENT_NAME: 'schedule',
      GITHUB_REPOSITORY: 'acme/app',
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '7',
      PATH: process.env.PATH ?? '',
    });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io } = recordingIO();
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const result = await runAction(read.settings, { io, redact: createRedactor(['t']), clock: systemClock, commentIntervalMs: 0, github: octokit });
    await result.published;
    expect(result.outputs.status).toBe('escalated');
    expect(github.issues).toHaveLength(1);
    expect((github.issues[0] as { body: string }).body).toContain('step 1 called publish({"to":"readers"}), a tool with side effects, and got no answer');
  });
});

// A label GitHub will not create (a name with spaces at its ends, as hub4j/github-api#1051 shows GitHub's answer) cost
// the escalation its whole issue (found by a hunt).
describe('a label GitHub refuses', () => {
  it('opens the issue without it, and says so', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    github.fail('issues/create', { status: 422, body: { message: 'Validation Failed', errors: [{ value: ' needs-human', resource: 'Label', field: 'name', code: 'invalid' }] } });
    const warnings: string[] = [];
    await openEscalationIssue(octokit, where, { ...escalation, label: ' needs-human' }, createRedactor(), (m) => warnings.push(m));
    expect(github.issues).toHaveLength(1);
    expect((github.issues[0] as { labels?: string[] }).labels).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^GitHub refused the escalation label ' needs-human' \(HTTP 422\): Validation Failed.* The escalation issue is opened without it: give escalate.label a name GitHub takes\.$/);
  });

  it('but another 422 is not taken for one: no second issue is created', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    github.fail('issues/create', { status: 422, body: { message: 'Validation Failed', errors: [{ resource: 'Issue', field: 'title', code: 'invalid' }] } });
    const warnings: string[] = [];
    await openEscalationIssue(octokit, where, escalation, createRedactor(), (m) => warnings.push(m));
    expect(github.requestsTo('issues/create')).toHaveLength(1);
    expect(warnings.join('\n')).toContain('Could not open an issue for the escalation (HTTP 422)');
  });
});

// Two racing escalations pinged the mention three times: both new issues' bodies, then the older issue's comment (found by a hunt).
it('two escalations that race ping the mention once each', async () => {
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  let listed: () => void = () => {};
  const bothLooked = new Promise<void>((resolve) => (listed = resolve));
  github.onRequest = () => {
    if (github.requestsTo('issues/list-for-repo').length >= 2) listed();
  };
  github.fail('issues/create', { heldUntil: bothLooked }, { heldUntil: bothLooked });
  await Promise.all([
    openEscalationIssue(octokit, where, escalation, createRedactor(), () => {}),
    openEscalationIssue(octokit, { ...where, runUrl: 'https://github.com/acme/app/actions/runs/2' }, escalation, createRedactor(), () => {}),
  ]);
  const created = github.requestsTo('issues/create').map((request) => (request.body as { body: string }).body);
  const comments = [...github.commentsOn('acme', 'app', 1), ...github.commentsOn('acme', 'app', 2)].map((comment) => comment.body);
  expect([...created, ...comments].filter((text) => text.includes('@acme/oncall'))).toHaveLength(2);
  expect(github.issues.filter((issue) => (issue as { state: string }).state === 'open')).toHaveLength(1);
});

// A later run that succeeded left the escalation issue open, saying "needs a person", with no word (found by a hunt).
describe('a run of the plan that succeeds', () => {
  it('tells the open escalation issue and closes it as completed, saying it can be reopened', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    await openEscalationIssue(octokit, where, escalation, createRedactor(), () => {});
    const warnings: string[] = [];
    const infos: string[] = [];
    await closeEscalationIssue(octokit, { ...where, runUrl: 'https://github.com/acme/app/actions/runs/2' }, Date.now(), (m) => warnings.push(m), (m) => infos.push(m));
    expect(warnings).toEqual([]);
    expect(github.issues[0]).toMatchObject({ state: 'closed', state_reason: 'completed' });
    const told = github.commentsOn('acme', 'app', 1).at(-1)!.body;
    expect(told).toContain('[This run](https://github.com/acme/app/actions/runs/2) of this plan succeeded');
    expect(told).toContain('Reopen it');
    expect(infos).toEqual(['Escalation issue #1 closed, as this run succeeded: https://github.com/acme/app/issues/1']);
    // Closed, it is not closed again; another plan's issue is not this one's.
    await closeEscalationIssue(octokit, where, Date.now(), () => {}, () => {});
    await openEscalationIssue(octokit, { ...where, planPath: '.github/other.yml' }, escalation, createRedactor(), () => {});
    await closeEscalationIssue(octokit, where, Date.now(), () => {}, () => {});
    expect(github.requestsTo('issues/update')).toHaveLength(1);
    expect(github.issues[1]).toMatchObject({ state: 'open' });
  });

  // Found by a review: an older run that succeeded closed the issue a newer run escalated into while it ran (overlapping
  // schedules, another leg of a matrix without a run-key); and a token whose account is unknown closed nothing, silently.
  it('leaves open an issue updated since it began, and says so; says so when it cannot tell the token’s account', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    await openEscalationIssue(octokit, where, escalation, createRedactor(), () => {});
    const infos: string[] = [];
    const updated = Date.parse((github.issues[0] as { updated_at: string }).updated_at);
    await closeEscalationIssue(octokit, where, updated, () => {}, (m) => infos.push(m));
    expect(github.issues[0]).toMatchObject({ state: 'open' });
    expect(infos).toEqual(['Escalation issue #1 was updated after this run began (a later escalation, or a person\'s words): it is left open.']);
    expect(github.requestsTo('issues/create-comment')).toHaveLength(0);
    // The token's account unknown: nothing is closed, and the log says so.
    github.fail('users/get-authenticated', { status: 502 }, { status: 502 }, { status: 502 });
    github.fail('graphql', { status: 502 }, { status: 502 }, { status: 502 });
    const warnings: string[] = [];
    await closeEscalationIssue(createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }), where, Date.now(), (m) => warnings.push(m), () => {});
    expect(github.issues[0]).toMatchObject({ state: 'open' });
    expect(warnings).toEqual([expect.stringContaining("Could not tell which account the token is, so this plan's escalation issue, if one is open, is not closed")]);
  });

  it('on a schedule, after a run that escalated: the action closes the issue that run opened', async () => {
    const workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-escalation-'));
    const scheduled = async (exit: number, runId: string) => {
      await writeFile(path.join(workspace, 'plan.yml'), `name: Weekly\nescalate: { mention: "@acme/oncall" }\ntools:\n  publish: { description: Publish, command: [node, -e, "process.exit(${exit})"], side_effects: true }\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: publish, args: {} }\n`);
      const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', state: 'off' };
      const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'schedule', GITHUB_REPOSITORY: 'acme/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: runId, PATH: process.env['PATH'] ?? '' };
      const read = await readActionSettings((name) => given[name] ?? '', env);
      if (!read.ok) throw new Error(read.problems.join('\n'));
      const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
      const result = await runAction(read.settings, { io: recordingIO().io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: octokit });
      await result.published;
      return result.outputs.status;
    };
    try {
      expect(await scheduled(75, '7')).toBe('escalated');
      expect(github.issues).toMatchObject([{ state: 'open' }]);
      expect(await scheduled(0, '8')).toBe('succeeded');
      expect(github.issues).toMatchObject([{ state: 'closed', state_reason: 'completed' }]);
      expect(github.commentsOn('acme', 'app', 1).at(-1)!.body).toContain('[This run](https://github.com/acme/app/actions/runs/8) of this plan succeeded');
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });
});
