import { describe, expect, it } from 'vitest';
import { approvalMarkerLine, forwardMarker, readApprovalMarker, type ApprovalMarker } from '../../src/action/approval-marker.ts';

const HASH = 'a'.repeat(32);
const body = (marker: ApprovalMarker) => `<!-- plan-runner: .github/plan.yml -->${approvalMarkerLine(marker)}\nThe checklist`;

// A re-run of the paused job after its /approve paused again with the same hash and wrote "awaiting"
// over "approved": a second /approve then ran the approved steps a second time.
describe('forwardMarker', () => {
  it('never takes an answered approval back to waiting for the same hash, in a re-run of the run it answered', () => {
    const awaiting: ApprovalMarker = { state: 'awaiting', runId: 4242, hash: HASH };
    for (const answered of [{ state: 'approved', hash: HASH, by: 'maintainer', runId: 4242 }, { state: 'rejected', hash: HASH, runId: 4242 }] as const) {
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

  // Kept by the commit (an earlier version), an answer on an issue (no commit) held every later run of the
  // plan, and on a pull request every run of the same commit (reopened, labeled): /approve was refused (found by a review).
  it('asks anew in another workflow run, and where the answer names no run', () => {
    const awaiting: ApprovalMarker = { state: 'awaiting', runId: 4243, hash: HASH };
    expect(forwardMarker(awaiting, body({ state: 'approved', hash: HASH, by: 'maintainer', runId: 4242 }))).toEqual(awaiting);
    expect(forwardMarker(awaiting, body({ state: 'rejected', hash: HASH }))).toEqual(awaiting);
  });
  // A killed /approve run's post step knows no paused run id: its answer, written without one over the answer the main
  // step recorded with it, no longer held the paused run's re-run, which asked again (found by an adversarial pass).
  it('keeps the paused run’s id when the same answer is written again without it', () => {
    const recorded: ApprovalMarker = { state: 'approved', hash: HASH, by: 'maintainer', runId: 4242 };
    expect(forwardMarker({ state: 'approved', hash: HASH, by: 'maintainer' }, body(recorded))).toEqual(recorded);
    const kept = forwardMarker({ state: 'approved', hash: HASH, by: 'maintainer' }, body(recorded));
    expect(forwardMarker({ state: 'awaiting', runId: 4242, hash: HASH }, body(kept!))).toEqual(recorded);
    // Another answer, or another hash, is written as it is.
    expect(forwardMarker({ state: 'rejected', hash: HASH }, body(recorded))).toEqual({ state: 'rejected', hash: HASH });
    expect(forwardMarker({ state: 'approved', hash: 'b'.repeat(32) }, body(recorded))).toEqual({ state: 'approved', hash: 'b'.repeat(32) });
  });
});

describe('readApprovalMarker', () => {
  it('reads a marker whose JSON is not an object as no marker: null threw reading its hash', () => {
    for (const json of ['null', '1', '"x"', '[]', 'true']) expect(readApprovalMarker(`<!-- plan-runner: p -->\n<!-- plan-runner-approval: ${json} -->\nbody`), json).toBeUndefined();
    expect(readApprovalMarker(`<!-- plan-runner: p -->\n<!-- plan-runner-approval: {"state":"approved","hash":"${'a'.repeat(16)}"} -->\nbody`)).toEqual({ state: 'approved', hash: 'a'.repeat(16) });
  });
});
