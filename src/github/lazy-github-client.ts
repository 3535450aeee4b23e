import type { GitHubClient } from './create-octokit.ts';

type Method = (...args: unknown[]) => Promise<unknown>;

type Loaded = Record<string, Record<string, Method>>;

/** Names the language and the runtime probe any object for: answered as absent, never as a member or an error. */
const NOT_MEMBERS = new Set(['then', 'toJSON', 'constructor', 'inspect']);

/**
 * A GitHub client that builds the real one (`load`, once) at its first request: Octokit, its
 * plugins and undici are a megabyte and a half that a run which never talks to GitHub need not
 * compile. It answers what plan-runner calls: `rest.<scope>.<method>(params)`, `request`, `graphql`,
 * `paginate(method or route, params)` and `paginate.iterator`; any other member is a clear error
 * (`test/github/lazy-github-client.test.ts` runs every use against a local GitHub).
 */
export function lazyGitHubClient(load: () => Promise<GitHubClient>): GitHubClient {
  let loading: Promise<GitHubClient> | undefined;
  // A failed load is tried again by the next request, as a failed request would be.
  const client = (): Promise<GitHubClient> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  // Each lazy method, by what it stands for: `paginate` is given the method itself and needs the real one.
  const names = new WeakMap<object, readonly [string, string]>();
  const scopes = new Map<string, Record<string, Method>>();
  const scope = (name: string): Record<string, Method> => {
    const known = scopes.get(name);
    if (known) return known;
    const methods = new Map<string, Method>();
    const created = new Proxy({} as Record<string, Method>, {
      get(_, method) {
        if (typeof method !== 'string' || NOT_MEMBERS.has(method)) return undefined;
        let call = methods.get(method);
        if (!call) {
          call = async (...args) => {
            const real = ((await client()).rest as unknown as Loaded)[name]?.[method];
            if (typeof real !== 'function') throw new Error(`the GitHub client has no method rest.${name}.${method}`);
            return real(...args);
          };
          names.set(call, [name, method]);
          methods.set(method, call);
        }
        return call;
      },
    });
    scopes.set(name, created);
    return created;
  };
  const rest = new Proxy({}, { get: (_, name) => (typeof name === 'string' && !NOT_MEMBERS.has(name) ? scope(name) : undefined) });
  const realRoute = (loaded: GitHubClient, route: unknown): unknown => {
    const name = typeof route === 'function' ? names.get(route) : undefined;
    return name ? (loaded.rest as unknown as Loaded)[name[0]]?.[name[1]] : route;
  };
  type Paginate = (route: unknown, ...more: unknown[]) => Promise<unknown>;
  type PageIterator = (route: unknown, ...more: unknown[]) => AsyncIterable<unknown>;
  const paginate = Object.assign(
    async (route: unknown, ...more: unknown[]) => {
      const loaded = await client();
      return (loaded.paginate as unknown as Paginate)(realRoute(loaded, route), ...more);
    },
    {
      iterator: async function* (route: unknown, ...more: unknown[]) {
        const loaded = await client();
        yield* (loaded.paginate.iterator as unknown as PageIterator)(realRoute(loaded, route), ...more);
      },
    },
  );
  const request = async (...args: unknown[]) => ((await client()).request as unknown as Method)(...args);
  const graphql = async (...args: unknown[]) => ((await client()).graphql as unknown as Method)(...args);
  const members: Record<string, unknown> = { rest, paginate, request, graphql };
  return new Proxy(members, {
    get(target, key) {
      if (typeof key !== 'string' || NOT_MEMBERS.has(key)) return undefined;
      if (key in target) return target[key];
      throw new Error(`plan-runner's GitHub client loads Octokit on first use and does not offer '${key}'; add it to src/github/lazy-github-client.ts`);
    },
  }) as unknown as GitHubClient;
}
