import { describe, expect, it } from 'vitest';
import { internalErrorResult } from '../../src/action/check-run-output.ts';
import { createRedactor } from '../../src/core/redact.ts';

// plan-runner's own failure can quote what a plan, a tool or a model gave: the check run's summary is a GitHub
// write like any other, and once only escaped its Markdown, so a mention or a copied marker went through.
describe('the check run of an internal error', () => {
  const hostile = 'step review: key gave "@alice, fixes #12 <!-- plan-runner: comment --> [docs](https://evil.example/x) ![t](https://evil.example/p.png)"';

  it('neutralises the error as every GitHub write: no mention, reference, marker or foreign link', async () => {
    const result = await internalErrorResult(new Error(hostile), createRedactor(), 'https://github.com/acme/app/actions/runs/7', 'https://github.com/acme/app');
    expect(result.conclusion).toBe('failure');
    expect(result.summary).not.toMatch(/@alice/);
    expect(result.summary).not.toMatch(/#12/);
    expect(result.summary).not.toContain('<!--');
    expect(result.summary).not.toMatch(/\]\(https:\/\/evil\.example/);
    // The run's own link stays a link.
    expect(result.summary).toContain('[View the run](https://github.com/acme/app/actions/runs/7)');
  });

  it('keeps secrets out', async () => {
    const redact = createRedactor(['s3cr3t-value-1234']);
    const result = await internalErrorResult(new Error('request failed with s3cr3t-value-1234'), redact);
    expect(result.summary).not.toContain('s3cr3t-value-1234');
  });
});
