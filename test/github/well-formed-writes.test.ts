import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRunName } from '../../src/action/check-run-name.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { showArgs } from '../../src/run/show-args.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { zeroSpacingThrottle } from './zero-spacing-throttle.ts';

/** A lone surrogate: half of a character outside the BMP, as a cut by UTF-16 units leaves it. */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
});

// Found by an adversarial pass: cuts by UTF-16 units left half an emoji in an escalation issue's text and a check
// run's name, which GitHub may refuse or show as U+FFFD.
describe('what plan-runner writes to GitHub', () => {
  it('is well-formed text: a lone half of a character in any parameter of a request goes as U+FFFD', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    await octokit.rest.issues.create({ owner: 'o', repo: 'r', title: 'ship it \uD83D', body: 'done \uDE80 and 🚀', labels: ['a\uD83D'] });
    const sent = github.requestsTo('issues/create')[0]!.body as { title: string; body: string; labels: string[] };
    expect(sent).toMatchObject({ title: 'ship it \uFFFD', body: 'done \uFFFD and 🚀', labels: ['a\uFFFD'] });
  });

  it('is well-formed in a paginated request’s first URL too, which pagination builds before the hook sees it', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    expect(await octokit.paginate(octokit.rest.issues.listForRepo, { owner: 'o', repo: 'r', labels: 'needs-human \uD83D' })).toEqual([]);
    const pages = [];
    for await (const page of octokit.paginate.iterator(octokit.rest.issues.listForRepo, { owner: 'o', repo: 'r', labels: 'x\uDE80' })) pages.push(page.data);
    expect(pages).toEqual([[]]);
    expect(github.requestsTo('issues/list-for-repo').map((request) => request.query['labels'])).toEqual(['needs-human \uFFFD', 'x\uFFFD']);
  });

  it('cuts tool arguments and a check run’s name between characters, not inside one', async () => {
    const shown = showArgs({ body: `${'x'.repeat(190)}🚀🚀🚀` });
    expect(shown).not.toMatch(LONE);
    expect(shown.length).toBeLessThanOrEqual(201);
    expect(shown.endsWith('…')).toBe(true);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'check-name-'));
    try {
      const planFile = path.join(dir, 'plan.yml');
      await writeFile(planFile, `name: "${'a'.repeat(199)}🚀 weekly"\ngoal: g\n`);
      const name = await checkRunName({ planFile, planPath: 'plan.yml' });
      expect(name).not.toMatch(LONE);
      expect(name).toBe(`${'a'.repeat(199)}…`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
