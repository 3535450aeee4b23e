import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionSecrets } from '../../src/action/action-secrets.ts';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { cliRedactor } from '../../src/cli/cli-job-settings.ts';
import { parseCliArgs, UsageError } from '../../src/cli/parse-cli-args.ts';
import { createRedactor } from '../../src/core/redact.ts';

const WORKSPACE = path.resolve('/runner/work/repo/repo');
const action = (baseUrl: string) => readActionSettings((name) => (name === 'base-url' ? baseUrl : ''), { GITHUB_WORKSPACE: WORKSPACE }, () => true);

describe('a secret in the base URL', () => {
  it('the CLI refuses a user name or password in --base-url, without repeating it', () => {
    const refuse = () => parseCliArgs(['run', 'p.yml', '--base-url', 'http://alice:Hunter2Pass@localhost:9/v1']);
    expect(refuse).toThrow(UsageError);
    expect(refuse).toThrow(/--base-url: it holds a user name or password/);
    expect(refuse).not.toThrow(/Hunter2Pass/);
    expect(() => parseCliArgs(['eval', 'p.yml', '--base-url', 'not a url'])).toThrow('--base-url: expected an http(s) URL');
  });

  // Found by an adversarial pass: URLSearchParams reads `+` as a space, so the value learned was never the one printed.
  it('the CLI hides a --base-url credential with a literal + in it as the URL shows it', () => {
    const args = parseCliArgs(['run', 'p.yml', '--base-url', 'http://127.0.0.1:9/v1?api_key=Ab3+Cd4/Ef5=Gh6+Ij7/Kl8=']);
    if (args.command !== 'run') throw new Error('not run');
    expect(cliRedactor(args, {})(`model at ${args.baseUrl}`)).not.toContain('Cd4/Ef5');
  });

  it('the CLI hides the values of the --base-url query everywhere', () => {
    const args = parseCliArgs(['run', 'p.yml', '--base-url', 'http://localhost:9/v1?api_key=SECRETvalue42&flag=true']);
    if (args.command !== 'run') throw new Error('not run');
    const redact = cliRedactor(args, {});
    expect(redact(`endpoint ${args.baseUrl}: SECRETvalue42`)).not.toContain('SECRETvalue42');
    expect(redact('flag is true')).toBe('flag is true');
    // A value under a name that holds no credential stays: Azure's api-version is a date a report may say.
    const azure = parseCliArgs(['run', 'p.yml', '--base-url', 'https://x.openai.azure.com/openai?api-version=2024-02-01&sig=SIGvalue12345']);
    if (azure.command !== 'run') throw new Error('not run');
    expect(cliRedactor(azure, {})('on 2024-02-01 with SIGvalue12345')).toBe('on 2024-02-01 with ***');
  });

  it('the action refuses a password in base-url and hides its query values', async () => {
    const refused = await action('https://alice:Hunter2Pass@example.com/v1');
    expect(refused).toEqual({ ok: false, problems: [expect.stringMatching(/^input 'base-url': it holds a user name or password/)] });
    expect(JSON.stringify(refused)).not.toContain('Hunter2Pass');
    const read = await action('https://example.com/v1?api_key=SECRETvalue42');
    if (!read.ok) throw new Error(read.problems.join('\n'));
    expect(createRedactor(actionSecrets(read.settings))('key SECRETvalue42')).toBe('key ***');
  });
});
