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
