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

/**
 * Hides the environment's secret values in every text written to `stream` (a terminal too), and makes a
 * stream that can be a CI job log safe to be one: every text written to it passes through
 * `neutraliseLogText`, so tool output and model text the CLI prints can never run as a workflow
 * command (`plan-runner run` inside a workflow's `run:` step writes straight to the log). That is any
 * stream that is not a terminal, and a terminal inside a GitHub Actions job (`docker run -t`, a `script`
 * shell), whose output the runner reads all the same. A terminal elsewhere is left alone: nothing
 * parses it, and the live checklist redraws it with `\r`.
 */
export function neutraliseOutput(stream: NodeJS.WriteStream, env: Readonly<Record<string, string | undefined>> = process.env): void {
  const secrets = environmentSecrets(env);
  const neutralise = !(stream.isTTY && env['GITHUB_ACTIONS'] !== 'true');
  if (!neutralise && secrets.length === 0) return;
  const write = stream.write.bind(stream) as (chunk: string, ...rest: unknown[]) => boolean;
  // Bytes are decoded as a stream (a character split across two writes stays whole), text in the encoding a write names.
  const bytes = new TextDecoder();
  const safeWrite = (chunk: unknown, ...rest: unknown[]): boolean => {
    // Only an encoding that spells bytes (`write('aGk=', 'base64')`) is decoded; any other names how text is stored, and text is text.
    const decoded = typeof chunk !== 'string' ? bytes.decode(chunk as Uint8Array, { stream: true }) : typeof rest[0] === 'string' && BYTE_ENCODINGS.has(rest[0]) ? Buffer.from(chunk, rest[0] as BufferEncoding).toString('utf8') : chunk;
    const text = hideSecrets(decoded, secrets);
    return write(neutralise ? neutraliseLogText(text) : text, ...rest.filter((arg) => typeof arg === 'function'));
  };
  stream.write = safeWrite as typeof stream.write;
}
