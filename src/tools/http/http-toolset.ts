import { cutNote } from '../../core/cut-note.ts';
import { formatBytes } from '../files/format-bytes.ts';
import type { Tool, ToolContext } from '../tool.ts';
import { fetchAllowed } from './fetch-allowed.ts';
import { HttpStatusError } from './http-status-error.ts';
import { HttpTransportError } from './http-transport-error.ts';
import { shownUrl } from './shown-url.ts';
import { bodyDecodingCode, readCappedBody } from './read-capped-body.ts';
import { askedWaitMs } from '../../core/retry-after-ms.ts';
import { StepError } from '../../core/step-error.ts';
import { timeoutSignal } from '../../core/timeout-signal.ts';
import { cutText, keptUnits } from '../../core/cut-text.ts';

export const HTTP_DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
export const HTTP_DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * Headers the model may not set: they belong to the transport or would smuggle state, or servers and
 * proxies route by them (another path than the URL's, another method than GET, another client or host),
 * which would take a request outside what the allow list and the tool's name say it is.
 */
const FORBIDDEN_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'expect',
  'cookie',
  'upgrade',
  'x-original-url',
  'x-rewrite-url',
  'x-http-method-override',
  'x-http-method',
  'x-method-override',
  'forwarded',
  'x-host',
  'x-real-ip',
  'true-client-ip',
  'client-ip',
  'x-client-ip',
  'x-remote-ip',
  'x-remote-addr',
  'x-originating-ip',
  'x-proxyuser-ip',
  'x-forwarded',
  'forwarded-for',
  'x-http-host-override',
  'cf-connecting-ip',
  'x-cluster-client-ip',
  'fastly-client-ip',
  'x-envoy-original-path',
  // The "reverse proxied" WSGI middleware many Flask apps copy sets SCRIPT_NAME from it and cuts it off the path it routes.
  'x-script-name',
]);
/** Families of routing headers, by prefix: `X-Forwarded-Uri` (forward-auth), `X-Original-Host`, `X-Original-Method`. */
const FORBIDDEN_HEADER_PREFIXES = ['proxy-', 'x-forwarded-', 'x-original-'];

export interface HttpToolsetOptions {
  /** URL prefixes the tools may call (the plan's `http.allow`). */
  readonly allow: readonly string[];
  readonly timeoutSeconds?: number;
  readonly maxResponseBytes?: number;
}

/** What an http tool returns: the status, the final URL (without its query when a redirect led there), the content type and the (capped) body. */
export interface HttpToolResult {
  readonly status: number;
  readonly url: string;
  readonly content_type: string | null;
  readonly body: string;
}

/** A header name as HTTP allows it (a token). */
function isHeaderName(name: string): boolean {
  return /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name);
}

/**
 * A header value fetch sends: once its ends are trimmed, a tab or characters from U+0020 to U+00FF but DEL. `Headers`
 * refuses only CR, LF, NUL and past U+00FF; fetch refuses the other control characters before connecting, which read
 * "could not be reached … can be retried" and left a POST's effect unknown (found by an adversarial pass).
 */
function isHeaderValue(value: string): boolean {
  let trimmed: string | null;
  try {
    trimmed = new Headers([['x', value]]).get('x');
  } catch {
    return false;
  }
  return !/[^\t\x20-\x7e\x80-\xff]/.test(trimmed ?? '');
}

function modelHeaders(toolName: string, args: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  const given = args.headers;
  if (given === null || typeof given !== 'object') return headers;
  for (const [name, value] of Object.entries(given)) {
    // CGI servers read every character but letters and digits as `_` (lighttpd: `X.Forwarded.Host` is
    // HTTP_X_FORWARDED_HOST), WSGI and older Gunicorn `_` as `-`: compared as they read it.
    const read = name.toLowerCase().replace(/[^a-z0-9]/g, '-');
    if (typeof value !== 'string' || FORBIDDEN_HEADERS.has(read) || FORBIDDEN_HEADER_PREFIXES.some((prefix) => read.startsWith(prefix))) continue;
    // A control character in a value or a space in a name is refused before anything is sent: the model's mistake, not the host's.
    // Said without the value or fetch's words, which repeat it: a credential in it would reach every report.
    if (!isHeaderName(name)) throw new StepError(`${toolName}: a header name may hold only letters, digits and !#$%&'*+-.^_\`|~; got ${JSON.stringify(cutText(name, 101))}`, { transient: false, toolName });
    if (!isHeaderValue(value)) throw new StepError(`${toolName}: the value of header ${JSON.stringify(name)} holds a control character or a character past U+00FF (a line break, a NUL, a DEL, an emoji), which no header may; give a one-line value of Latin-1 characters`, { transient: false, toolName });
    headers[name] = value;
  }
  return headers;
}

async function send(
  options: HttpToolsetOptions,
  toolName: string,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<HttpToolResult> {
  // A step's own timeout replaces http.timeout_seconds, as it does a command tool's.
  const timeoutSeconds = ctx.timeoutMs === undefined ? (options.timeoutSeconds ?? HTTP_DEFAULT_TIMEOUT_SECONDS) : ctx.timeoutMs / 1000;
  const maxBytes = options.maxResponseBytes ?? HTTP_DEFAULT_MAX_RESPONSE_BYTES;
  const signal = AbortSignal.any([ctx.signal, timeoutSignal(timeoutSeconds * 1000)]);
  const headers = modelHeaders(toolName, args);
  let body: string | undefined;
  if (toolName === 'http_post') {
    const raw = args.body;
    body = typeof raw === 'string' ? raw : JSON.stringify(raw ?? null);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['content-type'] = typeof raw === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
    }
  }
  const method = toolName === 'http_post' ? 'POST' : 'GET';
  const request = { toolName, method, url: String(args.url), headers, body } as const;
  const { response, url, redirectedFrom } = await fetchAllowed(request, {
    allow: options.allow,
    signal,
    cancel: ctx.signal,
    timeoutLabel: `${timeoutSeconds}s`,
    waitMs: timeoutSeconds * 1000,
  });
  // However long: the step's retry policy holds it to its max_interval (a wait dropped as too long was a retry at once).
  const retryAfter = askedWaitMs((name) => response.headers.get(name));
  let read;
  try {
    read = await readCappedBody(response, maxBytes);
  } catch (error) {
    ctx.signal.throwIfAborted();
    // An error status is the answer, its body only an excerpt: a 404 whose body broke off is still a 404.
    if (!response.ok) throw new HttpStatusError(toolName, url.href, response.status, '', { retryAfterMs: retryAfter, redirectedFrom });
    const code = bodyDecodingCode(error);
    if (code !== undefined) {
      const encoding = response.headers.get('content-encoding') ?? '';
      throw new StepError(`${toolName}: ${shownUrl(url.href)} answered HTTP ${response.status} with a body that is not valid ${encoding} as its content-encoding says (${code}); the server sends the same broken answer again, so ask another URL or have the server fixed`, {
        transient: false,
        toolName,
        effectUnknown: true,
        cause: error,
      });
    }
    const kind = signal.aborted ? 'timeout' : 'network';
    throw new HttpTransportError(toolName, url.href, kind, kind === 'timeout' ? `${timeoutSeconds}s` : 'body cut off', error);
  }
  if (!response.ok) {
    // `…` where the text was cut: the redactor hides the start of a known secret a cut leaves there.
    const body = read.text ?? '';
    const excerpt = `${body.slice(0, keptUnits(body, 300)).replace(/\s+/g, ' ').trim()}${body.length > 300 ? '…' : ''}`;
    throw new HttpStatusError(toolName, url.href, response.status, excerpt, { retryAfterMs: retryAfter, redirectedFrom });
  }
  // A compressed body's content-length is its compressed size: a 200 MB gzip bomb was said to be 199 KiB.
  const encoded = (response.headers.get('content-encoding') ?? 'identity').trim().toLowerCase() !== 'identity';
  const declared = encoded ? Number.NaN : Number(response.headers.get('content-length'));
  const size = !read.truncated ? `is ${formatBytes(read.bytes)}` : Number.isFinite(declared) && declared > maxBytes ? `is ${formatBytes(declared)}` : `is larger than ${formatBytes(maxBytes)}`;
  // A binary body is said, as read_file says a binary file, not shown: an image read as text was a megabyte of noise.
  const text =
    read.text === undefined ? `[binary body: the response ${size}; not shown]`
    : read.truncated ? `${cutNote(`response ${size}; showing the first ${formatBytes(maxBytes)}`)}\n${read.text}…`
    : read.text;
  // A URL a redirect led to is the server's, and may be a presigned link whose query is its signature: named as errors name it.
  const shown = redirectedFrom === undefined ? url.href : shownUrl(url.href);
  return { status: response.status, url: shown, content_type: response.headers.get('content-type'), body: text };
}

const urlProperty = { type: 'string', description: 'Absolute URL under one of the allowed prefixes' } as const;
const headersProperty = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: 'Extra request headers, e.g. {"accept": "application/json"}',
} as const;

/** The `http` toolset: http_get and http_post, restricted to the allow-listed URL prefixes. */
export function httpToolset(options: HttpToolsetOptions): Tool[] {
  const prefixes = options.allow.join(', ');
  return [
    {
      name: 'http_get',
      description: `GET a URL under one of these prefixes: ${prefixes}. Returns status, content type and body (capped).`,
      inputSchema: {
        type: 'object',
        properties: { url: urlProperty, headers: headersProperty },
        required: ['url'],
        additionalProperties: false,
      },
      sideEffects: false,
      timeoutSeconds: options.timeoutSeconds,
      timeoutSetting: 'http.timeout_seconds',
      execute: (args, ctx) => send(options, 'http_get', args, ctx),
    },
    {
      name: 'http_post',
      description: `POST to a URL under one of these prefixes: ${prefixes}. An object body is sent as JSON.`,
      inputSchema: {
        type: 'object',
        properties: {
          url: urlProperty,
          body: { description: 'Request body: a string, or any JSON value sent as application/json' },
          headers: headersProperty,
        },
        required: ['url'],
        additionalProperties: false,
      },
      sideEffects: true,
      timeoutSeconds: options.timeoutSeconds,
      timeoutSetting: 'http.timeout_seconds',
      execute: (args, ctx) => send(options, 'http_post', args, ctx),
    },
  ];
}
