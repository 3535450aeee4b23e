import { describe, expect, it } from 'vitest';
import { isSafeRefName } from '../../src/security/safe-ref-name.ts';

describe('isSafeRefName', () => {
  it('accepts branch, tag and sha names git accepts', () => {
    for (const name of ['main', 'feature/login-form', 'release-1.2', 'v1.2.3', 'users/ana/fix_42', '6dcb09b5b57875f334f61aebed695e2e4193db5e', 'a@b']) {
      expect(isSafeRefName(name), name).toBe(true);
    }
  });

  it('refuses option-like, shell-like and malformed names', () => {
    for (const name of [
      '',
      '-rf',
      '--upload-pack=touch /tmp/x',
      '$(curl evil.test)',
      'a b',
      'a..b',
      'a~1',
      'a^',
      'a:b',
      'a?',
      'a*',
      'a[0]',
      'a\\b',
      '.hidden',
      'x/.y',
      'x.lock',
      'x/y.lock/z',
      'x/',
      '/x',
      'x//y',
      'x.',
      '@',
      'a@{1}',
      'tab\there',
      'nul\u0000',
      'del\u007f',
    ]) {
      expect(isSafeRefName(name), JSON.stringify(name)).toBe(false);
    }
  });
});
