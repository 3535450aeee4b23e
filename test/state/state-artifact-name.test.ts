import { describe, expect, it } from 'vitest';
import { newestEarlierState } from '../../src/action/saved-state.ts';
import { newestStates } from '../../src/state/newest-states.ts';
import { parseStateArtifactName, stateArtifactName, stateClashName } from '../../src/state/state-artifact-name.ts';

describe('state artifact names', () => {
  it('name the plan, the part and the attempt, and parse back only for the same plan', () => {
    const name = stateArtifactName({ planPath: '.github/plans/weekly report.yml', attempt: 3, part: 'shard-2' });
    expect(name).toMatch(/^plan-runner-state-github-plans-weekly-report-yml-[0-9a-f]{8}-shard-2-attempt-3\.jsonl$/);
    expect(parseStateArtifactName(name, { planPath: '.github/plans/weekly report.yml' })).toEqual({ part: 'shard-2', attempt: 3 });
    expect(parseStateArtifactName(name, { planPath: '.github/plans/weekly_report.yml' })).toBeUndefined();
    expect(parseStateArtifactName(stateArtifactName({ planPath: 'a.yml', attempt: 1 }), { planPath: 'a.yml' })).toEqual({ attempt: 1 });
    expect(parseStateArtifactName('plan-runner-state-a-yml-00000000-attempt-1.jsonl.zip', { planPath: 'a.yml' })).toBeUndefined();
  });

  it('a re-run resumes the newest earlier attempt of its own plan and part, never a later or its own', () => {
    const plan = 'plan.yml';
    const artifact = (attempt: number, part?: string, planPath = plan) => ({ id: attempt * 10 + (part ? 1 : 0), size: 1, name: stateArtifactName({ planPath, attempt, ...(part ? { part } : {}) }) });
    const all = [artifact(1), artifact(2), artifact(3), artifact(2, 'shard-1'), artifact(2, undefined, 'other.yml'), { id: 99, name: 'coverage', size: 5 }];
    expect(newestEarlierState(all, { planPath: plan, attempt: 3 })).toMatchObject({ attempt: 2, artifact: { id: 20 } });
    expect(newestEarlierState(all, { planPath: plan, attempt: 4 })).toMatchObject({ attempt: 3 });
    expect(newestEarlierState(all, { planPath: plan, attempt: 3, part: 'shard-1' })).toMatchObject({ attempt: 2, artifact: { id: 21 } });
    expect(newestEarlierState(all, { planPath: plan, attempt: 1 })).toBeUndefined();
  });

  it('a state an in-place resume saved is newer than the one of its attempt it resumed, and older than a later attempt', () => {
    const plan = 'plan.yml';
    const named = (attempt: number, inPlace?: number) => stateArtifactName({ planPath: plan, attempt, ...(inPlace && { inPlace }) });
    expect(named(1, 2)).toMatch(/^plan-runner-state-plan-yml-[0-9a-f]{8}-attempt-1-in-place-2\.jsonl$/);
    expect(parseStateArtifactName(named(1, 2), { planPath: plan })).toEqual({ attempt: 1, inPlace: 2 });
    const artifact = (id: number, attempt: number, inPlace?: number) => ({ id, size: 1, name: named(attempt, inPlace) });
    expect(newestEarlierState([artifact(1, 1, 2), artifact(2, 1), artifact(3, 1, 1)], { planPath: plan, attempt: 2 })).toMatchObject({ artifact: { id: 1 }, inPlace: 2 });
    expect(newestEarlierState([artifact(1, 1, 2), artifact(2, 2)], { planPath: plan, attempt: 3 })).toMatchObject({ attempt: 2, artifact: { id: 2 } });
  });

  it('a run key names its own states: no other key, and no keyless run, reads them; without a key the names are what they were', () => {
    const keyed = stateArtifactName({ planPath: 'plan.yml', runKey: 'node 20', attempt: 1 });
    expect(keyed).toMatch(/^plan-runner-state-plan-yml-node-20-[0-9a-f]{8}-attempt-1\.jsonl$/);
    expect(parseStateArtifactName(keyed, { planPath: 'plan.yml', runKey: 'node 20' })).toEqual({ attempt: 1 });
    expect(parseStateArtifactName(keyed, { planPath: 'plan.yml', runKey: 'node-20' })).toBeUndefined();
    expect(parseStateArtifactName(keyed, { planPath: 'plan.yml' })).toBeUndefined();
    expect(parseStateArtifactName(stateArtifactName({ planPath: 'plan.yml', attempt: 1 }), { planPath: 'plan.yml', runKey: 'node 20' })).toBeUndefined();
    // The hash keeps the key apart from the path: `a.yml` with key `b` is not a plan path that reads alike.
    expect(stateArtifactName({ planPath: 'a.yml', runKey: 'b', attempt: 1 })).not.toBe(stateArtifactName({ planPath: 'a.yml-b', attempt: 1 }));
  });

  it('a state saved aside after a name clash is never resumed, and marks the state it clashed with', () => {
    const plan = { planPath: 'plan.yml' };
    const aside = stateClashName({ ...plan, attempt: 1 });
    expect(aside).toMatch(/^plan-runner-state-plan-yml-[0-9a-f]{8}-attempt-1-clash-[0-9a-f]{8}\.jsonl$/);
    expect(parseStateArtifactName(aside, plan)).toEqual({ attempt: 1, clash: true });
    const first = { id: 1, size: 1, name: stateArtifactName({ ...plan, attempt: 1 }) };
    expect(newestStates([first, { id: 2, size: 1, name: aside }], plan, () => true)).toEqual([{ attempt: 1, artifact: first, clashed: true }]);
    // A clash in an earlier attempt does not mark a later attempt's state.
    const second = { id: 3, size: 1, name: stateArtifactName({ ...plan, attempt: 2 }) };
    expect(newestStates([first, { id: 2, size: 1, name: aside }, second], plan, () => true)).toEqual([{ attempt: 2, artifact: second }]);
  });

  it("a whole run's state names its job: a re-run reads its own job's (and a state saved before names held a job), never another job's", () => {
    const plan = { planPath: 'plan.yml' };
    const own = { id: 1, size: 1, name: stateArtifactName({ ...plan, job: 'answer', attempt: 1 }) };
    const other = { id: 2, size: 1, name: stateArtifactName({ ...plan, job: 'answer_again', attempt: 1 }) };
    expect(own.name).toMatch(/^plan-runner-state-plan-yml-[0-9a-f]{8}-job-answer-[0-9a-f]{8}-attempt-1\.jsonl$/);
    expect(parseStateArtifactName(own.name, plan)).toEqual({ job: expect.stringMatching(/^answer-[0-9a-f]{8}$/), attempt: 1 });
    expect(newestEarlierState([own, other], { ...plan, job: 'answer', attempt: 2 })).toMatchObject({ artifact: { id: 1 } });
    expect(newestEarlierState([own, other], { ...plan, job: 'answer_again', attempt: 2 })).toMatchObject({ artifact: { id: 2 } });
    expect(newestEarlierState([other], { ...plan, job: 'answer', attempt: 2 })).toBeUndefined();
    const before = { id: 3, size: 1, name: stateArtifactName({ ...plan, attempt: 1 }) };
    expect(newestEarlierState([before], { ...plan, job: 'answer', attempt: 2 })).toMatchObject({ artifact: { id: 3 } });
    // Read for any job (an /approve reading the paused run's state), two jobs' states of one attempt cannot be told apart.
    expect(newestStates([own, other], plan, () => true)).toEqual([{ attempt: 1, artifact: own, clashed: true }]);
    // A part of a fanned-out run is read by the other parts' jobs: its name holds no job.
    expect(stateArtifactName({ ...plan, job: 'shard', part: 'shard-1', attempt: 1 })).toBe(stateArtifactName({ ...plan, part: 'shard-1', attempt: 1 }));
  });
});
