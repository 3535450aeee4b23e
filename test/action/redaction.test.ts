import { describe, expect, it } from 'vitest';
import { actionSecrets } from '../../src/action/action-secrets.ts';
import type { ActionSettings } from '../../src/action/action-settings.ts';
import { hideCutFragments } from '../../src/core/hide-cut-fragments.ts';

describe('actionSecrets', () => {
  it('hides the key, the token and secret-looking variables, but not the plain INPUT_ values', () => {
    const settings = {
      model: { baseURL: 'https://api', apiKey: 'sk-key-value' },
      githubToken: 'ghs_token_value',
      env: { INPUT_COMMENT: 'auto', 'INPUT_FAIL-ON-UNMET-GOALS': 'true', 'INPUT_API-KEY': 'sk-key-value', NPM_TOKEN: 'npm_secret', ACTIONS_STEP_DEBUG: 'true', HOME: '/home/runner' },
    } as unknown as ActionSettings;
    expect(actionSecrets(settings).sort()).toEqual(['ghs_token_value', 'npm_secret', 'sk-key-value']);
  });

  // Found by review: every all-digit value was dropped, and a 16-digit keystore password printed by a
  // tool reached the prompt, trace, summary and log.
  it('hides an all-digit value of 6 digits or more under a secret-looking name; not a flag or a short number', () => {
    const settings = {
      model: { baseURL: 'https://api' },
      env: { KEYSTORE_PASSWORD: '4839201746519283', SIGNING_KEY: '482913', TOKEN_TTL_SECONDS: '3600', PRIVATE_MODE: 'true' },
    } as unknown as ActionSettings;
    expect(actionSecrets(settings).sort()).toEqual(['482913', '4839201746519283']);
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
});
