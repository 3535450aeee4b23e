import type { RunEvent, RunListener } from '../core/run-event.ts';

/** Called when a listener throws; the run goes on regardless. */
export type ListenerErrorHandler = (error: unknown, event: RunEvent) => void;

/**
 * Sends an event to every listener. Renderers never drive the run, so one that throws is reported
 * to `onError` and the others still hear the event.
 */
export function broadcast(listeners: readonly RunListener[], event: RunEvent, onError?: ListenerErrorHandler): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      try {
        onError?.(error, event);
      } catch {
        // The error handler is a renderer too; it cannot stop the run either.
      }
    }
  }
}
