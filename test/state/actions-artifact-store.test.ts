import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { actionsArtifactStore, artifactServiceProblem } from '../../src/state/actions-artifact-store.ts';
import { stateArtifactName } from '../../src/state/state-artifact-name.ts';
import { ArtifactNameTakenError } from '../../src/state/artifact-name-taken-error.ts';
import { startFakeArtifactService, type FakeArtifactService } from '../helpers/artifact-server.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';

// The real @actions/artifact client against the local stand-ins: Twirp + blob for this run, REST for another.
let service: FakeArtifactService;
let github: FakeGitHub;
let dir: string;
const RUN = { runId: 4242, backendId: 'run-backend-4242' };
const OTHER = { runId: 777, backendId: 'run-backend-777' };

beforeAll(async () => {
  service = await startFakeArtifactService();
  github = await startFakeGitHub();
  service.attach(github);
  dir = await mkdtemp(path.join(os.tmpdir(), 'state-store-'));
  // @actions/github reads GITHUB_API_URL when it is first loaded: the store loads it on first use.
  vi.stubEnv('GITHUB_API_URL', github.url);
  vi.stubEnv('GITHUB_SERVER_URL', 'https://github.com');
  for (const [name, value] of Object.entries(service.env(RUN))) vi.stubEnv(name, value);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await service.stop();
  await github.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('actionsArtifactStore', () => {
  it('saves a trace unzipped, lists it in this run, and downloads the same bytes', async () => {
    const trace = path.join(dir, 'trace.jsonl');
    const text = `${JSON.stringify({ type: 'plan_created' })}\n`.repeat(200);
    await writeFile(trace, text);
    const store = actionsArtifactStore(path.join(dir, 'work'));
    const name = stateArtifactName({ planPath: 'plans/weekly.yml', attempt: 1 });
    const saved = await store.save(name, trace, 3);
    expect(saved).toMatchObject({ name, size: Buffer.byteLength(text) });
    const listed = await store.list();
    expect(listed.map((artifact) => artifact.name)).toEqual([name]);
    const file = await store.download(listed[0]!, path.join(dir, 'down'));
    expect(await readFile(file, 'utf8')).toBe(text);
    const stored = service.artifactsOf(RUN)[0]!;
    expect(stored.bytes.toString('utf8')).toBe(text);
    // Retention reaches the service as an expiry about 3 days ahead.
    const days = (Date.parse(stored.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
    expect(service.violations).toEqual([]);
  });

  // The client's 409 reached the action as a plain Error, which it told by a regex on the words (any "(409)" or
  // "already exists" in a message): the store now says a name is taken by its type, and nothing else does.
  it('refuses a second state of the same name in one run with an ArtifactNameTakenError, and a refused upload with the client’s own error', async () => {
    const trace = path.join(dir, 'again.jsonl');
    await writeFile(trace, 'x\n');
    const store = actionsArtifactStore(path.join(dir, 'work'));
    const name = stateArtifactName({ planPath: 'plans/twice.yml', attempt: 1 });
    await store.save(name, trace, 1);
    const taken = await store.save(name, trace, 1).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ArtifactNameTakenError);
    expect(taken).toMatchObject({ artifactName: name, cause: { message: expect.stringContaining('(409) Conflict') } });
    service.refuseFinalizes = 'an artifact with this name already exists';
    onTestFinished(() => void (service.refuseFinalizes = undefined));
    const refused = await store.save(stateArtifactName({ planPath: 'plans/once.yml', attempt: 1 }), trace, 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(ArtifactNameTakenError);
  });

  it("reads another run's state through the REST API, validated against GitHub's OpenAPI description", async () => {
    // Another run's job saved a state with its own runtime token.
    service.runtimeToken(OTHER);
    const other = path.join(dir, 'other.jsonl');
    await writeFile(other, 'from another run\n');
    for (const [name, value] of Object.entries(service.env(OTHER))) vi.stubEnv(name, value);
    await actionsArtifactStore(path.join(dir, 'work')).save('plan-runner-state-x-attempt-1.jsonl', other, 1);
    for (const [name, value] of Object.entries(service.env(RUN))) vi.stubEnv(name, value);

    const store = actionsArtifactStore(path.join(dir, 'work'), { token: 'ghs_test', owner: 'octo', repo: 'demo' });
    const listed = await store.list(OTHER.runId);
    expect(listed.map((artifact) => artifact.name)).toEqual(['plan-runner-state-x-attempt-1.jsonl']);
    const file = await store.download(listed[0]!, path.join(dir, 'down'), OTHER.runId);
    expect(await readFile(file, 'utf8')).toBe('from another run\n');
    expect(github.requestsTo('actions/list-workflow-run-artifacts')).toHaveLength(1);
    expect(github.requestsTo('actions/download-artifact')).toHaveLength(1);
    expect(github.violations).toEqual([]);
    expect(service.violations).toEqual([]);
  });

  it('says why there is no artifact service outside a job', () => {
    expect(artifactServiceProblem({})).toMatch(/only inside a GitHub Actions job/);
    expect(artifactServiceProblem(service.env(RUN))).toBeUndefined();
  });

  // Found by an adversarial pass: on GitHub Enterprise Server the client refuses every save and listing, and each run warned with its words.
  it('says the artifact service cannot be used on GitHub Enterprise Server, whose client refuses it, and can on GHE.com', async () => {
    vi.stubEnv('GITHUB_SERVER_URL', 'https://ghes.example.test');
    onTestFinished(() => void vi.stubEnv('GITHUB_SERVER_URL', 'https://github.com'));
    const trace = path.join(dir, 'ghes.jsonl');
    await writeFile(trace, 'x\n');
    await expect(actionsArtifactStore(path.join(dir, 'ghes')).save('plan-runner-state-ghes.jsonl', trace, 1)).rejects.toThrow(/not currently supported on GHES/);
    expect(artifactServiceProblem({ ...service.env(RUN), GITHUB_SERVER_URL: 'https://ghes.example.test/' })).toBe(
      "GitHub Enterprise Server (https://ghes.example.test) has no Actions artifact service plan-runner's client can use; set state: off, and resume a re-run with resume-from: a trace you kept",
    );
    expect(artifactServiceProblem({ ...service.env(RUN), GITHUB_SERVER_URL: 'https://octo.ghe.com' })).toBeUndefined();
    expect(artifactServiceProblem({ ...service.env(RUN), GITHUB_SERVER_URL: 'https://GitHub.com/' })).toBeUndefined();
  });
});

// Found by an adversarial pass: the client waits 3 minutes for a silent answer and asks 5 times, and for good for one
// sent a byte at a time; a run's end (and a fanned-out job's report) waited for the state's save as long.
describe('an artifact service that answers a byte at a time', () => {
  it('is given up on at the limit, in words that name the service, what it was doing and the limit', async () => {
    const intervals: NodeJS.Timeout[] = [];
    const server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' });
      intervals.push(setInterval(() => response.write(' '), 100));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const stubbed = service.env(RUN);
    vi.stubEnv('ACTIONS_RESULTS_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    onTestFinished(async () => {
      vi.stubEnv('ACTIONS_RESULTS_URL', stubbed['ACTIONS_RESULTS_URL']!);
      for (const interval of intervals) clearInterval(interval);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    const store = actionsArtifactStore(path.join(dir, 'work'), undefined, 500);
    await expect(store.list()).rejects.toThrow('the Actions artifact service did not finish listing artifacts within 0.5 s');
    const trace = path.join(dir, 'slow.jsonl');
    await writeFile(trace, 'x\n');
    await expect(store.save('plan-runner-state-slow-attempt-1.jsonl', trace, 1)).rejects.toThrow('the Actions artifact service did not finish uploading plan-runner-state-slow-attempt-1.jsonl within 0.5 s');
  }, 15_000);
});
