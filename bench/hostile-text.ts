import { createRedactor, jsonMayNeedRedaction } from '../src/core/redact.ts';
import { MAX_PLAN_BYTES, parsePlanYaml } from '../src/plan/parse-plan-yaml.ts';
import { githubExpressionHint } from '../src/plan/reference-syntax.ts';
import { findJsonValue } from '../src/planner/find-json-value.ts';
import { parseWithPositions } from '../src/plan/yaml-document.ts';
import { splitSentences } from '../src/goals/split-sentences.ts';
import { removeHiddenMarkdown } from '../src/security/hidden-markdown.ts';
import { MAX_PARSED_CHARS, neutraliseOutbound } from '../src/security/neutralise-outbound.ts';
import { sanitizeUntrustedValue, UNTRUSTED_CHAR_LIMIT } from '../src/security/sanitize-untrusted.ts';
import { jsonFences } from '../src/goals/parse-json-result.ts';
import { outputTail } from '../src/goals/output-tail.ts';
import { hideCutFragments } from '../src/core/hide-cut-fragments.ts';
import { privateKeyLines } from '../src/tools/files/search-files-tool.ts';
import type { BenchTable } from './bench-table.ts';
import { median, spread } from './stats.ts';

const SIZE = 256 * 1024;
const REPEATS = 5;

/** `unit` repeated to `size` characters (SIZE by default). */
const filled = (unit: string, size = SIZE): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Times `work` REPEATS times, awaiting what it returns (the plan file's read is asynchronous). */
async function timed(work: () => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

/** `text` in lines of 999 characters, the longest the fast plan reader reads (it leaves longer ones to `yaml`). */
const inLines = (text: string): string => text.replace(/[^]{999}/g, '$&\n');
/** How `validate` reads a plan file: the fast reader, and the `yaml` package with positions when it leaves the file to it. */
const planRead = (text: string): unknown => parsePlanYaml(inLines(text));

/**
 * 32,000 keys that read alike once invisible characters go (`decision`, then zero-width spaces and
 * non-joiners spelling a number), against 32,000 keys that differ visibly. Each counted its number from 2
 * among those taken before: 72 s.
 */
async function collidingKeys(): Promise<(string | number)[]> {
  const count = 32_000;
  const invisible = (n: number): string => [...n.toString(2)].map((bit) => (bit === '1' ? '\u200b' : '\u200c')).join('');
  const alike = Object.fromEntries(Array.from({ length: count }, (_, n) => [`decision${invisible(n)}`, n]));
  const distinct = Object.fromEntries(Array.from({ length: count }, (_, n) => [`decision${n}`, n]));
  const base = await timed(() => sanitizeUntrustedValue(distinct));
  const times = await timed(() => sanitizeUntrustedValue(alike));
  return ['untrusted JSON: 32,000 keys alike but for invisible characters (was 72 s), against as many distinct keys', Object.keys(alike).join('').length / 1024, median(times), spread(times), median(times) / median(base)];
}

/**
 * Section (11): what text anyone may write (a diff, a page, a tool's output, a model's answer) costs
 * the code that reads it, against prose of the same length: each shape is one that made a
 * backtracking pattern scan far from every place it started, so its time grew with the square of the
 * length (and no timer could stop it). A ratio near 1 is linear.
 */
export async function hostileText(): Promise<BenchTable> {
  const redact = createRedactor(['deploy4664ca493f025b05be8ab50707d045378c3e5e43plain', 'hunter2-long-password']);
  const screen = (json: string) => jsonMayNeedRedaction(json, redact);
  // Markdown is parsed only up to a size: GitHub-bound text up to MAX_PARSED_CHARS, prompt text up to UNTRUSTED_CHAR_LIMIT.
  const cases: Array<[string, string, (text: string) => unknown, number]> = [
    ['redact: `sk-` repeated (was 25 s)', 'sk-', redact, SIZE],
    ['redact: `eyJ-` repeated', 'eyJ-', redact, SIZE],
    ['redact: the end of a known secret repeated (was 13 s at 1 MiB)', 'ab50707d045378c3e5e43plain ', redact, SIZE],
    ['redact: BEGIN PRIVATE KEY lines, no END', '-----BEGIN RSA PRIVATE KEY-----\n', redact, SIZE],
    ['redact: a letter and a zero-width space repeated (160-460 ms and 50-64 MB when its map was made at every call)', 'a\u200b', redact, SIZE],
    ['redact: a known secret split by a zero-width space, repeated', 'hunter2-long\u200b-password ', redact, SIZE],
    ['trace screen: `sk-` repeated, as JSON (was 24 s)', 'sk-', screen, SIZE],
    ['every_sentence_matches: `Word. ` repeated (was 1.5 s at 48 KB)', 'Word. ', splitSentences, SIZE],
    ['every_sentence_matches: `.` repeated', '.', splitSentences, SIZE],
    ['every_sentence_matches: `X.。` repeated, no space (175 s at 160 KB with the first version of this round)', 'X.。', splitSentences, SIZE],
    ['plan hint: `${{steps.` and spaces', ' ', (text) => githubExpressionHint(`\${{steps.${text}`), SIZE],
    ['neutralise outbound: `[` then `![a](` repeated (was 8.5 s at 64 KiB as `[`)', '![a](', (text) => neutraliseOutbound(`[${text}`), MAX_PARSED_CHARS - 1],
    // Sized so the text is still parsed once each mention has its zero-width space (5 characters for 4).
    ['neutralise outbound: `[` then escaped mentions `\\@ab`', '\\@ab', (text) => neutraliseOutbound(`[${text}`), Math.floor((MAX_PARSED_CHARS - 1) * 0.8)],
    ['neutralise outbound: `[` then `*a_` repeated', '*a_', (text) => neutraliseOutbound(`[${text}`), MAX_PARSED_CHARS - 1],
    // A run of backticks no run of its length closes reads to the end of its paragraph; a URL GitHub links by itself,
    // from each `www.` to the end of its word, and at each punctuation mark the run of them after it.
    ['neutralise outbound: `` \\`` `` then `a`, code spans no run closes (was 3.3 s)', '\\``a', neutraliseOutbound, MAX_PARSED_CHARS - 1],
    ['neutralise outbound: `_www.a.b_c`, URLs rejected at their word\'s end (was 1.6 s)', '_www.a.b_c', neutraliseOutbound, MAX_PARSED_CHARS - 1],
    ['neutralise outbound: a URL, then `!` repeated (was 1.7 s)', '!', (text) => neutraliseOutbound(`https://a.b/${text}a`), MAX_PARSED_CHARS - 16],
    // Lines that continue a quote's paragraph lazily (each read back the whole paragraph), and setext headings in a quote.
    ['neutralise outbound: `> a`, then `a` lines a quote continues lazily (was 1.5 s)', 'a\n', (text) => neutraliseOutbound(`> a\n${text}`), MAX_PARSED_CHARS - 4],
    ['neutralise outbound: `>=` lines, a setext heading in a quote at every other (was 1.2 s)', '>=\n', neutraliseOutbound, MAX_PARSED_CHARS - 1],
    // The fast reader, then `yaml` where it leaves the file to it (prose too): timing the fast reader's refusal alone said nothing of the cost.
    ['plan file read: lines of spaces (the fast reader\'s checks took 170 s)', ' ', planRead, MAX_PLAN_BYTES - 2048],
    ['plan file read: lines of `- `', '- ', planRead, MAX_PLAN_BYTES - 2048],
    ['plan file read: `a` and U+2028 (the fast reader\'s checks took 1.1 s)', 'a\u2028', planRead, MAX_PLAN_BYTES / 2 - 2048],
    // A plan file the fast reader refuses goes to `yaml` whole, for its errors' positions: one per comma here.
    ['plan YAML: `x: [` then `,` repeated (`validate` took 12 s, 1.1 GB)', ',', (text) => parseWithPositions(`x: [${text}]`), MAX_PLAN_BYTES - 5],
    ['hidden Markdown (prompts): `[` then `]` repeated (was 8 s at 32 KiB)', ']', (text) => removeHiddenMarkdown(`[${text}`), UNTRUSTED_CHAR_LIMIT - 1],
    ['hidden Markdown (prompts): `[` then `*a_` repeated', '*a_', (text) => removeHiddenMarkdown(`[${text}`), UNTRUSTED_CHAR_LIMIT - 1],
    ['hidden Markdown (prompts): `` \\`` `` then `a`, code spans no run closes (was 13 s)', '\\``a', (text) => removeHiddenMarkdown(`[${text}`), UNTRUSTED_CHAR_LIMIT - 1],
    // The reading parses the URLs GitHub links in text, where there is one, as posting does.
    ['hidden Markdown (prompts): `[` then `_www.a.b_c`, URLs rejected at their word\'s end', '_www.a.b_c', (text) => removeHiddenMarkdown(`[${text}`), UNTRUSTED_CHAR_LIMIT - 1],
    ['hidden Markdown (prompts): `[^a]: b`, then `a` lines a footnote continues lazily (was 8.5 s)', 'a\n', (text) => removeHiddenMarkdown(`[^a]: b\n${text}`), UNTRUSTED_CHAR_LIMIT - 8],
    // 999 titles in parentheses that never close (1,000 would pass the bracket limit), then the lines each read to (was 9.5 s).
    ['hidden Markdown (prompts): 999 `[](b (`, then short lines', 'x\n', (text) => removeHiddenMarkdown(`${'[](b ('.repeat(999)}${text}`), UNTRUSTED_CHAR_LIMIT - 6_000],
    // A planner's, replanner's or review's answer: 50 starts each scanned and parsed to the end (30 s at 15 MB).
    ['planner answer: `[` 200 deep, `1,` repeated, `]` 200 deep, `x`', '1,', (text) => findJsonValue(`${'['.repeat(200)}${text}${']'.repeat(200)}x`), SIZE],
    ['planner answer: fences of nothing, `` ``` `` and a line break repeated (20 s at 15 MB)', '```\n', findJsonValue, SIZE],
    ['planner answer: `` ``` `` then blanks (was 1.9 s at 64 KiB)', ' ', (text) => findJsonValue(`\`\`\`${text}x`), SIZE],
    ['result read as JSON: backticks, then `\\r` (was 10 s at 128 KiB)', '`', (text) => jsonFences(`${text}\rx`), SIZE],
    ['command goal output: blanks, then `x` (was 58 s at 256 KiB)', ' ', (text) => outputTail(`${text}x`), SIZE],
    ['judge evidence: token characters, then ` x…` (was 5.7 s at 64 KiB)', 'a1', (text) => hideCutFragments(`${text} x…`), SIZE],
    // search_files skips files over 1 MiB; a line of a file after a key's BEGIN line.
    ['search_files: a key block\'s line of blanks, then `!` (was 31 s at 256 KiB)', ' ', (text) => privateKeyLines(['-----BEGIN RSA PRIVATE KEY-----', `${text}!`]), MAX_PLAN_BYTES - 64],
  ];
  const rows: (string | number)[][] = [];
  for (const [name, unit, work, size] of cases) {
    const prose = filled('The quick brown fox jumps over the lazy dog; results were 42 and 7. ', size);
    const asJson = work === screen;
    const base = await timed(() => work(asJson ? JSON.stringify(prose) : prose));
    const hostile = asJson ? JSON.stringify(filled(unit, size)) : filled(unit, size);
    const times = await timed(() => work(hostile));
    rows.push([name, size / 1024, median(times), spread(times), median(times) / median(base)]);
  }
  rows.push(await collidingKeys());
  return {
    title: '(11) Hostile text: shapes that made parsers and patterns scan far, against prose of the same length',
    columns: ['what', 'KiB', 'median ms', 'spread', '× prose'],
    rows,
    notes: [
      `median of ${REPEATS} runs each; the baseline is the same function on prose of the same length, timed in the same run`,
      `sizes: the most each path reads (a plan file ${MAX_PLAN_BYTES / 1024 / 1024} MiB, GitHub-bound text is parsed up to ${MAX_PARSED_CHARS / 1024} KiB, prompt text up to ${UNTRUSTED_CHAR_LIMIT / 1000}k characters; redaction and the trace screen see anything)`,
      'the "was" figures are the code before this round, measured by the reviewer: time that grew with the square of the length, on the event loop',
    ],
  };
}
