/** Names that look like they hold credentials: `*TOKEN*`, `*SECRET*`, `*KEY*`, `*PASSWORD*`, `ACTIONS_*`, `INPUT_*`… */
const SECRET_NAME = /TOKEN|SECRET|KEY|PASSWORD|PASSWD|CREDENTIAL|PRIVATE|^ACTIONS_|^INPUT_/i;

/**
 * True when an environment variable's name suggests a secret. `ACTIONS_*` carry the runner's
 * runtime tokens and `INPUT_*` carry action inputs such as `api-key`, so both count.
 */
export function isSecretEnvName(name: string): boolean {
  return SECRET_NAME.test(name);
}
