// An output named like a script the plan's commands run (`--trace tools/six.mjs`) overwrote it: the trace,
// opened before the run, replaced the tool's source with JSON lines, and the step then failed running them
// (found by an adversarial pass). The plan and the plans it uses were refused; the files their commands name were not.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/cli/parse-cli-args.ts';
import { runCommand } from '../../src/cli/run-command.ts';

const SCRIPT = 'console.log(JSON.stringify(6 * 7));\n';
const CHECK = 'process.exit(0);\n';
const SERVER = 'process.exit(0);\n';

const PLAN = `name: Scripts
tools:
  six: { description: Six times seven, command: [${JSON.stringify(process.execPath)}, tools/six.mjs], input: { type: object } }
workflow_sequence:
  - { id: a, type: tool_call, tool: six, args: {} }
  - { id: inner, type: plan, uses: plans/inner.yml }
goals:
  - { name: checked, command: [${JSON.stringify(process.execPath)}, ./checks/ok.mjs] }
`;
const INNER = `name: Inner
mcp_servers:
  local: { command: [${JSON.stringify(process.execPath)}, servers/server.mjs] }
toolsets: [math]
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
`;

afterEach(() => vi.restoreAllMocks());

describe('outputs and the files a plan’s commands run', () => {
  it('refuses an output that is a tool’s, a goal’s or a used plan’s MCP server’s script, before anything is written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-command-files-'));
    for (const folder of ['tools', 'checks', 'plans', 'servers']) mkdirSync(path.join(dir, folder));
    writeFileSync(path.join(dir, 'plan.yml'), PLAN);
    writeFileSync(path.join(dir, 'plans', 'inner.yml'), INNER);
    writeFileSync(path.join(dir, 'tools', 'six.mjs'), SCRIPT);
    writeFileSync(path.join(dir, 'checks', 'ok.mjs'), CHECK);
    writeFileSync(path.join(dir, 'servers', 'server.mjs'), SERVER);
    const cwd = process.cwd();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    process.chdir(dir);
    try {
      const run = (argv: string[]) => {
        const args = parseCliArgs(['run', 'plan.yml', ...argv]);
        if (args.command !== 'run') throw new Error('not run');
        return runCommand(args, new AbortController().signal);
      };
      await expect(run(['--trace', 'tools/six.mjs', '--summary', 'report.md'])).rejects.toThrow(UsageError);
      await expect(run(['--summary', 'checks/ok.mjs', '--trace', 't.jsonl'])).rejects.toThrow(UsageError);
      await expect(run(['--trace', './servers/server.mjs', '--summary', 'report.md'])).rejects.toThrow(/--trace \.\/servers\/server\.mjs would overwrite .*servers\/server\.mjs/);
      expect(readFileSync(path.join(dir, 'tools', 'six.mjs'), 'utf8')).toBe(SCRIPT);
      expect(readFileSync(path.join(dir, 'checks', 'ok.mjs'), 'utf8')).toBe(CHECK);
      expect(readFileSync(path.join(dir, 'servers', 'server.mjs'), 'utf8')).toBe(SERVER);
    } finally {
      process.chdir(cwd);
    }
  });
});
