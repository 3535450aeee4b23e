import { isSecretEnvName } from '../core/secret-env-name.ts';
import { ToolEnvironmentError } from './tool-environment-error.ts';
import { expandEnvReferences, runnerVariable } from './expand-env-references.ts';

/**
 * What every tool subprocess may see without asking: locale, paths, temp dirs and the runner's
 * non-secret description of the run. Left out on purpose: tokens and keys of any kind, `ACTIONS_*`
 * and `INPUT_*` (the runtime token and the action's inputs, e.g. `api-key`), `NODE_OPTIONS` (it
 * can load code into a node tool), and `GITHUB_ENV`, `GITHUB_OUTPUT`, `GITHUB_PATH`,
 * `GITHUB_STEP_SUMMARY` (files through which a tool could change later workflow steps).
 */
export const BASE_ENV_NAMES: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TMPDIR',
  'TEMP',
  'TMP',
  'CI',
  'GITHUB_ACTIONS',
  'GITHUB_WORKSPACE',
  'GITHUB_REPOSITORY',
  'GITHUB_REPOSITORY_OWNER',
  'GITHUB_SHA',
  'GITHUB_REF',
  'GITHUB_REF_NAME',
  'GITHUB_HEAD_REF',
  'GITHUB_BASE_REF',
  'GITHUB_EVENT_NAME',
  'GITHUB_RUN_ID',
  'GITHUB_RUN_NUMBER',
  'GITHUB_RUN_ATTEMPT',
  'GITHUB_JOB',
  'GITHUB_WORKFLOW',
  'GITHUB_SERVER_URL',
  'GITHUB_API_URL',
  'RUNNER_OS',
  'RUNNER_ARCH',
  'RUNNER_TEMP',
  'RUNNER_TOOL_CACHE',
  // The runner's mark on the processes of a job, by which a self-hosted runner ends those left when the job
  // ends: a tool a killed main step left behind (its own process group, reparented) is found by it.
  'RUNNER_TRACKING_ID',
];

/**
 * What programs on Windows need to start and find their home, caches and temp folder (unset elsewhere): without
 * `SystemRoot` Node and Python fail at their start, without `USERPROFILE` Python's `Path.home()` does, and npm
 * keeps its cache under `LOCALAPPDATA`. No secrets; every process plan-runner starts on Windows gets them (`windowsStartNames`).
 */
export const WINDOWS_START_ENV_NAMES: readonly string[] = [
  'SystemRoot',
  'windir',
  'ComSpec',
  'PATHEXT',
  'SystemDrive',
  'USERPROFILE',
  'HOMEDRIVE',
  'HOMEPATH',
  'USERNAME',
  'APPDATA',
  'LOCALAPPDATA',
  'ProgramData',
  'ProgramFiles',
  'ProgramFiles(x86)',
  'CommonProgramFiles',
  'PROCESSOR_ARCHITECTURE',
  'NUMBER_OF_PROCESSORS',
  'OS',
  'TEMP',
  'TMP',
];

/** `WINDOWS_START_ENV_NAMES` on Windows; elsewhere none, where they are unset or (`OS`, `USERNAME`, `TEMP`) mean something else. */
export function windowsStartNames(platform: NodeJS.Platform = process.platform): readonly string[] {
  return platform === 'win32' ? WINDOWS_START_ENV_NAMES : [];
}

/** What a plan's `env:` passes to a process: names to pass through, or a map of values that may read `${env.NAME}`. */
export type EnvPassThrough = readonly string[] | Readonly<Record<string, string>>;

/** The runner's environment as `process.env` gives it. */
export type RunnerEnvironment = Readonly<Record<string, string | undefined>>;

/**
 * The runner's variables of these names that do not look secret, under the names the runner spells them: on
 * Windows, whose names ignore case, a copy of its environment says `Path`, and `PATH` finds it.
 */
export function runnerVariables(runnerEnv: RunnerEnvironment, names: readonly string[], platform: NodeJS.Platform = process.platform): Record<string, string> {
  const caseInsensitive = platform === 'win32';
  const wanted = new Set(names.map((name) => (caseInsensitive ? name.toUpperCase() : name)));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(runnerEnv)) {
    if (value === undefined || isSecretEnvName(name)) continue;
    if (wanted.has(caseInsensitive ? name.toUpperCase() : name)) env[name] = value;
  }
  return env;
}

/**
 * Sets `name` in an environment a process will get, as the one value of that variable: on Windows, whose names ignore
 * case, first removing what the same name spelled otherwise holds. Node passes the one of such names that sorts first,
 * and a plan's `PATH: "C:\\tools;${env.PATH}"` (or `Temp`, `home`) beside the runner's `Path` was dropped whenever the
 * runner's spelling sorted first: the tool ran with the runner's value, and nothing said so (found by an adversarial hunt).
 */
export function setVariable(env: Record<string, string>, name: string, value: string, platform: NodeJS.Platform = process.platform): void {
  if (platform === 'win32') {
    const upper = name.toUpperCase();
    for (const other of Object.keys(env)) if (other !== name && other.toUpperCase() === upper) delete env[other];
  }
  env[name] = value;
}

/**
 * The environment a tool subprocess gets: the safe base from `runnerEnv`, plus exactly what the
 * tool's `env:` names — a list of variables to pass through, or a map of values that may read
 * runner variables with `${env.NAME}`. Explicitly named variables pass even when they look secret.
 * Throws `ToolEnvironmentError` when a `${env.NAME}` it reads is not set.
 */
export function scrubEnvironment(
  runnerEnv: RunnerEnvironment,
  passThrough: EnvPassThrough | undefined,
  toolName: string,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env = runnerVariables(runnerEnv, [...BASE_ENV_NAMES, ...windowsStartNames(platform)], platform);
  if (Array.isArray(passThrough)) {
    for (const name of passThrough) {
      const value = runnerVariable(runnerEnv, name);
      if (value !== undefined) setVariable(env, name, value, platform);
    }
  } else if (passThrough) {
    for (const [name, template] of Object.entries(passThrough)) {
      setVariable(env, name, expandEnvReferences(template, runnerEnv, (missing) => new ToolEnvironmentError({ toolName, variable: name, missing })), platform);
    }
  }
  return env;
}
