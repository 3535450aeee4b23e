import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { INPUT_NAMES } from '../../src/action/action-inputs.ts';
import { DEFAULT_MODEL_TIMEOUT_SECONDS } from '../../src/llm/model-timeout.ts';
import { DEFAULT_MODEL } from '../../src/llm/default-model.ts';

interface ActionYml {
  inputs: Record<string, { default?: string; description: string }>;
  outputs: Record<string, { description: string }>;
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
    expect(Object.keys(action.outputs)).toEqual(['status', 'result', 'goals-met', 'report', 'trace', 'plan-file', 'cost-usd', 'model-calls', 'prompt-tokens', 'cached-prompt-tokens', 'completion-tokens', 'duration-seconds', 'matrix', 'prepared']);
    // post: its own entry beside the bundle (src/post.ts), which saves the state of a main step that was killed before it could.
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js', post: 'dist/post.js' });
  });

  // Found by a user-path review: they said "the endpoint reported", and an endpoint that sends no usage gets estimates.
  it('says the token outputs may be estimates', () => {
    for (const name of ['prompt-tokens', 'completion-tokens']) expect(action.outputs[name]?.description).toMatch(/estimated from the text/);
  });
});

/** The rows of the README table under `### heading`: the names in its first cell, and its second cell. */
function readmeTable(heading: string): { names: string[]; second: string }[] {
  const lines = readFileSync('README.md', 'utf8').split('\n');
  const start = lines.indexOf(`### ${heading}`);
  const rows: { names: string[]; second: string }[] = [];
  for (const line of lines.slice(lines.findIndex((text, at) => at > start && text.startsWith('|')))) {
    if (!line.startsWith('|')) break;
    const cells = line.split(' | ');
    if (!cells[0]!.startsWith('| `')) continue;
    rows.push({ names: [...cells[0]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!), second: cells[1]! });
  }
  return rows;
}

// Found by a new-user walkthrough: nothing held the README's tables to action.yml, and action.yml's
// status said a paused run's job fails only for the plan's own required goals.
describe('the README’s inputs and outputs', () => {
  it('name every input of action.yml, once, with its default', () => {
    const documented = new Map<string, string>();
    for (const { names, second } of readmeTable('Inputs')) {
      // One row may hold several inputs, their defaults in the same order: `5`, `1`, —.
      const defaults = names.length > 1 && second.includes(', ') ? second.split(', ') : names.map(() => second);
      names.forEach((name, at) => {
        expect(documented.has(name), name).toBe(false);
        documented.set(name, defaults[at]!);
      });
    }
    expect([...documented.keys()].sort()).toEqual(Object.keys(action.inputs).sort());
    for (const [name, input] of Object.entries(action.inputs)) {
      // model's and model-timeout-seconds' defaults are the plan's, so the table says them in words.
      if (name === 'model') expect(documented.get(name)).toContain(`\`${DEFAULT_MODEL}\``);
      else if (name === 'model-timeout-seconds') expect(documented.get(name)).toBe(`the plan's \`model.timeout_seconds\`, else \`${DEFAULT_MODEL_TIMEOUT_SECONDS}\``);
      else expect(documented.get(name), name).toBe(input.default ? `\`${input.default}\`` : '—');
    }
  });

  it('name every output of action.yml, in its order', () => {
    expect(readmeTable('Outputs').map((row) => row.names[0])).toEqual(Object.keys(action.outputs));
  });

  it('say, as the README does, that a used plan’s required goal fails a paused run’s job too', () => {
    expect(action.outputs['status']?.description).toMatch(/unless the plan or a plan it uses has a required goal/);
  });
});
