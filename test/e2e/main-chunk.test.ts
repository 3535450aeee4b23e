import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBundles } from './action-bundle.ts';
import { removeActionRuns, runActionBundle } from './start-action.ts';

afterAll(removeActionRuns);

/**
 * V8 compiles the whole of the action's main chunk at every start (bench section 5), so what few runs
 * need is loaded when first needed. Each entry is text only that code has.
 */
const LOADED_WHEN_NEEDED = [
  // decode-named-character-reference's 2,000 entity names: a not_contains goal's rendered reading.
  { what: 'the HTML entity table', text: 'CounterClockwiseContourIntegral' },
  // string-width, and the grapheme segmenter a terminal's checklist cuts lines with: each starts ICU at its load.
  { what: 'string-width', text: 'RGI_Emoji' },
  { what: 'an Intl.Segmenter', text: 'Intl.Segmenter' },
  // re2js is in no chunk at all: test/scripts/beside-bundles.test.ts.
];

// A run of this file alone, with sources newer than dist/, builds the bundles first: not in a test's 20 s.
beforeAll(sharedBundles, 600_000);

describe("the action's main chunk", () => {
  it('leaves out what only some plans need', async () => {
    const main = readFileSync((await sharedBundles()).action, 'utf8');
    for (const { what, text } of LOADED_WHEN_NEEDED) expect(main.includes(text), what).toBe(false);
  });

  it('loads the entity table when a not_contains goal reads the result as a page shows it', async () => {
    const plan = [
      'name: entities',
      'tools:',
      '  say:',
      '    description: Says a text with a character reference',
      '    command: [node, -e, "process.stdout.write(\'Tom &amp; Jerry\')"]',
      'workflow_sequence:',
      '  - { id: 1, type: tool_call, tool: say, args: {} }',
      'goals:',
      '  - { name: no ampersand pair, not_contains: "Tom & Jerry" }',
      '',
    ].join('\n');
    const run = await runActionBundle({ entry: (await sharedBundles()).action, files: { 'plan.yml': plan }, inputs: { plan: 'plan.yml' } });
    expect(run.stderr).toBe('');
    expect(run.outputs['goals-met']).toBe('false');
    expect(run.stdout).toContain('found "Tom & Jerry" in the result as a rendered page shows it');
  });
});
