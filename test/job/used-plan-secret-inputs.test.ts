// Found by a hunt of used plans: a value a `type: plan` step hands its plan under a secret input name (`with: {deploy_token:
// "${inputs.cfg}"}`) reached the trace, the summary and the log as it was; given as the top plan's `deploy_token`, hidden everywhere.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { runJob } from '../../src/job/run-job.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { cliInProcessStreams } from '../helpers/cli-in-process.ts';

const SECRET = 'ghx_SuperSecretValue123';

/** A command tool that answers with the arguments it was given. */
const ECHO = `[${JSON.stringify(process.execPath)}, -e, ${JSON.stringify('let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(s))')}]`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plan-runner-used-secret-'));
  writeFileSync(
    path.join(dir, 'inner.yml'),
    [
      'name: Inner',
      'inputs: { deploy_token: { description: a token } }',
      `tools: { say: { description: Says it, command: ${ECHO} } }`,
      'workflow_sequence:',
      '  - { id: say, type: tool_call, tool: say, args: { text: "token is ${inputs.deploy_token}" } }',
      '',
    ].join('\n'),
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A top plan that hands its input `cfg`, whose name looks like nothing secret, to the used plan's `deploy_token`. */
function topPlan(step = ''): string {
  const file = path.join(dir, 'top.yml');
  writeFileSync(file, `name: Top\ninputs: { cfg: { description: a value } }\nworkflow_sequence:\n  - { id: use, type: plan, uses: inner.yml, with: { deploy_token: "\${inputs.cfg}" }${step} }\n`);
  return file;
}

/** Runs `top.yml` with the CLI in its folder, which its `uses:` is relative to; what its log, trace and summary hold. */
async function cliRun(more: readonly string[] = []): Promise<{ readonly log: string; readonly trace: string; readonly summary: string }> {
  const run = await cliInProcessStreams(['run', 'top.yml', '--input', `cfg=${SECRET}`, '--trace', 't.jsonl', '--summary', 's.md', ...more], { cwd: dir });
  const log = run.stdout + run.stderr;
  if (!log.includes('trace: t.jsonl')) throw new Error(log);
  return { log, trace: readFileSync(path.join(dir, 't.jsonl'), 'utf8'), summary: readFileSync(path.join(dir, 's.md'), 'utf8') };
}

describe('a value a used plan is given under a secret input name', () => {
  it('is hidden in the log, the trace and the summary', async () => {
    topPlan();
    const { log, trace, summary } = await cliRun();
    expect(log).toContain('status: succeeded');
    expect(log).toContain('token is ***');
    expect(trace).toContain('token is ***');
    for (const channel of [log, trace, summary]) expect(channel).not.toContain(SECRET);
  });

  it('is hidden from the used plan’s run on when a step’s result gives it', async () => {
    writeFileSync(
      path.join(dir, 'top.yml'),
      [
        'name: Top',
        'inputs: { cfg: { description: a value } }',
        `tools: { get: { description: Gets it, command: ${ECHO} } }`,
        'workflow_sequence:',
        '  - { id: get, type: tool_call, tool: get, args: { text: "${inputs.cfg}" } }',
        '  - { id: use, type: plan, uses: inner.yml, with: { deploy_token: "${steps.get.result.text}" } }',
        '',
      ].join('\n'),
    );
    const { log, trace } = await cliRun();
    expect(log).toContain('status: succeeded');
    expect(log).toContain('use › ✅ say. say → {"text":"token is ***"}');
    const nested = trace.split('\n').filter((line) => line.includes('"type":"nested_event"'));
    expect(nested.join('\n')).toContain('token is ***');
    expect(nested.join('\n')).not.toContain(SECRET);
  });

  it('is hidden in the approval a step that uses the plan asks for, and the run approved with it goes on', async () => {
    topPlan(', approval: true');
    const paused = await cliRun();
    expect(paused.summary).toContain('{"with":{"deploy_token":"***"}}');
    for (const channel of [paused.log, paused.trace, paused.summary]) expect(channel).not.toContain(SECRET);
    const hash = /--approve ([0-9a-f]{32})/.exec(paused.log)?.[1];
    expect(hash).toBeDefined();
    // The job approving it hashes the inputs and the arguments as the job that asked did: secrets as `***`.
    const approved = await cliRun(['--resume', 't.jsonl', '--approve', hash!]);
    expect(approved.log).toContain('status: succeeded');
    expect(approved.log).not.toContain(SECRET);
  });

  it('is hidden in the pull request comment, its approval request included', async () => {
    const events: RunEvent[] = [];
    const redact = createRedactor();
    const outcome = await runJob(
      { planFile: topPlan(', approval: true'), inputs: { cfg: SECRET }, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' } },
      { listeners: [(event) => events.push(event)], clock: systemClock, redact },
    );
    expect(outcome.kind === 'ran' && outcome.status).toBe('awaiting-approval');
    const comment = renderComment(events.reduce(applyEvent, newRunRecord()), { marker: commentMarker('top.yml'), redact });
    expect(comment).toContain('deploy_token');
    expect(comment).not.toContain(SECRET);
  });
});
