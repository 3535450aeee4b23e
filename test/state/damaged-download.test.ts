import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { earlierAttemptState } from '../../src/action/saved-state.ts';
import { actionsArtifactStore } from '../../src/state/actions-artifact-store.ts';
import { stateArtifactName } from '../../src/state/state-artifact-name.ts';
import { recordingIO } from '../action/recording-io.ts';
import { startFakeArtifactService, type FakeArtifactService } from '../helpers/artifact-server.ts';

// Found by an adversarial pass: a state whose download ended early at a line's end (or came damaged) was read as
// the earlier attempt's whole run: the steps after the cut, side effects among them, ran again on the re-run.
let service: FakeArtifactService;
let dir: string;
const RUN = { runId: 5151, backendId: 'run-backend-5151' };
const PLAN = 'plans/deploy.yml';
const TEXT = `${JSON.stringify({ type: 'plan_created' })}\n${JSON.stringify({ type: 'step_started', stepId: 'deploy' })}\n`;

beforeAll(async () => {
  service = await startFakeArtifactService();
  dir = await mkdtemp(path.join(os.tmpdir(), 'damaged-download-'));
  vi.stubEnv('GITHUB_SERVER_URL', 'https://github.com');
  for (const [name, value] of Object.entries(service.env(RUN))) vi.stubEnv(name, value);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await service.stop();
  await rm(dir, { recursive: true, force: true });
});

async function savedState(attempt: number, served: (bytes: Buffer) => Buffer) {
  const trace = path.join(dir, `trace-${attempt}.jsonl`);
  await writeFile(trace, TEXT);
  const store = actionsArtifactStore(path.join(dir, 'work'));
  const saved = await store.save(stateArtifactName({ planPath: PLAN, attempt }), trace, 1);
  const stored = service.artifacts.find((artifact) => artifact.id === saved.id)!;
  stored.served = served(stored.bytes);
  return { store, listed: (await store.list()).find((artifact) => artifact.id === saved.id)! };
}

describe('a saved state whose download is not what was saved', () => {
  it('is refused when it came shorter than the service lists it, cut at a line’s end', async () => {
    const { store, listed } = await savedState(1, (bytes) => bytes.subarray(0, bytes.indexOf('\n') + 1));
    await expect(store.download(listed, path.join(dir, 'down-cut'))).rejects.toThrow(
      `the artifact ${listed.name} downloaded as ${TEXT.indexOf('\n') + 1} bytes, not the ${Buffer.byteLength(TEXT)} the artifact service lists: it was cut or damaged on its way`,
    );
  });

  it('is refused when its bytes differ from the digest taken at its upload', async () => {
    const { store, listed } = await savedState(2, (bytes) => Buffer.from(bytes.toString('utf8').replace('deploy', 'DEPLOY')));
    await expect(store.download(listed, path.join(dir, 'down-changed'))).rejects.toThrow(`the artifact ${listed.name} downloaded does not match the digest taken at its upload (${listed.digest}): it was damaged on its way`);
  });

  it('keeps a re-run from resuming it, and says why and what to do', async () => {
    await savedState(3, (bytes) => bytes.subarray(0, bytes.indexOf('\n') + 1));
    await mkdir(path.join(dir, 'plans'), { recursive: true });
    await writeFile(path.join(dir, PLAN), 'name: p\nworkflow_sequence: []\n');
    const read = await readActionSettings((name) => (name === 'plan' ? PLAN : ''), { GITHUB_WORKSPACE: dir, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: '4', RUNNER_TEMP: dir });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const result = await earlierAttemptState(read.settings, actionsArtifactStore(path.join(dir, 'work')), recordingIO().io);
    expect(result).toMatchObject({ ok: false, problem: expect.stringMatching(/^cannot download the saved state of attempt 3 \(.*downloaded as \d+ bytes, not the \d+ the artifact service lists.*\): run the job again/) });
  });
});
