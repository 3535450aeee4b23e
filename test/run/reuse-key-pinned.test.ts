// A resume reuses a completed step whose reuse key is unchanged, so a key must stay what earlier traces recorded:
// a change to how keys are made runs every completed step again, side effects included. These keys were made by
// the code before a tool's definition was copied once per run and a step's definition no longer copied to hash it.
import { expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { stableHash } from '../../src/core/stable-hash.ts';
import { ResultHashes, stepReuseKey, type ReuseKeyInputs } from '../../src/run/step-reuse-key.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import { mathToolset } from '../../src/tools/math-toolset.ts';
import type { Tool } from '../../src/tools/tool.ts';

const SECRET = 's3cr3t-value-123';
const redact = createRedactor([SECRET]);
const search: Tool = {
  name: 'docs__search',
  description: `Search the docs (key ${SECRET})`,
  inputSchema: { type: 'object', required: ['query'], properties: { query: { type: 'string', description: 'What to look for' }, limit: { type: 'integer', minimum: 1 } } },
  sideEffects: false,
  origin: { server: 'docs', url: `https://user:${SECRET}@docs.test/mcp` },
  execute: async () => 'found',
};
const tools = new Map<string, Tool>([...mathToolset(), search].map((tool) => [tool.name, tool]));
const used: RunnablePlan = { name: 'used', steps: [], limits: { concurrency: 1, timeout_minutes: 5 }, source: { model: { name: 'used-model' }, tools: {} } };
const plan: RunnablePlan = {
  name: 'pinned',
  goal: 'Publish the total',
  steps: [],
  limits: { concurrency: 4, timeout_minutes: 30 },
  source: {
    model: { name: 'gpt-test', temperature: 0.2 },
    goals: [{ name: 'total is published', check: { type: 'contains', value: '42' } }] as never,
    agents: { researcher: { description: 'Reads the docs', model: 'agent-model', system: 'Be brief.', tools: ['docs__search'] } } as never,
    tools: { publish: { description: 'Publishes', command: ['sh', '-c', 'cat >> out.txt'], input: { type: 'object', properties: { total: { type: 'number' } } }, side_effects: true, timeout_seconds: 30, retry: { attempts: 2 } } } as never,
  },
  subplans: new Map([['plans/used.yml', used]]),
};
const step = (fields: Partial<PlanStep> & Pick<PlanStep, 'key' | 'type'>): PlanStep => ({ id: fields.key, inputs: [], dependsOn: [], ...fields }) as PlanStep;
const STEPS: PlanStep[] = [
  step({ key: '1', type: 'tool_call', tool: 'add', args: { a: 40, b: 2 }, description: 'Add 40 and 2' }),
  step({ key: '2', type: 'tool_call', tool: 'publish', args: { total: { step_result: '1' } } as never, dependsOn: ['1'], title: 'Publish', timeoutSeconds: 9 }),
  step({ key: '3', type: 'tool_call', tool: 'docs__search', description: `Find the release notes (${SECRET})`, dependsOn: ['1', '2'] }),
  step({ key: '4', type: 'agent', agent: 'researcher', task: 'Summarise the docs', tools: ['publish', 'docs__search', 'add', 'publish'] } as never),
  step({ key: '5', type: 'reasoning', description: 'Explain the total', dependsOn: ['1'], retry: { attempts: 3 } } as never),
  step({ key: '6', type: 'plan', uses: 'plans/used.yml', dependsOn: ['5'] } as never),
  step({ key: '7', type: 'aggregate', description: 'Combine', inputs: ['1', '3'], dependsOn: ['1', '3'] } as never),
];

function keysOf(inheritedModel?: string): string[] {
  const from: ReuseKeyInputs = {
    plan: { ...plan, steps: STEPS },
    tools,
    inputsHash: stableHash({ region: 'eu' }),
    keys: new Map([['1', 'key-1'], ['2', 'key-2'], ['3', 'key-3'], ['5', 'key-5']]),
    results: new Map<string, unknown>([['1', 42], ['2', `published with ${SECRET}`], ['3', { hits: ['a', 'b'], total: 2 }]]),
    resultHashes: new ResultHashes(redact),
    redact,
    ...(inheritedModel !== undefined && { inheritedModel }),
  };
  return STEPS.map((planStep) => stepReuseKey(planStep, from));
}

it('makes the keys earlier traces recorded, for every kind of step and tool', () => {
  expect(keysOf()).toEqual(PINNED);
  expect(keysOf('inherited-model')).toEqual(PINNED_INHERITED);
});

const PINNED = [
  '215bd108772167a05f37056a9eb25de3',
  '8001fef4fcae20a1b225eae5297a5a9a',
  'b980a9a38d59a4deaa5a43ea400ff218',
  'b3461d06295a9c9871a7de840388d472',
  'aba673d2c7dcea2d9f2a649bbe873c21',
  '15c514075b11f5edc73b3719ceeaaee0',
  '855470a1a4e4ff9c25b4565370684739',
];
// Only the steps a model answers change with the model a used plan inherits (3, 4, 5, 7).
const PINNED_INHERITED = [
  '215bd108772167a05f37056a9eb25de3',
  '8001fef4fcae20a1b225eae5297a5a9a',
  'db21f195fb2997f47339a13436ad27e1',
  'c278d05e9d4b4efb5003e6ec33782e84',
  'd7d0aecd94947187d4208c4589c9b548',
  '15c514075b11f5edc73b3719ceeaaee0',
  '23aacdba35b0c1a6cba5da36068f4af8',
];

it('hides in a tool’s server a secret the redactor learned after the tool’s first key, as a used plan’s secret input is', () => {
  const LEARNED = 'wiki-key-0451-learned';
  const wiki: Tool = { ...search, name: 'wiki__search', origin: { server: 'wiki', env: { WIKI_KEY: LEARNED } } };
  const calling = (key: string) => step({ key, type: 'tool_call', tool: 'wiki__search', args: { query: 'release notes' } });
  const keyWith = (planStep: PlanStep, redactor: typeof redact) =>
    stepReuseKey(planStep, { plan, tools: new Map([[wiki.name, wiki]]), inputsHash: 'inputs', keys: new Map(), results: new Map(), resultHashes: new ResultHashes(redactor), redact: redactor });
  const learning = createRedactor([SECRET]);
  keyWith(calling('1'), learning);
  learning.learn?.([LEARNED]);
  const after = keyWith(calling('2'), learning);
  expect(after).toBe(keyWith(calling('2'), createRedactor([SECRET, LEARNED])));
  expect(after).not.toBe(keyWith(calling('2'), createRedactor([SECRET])));
});

it('makes the key earlier traces recorded for a tool named as a property every object has, in a plan with tools of its own', () => {
  const adapter: Tool = { name: 'constructor', description: 'Builds', inputSchema: { type: 'object' }, sideEffects: true, execute: async () => 'built' };
  const from: ReuseKeyInputs = { plan, tools: new Map([[adapter.name, adapter]]), inputsHash: 'inputs', keys: new Map(), results: new Map(), resultHashes: new ResultHashes(redact), redact };
  const keys = [step({ key: '1', type: 'tool_call', tool: 'constructor', args: {} }), step({ key: '2', type: 'agent', task: 'Build', tools: ['constructor'] } as never)].map((planStep) => stepReuseKey(planStep, from));
  expect(keys).toEqual(['0ac81b0b3fb730fde54ac300d1ff93a0', '70f5548390f3308d18eb6dde038ade25']);
});
