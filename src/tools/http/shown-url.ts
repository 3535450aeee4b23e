import { cutText } from '../../core/cut-text.ts';

/** The most characters of a URL an error names: a model's URL, or a server's Location, may be of any length. */
const MAX_SHOWN_CHARS = 500;

/**
 * A URL's scheme and credentials as written, for one `URL` cannot read (`https://user:pw@exa mple.com`): to the last
 * `@` before a path, as a password may hold `?` or `#`.
 */
const WRITTEN_CREDENTIALS = /^([^:/?#]*:\/\/)[^/]*@/;

/**
 * A URL as the http tools' errors name it: without its query or fragment (`?…` where a query was), with `***` for
 * any credentials, and cut to 500 characters. A server's redirect may lead to a presigned link whose query is its
 * signature (`?sig=…`), and a URL may carry a token before its host: errors reach the PR comment, the summary and the log.
 * One that is no URL is named so too: it was named as it came, its password and all, and whole (found by an adversarial pass).
 */
export function shownUrl(raw: string): string {
  const url = URL.parse(raw);
  if (url === null) {
    const masked = raw.replace(WRITTEN_CREDENTIALS, '$1***@');
    const end = masked.search(/[?#]/);
    return cutText(end === -1 ? masked : `${masked.slice(0, end)}${masked[end] === '?' ? '?…' : ''}`, MAX_SHOWN_CHARS);
  }
  if (url.username !== '' || url.password !== '') {
    url.username = '***';
    url.password = '';
  }
  const query = url.search === '' ? '' : '?…';
  url.search = '';
  url.hash = '';
  return cutText(`${url.href}${query}`, MAX_SHOWN_CHARS);
}
