import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActionBundle, type ActionBundle } from './action-bundle.ts';
import { removeActionRuns, runActionBundle } from './start-action.ts';

// The post step (`runs.post`) runs after the main step however it ended, `post-if: always()`. It told
// itself apart from the main step by a state the main step saved at its start; a main step cancelled
// before that (its first half second: loading, reading the inputs) left none, and its post step ran the
// whole plan as a main step, side effects included, and reported success (found by an adversarial pass).
let bundle: ActionBundle;

beforeAll(async () => {
  bundle = await buildActionBundle();
}, 600_000);

afterAll(async () => {
  await removeActionRuns();
});

const DEPLOY = `name: Deploy
tools:
  deploy:
    description: Deploys (appends to deployed.log).
    command: [sh, -c, 'echo deployed >> deployed.log; echo deployed']
    side_effects: true
workflow_sequence:
  - id: 1
    type: tool_call
    tool: deploy
goals:
  - name: deployed
    check: { contains: deployed }
`;

describe('the post step', () => {
  it('of a main step that saved nothing (cancelled as it started) runs no step and fails nothing', async () => {
    const post = await runActionBundle({ entry: bundle.entry, files: { 'plan.yml': DEPLOY }, inputs: { plan: 'plan.yml', comment: 'never' }, post: true });
    expect(existsSync(path.join(post.workspace, 'deployed.log'))).toBe(false);
    expect(post.exitCode).toBe(0);
    expect(post.outputs['status']).toBeUndefined();
    expect(post.stdout).not.toContain('deploy');
  });

  it('with inputs the main step refused says nothing and fails nothing: the main step’s verdict stands', async () => {
    const post = await runActionBundle({ entry: bundle.entry, files: { 'plan.yml': DEPLOY }, inputs: { plan: 'plan.yml', mode: 'bogus' }, post: true });
    expect(post.exitCode).toBe(0);
    expect(post.stdout).not.toContain('::error');
  });
});
