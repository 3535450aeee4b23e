import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputFile } from '../../src/core/read-input-file.ts';
import { readYamlFile } from '../../src/plan/read-yaml-file.ts';
import { readResumeTrace } from '../../src/run/read-resume-trace.ts';
import { stepWeightsFromTrace } from '../../src/run/trace-step-weights.ts';
import { readRecording } from '../../src/llm/replay-model-client.ts';
import { FAULT_FILE, FaultFile } from '../../src/eval/fault-rule.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-inputs-'));
const fifo = path.join(dir, 'fifo');
const canFifo = process.platform !== 'win32';
if (canFifo) execFileSync('mkfifo', [fifo]);

describe('input files other than the plan', () => {
  it('reads a regular file whole, and refuses one past the cap by counting bytes', () => {
    const file = path.join(dir, 'small.txt');
    writeFileSync(file, 'x'.repeat(100));
    expect(readInputFile(file, 100)).toMatchObject({ ok: true });
    expect(readInputFile(file, 99)).toMatchObject({ ok: false, problem: expect.stringContaining('larger than 99 bytes') });
  });

  it.skipIf(!canFifo)('refuses a FIFO at once (no writer is waited for), for --resume, --weights-from, --replay and eval files', async () => {
    expect(readInputFile(fifo, 1024)).toMatchObject({ ok: false, problem: expect.stringMatching(/^not a file/) });
    expect(await readResumeTrace(fifo)).toMatchObject({ ok: false, problem: expect.stringContaining('not a file') });
    await expect(stepWeightsFromTrace(fifo)).rejects.toThrow(/not a file/);
    expect(() => readRecording(fifo)).toThrow(/not a file/);
    expect(await readYamlFile(fifo, FaultFile, FAULT_FILE)).toMatchObject({ ok: false, errors: [{ message: expect.stringMatching(/^not a file/) }] });
  }, 5000);

  it.skipIf(!existsSync('/dev/zero'))('refuses a device that never ends, without reading it', async () => {
    expect(await readResumeTrace('/dev/zero')).toMatchObject({ ok: false, problem: expect.stringContaining('not a file') });
    expect(() => readRecording('/dev/zero')).toThrow(/not a file/);
  }, 5000);
});
