/** True when `url` is under `prefix`: same scheme, host and port, and a path under the prefix's on a segment boundary. */
export function isUnderPrefix(url: URL, prefix: URL): boolean {
  if (url.protocol !== prefix.protocol || url.hostname !== prefix.hostname || url.port !== prefix.port) return false;
  const base = prefix.pathname;
  if (base === '/' || url.pathname === base) return true;
  const withSlash = base.endsWith('/') ? base : `${base}/`;
  return url.pathname.startsWith(withSlash);
}

/**
 * Why `url` may not be requested, or `undefined` when an allow-list prefix covers it. The URL is
 * compared after WHATWG parsing, so `..`, `%2e%2e`, backslashes and letter case are already resolved.
 */
export function refusalReason(url: URL, allow: readonly string[]): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `only http and https URLs may be requested`;
  if (url.username !== '' || url.password !== '') return 'URLs may not carry credentials (user:password@)';
  // WHATWG parsing leaves these encoded; a server (or a proxy before it) that decodes them before routing
  // would read `/v1/..%2Fadmin` as `/admin`, outside the prefix the path seems to be under.
  if (/%(?:2f|5c|2e)/i.test(url.pathname)) return 'the path holds an encoded /, \\ or . (%2F, %5C, %2E), which a server may decode into a path outside the allowed prefix';
  // Decoded twice (a proxy, then the app), `%252e%252e%252f` is `../`. (`100%25%20done` stays a path.)
  if (/%25(?:2f|5c|2e)/i.test(url.pathname)) return 'the path holds a doubly encoded /, \\ or . (%252F, %255C, %252E), which a server that decodes twice reads as a path outside the allowed prefix';
  // Tomcat, Jetty and Spring drop a segment's `;…` before resolving `..`: `/v1/public/..;/admin` is `/v1/admin` there.
  // Spring decodes the path before it drops `;…`, so `..%3b` is `..;` there (and `..%253b` behind a proxy that decodes once).
  if (/(?:^|\/)\.{1,2}(?:;|%3b|%253b)/i.test(url.pathname)) return 'a path segment is . or .. followed by ; or %3B (`..;`), which some servers resolve as .. and so leave the allowed prefix';
  if (allow.some((prefix) => isUnderPrefix(url, new URL(prefix)))) return undefined;
  return `it is not under any prefix of the plan's http.allow list (${allow.join(', ') || 'empty'})`;
}
