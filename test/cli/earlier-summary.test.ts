// `run` left an earlier run's summary at its --summary path while it ran: a run ended at once (a third Ctrl-C,
// which ends it "without them", or a kill) left that summary beside its own trace, its status and results read as
// this run's (found by an adversarial pass).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { runCommand } from '../../src/cli/run-command.ts';
import { openTrace } from '../../src/report/open-trace.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-earlier-summary-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

it('removes an earlier run’s summary before the run starts, and writes its own at the end', async () => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const summary = path.join(dir, 'report.md');
  writeFileSync(summary, '**Status:** succeeded (an earlier run)\n');
  const args = parseCliArgs(['run', 'workflows/bodmas.yml', '--summary', summary, '--trace', path.join(dir, 'trace.jsonl')]);
  if (args.command !== 'run') throw new Error('not run');
  // Whether a summary stood at the path as each event of the run was recorded: what a run ended there leaves.
  const standing: boolean[] = [];
  const watched: typeof openTrace = (...given) => {
    const trace = openTrace(...given);
    return trace && { ...trace, listener: (event, record) => (standing.push(existsSync(summary)), trace.listener(event, record)) };
  };
  expect(await runCommand(args, new AbortController().signal, { openTrace: watched })).toBe(0);
  expect(standing.length).toBeGreaterThan(0);
  expect(standing.every((stood) => !stood)).toBe(true);
  expect(existsSync(summary)).toBe(true);
});
