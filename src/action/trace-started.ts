/** Saved by the main step at its run's first event: the `ts` its trace's first line is written with. */
export const TRACE_STARTED_STATE = 'traceStarted';

/**
 * Whether a trace whose first event is `first` is the run of the main step that saved `started`
 * (`TRACE_STARTED_STATE`; undefined when it saved none, its run having had no event): its first line has
 * that `ts`. Two steps of one job that run the same plan (without a `run-key`) write one trace path, and
 * the post steps run after every main step: a killed step's finds there the run of a step after it.
 */
export function traceStartedBy(first: object | undefined, started: string | undefined): boolean {
  return (first as { readonly ts?: unknown } | undefined)?.ts === started;
}
