import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { grantApproval } from '../../src/job/grant-approval.ts';
import { loadPlanFile } from '../../src/plan/load-plan.ts';
import type { ValidPlan } from '../../src/plan/valid-plan.ts';
import { approvalHash, approvalRequest, planFileHash, usedPlanPaths } from '../../src/run/approval-request.ts';
import type { ResumeState } from '../../src/run/resume-state.ts';

const INNER = (n: number) => `name: Inner\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: ${n}, b: 1 } }\n`;
// Two used plans whose paths sort differently by code unit (`Z` < `a`) and in en-US (`aa` < `Z`).
const OUTER = `name: Outer\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: plan, uses: plans/aa.yml }\n  - { id: 2, type: plan, uses: plans/Z.yml, approval: true }\n`;

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

async function plan(innerZ = 1): Promise<ValidPlan> {
  const root = mkdtempSync(path.join(tmpdir(), 'plan-runner-grant-'));
  roots.push(root);
  mkdirSync(path.join(root, 'plans'));
  writeFileSync(path.join(root, 'outer.yml'), OUTER);
  writeFileSync(path.join(root, 'plans/aa.yml'), INNER(1));
  writeFileSync(path.join(root, 'plans/Z.yml'), INNER(innerZ));
  const loaded = await loadPlanFile(path.join(root, 'outer.yml'), { root });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.plan;
}

/** The state of a run that paused with its plan file hashed as `fileHash`. */
function pausedWith(fileHash: string): ResumeState {
  const snapshot = { name: 'Outer', revision: 0, steps: [] };
  return {
    reuse: new Map(),
    items: new Map(),
    itemErrors: new Map(),
    leftUndone: new Map(),
    completedSteps: new Set(),
    shards: new Map(),
    sideEffects: new Map(),
    durations: new Map(),
    from: 'attempt 1',
    plan: snapshot,
    firstPlan: snapshot,
    lastRevision: 0,
    approval: approvalRequest(snapshot, fileHash, [], { target: 'staging' }),
  };
}

const enUS = new Intl.Collator('en-US').compare;

describe('granting an approval to a run paused on a plan that uses plans', () => {
  it('hashes the used plans in code-unit order, which no locale changes', async () => {
    const valid = await plan();
    expect(planFileHash(valid)).toBe(planFileHash(valid, (a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // The orders differ for these paths, and so do the hashes: the test would not notice a locale order.
    expect(planFileHash(valid)).not.toBe(planFileHash(valid, enUS));
  });

  it('grants a run paused with the hash as it is now', async () => {
    const valid = await plan();
    const resume = pausedWith(planFileHash(valid));
    expect(grantApproval(valid, resume, { hash: resume.approval!.hash }, { target: 'staging' })).toMatchObject({ ok: true });
  });

  it('grants a run paused before the hash was locale-independent (used plans in en-US order)', async () => {
    const valid = await plan();
    const resume = pausedWith(planFileHash(valid, enUS));
    expect(grantApproval(valid, resume, { hash: resume.approval!.hash }, { target: 'staging' })).toMatchObject({ ok: true });
  });

  // The refusal named only the plans used directly, though a change two levels down refuses it too.
  it('names every plan file the approval depends on, at every depth, each once', () => {
    const deeper = { subplans: new Map() };
    const inner = { subplans: new Map([['plans/deeper.yml', deeper]]) };
    expect(usedPlanPaths({ subplans: new Map([['plans/inner.yml', inner], ['plans/also.yml', { subplans: new Map([['plans/deeper.yml', deeper]]) }]]) })).toEqual(['plans/also.yml', 'plans/deeper.yml', 'plans/inner.yml']);
  });

  it('refuses either kind of pause once a used plan changed, naming the hash as it is now', async () => {
    const before = await plan();
    const changed = await plan(1000);
    for (const resume of [pausedWith(planFileHash(before)), pausedWith(planFileHash(before, enUS))]) {
      const result = grantApproval(changed, resume, { hash: resume.approval!.hash }, { target: 'staging' });
      expect(result).toMatchObject({ ok: false, problem: expect.stringContaining('changed since the approval was asked') });
    }
  });

  // The pending steps' arguments follow from the inputs: a title passed as an input, changed between
  // the pause and the /approve, published a title the person never saw.
  it('refuses an approval given with other inputs than the pause had', async () => {
    const valid = await plan();
    const resume = pausedWith(planFileHash(valid));
    expect(grantApproval(valid, resume, { hash: resume.approval!.hash }, { target: 'production' })).toEqual({
      ok: false,
      problem: `the run's inputs differ from those of the run that asked for approval ${resume.approval!.hash}; nothing ran. Approve with the same inputs, or run the plan again with these to ask for approval of them`,
    });
  });

  it('grants a run paused before requests recorded their inputs, as then', async () => {
    const valid = await plan();
    const snapshot = { name: 'Outer', revision: 0, steps: [] };
    const parts = { planFileHash: planFileHash(valid), plan: snapshot, pending: [] };
    const legacy = { ...pausedWith(planFileHash(valid)), approval: { hash: approvalHash(parts), ...parts } };
    expect(grantApproval(valid, legacy, { hash: legacy.approval.hash }, { target: 'anything' })).toMatchObject({ ok: true });
  });

  // A re-run of the job an /approve started resumes its own state, which records the approval it went on with.
  it('goes on with an approval the resumed run went on with only for a re-run of that run (continues), and checks it as any', async () => {
    const valid = await plan();
    const approvedRun = { ...pausedWith(planFileHash(valid)), decided: 'approved' as const };
    const hash = approvedRun.approval!.hash;
    expect(grantApproval(valid, approvedRun, { hash }, { target: 'staging' })).toEqual({ ok: false, problem: `the approval ${hash} was already approved; nothing more runs for it` });
    expect(grantApproval(valid, approvedRun, { hash, continues: true }, { target: 'staging' })).toMatchObject({ ok: true, approval: { hash, request: approvedRun.approval } });
    expect(grantApproval(valid, approvedRun, { hash, continues: true }, { target: 'production' })).toMatchObject({ ok: false, problem: expect.stringContaining("the run's inputs differ") });
    expect(grantApproval(valid, { ...approvedRun, decided: 'rejected' }, { hash, continues: true }, { target: 'staging' })).toMatchObject({ ok: false, problem: expect.stringContaining('does not record the approval it went on with') });
    // It went on, then asked for another approval: that is why it cannot go on, not an earlier plan-runner's state.
    const askedAgain = { ...approvedRun, decided: undefined, approval: approvalRequest({ name: 'Outer', revision: 1, steps: [] }, planFileHash(valid), [], { target: 'staging' }) };
    expect(askedAgain.approval.hash).not.toBe(hash);
    expect(grantApproval(valid, askedAgain, { hash, continues: true }, { target: 'staging' })).toEqual({ ok: false, problem: `attempt 1 went on with the approval ${hash}, then asked for another (approval ${askedAgain.approval.hash}) for steps it does not cover, which no one has answered; nothing ran. Run the plan again (a new workflow run of the pull request) and answer its pause` });
    const { approval: _approval, decided: _decided, ...unrecorded } = approvedRun;
    expect(grantApproval(valid, unrecorded, { hash, continues: true }, { target: 'staging' })).toMatchObject({ ok: false, problem: expect.stringContaining('does not record the approval it went on with') });
  });
});
