import { z } from 'zod';

/**
 * plan.schema.json's pattern for an http(s) URL, as `httpUrl` reads one: the scheme in any case (the URL parser
 * lower-cases it; JSON Schema regexes take no flags) and no space at either end.
 */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[\\s\\S]*\\S$';

const EDGE_SPACES = 'the URL starts or ends with spaces: remove the spaces';

/**
 * An http(s) URL. zod's `url` trims the text before it parses it, so ` https://…` passed where an editor showed an
 * error; spaces at either end are refused here, before the URL is read, instead.
 */
export function httpUrl(error: string) {
  return z
    .string()
    .refine((value) => value === value.trim(), { message: EDGE_SPACES, abort: true })
    .check(z.url({ protocol: /^https?$/, error }));
}

/** Where an http(s) URL's host part begins, and what it runs on through: the parser skips more slashes, and `\` is one. */
const HOST_PART = '^[^:]*://[/\\\\]*[^/?#\\\\]*';

/**
 * plan.schema.json's pattern for an http(s) URL with credentials (`user:password@`): an `@` in its host part. It also
 * finds an empty one (`https://@host/`), which the URL parser reads as no credentials.
 */
export const URL_CREDENTIALS_PATTERN = `${HOST_PART}@`;

/** plan.schema.json's pattern for a `*` in an http(s) URL's host (`%2A` there is one too) or path, or anywhere after. */
export const URL_STAR_PATTERN = `\\*|${HOST_PART}%2[Aa]`;
