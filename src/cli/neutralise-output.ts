import { neutraliseLogText } from '../security/neutralise-log-text.ts';

const decoder = new TextDecoder();

/**
 * Makes a stream that is not a terminal safe to be a CI job log: every text written to it passes
 * through `neutraliseLogText`, so tool output and model text the CLI prints can never run as a
 * workflow command (`plan-runner run` inside a workflow's `run:` step writes straight to the log).
 * A terminal is left alone: nothing parses it, and the live checklist redraws it with `\r`.
 */
export function neutraliseOutput(stream: NodeJS.WriteStream): void {
  if (stream.isTTY) return;
  const write = stream.write.bind(stream) as (chunk: string, ...rest: unknown[]) => boolean;
  const safeWrite = (chunk: unknown, ...rest: unknown[]): boolean =>
    write(neutraliseLogText(typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array)), ...rest.filter((arg) => typeof arg === 'function'));
  stream.write = safeWrite as typeof stream.write;
}
