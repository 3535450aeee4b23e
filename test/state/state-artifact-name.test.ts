import { describe, expect, it } from 'vitest';
import { newestEarlierState } from '../../src/action/saved-state.ts';
import { parseStateArtifactName, stateArtifactName } from '../../src/state/state-artifact-name.ts';

describe('state artifact names', () => {
  it('name the plan, the part and the attempt, and parse back only for the same plan', () => {
    const name = stateArtifactName({ planPath: '.github/plans/weekly report.yml', attempt: 3, part: 'shard-2' });
    expect(name).toMatch(/^plan-runner-state-github-plans-weekly-report-yml-[0-9a-f]{8}-shard-2-attempt-3\.jsonl$/);
    expect(parseStateArtifactName(name, '.github/plans/weekly report.yml')).toEqual({ part: 'shard-2', attempt: 3 });
    expect(parseStateArtifactName(name, '.github/plans/weekly_report.yml')).toBeUndefined();
    expect(parseStateArtifactName(stateArtifactName({ planPath: 'a.yml', attempt: 1 }), 'a.yml')).toEqual({ attempt: 1 });
    expect(parseStateArtifactName('plan-runner-state-a-yml-00000000-attempt-1.jsonl.zip', 'a.yml')).toBeUndefined();
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
});
