import { escapeRegExp } from '../../core/escape-regexp.ts';
import { shownPath } from './shown-path.ts';
import { visibleControls } from '../../core/visible-controls.ts';
import { cutNote } from '../../core/cut-note.ts';
import { groupDigits } from '../../core/group-digits.ts';
import { hideCutEnd } from '../../core/hide-cut-fragments.ts';
import { realpath } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import { LinearRegex } from '../../core/linear-regex.ts';
import type { Redactor } from '../../core/redact.ts';
import type { Tool } from '../tool.ts';
import { InvalidSearchError } from './invalid-search-error.ts';
import { compileGlob } from './compile-glob.ts';
import { PathRefusedError } from './path-refused-error.ts';
import { RepoFileNotFoundError } from './repo-file-not-found-error.ts';
import { checkRelativePath, openRepoFile } from './resolve-repo-path.ts';
import { walkFilesAsShown } from './walk-files-as-shown.ts';
import type { WalkLimits } from './walk-repo-files.ts';
import { cutText } from '../../core/cut-text.ts';
import { decodeText } from '../../core/decode-text.ts';

/** Default cap on the matching lines `search_files` returns. */
export const SEARCH_FILES_MAX_RESULTS = 200;
/** Files larger than this are skipped: they are generated or data, rarely worth searching. */
const MAX_FILE_BYTES = 1024 * 1024;
/** Long lines (minified code) are cut before matching and showing. */
const MAX_LINE_CHARS = 400;
/** The longest the search runs without giving the event loop a turn. */
const YIELD_MS = 20;

const KEY_BEGIN = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/;
const KEY_END = /-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/;
/**
 * A line inside a key block, trimmed: base64 (PEM, an OpenPGP armor's checksum `=abcd`), an armor header,
 * or blank. Matched against the trimmed line: `^\s*…\s*$` on the line itself gave the spaces around it
 * two ways to match, and a line of 256,000 spaces and a `!` after a BEGIN held the event loop 31 s.
 */
const KEY_BODY = /^(?:[A-Za-z0-9+/=]*|[A-Za-z][A-Za-z-]*: .*)$/;

/**
 * The lines of private key blocks (`-----BEGIN … PRIVATE KEY-----` or an OpenPGP `… PRIVATE KEY BLOCK-----`,
 * then its body lines, to its END line): never matched nor shown. The run's redactor hides a whole block,
 * which `read_file` returns, but not its lines one by one, as a search returns them; and a match alone
 * would tell a model what a line of the key holds, a query at a time. A BEGIN with no body after it
 * (code that names the marker) hides only its own line.
 */
export function privateKeyLines(lines: readonly string[]): Set<number> {
  const hidden = new Set<number>();
  for (let index = 0; index < lines.length; index++) {
    const begin = KEY_BEGIN.exec(lines[index]!);
    if (!begin) continue;
    hidden.add(index);
    // BEGIN and END on one line (a key in JSON, `\n`-escaped): that line is the block.
    if (KEY_END.test(lines[index]!.slice(begin.index + begin[0].length))) continue;
    let next = index + 1;
    while (next < lines.length && !KEY_END.test(lines[next]!) && KEY_BODY.test(lines[next]!.trim())) hidden.add(next++);
    if (next < lines.length && KEY_END.test(lines[next]!)) hidden.add(next);
    index = next - 1;
  }
  return hidden;
}


// The model writes the query and the repository holds the text: a backtracking RegExp here could
// block the event loop past every timeout, so matching runs on the linear-time engine.
function compile(query: string, isRegex: boolean, ignoreCase: boolean): LinearRegex {
  try {
    return LinearRegex.compile(isRegex ? query : escapeRegExp(query), ignoreCase ? 'i' : '');
  } catch (error) {
    throw new InvalidSearchError(query, error);
  }
}

/**
 * A matched line as it is written, on its one line: a break the split on `\n` leaves in it (a lone `\r`, U+2028,
 * U+2029, NEL) shown as a symbol, as in a path (`shownPath`); raw, `x\rauth.ts:1: reviewed` read as a match in another file.
 */
function oneLine(text: string): string {
  return visibleControls(text).replace(/[\u2028\u2029]/g, '\u2424');
}

/**
 * The `search_files` tool: lines matching a fixed string or regex across the repository, as `path:line: text`.
 * The query is matched against each line redacted with the run's `redact`, as the model sees lines: matched
 * against the line as written, a match or none told a model a secret it is only shown as `***`, one
 * range query per character.
 */
export function searchFilesTool(options: { root: string; redact: Redactor; maxResults?: number; walk?: WalkLimits }): Tool {
  const { redact } = options;
  const maxResults = options.maxResults ?? SEARCH_FILES_MAX_RESULTS;
  return {
    name: 'search_files',
    description:
      `Search repository text files for a fixed string (or a regular expression with regex: true). ` +
      `Returns 'path:line: text' lines, at most ${maxResults} (a path holding a control character or ':', or starting with '"' or '[', is a JSON string). ` +
      `.git, .plan-runner, node_modules, files over 1 MiB and the lines of private key blocks are skipped.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 500, description: 'Text (or regex) to find' },
        regex: { type: 'boolean', description: 'Treat query as a regular expression (RE2 syntax: no lookaround or backreferences)' },
        ignore_case: { type: 'boolean' },
        pattern: { type: 'string', description: "Only files matching this glob, e.g. 'src/**/*.ts'" },
      },
      required: ['query'],
      additionalProperties: false,
    },
    sideEffects: false,
    async execute(args, ctx) {
      const query = String(args.query);
      const matcher = compile(query, args.regex === true, args.ignore_case === true);
      const pattern = typeof args.pattern === 'string' && args.pattern !== '' ? args.pattern : undefined;
      if (pattern !== undefined) checkRelativePath('search_files', pattern);
      const glob = pattern === undefined ? undefined : compileGlob('search_files', pattern);
      const results: string[] = [];
      let more = false;
      // What was not searched: said in a cut note, so a goal on the result ("no matches") cannot pass on a search that
      // left out a text file or part of a line that held a match (found by a hunt of the goal kinds: a FIXME past 400
      // characters of a minified line, or in a file over 1 MiB, gave `[no matches …]`, which `matches: '^\[no matches'` met).
      const skipped: Skipped = { large: 0, lines: 0, refused: [] };
      // Names matched and sorted as the model sees them, as list_files does: as written, a glob told a secret in one.
      const walk = await walkFilesAsShown(options.root, redact, glob, { signal: ctx.signal, ...options.walk, ...(glob && { pattern }) });
      const realRoot = await realpath(options.root);
      let slice = performance.now();
      search: for (const file of walk.files) {
        ctx.signal.throwIfAborted();
        // Opened as read_file opens one: a file swapped for a symlink out of the repository since the walk is not read.
        // A file gone since the walk holds nothing; one refused is said in the cut note, as "no matches" is not true of it
        // (names read_file refused, `~notes.md`, were skipped silently; found by an adversarial pass).
        let opened: Awaited<ReturnType<typeof openRepoFile>>;
        try {
          opened = await openRepoFile('search_files', options.root, file, realRoot);
        } catch (error) {
          if (error instanceof RepoFileNotFoundError) continue;
          if (!(error instanceof PathRefusedError)) throw error;
          skipped.refused.push(error);
          continue;
        }
        let content: Buffer;
        try {
          if (opened.stats.size > MAX_FILE_BYTES) {
            skipped.large++;
            continue;
          }
          content = await opened.handle.readFile();
        } finally {
          await opened.handle.close();
        }
        const text = decodeText(content);
        // Not text (a NUL byte, or no encoding it decodes as): no line of it is a line of text a query finds, as for grep.
        if (text === undefined) continue;
        // Lines are redacted (and matched) one by one only in a file that holds something to redact: a
        // line of a file the redactor leaves as it is holds nothing either (3x the search time otherwise).
        const whole = redact(text);
        const shown = whole === text ? (line: string) => line : redact;
        const lines = text.split(/\r?\n/);
        // A line the file's redaction changed past what the line's own does (a piece of a known value wrapped over
        // lines, which read_file hides) is neither matched nor shown: alone, no piece is a known value.
        const wholeLines = whole === text ? undefined : new Set(whole.split(/\r?\n/));
        const hidden = text.includes('PRIVATE KEY') ? privateKeyLines(lines) : undefined;
        for (const [index, line] of lines.entries()) {
          if (hidden?.has(index)) continue;
          // A model's regex is linear in the text, but its constant can be large (17 ms a line):
          // the event loop gets a turn, and the step's timeout or a cancel a chance, every YIELD_MS.
          if (performance.now() - slice > YIELD_MS) {
            await setImmediate();
            ctx.signal.throwIfAborted();
            slice = performance.now();
          }
          const own = shown(line);
          if (wholeLines !== undefined && !wholeLines.has(own)) continue;
          // Cut, then redacted, in any file: at the `…` the cut adds the redactor hides the start of a secret,
          // and shapes the whole file does not hold can appear.
          // A token shape the cut went through matches no pattern: the run before the mark is hidden when it looks like one.
          // Matched as shown, never past the cut (a query could find a secret's start there): a longer line is searched in
          // its first 400 characters only, and the cut note says how many were.
          const long = line.length > MAX_LINE_CHARS;
          if (long) skipped.lines++;
          const seen = long ? hideCutEnd(redact(cutText(line, MAX_LINE_CHARS + 1))) : own;
          if (!matcher.test(seen)) continue;
          if (results.length === maxResults) {
            more = true;
            break search;
          }
          results.push(`${shownPath(file)}:${index + 1}: ${oneLine(seen)}`);
        }
      }
      const left = notSearched(skipped);
      const notice = `${walk.notice}${left === undefined ? '' : `${cutNote(left)}\n`}`;
      if (results.length === 0) return `${notice}[no matches for '${query}']`;
      if (!more) return `${notice}${results.join('\n')}`;
      return `${notice}${cutNote(`more than ${maxResults} matching lines; showing the first ${maxResults}; narrow the query or pattern`)}\n${results.join('\n')}`;
    },
  };
}

/** What a search left out: files over 1 MiB, lines searched in part, listed files refused when opened. */
interface Skipped {
  large: number;
  lines: number;
  readonly refused: PathRefusedError[];
}

/** What a search left out, in words for its cut note; undefined when it searched every file and line. */
function notSearched(skipped: Skipped): string | undefined {
  const files = [
    skipped.large === 0 ? undefined : `${skipped.large} file${skipped.large === 1 ? '' : 's'} over 1 MiB`,
    skipped.refused.length === 0 ? undefined : refusedFiles(skipped.refused),
  ].filter((part) => part !== undefined);
  const whole = files.length === 0 ? undefined : `not searched: ${files.join(', ')}`;
  const cut = skipped.lines === 0 ? undefined : `${skipped.lines} line${skipped.lines === 1 ? ' was' : 's were'} searched in ${skipped.lines === 1 ? 'its' : 'their'} first ${MAX_LINE_CHARS} characters only`;
  return whole === undefined && cut === undefined ? undefined : [whole, cut].filter((part) => part !== undefined).join('; ');
}

/** The files the walk listed and opening refused, in words: how many, and the first few with why. */
function refusedFiles(refused: readonly PathRefusedError[]): string {
  const some = refused.slice(0, 3).map((error) => `'${shownPath(error.path)}': ${error.reason}`);
  const count = refused.length === 1 ? '1 file' : `${groupDigits(refused.length)} files`;
  return `${count} refused when opened (${some.join(', ')}${refused.length > some.length ? ', …' : ''})`;
}
