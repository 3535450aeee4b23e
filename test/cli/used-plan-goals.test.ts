// A used plan's goals were checked but recorded nowhere: a warning it did not meet, or the evidence its
// step passed on, showed in neither the log, the summary nor the trace.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { runCommand } from '../../src/cli/run-command.ts';

const OUTER = `name: Outer
workflow_sequence:
  - { id: sums, type: plan, uses: plans/inner.yml }
goals:
  - { name: the answer is 42, equals: "42" }
`;
const INNER = `name: Inner
workflow_sequence:
  - { id: deeper, type: plan, uses: plans/leaf.yml }
goals:
  - { name: inner answer is 42, equals: "42" }
  - { name: inner answer says hello, contains: hello, severity: warning }
`;
const LEAF = `name: Leaf
toolsets: [math]
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
goals:
  - { name: leaf answer is short, max_chars: 5 }
`;

afterEach(() => vi.restoreAllMocks());

async function runOuter(inner: string, leaf = LEAF, outer = OUTER): Promise<{ code: number; out: string; summary: string; trace: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-used-goals-'));
  mkdirSync(path.join(dir, 'plans'));
  writeFileSync(path.join(dir, 'outer.yml'), outer);
  writeFileSync(path.join(dir, 'plans', 'inner.yml'), inner);
  writeFileSync(path.join(dir, 'plans', 'leaf.yml'), leaf);
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  const args = parseCliArgs(['run', 'outer.yml', '--summary', 'report.md', '--trace', 't.jsonl']);
  if (args.command !== 'run') throw new Error('not run');
  // A used plan's path is relative to the working directory (the repository's root on a runner).
  const cwd = process.cwd();
  process.chdir(dir);
  let code: number;
  try {
    code = await runCommand(args, new AbortController().signal);
  } finally {
    process.chdir(cwd);
    vi.restoreAllMocks();
  }
  return { code, out, summary: readFileSync(path.join(dir, 'report.md'), 'utf8'), trace: readFileSync(path.join(dir, 't.jsonl'), 'utf8') };
}

describe("a used plan's goals", () => {
  it('show in the log, the summary and the trace, a warning it did not meet included', async () => {
    const { code, out, summary, trace } = await runOuter(INNER);
    expect(code).toBe(0);
    expect(out).toContain('sums › ⚠️ goal: inner answer says hello — ');
    expect(out).toContain('sums › ✅ goal: inner answer is 42 — ');
    expect(out).toContain('sums › deeper › ✅ goal: leaf answer is short — ');
    expect(summary).toContain('Goals of the plan sums uses — 1/2 goals met:\n- ✅ inner answer is 42 (required, met): ');
    expect(summary).toContain('\n- ⚠️ inner answer says hello (warning, unmet): missing "hello"\n');
    expect(summary).toContain('Goals of the plan sums › deeper uses — 1/1 goals met:\n- ✅ leaf answer is short (required, met): ');
    type Line = { type: string; stepKey?: string; event?: Line; goals?: Array<{ name: string; outcome: string }>; status?: string };
    const nestedGoals = trace
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line)
      .flatMap((event) => {
        const path: string[] = [];
        let inner: Line | undefined = event;
        while (inner?.type === 'nested_event') {
          path.push(inner.stepKey ?? '');
          inner = inner.event;
        }
        return path.length > 0 && inner?.type === 'goals_checked' ? [[path.join('/'), inner.status, inner.goals?.map((goal) => `${goal.name}: ${goal.outcome}`)]] : [];
      });
    expect(nestedGoals).toEqual([
      ['sums/deeper', 'succeeded', ['leaf answer is short: met']],
      ['sums', 'succeeded', ['inner answer is 42: met', 'inner answer says hello: unmet']],
    ]);
  });

  it('that decide against its step show there with the outer goals unchecked', async () => {
    const { code, summary } = await runOuter(INNER.replace('equals: "42"', 'equals: "41"'));
    expect(code).toBe(1);
    expect(summary).toContain('Goals of the plan sums uses — 0/2 goals met:\n- ❌ inner answer is 42 (required, unmet): ');
  });

  // Found by an adversarial pass: a used plan whose items failed (on_item_failure: continue) showed
  // `1/1 complete, 0 failed` in the log's last line and the summary's status.
  it("count the used plan's failed items in the headers", async () => {
    const leaf = `name: Leaf
toolsets: [math]
tools:
  list: { description: The items, command: ["sh", "-c", "echo '[0,2,0]'"], input: { type: object } }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: each, type: tool_call, tool: divide, for_each: "\${steps.list.result}", on_item_failure: continue, args: { a: 6, b: "\${item}" } }
`;
    const { out, summary } = await runOuter(INNER.replace(/goals:[^]*/, ''), leaf);
    // The outer goal wants 42, and the used plan's result is the items' list.
    expect(out).toMatch(/\nRun finished in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) with goals unmet — 1\/1 complete, 0 failed, 2 items failed, 1 result partial; 0\/1 goals met/);
    expect(summary).toContain('1/1 complete, 0 failed, 2 items failed, 1 result partial');
  });

  // Found by a review: a used plan's goal evidence was recorded as the excerpt was cut, where the job's goals
  // have it redacted and their cut token fragments hidden: a token cut at the excerpt's start showed its tail.
  it("show their evidence with a token cut at the excerpt's edge hidden, a required goal's in the step's error too", async () => {
    const token = `ghp_${'a1B2'.repeat(9)}`;
    const leaf = `name: Leaf
tools:
  say: { description: Says it, command: ["sh", "-c", "echo '${token}${'x'.repeat(30)} NEEDLE'"], input: { type: object } }
workflow_sequence:
  - { id: 1, type: tool_call, tool: say, args: {} }
goals:
  - { name: no needle, not_contains: NEEDLE, severity: warning }
`;
    for (const goal of [leaf, leaf.replace(', severity: warning', '')]) {
      const { summary, trace, out } = await runOuter(INNER.replace(/goals:[^]*/, ''), goal);
      for (const text of [summary, trace, out]) {
        expect(text).toContain('no needle');
        expect(text).not.toMatch(/…a1B2|1B2a1B2/);
      }
    }
  });

  // Found by an adversarial pass: a run paused for approval passed (exit 0; in the action, a green job) when
  // the required goal that would gate it was a used plan's, not the top plan's: approved, it then failed.
  it('gate a paused run as the top plan’s own goals do', async () => {
    const outer = 'name: Outer\nworkflow_sequence:\n  - { id: sums, type: plan, uses: plans/inner.yml }\n';
    const inner = `name: Inner\napproval: plan\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\ngoals:\n  - { name: is four, equals: "4" }\n`;
    const paused = await runOuter(inner, LEAF, outer);
    expect(paused.out).toContain('status: awaiting-approval');
    expect(paused.out).toContain('the run is paused for approval, so its goals were not checked: exit 1');
    expect(paused.code).toBe(1);
    // A used plan whose goals only warn gates nothing: the paused run passes, as one with no goals does.
    const warned = await runOuter(inner.replace('equals: "4" }', 'equals: "4", severity: warning }'), LEAF, outer);
    expect(warned.out).toContain('status: awaiting-approval');
    expect(warned.code).toBe(0);
  });
});
