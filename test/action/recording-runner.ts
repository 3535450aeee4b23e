import type { RunnerCommands } from '../../src/action/runner-commands.ts';

/** RunnerCommands that record what the action tells the runner; `inputs` by their action.yml names. */
export function recordingRunner(inputs: Readonly<Record<string, string>>) {
  const told = { outputs: {} as Record<string, string>, failed: [] as string[], summary: '', warnings: [] as string[], annotations: [] as string[] };
  const commands: RunnerCommands = {
    getInput: (name) => inputs[name] ?? '',
    setOutput: (name, value) => void (told.outputs[name] = value),
    saveState: () => undefined,
    setSecret: () => undefined,
    setFailed: (message) => void told.failed.push(message),
    info: () => undefined,
    error: (message) => void told.annotations.push(message),
    warning: (message) => void told.warnings.push(message),
    notice: (message) => void told.annotations.push(message),
    startGroup: () => undefined,
    endGroup: () => undefined,
    appendSummary: async (markdown) => void (told.summary += markdown),
  };
  return { commands, told };
}
