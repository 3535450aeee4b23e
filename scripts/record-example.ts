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
