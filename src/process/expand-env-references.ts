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
    const value = runnerEnv[name];
    if (value === undefined) throw missing(name);
    return value;
  });
}
