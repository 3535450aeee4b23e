import { describe, expect, it } from 'vitest';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

describe('approval keys', () => {
  it('accepts the plan policies and a step asking for itself', async () => {
    for (const policy of ['never', 'side-effects', 'plan']) {
      const plan = await validPlan(yaml(`approval: ${policy}`, 'workflow_sequence:', '  - id: 1', '    type: reasoning', '    description: Decide', '    approval: true'));
      expect(plan.source.approval).toBe(policy);
      expect(plan.steps[0]?.approval).toBe(true);
    }
  });

  it('points at a bad plan policy and says what it may be', async () => {
    expect(await errorsFor(yaml('approval: always', 'workflow_sequence:', '  - id: 1', '    type: reasoning'))).toEqual([
      expect.stringMatching(/^plan\.yml:1:11: .*never, side-effects.*plan.*always/),
    ]);
  });

  it('points at a step approval that is not true', async () => {
    expect(await errorsFor(yaml('workflow_sequence:', '  - id: 1', '    type: reasoning', '    approval: false'))).toEqual([
      'plan.yml:4:15: `approval` must be true; got `false` (at workflow_sequence[0].approval)',
    ]);
  });

  // Found by a new-user walkthrough: a key with one allowed value was told "must be one of 1".
  it('names the one value a key may take without "one of"', async () => {
    expect(await errorsFor(yaml('version: 2', 'workflow_sequence:', '  - id: 1', '    type: reasoning'))).toEqual(['plan.yml:1:10: `version` must be 1; got `2` (at version)']);
  });
});
