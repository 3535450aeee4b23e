import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface Schema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  maxLength?: number;
  maxItems?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}

interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { $ref?: string; required?: boolean; content?: Record<string, { schema?: Schema }> };
}

interface OpenApi {
  paths: Record<string, Record<string, Operation | Parameter[]>>;
  components: Record<string, Record<string, unknown>>;
}

/** What the validator found out about one request. */
export interface RouteMatch {
  readonly operationId: string;
  /** The OpenAPI path template, e.g. `/repos/{owner}/{repo}/issues/{issue_number}/comments`. */
  readonly template: string;
  readonly params: Readonly<Record<string, string>>;
}

export type ValidationResult = { ok: true; route: RouteMatch } | { ok: false; route?: RouteMatch; problems: string[] };

interface Template {
  readonly path: string;
  readonly regex: RegExp;
  readonly names: string[];
  readonly literals: number;
}

/** The number of `/` in a path: a template's parameters match no `/`, so it matches only paths with as many as it has. */
const slashes = (path: string): number => path.split('/').length - 1;

/** The templates by their number of `/`, each list in the order of matching: each request tried all 1,100 patterns. */
let cached: { api: OpenApi; templates: ReadonlyMap<number, Template[]> } | undefined;

function load(): { api: OpenApi; templates: ReadonlyMap<number, Template[]> } {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('@octokit/openapi/package.json'));
  const api = JSON.parse(readFileSync(join(root, 'generated', 'api.github.com.json'), 'utf8')) as OpenApi;
  const templates = Object.keys(api.paths).map((path) => {
    const names: string[] = [];
    const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { path, regex: new RegExp(`^${source}$`), names, literals: path.split('/').filter((s) => s && !s.startsWith('{')).length };
  });
  // Literal segments win over parameters: `/issues/comments` before `/issues/{issue_number}`.
  templates.sort((a, b) => b.literals - a.literals);
  const bySlashes = new Map<number, Template[]>();
  for (const template of templates) {
    const key = slashes(template.path);
    const group = bySlashes.get(key);
    if (group) group.push(template);
    else bySlashes.set(key, [template]);
  }
  cached = { api, templates: bySlashes };
  return cached;
}

function resolve<T>(api: OpenApi, value: T & { $ref?: string }): T {
  let current: unknown = value;
  while (current && typeof current === 'object' && '$ref' in current && typeof current.$ref === 'string') {
    const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(current.$ref) ?? [];
    current = section && name ? api.components[section]?.[name] : undefined;
  }
  return current as T;
}

function typeOk(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/** How deep a check goes: a request body's three levels, or a whole webhook payload (`items`: into arrays too). */
interface CheckDepth {
  readonly maxDepth: number;
  readonly items: boolean;
  /** Objects (by `where`) a fixture gives only in part: their fields are checked, their required ones not asked for. */
  readonly partial: ReadonlySet<string>;
}

const REQUEST_BODY: CheckDepth = { maxDepth: 3, items: false, partial: new Set() };

/** Checks a value against a schema's type, enum, most characters or items, and an object's required and known properties. */
function checkSchema(api: OpenApi, raw: Schema, value: unknown, where: string, depth: number, reach: CheckDepth = REQUEST_BODY): string[] {
  const schema = resolve(api, raw);
  if (!schema || depth > reach.maxDepth) return [];
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) {
    const results = alternatives.map((alt) => checkSchema(api, alt, value, where, depth + 1, reach));
    return results.some((r) => r.length === 0) ? [] : [`${where} matches none of the allowed shapes: ${results.map((r) => r[0]).join(' / ')}`];
  }
  if (value === null && schema.nullable) return [];
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length && !types.some((t) => typeOk(value, t))) return [`${where} should be ${types.join(' or ')}, got ${JSON.stringify(value)?.slice(0, 80)}`];
  if (schema.enum && !schema.enum.includes(value)) return [`${where} should be one of ${schema.enum.join(', ')}, got ${JSON.stringify(value)}`];
  // In characters (code points), as JSON Schema counts them: a check run's output.summary and text state 65,535.
  // (GitHub counts that one in bytes; the spec states no limit for an issue's or a comment's body.)
  const { maxLength } = schema;
  // UTF-16 units are at least the characters: only a string longer in them is counted.
  if (typeof value === 'string' && maxLength !== undefined && value.length > maxLength && [...value].length > maxLength) return [`${where} is ${[...value].length} characters, more than the ${maxLength} allowed`];
  if (Array.isArray(value) && schema.maxItems !== undefined && value.length > schema.maxItems) return [`${where} has ${value.length} items, more than the ${schema.maxItems} allowed`];
  const items = schema.items;
  if (reach.items && items && Array.isArray(value)) return value.flatMap((item, index) => checkSchema(api, items, item, `${where}[${index}]`, depth + 1, reach));
  if (!typeOk(value, 'object') || !schema.properties) return [];
  const object = value as Record<string, unknown>;
  const required = reach.partial.has(where) ? [] : (schema.required ?? []);
  const problems = required.filter((name) => !(name in object)).map((name) => `${where} is missing required field "${name}"`);
  for (const [name, field] of Object.entries(object)) {
    const declared = schema.properties[name];
    if (declared) problems.push(...checkSchema(api, declared, field, `${where}.${name}`, depth + 1, reach));
    else if (schema.additionalProperties === false) problems.push(`${where} has unknown field "${name}"`);
  }
  return problems;
}

/**
 * Reads GitHub's OpenAPI description now, once per worker, rather than inside the first request's handler:
 * parsing its 13 MB held that answer for 0.2 s, and for seconds on a loaded machine, past a client's timeout.
 */
export function loadGitHubOpenApi(): void {
  load();
}

/**
 * Validates a request against GitHub's OpenAPI description (`@octokit/openapi`): the method and
 * path template exist, path and query parameters are declared and typed, required body fields
 * are present and declared fields have the right type, and within the lengths and counts it states.
 */
export function validateGitHubRequest(method: string, url: URL, body: unknown): ValidationResult {
  const { api, templates } = load();
  const verb = method.toLowerCase();
  const candidates = (templates.get(slashes(url.pathname)) ?? []).filter((t) => t.regex.test(url.pathname));
  if (candidates.length === 0) return { ok: false, problems: [`${method} ${url.pathname}: no such path in GitHub's REST API`] };
  let firstProblems: string[] | undefined;
  let firstRoute: RouteMatch | undefined;
  for (const template of candidates) {
    const item = api.paths[template.path]!;
    const operation = item[verb] as Operation | undefined;
    if (!operation || Array.isArray(operation)) continue;
    const values = template.regex.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    const params = Object.fromEntries(template.names.map((n, i) => [n, values[i]!]));
    const route = { operationId: operation.operationId, template: template.path, params };
    const declared = (operation.parameters ?? []).map((p) => resolve(api, p));
    const problems: string[] = [];
    for (const p of declared.filter((d) => d.in === 'path')) {
      if (p.schema && resolve(api, p.schema).type === 'integer' && !/^\d+$/.test(params[p.name] ?? '')) problems.push(`path parameter ${p.name} should be an integer`);
    }
    const query = declared.filter((d) => d.in === 'query');
    for (const name of url.searchParams.keys()) {
      if (!query.some((q) => q.name === name)) problems.push(`query parameter "${name}" is not declared for ${operation.operationId}`);
    }
    for (const q of query.filter((d) => d.required && !url.searchParams.has(d.name))) problems.push(`query parameter "${q.name}" is required`);
    const requestBody = operation.requestBody && resolve(api, operation.requestBody);
    const schema = requestBody?.content?.['application/json']?.schema;
    if (body === undefined) {
      if (requestBody?.required) problems.push(`${operation.operationId} needs a JSON body`);
    } else if (!schema) {
      problems.push(`${operation.operationId} takes no JSON body`);
    } else {
      problems.push(...checkSchema(api, schema, body, 'body', 0));
    }
    if (problems.length === 0) return { ok: true, route };
    firstProblems ??= problems;
    firstRoute ??= route;
  }
  if (!firstRoute) return { ok: false, problems: [`${method} ${url.pathname}: GitHub's REST API has no ${method} on this path`] };
  return { ok: false, route: firstRoute, problems: firstProblems!.map((p) => `${method} ${firstRoute.template}: ${p}`) };
}

/**
 * What is wrong with a webhook payload by GitHub's schema `components.schemas[schema]` (`webhook-check-suite-completed`),
 * checked whole, arrays included. `partial` names the objects (`payload.repository`) a fixture gives only the fields of
 * that plan-runner reads: those fields are checked, the object's other required fields not asked for.
 */
export function webhookPayloadProblems(schema: string, payload: unknown, partial: readonly string[] = []): string[] {
  const { api } = load();
  const declared = api.components['schemas']?.[schema] as Schema | undefined;
  if (!declared) return [`GitHub's OpenAPI description has no schema ${schema}`];
  return checkSchema(api, declared, payload, 'payload', 0, { maxDepth: 12, items: true, partial: new Set(partial) });
}
