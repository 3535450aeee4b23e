import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { INPUT_NAMES } from '../../src/action/action-inputs.ts';

interface ActionYml {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
  runs: { using: string; main: string };
}

// A YAML slip in action.yml (an unquoted ": " in a description) makes the whole action unusable.
const action = parse(readFileSync('action.yml', 'utf8')) as ActionYml;

describe('action.yml', () => {
  it('declares exactly the inputs the code reads, with the documented defaults', () => {
    expect(Object.keys(action.inputs)).toEqual([...INPUT_NAMES]);
    expect(action.inputs['plan']?.default).toBe('.github/plan.yml');
    expect(action.inputs['comment']?.default).toBe('auto');
    expect(action.inputs['fail-on-unmet-goals']?.default).toBe('true');
    expect(action.inputs['check-run']?.default).toBe('false');
    expect(action.inputs['github-token']?.default).toBe('${{ github.token }}');
  });

  it('declares the outputs the action sets, and runs the bundle on Node 24', () => {
    expect(Object.keys(action.outputs)).toEqual(['status', 'result', 'goals-met', 'report', 'trace', 'plan-file', 'cost-usd', 'model-calls', 'prompt-tokens', 'completion-tokens', 'duration-seconds', 'matrix', 'prepared']);
    // post: its own entry beside the bundle (src/post.ts), which saves the state of a main step that was killed before it could.
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js', post: 'dist/post.js' });
  });

  // Found by a user-path review: they said "the endpoint reported", and an endpoint that sends no usage gets estimates.
  it('says the token outputs may be estimates', () => {
    for (const name of ['prompt-tokens', 'completion-tokens']) expect((action.outputs[name] as { description: string }).description).toMatch(/estimated from the text/);
  });
});
