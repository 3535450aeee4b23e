import { isOrdinaryValue, isSecretEnvName } from '../core/secret-env-name.ts';
import { expandEnvReferences } from './expand-env-references.ts';
import type { EnvPassThrough, RunnerEnvironment } from './scrub-environment.ts';

/**
 * Header names that carry credentials whatever their value looks like: `Authorization`, `Cookie`, and any
 * name with auth, session, token, key, secret, signature or password in it (`X-Auth`, `X-Authorization`,
 * `Authentication`, `X-Session`, `X-Goog-Api-Key`), hyphens and all.
 */
const CREDENTIAL_HEADER = /auth|cookie|session|token|key|secret|signature|passw/i;

/** A template as the process will see it, or undefined when a variable it reads is not set (the tool then does not start). */
function expanded(template: string, env: RunnerEnvironment): string | undefined {
  try {
    return expandEnvReferences(template, env, () => new Error('not set'));
  } catch {
    return undefined;
  }
}

/**
 * The values a plan hands to its processes under a secret-looking name: an `env:` map's
 * `API_TOKEN: "${env.SALES}"` passes the runner's SALES, which no secret-looking name marks, as a
 * token; an MCP server's `headers:` `Authorization` or `X-Api-Key` likewise, and any header that reads a
 * runner variable (and the credential after `Bearer `). The run's redactor learns them before anything starts, so whatever a process
 * prints of them is hidden like any secret. Flags and short numbers (`KEY_SIZE: "2048"`) are not.
 */
export function planSecretValues(
  source: { readonly tools?: Readonly<Record<string, { readonly env?: EnvPassThrough }>>; readonly mcp_servers?: Readonly<Record<string, { readonly env?: EnvPassThrough; readonly headers?: Readonly<Record<string, string>> }>> },
  env: RunnerEnvironment,
): string[] {
  const values: string[] = [];
  const fromMap = (map: EnvPassThrough | undefined) => {
    if (!map || Array.isArray(map)) return;
    for (const [name, template] of Object.entries(map as Readonly<Record<string, string>>)) {
      const value = isSecretEnvName(name) ? expanded(template, env) : undefined;
      if (value) values.push(value);
    }
  };
  for (const tool of Object.values(source.tools ?? {})) fromMap(tool.env);
  for (const server of Object.values(source.mcp_servers ?? {})) {
    fromMap(server.env);
    for (const [name, template] of Object.entries(server.headers ?? {})) {
      // A header that reads a runner variable carries what the workflow gave the job, whatever its name: a
      // server that echoes headers (or quotes one in an error) put `X-Auth`'s value in every report (found
      // by an adversarial pass).
      if (!isSecretEnvName(name.replaceAll('-', '_')) && !CREDENTIAL_HEADER.test(name) && !template.includes('${env.')) continue;
      const value = expanded(template, env);
      if (!value) continue;
      values.push(value);
      const credential = /^(?:Bearer|Token|Basic)\s+(\S+)$/i.exec(value)?.[1];
      if (credential) values.push(credential);
    }
  }
  return values.filter((value) => !isOrdinaryValue(value));
}
