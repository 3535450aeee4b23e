import { z } from 'zod';

/** One allowed URL prefix: http(s), no credentials, no query or fragment. */
const AllowedPrefix = z
  .url({ protocol: /^https?$/, error: 'write an http(s) URL prefix such as https://api.example.com/v1/' })
  .refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'a URL prefix may not carry credentials (user:password@)')
  .refine((value) => {
    const url = new URL(value);
    return url.search === '' && url.hash === '';
  }, 'a URL prefix may not have a query (?...) or fragment (#...)');

/** The plan's `http:` section: which URL prefixes the `http` toolset may call. */
export const HttpConfig = z.strictObject({
  allow: z.array(AllowedPrefix).min(1, 'list at least one URL prefix the http tools may call'),
  timeout_seconds: z.number().positive().max(600).optional(),
  max_response_bytes: z.int().positive().max(50 * 1024 * 1024).optional(),
});
export type HttpConfig = z.infer<typeof HttpConfig>;
