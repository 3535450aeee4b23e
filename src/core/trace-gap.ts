/**
 * The type of the trace line written in place of an event the trace writer could not serialise:
 * `{"type":"trace_gap","event":"<its type>","why":"…"}`. A trace with one is not a record a run can
 * resume from: the missing event may be a call with side effects.
 */
export const TRACE_GAP = 'trace_gap';
