/**
 * Records an example's replay file: runs `plan-runner run <plan> --record <plan>.replay.jsonl`
 * against a local Chat Completions server that plays the model with scripted answers, so the
 * examples run offline and in CI without a key. The answers are written here, not by a live model.
 *
 *   node scripts/record-example.ts workflows/weekly-report.yml [--cli src/cli.ts]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatRequest } from '../src/llm/model-client.ts';
import { startChatServer, textAnswer, toolCallAnswer, type ScriptedReply } from '../test/helpers/chat-server.ts';

/** Scripted text answers by step key, per example file name. */
const TEXT_ANSWERS: Record<string, Record<string, string>> = {
  'returns-check': {
    '2': 'Two categories are above the 5% benchmark in 2026-W48: Apparel at 18% and Sports at 9%. Electronics (3%), Home & Garden (4%) and Beauty (2%) are at or under it.',
    '4':
      'Apparel: 18% of items returned against a 5% benchmark, with 4,200 units in stock (11 weeks of cover). Action: audit sizing and quality ' +
      'of the most returned items and pause replenishment until cover is under 6 weeks. Sports: 9% returned, 3,100 units (9 weeks of cover). ' +
      'Action: review the returned items with the supplier and reduce the next order.',
  },
  'weekly-report': {
    '3':
      'Two categories are underperforming. Apparel: sales fell 15.9% to $38,000 and 18% of items were returned, ' +
      'more than three times the 5% benchmark, which points to sizing or quality problems. Sports: sales fell 11.2% ' +
      'to $26,100 with a 9% return rate, also above the benchmark. Electronics, Home & Garden and Beauty grew and ' +
      'stayed at or under the benchmark.',
    '5':
      'Performance: Electronics led sales at $142,000 (+2.5%); Home & Garden (+3.9%) and Beauty (+2.8%) grew. ' +
      'Issues: Apparel sales fell 15.9% to $38,000 with 18% returns against a 5% benchmark; Sports fell 11.2% with 9% returns. ' +
      'Inventory risk: Apparel holds 4,200 units (11 weeks of cover) and Sports 3,100 units (9 weeks), so both are ' +
      'overstocked while demand falls. Recommended actions: audit Apparel sizing and quality, starting with the most ' +
      'returned items; pause Apparel and Sports replenishment until cover is under 6 weeks; review both categories next week.',
  },
  'degraded-report': {
    summary:
      'Sales: Electronics led at $142,000 (+2.5%), Home & Garden (+3.9%) and Beauty (+2.8%) grew, while Apparel fell 15.9% ' +
      'to $38,000 and Sports fell 11.2%. Returns: Apparel returned 18% of items and Sports 9%, against a 5% benchmark; ' +
      'the other categories stayed at or under it. Missing: web traffic is not available this week because the analytics ' +
      'export for 2026-W48 has not run yet, so visits and conversion are left out.',
  },
};

/** Scripted agent turns by example: the n-th answer of an agent step's loop. */
const todo = (id: string, content: string, status: string) => ({ id, content, status });
const AGENT_TURNS: Record<string, ScriptedReply[]> = {
  'agent-triage': [
    toolCallAnswer('write_todos', {
      merge: false,
      todos: [todo('1', 'Fetch this week’s sales', 'in_progress'), todo('2', 'Fetch this week’s return rates', 'pending'), todo('3', 'Compare and recommend', 'pending')],
    }),
    toolCallAnswer('fetch_sales_data', { week: '2026-W48' }),
    toolCallAnswer('write_todos', { merge: true, todos: [todo('1', 'Fetch this week’s sales', 'completed'), todo('2', 'Fetch this week’s return rates', 'in_progress')] }),
    toolCallAnswer('fetch_return_rates', { week: '2026-W48' }),
    toolCallAnswer('write_todos', { merge: true, todos: [todo('2', 'Fetch this week’s return rates', 'completed'), todo('3', 'Compare and recommend', 'completed')] }),
    textAnswer(
      'Apparel needs attention first: sales fell 15.9% to $38,000 while 18% of items came back, more than three times ' +
        'the 5% benchmark. Sports is next (sales -11.2%, 9% returns). First action: audit Apparel sizing and quality, ' +
        'starting with the most returned items.',
    ),
  ],
};

/**
 * Scripted planner answers, per example file name, for plans that have only a goal: the step list
 * in the shape the planner's strict response format asks for (args as JSON text, null when absent).
 */
const PLAN_ANSWERS: Record<string, { steps: unknown[]; why: null }> = {
  'returns-check': {
    steps: [
      { id: 1, type: 'tool_call', tool: 'fetch_return_rates', description: "Fetch this week's return rate per category and the benchmark", args: '{"week": "${inputs.week}"}', inputs: null, depends_on: [], why: 'The rates decide which categories to look at.' },
      { id: 2, type: 'reasoning', tool: null, description: 'List the categories whose return rate is above the benchmark, with their rates', args: null, inputs: null, depends_on: [1], why: null },
      { id: 3, type: 'tool_call', tool: 'fetch_inventory_levels', description: 'Fetch stock and weeks of cover for the categories over the benchmark from step 2', args: null, inputs: null, depends_on: [2], why: 'The categories come from step 2, so the arguments are chosen at run time.' },
      { id: 4, type: 'aggregate', tool: null, description: 'For each category over the benchmark, give its return rate, its stock and one recommended action', args: null, inputs: [1, 2, 3], depends_on: null, why: null },
    ],
    why: null,
  },
};

/** Arguments by tool name for forced tool calls; other tools get values made from their schema. */
const TOOL_ARGUMENTS: Record<string, Record<string, unknown>> = {
  fetch_inventory_levels: { categories: ['Apparel', 'Sports'] },
};

function sampleOf(schema: Record<string, unknown>): unknown {
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sampleOf((schema.items as Record<string, unknown>) ?? {})];
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = (schema.required ?? Object.keys(properties)) as string[];
      return Object.fromEntries(required.map((name) => [name, sampleOf(properties[name] ?? {})]));
    }
    default:
      return Array.isArray(schema.enum) ? schema.enum[0] : 'current';
  }
}

function stepKeyOf(body: ChatRequest): string {
  for (const message of body.messages) {
    const match = message.role === 'user' && typeof message.content === 'string' ? /Your step \(([^)]+)\):/.exec(message.content) : null;
    if (match?.[1]) return match[1];
  }
  return '?';
}

function answer(example: string, body: ChatRequest): ScriptedReply {
  const isAgent = body.tools?.some((tool) => tool.type === 'function' && tool.function.name === 'write_todos');
  if (isAgent) {
    const turn = body.messages.filter((message) => message.role === 'assistant').length;
    return AGENT_TURNS[example]?.[turn] ?? textAnswer(`Scripted agent answer ${turn}.`);
  }
  const choice = body.tool_choice;
  if (typeof choice === 'object' && choice.type === 'function') {
    const name = choice.function.name;
    const offered = body.tools?.find((tool) => tool.type === 'function' && tool.function.name === name);
    const schema = (offered?.type === 'function' ? offered.function.parameters : undefined) ?? { type: 'object' };
    return toolCallAnswer(name, TOOL_ARGUMENTS[name] ?? sampleOf(schema));
  }
  const format = body.response_format;
  if (format?.type === 'json_schema' && format.json_schema.name === 'plan_steps') {
    const plan = PLAN_ANSWERS[example];
    if (plan) return textAnswer(JSON.stringify(plan));
  }
  const key = stepKeyOf(body);
  return textAnswer(TEXT_ANSWERS[example]?.[key] ?? `Scripted answer for step ${key}.`);
}

const args = process.argv.slice(2);
const plan = args.find((arg) => !arg.startsWith('--') && args[args.indexOf(arg) - 1] !== '--cli');
const cliFlag = args.indexOf('--cli');
const cli = cliFlag >= 0 ? args[cliFlag + 1] : ['src/cli.ts', 'dist/cli/index.js'].find((candidate) => existsSync(candidate));
if (!plan || !cli) {
  console.error('usage: node scripts/record-example.ts <plan.yml> [--cli src/cli.ts]  (no CLI found: build it or pass --cli)');
  process.exit(2);
}
const example = plan.replace(/^.*\//, '').replace(/\.ya?ml$/, '');
const output = plan.replace(/\.ya?ml$/, '.replay.jsonl');
const server = await startChatServer((request) => answer(example, request.body));
// The trace and report of the recording run are by-products; keep them out of the repository.
const scratch = mkdtempSync(join(tmpdir(), 'plan-runner-record-'));
const child = spawn(
  process.execPath,
  [cli, 'run', plan, '--record', output, '--base-url', server.baseURL, '--trace', join(scratch, 'trace.jsonl'), '--summary', join(scratch, 'report.md')],
  // A throwaway key: the local server ignores it and the recording never contains it.
  { stdio: 'inherit', env: { ...process.env, OPENAI_API_KEY: 'sk-local-recording' } },
);
const code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
await server.close();
console.error(`${server.requests.length} model call(s) recorded to ${output}; the run exited ${code}`);
process.exit(code);
