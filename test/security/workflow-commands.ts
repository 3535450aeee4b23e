/** A workflow command as the runner would process it from a log line. */
export interface ProcessedCommand {
  readonly command: string;
  /** The raw text between the command name and the data (properties), unescaped as the runner leaves it. */
  readonly properties: string;
  readonly data: string;
  readonly line: string;
}

/** The commands the runner knows (actions/runner `ActionCommandManager` and its extensions). */
const REGISTERED = ['add-mask', 'add-matcher', 'remove-matcher', 'add-path', 'debug', 'notice', 'warning', 'error', 'group', 'endgroup', 'echo', 'save-state', 'set-output', 'set-env', 'stop-commands'];

// .NET's String.TrimStart() trims every char.IsWhiteSpace character.
const LEADING_SPACE = /^[\s\u0085]*/;

function parseV2(line: string, registered: ReadonlySet<string>): ProcessedCommand | undefined {
  const message = line.replace(LEADING_SPACE, '');
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!registered.has(command.toLowerCase())) return undefined;
  return { command: command.toLowerCase(), properties: space < 0 ? '' : info.slice(space + 1), data: message.slice(end + 2), line };
}

function parseV1(line: string, registered: ReadonlySet<string>): ProcessedCommand | undefined {
  const start = line.indexOf('##[');
  if (start < 0) return undefined;
  const end = line.indexOf(']', start);
  if (end < 0) return undefined;
  const info = line.slice(start + 3, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!registered.has(command.toLowerCase())) return undefined;
  return { command: command.toLowerCase(), properties: space < 0 ? '' : info.slice(space + 1), data: line.slice(end + 1), line };
}

/**
 * Reads a step's output the way the GitHub runner does: lines split on `\r`, `\n` and `\r\n`, each
 * tried as a `::command::` (after leading white space) and then as a legacy `##[command]` anywhere
 * in the line, `stop-commands` pausing everything until its token. Returns what would be executed.
 */
export function processedCommands(output: string): ProcessedCommand[] {
  const registered = new Set(REGISTERED);
  const processed: ProcessedCommand[] = [];
  let stopToken: string | undefined;
  for (const line of output.split(/\r\n|\r|\n/)) {
    const command = parseV2(line, registered) ?? parseV1(line, registered);
    if (!command) continue;
    if (stopToken !== undefined) {
      if (command.command === stopToken) {
        registered.delete(stopToken);
        stopToken = undefined;
        processed.push(command);
      }
      continue;
    }
    if (command.command === 'stop-commands') {
      stopToken = command.data.toLowerCase();
      registered.add(stopToken);
    }
    processed.push(command);
  }
  return processed;
}

/** Commands whose data is the action's own message text: attacker text may appear there, escaped, as data. */
const DATA_COMMANDS = new Set(['group', 'notice', 'warning', 'error', 'debug']);

/**
 * The processed commands an attacker wrote: every injected payload carries `nonce`, so a command
 * is injected when the nonce is in its name or properties, or anywhere in a command whose data the
 * action never fills with outside text (add-mask, stop-commands, set-output…).
 */
export function injectedCommands(output: string, nonce: string): ProcessedCommand[] {
  return processedCommands(output).filter(
    (command) => command.properties.includes(nonce) || (!DATA_COMMANDS.has(command.command) && command.line.includes(nonce)),
  );
}
