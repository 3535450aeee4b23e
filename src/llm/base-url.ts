import { isOrdinaryValue, isSecretEnvName } from '../core/secret-env-name.ts';
import { trimEndChars } from '../core/trim-end-chars.ts';

/** Query names that carry credentials besides those that look like secret variables (`api_key`, `access_token`): signatures, auth codes, sessions. */
const SECRET_QUERY_NAME = /^(?:sig|signature|auth|authorization|code|session|sid|pass|pwd|jwt|apikey)$/i;

/**
 * What is wrong with a model endpoint URL (`--base-url`, the action's `base-url`), or undefined. A user
 * name or password in it is refused: the model client's fetch never sends them (the request fails as
 * "could not reach the endpoint"), and the URL is shown in reports. The message never repeats the URL.
 */
export function baseUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'expected an http(s) URL such as https://api.openai.com/v1';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'expected an http(s) URL such as https://api.openai.com/v1';
  if (parsed.username !== '' || parsed.password !== '') {
    return 'it holds a user name or password (user:password@host), which would be printed and saved with it, and is never sent; remove it and give the key through the API key instead';
  }
  // The chat endpoint pasted whole had /chat/completions added again: every call failed as a 404 once the run had begun.
  if (trimEndChars(parsed.pathname, '/').endsWith('/chat/completions')) return "it ends in /chat/completions, which the model client adds itself: give the endpoint's root, such as https://api.openai.com/v1";
  return undefined;
}

/**
 * The values of the endpoint URL's query under names that hold credentials (`?api_key=…`, `sig=…`),
 * which every report and trace must hide like the API key: the URL is shown in them. Flags and short
 * numbers are left out (see `isOrdinaryValue`).
 */
export function baseUrlSecrets(url: string | undefined): string[] {
  if (url === undefined) return [];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  // Only values under a name that holds credentials: hiding `api-version=2024-02-01` (Azure's) would
  // blank out that date wherever a result or a report says it.
  // Each as the URL writes it, decoded, and as a form reads it (`+` a space): URLSearchParams alone gave only
  // the last, and a key with a `+` in it was never found where the URL is shown (found by an adversarial pass).
  const secret = parsed.search
    .slice(1)
    .split('&')
    .flatMap((pair) => {
      const at = pair.indexOf('=');
      const [name, raw] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      const key = decode(name.replaceAll('+', ' '));
      return isSecretEnvName(key) || SECRET_QUERY_NAME.test(key) ? [raw, decode(raw), decode(raw.replaceAll('+', ' '))] : [];
    });
  const values = [...secret, decode(parsed.password), decode(parsed.username)];
  return values.filter((value) => value !== '' && !isOrdinaryValue(value));
}

/** Azure OpenAI's hosts (public, US Government, China; Azure AI Foundry's), whose keys go in an `api-key` header. */
const AZURE_HOST = /\.(?:openai\.azure\.(?:com|us|cn)|cognitiveservices\.azure\.(?:com|us|cn)|services\.ai\.azure\.com)$/i;

/** What the `openai` SDK is given for an endpoint URL and its key, besides the key itself. */
export interface SdkEndpoint {
  readonly baseURL: string;
  readonly defaultQuery?: Record<string, string>;
  readonly defaultHeaders?: Record<string, string | null>;
}

/**
 * The endpoint URL as the `openai` SDK takes it: without its query, which goes in `defaultQuery`. The SDK
 * appends `/chat/completions` to the base URL as text, so Azure's `…/deployments/x?api-version=2024-10-21`
 * became `?api-version=2024-10-21%2Fchat%2Fcompletions` and every call failed as "404 Resource not found"
 * (found by an adversarial pass). On Azure's hosts the key goes in the `api-key` header, as the SDK's own
 * Azure client sends it: its deployment endpoints refuse a key sent as a bearer token (401). A URL that
 * cannot be read is passed on as it is.
 */
export function sdkEndpoint(url: string, apiKey: string): SdkEndpoint {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { baseURL: url };
  }
  const defaultHeaders = AZURE_HOST.test(parsed.hostname) ? { defaultHeaders: { 'api-key': apiKey, Authorization: null } } : {};
  if (parsed.search === '') return { baseURL: url, ...defaultHeaders };
  const defaultQuery = Object.fromEntries(parsed.searchParams);
  parsed.search = '';
  parsed.hash = '';
  return { baseURL: parsed.toString(), defaultQuery, ...defaultHeaders };
}

/**
 * For a message saying no API key is given: that a server of another host than OpenAI's may need none, and then
 * takes any value (Ollama, vLLM, LM Studio); '' for OpenAI's own endpoint or a URL that cannot be read.
 */
export function keylessServerNote(baseURL: string | undefined): string {
  let host: string;
  try {
    host = new URL(baseURL ?? '').hostname.toLowerCase();
  } catch {
    return '';
  }
  return host === 'api.openai.com' ? '' : ` (a server that needs no key, such as Ollama or vLLM at ${host}, takes any value)`;
}

