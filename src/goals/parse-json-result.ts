import { balancedJsonEnd } from '../core/balanced-json-end.ts';
import { isMap } from '../core/json-schema.ts';
import { parseJson } from '../core/parse-json.ts';
import { pushAll } from '../core/push-all.ts';
import { canonicalJson } from '../core/stable-hash.ts';
import { cutText } from '../core/cut-text.ts';

/** A result read as JSON, or why it is not JSON. */
export type ParsedJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly why: string };

// The marker is the whole run (`(?!`)`): a line the info string cannot match to its end (a `\r` or U+2028
// inside) made `{3,} try every shorter run, each scanning the rest: 128,000 backticks and `\rx` took 10 s.
const FENCE = /^ {0,3}(`{3,}(?!`)|~{3,}(?!~))(.*)$/;

/**
 * The bodies of the Markdown code fences in `text` whose info string is empty or names JSON (`json`,
 * `jsonc`, `json5`), in order. A fence opens at a line start with three or more backticks or tildes and
 * closes at a line of the same character at least as long, as in CommonMark ("wrapped in ``` as asked"
 * opens none); one never closed (an answer cut off) is not read. One pass over the lines.
 */
export function jsonFences(text: string): string[] {
  return fencesAndProse(text).bodies;
}

/** The info strings of fences that hold words, not code: read as the words around an answer are. */
const WORD_FENCES = /^(?:text|txt|plain|plaintext|md|markdown|output|log)$/;

/** `jsonFences`, and the lines outside every fence, a fence of words' lines among them (code in another language is neither). */
function fencesAndProse(text: string): { readonly bodies: string[]; readonly prose: string[] } {
  const bodies: string[] = [];
  const prose: string[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]!.replace(/\r$/, ''));
    if (!open || (open[1]![0] === '`' && open[2]!.includes('`'))) {
      prose.push(lines[index]!);
      continue;
    }
    const marker = open[1]!;
    const info = open[2]!.trim().toLowerCase().split(/\s/)[0] ?? '';
    let close = index + 1;
    for (; close < lines.length; close++) {
      const line = lines[close]!.replace(/\r$/, '');
      const fence = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (fence && fence[1]![0] === marker[0] && fence[1]!.length >= marker.length) break;
    }
    if (close < lines.length && (info === '' || /^json[c5]?$/.test(info))) bodies.push(lines.slice(index + 1, close).join('\n'));
    // One never closed is no fence: its lines are prose.
    else if (close >= lines.length) pushAll(prose, lines.slice(index));
    // A closed fence of words (```text, ```markdown…) holds no answer, but what it says is read as the words beside the
    // answer are: one after `{"approved": true}` saying `{"approved": false}` was read by nothing, and the goal was met
    // (found by a hunt of the goal kinds). Code in another language (```js) is neither answer nor words.
    else if (WORD_FENCES.test(info)) pushAll(prose, lines.slice(index + 1, close));
    index = close;
  }
  return { bodies, prose };
}

/**
 * A result as JSON: objects and arrays as they are; strings parsed, also when the JSON sits in a
 * ```json fence (models like to wrap it). Fences that differ are no answer: the first was read, and a
 * model's "Correction: …" in a second fence after `{"approved": true}` passed a gate (found by an
 * adversarial pass).
 */
export function parseJsonResult(value: unknown): ParsedJson {
  if (typeof value !== 'string') return { ok: true, value };
  const trimmed = value.trim();
  const whole = parseJsonText(trimmed);
  if (whole.ok) return whole;
  // The same answer written twice, however spaced, is one answer; two that differ are none. A block's text is
  // parsed once however often it is written, and past MAX_BLOCKS_READ different answers, or texts that are no
  // JSON, the result is refused: 16 MiB of empty blocks, each a failed parse, took 15 s (found by an adversarial pass).
  const parsedTexts = new Set<string>();
  const answers = new Map<string, ParsedJson>();
  let first: ParsedJson | undefined;
  let failed = 0;
  const { bodies, prose } = fencesAndProse(trimmed);
  for (const body of bodies) {
    const text = body.trim();
    if (parsedTexts.has(text)) continue;
    parsedTexts.add(text);
    const parsed = parseJsonText(text);
    first ??= parsed;
    if (!parsed.ok && ++failed > MAX_BLOCKS_READ) return { ok: false, why: `it holds more than ${MAX_BLOCKS_READ} different code blocks that are not JSON; have the step return one JSON value` };
    answers.set(parsed.ok ? JSON.stringify(parsed.value) : `\u0000${parsed.why}`, parsed);
    if (answers.size > MAX_BLOCKS_READ) return { ok: false, why: `it holds more than ${MAX_BLOCKS_READ} different JSON code blocks, and which one is the answer is not clear; have the step return one` };
  }
  if (answers.size > 1) return { ok: false, why: `it holds ${answers.size} different JSON code blocks, and which one is the answer is not clear; have the step return one` };
  // An object in the words around the block that says otherwise takes it back: "Correction: … NOT approved:
  // {"approved": false}" after a block of {"approved": true} passed a gate (found by an adversarial pass).
  const other = first?.ok ? contradiction(prose.join('\n'), first.value) : undefined;
  if (other?.unread !== undefined) return { ok: false, why: `the words beside its code block hold ${other.unread}, more than is read, so whether they say otherwise is not known; have the step return the JSON alone` };
  if (other !== undefined) return { ok: false, why: `it holds JSON beside its code block that says otherwise (${shorten(other.said)}), and which one is the answer is not clear; have the step return one` };
  return first ?? whole;
}

/** Objects read in the words around a code block: far more than any honest answer holds beside its block. */
const MAX_OBJECT_STARTS = 1_000;

/** What the words around a code block say against it: an object that does (`said`), or why they were not read whole (`unread`). */
type Contradiction = { readonly said: string; readonly unread?: undefined } | { readonly unread: string };

/**
 * The first JSON object in `text` that gives one of `answer`'s keys another value (each compared as JSON with
 * its keys sorted), when `answer` is an object: a restatement of the answer, or an object of other keys (a part
 * of it quoted), says nothing against it (found by a review). Read from each brace that can open an object with
 * a key (`{` and then `"`: a `{` of code or of a placeholder cannot), reading at most twice the text in all (each
 * start may read on to the text's end: 16 MB of `{` took 2.8 s) and at most MAX_OBJECT_STARTS objects. Words the
 * bounds leave unread are no answer (`unread`): a correction past them was never read, and three braces of code
 * quoted in the words, or 50 placeholders, before `{"approved": false}` passed the gate (found by an adversarial hunt).
 */
function contradiction(text: string, answer: unknown): Contradiction | undefined {
  if (Array.isArray(answer)) return otherList(text, answer);
  // The other literal as a word of its own: "Correction: the answer is false." beside a block of `true`.
  if (typeof answer === 'boolean') return (answer ? /\bfalse\b/ : /\btrue\b/).test(text) ? { said: String(!answer) } : undefined;
  if (!isMap(answer)) return undefined;
  const given = answer;
  // Each of the answer's values written once, however many objects name its key.
  const written = new Map<string, string>();
  const givenJson = (key: string): string => written.get(key) ?? (written.set(key, canonicalJson(given[key])), written.get(key)!);
  let budget = 2 * text.length;
  let starts = 0;
  for (let start = text.indexOf('{'); start !== -1; ) {
    if (!opensKey(text, start)) {
      start = text.indexOf('{', start + 1);
      continue;
    }
    if (starts >= MAX_OBJECT_STARTS) return { unread: `more than ${MAX_OBJECT_STARTS} objects` };
    starts++;
    const limit = Math.min(text.length, start + budget);
    const end = balancedJsonEnd(text, start, limit);
    budget -= (end ?? limit) - start;
    // Stopped by the budget, not by the text's end: what follows was never read.
    if (end === undefined && limit < text.length) return { unread: 'more braces that open no object than can be read' };
    const parsed = end === undefined ? undefined : parseJsonText(text.slice(start, end));
    if (parsed?.ok && isMap(parsed.value)) {
      const said = parsed.value;
      if (Object.keys(said).some((key) => Object.hasOwn(given, key) && canonicalJson(said[key]) !== givenJson(key))) return { said: text.slice(start, end) };
      start = text.indexOf('{', end);
    } else start = text.indexOf('{', start + 1);
  }
  return undefined;
}

/**
 * Whether the `{` at `start` can open an object that gives a key: JSON white space, then `"`. Reads only the
 * white space after it, which ends at the next brace at the latest: every brace is looked at once in all.
 */
/**
 * The first JSON list in `text` other than `answer` (compared as canonical JSON): beside a block of `[]`, "Correction: the
 * list is ["src/auth.ts"]" passed a gate of `maxItems: 0` (found by a hunt of the goal kinds). Bounded as objects are.
 */
function otherList(text: string, answer: readonly unknown[]): Contradiction | undefined {
  const given = canonicalJson(answer);
  let budget = 2 * text.length;
  let starts = 0;
  for (let start = text.indexOf('['); start !== -1; ) {
    if (starts >= MAX_OBJECT_STARTS) return { unread: `more than ${MAX_OBJECT_STARTS} lists` };
    starts++;
    const limit = Math.min(text.length, start + budget);
    const end = balancedJsonEnd(text, start, limit);
    budget -= (end ?? limit) - start;
    if (end === undefined && limit < text.length) return { unread: 'more brackets that open no list than can be read' };
    const parsed = end === undefined ? undefined : parseJsonText(text.slice(start, end));
    if (parsed?.ok && Array.isArray(parsed.value)) {
      if (canonicalJson(parsed.value) !== given) return { said: text.slice(start, end) };
      start = text.indexOf('[', end);
    } else start = text.indexOf('[', start + 1);
  }
  return undefined;
}

function opensKey(text: string, start: number): boolean {
  let at = start + 1;
  while (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r') at++;
  return text[at] === '"';
}

function shorten(text: string): string {
  return cutText(text, 80);
}

/** The most different answers, or code block texts that are no JSON, a result is read for. */
const MAX_BLOCKS_READ = 100;

/** `text` parsed as JSON, whole. */
export function parseJsonText(text: string): ParsedJson {
  try {
    return { ok: true, value: parseJson(text) };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}
