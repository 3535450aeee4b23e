import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Prints the runtime once, so the test log shows the tests ran on the Node the action declares; and
 * gives the run one temporary folder, removed at its end. Test files make their scratch folders with
 * `os.tmpdir()`, and about 130 a run were never removed (12,000 had piled up in /tmp here): with
 * TMPDIR pointing into the run's own folder, every one of them goes with it. The workers inherit it;
 * processes a test starts get the environment the test gives them.
 */
export default function setup(): () => void {
  console.log(`plan-runner tests on Node ${process.version}`);
  const root = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-tests-'));
  process.env['TMPDIR'] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
