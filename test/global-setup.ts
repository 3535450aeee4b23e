import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildInputsHash } from '../scripts/build-inputs-hash.ts';
import { BUILD_HASH_VARIABLE } from './e2e/action-bundle.ts';

/**
 * Prints the runtime once, so the test log shows the tests ran on the Node the action declares; and
 * gives the run one temporary folder, removed at its end. Test files make their scratch folders with
 * `os.tmpdir()`, and about 130 a run were never removed (12,000 had piled up in /tmp here): with
 * TMPDIR pointing into the run's own folder, every one of them goes with it. The workers inherit it
 * (and the sources' hash below); processes a test starts get the environment the test gives them.
 */
export default async function setup(): Promise<() => void> {
  console.log(`plan-runner tests on Node ${process.version}`);
  // The sources as they were when the run started: the bundles the tests run are those of this hash
  // (test/e2e/action-bundle.ts), so a source saved while the suite runs does not make test files build
  // the bundles again beside the workers (twice in one run here: 335 s against 123 s).
  process.env[BUILD_HASH_VARIABLE] ??= await buildInputsHash();
  const root = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-tests-'));
  process.env['TMPDIR'] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
