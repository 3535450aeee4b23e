import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { whenEnded } from '../../src/process/kill-marked-processes.ts';

// Found by an adversarial pass: the wait for killed processes to end measured its bound on the wall clock, so a
// process a SIGKILL cannot end at once (in uninterruptible sleep on a hung mount) held an MCP server's close for as
// long as the clock was set back meanwhile (an NTP step of an hour: an hour), not the 2 s it allows.

const realNow = Date.now;
let root: string | undefined;
afterEach(() => {
  Date.now = realNow;
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('waiting for killed processes to end', () => {
  it('ends at its bound when the wall clock is set back an hour during the wait', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'proc-'));
    mkdirSync(path.join(root, '4242'));
    writeFileSync(path.join(root, '4242', 'status'), 'Name:\tstuck\nState:\tD (disk sleep)\n');
    let reads = 0;
    // The first reading is the clock as it was; every later one, an hour behind it.
    Date.now = () => realNow() - (reads++ === 0 ? 0 : 3_600_000);
    const ended = await Promise.race([whenEnded([4242], 50, root).then(() => 'ended'), new Promise((resolve) => setTimeout(resolve, 3000, 'still waiting'))]);
    expect(ended).toBe('ended');
  });
});
