import { copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RunStateStore, StateArtifact } from './run-state-store.ts';
import { ArtifactNameTakenError } from './artifact-name-taken-error.ts';
import { raceAbort } from '../core/race-abort.ts';
import { timeoutSignal } from '../core/timeout-signal.ts';
import { trimEndChars } from '../core/trim-end-chars.ts';

/**
 * How long one save, listing or download may take. The client has no limit of its own: it waits 3 minutes for a
 * silent answer and asks 5 times, and waits for good on one sent a byte at a time (found by an adversarial pass).
 */
export const ARTIFACT_SERVICE_TIMEOUT_MS = 10 * 60_000;

/** `work`, or an error naming the artifact service and the limit once `timeoutMs` has passed; the client's request is left to end on its own. */
function withinLimit<T>(what: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const limit = timeoutSignal(timeoutMs);
  return raceAbort(work(), limit).catch((error: unknown) => {
    if (limit.aborted && error === limit.reason) throw new Error(`the Actions artifact service did not finish ${what} within ${timeoutMs / 1000} s`, { cause: error });
    throw error;
  });
}

/**
 * The client's own error for a create the service refused with 409 (its only answer to a taken name), made typed here:
 * `Failed to CreateArtifact: Received non-retryable error: Failed request: (409) Conflict: an artifact with this name
 * already exists …`. The client throws a plain `Error`, so its wording is all there is to read.
 */
function nameTaken(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Failed to CreateArtifact:') && error.message.includes('Failed request: (409)');
}

/** What reading another run's artifacts needs: the REST API, a token with `actions: read`. */
export interface OtherRunAccess {
  readonly token: string;
  readonly owner: string;
  readonly repo: string;
}

/**
 * The server of a GitHub Enterprise Server run, whose artifact service `@actions/artifact` refuses (it tells one by
 * GITHUB_SERVER_URL as here); undefined on github.com, GHE.com and a local stand-in.
 */
function enterpriseServer(env: NodeJS.ProcessEnv): string | undefined {
  let host: string;
  try {
    host = new URL(env['GITHUB_SERVER_URL'] || 'https://github.com').hostname.toLowerCase();
  } catch {
    return undefined; // the client reads no such URL either, and says so at its first call
  }
  return host === 'github.com' || host.endsWith('.ghe.com') || host.endsWith('.localhost') ? undefined : trimEndChars(env['GITHUB_SERVER_URL']!, '/');
}

/** Why the artifact service cannot be used here, in words; undefined when it can. */
export function artifactServiceProblem(env: NodeJS.ProcessEnv): string | undefined {
  if (!env['ACTIONS_RUNTIME_TOKEN'] || !env['ACTIONS_RESULTS_URL']) {
    return 'the Actions artifact service is not available here (ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL are set only inside a GitHub Actions job)';
  }
  const server = enterpriseServer(env);
  if (server !== undefined) return `GitHub Enterprise Server (${server}) has no Actions artifact service plan-runner's client can use; set state: off, and resume a re-run with resume-from: a trace you kept`;
  return undefined;
}

/**
 * A `RunStateStore` over the Actions artifact service with GitHub's own client, `@actions/artifact`,
 * loaded on first use or `warm()`: loading it takes 0.2–0.3 s of CPU (its Azure blob client and
 * protobuf code), more than a small run itself, and only a job with the service needs it. A state is
 * uploaded as its one file, not zipped (`skipArchive`), so an artifact is the trace as written, and
 * downloaded as saved (`skipDecompress`): the bundle holds no zip code (stubs/README.md).
 */
export function actionsArtifactStore(workDir: string, otherRuns?: OtherRunAccess, timeoutMs = ARTIFACT_SERVICE_TIMEOUT_MS): RunStateStore {
  let client: Promise<import('@actions/artifact').ArtifactClient> | undefined;
  const open = (): Promise<import('@actions/artifact').ArtifactClient> =>
    (client ??= import('@actions/artifact').then(({ DefaultArtifactClient }) => new DefaultArtifactClient()));
  const findBy = (runId: number): { findBy: { token: string; workflowRunId: number; repositoryOwner: string; repositoryName: string } } => {
    if (!otherRuns) throw new Error(`reading the artifacts of run ${runId} needs a github-token with actions: read`);
    return { findBy: { token: otherRuns.token, workflowRunId: runId, repositoryOwner: otherRuns.owner, repositoryName: otherRuns.repo } };
  };
  return {
    async save(name, file, retentionDays) {
      // The client names an unzipped artifact after its file: copy the trace under the state's name.
      const dir = await mkdtemp(path.join(await made(workDir), 'save-'));
      try {
        const named = path.join(dir, name);
        await copyFile(file, named);
        const client = await open();
        const uploaded = await withinLimit(`uploading ${name}`, timeoutMs, () => client.uploadArtifact(name, [named], dir, { retentionDays, skipArchive: true })).catch((error: unknown) => {
          throw nameTaken(error) ? new ArtifactNameTakenError(name, { cause: error }) : error;
        });
        if (uploaded.id === undefined) throw new Error(`the artifact service did not say which artifact ${name} became`);
        return { id: uploaded.id, name, size: uploaded.size ?? 0 };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async list(runId) {
      const artifacts = await open();
      const { artifacts: listed } = await withinLimit('listing artifacts', timeoutMs, () => (runId === undefined ? artifacts.listArtifacts() : artifacts.listArtifacts(findBy(runId))));
      return listed.map(
        (artifact): StateArtifact => ({ id: artifact.id, name: artifact.name, size: artifact.size, ...(artifact.createdAt ? { createdAt: artifact.createdAt } : {}), ...(artifact.digest ? { digest: artifact.digest } : {}) }),
      );
    },
    warm() {
      // A failed load is not reported here: `save` awaits the same promise and says what failed.
      open().catch(() => undefined);
    },
    async download(artifact, into, runId) {
      const dir = await mkdtemp(path.join(await made(into), 'state-'));
      const artifacts = await open();
      const { digestMismatch } = await withinLimit(`downloading ${artifact.name}`, timeoutMs, () =>
        artifacts.downloadArtifact(artifact.id, { path: dir, skipDecompress: true, ...(artifact.digest ? { expectedHash: artifact.digest } : {}), ...(runId === undefined ? {} : findBy(runId)) }),
      );
      // The blob storage may or may not name the file (content-disposition): the one file in a fresh folder is it.
      const files = await readdir(dir);
      if (files.length !== 1) throw new Error(`the artifact ${artifact.name} held ${files.length} files, not the one trace plan-runner saves`);
      const file = path.join(dir, files[0]!);
      // A body that ended early at a line's end reads as a run that stopped there: the steps after it would run again.
      const { size } = await stat(file);
      if (size !== artifact.size) throw new Error(`the artifact ${artifact.name} downloaded as ${size} bytes, not the ${artifact.size} the artifact service lists: it was cut or damaged on its way`);
      if (digestMismatch) throw new Error(`the artifact ${artifact.name} downloaded does not match the digest taken at its upload (${artifact.digest}): it was damaged on its way`);
      return file;
    },
  };
}

async function made(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}
