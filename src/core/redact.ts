import { escapeRegExp } from './escape-regexp.ts';
import { wellFormed } from './well-formed.ts';
import { LinearRegex } from './linear-regex.ts';
import { isOrdinaryValue, isSecretEnvName } from './secret-env-name.ts';
import { trimEndChars } from './trim-end-chars.ts';
import { pushAll } from './push-all.ts';
import { literalTrie } from './literal-trie.ts';
import { normalizeLinear } from './normalize-linear.ts';

/** Replaces secrets in a text with `***`. */
/**
 * Hides secrets in a text. One made by `createRedactor` can `learn` more values later (what a plan
 * passes to its tools under secret names, known once the plan is read): every holder of it, the
 * reports opened before included, hides them from then on.
 */
export type Redactor = ((text: string) => string) & { readonly learn?: (values: Iterable<string | undefined>) => void };

export const REDACTED = '***';

/** Shorter values are not redacted by value: hiding every "true" or "1" would garble the output. */
export const MIN_SECRET_LENGTH = 4;

/**
 * Where a shape whose prefix could end a word (`sk-` in `risk-`) may start: at a word boundary, or
 * right after a percent escape (`token%3Dsk-…`) or a backslash letter escape (`\nsk-…` in JSON text kept
 * as text), where encoding put a word character before it. Matched, not looked behind at: the
 * replacement keeps it (`tokenShape`).
 */
const START = String.raw`\b|%[0-9A-Fa-f]{2}|\\[bfnrt]`;

/** `shape` as a global pattern whose first group is what may come before it (`start`, '' for anywhere). */
function tokenShape(start: string, shape: RegExp): RegExp {
  return new RegExp(`(${start})${shape.source}`, 'g');
}

interface TokenKind {
  /** The prefix (a pattern), `body` one character after it, `length` how many (`{20,}`, `{16}\b`). */
  readonly prefix: string;
  readonly body: string;
  readonly length: string;
  /** Found anywhere, not only where a word may start (`START`). */
  readonly anywhere?: true;
  readonly is?: (token: string) => boolean;
}

const hasDigit = (token: string): boolean => /\d/.test(token);

/**
 * Credential shapes worth hiding even when nobody told us the value. Redaction runs on text anyone
 * may write (a diff, a page, a tool's output), so each shape either matches or fails within a few
 * characters of where it starts: a backtracking engine then takes linear time on any text. (A
 * lookahead for the OpenAI key's digit scanned to the end of the text from every `sk-`: 256 KiB of
 * `sk-` blocked the event loop for 25 s.) GitHub's prefixes are distinctive enough to be found anywhere:
 * after `%3D` or `\n` in encoded text, after `0x` or `NAME_`, where no word boundary is.
 */
export const TOKEN_KINDS: readonly TokenKind[] = [
  { prefix: 'gh[pousr]_', body: '[A-Za-z0-9]', length: '{20,}', anywhere: true }, // GitHub tokens: ghp_ personal, gho_ OAuth, ghu_/ghs_ app, ghr_ refresh
  { prefix: 'github_pat_', body: '[A-Za-z0-9_]', length: '{20,}', anywhere: true }, // GitHub fine-grained personal access tokens
  { prefix: 'sk-', body: '[A-Za-z0-9_-]', length: '{20,}', is: hasDigit }, // OpenAI keys, sk-proj-… and sk-svcacct-… included (with a digit)
  { prefix: '(?:AKIA|ASIA)', body: '[A-Z0-9]', length: String.raw`{16}\b` }, // AWS access key ids
  { prefix: 'xox[abprs]-', body: '[A-Za-z0-9-]', length: '{10,}' }, // Slack tokens
];

const TOKEN_SHAPES: ReadonlyArray<{ readonly pattern: RegExp; readonly is?: (match: string) => boolean }> = TOKEN_KINDS.map((kind) => ({
  pattern: tokenShape(kind.anywhere ? '' : START, new RegExp(`${kind.prefix}${kind.body}${kind.length}`)),
  ...(kind.is && { is: kind.is }),
}));
/**
 * Shapes that can fail far from where they start (a JWT's three segments), run on the linear-time engine, and only
 * on text that holds their literal start; each is compiled when first needed (most runs never see one). Private
 * keys, whose END line is far too, are found by `keyRanges`. A JWT is found by its payload (`.eyJ`, a JSON
 * object's base64url after a dot), with any header before it or none: a cut, or a redaction, may have taken the
 * header's start, and its payload and signature showed (found by a redaction hunt).
 */
const FAR_SHAPES: ReadonlyArray<{ readonly start: string; readonly source: string; compiled?: LinearRegex }> = [
  { start: 'eyJ', source: String.raw`(?:\b[A-Za-z0-9_-]+)?\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}` }, // JWTs
];
/** The literal every private key's BEGIN line holds. */
const KEY_START = 'PRIVATE KEY';

const KEY_MARKER = /-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----/g;
const KEY_END = /-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----/g;
/**
 * What follows a key's BEGIN line when no END line does: its armor headers (`Proc-Type: 4,ENCRYPTED`), then its
 * base64 lines, raw or JSON-escaped line breaks between them, each line perhaps marked as a diff's or a quote's
 * (`-`, `+`, `>`); or, flattened to one line (an HTTP error's excerpt), base64 runs with spaces between them. The
 * first run is a key's only when it is long for a word (16 characters on a line of its own, 40 on a flattened
 * one): a marker line with prose after it stays. Each header's value is bounded, so the engine's backtracking is.
 */
const KEY_BODY = new RegExp(
  String.raw`^(?:(?:\r?\n|\\r\\n|\\n)[A-Za-z][A-Za-z-]{0,40}:[^\r\n\\]{0,200})*` +
    String.raw`(?:(?:(?:\r?\n|\\r\\n|\\n)[-+> \t]*)+[A-Za-z0-9+/=]{16,}(?:(?:\r?\n|\\r\\n|\\n)[-+> \t]*[A-Za-z0-9+/=]+)*` +
    String.raw`|[ \t]+[A-Za-z0-9+/=]{40,}(?:[ \t]+[A-Za-z0-9+/=]+)*)`,
);
/** The most of a key block looked at after its BEGIN line: an RSA 4096 key is 3.2 KB, an OpenPGP secret key block larger. */
const KEY_BODY_MAX = 64 * 1024;

/**
 * Where `text` holds a private key (PEM, or an OpenPGP secret key block): from each BEGIN line to the END line
 * after it, or, with none after it, through its base64 lines (`KEY_BODY`): a tool's cut (`…`) went through a key, and
 * a read_file of a bundle showed an EC key's whole private scalar (found by an adversarial pass). An END line with no
 * BEGIN line before it, from the base64 lines before it (`keyBodyBefore`): a cut took the key's start, as a command's
 * stderr tail keeps its last 2 KiB (found by a redaction hunt: the key's last lines showed). Linear: each
 * marker's body is read only up to the next marker (one regex over them all, looking for an END from each BEGIN,
 * took 525 s on 1 MB of them), and back from an END line only as far as the END line before it.
 */
function keyRanges(text: string): Array<{ start: number; end: number }> {
  const markers = [...text.matchAll(KEY_MARKER)];
  const ends = [...text.matchAll(KEY_END)];
  if (markers.length === 0 && ends.length === 0) return [];
  const ranges: Array<{ start: number; end: number }> = [];
  let end = 0;
  // Where the last END line read ends: no body before a later one is looked for past it.
  let passed = 0;
  const orphansBefore = (at: number): void => {
    for (; end < ends.length && ends[end]!.index < at; end++) {
      const closing = ends[end]!;
      const start = keyBodyBefore(text, closing.index, passed);
      if (start < closing.index) ranges.push({ start, end: closing.index + closing[0].length });
      passed = closing.index + closing[0].length;
    }
  };
  for (const [index, marker] of markers.entries()) {
    if (marker.index < (ranges.at(-1)?.end ?? 0)) continue;
    orphansBefore(marker.index);
    const closing = ends[end];
    if (closing) {
      ranges.push({ start: marker.index, end: closing.index + closing[0].length });
      passed = closing.index + closing[0].length;
      end++;
      continue;
    }
    const bodyStart = marker.index + marker[0].length;
    const limit = Math.min(markers[index + 1]?.index ?? text.length, bodyStart + KEY_BODY_MAX);
    const body = KEY_BODY.exec(text.slice(bodyStart, limit));
    if (body) ranges.push({ start: marker.index, end: bodyStart + body[0].length });
  }
  orphansBefore(text.length);
  return ranges;
}

const BASE64_CHAR = /[A-Za-z0-9+/=]/;
/** What a diff or a quote puts before a line (`-`, `+`, `>`), and indentation. */
const LINE_MARK = /[-+> \t]/;

/** How long the line break that ends at `at` is, raw or JSON-escaped; 0 when none does. */
function lineBreakBefore(text: string, at: number): number {
  for (const lineBreak of ['\\r\\n', '\\n', '\r\n', '\n']) if (text.endsWith(lineBreak, at)) return lineBreak.length;
  return 0;
}

/** The shortest base64 line read as a key's where a word could be one (`KEY_BODY`'s first run). */
const KEY_LINE_MIN = 16;

/**
 * Where the base64 lines right before an END line at `end` start, each perhaps marked as a diff's or a quote's
 * line, as `KEY_BODY` reads them after a BEGIN line; `end` when no such line is there. Read back line by line to the
 * first line that is not one, to a cut (`…`: the partial line after it is the key's too, and `…***` is what
 * `hideCutStart` left of it) or to `from`, and at most `KEY_BODY_MAX` characters: each character once. A key's
 * last line can be short, its others are not: a shorter line before them (a word alone on its line) is not the
 * key's, and without a cut, lines that are all short are no key.
 */
function keyBodyBefore(text: string, end: number, from: number): number {
  const limit = Math.max(from, end - KEY_BODY_MAX);
  let start = end;
  let long = false;
  let at = end;
  while (at > limit && LINE_MARK.test(text[at - 1]!)) at--;
  for (let lineBreak = lineBreakBefore(text, at); lineBreak > 0 && at - lineBreak > limit; lineBreak = lineBreakBefore(text, at)) {
    const lineEnd = at - lineBreak;
    at = lineEnd;
    // A base64 line holds no backslash: an `n` or `r` after one is an escaped line break's.
    while (at > limit && BASE64_CHAR.test(text[at - 1]!) && !(text[at - 2] === '\\' && (text[at - 1] === 'n' || text[at - 1] === 'r'))) at--;
    if (at === lineEnd) return long || text.endsWith(`${CUT}${REDACTED}`, lineEnd) ? start : end;
    const content = at;
    while (at > limit && LINE_MARK.test(text[at - 1]!)) at--;
    if (at > 0 && text[at - 1] === CUT) return content;
    if ((at > 0 && lineBreakBefore(text, at) === 0) || (start < end && lineEnd - content < KEY_LINE_MIN)) break;
    start = content;
    long ||= lineEnd - content >= KEY_LINE_MIN;
  }
  return long ? start : end;
}

/** Every kind's prefix, as a pattern: what begins a token. */
export const TOKEN_PREFIXES = TOKEN_KINDS.map((kind) => kind.prefix).join('|');
const CUT_TOKEN_PREFIX = new RegExp(TOKEN_PREFIXES);
/**
 * What a cut (`…`) left of a token whose end it took: a kind's prefix and at least 4 of its characters, running
 * into the mark. Too short for its shape, it showed: `ghp_` and 18 of a token's characters in a read_file cut at
 * 256 KiB (found by an adversarial pass). Read only on the run of token characters before each mark.
 */
const CUT_TOKENS = TOKEN_KINDS.map((kind) => ({
  pattern: new RegExp(`(${kind.anywhere ? `(?=${kind.prefix})` : START})${kind.prefix}${kind.body}{4,}$`),
  is: kind.is,
}));
const TOKEN_CHAR = /[A-Za-z0-9_-]/;
/** The longest token a cut is looked back over for: a fine-grained GitHub token is 93 characters, an OpenAI key up to about 200. */
const CUT_TOKEN_MAX = 300;

function holdsCutToken(text: string): boolean {
  return text.includes(CUT) && CUT_TOKEN_PREFIX.test(text);
}

/** Where `text` holds what a cut left of a token: before each `…`, from the earliest start of a kind's token that runs into it. */
function cutTokenRanges(text: string): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  let previous = -1;
  for (let cut = text.indexOf(CUT); cut !== -1; previous = cut, cut = text.indexOf(CUT, cut + 1)) {
    let start = cut;
    while (start > previous + 1 && cut - start < CUT_TOKEN_MAX && TOKEN_CHAR.test(text[start - 1]!)) start--;
    // The run, with what may stand before a token's start (`%3D`, `\n`).
    const from = Math.max(previous + 1, start - 3);
    const window = text.slice(from, cut);
    let token = cut;
    for (const { pattern, is } of CUT_TOKENS) {
      const match = pattern.exec(window);
      if (!match) continue;
      const at = from + match.index + match[1]!.length;
      if (at < token && (!is || is(text.slice(at, cut)))) token = at;
    }
    if (token < cut) ranges.push({ start: token, end: cut });
  }
  return ranges;
}

/** Whether any token shape matches in a text: the redactor's screen. */
const TOKEN_SCREEN = new RegExp(TOKEN_SHAPES.map((shape) => shape.pattern.source).join('|'));
/**
 * The token shapes without what may stand before them or a word boundary after: the screen of JSON text, where an
 * escape (`\n`) puts a word character before a token that starts a line.
 */
const JSON_TOKEN_SCREEN = new RegExp(TOKEN_KINDS.map((kind) => `${kind.prefix}${kind.body}${kind.length.replaceAll('\\b', '')}`).join('|'));
/** Any "Bearer" or "Basic", in any case: in JSON text the space after it may be escaped. */
const BEARER_OR_BASIC_WORD = /bearer|basic/i;

/** A screen that finds any of `words` (literal text, `literalTrie`); none for no words. */
function literalScreen(words: Iterable<string>): RegExp[] {
  const source = literalTrie(words);
  return source === undefined ? [] : [new RegExp(source)];
}

/**
 * Whether any of `screens` matches in `text`: what their alternation would say, sooner. V8 compiles each apart far
 * better: a trace line's screen took 850–1,400 ns as one pattern of the known values' pieces, the token shapes and the
 * words, and about 500 as three (with 200 secrets, 11,900 and 7,500).
 */
function anyMatches(screens: readonly RegExp[], text: string): boolean {
  for (const screen of screens) if (screen.test(text)) return true;
  return false;
}

/** The token shapes the backtracking engine runs, for the test that none of them looks around. */
export const TOKEN_SHAPE_SOURCES: readonly string[] = TOKEN_SHAPES.map((shape) => shape.pattern.source);

function holdsFarShape(text: string): boolean {
  return text.includes(KEY_START) || FAR_SHAPES.some((shape) => text.includes(shape.start));
}
/**
 * `Bearer`, spaces on its line (not a line break) and a token of 4 characters at least: `***` never lengthens what it
 * replaces. Redaction runs on text already fitted to a limit (a PR comment's 65,536 characters, the
 * summary's 1 MiB), and `\s+` made every "… Bearer" line end and the next line's `-` into `Bearer\n***`:
 * the body grew past the limit, GitHub refused it, and the list lost its markers (adversarial pass).
 */
const BEARER = /\b(Bearer[^\S\r\n\u2028\u2029]+)[A-Za-z0-9\-._~+/]{4,}=*/gi;
const BEARER_MIN_LENGTH = 'Bearer xxxx'.length;

/**
 * `Basic`, spaces on its line and base64: an `Authorization: Basic` header's credentials, which `curl -v`
 * prints. Hidden when they decode to `user:password` (`isBasicCredential`), not for any word after
 * "Basic", and only base64 of 8 characters at least, or padded (`dTpwdw==`, `u:pw`), its padding may be
 * left out: "basic" is a word, and every "basic" and a word after it took the slow path. A known secret of
 * 4 to 10 characters was not found there: its base64 forms are too short to look for (`MIN_BASE64_LENGTH`;
 * found by an adversarial pass).
 */
const BASIC = /\b(Basic[^\S\r\n\u2028\u2029]+)((?:[A-Za-z0-9+/]{4}){2,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?|[A-Za-z0-9+/]{4}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=))(?![A-Za-z0-9+/=])/gi;
const BASIC_MIN_LENGTH = 'Basic xxxxxxxx'.length;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Whether `encoded` is base64 (padded or not) of UTF-8 text without control characters and with a `:` in it, as Basic credentials are (RFC 7617). */
function isBasicCredential(encoded: string): boolean {
  if (encoded.length % 4 === 1) return false;
  const decoded = Buffer.from(encoded, 'base64');
  if (decoded.length === 0 || trimEndChars(decoded.toString('base64'), '=') !== trimEndChars(encoded, '=')) return false;
  let text: string;
  try {
    text = UTF8.decode(decoded);
  } catch {
    return false;
  }
  return text.includes(':') && !/[\u0000-\u001f\u007f-\u009f]/.test(text);
}


/** Base64 forms shorter than this are not redacted: a few base64 characters turn up in any text. */
const MIN_BASE64_LENGTH = 12;

/**
 * The base64 (and base64url) characters that a secret fixes wherever it sits in encoded data, as in
 * git's `AUTHORIZATION: basic base64(x-access-token:<token>)`: the secret starts at one of three
 * byte offsets within a 3-byte group, so for each, the whole groups after it (the runner masks the same).
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const aligned = bytes.subarray(shift);
    const encoded = aligned.subarray(0, aligned.length - (aligned.length % 3)).toString('base64');
    if (encoded.length >= MIN_BASE64_LENGTH) forms.push(encoded, encoded.replaceAll('+', '-').replaceAll('/', '_'));
  }
  // The value encoded whole, its last partial group and padding too, as `base64` and `kubectl get secret` print
  // it: a value of 4 to 8 characters has no whole-group form of 12 characters, and `echo -n "$PW" | base64`
  // showed it (found by a secret hunt). At least 8 characters: a 4-character value's is `YWJjZA==`.
  const whole = bytes.toString('base64');
  if (whole.length >= MIN_WHOLE_BASE64_LENGTH) forms.push(whole, trimEndChars(whole, '='), bytes.toString('base64url'));
  return forms;
}

/** A value's whole base64 shorter than this is not looked for: a value under 4 characters is none. */
const MIN_WHOLE_BASE64_LENGTH = 8;

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** `json` (a JSON string's inside) with each character `which` matches written as `\uXXXX`, in lower-case hex or upper-case (.NET). */
function unicodeEscaped(json: string, which: RegExp, upper = false): string {
  return json.replace(which, (char) => {
    const hex = char.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${upper ? hex.toUpperCase() : hex}`;
  });
}

/**
 * Characters URL encoders leave as they are, beyond letters and digits, and how they write a space:
 * JavaScript's `encodeURIComponent`; RFC 3986's unreserved set (Python's `quote(safe='')`, PHP's `rawurlencode`,
 * Go's `PathEscape`), also with `+` for a space (`quote_plus`, Go's `QueryEscape`); a form as
 * `URLSearchParams` writes it; PHP's `urlencode`; then a URL's userinfo and `encodeURI`, whose spellings are
 * looked for in upper-case hex only (`upperOnly`): what writes them always writes it so, and each spelling is one
 * more for every secret the redactor is built with.
 */
const URL_ENCODERS: ReadonlyArray<{ readonly keep: string; readonly space: '%20' | '+'; readonly upperOnly?: true }> = [
  { keep: "-_.!~*'()", space: '%20' },
  { keep: '-_.~', space: '%20' },
  // Python's `quote` as called without `safe` (it keeps `/`), as a URL a tool prints is built.
  { keep: '-_.~/', space: '%20' },
  { keep: '-_.~', space: '+' },
  { keep: '-_.*', space: '+' },
  { keep: '-_.', space: '+' },
  // A user or a password in a URL as the URL standard writes it (the userinfo percent-encode set): Node's `URL`, and
  // so fetch, undici and most JavaScript database clients, print a connection URL so. A password of `a+b/c=d` is
  // `a+b%2Fc%3Dd` there, which no spelling above is (found by a redaction hunt); a `%` stays as it is.
  { keep: "-_.~!$%&'()*+,", space: '%20', upperOnly: true },
  // The same as Go's `url.UserPassword` writes it: RFC 3986's sub-delimiters but `!*'()`.
  { keep: '-_.~$&+,;=', space: '%20', upperOnly: true },
  // JavaScript's `encodeURI`, which a URL built by hand is often passed through whole.
  { keep: "-_.!~*'();,/?:@&=+$#", space: '%20', upperOnly: true },
];

/**
 * `secret` URL-encoded as UTF-8, leaving letters, digits and `keep` as they are, with upper-case hex.
 * `encodeURIComponent` escapes every ASCII character but `-_.!~*'()`: of its escapes, those of a kept character
 * are written back as the character. A lone surrogate (a secret-named input given as JSON `"\ud800"`) is written as
 * U+FFFD, as encoders that take it write it: `encodeURIComponent` threw on it, and the run failed on "URI malformed".
 */
function urlEncoded(secret: string, keep: string, space: '%20' | '+'): string {
  const encoded = encodeURIComponent(wellFormed(secret))
    .replace(/[!~*'()]/g, (char) => (keep.includes(char) ? char : `%${char.charCodeAt(0).toString(16).toUpperCase()}`))
    .replace(/%[0-7][0-9A-F]/g, (escape) => {
      const char = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
      return keep.includes(char) ? char : escape;
    });
  return space === '+' ? encoded.replaceAll('%20', '+') : encoded;
}

/**
 * `secret` as the shell and quoting formats write it, each only where it holds a character they quote: bash's
 * `printf %q` (`sh_backslash_quote`: a backslash before each character the shell reads, `#` and `~` only where they
 * would mean something), `declare -p` and `export -p` (inside double quotes: `\`, `"`, `$` and `` ` `` escaped), a
 * single quote closed and reopened (`'\''`: `set -x`, `${x@Q}`; `'"'"'`: Python's `shlex.quote`), and a quote doubled
 * (`''` in YAML's and SQL's single-quoted text, `""` in CSV's). A password with `$` in it showed whole in a tool
 * that ran `export -p` (found by a secret hunt).
 */
function shellSpellings(secret: string): string[] {
  return [
    secret.replace(/[ '"\\|&;()<>!{}*[\]?^$`,]|^[#~]|(?<=[=:])~/g, '\\$&'),
    secret.replace(/[\\"$`]/g, '\\$&'),
    secret.replaceAll("'", "'\\''"),
    secret.replaceAll("'", `'"'"'`),
    secret.replaceAll("'", "''"),
    secret.replaceAll('"', '""'),
  ];
}

/** A value that reads as a token, not words: 8 characters or more, with letters and digits, and no white space. */
function isTokenLike(value: string): boolean {
  return value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value) && !/\s/.test(value);
}

/**
 * The forms a value takes as encoders write it: inside JSON (and JSON inside a JSON string) as JavaScript, PHP (`\/`, `\u00e9`),
 * Python (`\u00e9`), Go (`\u0026`, `\u003c`) and Gson (`\u003d`, `\u0027`) write it; in a URL as common encoders write it, with
 * either case of hex; in HTML; as hex; quoted for a shell, YAML, SQL or CSV (`shellSpellings`); or as one line of a
 * multi-line secret (a PEM key).
 */
function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const urls = URL_ENCODERS.map(({ keep, space }) => urlEncoded(secret, keep, space));
  const eitherCase = urls.filter((_, at) => !URL_ENCODERS[at]!.upperOnly);
  const html = secret.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char]!);
  const forms = [
    secret,
    json,
    // JSON inside a JSON string, escaped twice: AWS's `SecretString`, kubectl's last-applied-configuration of a Secret.
    JSON.stringify(json).slice(1, -1),
    json.replaceAll('/', '\\/'),
    unicodeEscaped(json, /[^\x00-\x7f]/g),
    unicodeEscaped(json.replaceAll('/', '\\/'), /[^\x00-\x7f]/g),
    unicodeEscaped(json, /[<>&\u2028\u2029]/g),
    // Gson's default (HTML-safe) writing, `=` and `'` escaped too: a base64 secret's padding is `\u003d` there.
    unicodeEscaped(json, /[<>&='\u2028\u2029]/g),
    // The same in upper-case hex, and as .NET's System.Text.Json writes it (`+`, `'`, `` ` `` and `"` escaped too).
    unicodeEscaped(json, /[^\x00-\x7f]/g, true),
    unicodeEscaped(json.replaceAll('/', '\\/'), /[^\x00-\x7f]/g, true),
    unicodeEscaped(json, /[<>&\u2028\u2029]/g, true),
    unicodeEscaped(json, /[+<>&'`]|[^\x00-\x7f]/g, true).replaceAll('\\"', '\\u0022'),
    ...urls,
    ...eitherCase.map((url) => url.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())),
    html,
    html.replaceAll("'", '&#39;'),
    html.replaceAll("'", '&#x27;'),
    // PHP's htmlspecialchars with ENT_QUOTES (its default since 8.1), Go's html.EscapeString, and html/template (`+` too).
    html.replaceAll("'", '&#039;'),
    html.replaceAll('&quot;', '&#34;').replaceAll("'", '&#39;'),
    html.replaceAll('&quot;', '&#34;').replaceAll("'", '&#39;').replaceAll('+', '&#43;'),
    Buffer.from(secret, 'utf8').toString('hex'),
    Buffer.from(secret, 'utf8').toString('hex').toUpperCase(),
    ...shellSpellings(secret),
  ];
  // A token written in the other case: hex keys, UUIDs and base32 seeds are read without regard to it, so
  // `A3F9…` is the key `a3f9…` is, and a tool printed it so (`xxd -u`, .NET's hex, a GUID as Windows writes it;
  // found by a secret hunt). Only a token's: a value of words (`Login`) would hide every `login`.
  if (isTokenLike(secret)) forms.push(secret.toUpperCase(), secret.toLowerCase());
  if (secret.includes('\n')) pushAll(forms, secret.split(/\r?\n/).map((line) => line.trim()));
  // Evidence and one-line views flatten whitespace before they are redacted (`excerptAround`, `shorten`):
  // a secret with a tab or two spaces in it no longer matched itself there (found by an adversarial pass).
  if (/\s/.test(secret)) forms.push(secret.replace(/\s+/g, ' '), secret.replace(/\s+/g, ' ').trim());
  return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

/**
 * Spellings at least this long are also hidden in part: a text cut before it was redacted (a stderr
 * tail, a prompt shortened to fit, a library's excerpt) can hold the start or the end of a secret,
 * which the whole value no longer matches. Tokens are this long; a shorter value's half can be an
 * ordinary word (half of `sk-test-approval` is `approval`).
 */
export const MIN_FRAGMENT_SECRET_LENGTH = 24;
/** The shortest start or end of a secret hidden on its own. */
const MIN_FRAGMENT_LENGTH = 16;

/** A long spelling and the shortest start and end of it that are hidden on their own: half of it, at least MIN_FRAGMENT_LENGTH. */
interface Fragments {
  readonly form: string;
  readonly head: string;
  readonly tail: string;
}

function fragmentsOf(form: string): Fragments {
  const part = Math.max(MIN_FRAGMENT_LENGTH, Math.ceil(form.length / 2));
  return { form, head: form.slice(0, part), tail: form.slice(form.length - part) };
}

/**
 * Replaces what is left of a long secret at a cut: a start of it at least half as long (then as far
 * as the text goes on matching it), and likewise an end of it. Whole values are already replaced.
 * The ranges are found in `text` as given and the result is built once: rebuilding the text at each
 * match took time that grew with matches × length (a public half repeated through 1 MiB: 13 s).
 */
function hideFragments(text: string, fragments: readonly Fragments[]): string {
  return redactRanges(text, fragmentRanges(text, fragments));
}

/** Where `hideFragments` hides something in `text`. */
function fragmentRanges(text: string, fragments: readonly Fragments[]): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  for (const { form, head, tail } of fragments) {
    for (let at = text.indexOf(head); at !== -1; ) {
      let end = at + head.length;
      while (end < text.length && end - at < form.length && text[end] === form[end - at]) end++;
      ranges.push({ start: at, end });
      at = text.indexOf(head, end);
    }
    let from = 0;
    for (let at = text.indexOf(tail); at !== -1; at = text.indexOf(tail, Math.max(at + 1, from))) {
      // `at` is where the tail starts: walk back over as much of the form before it as the text repeats.
      let start = at;
      let matched = tail.length;
      while (start > from && matched < form.length && text[start - 1] === form[form.length - matched - 1]) {
        start--;
        matched++;
      }
      ranges.push({ start, end: at + tail.length });
      from = at + tail.length;
    }
  }
  return ranges;
}

/** `text` with each range replaced by `***` (overlapping ones as one), built in one pass. */
function redactRanges(text: string, ranges: Array<{ start: number; end: number }>): string {
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const range of ranges) {
    if (range.end <= at) continue;
    if (range.start >= at) out += text.slice(at, range.start) + REDACTED;
    at = range.end;
  }
  return out + text.slice(at);
}

/**
 * What the redactor reads past inside a secret: every character a reader cannot see (as `INVISIBLE` in
 * invisible-characters.ts), and NUL, which a UTF-16 text read as UTF-8 puts after each character (`X\0q\09\0…`:
 * PowerShell 5.1 writes files so, and a known value in one reached the model and the trace; found by an
 * adversarial pass), and a terminal's control sequences (`terminalSequences`).
 */
const HIDDEN = new RegExp(String.raw`[\p{Default_Ignorable_Code_Point}\0]|\\u0000|${terminalSequences()}`, 'gu');
/** `HIDDEN`, one at a time. NUL and ESC also as JSON writes them (`\u0000`, `\u001b`): a result is often redacted as JSON text (a prompt's data block, a comment). */
const ANY_INVISIBLE = /[\p{Default_Ignorable_Code_Point}\0\x1b]|\\u0000|\\u001b/u;

/**
 * A terminal's control sequences, which a log viewer (GitHub's too) shows as colour or a link, not as
 * text: CSI (`ESC[1;31m`, `ESC[K`), OSC (`ESC]8;;url` then BEL or `ESC\`), and ESC with what follows it
 * of another kind. `grep --color` and test runners put them inside the text they match, and a known value
 * or a `ghp_…` token split by one reads whole in the log, the summary and a prompt (found by an adversarial
 * pass). Each also as JSON writes ESC and BEL (`\u001b`, `\u0007`). Linear: an OSC's text ends at the next
 * ESC or BEL (in JSON, the next backslash).
 */
function terminalSequences(): string {
  const raw = String.raw`\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[ -/]*[0-~]?)`;
  const json = String.raw`\\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\\]*(?:\\u0007|\\u001b\\\\)|[ -/]*[0-~]?)`;
  return `${raw}|${json}`;
}

/**
 * `text` with every known spelling, every start or end of a long one (`hideFragments`) and every
 * token shape that invisible characters split (`hunt\u200Ber2`, which GitHub shows as `hunter2`) replaced by `***`, and
 * its other invisible characters kept: they may be what breaks an @mention (`neutraliseOutbound`).
 * Spellings with none inside are left to the rest of the redactor. The text's visible view is made
 * first, and its map to the text only when that view holds something to hide: a tool's 1 MiB of
 * letters and zero-width spaces took 160-460 ms and 50-64 MB of heap at every redaction when the map
 * was made each time.
 */
function hideAcrossInvisible(text: string, known: RegExp | undefined, fragments: readonly Fragments[], cuts?: { readonly forms: readonly string[]; readonly grams: ReadonlySet<string> }): string {
  const visible = text.replace(HIDDEN, '');
  const ranges = fragmentRanges(visible, fragments);
  // A start or end of a known value a cut left, split by invisible characters (`Z\u200Bq\u200B7…`): found in
  // the visible view, where the cut check can read it (found by a redaction hunt: 18 of 20 characters showed).
  if (cuts && visible.includes(CUT)) pushAll(ranges, cutRanges(visible, cuts.forms, cuts.grams));
  // A key, or what a cut left of a token, split by a colour code (`grep --color`) or an invisible character.
  if (visible.includes(KEY_START)) pushAll(ranges, keyRanges(visible));
  if (holdsCutToken(visible)) pushAll(ranges, cutTokenRanges(visible));
  // The token shapes too: `ghp_…` split by a zero-width space is a GitHub token to whoever reads it.
  for (const { pattern, is } of TOKEN_SHAPES) {
    for (const match of visible.matchAll(pattern)) {
      const start = match.index + match[1]!.length;
      if (!is || is(match[0].slice(match[1]!.length))) ranges.push({ start, end: match.index + match[0].length });
    }
  }
  if (ranges.length === 0 && (known === undefined || visible.search(known) === -1)) return text;
  if (known) for (const match of visible.matchAll(known)) ranges.push({ start: match.index, end: match.index + match[0].length });
  // Where each run of visible characters starts in the view (`at`) and in the text (`from`).
  const at: number[] = [];
  const from: number[] = [];
  let seen = 0;
  let next = 0;
  for (const hidden of text.matchAll(HIDDEN)) {
    if (hidden.index > next) {
      at.push(seen);
      from.push(next);
      seen += hidden.index - next;
    }
    next = hidden.index + hidden[0].length;
  }
  if (next < text.length) {
    at.push(seen);
    from.push(next);
  }
  // Where the view's `index` is in the text: found in the last run starting at or before it.
  const inText = (index: number): number => {
    const low = lastAtOrBefore(at, index);
    return from[low]! + index - at[low]!;
  };
  const split: Array<{ start: number; end: number }> = [];
  for (const range of ranges) {
    const start = inText(range.start);
    const end = inText(range.end - 1) + 1;
    if (end - start !== range.end - range.start) split.push({ start, end });
  }
  return redactRanges(text, split);
}

/** The shortest known spelling looked for across line breaks: a shorter one's halves are in too many texts. */
const MIN_WRAPPED_LENGTH = 8;
/**
 * A line break as a tool that wraps text leaves it, with the blanks before it and the indentation after it; raw,
 * or as JSON escapes it: a result that is an object is shown as its JSON text, where a wrapped value's breaks are
 * `\n` (found by a secret hunt: the report showed one so).
 */
interface LineBreak {
  /** Where its blanks before it start. */
  readonly start: number;
  /** Where the indentation after it ends. */
  readonly end: number;
}

/** How long the line break at `at` is (`\r\n`, `\r`, `\n`, or as JSON escapes them), 0 where there is none. */
function lineBreakAt(text: string, at: number): number {
  const char = text[at];
  if (char === '\n') return 1;
  if (char === '\r') return text[at + 1] === '\n' ? 2 : 1;
  if (char !== '\\') return 0;
  const next = text[at + 1];
  if (next === 'n') return 2;
  if (next === 'r') return text[at + 2] === '\\' && text[at + 3] === 'n' ? 4 : 2;
  return 0;
}

/** The length of the blank (a space, a tab, or `\t` as JSON escapes it) that ends just before `at`, 0 where there is none. */
function blankBefore(text: string, at: number): number {
  const char = text[at - 1];
  if (char === ' ' || char === '\t') return 1;
  return char === 't' && text[at - 2] === '\\' ? 2 : 0;
}

/** The length of the blank that starts at `at`, 0 where there is none. */
function blankAt(text: string, at: number): number {
  const char = text[at];
  if (char === ' ' || char === '\t') return 1;
  return char === '\\' && text[at + 1] === 't' ? 2 : 0;
}

/**
 * Each line break in `text` as a tool that wraps text leaves it, with the blanks before it and the indentation
 * after it; raw, or as JSON escapes it: a result that is an object is shown as its JSON text, where a wrapped
 * value's breaks are `\n` (found by a secret hunt: the report showed one so). Read by hand in one pass: as a
 * pattern, blanks then a break, each start of a long run of blanks read on to its end (a `\` and 40,000 spaces:
 * 3.2 s; found by a review).
 */
function lineBreaks(text: string): LineBreak[] {
  const found: LineBreak[] = [];
  // The blanks before a break are not read back past the end of the one before it: each character once each way.
  let floor = 0;
  for (let at = 0; at < text.length; ) {
    const length = lineBreakAt(text, at);
    if (length === 0) {
      at++;
      continue;
    }
    let start = at;
    for (let blank = blankBefore(text, start); blank > 0 && start - blank >= floor; blank = blankBefore(text, start)) start -= blank;
    let end = at + length;
    for (let blank = blankAt(text, end); blank > 0; blank = blankAt(text, end)) end += blank;
    found.push({ start, end });
    floor = end;
    at = end;
  }
  return found;
}

/**
 * `json` (the JSON text of a value, escaped once or twice) without its spaces and its escaped line breaks and
 * tabs (`\n`, `\\\\r`): what the trace's screen reads for a wrapped value (loose: it only screens). In one pass.
 */
function withoutJsonBreaks(json: string): string {
  let out = '';
  let kept = 0;
  for (let at = 0; at < json.length; ) {
    if (json[at] === ' ') {
      out += json.slice(kept, at);
      kept = ++at;
      continue;
    }
    if (json[at] !== '\\') {
      at++;
      continue;
    }
    let end = at;
    while (json[end] === '\\') end++;
    // A run of backslashes is read once, whatever follows it. The break is its last one (a raw break in the text) or
    // its last two (`\n` in the text); those before are the text's own: `Tr0ub4\` wrapped after its backslash.
    if (json[end] === 'r' || json[end] === 'n' || json[end] === 't') {
      out += json.slice(kept, end - ((end - at) % 2 === 1 ? 1 : 2));
      kept = at = end + 1;
    } else at = end;
  }
  return out + json.slice(kept);
}

/** The last position in `starts` (ascending, `starts[0]` at most `index`) whose value is at most `index`: the run `index` falls in. */
function lastAtOrBefore(starts: readonly number[], index: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= index) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * `text` with every known spelling that a line break splits (`fold`, `base64`'s 76 columns, a wrapped table
 * cell) hidden piece by piece, each line keeping its break: a value wrapped over three lines, or over two near
 * its middle, showed every piece, which read together are the secret (found by a secret hunt). Read on the
 * text's view without its line breaks; a spelling the view holds within one line is left to the rest of the
 * redactor. A piece of one or two characters becomes as many `*`: no replacement lengthens the text.
 */
function hideAcrossLines(text: string, wrapped: RegExp, grams: ReadonlySet<string>): string {
  // Most texts hold no piece of a known value at any line break: the 4 characters before or after each are no run
  // of one (`grams`). A value wrapped with fewer than 4 of its characters on every line is not looked for.
  const breaks = lineBreaks(text);
  if (!piecesAtLineBreaks(text, breaks, grams)) return text;
  // Where each line's run starts in the view (`at`) and in the text (`from`), and how long it is.
  const at: number[] = [];
  const from: number[] = [];
  const length: number[] = [];
  let view = '';
  let next = 0;
  for (const lineBreak of breaks) {
    at.push(view.length);
    from.push(next);
    length.push(lineBreak.start - next);
    view += text.slice(next, lineBreak.start);
    next = lineBreak.end;
  }
  at.push(view.length);
  from.push(next);
  length.push(text.length - next);
  view += text.slice(next);
  // `matchAll` starts where the pattern's `lastIndex` is: `test` moved it.
  wrapped.lastIndex = 0;
  const holds = wrapped.test(view);
  wrapped.lastIndex = 0;
  if (!holds) return text;
  const runOf = (index: number): number => lastAtOrBefore(at, index);
  const pieces: Array<{ start: number; end: number }> = [];
  for (const match of view.matchAll(wrapped)) {
    const start = match.index;
    const end = start + match[0].length;
    const first = runOf(start);
    const last = runOf(end - 1);
    if (first === last) continue;
    for (let run = first; run <= last; run++) {
      const pieceStart = Math.max(start, at[run]!) - at[run]!;
      const pieceEnd = Math.min(end, at[run]! + length[run]!) - at[run]!;
      if (pieceEnd > pieceStart) pieces.push({ start: from[run]! + pieceStart, end: from[run]! + pieceEnd });
    }
  }
  if (pieces.length === 0) return text;
  pieces.sort((a, b) => a.start - b.start);
  const merged: Array<{ start: number; end: number }> = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (last && piece.start <= last.end) last.end = Math.max(last.end, piece.end);
    else merged.push({ ...piece });
  }
  let out = '';
  let done = 0;
  for (const piece of merged) {
    out += text.slice(done, piece.start) + REDACTED.slice(0, piece.end - piece.start);
    done = piece.end;
  }
  return out + text.slice(done);
}

/** Whether the 4 characters before a line break in `text` (its blanks left out), or after it (its indentation left out), are a run of a known spelling. */
function piecesAtLineBreaks(text: string, breaks: readonly LineBreak[], grams: ReadonlySet<string>): boolean {
  return breaks.some(({ start, end }) => grams.has(text.slice(Math.max(0, start - MIN_CUT_FRAGMENT), start)) || grams.has(text.slice(end, end + MIN_CUT_FRAGMENT)));
}

/** Whether `json`, the JSON text of a value, may hold a spelling `wrapped` finds once its escaped line breaks are taken out. */
function holdsWrapped(json: string, wrapped: RegExp): boolean {
  if (!json.includes('\\n') && !json.includes('\\r')) return false;
  wrapped.lastIndex = 0;
  return wrapped.test(withoutJsonBreaks(json));
}

/** The mark every cut leaves (`cutText`, excerpts, stderr tails): where a secret may have been split. */
const CUT = '…';
/** The shortest start or end of a known value hidden where it touches a cut. */
const MIN_CUT_FRAGMENT = MIN_SECRET_LENGTH;

/**
 * Replaces the start of a known value that ends at a `…`, the end of one that begins right after
 * it, and a piece of one between two `…` (cut on both sides): what a cut made before redaction
 * leaves, however short the value (an excerpt of a 20-character key showed 15 of its characters).
 * Whole values are already replaced.
 */
function hideAtCuts(text: string, forms: readonly string[], grams: ReadonlySet<string>): string {
  return redactRanges(text, cutRanges(text, forms, grams));
}

/** Where `hideAtCuts` hides: the ranges of `text` that are starts, ends or pieces of known values at its cuts. */
function cutRanges(text: string, forms: readonly string[], grams: ReadonlySet<string>): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  for (let previous = -1, cut = text.indexOf(CUT), next = cut === -1 ? -1 : text.indexOf(CUT, cut + 1); cut !== -1; previous = cut, cut = next, next = cut === -1 ? -1 : text.indexOf(CUT, cut + 1)) {
    // Most cuts touch no part of any value: the characters on either side are no run of one.
    if (!grams.has(text.slice(Math.max(0, cut - MIN_CUT_FRAGMENT), cut)) && !grams.has(text.slice(cut + 1, cut + 1 + MIN_CUT_FRAGMENT))) continue;
    const between = previous === -1 ? '' : text.slice(previous + 1, cut);
    // A piece of a value between this cut and the one before: hidden whole, and the text after this cut is still
    // looked at (it went on to the next cut, and a value's end there showed: `ab…cdXY…12abXY` kept `12abXY`,
    // found by a review).
    const piece = between.length >= MIN_CUT_FRAGMENT && grams.has(between.slice(0, MIN_CUT_FRAGMENT)) && forms.some((form) => form.length > between.length && form.includes(between));
    if (piece) ranges.push({ start: previous + 1, end: cut });
    let before = 0;
    let after = 0;
    for (const form of forms) {
      // Only the text within a form's length of the cut, and not past the cuts beside it (a part of a form
      // without a `…` does not span one), is searched: a text full of `…` stays linear. Searched up to a
      // form's length either side, `----…----` repeated took 80 µs a character with a PEM key known (its
      // spellings start and end with dashes), 5 s for 64 KiB (found by an adversarial pass).
      const own = !form.includes(CUT);
      const left = text.slice(Math.max(own ? previous + 1 : 0, cut - form.length + 1), cut);
      // The longest start of `form` that ends at the cut: found where its first characters occur.
      const head = form.slice(0, MIN_CUT_FRAGMENT);
      for (let at = piece ? -1 : left.indexOf(head); at !== -1 && left.length - at > before; at = left.indexOf(head, at + 1)) {
        if (form.startsWith(left.slice(at))) {
          before = left.length - at;
          break;
        }
      }
      const right = text.slice(cut + 1, own && next !== -1 ? Math.min(next, cut + form.length) : cut + form.length);
      // The longest end of `form` that starts right after the cut: found where its last characters occur.
      const tail = form.slice(form.length - MIN_CUT_FRAGMENT);
      for (let at = right.lastIndexOf(tail); at !== -1 && at + MIN_CUT_FRAGMENT > after; at = at === 0 ? -1 : right.lastIndexOf(tail, at - 1)) {
        if (form.endsWith(right.slice(0, at + MIN_CUT_FRAGMENT))) {
          after = at + MIN_CUT_FRAGMENT;
          break;
        }
      }
    }
    if (before > 0) ranges.push({ start: cut - before, end: cut });
    if (after > 0) ranges.push({ start: cut + 1, end: cut + 1 + after });
  }
  return ranges;
}

/**
 * A redactor that replaces every known secret value (also as it appears JSON-escaped, URL-encoded,
 * HTML-escaped, hex- or base64-encoded: `spellings`, `base64Forms`) and common token shapes — GitHub, OpenAI, AWS, Slack, JWT, private keys,
 * `Bearer …` — with `***`. Values shorter than `MIN_SECRET_LENGTH` are ignored. Of a value at least
 * `MIN_FRAGMENT_SECRET_LENGTH` long, a start or an end of at least half of it (and at least 16
 * characters) is replaced too: what a cut made before redaction leaves of it. Of any value, a start
 * of it that ends at a cut's `…`, an end that begins after one, or a piece between two (at least 4
 * characters), likewise.
 */
export function createRedactor(secretValues: Iterable<string | undefined> = []): Redactor {
  let values = [...secretValues].filter((value): value is string => Boolean(value));
  let inner = buildRedactor(values);
  const redact: Redactor = Object.assign((text: string) => inner(text), {
    learn(more: Iterable<string | undefined>): void {
      const added = [...more].filter((value): value is string => Boolean(value) && !values.includes(value!));
      if (added.length === 0) return;
      values = [...values, ...added];
      inner = buildRedactor(values);
    },
  });
  jsonScreens.set(redact, (json) => jsonMayNeedRedaction(json, inner));
  return redact;
}

/** A part of a secret URL shorter than this is not hidden alone: `/v1/chat` or `format=json` is in many texts. */
const MIN_URL_PART_LENGTH = 16;
/** A password of a URL shorter than this is hidden alone only with its user (`postgres:postgres`): CI's throwaway ones are words. */
const MIN_URL_PASSWORD_LENGTH = 8;

/** A run of 16 or more token characters with letters and digits both: what a credential in a path or a query looks like (`sslmode=disable` or `/oauth/access_token` does not). */
function holdsToken(part: string): boolean {
  return (part.match(/[A-Za-z0-9_~.%+=-]{16,}/g) ?? []).some((run) => /[A-Za-z]/.test(run) && /\d/.test(run));
}

/**
 * Of a secret URL, the parts a library prints without the rest: its path and query (urllib3's "Max retries
 * exceeded with url: /services/…", an access log's request line) and each query value, when they hold a
 * token; its password when it is one (else `user:password`). Its scheme and host are no secret, and public
 * paths and options (`/login/oauth/access_token`, `?sslmode=disable`) stay. They are hidden whole only.
 */
function urlParts(value: string): string[] {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(value);
  if (!authority) return [];
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const parts: string[] = [];
  const userinfo = authority[1]!.includes('@') ? authority[1]!.slice(0, authority[1]!.lastIndexOf('@')) : '';
  const user = userinfo.includes(':') ? userinfo.slice(0, userinfo.indexOf(':')) : userinfo;
  const password = userinfo.includes(':') ? userinfo.slice(userinfo.indexOf(':') + 1) : '';
  const rest = value.slice(authority[0].length);
  // `postgres://postgres:postgres@…/postgres`, `root:root`, `12345`: a word the URL uses anyway, or a short one.
  const guessable = password.length < MIN_URL_PASSWORD_LENGTH || isOrdinaryValue(password) || password === user || rest.includes(password);
  if (password !== '') pushAll(parts, guessable ? [userinfo] : [password, decode(password)]);
  const withoutHash = rest.split('#')[0]!;
  const [path = '', query = ''] = withoutHash.split(/\?(.*)/s);
  for (const part of [rest, withoutHash, path]) if (part.length >= MIN_URL_PART_LENGTH && holdsToken(part)) parts.push(part);
  for (const pair of query.split('&')) {
    const at = pair.indexOf('=');
    const raw = at < 0 ? '' : pair.slice(at + 1);
    if (raw.length >= MIN_URL_PART_LENGTH && holdsToken(raw)) parts.push(raw, decode(raw), decode(raw.replaceAll('+', ' ')));
  }
  return parts.filter((part) => part.length >= MIN_SECRET_LENGTH);
}

/**
 * `value` composed (NFC) and decomposed (NFD): one secret to a reader, but other code units. macOS file names and
 * many tools write `ü` as `u` and a combining mark, and a secret given one way was shown whole written the other
 * (found by an adversarial pass).
 */
function normalForms(value: string): string[] {
  return [value, normalizeLinear(value, 'NFC'), normalizeLinear(value, 'NFD')];
}

/** How many letters and digits a screen's piece of a spelling holds (`screenPiece`). */
const SCREEN_PIECE_LENGTH = 8;

function isLetterOrDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
}

/**
 * What a screen looks for in place of `text` (a spelling, or the shortest start or end of one): its first run of
 * SCREEN_PIECE_LENGTH letters and digits with both in it (its last, `fromEnd`, for an end), or `text` itself when it has
 * none. A text that holds `text` holds its piece, so a screen of pieces lets through every text a screen of the
 * spellings lets through (and a few more, which the redactor then reads in full). A secret's spellings mostly share
 * their piece, as encoders and quoting change only the characters around its runs of letters and digits. The screens
 * held one alternative per spelling, which V8 compiles at their first use in every process (tens of µs each): with
 * the shell's quoted spellings and JSON inside JSON, 200 secrets with quotes in them had 11,000, and a run that passed
 * them to a tool took 7% more CPU than before those spellings (1,000 steps, medians of 11 pairs); their pieces are
 * 2,600, of 8 characters, and compile in a tenth of the time.
 */
function screenPiece(text: string, fromEnd = false): string {
  const holdsPiece = (start: number): boolean => {
    let letter = false;
    let digit = false;
    for (let at = start; at < start + SCREEN_PIECE_LENGTH; at++) {
      const code = text.charCodeAt(at);
      if (!isLetterOrDigit(code)) return false;
      if (code <= 57) digit = true;
      else letter = true;
    }
    return letter && digit;
  };
  const last = text.length - SCREEN_PIECE_LENGTH;
  for (let step = 0; step <= last; step++) {
    const start = fromEnd ? last - step : step;
    if (holdsPiece(start)) return text.slice(start, start + SCREEN_PIECE_LENGTH);
  }
  return text;
}

function buildRedactor(given: readonly string[]): (text: string) => string {
  const parts = new Set(given.flatMap(urlParts).flatMap(normalForms));
  // Each value's spellings and base64 forms, made once.
  const forms = [...new Set([...given.flatMap(normalForms), ...parts])].map((value) => ({ value, plain: spellings(value), encoded: base64Forms(value) }));
  // A URL's halves are often public (a host name every runner has), and so are a URL part's (a path's common
  // start): both are hidden whole only, in every spelling (Python's quote writes `https%3A//…`).
  const wholeOnly = new Set(forms.filter(({ value }) => parts.has(value) || /^https?:\/\//i.test(value)).flatMap((form) => [...form.plain, ...form.encoded]));
  const plainSet = new Set(forms.flatMap((form) => form.plain));
  const plain = [...plainSet];
  // A set, not the list: 8,000 secret-named values in a plan took 6.9 s to learn (found by an adversarial pass).
  const encoded = [...new Set(forms.flatMap((form) => form.encoded))].filter((form) => !plainSet.has(form));
  // Longest first, so a secret that contains another is replaced whole.
  const known = [...plain, ...encoded].sort((a, b) => b.length - a.length);
  const knownPattern = known.length ? new RegExp(known.map(escapeRegExp).join('|'), 'g') : undefined;
  // Every run of MIN_CUT_FRAGMENT characters in a known value: what a cut's neighbours must be for hideAtCuts to look closer.
  const grams = new Set(known.flatMap((form) => Array.from({ length: form.length - MIN_CUT_FRAGMENT + 1 }, (_, at) => form.slice(at, at + MIN_CUT_FRAGMENT))));
  const fragments = [...plain, ...encoded].filter((form) => form.length >= MIN_FRAGMENT_SECRET_LENGTH && !wholeOnly.has(form)).map(fragmentsOf);
  // What `hideAcrossLines` looks for in a text's view without its line breaks, and the trace's screen in JSON text.
  const wrappedForms = known.filter((form) => form.length >= MIN_WRAPPED_LENGTH && !/\s/.test(form));
  const wrapped = wrappedForms.length > 0 ? new RegExp(wrappedForms.map(escapeRegExp).join('|'), 'g') : undefined;
  // A screen (`holdsWrapped`): the pieces of the forms suffice.
  const wrappedJson = literalScreen(wrappedForms.flatMap((form) => [screenPiece(form), screenPiece(JSON.stringify(form).slice(1, -1))])).at(0);
  // What the screens look for: a long value contains its shortest start, which finds it and any
  // start of it a cut left, and its shortest end likewise; shorter values and base64 forms whole.
  // Each by its piece (`screenPiece`): the last for an end, which its spellings share more often.
  const fragmented = new Set(fragments.map(({ form }) => form));
  const screenedForms = [
    ...known.filter((form) => !fragmented.has(form)).map((text) => ({ text, fromEnd: false })),
    ...fragments.flatMap(({ head, tail }) => [
      { text: head, fromEnd: false },
      { text: tail, fromEnd: true },
    ]),
  ];
  const screened = [...new Set(screenedForms.map(({ text, fromEnd }) => screenPiece(text, fromEnd)))];
  // Scans that say whether any of the patterns below could match: most texts (ids, numbers, plain results) hold
  // no secret, and nine scans per text made redaction the run's largest cost. The known values' pieces and the
  // token shapes apart (`anyMatches`).
  const anyPattern = [...literalScreen(screened), TOKEN_SCREEN];
  const anyBearer = new RegExp(`${BEARER.source}|${BASIC.source}`, 'i');
  // No pattern matches fewer characters than this: a known value's shortest spelling, `Bearer xxxx` or `Basic xxxxxxxx`.
  const shortest = known.reduce((least, form) => Math.min(least, form.length), Math.min(BEARER_MIN_LENGTH, BASIC_MIN_LENGTH));
  // For JSON text: the patterns without their word boundaries (an escape such as `\n` puts a word
  // character before a token that starts a line), every known form also as JSON escapes it, and
  // any "Bearer" or "Basic" (the space after it may be escaped).
  const jsonForms = [...new Set(screenedForms.flatMap(({ text, fromEnd }) => [screenPiece(text, fromEnd), screenPiece(JSON.stringify(text).slice(1, -1), fromEnd)]))];
  const jsonScreen = [...literalScreen(jsonForms), JSON_TOKEN_SCREEN, BEARER_OR_BASIC_WORD];
  // A cut can leave a short start or end of any known value beside its `…` (hideAtCuts).
  const cutScreen = known.length > 0;
  jsonScreens.set(
    redactor,
    (json) =>
      anyMatches(jsonScreen, json) ||
      (cutScreen && json.includes(CUT)) ||
      holdsFarShape(json) ||
      holdsCutToken(json) ||
      ANY_INVISIBLE.test(json) ||
      (wrappedJson !== undefined && holdsWrapped(json, wrappedJson)),
  );
  return redactor;
  function redactor(text: string): string {
    // A short text with a cut too: `Z\u200Bq\u200B7\u200Bv…` is shorter than any pattern, and shows a key's start.
    if ((text.length >= shortest || text.includes(CUT)) && ANY_INVISIBLE.test(text)) text = hideAcrossInvisible(text, knownPattern, fragments, known.length > 0 ? { forms: known, grams } : undefined);
    if (wrapped && text.length > MIN_WRAPPED_LENGTH && (text.includes('\n') || text.includes('\r') || text.includes('\\'))) text = hideAcrossLines(text, wrapped, grams);
    const cut = known.length > 0 && text.length > MIN_CUT_FRAGMENT && text.includes(CUT);
    const cutToken = holdsCutToken(text);
    if (!cut && !cutToken && (text.length < shortest || (!anyMatches(anyPattern, text) && !anyBearer.test(text) && !holdsFarShape(text)))) return text;
    let out = knownPattern ? text.replace(knownPattern, REDACTED) : text;
    if (fragments.length > 0) out = hideFragments(out, fragments);
    if (cut) out = hideAtCuts(out, known, grams);
    for (const { pattern, is } of TOKEN_SHAPES) out = out.replace(pattern, (match, start: string) => (is && !is(match.slice(start.length)) ? match : start + REDACTED));
    for (const shape of FAR_SHAPES) if (out.includes(shape.start)) out = (shape.compiled ??= LinearRegex.compile(shape.source, '', { limitWork: false })).replaceAll(out, REDACTED);
    if (out.includes(KEY_START)) out = redactRanges(out, keyRanges(out));
    if (cutToken) out = redactRanges(out, cutTokenRanges(out));
    out = out.replace(BASIC, (match, start: string, encoded: string) => (isBasicCredential(encoded) ? start + REDACTED : match));
    return out.replace(BEARER, `$1${REDACTED}`);
  }
}

const jsonScreens = new WeakMap<(text: string) => string, (json: string) => boolean>();

/**
 * False only when `redact` (made by `createRedactor`) would change no string inside `json`, the
 * JSON text of a value: then the text can be written as it is. True for any other redactor.
 */
export function jsonMayNeedRedaction(json: string, redact: Redactor): boolean {
  const screen = jsonScreens.get(redact);
  return screen === undefined || screen(json);
}

/**
 * Every value of `env` whose name looks secret (`*TOKEN*`, `*KEY*`, `INPUT_*`…), and every URL with a password
 * whatever its name (`https_proxy=http://user:password@proxy:3128`, `PIP_INDEX_URL`): what to hand `createRedactor`.
 */
export function secretValuesFromEnvironment(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(env).flatMap(([name, value]) => (!value ? [] : isSecretEnvName(name) ? [value] : urlWithPassword(value)));
}

/** `value` when it is a URL with a password (one without a scheme, as a proxy variable may be, also with `http://`), else nothing. */
function urlWithPassword(value: string): string[] {
  if (!value.includes('@')) return [];
  const url = value.includes('://') ? value : `http://${value}`;
  try {
    if (new URL(url).password === '') return [];
  } catch {
    return [];
  }
  return url === value ? [value] : [value, url];
}

/**
 * The values of run inputs whose names look secret (`api_token`, `db-password`), as text: a workflow
 * passes `${{ secrets.X }}` to a plan this way too, and the runner masks it in the log only. Whatever their
 * shape: every string and number in a list or a map given under such a name (`deploy_tokens: [...]`), and
 * under such a key anywhere in a map (`db: { password: ... }`); both reached the trace, the summary and the
 * outputs (found by an adversarial pass). A flag or a short number is left out (`isOrdinaryValue`), as for
 * variables.
 */
export function secretValuesFromInputs(inputs: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(inputs).flatMap(([name, value]) => secretValuesWithin(value, isSecretInputName(name)));
}

/**
 * What `secretValuesFromInputs` finds in one value: every string and number in it when it is given under a secret
 * name (`underSecretName`), else those under a secret key inside it.
 */
export function secretValuesWithin(given: unknown, underSecretName: boolean): string[] {
  const found: string[] = [];
  const stack: Array<{ readonly value: unknown; readonly secret: boolean }> = [{ value: given, secret: underSecretName }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, secret } = next;
    if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value);
      if (secret && text !== '' && !isOrdinaryValue(text)) found.push(text);
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, secret });
    } else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) stack.push({ value: item, secret: secret || isSecretInputName(name) });
    }
  }
  return found;
}

/** True for an input or key name that looks secret (`api_token`, `db-password`). */
export function isSecretInputName(name: string): boolean {
  return isSecretEnvName(name.replaceAll('-', '_'));
}

/**
 * A number that is a known secret, as `***`; any other number as it is. A secret can be all digits (a
 * PIN, `--input deploy_password=98765432` for an input whose default is a number), and a tool's JSON
 * gives it back as a number, which every walk over strings passed by. Only a number whose whole text is
 * the secret: one that merely holds its digits (a cost of 0.000123456 beside a PIN of 123456) is a
 * figure, and hiding a part of it made the run's own trace unreadable. A number secret has at least 6
 * digits (`isOrdinaryValue`), so most numbers cost nothing.
 */
export function redactNumber(value: number | bigint, redact: Redactor): number | bigint | string {
  const text = String(value);
  if (text.length < 6) return value;
  return redact(text) === '***' ? '***' : value;
}

/**
 * `redactDeep(value, redact)` for reading only (a hash, a comparison): the same value, each object and array in it
 * itself where redaction changes nothing in it, a copy (as `redactDeep` makes) where it does. A step's definition in
 * its reuse key was copied whole, object by object, to hash a copy equal to it (1.1 µs of a step's 5). Not for a value
 * anyone may change: a tool gets a copy.
 */
export function redactDeepView<T>(value: T, redact: Redactor): T {
  return redactWalk(value, redact, true, true);
}

/**
 * A copy of a JSON-like value with `redact` applied to every string in it, object keys included, and
 * to every number that holds a secret (`redactNumber`). Cycles become `"[Circular]"`, so any result can
 * be written out safely.
 */
export function redactDeep<T>(value: T, redact: Redactor, options: { readonly numbers?: boolean } = {}): T {
  return redactWalk(value, redact, options.numbers !== false, false);
}

/** `redactDeep`'s walk: every object and array copied, or (`share`) only those in which redaction changes something. */
function redactWalk<T>(value: T, redact: Redactor, numbers: boolean, share: boolean): T {
  const seen = new WeakSet<object>();
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return redact(item);
    if (numbers && (typeof item === 'number' || typeof item === 'bigint')) return redactNumber(item, redact);
    if (item === null || typeof item !== 'object') return item;
    // Dates and other values that say how they serialise (as JSON.stringify would ask them).
    const toJSON = (item as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return walk(toJSON.call(item));
    if (seen.has(item)) return '[Circular]';
    seen.add(item);
    let out: unknown;
    if (Array.isArray(item)) out = share ? sharedArray(item, walk) : item.map(walk);
    else if (item instanceof Error) out = { name: redact(item.name), message: redact(item.message) };
    else if (share) out = sharedRecord(item as Record<string, unknown>, walk, redact);
    else out = Object.fromEntries(Object.entries(item).map(([key, inner]) => [redact(key), walk(inner)]));
    seen.delete(item);
    return out;
  };
  return walk(value) as T;
}

/** `array.map(walk)`, or `array` itself when `walk` gives back each item as it is. */
function sharedArray(array: readonly unknown[], walk: (item: unknown) => unknown): readonly unknown[] {
  let copy: unknown[] | undefined;
  for (let index = 0; index < array.length; index++) {
    if (!(index in array)) continue;
    const inner = array[index];
    const walked = walk(inner);
    // From the first item that changed: those before it as they are, holes kept, as `map` keeps them.
    if (copy === undefined && walked !== inner) copy = array.slice(0, index);
    if (copy !== undefined) copy[index] = walked;
  }
  if (copy === undefined) return array;
  copy.length = array.length;
  return copy;
}

/** `redactDeep`'s copy of a record (its keys redacted, its values walked), or `record` itself when nothing in it changes. */
function sharedRecord(record: Record<string, unknown>, walk: (item: unknown) => unknown, redact: Redactor): unknown {
  const keys = Object.keys(record);
  let entries: [string, unknown][] | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const inner = record[key];
    const name = redact(key);
    const walked = walk(inner);
    if (entries === undefined && (name !== key || walked !== inner)) entries = keys.slice(0, index).map((before) => [before, record[before]]);
    entries?.push([name, walked]);
  }
  return entries === undefined ? record : Object.fromEntries(entries);
}
