// The ReAct baseline ran its tools without their time limits: a `slow` fault of 30 s on a tool of
// `timeout_seconds: 2` held each call 30 s, and the column reported 100% where the plan timed out; a slow
// fault on every call held a run for ever (found by an adversarial pass).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { ScriptedAnswers } from '../../src/eval/scripted-answers.ts';
import { FaultFile } from '../../src/eval/fault-rule.ts';

const PLAN = `name: Slow ping
goal: Ping once and say what came back.
tools:
  ping:
    description: Pings
    command: [node, -e, "console.log(JSON.stringify('pong'))"]
    input: { type: object }
    timeout_seconds: 1
workflow_sequence:
  - { id: 1, type: tool_call, tool: ping, args: {} }
`;

describe('the ReAct baseline and time limits', () => {
  it('fails a tool call held past the tool’s timeout_seconds, as the plan’s step does', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-react-timeout-'));
    writeFileSync(path.join(dir, 'plan.yml'), PLAN);
    const answers = ScriptedAnswers.parse({ react: [{ tool_calls: [{ name: 'ping', arguments: {} }] }, { text: 'It timed out.' }] });
    const report = await evaluate(
      { plans: [{ file: path.join(dir, 'plan.yml') }], runs: 1, seed: 1, faults: FaultFile.parse([{ tool: 'ping', fault: 'slow', delay: '10m', rate: 1 }]), baselines: ['react'], inputs: {}, cwd: dir, env: { PATH: process.env.PATH ?? '' }, model: { kind: 'answers', answers }, maxTurns: 5 },
      {},
      { clock: systemClock, signal: new AbortController().signal },
    );
    const react = report.runs.find((run) => run.column === 'react');
    const plan = report.runs.find((run) => run.column === 'plan');
    // The plan's command tool has side effects: its call that timed out may have taken effect, so it escalates.
    expect(plan?.status).toBe('escalated');
    expect(react?.status).toBe('succeeded');
    // Held to its limit, not the fault's ten minutes: the model was told the call timed out, and answered.
    expect(react?.faults).toHaveLength(1);
    expect(plan?.reason).toMatch(/timed out/);
  }, 60_000);
});
