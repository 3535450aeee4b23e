/**
 * A URL as the http tools' errors name it: without its query or fragment (`?…` where a query was) and with `***` for
 * any credentials. A server's redirect may lead to a presigned link whose query is its signature (`?sig=…`), and a
 * URL may carry a token before its host: errors reach the PR comment, the summary and the log.
 */
export function shownUrl(raw: string): string {
  const url = URL.parse(raw);
  if (url === null) {
    const end = raw.search(/[?#]/);
    return end === -1 ? raw : `${raw.slice(0, end)}${raw[end] === '?' ? '?…' : ''}`;
  }
  if (url.username !== '' || url.password !== '') {
    url.username = '***';
    url.password = '';
  }
  const query = url.search === '' ? '' : '?…';
  url.search = '';
  url.hash = '';
  return `${url.href}${query}`;
}
