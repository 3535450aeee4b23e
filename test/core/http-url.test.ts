import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HTTP_URL_PATTERN, httpUrl } from '../../src/core/http-url.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { planSchemaValidator } from '../helpers/plan-schema-validator.ts';

const url = httpUrl('write an http(s) URL');
const pattern = new RegExp(HTTP_URL_PATTERN);

describe('httpUrl and plan.schema.json read an http(s) URL alike', () => {
  it.each(['https://api.example.com/v1/', 'HTTPS://api.example.com/v1/', 'Http://example.com'])('both accept %s', (value) => {
    expect(url.safeParse(value).success).toBe(true);
    expect(pattern.test(value)).toBe(true);
  });

  it.each([' https://api.example.com/v1/', 'https://api.example.com/v1/ ', '\thttps://api.example.com/', '\u00a0https://api.example.com/'])('both refuse %j, the CLI saying to remove the spaces', (value) => {
    expect(url.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual(['the URL starts or ends with spaces: remove the spaces']);
    expect(pattern.test(value)).toBe(false);
  });

  it.each(['ftp://example.com/', 'https:example.com'])('both refuse %s', (value) => {
    expect(url.safeParse(value).success).toBe(false);
    expect(pattern.test(value)).toBe(false);
  });

  // validate starts MCP servers, so the agreement test over the CLI holds no plan with a good server URL.
  it('takes an MCP server URL with an upper-case scheme, in the CLI and in plan.schema.json', async () => {
    const text = 'goal: x\nmcp_servers:\n  docs: { url: "HTTPS://mcp.example.com/mcp" }\n';
    const loaded = await loadPlanText(text, 'plan.yml');
    expect(loaded.ok ? [] : loaded.errors.map((error) => error.message)).toEqual([]);
    expect(planSchemaValidator()(parse(text))).toEqual([]);
  });
});
