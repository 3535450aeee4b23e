// Found by an adversarial pass: a trace file that could not be opened (a folder the user may not write; root
// writes anywhere, so the open's failure is played here, as the real one reports it) was still named in the
// last lines, and the summary said the results it cut were in it: the run's whole record was in no file.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { runCommand } from '../../src/cli/run-command.ts';

afterEach(() => vi.restoreAllMocks());

describe('a run whose trace file could not be opened', () => {
  it('names no trace in its last lines, opens its summary with a warning, and exits 1', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-unopened-'));
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    const trace = path.join(dir, 'ro', 'trace.jsonl');
    const args = parseCliArgs(['run', 'workflows/bodmas.yml', '--summary', path.join(dir, 'report.md'), '--trace', trace]);
    if (args.command !== 'run') throw new Error('not run');
    const unopened = (file: string, _redact: unknown, warn: (message: string) => void) => {
      warn(`cannot write the trace file ${file}: EACCES: permission denied; the run goes on without a trace.`);
      return undefined;
    };
    expect(await runCommand(args, new AbortController().signal, { openTrace: unopened })).toBe(1);
    vi.restoreAllMocks();
    expect(out).toContain('the run goes on without a trace');
    expect(out).toContain('status: succeeded\n');
    expect(out).not.toContain('trace: ');
    const summary = readFileSync(path.join(dir, 'report.md'), 'utf8');
    expect(summary.startsWith(`> [!WARNING]\n> **The trace is incomplete:** \`${trace}\` could not be written whole`)).toBe(true);
  });
});
