// Shared by the example tools: plan-runner sends a tool's arguments as JSON on stdin and takes
// stdout as the result. Node built-ins only, so the examples run without `npm install`.
import { readFileSync } from 'node:fs';

/** The tool's arguments: the JSON object on stdin. */
export function readInput() {
  const text = readFileSync(0, 'utf8').trim();
  const input = text ? JSON.parse(text) : {};
  if (input === null || typeof input !== 'object' || Array.isArray(input)) fail('expected a JSON object on stdin');
  return input;
}

/** A sample data file from workflows/data/, found from this script's location (not the cwd). */
export function loadSampleData(name) {
  return JSON.parse(readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8'));
}

/** The result: JSON on stdout. */
export function respond(result) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** A permanent failure: the message goes to stderr, where plan-runner shows it; exit status 1. */
export function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The week argument, checked: an ISO week such as 2026-W48 that the sample data covers. */
export function requireWeek(input, weeks) {
  const week = input.week;
  if (typeof week !== 'string' || !/^\d{4}-W\d{2}$/.test(week)) fail(`week must be an ISO week such as 2026-W48, got ${JSON.stringify(week)}`);
  if (!Object.hasOwn(weeks, week)) fail(`no data for week ${week}; the bundled sample covers ${Object.keys(weeks).join(', ')}`);
  return week;
}
