/**
 * The runner's variable `name`, or undefined when it is not set. Never what every object answers: `process.env`
 * gives `toString` and `constructor` as Object's functions, and `${env.toString}` reached a tool as
 * "function toString() { [native code] }" where it should have been "not set" (found by an adversarial pass).
 */
export function runnerVariable(runnerEnv: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value: unknown = runnerEnv[name];
  return typeof value === 'string' ? value : undefined;
}

const ENV_REFERENCE = /\$\{env\.([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Replaces each `${env.NAME}` in a plan value with the runner's variable. Only variables named this
 * way are read; one that is not set throws the caller's error (which says where it was written).
 */
export function expandEnvReferences(
  template: string,
  runnerEnv: Readonly<Record<string, string | undefined>>,
  missing: (name: string) => Error,
): string {
  return template.replace(ENV_REFERENCE, (_match, name: string) => {
    const value = runnerVariable(runnerEnv, name);
    if (value === undefined) throw missing(name);
    return value;
  });
}
