import { expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';

// Found by a secret hunt: a password with `"` or `\` in it, printed as JSON inside a JSON string (AWS's
// `get-secret-value` SecretString, kubectl's last-applied-configuration of a Secret), is escaped twice there, and
// no spelling the redactor knew matched it: a tool given the password through `env:` showed it in every report.
it('hides a known secret in JSON inside a JSON string, escaped twice', () => {
  const password = 'p"ss\\w0rd-Xq7z';
  const redact = createRedactor([password]);
  const secretString = JSON.stringify({ username: 'app', password });
  const aws = JSON.stringify({ Name: 'db', SecretString: secretString }, null, 4);
  expect(redact(aws)).toBe(JSON.stringify({ Name: 'db', SecretString: '{"username":"app","password":"***"}' }, null, 4));
  const kubectl = JSON.stringify({ annotations: { 'kubectl.kubernetes.io/last-applied-configuration': `${JSON.stringify({ kind: 'Secret', stringData: { password } })}\n` } });
  expect(redact(kubectl)).not.toMatch(/w0rd|Xq7z/);
});
