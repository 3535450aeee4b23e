import { randomUUID } from 'node:crypto';
import { accessSync, appendFileSync, constants, existsSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { EOL } from 'node:os';
import type { AnnotationProperties } from '../report/annotations.ts';

/**
 * What the action says to the runner: the part of `@actions/core`'s API plan-runner uses, with the
 * same names and the same bytes on stdout and in the runner's files.
 */
export interface RunnerCommands {
  getInput(name: string): string;
  setOutput(name: string, value: string): void;
  saveState(name: string, value: string): void;
  setSecret(secret: string): void;
  /** Sets the exit code to 1 and writes `message` as an error annotation. */
  setFailed(message: string): void;
  info(message: string): void;
  error(message: string, properties?: AnnotationProperties): void;
  warning(message: string, properties?: AnnotationProperties): void;
  notice(message: string, properties?: AnnotationProperties): void;
  startGroup(name: string): void;
  endGroup(): void;
  /** Appends Markdown to the job summary file; rejects when the runner gave none or it cannot be written. */
  appendSummary(markdown: string): Promise<void>;
}

/** The variable the runner passes an input in, as `core.getInput` reads it: upper case, spaces to underscores, dashes kept (`api-key` → `INPUT_API-KEY`). */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::name key=value,…::message`, escaped as the runner unescapes it (toolkit's `issueCommand`). */
function commandLine(name: string, properties: Readonly<Record<string, string | number | undefined>>, message: string): string {
  // Empty and zero values are left out, as the toolkit leaves them out (its space stays).
  const pairs = Object.entries(properties)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`);
  return `::${name}${Object.keys(properties).length ? ` ${pairs.join(',')}` : ''}::${escapeData(message)}${EOL}`;
}

/** The runner's property names, in the toolkit's order. */
function annotationProperties(properties: AnnotationProperties = {}): Record<string, string | number | undefined> {
  if (!Object.keys(properties).length) return {};
  return { title: properties.title, file: properties.file, line: properties.startLine, col: properties.startColumn };
}

/** `name<<delimiter` … `delimiter`: a value the runner reads whole, whatever lines it holds. */
function keyValueMessage(name: string, value: string): string {
  const delimiter = `ghadelimiter_${randomUUID()}`;
  if (name.includes(delimiter)) throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
  if (value.includes(delimiter)) throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}`;
}

/**
 * The workflow-command protocol written directly, byte for byte as `@actions/core` 3 writes it
 * (`test/action/runner-commands.test.ts` compares the two). The toolkit's entry module loads its
 * OIDC client and with it undici, a megabyte the action would compile at every start for nothing;
 * this is the whole of what plan-runner needs from it.
 */
export function workflowCommands(
  env: Readonly<Record<string, string | undefined>> = process.env,
  write: (text: string) => void = (text) => void process.stdout.write(text),
): RunnerCommands {
  const issue = (name: string, properties: Readonly<Record<string, string | number | undefined>>, message: string): void => write(commandLine(name, properties, message));
  const fileCommand = (variable: string, command: string, name: string, value: string): void => {
    const file = env[variable];
    if (!file) {
      // Before file commands: the runner reads the value from the log.
      if (command === 'set-output') write(EOL);
      issue(command, { name }, value);
      return;
    }
    if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`);
    appendFileSync(file, `${keyValueMessage(name, value)}${EOL}`, { encoding: 'utf8' });
  };
  const commands: RunnerCommands = {
    getInput: (name) => (env[inputVariable(name)] || '').trim(),
    setOutput: (name, value) => fileCommand('GITHUB_OUTPUT', 'set-output', name, value),
    saveState: (name, value) => fileCommand('GITHUB_STATE', 'save-state', name, value),
    setSecret: (secret) => issue('add-mask', {}, secret),
    setFailed(message) {
      process.exitCode = 1;
      commands.error(message);
    },
    info: (message) => write(`${message}${EOL}`),
    error: (message, properties) => issue('error', annotationProperties(properties), message),
    warning: (message, properties) => issue('warning', annotationProperties(properties), message),
    notice: (message, properties) => issue('notice', annotationProperties(properties), message),
    startGroup: (name) => issue('group', {}, name),
    endGroup: () => issue('endgroup', {}, ''),
    async appendSummary(markdown) {
      const file = env['GITHUB_STEP_SUMMARY'];
      if (!file) throw new Error('Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.');
      try {
        accessSync(file, constants.R_OK | constants.W_OK);
      } catch {
        throw new Error(`Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`);
      }
      await appendFile(file, markdown, { encoding: 'utf8' });
    },
  };
  return commands;
}
