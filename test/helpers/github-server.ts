import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadGitHubOpenApi, validateGitHubRequest, type RouteMatch } from './github-openapi.ts';

/** One request as the fake GitHub saw it. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** The OpenAPI operation, e.g. `issues/update-comment`; undefined when the request was invalid. */
  readonly operationId?: string;
  readonly body?: unknown;
  readonly authorization?: string;
  status?: number;
}

/**
 * A scripted failure for the next request to an operation: an HTTP answer, no answer at all, or a
 * request that is carried out (and answered) only `lateMs` after it arrived — past a client's timeout —
 * or only once `heldUntil` settles, when a test must have it land after something else, whatever the
 * machine's load.
 */
export type Fault =
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body?: unknown }
  | { readonly hang: true }
  | { readonly lateMs: number }
  | { readonly heldUntil: Promise<unknown> };

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: string };
  created_at: string;
  updated_at: string;
}

interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

interface HandlerContext {
  readonly route: RouteMatch;
  readonly params: Readonly<Record<string, string>>;
  readonly url: URL;
  readonly body: Record<string, unknown>;
}

type Handler = (ctx: HandlerContext) => Reply;

const BOT = { login: 'github-actions[bot]', type: 'Bot' };

/**
 * A local stand-in for GitHub's REST API on 127.0.0.1. It keeps state (comments by issue, labels,
 * check runs, permissions, pull requests), can be scripted to fail per operation, records every
 * request, and validates each against GitHub's OpenAPI description: an invalid request gets a 422
 * and a recorded violation, which tests assert is empty.
 */
export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly violations: string[] = [];
  /** Comments by `owner/repo#number`. */
  readonly comments = new Map<string, FakeComment[]>();
  readonly labels = new Map<string, string[]>();
  readonly checkRuns: Record<string, unknown>[] = [];
  readonly issues: Record<string, unknown>[] = [];
  /** Collaborator permission by username (default `write`). */
  readonly permissions = new Map<string, string>();
  /**
   * The repository whose code workflow run `id` ran (`head_repository`: its full name, or `{ id, full_name }`), by
   * run id; a run not listed ran the repository's own (`octo/app` style: the repository asked about), and `null` a
   * repository since deleted.
   */
  readonly workflowRunHeads = new Map<number, string | { id: number; full_name: string } | null>();
  /** Pull requests by number, with their changed files. */
  readonly pulls = new Map<number, { data: Record<string, unknown>; files: Record<string, unknown>[] }>();
  /** Called on every valid request before it is answered (tests read their clock here). */
  onRequest?: (request: RecordedRequest) => void;
  /**
   * Who the token is: comments it creates are theirs. `GET /user` answers with this account when it
   * is a user (a personal access token) and 403s for the Actions bot, as GitHub does for the
   * installation token behind `GITHUB_TOKEN`.
   */
  tokenUser: { login: string; type: string } = BOT;

  #server = createServer((req, res) => void this.#handle(req, res));
  /**
   * The port it listened on, kept after `stop()`: a request held back (`lateMs`) is carried out after the test that
   * held it has ended when that test failed first, and reading the port of the stopped server then threw an
   * unhandled rejection that failed the run, blamed on whichever test ran next.
   */
  #port?: number;
  #faults = new Map<string, Fault[]>();
  #handlers = new Map<string, Handler>();
  #nextId = 1000;
  /** People's comments by id (`postedComment`); undefined once deleted. */
  #posted = new Map<number, FakeComment | undefined>();
  /** The fake's clock (ms): each stamp it gives (created_at, updated_at) is a second after the last. */
  now = Date.UTC(2025, 0, 1);
  /**
   * The token's primary rate limit, as GitHub keeps it: set, every answer carries the `x-ratelimit-*`
   * headers, each request counts, and once none are left requests get GitHub's 403 until `resetAt`
   * (epoch seconds). Unset, no headers are sent and nothing is counted.
   */
  rateLimit?: { readonly limit: number; remaining: number; readonly resetAt: number };

  constructor() {
    this.#register();
  }

  /** Starts listening on a free port of 127.0.0.1. */
  async start(): Promise<this> {
    loadGitHubOpenApi();
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port ?? (this.#server.address() as AddressInfo).port}`;
  }

  /** Stops the server, dropping hanging requests. */
  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The next requests to `operationId` (e.g. `issues/create-comment`) meet these faults, in order. */
  fail(operationId: string, ...faults: Fault[]): void {
    this.#faults.set(operationId, [...(this.#faults.get(operationId) ?? []), ...faults]);
  }

  /** Adds an existing comment, as if someone (by default the Actions bot) wrote it earlier. */
  addComment(owner: string, repo: string, number: number, body: string, user = BOT): FakeComment {
    const comment = { id: this.#nextId++, body, user, created_at: this.#stamp(), updated_at: this.#stamp() };
    this.#commentsOf(`${owner}/${repo}#${number}`).push(comment);
    return comment;
  }

  /**
   * A person's comment an event names (an `/approve`), by the event's id: read by id as GitHub reads it, left out of
   * the issue's listing so that the tests' `commentsOn(…).at(-1)` is still plan-runner's comment. Kept as it is when
   * already there (a test edited it first).
   */
  postedComment(id: number, body: string, user: { login: string; type: string }): void {
    if (!this.#posted.has(id)) this.#posted.set(id, { id, body, user, created_at: this.#stamp(), updated_at: this.#stamp() });
  }

  /** The comment an `issue_comment` event's payload names, as `postedComment` keeps it (none: nothing). */
  postEventComment(payload: unknown): void {
    const comment = (payload as { comment?: { id?: unknown; body?: unknown; user?: { login?: unknown; type?: unknown } } } | null)?.comment;
    if (typeof comment?.id !== 'number' || typeof comment.body !== 'string') return;
    this.postedComment(comment.id, comment.body, { login: String(comment.user?.login ?? 'someone'), type: String(comment.user?.type ?? 'User') });
  }

  /** Deletes or edits a person's comment `postedComment` added (undefined: deleted). */
  changePostedComment(id: number, body: string | undefined, user = { login: 'maintainer', type: 'User' }): void {
    if (body === undefined) this.#posted.set(id, undefined);
    else this.#posted.set(id, { id, body, user, created_at: this.#stamp(), updated_at: this.#stamp() });
  }

  /** Comments on one issue or pull request. */
  commentsOn(owner: string, repo: string, number: number): FakeComment[] {
    return this.comments.get(`${owner}/${repo}#${number}`) ?? [];
  }

  /** Requests made to one operation. */
  requestsTo(operationId: string): RecordedRequest[] {
    return this.requests.filter((r) => r.operationId === operationId);
  }

  /** Adds a handler for an operation (by OpenAPI operationId) this fake does not yet play. */
  handle(operationId: string, handler: Handler): void {
    this.#handlers.set(operationId, handler);
  }

  #stamp(): string {
    this.now += 1000;
    return new Date(this.now).toISOString().replace('.000Z', 'Z');
  }

  #commentsOf(key: string): FakeComment[] {
    let list = this.comments.get(key);
    if (!list) this.comments.set(key, (list = []));
    return list;
  }

  #findComment(id: number): FakeComment | undefined {
    if (this.#posted.has(id)) return this.#posted.get(id);
    for (const list of this.comments.values()) {
      const found = list.find((c) => c.id === id);
      if (found) return found;
    }
    return undefined;
  }

  #commentJson(p: Readonly<Record<string, string>>, c: FakeComment): Record<string, unknown> {
    const base = `${this.url}/repos/${p['owner']}/${p['repo']}`;
    return { ...c, node_id: `IC_${c.id}`, url: `${base}/issues/comments/${c.id}`, html_url: `https://github.com/${p['owner']}/${p['repo']}#issuecomment-${c.id}`, author_association: 'NONE' };
  }

  #register(): void {
    const key = (p: Readonly<Record<string, string>>): string => `${p['owner']}/${p['repo']}#${p['issue_number']}`;
    this.handle('issues/list-comments', ({ params, url }) => {
      const all = this.comments.get(key(params)) ?? [];
      const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
      const page = Number(url.searchParams.get('page') ?? 1);
      const last = Math.max(1, Math.ceil(all.length / perPage));
      const links: string[] = [];
      const link = (n: number, rel: string): string => {
        const next = new URL(url);
        next.searchParams.set('page', String(n));
        return `<${this.url}${next.pathname}${next.search}>; rel="${rel}"`;
      };
      if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
      const items = all.slice((page - 1) * perPage, page * perPage).map((c) => this.#commentJson(params, c));
      return { status: 200, body: items, headers: links.length ? { link: links.join(', ') } : undefined };
    });
    this.handle('issues/create-comment', ({ params, body }) => {
      const comment = this.addComment(params['owner']!, params['repo']!, Number(params['issue_number']), String(body['body']), this.tokenUser);
      return { status: 201, body: this.#commentJson(params, comment) };
    });
    this.handle('issues/delete-comment', ({ params }) => {
      for (const list of this.comments.values()) {
        const index = list.findIndex((c) => c.id === Number(params['comment_id']));
        if (index >= 0) {
          list.splice(index, 1);
          return { status: 204 };
        }
      }
      return { status: 404, body: { message: 'Not Found' } };
    });
    this.handle('users/get-authenticated', () =>
      this.tokenUser.type === 'Bot'
        ? { status: 403, body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user', status: '403' } }
        : { status: 200, body: { login: this.tokenUser.login, id: 4242, type: this.tokenUser.type, site_admin: false } },
    );
    this.handle('issues/get-comment', ({ params }) => {
      const comment = this.#findComment(Number(params['comment_id']));
      return comment ? { status: 200, body: this.#commentJson(params, comment) } : { status: 404, body: { message: 'Not Found' } };
    });
    this.handle('issues/update-comment', ({ params, body }) => {
      const comment = this.#findComment(Number(params['comment_id']));
      if (!comment) return { status: 404, body: { message: 'Not Found' } };
      comment.body = String(body['body']);
      comment.updated_at = this.#stamp();
      return { status: 200, body: this.#commentJson(params, comment) };
    });
    this.handle('issues/add-labels', ({ params, body }) => {
      const names = (Array.isArray(body['labels']) ? body['labels'] : []).map(String);
      const list = [...new Set([...(this.labels.get(key(params)) ?? []), ...names])];
      this.labels.set(key(params), list);
      return { status: 200, body: list.map((name, i) => ({ id: i + 1, name, color: 'ededed', default: false })) };
    });
    // As GitHub answers a label the issue does not have: 404.
    this.handle('issues/remove-label', ({ params }) => {
      const list = this.labels.get(key(params)) ?? [];
      if (!list.includes(params['name']!)) return { status: 404, body: { message: 'Label does not exist' } };
      const left = list.filter((name) => name !== params['name']);
      this.labels.set(key(params), left);
      return { status: 200, body: left.map((name, i) => ({ id: i + 1, name, color: 'ededed', default: false })) };
    });
    this.handle('issues/create', ({ params, body }) => {
      const number = this.issues.length + 1;
      const stamp = this.#stamp();
      const issue = { ...body, number, id: this.#nextId++, state: 'open', user: { ...this.tokenUser }, html_url: `https://github.com/${params['owner']}/${params['repo']}/issues/${number}`, created_at: stamp, updated_at: stamp };
      this.issues.push(issue);
      return { status: 201, body: issue };
    });
    this.handle('issues/list-for-repo', ({ url }) => {
      const label = url.searchParams.get('labels');
      // `creator`: issues that account opened, by its login.
      const creator = url.searchParams.get('creator');
      const state = url.searchParams.get('state') ?? 'open';
      // `since`: issues updated at or after it, as GitHub filters.
      const since = url.searchParams.get('since');
      // Newest first (GitHub's default sort, `created`, `desc`), in pages of `per_page` (default 30).
      const list = this.issues
        .filter(
          (issue) =>
            (state === 'all' || issue['state'] === state) &&
            (!label || (Array.isArray(issue['labels']) && issue['labels'].includes(label))) &&
            (!creator || (issue['user'] as { login?: unknown } | undefined)?.login === creator) &&
            (!since || typeof issue['updated_at'] !== 'string' || Date.parse(issue['updated_at']) >= Date.parse(since)),
        )
        .reverse();
      const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
      const page = Number(url.searchParams.get('page') ?? 1);
      const last = Math.max(1, Math.ceil(list.length / perPage));
      const next = new URL(url);
      next.searchParams.set('page', String(page + 1));
      const headers = page < last ? { link: `<${this.url}${next.pathname}${next.search}>; rel="next"` } : undefined;
      return { status: 200, body: list.slice((page - 1) * perPage, page * perPage), headers };
    });
    this.handle('issues/update', ({ params, body }) => {
      const issue = this.issues.find((candidate) => candidate['number'] === Number(params['issue_number']));
      if (!issue) return { status: 404, body: { message: 'Not Found' } };
      Object.assign(issue, body);
      return { status: 200, body: issue };
    });
    this.handle('repos/get-collaborator-permission-level', ({ params }) => {
      const permission = this.permissions.get(params['username']!) ?? 'write';
      return { status: 200, body: { permission, role_name: permission, user: { login: params['username'] } } };
    });
    this.handle('checks/create', ({ body }) => {
      const run = { ...body, id: this.#nextId++ };
      this.checkRuns.push(run);
      return { status: 201, body: run };
    });
    this.handle('checks/list-for-ref', ({ params, url }) => {
      const name = url.searchParams.get('check_name');
      const runs = this.checkRuns.filter((run) => run['head_sha'] === params['ref'] && (!name || run['name'] === name));
      return { status: 200, body: { total_count: runs.length, check_runs: runs } };
    });
    this.handle('checks/get', ({ params }) => {
      const run = this.checkRuns.find((r) => r['id'] === Number(params['check_run_id']));
      return run ? { status: 200, body: run } : { status: 404, body: { message: 'Not Found' } };
    });
    this.handle('checks/update', ({ params, body }) => {
      const run = this.checkRuns.find((r) => r['id'] === Number(params['check_run_id']));
      if (!run) return { status: 404, body: { message: 'Not Found' } };
      Object.assign(run, body);
      return { status: 200, body: run };
    });
    this.handle('actions/get-workflow-run', ({ params }) => {
      const id = Number(params['run_id']);
      const head = this.workflowRunHeads.has(id) ? this.workflowRunHeads.get(id)! : `${params['owner']}/${params['repo']}`;
      return { status: 200, body: { id, head_repository: head === null || typeof head === 'object' ? head : { full_name: head } } };
    });
    this.handle('pulls/get', ({ params }) => {
      const pull = this.pulls.get(Number(params['pull_number']));
      return pull ? { status: 200, body: pull.data } : { status: 404, body: { message: 'Not Found' } };
    });
    this.handle('pulls/list-files', ({ params }) => {
      const pull = this.pulls.get(Number(params['pull_number']));
      return pull ? { status: 200, body: pull.files } : { status: 404, body: { message: 'Not Found' } };
    });
    // A comparison with a pull request's head commit: that pull request's files (the run's pull request is read so).
    this.handle('repos/compare-commits-with-basehead', ({ params }) => {
      const head = params['basehead']?.split('...')[1];
      const pull = [...this.pulls.values()].find((candidate) => (candidate.data['head'] as { sha?: unknown } | undefined)?.sha === head);
      return pull ? { status: 200, body: { files: pull.files } } : { status: 404, body: { message: 'Not Found' } };
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
    };
    this.requests.push(recorded);
    let body: unknown;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return this.#reject(res, recorded, [`${recorded.method} ${url.pathname}: body is not JSON`]);
      }
    }
    Object.assign(recorded, { body });
    // GraphQL is outside the REST description: the one query plan-runner sends, who the token is, is played here.
    if (recorded.method === 'POST' && url.pathname === '/graphql') {
      Object.assign(recorded, { operationId: 'graphql' });
      const query = typeof body === 'object' && body !== null ? (body as { query?: unknown }).query : undefined;
      if (query !== 'query { viewer { login } }') {
        this.violations.push(`graphql: unexpected query ${JSON.stringify(query)}`);
        return this.#send(res, recorded, { status: 200, body: { errors: [{ message: 'not played by the fake' }] } });
      }
      const fault = this.#faults.get('graphql')?.shift();
      if (fault && 'status' in fault) return this.#send(res, recorded, { status: fault.status, body: fault.body ?? { message: `scripted ${fault.status}` } });
      return this.#send(res, recorded, { status: 200, body: { data: { viewer: { login: this.tokenUser.login } } } });
    }
    const validation = validateGitHubRequest(recorded.method, url, body);
    if (!validation.ok) return this.#reject(res, recorded, validation.problems);
    Object.assign(recorded, { operationId: validation.route.operationId });
    this.onRequest?.(recorded);
    if (this.rateLimit) {
      if (this.rateLimit.remaining === 0) {
        const message = 'API rate limit exceeded for installation. If you reach out to GitHub Support for help, please include the request ID.';
        return this.#send(res, recorded, { status: 403, body: { message, documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' } });
      }
      this.rateLimit.remaining -= 1;
    }
    const fault = this.#faults.get(validation.route.operationId)?.shift();
    if (fault && 'hang' in fault) return; // never answered; stop() drops the connection
    // Carried out late, whether or not the client still waits: GitHub's requests do not die with the client.
    if (fault && 'lateMs' in fault) await new Promise((resolve) => setTimeout(resolve, fault.lateMs));
    if (fault && 'heldUntil' in fault) await fault.heldUntil.catch(() => undefined);
    if (fault && 'status' in fault) return this.#send(res, recorded, { status: fault.status, headers: fault.headers, body: fault.body ?? { message: `scripted ${fault.status}` } });
    const handler = this.#handlers.get(validation.route.operationId);
    if (!handler) {
      this.violations.push(`${validation.route.operationId} is valid but the fake GitHub does not play it yet`);
      return this.#send(res, recorded, { status: 501, body: { message: 'not implemented by the fake' } });
    }
    const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    this.#send(res, recorded, handler({ route: validation.route, params: validation.route.params, url, body: input }));
  }

  #reject(res: ServerResponse, recorded: RecordedRequest, problems: string[]): void {
    this.violations.push(...problems);
    this.#send(res, recorded, { status: 422, body: { message: 'Validation Failed', errors: problems } });
  }

  #send(res: ServerResponse, recorded: RecordedRequest, reply: Reply): void {
    recorded.status = reply.status;
    const limit = this.rateLimit;
    const rateHeaders = limit && {
      'x-ratelimit-limit': String(limit.limit),
      'x-ratelimit-remaining': String(limit.remaining),
      'x-ratelimit-used': String(limit.limit - limit.remaining),
      'x-ratelimit-reset': String(limit.resetAt),
      'x-ratelimit-resource': 'core',
    };
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...rateHeaders, ...reply.headers });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  }
}

/** Starts a fake GitHub; stop it in `afterEach`. */
export function startFakeGitHub(): Promise<FakeGitHub> {
  return new FakeGitHub().start();
}
