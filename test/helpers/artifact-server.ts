import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeGitHub } from './github-server.ts';

/** One artifact as the stand-in keeps it. */
export interface StoredArtifact {
  readonly id: number;
  readonly runBackendId: string;
  readonly jobBackendId: string;
  readonly name: string;
  readonly createdAt: Date;
  expiresAt?: string;
  contentType: string;
  bytes: Buffer;
  finalized: boolean;
  /** The `sha256:` hash the client reported at finalize. */
  hash?: string;
  /** What the blob storage sends in place of `bytes` (listed still as `bytes`): a download cut or damaged on its way. */
  served?: Buffer;
}

/** A workflow run as the stand-in knows it: its REST id and the backend id its runtime tokens carry. */
export interface FakeRun {
  readonly runId: number;
  readonly backendId: string;
}

const SERVICE = '/twirp/github.actions.results.api.v1.ArtifactService/';

/**
 * A local stand-in for the Actions results service (the Twirp `ArtifactService` the
 * `@actions/artifact` client speaks) and the blob storage its signed URLs point to, on 127.0.0.1.
 *
 * Why not Azurite: the client only uses Put Block, Put Block List (or Put Blob) and Get Blob on the
 * signed URL; Azurite would add a 40 MB dev dependency with its own storage files and start-up time
 * to play four requests. This stand-in checks what the real service checks that our code relies on:
 * the runtime token (its `Actions.Results:<run>:<job>` scope), unique names within a run, signed
 * URLs (an unsigned or wrongly signed blob request is refused), finalize before listing.
 *
 * `attach(github)` also plays the REST endpoints another run's artifacts are read through
 * (`actions/list-workflow-run-artifacts`, `actions/download-artifact`) on a `FakeGitHub`, which
 * validates those requests against GitHub's OpenAPI description.
 */
export class FakeArtifactService {
  readonly artifacts: StoredArtifact[] = [];
  /** Every request, e.g. `CreateArtifact`, `blob PUT block`, `blob GET`. */
  readonly calls: string[] = [];
  /** Bytes received and sent by the blob storage. */
  uploadedBytes = 0;
  downloadedBytes = 0;
  /** Problems a test should see as none: a request the real service would refuse. */
  readonly violations: string[] = [];
  /** While set, every CreateArtifact is refused with this message, as the service refuses one over the storage quota. */
  refuseCreates: string | undefined;
  /** While set, every FinalizeArtifact is refused (403) with this message: the upload's record then holds its name, unlisted. */
  refuseFinalizes: string | undefined;

  #server = createServer((req, res) => void this.#handle(req, res));
  #nextId = 1;
  #blocks = new Map<string, Buffer>();
  #secret = randomBytes(8).toString('hex');
  #runs: FakeRun[] = [];

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /**
   * A runtime token for a job of a run, as the runner gives an action in `ACTIONS_RUNTIME_TOKEN`:
   * an unsigned JWT whose `scp` names the run's and the job's backend ids.
   */
  runtimeToken(run: FakeRun, job = 'job-1'): string {
    if (!this.#runs.some((known) => known.runId === run.runId)) this.#runs.push(run);
    const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ scp: `Actions.GenericRead Actions.Results:${run.backendId}:${job}`, iss: 'fake' })}.sig`;
  }

  /** The environment the runner gives a JavaScript action for artifacts in `run` (and `job`). */
  env(run: FakeRun, job = 'job-1'): Record<string, string> {
    return { ACTIONS_RUNTIME_TOKEN: this.runtimeToken(run, job), ACTIONS_RESULTS_URL: `${this.url}/` };
  }

  /** Artifacts of a run (finalized ones, as the service lists them). */
  artifactsOf(run: FakeRun): StoredArtifact[] {
    return this.artifacts.filter((artifact) => artifact.runBackendId === run.backendId && artifact.finalized);
  }

  /**
   * Keeps copies of `run`'s artifacts in another stand-in, ids and all, as if the run had uploaded them
   * here, and that stand-in's violations: tests that each answer the same paused run start that run once.
   */
  adopt(from: FakeArtifactService, run: FakeRun): void {
    if (!this.#runs.some((known) => known.runId === run.runId)) this.#runs.push(run);
    for (const artifact of from.artifacts.filter((stored) => stored.runBackendId === run.backendId)) {
      this.artifacts.push({ ...artifact, bytes: Buffer.from(artifact.bytes) });
      this.#nextId = Math.max(this.#nextId, artifact.id + 1);
    }
    this.violations.push(...from.violations);
  }

  /** Plays the REST endpoints for another run's artifacts on `github`. */
  attach(github: FakeGitHub): void {
    github.handle('actions/list-workflow-run-artifacts', ({ params, url }) => {
      const run = this.#runs.find((known) => String(known.runId) === params['run_id']);
      const all = run ? this.artifactsOf(run) : [];
      const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
      const page = Number(url.searchParams.get('page') ?? 1);
      const base = `${github.url}/repos/${params['owner']}/${params['repo']}/actions/artifacts`;
      return {
        status: 200,
        body: {
          total_count: all.length,
          artifacts: all.slice((page - 1) * perPage, page * perPage).map((artifact) => ({
            id: artifact.id,
            node_id: `MDg6QXJ0aWZhY3Q${artifact.id}`,
            name: artifact.name,
            size_in_bytes: artifact.bytes.length,
            url: `${base}/${artifact.id}`,
            archive_download_url: `${base}/${artifact.id}/zip`,
            expired: false,
            created_at: artifact.createdAt.toISOString(),
            updated_at: artifact.createdAt.toISOString(),
            expires_at: artifact.expiresAt ?? null,
            digest: artifact.hash ?? null,
            workflow_run: { id: run?.runId ?? 0, repository_id: 1, head_repository_id: 1, head_branch: 'main', head_sha: '0'.repeat(40) },
          })),
        },
      };
    });
    github.handle('actions/download-artifact', ({ params }) => {
      const artifact = this.artifacts.find((stored) => String(stored.id) === params['artifact_id'] && stored.finalized);
      if (!artifact) return { status: 404, body: { message: 'Not Found' } };
      return { status: 302, headers: { location: this.#signedUrl(artifact) } };
    });
  }

  #signedUrl(artifact: StoredArtifact): string {
    const path = `/blob/${artifact.runBackendId}/${artifact.id}/${encodeURIComponent(artifact.name)}`;
    return `${this.url}${path}?sv=2025-01-05&se=2099-01-01T00%3A00%3A00Z&sp=rcw&sig=${this.#sign(path)}`;
  }

  #sign(path: string): string {
    return createHash('sha256').update(`${this.#secret}:${path}`).digest('base64url');
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (url.pathname.startsWith(SERVICE) && req.method === 'POST') return this.#twirp(url.pathname.slice(SERVICE.length), req, body, res);
    if (url.pathname.startsWith('/blob/')) return this.#blob(req, url, body, res);
    this.violations.push(`${req.method} ${url.pathname}: not an endpoint of the service`);
    res.writeHead(404).end();
  }

  #twirpError(res: ServerResponse, status: number, code: string, msg: string): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code, msg }));
  }

  #twirp(method: string, req: IncomingMessage, raw: Buffer, res: ServerResponse): void {
    this.calls.push(method);
    const scope = this.#scope(req.headers.authorization);
    if (!scope) return this.#twirpError(res, 401, 'unauthenticated', 'no valid runtime token');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      this.violations.push(`${method}: body is not JSON`);
      return this.#twirpError(res, 400, 'malformed', 'body is not JSON');
    }
    const run = String(body['workflow_run_backend_id'] ?? '');
    const job = String(body['workflow_job_run_backend_id'] ?? '');
    // Writes are the token's own job's; reads name the artifact's job (any job of the token's run).
    const writes = method === 'CreateArtifact' || method === 'FinalizeArtifact';
    if (run !== scope.run || (writes && job !== scope.job)) {
      this.violations.push(`${method}: backend ids ${run}/${job} are not the token's ${scope.run}/${scope.job}`);
      return this.#twirpError(res, 403, 'permission_denied', 'backend ids do not match the token');
    }
    const reply = (value: unknown): void => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const inRun = this.artifacts.filter((artifact) => artifact.runBackendId === run);
    switch (method) {
      case 'CreateArtifact': {
        if (this.refuseCreates !== undefined) return this.#twirpError(res, 403, 'permission_denied', this.refuseCreates);
        const name = String(body['name'] ?? '');
        // As the service does: an upload never finalized (its step killed, its finalize refused) holds the name
        // for the rest of the run, though no listing shows it.
        if (inRun.some((artifact) => artifact.name === name)) {
          return this.#twirpError(res, 409, 'already_exists', `an artifact with this name already exists on the workflow run: ${name}`);
        }
        const created: StoredArtifact = {
          id: this.#nextId++,
          runBackendId: run,
          jobBackendId: job,
          name,
          createdAt: new Date(),
          contentType: typeof body['mime_type'] === 'string' ? body['mime_type'] : 'application/zip',
          bytes: Buffer.alloc(0),
          finalized: false,
          ...(typeof body['expires_at'] === 'string' ? { expiresAt: body['expires_at'] } : {}),
        };
        this.artifacts.push(created);
        return reply({ ok: true, signed_upload_url: this.#signedUrl(created) });
      }
      case 'FinalizeArtifact': {
        if (this.refuseFinalizes !== undefined) return this.#twirpError(res, 403, 'permission_denied', this.refuseFinalizes);
        const name = String(body['name'] ?? '');
        const artifact = inRun.find((stored) => stored.name === name && !stored.finalized && stored.jobBackendId === job);
        if (!artifact) return this.#twirpError(res, 404, 'not_found', `no artifact ${name} being uploaded`);
        if (String(body['size']) !== String(artifact.bytes.length)) {
          this.violations.push(`FinalizeArtifact: size ${String(body['size'])} is not the ${artifact.bytes.length} bytes stored`);
        }
        artifact.finalized = true;
        if (typeof body['hash'] === 'string') artifact.hash = body['hash'];
        return reply({ ok: true, artifact_id: String(artifact.id) });
      }
      case 'ListArtifacts': {
        const nameFilter = typeof body['name_filter'] === 'string' ? body['name_filter'] : undefined;
        const idFilter = body['id_filter'] === undefined ? undefined : String(body['id_filter']);
        const listed = inRun.filter((a) => a.finalized && (nameFilter === undefined || a.name === nameFilter) && (idFilter === undefined || String(a.id) === idFilter));
        return reply({
          artifacts: listed.map((a) => ({
            workflow_run_backend_id: a.runBackendId,
            workflow_job_run_backend_id: a.jobBackendId,
            database_id: String(a.id),
            name: a.name,
            size: String(a.bytes.length),
            created_at: a.createdAt.toISOString(),
            ...(a.hash ? { digest: a.hash } : {}),
          })),
        });
      }
      case 'GetSignedArtifactURL': {
        const name = String(body['name'] ?? '');
        const artifact = inRun.find((stored) => stored.name === name && stored.finalized);
        if (!artifact) return this.#twirpError(res, 404, 'not_found', `no artifact ${name}`);
        return reply({ signed_url: this.#signedUrl(artifact) });
      }
      default:
        this.violations.push(`${method}: not a method this stand-in plays`);
        return this.#twirpError(res, 501, 'unimplemented', method);
    }
  }

  #scope(authorization: string | undefined): { run: string; job: string } | undefined {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const payload = token?.split('.')[1];
    if (!payload) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { scp?: string };
      const scope = claims.scp?.split(' ').find((part) => part.startsWith('Actions.Results:'))?.split(':');
      return scope?.length === 3 ? { run: scope[1]!, job: scope[2]! } : undefined;
    } catch {
      return undefined;
    }
  }

  #blob(req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse): void {
    const comp = url.searchParams.get('comp');
    this.calls.push(`blob ${req.method}${comp ? ` ${comp}` : ''}`);
    if (url.searchParams.get('sig') !== this.#sign(url.pathname)) {
      this.violations.push(`blob ${req.method} ${url.pathname}: unsigned or wrongly signed URL`);
      return void res.writeHead(403).end();
    }
    const [, , , id] = url.pathname.split('/');
    const artifact = this.artifacts.find((stored) => String(stored.id) === id);
    if (!artifact) return void res.writeHead(404).end();
    const headers = { 'x-ms-request-id': randomBytes(8).toString('hex'), 'x-ms-version': '2025-01-05', etag: `"${artifact.id}-${artifact.bytes.length}"`, 'last-modified': new Date().toUTCString() };
    if (req.method === 'PUT' && comp === 'block') {
      this.uploadedBytes += body.length;
      this.#blocks.set(`${artifact.id}:${url.searchParams.get('blockid')}`, body);
      return void res.writeHead(201, headers).end();
    }
    if (req.method === 'PUT' && comp === 'blocklist') {
      const ids = [...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map((match) => match[1]);
      const parts = ids.map((blockId) => this.#blocks.get(`${artifact.id}:${blockId}`));
      if (parts.some((part) => part === undefined)) {
        this.violations.push(`blob blocklist for ${artifact.name} names a block never put`);
        return void res.writeHead(400, headers).end();
      }
      artifact.bytes = Buffer.concat(parts as Buffer[]);
      const contentType = req.headers['x-ms-blob-content-type'];
      if (typeof contentType === 'string') artifact.contentType = contentType;
      return void res.writeHead(201, headers).end();
    }
    if (req.method === 'PUT' && comp === null) {
      this.uploadedBytes += body.length;
      artifact.bytes = body;
      const contentType = req.headers['x-ms-blob-content-type'];
      if (typeof contentType === 'string') artifact.contentType = contentType;
      return void res.writeHead(201, headers).end();
    }
    if (req.method === 'GET' && comp === null) {
      if (!artifact.finalized) return void res.writeHead(404, headers).end();
      const sent = artifact.served ?? artifact.bytes;
      this.downloadedBytes += sent.length;
      return void res
        .writeHead(200, { ...headers, 'content-type': artifact.contentType, 'content-length': String(sent.length), 'content-disposition': `attachment; filename="${artifact.name}"` })
        .end(sent);
    }
    this.violations.push(`blob ${req.method} ?comp=${comp}: not a request the artifact client makes`);
    res.writeHead(400, headers).end();
  }
}

/** Starts an artifact service stand-in; stop it in `afterEach`. */
export function startFakeArtifactService(): Promise<FakeArtifactService> {
  return new FakeArtifactService().start();
}
