import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { createRedactor, type Redactor } from '../../src/core/redact.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { checklistLines } from '../../src/report/checklist.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { redactingTools } from '../../src/tools/redacting-tools.ts';
import { resumeStateFromEvents, type ResumeState } from '../../src/run/resume-state.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import { githubToolset } from '../../src/tools/github/github-toolset.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { timingOutFetch } from '../helpers/timing-out-fetch.ts';
import { planOf } from './run-fixture.ts';

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
  // Effects are looked for from the call's time on: GitHub's stamps must be of the same clock.
  github.now = Date.now();
});
afterEach(async () => {
  await github.stop();
});

const publish: PlanStep = { key: 'publish', id: 'publish', type: 'tool_call', description: 'Open the report issue', tool: 'create_issue', args: { title: 'Weekly report', body: 'All good' }, inputs: [], dependsOn: [] };

/**
 * The GitHub tools, each request given 10 s; `fetch` for a first run's, whose create the stand-in holds
 * back or never answers: it times that create out 100 ms after the stand-in has read it (`run`). A plain
 * 150 ms timeout let a loaded machine time out a create before it reached the stand-in, and once a
 * resumed run's create, which then escalated.
 */
function tools(fetch?: typeof globalThis.fetch): Map<string, Tool> {
  const octokit = createOctokit({ token: 'ghs_test', baseUrl: github.url, warn: () => {}, throttle: { enabled: false }, ...(fetch && { fetch }) });
  const set = githubToolset({ octokit, redact: createRedactor(), owner: 'octo-org', repo: 'hello-world', wait: async () => {}, requestTimeoutMs: 10_000, writes: {} });
  return new Map(set.map((tool) => [tool.name, tool]));
}

/** `redact`: the run's redactor, and the tools wrapped as every run opens them (`redactingTools`). */
async function run(resume?: ResumeState, step = publish, redact?: Redactor) {
  const events: RunEvent[] = [];
  const fetch = resume ? undefined : timingOutFetch(github, 'issues/create', 100);
  const registry = redact ? redactingTools(tools(fetch), redact) : tools(fetch);
  const outcome = await runPlan(planOf([step]), { runStep, tools: registry, clock: systemClock, cwd: '/repo', inputs: {}, listeners: [(event) => events.push({ ...event, ts: new Date().toISOString() } as unknown as RunEvent)], ...(resume && { resume }), ...(redact && { redact }) });
  return { outcome, events };
}

/** Until the create the stand-in held back has landed (1 s after it came; longer on a loaded machine), at most 10 s. */
async function landed(): Promise<void> {
  for (const started = Date.now(); github.issues.length === 0 && Date.now() - started < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 25));
}

function resumeOf(events: RunEvent[]): ResumeState {
  // The trace stamps each line with its time as it is written (see run()); the resume reads it as the
  // call's time. Stamped here, later, the call seemed to come after the issue it made whenever a
  // second ended in between, and the check found nothing.
  const read = resumeStateFromEvents(events, 'test plan', 'the first run');
  if (!read.ok) throw new Error(read.problem);
  return read.state;
}

describe('a side-effect call whose effect can be checked', () => {
  it('is not made again when a resumed run finds what it left: one issue, and the step completes with it', async () => {
    // The create is applied by GitHub after the client gave up, and the check that follows fails: the outcome is unknown.
    github.fail('issues/create', { lateMs: 1_000 });
    github.fail('issues/list-for-repo', { status: 500 });
    const first = await run();
    expect(first.outcome.status).toBe('escalated');
    expect(first.events).toContainEqual(expect.objectContaining({ type: 'tool_returned', outcome: 'unknown' }));
    await landed();
    expect(github.issues).toHaveLength(1);

    const second = await run(resumeOf(first.events));
    expect(second.outcome.status).toBe('succeeded');
    expect(second.outcome.results.get('publish')).toMatchObject({ title: 'Weekly report' });
    expect(github.requestsTo('issues/create')).toHaveLength(1);
    expect(github.issues).toHaveLength(1);
    expect(second.events).toContainEqual(expect.objectContaining({ type: 'tool_called', kind: 'check', tool: 'create_issue', madeIn: 'the first run' }));
    // Its line says the issue is the first run's, found: a plain ✅ read as opened by this run.
    expect(checklistLines(second.events.reduce(applyEvent, newRunRecord()))).toEqual([expect.stringMatching(/^✅ publish\. Open the report issue → \{"number":1,.* — create_issue not made now: the call in the first run was found done$/)]);
    expect(github.violations).toEqual([]);
  });

  // Found by review: the check was given the arguments unredacted, while the issue had been created
  // with them redacted; it found nothing, and the resumed run created the issue a second time.
  it('is found with the arguments the call had when they hold a value the redactor hides: still one issue', async () => {
    const redact = createRedactor(['eu-central-primary']);
    const hidden: PlanStep = { ...publish, args: { title: 'Weekly report for eu-central-primary', body: 'All good' } };
    github.fail('issues/create', { lateMs: 1_000 });
    github.fail('issues/list-for-repo', { status: 500 });
    const first = await run(undefined, hidden, redact);
    expect(first.outcome.status).toBe('escalated');
    await landed();
    expect(github.issues.map((issue) => issue.title)).toEqual(['Weekly report for ***']);

    const second = await run(resumeOf(first.events), hidden, redact);
    expect(second.outcome.status).toBe('succeeded');
    expect(github.requestsTo('issues/create')).toHaveLength(1);
    expect(github.issues).toHaveLength(1);
  });

  it('is made when the check finds nothing: the call that got no answer never took effect', async () => {
    // Never applied: the request hangs, and the check then fails too.
    github.fail('issues/create', { hang: true });
    github.fail('issues/list-for-repo', { status: 500 });
    const first = await run();
    expect(first.outcome.status).toBe('escalated');
    expect(github.issues).toHaveLength(0);

    const second = await run(resumeOf(first.events));
    expect(second.outcome.status).toBe('succeeded');
    expect(github.issues).toHaveLength(1);
    expect(github.violations).toEqual([]);
  });

  it('escalates again when the check itself fails, and a resume of that run still knows the call', async () => {
    github.fail('issues/create', { lateMs: 1_000 });
    github.fail('issues/list-for-repo', { status: 500 });
    const first = await run();
    await landed();
    github.fail('issues/list-for-repo', { status: 500 });
    const second = await run(resumeOf(first.events));
    expect(second.outcome.status).toBe('escalated');
    // The third attempt resumes the second's trace, not the first's: the call is still known there.
    const third = await run(resumeOf(second.events));
    expect(third.outcome.status).toBe('succeeded');
    expect(github.requestsTo('issues/create')).toHaveLength(1);
    expect(github.issues).toHaveLength(1);
  });
});
