// repo_health_line: {"stats": {...}} → one line on a repository's health, with a verdict a reader
// can act on: "needs attention" when bugs pile up, pull requests go stale or CI fails.
import { readInput } from './tool-io.mjs';

const { stats } = readInput();
const concerns = [];
if (stats.open_bugs >= 10) concerns.push(`${stats.open_bugs} open bugs`);
if (stats.stale_pull_requests >= 5) concerns.push(`${stats.stale_pull_requests} stale pull requests`);
if (stats.default_branch_checks !== 'passing') concerns.push(`checks ${stats.default_branch_checks} on the default branch`);
const verdict = concerns.length ? `needs attention (${concerns.join(', ')})` : 'healthy';
process.stdout.write(`${stats.repository}: ${verdict}; ${stats.open_issues} open issues, last release ${stats.last_release}\n`);
