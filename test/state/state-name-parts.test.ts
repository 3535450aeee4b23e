// Another plan's saved state was once parsed as a shard of this plan.
import { describe, expect, it } from 'vitest';
import { newestPartStates } from '../../src/state/fan-out-states.ts';
import { stateArtifactName, statePlanKey } from '../../src/state/state-artifact-name.ts';

describe('state artifact names', () => {
  it('never read another plan\'s state as a part of this plan', () => {
    const mine = '.github/checks.yml';
    const hash = statePlanKey({ planPath: mine }).slice(-8);
    // A plan file whose slug continues this plan's key: `<slug>-<hash>-shard`, with separators varied until its own hash is all digits.
    const seps = ['.', '/', '_', '~', '+', '=', ','];
    let other: string | undefined;
    for (let i = 0; i < 7 ** 4 && !other; i++) {
      const [a, b, c, d] = [0, 1, 2, 3].map((k) => seps[Math.floor(i / 7 ** k) % 7]);
      const candidate = `.github${a}checks${b}yml${c}${hash}${d}shard_`;
      if (/-\d{8}$/.test(statePlanKey({ planPath: candidate }))) other = candidate;
    }
    expect(other).toBeDefined();
    const artifacts = [
      { id: 1, name: stateArtifactName({ planPath: mine, attempt: 1, part: 'prepare' }), size: 10 },
      { id: 2, name: stateArtifactName({ planPath: other!, attempt: 1 }), size: 10 }, // the other plan's whole run, same workflow run
    ];
    // What the merge job of `mine` builds on (wantedParts for merge in action/fan-out-state.ts).
    const parts = newestPartStates(artifacts, { planPath: mine }, (part) => part === 'prepare' || /^shard-\d+$/.test(part) || part === 'merge');
    expect(parts.map((state) => state.artifact.id)).toEqual([1]);
  });
});
