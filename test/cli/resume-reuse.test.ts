import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todos } from '../agent/agent-fixtures.ts';
import { startChatServer, textAnswer, toolCallAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { cliInProcessStreams } from '../helpers/cli-in-process.ts';

// A resume reuses a completed step only while everything its result depends on is unchanged.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-resume-reuse-'));

function dir(env: Record<string, string> = {}, extraArgs: string[] = []) {
  const cwd = mkdtempSync(path.join(tmp, 'run-'));
  return {
    // In this process (cliInProcessStreams): what a resume reuses is the run's rule, not the bundle's, which
    // test/cli/resume.test.ts resumes through; the file's 13 bundle starts cost about 1.9 CPU-s more.
    cli: (args: string[]) => cliInProcessStreams([...args, ...extraArgs], { cwd, env }),
    write: (name: string, text: string) => writeFileSync(path.join(cwd, name), text),
    read: (name: string) => (existsSync(path.join(cwd, name)) ? readFileSync(path.join(cwd, name), 'utf8') : ''),
    remove: (name: string) => rmSync(path.join(cwd, name)),
  };
}

const GATE = `  gate:
    description: Fails until the file ok exists, then echoes its input
    command: ["sh", "-c", "test -f ok && cat"]
    input: { type: object, properties: { v: {} } }
`;

let chat: ChatServer;
beforeAll(async () => {
  // The agent writes its TODO list, calls `lookup` once, completes the TODO, then answers with what `lookup` returned.
  chat = await startChatServer(({ body }) => {
    const tools = (body.messages as Array<{ role: string; content?: unknown }>).filter((message) => message.role === 'tool');
    if (tools.length === 0) return todos(false, [['1', 'Look the version up', 'in_progress']]);
    if (tools.length === 1) return toolCallAnswer('lookup', {});
    if (tools.length === 2) return todos(true, [['1', 'Look the version up', 'completed']]);
    return textAnswer(`the version is ${/v\d/.exec(String(tools[1]!.content))?.[0]}`);
  });
});
afterAll(() => chat.close());

describe('plan-runner run --resume', () => {
  it('does not reuse a type: plan step after the plan it uses changed', async () => {
    const d = dir();
    d.write('inner.yml', 'name: Inner\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 1 } }\n');
    d.write('outer.yml', `name: Outer\ntoolsets: [math]\ntools:\n${GATE}workflow_sequence:\n  - { id: 1, type: plan, uses: inner.yml }\n  - { id: 2, type: tool_call, tool: gate, args: { v: { step_result: 1 } }, depends_on: [1] }\n`);
    expect((await d.cli(['run', 'outer.yml', '--trace', 't1.jsonl', '--summary', 's1.md'])).stdout).toContain('status: failed');
    d.write('inner.yml', d.read('inner.yml').replace('b: 1 }', 'b: 1000 }'));
    d.write('ok', '');
    const resumed = await d.cli(['run', 'outer.yml', '--resume', 't1.jsonl', '--trace', 't2.jsonl', '--summary', 's2.md']);
    expect(resumed.stdout, resumed.stderr).toContain('status: succeeded');
    // The stale result 2 was reused before; a fresh run of the changed plan gives 1001.
    expect(resumed.stdout).toContain('{"v":1001}');
  });

  it('does not reuse an agent step after the definition of a tool it calls changed', async () => {
    const d = dir({ OPENAI_API_KEY: 'sk-local-test' }, ['--base-url', chat.baseURL]);
    const plan = (version: string) => `name: Versions
model: { name: gpt-4.1-mini }
tools:
  lookup:
    description: Prints the current version
    command: ["sh", "-c", "echo ${version}"]
    input: { type: object }
${GATE}workflow_sequence:
  - { id: 1, type: agent, task: Find the current version, tools: [lookup], max_turns: 4 }
  - { id: 2, type: tool_call, tool: gate, args: { v: { step_result: 1 } }, depends_on: [1], on_failure: fail }
`;
    d.write('plan.yml', plan('v1'));
    const first = await d.cli(['run', 'plan.yml', '--trace', 't1.jsonl', '--summary', 's1.md']);
    expect(first.stdout, first.stderr).toContain('status: failed');
    expect(first.stdout).toContain('the version is v1');
    d.write('plan.yml', plan('v2'));
    d.write('ok', '');
    const resumed = await d.cli(['run', 'plan.yml', '--resume', 't1.jsonl', '--trace', 't2.jsonl', '--summary', 's2.md']);
    expect(resumed.stdout, resumed.stderr).toContain('status: succeeded');
    expect(resumed.stdout).toContain('the version is v2');
  });

  // Call keys were hashed over the arguments before redaction, and reuse keys over unredacted results,
  // while the tool, the trace and so a resume see them redacted: the step's key changed on resume,
  // it ran again, and its call key matched nothing, so the post was made twice.
  it('never repeats a side effect whose arguments came from a result the trace redacted', async () => {
    const d = dir();
    d.write('plan.yml', `name: Post
tools:
  read_note:
    description: Reads a note that holds a token-shaped string
    command: ["sh", "-c", "echo 'key ghp_abcdefghijklmnopqrstuvwxyz0123456789 rotated'"]
    input: { type: object }
  post:
    description: Posts a comment (appends its input to posted.txt)
    command: ["sh", "-c", "cat >> posted.txt; echo >> posted.txt"]
    input: { type: object, properties: { body: { type: string } }, required: [body] }
    side_effects: true
${GATE}workflow_sequence:
  - { id: 1, type: tool_call, tool: read_note, args: {} }
  - { id: 2, type: tool_call, tool: post, args: { body: "\${steps.1.result}" }, depends_on: [1] }
  - { id: 3, type: tool_call, tool: gate, args: {}, depends_on: [2] }
`);
    const posted = () => d.read('posted.txt').split('\n').filter((line) => line.trim() !== '');
    expect((await d.cli(['run', 'plan.yml', '--trace', 't1.jsonl', '--summary', 's1.md'])).stdout).toContain('status: failed');
    expect(posted()).toEqual(['{"body":"key *** rotated"}']);
    d.write('ok', '');
    const resumed = await d.cli(['run', 'plan.yml', '--resume', 't1.jsonl', '--trace', 't2.jsonl', '--summary', 's2.md']);
    expect(resumed.stdout, resumed.stderr).toContain('status: succeeded');
    expect(posted()).toHaveLength(1);
  });

  // The resume state read only the outer run's events: a used plan's calls, recorded as nested
  // events, were unknown to it, and its side effect was made again.
  it('never repeats a side effect made inside a used plan, and reuses what that plan completed', async () => {
    const d = dir();
    d.write('inner.yml', `name: Inner
tools:
  publish:
    description: Appends its arguments to published.txt
    command: ["sh", "-c", "cat >> published.txt; echo >> published.txt"]
    input: { type: object, properties: { n: { type: number } }, required: [n] }
    side_effects: true
${GATE}workflow_sequence:
  - { id: 1, type: tool_call, tool: publish, args: { n: 1 } }
  - { id: 2, type: tool_call, tool: gate, args: {}, depends_on: [1] }
`);
    d.write('outer.yml', 'name: Outer\nworkflow_sequence:\n  - { id: 1, type: plan, uses: inner.yml }\n');
    const published = () => d.read('published.txt').split('\n').filter((line) => line.trim() !== '');
    expect((await d.cli(['run', 'outer.yml', '--trace', 't1.jsonl', '--summary', 's1.md'])).stdout).toContain('status: failed');
    expect(published()).toHaveLength(1);
    d.write('ok', '');
    const resumed = await d.cli(['run', 'outer.yml', '--resume', 't1.jsonl', '--trace', 't2.jsonl', '--summary', 's2.md']);
    expect(resumed.stdout, resumed.stderr).toContain('status: succeeded');
    expect(published()).toHaveLength(1);
  });

  // A for_each step that completed with failed items was reused whole on resume: the failed item
  // never ran again, and the run said every step completed and succeeded.
  it('runs the failed items of a for_each step again, and reuses only its completed ones', async () => {
    const d = dir();
    d.write('plan.yml', `name: Items
tools:
  list: { description: The items, command: ["sh", "-c", "echo '[1,2,3]'"], input: { type: object } }
  check:
    description: Check one item; fails while the file broken-N exists
    command: ["sh", "-c", "n=$(cat | sed 's/[^0-9]//g'); echo $n >> calls.txt; if [ -f broken-$n ]; then echo broken >&2; exit 1; fi; echo ok-$n"]
    input: { type: object, properties: { n: {} } }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: check, type: tool_call, tool: check, for_each: "\${steps.list.result}", on_item_failure: continue, args: { n: "\${item}" } }
goals:
  - { name: every item checked, all_steps_completed: true }
`);
    d.write('broken-2', '');
    expect((await d.cli(['run', 'plan.yml', '--trace', 't1.jsonl', '--summary', 's1.md'])).stdout).toContain('status: goals-unmet');
    const calls = () => d.read('calls.txt').split('\n').filter((line) => line !== '');
    expect(calls().sort()).toEqual(['1', '2', '3']);
    // Still broken: the resume runs item 2 again (only it), and the goal is still unmet.
    const again = await d.cli(['run', 'plan.yml', '--resume', 't1.jsonl', '--trace', 't2.jsonl', '--summary', 's2.md']);
    expect(again.stdout).toContain('status: goals-unmet');
    expect(calls().sort()).toEqual(['1', '2', '2', '3']);
    // Mended: item 2 runs once more and passes; 1 and 3 are not run again.
    d.remove('broken-2');
    const mended = await d.cli(['run', 'plan.yml', '--resume', 't2.jsonl', '--trace', 't3.jsonl', '--summary', 's3.md']);
    expect(mended.stdout, mended.stderr).toContain('status: succeeded');
    expect(calls().sort()).toEqual(['1', '2', '2', '2', '3']);
  });

  it('refuses a trace whose lines are not events, or whose plan_created has no plan, naming the file', async () => {
    const d = dir();
    d.write('plan.yml', 'name: Sums\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 1 } }\n');
    d.write('null.jsonl', 'null\n{"type":"run_finished"}\n');
    d.write('noplan.jsonl', '{"type":"plan_created","format":2}\n');
    const cases = { 'null.jsonl': 'null.jsonl is not a trace: its first line is not a trace event', 'noplan.jsonl': 'has a plan_created event without its plan' };
    for (const [trace, problem] of Object.entries(cases)) {
      const resumed = await d.cli(['run', 'plan.yml', '--resume', trace, '--trace', 'out.jsonl', '--summary', 'out.md']);
      expect(resumed.stderr).not.toContain('internal error');
      expect(resumed.stderr).toContain(problem);
      expect(resumed.code).toBe(1);
    }
  });
});
