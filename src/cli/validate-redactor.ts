import { createRedactor, type Redactor } from '../core/redact.ts';
import { jobSecrets } from '../job/job-secrets.ts';

/** What `validate` hides in the errors it prints: the environment's secret-named values, and those a plan gave its MCP servers. */
export function validateRedactor(env: Readonly<Record<string, string | undefined>>, learned: readonly string[]): Redactor {
  return createRedactor([...jobSecrets({ env }), ...learned]);
}
