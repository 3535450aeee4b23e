import type { McpServer } from './mcp-config.ts';
import { expandEnvReferences, runnerVariable } from '../../process/expand-env-references.ts';
import { McpServerStartError } from './mcp-server-start-error.ts';
import { runnerVariables, setVariable, windowsStartNames } from '../../process/scrub-environment.ts';

/** Replaces `${env.NAME}` with the runner's variable; a variable that is not set stops the server's start, saying where. */
export function expandServerEnv(
  template: string,
  runnerEnv: Readonly<Record<string, string | undefined>>,
  server: string,
  where: string,
): string {
  return expandEnvReferences(
    template,
    runnerEnv,
    (name) => new McpServerStartError(server, `${where} reads \${env.${name}}, which is not set on the runner; set it in the workflow step's env:`),
  );
}

/**
 * The whole environment of a stdio MCP server: PATH, HOME and the runner's `RUNNER_TRACKING_ID`, plus exactly what
 * its `env:` names. The tracking mark is how a self-hosted runner finds, at the job's end, what a killed main step
 * left running: a server, in a process group of its own, ran on without it (found by an adversarial pass). On
 * Windows, also what programs need there to start (`WINDOWS_START_ENV_NAMES`).
 */
export function mcpServerEnvironment(
  server: string,
  config: McpServer['env'],
  runnerEnv: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env = runnerVariables(runnerEnv, ['PATH', 'HOME', 'RUNNER_TRACKING_ID', ...windowsStartNames(platform)], platform);
  if (Array.isArray(config)) {
    for (const name of config) {
      const value = runnerVariable(runnerEnv, name);
      if (value !== undefined) setVariable(env, name, value, platform);
    }
  } else if (config !== undefined) {
    for (const [name, template] of Object.entries(config)) {
      setVariable(env, name, expandServerEnv(template, runnerEnv, server, `mcp_servers.${server}.env.${name}`), platform);
    }
  }
  return env;
}
