import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { startFakeGitHubApi, type FakeGitHubApi } from '../fixtures/fake-github-api.ts';

// Found by an adversarial pass: `github.writes` caps started again at zero on a resumed run (a re-run, `--resume`),
// so a run that wrote its one comment and had its second refused wrote the second on a re-run: the plan's bound was
// passed by re-running. The second comment is a for_each item: two add_comment steps under max_comments: 1 are a
// plan error (validate counts the writes that are certain), but a list's items are known only when the run makes it.
const plan = `name: caps
toolsets: [github]
github: { writes: { max_comments: 1, max_issues: 1 } }
tools:
  more: { description: The comments after the first, command: [node, -e, "process.stdout.write(JSON.stringify(['two']))"] }
workflow_sequence:
  - { id: first, type: tool_call, tool: add_comment, description: First comment, args: { issue_number: 3, body: one } }
  - { id: more, type: tool_call, tool: more, depends_on: [first], args: {} }
  - { id: second, type: tool_call, tool: add_comment, description: Second comment, for_each: "\${steps.more.result}", depends_on: [more], args: { issue_number: 3, body: "\${item}" } }
  - { id: issue, type: tool_call, tool: create_issue, description: An issue, depends_on: [second], args: { title: Found } }
`;

let api: FakeGitHubApi;
let dir: string;
let posted: string[];
let opened: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'resume-write-caps-'));
  posted = [];
  opened = [];
  api = await startFakeGitHubApi({
    'issues/create-comment': (request) => {
      posted.push((request.body as { body: string }).body);
      return { status: 201, body: { id: posted.length, html_url: `u${posted.length}`, user: { login: 'github-actions[bot]' } } };
    },
    'issues/list-comments': () => ({ body: [] }),
    'users/get-authenticated': () => ({ body: { login: 'github-actions[bot]' } }),
    'issues/create': (request) => {
      opened.push((request.body as { title: string }).title);
      return { status: 201, body: { number: 40 + opened.length, html_url: `i${opened.length}`, title: (request.body as { title: string }).title, user: { login: 'github-actions[bot]' } } };
    },
  });
});

afterEach(async () => {
  expect(api.problems).toEqual([]);
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(planText: string, options: { trace?: string; resume?: string } = {}): Promise<{ status: string; failed: Record<string, string> }> {
  const planFile = path.join(dir, 'plan.yml');
  await writeFile(planFile, planText);
  const events: RunEvent[] = [];
  const trace = options.trace ? traceWriter(options.trace) : undefined;
  const resume = options.resume ? { file: options.resume, text: await readFile(options.resume, 'utf8') } : undefined;
  const octokit = createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
  const outcome = await runJob(
    {
      planFile,
      inputs: {},
      cwd: dir,
      env: { PATH: process.env['PATH'] },
      model: { baseURL: 'http://127.0.0.1:9' },
      github: { octokit, repository: { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' } },
      ...(resume && { resume }),
    },
    { listeners: [(event) => void events.push(event), ...(trace ? [trace.listener] : [])], clock: systemClock },
  );
  await trace?.close();
  const failed = Object.fromEntries(events.flatMap((event) => (event.type === 'step_failed' ? [[event.stepKey, event.error]] : [])));
  return { status: 'status' in outcome ? String(outcome.status) : outcome.kind, failed };
}

describe('github.writes caps on a resumed run', () => {
  it('count what the run it resumes wrote: a comment refused by the cap is refused again, not written', async () => {
    const first = path.join(dir, 'first.jsonl');
    const once = await run(plan, { trace: first });
    expect(once.status).toBe('failed');
    expect(once.failed['second']).toContain('at most 1 comment per run');
    expect(posted).toEqual(['one']);

    const again = await run(plan, { resume: first });
    expect(again.status).toBe('failed');
    expect(again.failed['second']).toContain('at most 1 comment per run, and 1 was already written');
    expect(posted).toEqual(['one']);
  });

  it('count the writes of a resume of a resume, and leave a cap the earlier runs did not reach open', async () => {
    const first = path.join(dir, 'first.jsonl');
    const second = path.join(dir, 'second.jsonl');
    await run(plan, { trace: first });
    await run(plan, { resume: first, trace: second });
    // The cap raised to two comments: the second is written once, and the issue, which no run opened, is opened.
    const raised = plan.replace('max_comments: 1', 'max_comments: 2');
    const third = await run(raised, { resume: second });
    expect(third.failed).toEqual({});
    expect(third.status).toBe('succeeded');
    expect(posted).toEqual(['one', 'two']);
    expect(opened).toEqual(['Found']);
  });

  it('count a write that got no answer once: made again after the look found nothing, it is not refused as a second', async () => {
    const first = path.join(dir, 'first.jsonl');
    const answered = api.handlers['issues/create-comment']!;
    // The first comment gets a 502 and the look for it fails: it may have landed, and the run escalates.
    api.handlers['issues/create-comment'] = () => ({ status: 502, body: { message: 'Bad Gateway' } });
    api.handlers['issues/list-comments'] = () => ({ status: 500, body: { message: 'Server Error' } });
    const once = await run(plan, { trace: first });
    expect(once.status).toBe('escalated');
    api.handlers['issues/create-comment'] = answered;
    api.handlers['issues/list-comments'] = () => ({ body: [] });

    const again = await run(plan, { resume: first });
    expect(posted).toEqual(['one']);
    expect(again.failed['second']).toContain('at most 1 comment per run, and 1 was already written');
  });
});
