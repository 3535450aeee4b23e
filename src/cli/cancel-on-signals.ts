import { cancelSignals } from '../core/cancel-signals.ts';
import { killLiveProcessGroups } from '../process/live-process-groups.ts';

/**
 * Cancels `controller` on SIGINT, SIGTERM (`cancelSignals`: on Windows SIGBREAK too) and SIGHUP (a closed terminal, a dropped ssh session: Node's
 * default ended the CLI at once, without its summary, and left the tool it ran running), every time one comes: the first aborts the run, which
 * still writes its summary and trace; a second only says so (`say`). With `process.once`, a second
 * Ctrl-C got Node's default handling and ended the process at once, before those were written. A
 * third ends the process (`exit`, with 130), for a stop that hangs, and first the process groups of the
 * tools and MCP servers still running (`killLiveProcessGroups`), which no signal of the terminal reaches. Returns a function that removes
 * the handlers.
 */
export function cancelOnSignals(
  controller: AbortController,
  say: (line: string) => void,
  {
    exit = (code) => process.exit(code),
    stopping = 'writing the summary and the trace; once more ends it at once, without them',
    platform = process.platform,
  }: {
    readonly exit?: (code: number) => void;
    /** The platform whose signals are heard (`cancelSignals`): Windows adds SIGBREAK (Ctrl-Break). */
    readonly platform?: NodeJS.Platform;
    /** What the command does while it stops, and what a third signal loses, for the second signal's line. */
    readonly stopping?: string;
  } = {},
): () => void {
  let received = 0;
  const handlers = [...cancelSignals(platform), 'SIGHUP' as const].map((signal) => {
    const handler = (): void => {
      received += 1;
      if (received === 2) say(`plan-runner: already stopping (${signal} again): ${stopping}\n`);
      if (received >= 3) {
        say(`plan-runner: ${signal} a third time: ending now; the summary and the trace may be incomplete\n`);
        killLiveProcessGroups();
        exit(130);
      }
      controller.abort(signal);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.removeListener(signal, handler);
  };
}
