import type * as Toolkit from '@actions/core';
import type { RunnerCommands } from './runner-commands.ts';

/**
 * `@actions/core` as the runner's commands: what `run()` talks through when it is given none, which is
 * how `@github/local-action` runs the sources (it stubs that module to show the outputs). The module is
 * passed in, so the action's start path never loads it (with it come its OIDC client and undici).
 */
export function toolkitCommands(toolkit: typeof Toolkit): RunnerCommands {
  return {
    getInput: (name) => toolkit.getInput(name),
    setOutput: (name, value) => toolkit.setOutput(name, value),
    saveState: (name, value) => toolkit.saveState(name, value),
    setSecret: (secret) => toolkit.setSecret(secret),
    setFailed: (message) => toolkit.setFailed(message),
    info: (message) => toolkit.info(message),
    error: (message, properties) => toolkit.error(message, properties),
    warning: (message, properties) => toolkit.warning(message, properties),
    notice: (message, properties) => toolkit.notice(message, properties),
    startGroup: (name) => toolkit.startGroup(name),
    endGroup: () => toolkit.endGroup(),
    appendSummary: async (markdown) => void (await toolkit.summary.addRaw(markdown).write()),
  };
}
