import { describe, expect, it } from 'vitest';
import { approvalMarkerLine, forwardMarker, readApprovalMarker, type ApprovalMarker } from '../../src/action/approval-marker.ts';

const HASH = 'a'.repeat(32);
const body = (marker: ApprovalMarker) => `<!-- plan-runner: .github/plan.yml -->${approvalMarkerLine(marker)}\nThe checklist`;

// A re-run of the paused job after its /approve paused again with the same hash and wrote "awaiting"
// over "approved": a second /approve then ran the approved steps a second time.
describe('forwardMarker', () => {
  it('never takes an answered approval back to waiting for the same hash', () => {
    const awaiting: ApprovalMarker = { state: 'awaiting', runId: 4242, hash: HASH };
    for (const answered of [{ state: 'approved', hash: HASH, by: 'maintainer' }, { state: 'rejected', hash: HASH }] as const) {
      const kept = forwardMarker(awaiting, body(answered));
      expect(kept).toEqual(answered);
      expect(readApprovalMarker(body(kept!))).toEqual(answered);
    }
  });

  it('writes the new marker otherwise: a new hash, a first write, an answer, a comment waiting already', () => {
    const awaiting: ApprovalMarker = { state: 'awaiting', runId: 4242, hash: HASH };
    expect(forwardMarker(awaiting, body({ state: 'approved', hash: 'b'.repeat(32) }))).toEqual(awaiting);
    expect(forwardMarker(awaiting, undefined)).toEqual(awaiting);
    expect(forwardMarker(awaiting, body({ state: 'awaiting', runId: 1, hash: HASH }))).toEqual(awaiting);
    const approved: ApprovalMarker = { state: 'approved', hash: HASH };
    expect(forwardMarker(approved, body(awaiting))).toEqual(approved);
    expect(forwardMarker(undefined, body(approved))).toBeUndefined();
  });
});
