import { normalizeLinear } from '../core/normalize-linear.ts';

/** True when `url` is under `prefix`: same scheme, host and port, and a path under the prefix's on a segment boundary. */
export function isUnderPrefix(url: URL, prefix: URL): boolean {
  if (url.protocol !== prefix.protocol || url.hostname !== prefix.hostname || url.port !== prefix.port) return false;
  const base = prefix.pathname;
  if (base === '/' || url.pathname === base) return true;
  const withSlash = base.endsWith('/') ? base : `${base}/`;
  return url.pathname.startsWith(withSlash);
}

/** Whether `path`, read as UTF-8 and folded (NFKC), has a `.`/`..` segment or a `/` or `\\` it did not have. */
function foldsToSeparator(path: string): boolean {
  let text: string;
  try {
    text = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (/^[\x00-\x7f]*$/.test(text)) return false;
  // A model chooses the path: NFKC in time linear in it (ICU's is quadratic in a run of combining marks).
  const folded = normalizeLinear(text, 'NFKC');
  const count = (value: string, char: string): number => value.split(char).length;
  if (count(folded, '/') !== count(text, '/') || count(folded, '\\') !== count(text, '\\')) return true;
  const written = text.split('/');
  return folded.split('/').some((segment, index) => (segment === '.' || segment === '..') && written[index] !== segment);
}

/** How many times over a path is decoded to look for an encoded separator: past a proxy and an app that each decode, and one more. */
const MAX_DECODES = 3;

/**
 * Why `url` may not be requested, or `undefined` when an allow-list prefix covers it. The URL is
 * compared after WHATWG parsing, so `..`, `%2e%2e`, backslashes and letter case are already resolved.
 */
export function refusalReason(url: URL, allow: readonly string[]): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `only http and https URLs may be requested`;
  if (url.username !== '' || url.password !== '') return 'URLs may not carry credentials (user:password@)';
  // The path as a server reads it after decoding it once, twice, … (a proxy, then the app; a lenient
  // decoder leaves what is not an escape): `%25%32%65` is `%2e` after one decode and `.` after two.
  let path = url.pathname;
  for (let decodes = 0; decodes <= MAX_DECODES; decodes++) {
    // WHATWG parsing leaves these encoded; a server (or a proxy before it) that decodes them before routing
    // would read `/v1/..%2Fadmin` as `/admin`, outside the prefix the path seems to be under.
    if (/%(?:2f|5c|2e)/i.test(path)) {
      return decodes === 0
        ? 'the path holds an encoded /, \\ or . (%2F, %5C, %2E), which a server may decode into a path outside the allowed prefix'
        : 'the path holds a doubly encoded /, \\ or . (%252F, %255C, %252E, %25%32%45…), which a server that decodes twice reads as a path outside the allowed prefix';
    }
    // Tomcat, Jetty and Spring drop a segment's `;…` before resolving `..`: `/v1/public/..;/admin` is `/v1/admin` there.
    // Spring decodes the path before it drops `;…`, so `..%3b` is `..;` there (and `..%253b` behind a proxy that decodes once).
    // Apache's mod_rewrite decodes `%3F` into a `?` that ends the path it proxies to: `/v1/..%3F` is `/v1/..` there (CVE-2024-38474).
    if (/(?:^|\/)\.{1,2}(?:;|%3b|%3f|%23)/i.test(path)) return 'a path segment is . or .. followed by ;, %3B, %3F or %23 (`..;`, `..%3F`), which some servers resolve as .. and so leave the allowed prefix';
    // Found by an adversarial pass, each read as `.` or `/` by some decoder: IIS's `%u002e`, an overlong
    // UTF-8 `%c0%ae`, a NUL or tab that a server strips before resolving `..`, and a full-width `．．`
    // that NFKC folds to `..`.
    if (/%u[0-9a-f]{4}/i.test(path)) return 'the path holds a %u escape (%u002e), which some servers decode into a path outside the allowed prefix';
    // Overlong leads of two, three and four bytes (`%c0%ae`, `%e0%80%ae`, `%f0%80%80%ae`), and the 5- and 6-byte ones
    // before a continuation byte: alone, `%F8`–`%FF` are Latin-1 letters a legacy path may hold (`d%FCsseldorf`).
    if (/%c[01]|%e0%[89]|%f0%8|%f[89a-f]%[89ab]/i.test(path)) return 'the path holds an overlong UTF-8 escape (%C0, %C1, %E0%80, %F0%80, %F8…), which a lenient decoder reads as . or /';
    if (/%(?:[01][0-9a-f]|7f)/i.test(path)) return 'the path holds a control character (%00, %09…), which some servers strip before they resolve ..';
    if (foldsToSeparator(path)) return 'the path holds a character that Unicode folding (NFKC) turns into . / or \\ (a full-width dot or solidus), which some servers do before they route';
    const decoded = path.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(Number.parseInt(escape.slice(1), 16)));
    if (decoded === path) break;
    path = decoded;
  }
  if (allow.some((prefix) => isUnderPrefix(url, new URL(prefix)))) return undefined;
  return `it is not under any prefix of the plan's http.allow list (${allow.join(', ') || 'empty'})`;
}
