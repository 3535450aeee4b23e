import type { RunEvent, RunListener } from '../core/run-event.ts';
import type { RunRecord } from '../core/run-record.ts';

/** Called when a listener throws; the run goes on regardless. */
export type ListenerErrorHandler = (error: unknown, event: RunEvent) => void;

/**
 * Sends an event to every listener. Renderers never drive the run, so one that throws is reported
 * to `onError` and the others still hear the event. `record`: the sender's, the event folded in.
 */
export function broadcast(listeners: readonly RunListener[], event: RunEvent, onError?: ListenerErrorHandler, record?: RunRecord): void {
  for (const listener of listeners) {
    try {
      listener(event, record);
    } catch (error) {
      try {
        onError?.(error, event);
      } catch {
        // The error handler is a renderer too; it cannot stop the run either.
      }
    }
  }
}
