import { neutraliseLogText } from '../security/neutralise-log-text.ts';

const decoder = new TextDecoder();

/**
 * Makes a stream that can be a CI job log safe to be one: every text written to it passes through
 * `neutraliseLogText`, so tool output and model text the CLI prints can never run as a workflow
 * command (`plan-runner run` inside a workflow's `run:` step writes straight to the log). That is any
 * stream that is not a terminal, and a terminal inside a GitHub Actions job (`docker run -t`, a `script`
 * shell), whose output the runner reads all the same. A terminal elsewhere is left alone: nothing
 * parses it, and the live checklist redraws it with `\r`.
 */
export function neutraliseOutput(stream: NodeJS.WriteStream, env: Readonly<Record<string, string | undefined>> = process.env): void {
  if (stream.isTTY && env['GITHUB_ACTIONS'] !== 'true') return;
  const write = stream.write.bind(stream) as (chunk: string, ...rest: unknown[]) => boolean;
  const safeWrite = (chunk: unknown, ...rest: unknown[]): boolean =>
    write(neutraliseLogText(typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array)), ...rest.filter((arg) => typeof arg === 'function'));
  stream.write = safeWrite as typeof stream.write;
}
