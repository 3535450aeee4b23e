import { z } from 'zod';
import { httpUrl, URL_CREDENTIALS_PATTERN, URL_STAR_PATTERN } from '../../core/http-url.ts';
import { listedOnce } from '../../core/listed-once.ts';

const CREDENTIALS = 'a URL prefix may not carry credentials (user:password@)';
const QUERY_OR_FRAGMENT = 'a URL prefix may not have a query (?...) or fragment (#...)';
const WILDCARD = 'a URL prefix is matched as written, and * is no wildcard in it; list each host, and end the prefix before the part that varies (https://api.example.com/v1/)';

/** One allowed URL prefix: http(s), no credentials, no query or fragment. */
const AllowedPrefix = httpUrl('write an http(s) URL prefix such as https://api.example.com/v1/')
  // Refinements run after a failed `url` check too: a value that is no URL has only that check's message.
  .refine((value) => {
    const url = URL.parse(value);
    return !url || (url.username === '' && url.password === '');
  }, CREDENTIALS)
  .refine((value) => {
    const url = URL.parse(value);
    return !url || (url.search === '' && url.hash === '');
  }, QUERY_OR_FRAGMENT)
  // Compared as written, `*.example.com` is a host no URL has and `/v1/*` a path segment none asks: it allowed nothing.
  .refine((value) => {
    const url = URL.parse(value);
    return !url || !`${url.host}${url.pathname}`.includes('*');
  }, WILDCARD)
  // The same rules for plan.schema.json, on the text: a query or fragment is one with something after its `?` or `#`
  // (the URL parser reads `https://host/?` as none); a `*` past the path is in a query or fragment, refused either way.
  .meta({
    allOf: [
      { not: { pattern: URL_CREDENTIALS_PATTERN }, errorMessage: CREDENTIALS },
      { not: { pattern: '^[^?#]*\\?[^#]|#[\\s\\S]' }, errorMessage: QUERY_OR_FRAGMENT },
      { not: { pattern: URL_STAR_PATTERN }, errorMessage: WILDCARD },
    ],
  });

/** The plan's `http:` section: which URL prefixes the `http` toolset may call. */
export const HttpConfig = z
  .strictObject({
    allow: listedOnce(AllowedPrefix, 'URL prefix')
      .min(1, 'list at least one URL prefix the http tools may call')
      .meta({
        description: 'URL prefixes (http or https, no credentials, query or fragment) the http tools may call; checked before every request and on redirects.',
        examples: [['https://api.example.com/v1/']],
      }),
    timeout_seconds: z.number().positive().max(600).optional().meta({ description: "Time limit of one request; a tool_call step's own timeout_seconds replaces it.", default: 30 }),
    max_response_bytes: z.int().positive().max(50 * 1024 * 1024).optional().meta({ description: 'Largest response body read; a longer one is cut there, with a note saying so.', default: 1_048_576 }),
  })
  .meta({ description: 'The http toolset: which URL prefixes it may call.' });
export type HttpConfig = z.infer<typeof HttpConfig>;
