import { describe, expect, it } from 'vitest';
import { actionSecrets } from '../../src/action/action-secrets.ts';
import type { ActionSettings } from '../../src/action/action-settings.ts';
import { hideCutEnd, hideCutFragments, hideCutStart } from '../../src/core/hide-cut-fragments.ts';
import { cliRedactor } from '../../src/cli/cli-job-settings.ts';

describe('actionSecrets', () => {
  it('hides the key, the token and secret-looking variables, but not the plain INPUT_ values', () => {
    const settings = {
      model: { baseURL: 'https://api', apiKey: 'sk-key-value' },
      githubToken: 'ghs_token_value',
      env: { INPUT_COMMENT: 'auto', 'INPUT_FAIL-ON-UNMET-GOALS': 'true', 'INPUT_API-KEY': 'sk-key-value', NPM_TOKEN: 'npm_secret', ACTIONS_STEP_DEBUG: 'true', HOME: '/home/runner' },
      inputs: {},
    } as unknown as ActionSettings;
    expect(actionSecrets(settings).sort()).toEqual(['ghs_token_value', 'npm_secret', 'sk-key-value']);
  });

  // Found by review: every all-digit value was dropped, and a 16-digit keystore password printed by a
  // tool reached the prompt, trace, summary and log.
  it('hides an all-digit value of 6 digits or more under a secret-looking name; not a flag or a short number', () => {
    const settings = {
      model: { baseURL: 'https://api' },
      env: { KEYSTORE_PASSWORD: '4839201746519283', SIGNING_KEY: '482913', TOKEN_TTL_SECONDS: '3600', PRIVATE_MODE: 'true' },
      inputs: {},
    } as unknown as ActionSettings;
    expect(actionSecrets(settings).sort()).toEqual(['482913', '4839201746519283']);
  });

  // `inputs: '{"api_token": "${{ secrets.API_TOKEN }}"}'` reached the comment, summary, trace and outputs:
  // the runner masks it in the log only (found by an adversarial pass).
  it('hides the values of inputs whose names look secret, as it does variables', () => {
    const settings = {
      model: { baseURL: 'https://api' },
      env: {},
      inputs: { api_token: 'pl4inV4lue-Secret-99', 'db-pass': 'hunter2-long', week: '2026-W48', token_ttl: 3600, secret_count: 12_345_678, private_mode: true, notes: ['x'] },
    } as unknown as ActionSettings;
    expect(actionSecrets(settings).sort()).toEqual(['12345678', 'hunter2-long', 'pl4inV4lue-Secret-99']);
  });

  it('hides a secret-named --input of the CLI in what it prints', () => {
    const redact = cliRedactor({ inputs: { api_token: 'pl4inV4lue-Secret-99', week: '2026-W48' }, baseUrl: 'https://api.openai.com/v1', apiKeyEnv: 'OPENAI_API_KEY' }, {});
    expect(redact('got {"t":"pl4inV4lue-Secret-99","w":"2026-W48"}')).toBe('got {"t":"***","w":"2026-W48"}');
  });
});

describe('hideCutFragments', () => {
  it('hides a token cut short at either end of an excerpt', () => {
    expect(hideCutFragments('the debug token was ghp_76f7cfd5f76dd7…')).toBe('the debug token was ***…');
    expect(hideCutFragments('…f5f76dd7a9b1 was the token')).toBe('…*** was the token');
  });

  it('keeps plain words next to a cut', () => {
    expect(hideCutFragments('…performance of the category improved…')).toBe('…performance of the category improved…');
  });

  // Found by a redaction hunt: a random token's cut end with no digit in it (a third of them) stayed.
  it('hides a cut run of letters that reads as a token: 8 or more that turn to upper case twice', () => {
    expect(hideCutFragments('…MnopQRstUV fff')).toBe('…*** fff');
    expect(hideCutFragments('…JavaScript works')).toBe('…JavaScript works');
  });

  // Found by a review: a bare length rule hid ordinary words and paths beside every cut.
  it('keeps long words and paths beside a cut', () => {
    for (const text of ['…authentication failed for user', '…/home/runner/work/app/app/src/index.ts:12 error', 'see README… for details', '…internationalization of it', '…GITHUB_TOKEN is unset']) expect(hideCutFragments(text)).toBe(text);
  });

  // Found by a review: a base32 token's cut end (upper case, no digit 8% of the time at 12) and one with a
  // single turn of case stayed; invisible characters inside a run split it into pieces too short to ask.
  it('hides an upper-case or case-turning run of 12 or more, and reads a run with invisible characters whole', () => {
    expect(hideCutFragments('…QWERTYUIOPASDF rest')).toBe('…*** rest');
    expect(hideCutFragments('…abcdefghIJKLMNOP rest')).toBe('…*** rest');
    expect(hideCutFragments('a1B2c\u200b3D4e5F… x')).toBe('***… x');
    expect(hideCutStart('…a1B\u200b2c3D4e5F rest')).toBe('…*** rest');
  });
});

describe('hideCutEnd', () => {
  it('hides a token a line cut went through, and only at the end', () => {
    expect(hideCutEnd('key: ghp_76f7cfd5f76dd7…')).toBe('key: ***…');
    expect(hideCutEnd('a1b2c3… and the word improved…')).toBe('a1b2c3… and the word improved…');
    expect(hideCutEnd('no cut here a1b2c3d4')).toBe('no cut here a1b2c3d4');
  });

  it('reads a token invisible characters split as one run', () => {
    expect(hideCutEnd('key ghp_a1B2\u200bc3D4e5\u200bF6g7…')).toBe('key ***…');
  });

  it('reads at most 400 characters back from the cut', () => {
    const long = `${'a1'.repeat(300_000)}…`;
    expect(hideCutEnd(long)).toBe(`${'a1'.repeat(300_000 - 200)}***…`);
  });
});
