import { expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';

// Found by a secret hunt: a known value written in the other case was shown. Hex keys, UUIDs and base32 seeds
// are read without regard to case, so `A3F9…` is the same key as `a3f9…`; a tool that prints a key in capitals
// (.NET's hex, `xxd -u`, a GUID as Windows writes it) or in small letters (a base32 TOTP seed, a DNS name) shows it.
it('hides a known token-like value written all in capitals or all in small letters', () => {
  const hex = 'a3f9c2d4e5b60718293a4b5c6d7e8f90';
  const uuid = '3f2a9c1e-7b4d-4e8a-9f10-2c3d4e5f6a7b';
  const seed = 'JBSWY3DPEHPK3PXP';
  const mixed = 'Zq7vP2xK9mWr4TnB';
  const redact = createRedactor([hex, uuid, seed, mixed]);
  expect(redact(`key=${hex.toUpperCase()} id=${uuid.toUpperCase()} seed=${seed.toLowerCase()}`)).toBe('key=*** id=*** seed=***');
  expect(redact(`${mixed.toUpperCase()} ${mixed.toLowerCase()}`)).toBe('*** ***');
  expect(redact(JSON.stringify({ key: hex.toUpperCase() }))).toBe('{"key":"***"}');
  // A value of words, not a token, keeps its other cases: hiding every "login" for a secret-named "Login" blanks prose.
  expect(createRedactor(['Login', 'CorrectHorse'])('login LOGIN correcthorse')).toBe('login LOGIN correcthorse');
});
