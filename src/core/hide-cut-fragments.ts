import { TOKEN_PREFIXES } from './redact.ts';

// A credential cut short by an excerpt's `…` no longer matches the redactor's token shapes, so the
// run of token characters touching a cut is hidden when it looks like part of one.
// Starting only where a run starts: from every start inside a run not followed by `…`, the scan to its
// end failed again, and 64 KiB of token characters then `x…` took 5.7 s.
// A token's character; invisible characters inside a run are part of it: `a1B2c\u200B3D4…` reads as one token
// (found by a review).
const RUN_CHAR = String.raw`[A-Za-z0-9_+/=\p{Default_Ignorable_Code_Point}\0-]`;
const BEFORE_CUT = new RegExp(`(?<!${RUN_CHAR})${RUN_CHAR}{6,}(?=…)`, 'gu');
const AFTER_CUT = new RegExp(`(?<=…)${RUN_CHAR}{6,}`, 'gu');
// The redactor's token prefixes, and a JWT's.
const TOKEN_PREFIX = new RegExp(`^(?:${TOKEN_PREFIXES}|eyJ)`);
const INVISIBLE_CHARS = /[\p{Default_Ignorable_Code_Point}\0]/gu;

/**
 * A token prefix, letters mixed with digits, or 8 or more characters that turn from lower to upper case
 * twice: a random token's cut end holds no digit about a sixth of the time (`…MnopQRstUV`, found by a
 * redaction hunt). Only a run that touches a cut is asked; a plain word or a path stays (a camelCase name
 * such as `getElementById` there is hidden too: the cost of that rule).
 */
function looksLikeCredential(run: string): boolean {
  const fragment = run.replace(INVISIBLE_CHARS, '');
  if (TOKEN_PREFIX.test(fragment) || (/\d/.test(fragment) && /[A-Za-z]/.test(fragment))) return true;
  if (fragment.length >= 8 && (fragment.match(/[a-z][A-Z]/g)?.length ?? 0) >= 2) return true;
  // 12 or more, no path: all upper case (base32), or one turn from lower to upper case (a review measured 8% of
  // base32 and 1.4% of base64url token ends of 12 shown without this).
  // Not a constant's or a variable's name (`GITHUB_TOKEN is unset`): upper case and `_` alone, which no base32 holds.
  if (/^[A-Z_]+$/.test(fragment) && fragment.includes('_')) return false;
  return fragment.length >= 12 && !fragment.includes('/') && ((/[A-Z]/.test(fragment) && !/[a-z]/.test(fragment)) || /[a-z][A-Z]/.test(fragment));
}

/**
 * Hides the fragment on either side of each `…` in already-redacted evidence when it looks like
 * part of a credential (a token prefix, or letters mixed with digits); plain words stay.
 */
export function hideCutFragments(text: string): string {
  const hide = (fragment: string): string => (looksLikeCredential(fragment) ? '***' : fragment);
  return text.replace(BEFORE_CUT, hide).replace(AFTER_CUT, hide);
}

/** The run of token characters right after a leading `…`, scanned once (anchored: linear in its length). */
const AT_START = new RegExp(`^…(${RUN_CHAR}{6,})`, 'u');
/** A run of base64url after a leading `…`, as a JWT's segments are written, and one after a dot: each read once. */
const JWT_AT_START = /^…[A-Za-z0-9_-]*/;
const JWT_SEGMENT = /\.([A-Za-z0-9_-]+)/y;

/**
 * Where the rest of a JWT a cut went through ends (`…<header's end>.eyJ<payload>.<signature>`, or `…<payload's
 * end>.<signature>`): the base64url run after the mark, then each segment after a dot that is a JWT's: a JSON
 * object's base64url (`eyJ`), the segment after one, or 16 or more characters that look like a credential (a
 * signature). At most four: a JWE has five parts. 0 when no such segment follows: the dots of a file name or a
 * version (`…3f2a.tar.gz`, `…2.14.0.tgz`, `…-api.us-east-1.amazonaws.com`) are no JWT's.
 */
function jwtRestEnd(text: string): number {
  const run = JWT_AT_START.exec(text);
  if (!run) return 0;
  let end = run[0].length;
  let json = false;
  for (let parts = 0; parts < 4; parts++) {
    JWT_SEGMENT.lastIndex = end;
    const segment = JWT_SEGMENT.exec(text)?.[1];
    if (segment === undefined || !(json || (segment.startsWith('eyJ') && segment.length >= 11) || (segment.length >= 16 && looksLikeCredential(segment)))) break;
    json = segment.startsWith('eyJ');
    end = JWT_SEGMENT.lastIndex;
  }
  return end > run[0].length ? end : 0;
}

/**
 * `text` whose start a cut dropped (it begins with `…`: a stderr tail), with the credential-looking run
 * right after that mark hidden: a token the cut went through lost its prefix (`ghp_`), and no token shape
 * finds the rest. A JWT's rest is hidden whole (`jwtRestEnd`): the run stops at its first dot, and its payload and
 * signature showed (found by a redaction hunt). Only the leading mark is looked at, so a long tail costs one linear scan.
 */
export function hideCutStart(text: string): string {
  const jwt = jwtRestEnd(text);
  if (jwt > 0) return `…***${text.slice(jwt)}`;
  const run = AT_START.exec(text)?.[1];
  return run !== undefined && looksLikeCredential(run) ? `…***${text.slice(1 + run.length)}` : text;
}

const IS_RUN_CHAR = new RegExp(RUN_CHAR, 'u');

/**
 * `text` whose end a cut dropped (it ends with `…`: a line cut to its first characters), with the
 * credential-looking run right before that mark hidden: a token the cut went through lost its end, and no
 * token shape finds the rest (found by a redaction hunt: a search result showed a token's first 20
 * characters). Only the trailing mark is looked at; the run is read from the end, at most 400 characters.
 */
export function hideCutEnd(text: string): string {
  if (!text.endsWith('…')) return text;
  let start = text.length - 1;
  while (start > 0 && text.length - 1 - start < 400 && IS_RUN_CHAR.test(text[start - 1]!)) start--;
  const run = text.slice(start, -1);
  return run.length >= 6 && looksLikeCredential(run) ? `${text.slice(0, start)}***…` : text;
}
