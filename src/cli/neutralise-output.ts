import { visibleControls } from '../core/visible-controls.ts';
import { neutraliseLogText } from '../security/neutralise-log-text.ts';
import { isOrdinaryValue, isSecretEnvName } from '../core/secret-env-name.ts';

/**
 * The environment's secret-named values (as `jobSecrets` takes them, whole only), longest first: the last
 * guard of everything the CLI prints. A path the user gave, a usage error quoting the command line, a
 * file name in `validate`'s lines held one (found by a redaction hunt and a review: the class, in one place).
 * The run's own text goes through the full redactor before it gets here; this loads nothing heavy.
 */
function environmentSecrets(env: Readonly<Record<string, string | undefined>>): string[] {
  const values = Object.entries(env).flatMap(([name, value]) => (value && value.length >= 4 && !/^INPUT_/i.test(name) && isSecretEnvName(name) && !isOrdinaryValue(value) ? [value] : []));
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** The encodings a `write(text, encoding)` spells bytes in: only these are decoded. */
const BYTE_ENCODINGS: ReadonlySet<string> = new Set(['hex', 'base64', 'base64url']);

/** Whole values only, per write: every text the CLI writes is one whole message, so none is split across writes. */
function hideSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.replaceAll(secret, '***');
  return out;
}

/** The writes of the terminal's own cursor sequences, by stream: they pass by `visibleControls` (see `terminalControl`). */
const controlWriters = new WeakMap<NodeJS.WriteStream, (sequence: string) => void>();

/** The only sequences the CLI writes itself: the live checklist's, up over the frame it drew, and clear what follows (console-checklist.ts's CURSOR_UP and CLEAR_TO_END, not imported: the CLI's start loads no report code). */
const OWN_SEQUENCE = /^(?:\x1b\[\d{1,6}A)?\r\x1b\[0J$/;

/**
 * Hides the environment's secret values in every text written to `stream` (a terminal too), and shows
 * every control character in it as a symbol (`visibleControls`: ESC as ␛; tabs and line breaks stay): a
 * model's or a tool's text the CLI prints (a rejected plan's answer) wrote the user's clipboard on a
 * terminal with OSC 52, hid a link with OSC 8 and erased lines (found by an adversarial pass: the class, in
 * one place). The live checklist's own cursor sequences go through `terminalControl`. A stream that can be a
 * CI job log is made safe to be one too: every text written to it passes through `neutraliseLogText`, so
 * tool output and model text can never run as a workflow command (`plan-runner run` inside a workflow's
 * `run:` step writes straight to the log). That is any stream that is not a terminal, and a terminal inside
 * a GitHub Actions job (`docker run -t`, a `script` shell), whose output the runner reads all the same.
 */
export function neutraliseOutput(stream: NodeJS.WriteStream, env: Readonly<Record<string, string | undefined>> = process.env): void {
  const secrets = environmentSecrets(env);
  const neutralise = !watchedTerminal(stream, env);
  const write = stream.write.bind(stream) as (chunk: string, ...rest: unknown[]) => boolean;
  controlWriters.set(stream, (sequence) => {
    if (!OWN_SEQUENCE.test(sequence)) throw new Error(`not a sequence the checklist writes: ${JSON.stringify(sequence)}`);
    write(sequence);
  });
  // Bytes are decoded as a stream (a character split across two writes stays whole), text in the encoding a write names.
  const bytes = new TextDecoder();
  const safeWrite = (chunk: unknown, ...rest: unknown[]): boolean => {
    // Only an encoding that spells bytes (`write('aGk=', 'base64')`) is decoded; any other names how text is stored, and text is text.
    const decoded = typeof chunk !== 'string' ? bytes.decode(chunk as Uint8Array, { stream: true }) : typeof rest[0] === 'string' && BYTE_ENCODINGS.has(rest[0]) ? Buffer.from(chunk, rest[0] as BufferEncoding).toString('utf8') : chunk;
    const text = visibleControls(hideSecrets(decoded, secrets));
    return write(neutralise ? neutraliseLogText(text) : text, ...rest.filter((arg) => typeof arg === 'function'));
  };
  stream.write = safeWrite as typeof stream.write;
}

/**
 * Whether `stream` is a terminal a person watches: not one inside a GitHub Actions job (`docker run -t`, a
 * `script` shell), whose output the runner reads into the job log all the same, which runs no workflow
 * command of ours and moves no cursor.
 */
export function watchedTerminal(stream: { readonly isTTY?: boolean }, env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return Boolean(stream.isTTY) && env['GITHUB_ACTIONS'] !== 'true';
}

/**
 * Writes one of the live checklist's own cursor sequences to `stream` as it is, where `neutraliseOutput`
 * shows every other control character as a symbol; on a stream it has not wrapped, `stream.write`.
 */
export function terminalControl(stream: NodeJS.WriteStream): (sequence: string) => void {
  return controlWriters.get(stream) ?? ((sequence) => void stream.write(sequence));
}
