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
async function cliRun(more: readonly string[] = [], given: readonly string[] = ['--input', `cfg=${SECRET}`]): Promise<{ readonly log: string; readonly trace: string; readonly summary: string }> {
  const run = await cliInProcessStreams(['run', 'top.yml', ...given, '--trace', 't.jsonl', '--summary', 's.md', ...more], { cwd: dir });
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

  // Found by a secrets hunt: learned only as the plan step started, the result of the step that made it was in the
  // trace and the log already (that step's `step_completed` and its ✅ line).
  it('is hidden already in the result of the step that makes it, a part of it written into text', async () => {
    writeFileSync(
      path.join(dir, 'top.yml'),
      [
        'name: Top',
        `tools: { mint: { description: Mints one, command: [${JSON.stringify(process.execPath)}, -e, ${JSON.stringify(`process.stdout.write(JSON.stringify({ token: "${SECRET}" }))`)}] } }`,
        'workflow_sequence:',
        '  - { id: mint, type: tool_call, tool: mint, args: {} }',
        '  - { id: use, type: plan, uses: inner.yml, with: { deploy_token: "Bearer ${steps.mint.result.token}" } }',
        '',
      ].join('\n'),
    );
    const { log, trace, summary } = await cliRun([], []);
    expect(log).toContain('status: succeeded');
    expect(trace).toContain('"result":{"token":"***"}');
    for (const channel of [log, trace, summary]) expect(channel).not.toContain(SECRET);
  });

  // `result.01` reads item 1 as `result[1]` does: learned only as its step completed, it was in the item's line already (found by a re-read).
  it.each(['[1]', '.01'])('is hidden already in the item that makes it, where a used plan passes its own step’s result%s on', async (item) => {
    // The used plan maps a tool over two names and passes item 1's `token` on: that item's line comes before its step's.
    const mint = `let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.stringify({ token: JSON.parse(s).n === "b" ? "${SECRET}" : "plain-value" })))`;
    writeFileSync(
      path.join(dir, 'middle.yml'),
      [
        'name: Middle',
        'tools:',
        `  names: { description: Lists names, command: [${JSON.stringify(process.execPath)}, -e, 'process.stdout.write(JSON.stringify(["a", "b"]))'] }`,
        `  mint: { description: Mints one, command: [${JSON.stringify(process.execPath)}, -e, ${JSON.stringify(mint)}] }`,
        'workflow_sequence:',
        '  - { id: names, type: tool_call, tool: names, args: {} }',
        '  - { id: mint, type: tool_call, tool: mint, for_each: "${steps.names.result}", args: { n: "${item}" } }',
        `  - { id: use, type: plan, uses: inner.yml, with: { deploy_token: "\${steps.mint.result${item}.token}" } }`,
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(dir, 'top.yml'), 'name: Top\nworkflow_sequence:\n  - { id: middle, type: plan, uses: middle.yml }\n');
    const { log, trace, summary } = await cliRun([], []);
    expect(log).toContain('status: succeeded');
    expect(trace).toContain('"result":{"token":"plain-value"}');
    expect(trace).toContain('"index":1,"result":{"token":"***"}');
    for (const channel of [log, trace, summary]) expect(channel).not.toContain(SECRET);
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
