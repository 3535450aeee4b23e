import { expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';

// Found by a secret hunt: a known value of 4 to 8 characters is hidden as written, as JSON, URL-encoded and
// hex, but not as base64: its base64 forms (whole 3-byte groups only) are under the 12 characters looked for,
// so `echo -n "$DB_PASSWORD" | base64`, or `kubectl get secret -o yaml`, showed it encoded as it stands.
it('hides a short known value as base64 encodes it whole, padding and all', () => {
  for (const secret of ['pw4Q', 'hunt3r', 'hunter2x', 'Tr0ub4d']) {
    const redact = createRedactor([secret]);
    for (const encoded of [Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('base64url')]) {
      expect(redact(`data:\n  password: ${encoded}\n`), `${secret} as ${encoded}`).toBe('data:\n  password: ***\n');
      expect(redact(JSON.stringify({ password: encoded })), `${secret} as ${encoded}`).toBe('{"password":"***"}');
    }
  }
  // Other base64 stays: a short value's encoding is hidden only where it stands whole.
  expect(createRedactor(['hunter2x'])('sha: aHVudGVyMnhYZXh0cmE= and YWJjZA==')).toBe('sha: aHVudGVyMnhYZXh0cmE= and YWJjZA==');
});
