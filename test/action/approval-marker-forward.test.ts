import { describe, expect, it } from 'vitest';
import { answerFor, approvalMarkerLine, forwardMarker, readApprovalMarker, type ApprovalMarker } from '../../src/action/approval-marker.ts';

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
    // The answer to run 4242 is kept for a re-run of it, beside the new question.
    expect(forwardMarker(awaiting, body({ state: 'approved', hash: HASH, by: 'maintainer', runId: 4242 }))).toEqual({ ...awaiting, answered: [{ runId: 4242, hash: HASH, state: 'approved', by: 'maintainer' }] });
    expect(forwardMarker(awaiting, body({ state: 'rejected', hash: HASH }))).toEqual(awaiting);
  });
  // A killed /approve run's post step knows no paused run id: its answer, written without one over the answer the main
  // step recorded with it, no longer held the paused run's re-run, which asked again (found by an adversarial pass).
  it('keeps the paused run’s id when the same answer is written again without it', () => {
    const recorded: ApprovalMarker = { state: 'approved', hash: HASH, by: 'maintainer', runId: 4242 };
    expect(forwardMarker({ state: 'approved', hash: HASH, by: 'maintainer' }, body(recorded))).toEqual(recorded);
    const kept = forwardMarker({ state: 'approved', hash: HASH, by: 'maintainer' }, body(recorded));
    expect(forwardMarker({ state: 'awaiting', runId: 4242, hash: HASH }, body(kept!))).toEqual(recorded);
    // Another answer, or another hash, is written as it is; the answer to run 4242 is kept beside it.
    const kept4242 = { answered: [{ runId: 4242, hash: HASH, state: 'approved', by: 'maintainer' }] };
    expect(forwardMarker({ state: 'rejected', hash: HASH }, body(recorded))).toEqual({ state: 'rejected', hash: HASH, ...kept4242 });
    expect(forwardMarker({ state: 'approved', hash: 'b'.repeat(32) }, body(recorded))).toEqual({ state: 'approved', hash: 'b'.repeat(32), ...kept4242 });
  });
});

// An approving run that paused again (a replan's step asked anew) wrote "awaiting" for itself over the answer to the
// run it went on from: a re-run of that run asked again, and a second /approve ran the approved steps twice.
describe('the answers a marker keeps for earlier paused runs', () => {
  const earlier = (runId: number) => ({ runId, hash: HASH, state: 'approved', by: 'maintainer' }) as const;

  it('keeps them through later pauses and answers of other runs, the newest few, one per run', () => {
    const pausedAgain = forwardMarker({ state: 'awaiting', runId: 80, hash: 'b'.repeat(32), answered: [earlier(77)] }, body({ state: 'approved', hash: HASH, by: 'maintainer', runId: 77, answerRunId: 80 }));
    expect(pausedAgain).toEqual({ state: 'awaiting', runId: 80, hash: 'b'.repeat(32), answered: [earlier(77)] });
    const rejected = forwardMarker({ state: 'rejected', hash: 'b'.repeat(32), by: 'maintainer', runId: 80, answerRunId: 81 }, body(pausedAgain!));
    expect(answerFor(rejected, 77)).toEqual(earlier(77));
    expect(answerFor(rejected, 80)).toMatchObject({ state: 'rejected' });
    let marker: ApprovalMarker = { state: 'awaiting', runId: 1, hash: HASH };
    for (let run = 1; run <= 9; run++) marker = forwardMarker({ state: 'awaiting', runId: run + 1, hash: HASH }, body(forwardMarker({ state: 'approved', hash: HASH, by: 'maintainer', runId: run }, body(marker))!))!;
    expect(marker.answered?.map((answer) => answer.runId)).toEqual([5, 6, 7, 8, 9]);
    expect(readApprovalMarker(body(marker))).toEqual(marker);
  });

  it('does not take an earlier answer’s run back to waiting, and are none in a marker an earlier plan-runner wrote', () => {
    const answered: ApprovalMarker = { state: 'awaiting', runId: 80, hash: 'b'.repeat(32), answered: [earlier(77)] };
    expect(forwardMarker({ state: 'awaiting', runId: 77, hash: HASH }, body(answered))).toEqual(answered);
    expect(readApprovalMarker(`<!-- plan-runner: p -->\n<!-- plan-runner-approval: {"state":"awaiting","runId":80,"hash":"${HASH}"} -->\nbody`)).toEqual({ state: 'awaiting', runId: 80, hash: HASH });
    const forged = `{"state":"awaiting","runId":80,"hash":"${HASH}","answered":[{"runId":-1,"hash":"${HASH}","state":"approved"},{"runId":77,"hash":"x","state":"approved"},{"runId":78,"hash":"${HASH}","state":"awaiting"},7,{"runId":79,"hash":"${HASH}","state":"rejected"}]}`;
    expect(readApprovalMarker(`<!-- plan-runner: p -->\n<!-- plan-runner-approval: ${forged} -->\nbody`)).toEqual({ state: 'awaiting', runId: 80, hash: HASH, answered: [{ runId: 79, hash: HASH, state: 'rejected' }] });
  });
});

describe('readApprovalMarker', () => {
  it('reads a marker whose JSON is not an object as no marker: null threw reading its hash', () => {
    for (const json of ['null', '1', '"x"', '[]', 'true']) expect(readApprovalMarker(`<!-- plan-runner: p -->\n<!-- plan-runner-approval: ${json} -->\nbody`), json).toBeUndefined();
    expect(readApprovalMarker(`<!-- plan-runner: p -->\n<!-- plan-runner-approval: {"state":"approved","hash":"${'a'.repeat(16)}"} -->\nbody`)).toEqual({ state: 'approved', hash: 'a'.repeat(16) });
  });
});
