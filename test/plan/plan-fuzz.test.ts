import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import type { LoadResult } from '../../src/plan/valid-plan.ts';
import { cpuHeavyTimeout } from '../helpers/cpu-heavy-timeout.ts';

const seeds = ['bodmas.yml', 'weekly-report.yml'].map((name) => readFileSync(join(import.meta.dirname, '../../workflows', name), 'utf8'));

/** A result is either a plan or a non-empty list of errors with plain messages (no stack traces). */
function expectWellFormed(result: LoadResult): void {
  if (result.ok) {
    expect(Array.isArray(result.plan.steps)).toBe(true);
    return;
  }
  expect(result.errors.length).toBeGreaterThan(0);
  for (const error of result.errors) {
    expect(typeof error.message).toBe('string');
    expect(error.message).not.toMatch(/\n\s+at /);
  }
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(fc.string(), fc.constantFrom(':', '- ', '{', '[', '*a', '&a ', '\t', '"', '\n  ', 'id: 1\n', '${steps.', '!!binary ')) }),
  fc.record({ kind: fc.constant('duplicateLine' as const), at: fc.nat() }),
);

type Mutation = { kind: 'delete'; at: number; length: number } | { kind: 'insert'; at: number; text: string } | { kind: 'duplicateLine'; at: number };

function mutate(text: string, mutations: readonly Mutation[]): string {
  let current = text;
  for (const change of mutations) {
    const at = current.length === 0 ? 0 : change.at % current.length;
    if (change.kind === 'delete') current = current.slice(0, at) + current.slice(at + change.length);
    else if (change.kind === 'insert') current = current.slice(0, at) + change.text + current.slice(at);
    else {
      const lines = current.split('\n');
      const line = lines.length === 0 ? 0 : change.at % lines.length;
      lines.splice(line, 0, lines[line] ?? '');
      current = lines.join('\n');
    }
  }
  return current;
}

describe('loadPlanText never throws', () => {
  it('returns errors or a plan for random text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 400 }), async (text) => {
        expectWellFormed(await loadPlanText(text, 'random.yml'));
      }),
      { numRuns: 300 },
    );
  });

  // Most mutations break the plan, and its errors' positions are read with the `yaml` package: 5 ms a run, 1.6 s of CPU
  // alone, 16 s once on two loaded cores.
  it('returns errors or a plan for mutated example plans', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...seeds), fc.array(mutation, { minLength: 1, maxLength: 6 }), async (seed, mutations) => {
        expectWellFormed(await loadPlanText(mutate(seed, mutations), 'mutated.yml'));
      }),
      { numRuns: 300 },
    );
  }, cpuHeavyTimeout(1.6));

  it('returns errors or a plan for arbitrary YAML values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything({ maxDepth: 4 }), async (value) => {
        let text: string;
        try {
          text = stringify(value);
        } catch {
          return;
        }
        expectWellFormed(await loadPlanText(text, 'anything.yml'));
      }),
      { numRuns: 300 },
    );
  });

  // 1.2 s of CPU alone: most of these plans have errors, whose positions are read as above.
  it('returns errors or a plan for plan-shaped values with random fields', async () => {
    const step = fc.record(
      {
        id: fc.oneof(fc.nat(5), fc.constantFrom('a', 'b', '1')),
        type: fc.constantFrom('tool_call', 'reasoning', 'aggregate', 'other'),
        tool: fc.constantFrom('add', 'multiply', 'nope'),
        args: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(fc.integer(), fc.constantFrom('${steps.1.result}', '${inputs.x}', '${steps.a.result[0]}'), fc.record({ step_result: fc.nat(5) }))),
        depends_on: fc.array(fc.oneof(fc.nat(5), fc.constantFrom('a', 'b')), { maxLength: 3 }),
        inputs: fc.array(fc.nat(5), { maxLength: 3 }),
      },
      { requiredKeys: ['id', 'type'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        expectWellFormed(await loadPlanText(stringify({ toolsets: ['math'], workflow_sequence: steps }), 'shaped.yml'));
      }),
      { numRuns: 300 },
    );
  }, cpuHeavyTimeout(1.2));
});
