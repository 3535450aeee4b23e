import { describe, expect, it } from 'vitest';
import { errorsFor, yaml } from './plan-text.ts';

const steps = ['workflow_sequence:', '  - { id: 1, type: reasoning }'];

// A value that is no URL failed the `url` check and then crashed the refinements after it (`new URL`):
// "the plan could not be checked: Invalid URL", with no position (found by an adversarial pass).
describe('URLs in the plan', () => {
  it('says where an http.allow entry is no URL, or carries credentials, a query or a fragment', async () => {
    expect(await errorsFor(yaml('http:', '  allow: ["not a url", "https://", "https://u:p@x.test/", "https://x.test/?q=1"]', ...steps))).toEqual([
      'plan.yml:2:11: write an http(s) URL prefix such as https://api.example.com/v1/; got `not a url` (at http.allow[0])',
      'plan.yml:2:24: write an http(s) URL prefix such as https://api.example.com/v1/; got `https://` (at http.allow[1])',
      'plan.yml:2:36: a URL prefix may not carry credentials (user:password@) (at http.allow[2])',
      'plan.yml:2:59: a URL prefix may not have a query (?...) or fragment (#...) (at http.allow[3])',
    ]);
  });

  // Found by an adversarial pass: `https://*.example.com/` and `…/v1/*` were taken as written, a host and a path no URL
  // has, so `validate` passed and every call under them was refused at run time.
  it('says where an http.allow entry holds a wildcard, which the prefixes do not read as one', async () => {
    expect(await errorsFor(yaml('http:', '  allow: ["https://*.example.com/", "https://api.example.com/v1/*"]', ...steps))).toEqual([
      'plan.yml:2:11: a URL prefix is matched as written, and * is no wildcard in it; list each host, and end the prefix before the part that varies (https://api.example.com/v1/) (at http.allow[0])',
      'plan.yml:2:37: a URL prefix is matched as written, and * is no wildcard in it; list each host, and end the prefix before the part that varies (https://api.example.com/v1/) (at http.allow[1])',
    ]);
  });

  // fetch refuses such a URL, and its error, printed by `validate`, showed the password.
  it('refuses an MCP server URL with credentials, pointing to headers', async () => {
    const errors = await errorsFor(yaml('mcp_servers:', '  docs: { url: "https://user:s3cretpass@127.0.0.1:9/mcp" }', ...steps));
    expect(errors).toEqual([expect.stringMatching(/^plan\.yml:2:16: a server URL may not carry credentials \(user:password@\).*send them in `headers`.*\(at mcp_servers\.docs\.url\)$/)]);
    expect(await errorsFor(yaml('mcp_servers:', '  docs: { url: "not a url" }', ...steps))).toEqual(['plan.yml:2:16: write the server URL as http(s)://host/path; got `not a url` (at mcp_servers.docs.url)']);
  });
});
