/**
 * Names that look like they hold credentials: `*TOKEN*`, `*SECRET*`, `*KEY*`, `*PASSWORD*`, `ACTIONS_*`,
 * `INPUT_*`, and the common short forms (`DB_PASS`, `DB_PW`, `NPM_AUTH`, `GH_PAT`, `SENTRY_DSN`, a
 * storage `SAS`, a `*WEBHOOK*` (`SLACK_WEBHOOK`, `SLACK_WEBHOOK_URL`), the URLs of databases and brokers, which hold their password, a
 * connection string), and a few more a secret hunt found passed as plain: `*_CREDS`, `*_JWT`, a `*_COOKIE` (ending the
 * name: `COOKIE_DOMAIN` is none), `KUBE_CONFIG_DATA`, a service account's `*_SA_JSON`. Short forms only as a whole part of
 * a name: `PWD` (the shell's working directory), `PATH` and `AUTHOR` are no secrets.
 */
const SECRET_NAME =
  /TOKEN|SECRET|KEY|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|PRIVATE|^ACTIONS_|^INPUT_|(?:^|_)(?:PASS|PW|DSN|PAT|SAS)(?:_|$)|_PWD(?:_|$)|_AUTH(?:_CONFIG)?$|WEBHOOK|HOOK_URL|DATABASE_UR[IL]|(?:MONGO(?:DB)?|REDIS|AMQP|BROKER|DB)_UR[IL]|CONN(?:ECTION)?_STR(?:ING)?|(?:^|_)(?:CREDS|JWT)(?:_|$)|(?:^|_)COOKIE$|KUBE_CONFIG_DATA|(?:^|_)SA_JSON$/i;

/**
 * True when an environment variable's name suggests a secret. `ACTIONS_*` carry the runner's
 * runtime tokens and `INPUT_*` carry action inputs such as `api-key`, so both count. A name in camelCase has its
 * words taken as parts too (`dbPass`, `sentryDsn`, `ghPat`, `npmAuth`, `DBPass` as `DB_PASS`…): a plan's inputs are
 * often named so, and only the short forms' underscores made them parts (found by an adversarial hunt: `--input
 * dbPass=…` was written to the trace and the summary, where `db_pass` was hidden).
 */
export function isSecretEnvName(name: string): boolean {
  return SECRET_NAME.test(name) || (/[a-z0-9][A-Z]|[A-Z][A-Z][a-z]/.test(name) && SECRET_NAME.test(camelParts(name)));
}

/** `name` with an underscore where a camelCase word starts: `dbPass` → `db_Pass`, `DBPass` → `DB_Pass`. */
function camelParts(name: string): string {
  return name.replace(/([a-z0-9])(?=[A-Z])|([A-Z])(?=[A-Z][a-z])/g, '$1$2_');
}

/**
 * A value too ordinary to hide wherever it appears, though a secret-looking name holds it: a flag or a
 * number of fewer than 6 digits (a token's lifetime, a key's size or id). Hidden, it would blank out
 * every `true` and `2048` in the reports; a PIN or password of 6 digits or more is still a secret.
 */
export function isOrdinaryValue(value: string): boolean {
  return /^(?:true|false|\d{1,5})$/i.test(value);
}
