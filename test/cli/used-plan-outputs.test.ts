// An output named like a plan the run uses through a `type: plan` step overwrote it: the summary replaced
// the used plan with the report (exit 0), and a trace, opened before the run, emptied it before it loaded
// (found by an adversarial pass).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/cli/parse-cli-args.ts';
import { runCommand } from '../../src/cli/run-command.ts';

const OUTER = `name: Outer
workflow_sequence:
  - { id: sums, type: plan, uses: plans/inner.yml }
`;
const INNER = `name: Inner
workflow_sequence:
  - { id: deeper, type: plan, uses: plans/leaf.yml }
`;
const LEAF = `name: Leaf
toolsets: [math]
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
`;

afterEach(() => vi.restoreAllMocks());

describe('outputs and the plans a plan uses', () => {
  it('refuses an output that is a plan the run uses, at any depth, before anything is written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-used-'));
    writeFileSync(path.join(dir, 'outer.yml'), OUTER);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path.join(dir, 'plans'));
    writeFileSync(path.join(dir, 'plans', 'inner.yml'), INNER);
    writeFileSync(path.join(dir, 'plans', 'leaf.yml'), LEAF);
    const cwd = process.cwd();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    process.chdir(dir);
    try {
      const run = (argv: string[]) => {
        const args = parseCliArgs(['run', 'outer.yml', ...argv]);
        if (args.command !== 'run') throw new Error('not run');
        return runCommand(args, new AbortController().signal);
      };
      await expect(run(['--summary', 'plans/leaf.yml', '--trace', 't.jsonl'])).rejects.toThrow(new UsageError("--summary plans/leaf.yml would overwrite the plan plans/leaf.yml it uses " + `${path.join(dir, 'plans', 'leaf.yml')}, which this command reads; choose another path for --summary`));
      await expect(run(['--trace', './plans/inner.yml'])).rejects.toThrow(UsageError);
      expect(readFileSync(path.join(dir, 'plans', 'inner.yml'), 'utf8')).toBe(INNER);
      expect(readFileSync(path.join(dir, 'plans', 'leaf.yml'), 'utf8')).toBe(LEAF);
      // The plans still run, and its outputs go elsewhere.
      expect(await run(['--summary', 'report.md', '--trace', 't.jsonl'])).toBe(0);
    } finally {
      process.chdir(cwd);
    }
  });
});

// The CLI ended with `report: FILE` for a report it could not write (found by an adversarial pass).
describe('the last lines of a run', () => {
  it('name no report that was not written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-unwritten-'));
    writeFileSync(path.join(dir, 'plan.yml'), LEAF);
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    const args = parseCliArgs(['run', path.join(dir, 'plan.yml'), '--summary', '/dev/full', '--trace', path.join(dir, 't.jsonl')]);
    if (args.command !== 'run') throw new Error('not run');
    expect(await runCommand(args, new AbortController().signal)).toBe(1);
    vi.restoreAllMocks();
    expect(out).toContain('status: succeeded\n');
    expect(out).toContain(`trace: ${path.join(dir, 't.jsonl')}\n`);
    expect(out).not.toContain('report: /dev/full');
  });
});

// With the trace unwritten (a full disk), the summary said the results it cut were in the trace file, and
// the CLI's last lines named it (found by an adversarial pass).
describe('a trace that could not be written', () => {
  it('is named nowhere as the full record', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-trace-lost-'));
    const big = (id: number) => `  - { id: ${id}, type: tool_call, tool: big, args: {} }`;
    writeFileSync(
      path.join(dir, 'plan.yml'),
      ['name: Big', 'tools:', `  big: { description: 450 KB of text, command: ["sh", "-c", "head -c 450000 /dev/zero | tr '\\\\0' a"], input: { type: object } }`, 'workflow_sequence:', big(1), big(2), big(3), ''].join('\n'),
    );
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    const args = parseCliArgs(['run', path.join(dir, 'plan.yml'), '--summary', path.join(dir, 'report.md'), '--trace', '/dev/full']);
    if (args.command !== 'run') throw new Error('not run');
    expect(await runCommand(args, new AbortController().signal)).toBe(1);
    vi.restoreAllMocks();
    expect(out).toContain('status: succeeded\n');
    expect(out).not.toContain('trace: /dev/full');
    const summary = readFileSync(path.join(dir, 'report.md'), 'utf8');
    expect(summary.startsWith('> [!WARNING]\n> **The trace is incomplete:** `/dev/full` could not be written whole')).toBe(true);
    expect(summary).toContain('the full text is in no file (the trace could not be written)');
    expect(summary).not.toContain('in the trace file');
  });
});

