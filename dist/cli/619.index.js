export const id = 619;
export const ids = [619,135];
export const modules = {

/***/ 85135:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   validateRedactor: () => (/* binding */ validateRedactor)
/* harmony export */ });
/* harmony import */ var _core_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8038);
/* harmony import */ var _job_job_secrets_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(71396);


/** What `validate` hides in the errors it prints: the environment's secret-named values, and those a plan gave its MCP servers. */
function validateRedactor(env, learned) {
    return (0,_core_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .createRedactor */ .lY)([...(0,_job_job_secrets_js__WEBPACK_IMPORTED_MODULE_1__/* .jobSecrets */ .p)({ env }), ...learned]);
}


/***/ }),

/***/ 80083:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ groupDigits)
/* harmony export */ });
/**
 * A number as `value.toLocaleString('en-US')` writes it (`65,536`), without asking ICU where the
 * value is a safe integer: a process's first `toLocaleString` with a locale loads ICU's number
 * formatting (18\u201320 ms on a machine whose bare `node -e 0` takes 60\u201370 ms), which every run that
 * rendered a PR comment or a cost table paid. Fractions, -0, NaN, the infinities and integers past
 * 2^53 still go to ICU, so the text is always exactly `toLocaleString('en-US')`'s.
 */
function groupDigits(value) {
    if (!Number.isSafeInteger(value) || Object.is(value, -0))
        return value.toLocaleString('en-US');
    const digits = String(Math.abs(value));
    let grouped = digits.slice(0, digits.length % 3 || 3);
    for (let i = grouped.length; i < digits.length; i += 3)
        grouped += `,${digits.slice(i, i + 3)}`;
    return value < 0 ? `-${grouped}` : grouped;
}


/***/ }),

/***/ 5709:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q6: () => (/* binding */ visibleText),
/* harmony export */   kH: () => (/* binding */ INVISIBLE),
/* harmony export */   uA: () => (/* binding */ hasVisibleText)
/* harmony export */ });
/**
 * Characters a reader cannot see but a model (or a search) reads: Unicode's default-ignorable code
 * points, which a renderer draws as nothing unless it supports them. Among them zero-width and word
 * joiners, invisible operators, the byte-order mark, the soft hyphen, bidi embeddings, overrides and
 * isolates, Unicode tag characters, the combining grapheme joiner, Hangul fillers, Mongolian free
 * variation selectors, and variation selectors (U+FE00\u2013FE0F, U+E0100\u2013E01EF), which carry a byte each
 * after any character ("emoji smuggling"); an emoji without its VS16 still shows. A hand-picked list
 * missed some of them (U+034F, U+180B: `AK\u034FIA` passed `not_contains: AKIA`). Global: use it with
 * `replace`.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** `text` as a reader sees it, for a search: invisible characters removed, compatibility forms folded (NFKC: `\uff21\uff2b\uff29\uff21` is `AKIA`). */
function visibleText(text) {
    return text.replace(INVISIBLE, '').normalize('NFKC');
}
const PRINTABLE_ASCII = /[!-~]/;
/** Whether a reader would see anything in `text`: not only spaces and invisible characters (`"\u200b"` is an empty answer). */
function hasVisibleText(text) {
    if (typeof text !== 'string')
        return false;
    // A printable ASCII character is visible whatever surrounds it: no invisible character is ASCII, NFKC
    // keeps it (or composes it into another letter) and trim keeps it. So most answers need no NFKC copy,
    // which for an 8 MiB answer took 32 MB and 50 ms.
    if (PRINTABLE_ASCII.test(text))
        return true;
    return visibleText(text).trim() !== '';
}


/***/ }),

/***/ 53097:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  P: () => (/* binding */ LinearRegex)
});

// UNUSED EXPORTS: MAX_REGEX_WORK

// EXTERNAL MODULE: ./node_modules/re2js/build/index.js
var build = __webpack_require__(2856);
// EXTERNAL MODULE: ./lib/core/regex-syntax-error.js
var regex_syntax_error = __webpack_require__(45989);
// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
;// CONCATENATED MODULE: ./lib/core/regex-work-error.js

/**
 * A pattern too large for the text it was to be run on: the linear-time engine's work is its program's
 * size times the text's length, and it runs on the event loop, where no timeout can stop it.
 */
class RegexWorkError extends Error {
    pattern;
    constructor(pattern, size, length, limit) {
        super(`the pattern ${pattern} compiles to ${(0,group_digits/* groupDigits */.K)(size)} steps, so checking ${(0,group_digits/* groupDigits */.K)(length)} characters with it could take ` +
            `${(0,group_digits/* groupDigits */.K)(size * length)} steps, more than the ${(0,group_digits/* groupDigits */.K)(limit)} one check may take on the event loop, where no timeout can stop it: ` +
            'make its repeats (`{n}`) smaller, or check a shorter text');
        this.name = new.target.name;
        this.pattern = pattern;
    }
}

;// CONCATENATED MODULE: ./lib/core/linear-regex.js



const FLAG_BITS = {
    i: build/* RE2JS */.L3.CASE_INSENSITIVE,
    m: build/* RE2JS */.L3.MULTILINE,
    s: build/* RE2JS */.L3.DOTALL,
    u: 0, // RE2 always matches by code point
};
/**
 * The most work one call may do: the program's size times the text's length. The engine keeps at most one
 * thread per instruction at each character, and took up to 41 ns per instruction and character on the
 * slowest shapes measured (`\pL{1000}\pN` over 1 MB of letters: 41 s; `\w{1000}\d`: 23 s), so a call holds
 * the event loop about 4 s at the very worst, and literal or ASCII patterns far less. A pattern of 95 steps
 * still reads a whole 1 MiB tool result in one call; one with a `{1000}` repeat, 100 KB.
 */
const MAX_REGEX_WORK = 100_000_000;
/**
 * A regular expression that runs in time linear in its input (RE2 semantics, via the pure-JS
 * `re2js` port), for every pattern a plan author or a model writes: a backtracking `RegExp` on
 * hostile text can block the event loop for minutes, where no timer or signal can interrupt it.
 * JavaScript syntax is accepted where RE2 has the same meaning (`(?<name>\u2026)`, `\u00e9`, `[^]`), and
 * `\s`, `\S` and `.`, whose meaning RE2 does not share, are written out as JavaScript means them
 * (with the `m` flag, `^` and `$` still see lines end at `\n` only, not at `\r`, U+2028 or U+2029);
 * lookaround and backreferences, which need backtracking, are refused with a `RegexSyntaxError`.
 */
class LinearRegex {
    source;
    flags;
    /** The compiled program's instructions: how many threads the engine may carry at each character. */
    size;
    #compiled;
    #limitWork;
    constructor(source, flags, compiled, limitWork) {
        this.source = source;
        this.flags = flags;
        this.#compiled = compiled;
        this.#limitWork = limitWork;
        this.size = programSize(compiled, source);
    }
    /**
     * Compiles `source` with JavaScript-style `flags` (`i`, `m`, `s`, `u`), or throws `RegexSyntaxError`.
     * Each call then throws `RegexWorkError` rather than do more than MAX_REGEX_WORK (`limitWork: false`
     * only for plan-runner's own patterns, whose size is known).
     */
    static compile(source, flags = '', options = {}) {
        let bits = 0;
        for (const flag of flags) {
            const bit = FLAG_BITS[flag];
            if (bit === undefined)
                throw new regex_syntax_error/* RegexSyntaxError */.J(source, `flag \`${flag}\` is not supported; use i, m, s or u`);
            bits |= bit;
        }
        const written = withJavaScriptClasses(source, flags.includes('s'));
        try {
            return new LinearRegex(source, flags, build/* RE2JS */.L3.compile(build/* RE2JS */.L3.translateRegExp(written), bits), options.limitWork !== false);
        }
        catch (error) {
            throw new regex_syntax_error/* RegexSyntaxError */.J(source, readableReason(error), { cause: error });
        }
    }
    /** Whether a call on `text` stays within MAX_REGEX_WORK (always, for a pattern compiled with `limitWork: false`). */
    fits(text) {
        return !this.#limitWork || this.size * text.length <= MAX_REGEX_WORK;
    }
    #check(text) {
        if (!this.fits(text))
            throw new RegexWorkError(this.toString(), this.size, text.length, MAX_REGEX_WORK);
    }
    /** Whether the pattern matches anywhere in `text`. */
    test(text) {
        this.#check(text);
        return this.#compiled.test(text);
    }
    /** The first (leftmost) match in `text`, or `undefined`. */
    exec(text) {
        this.#check(text);
        const found = this.#compiled.exec(text);
        if (!found)
            return undefined;
        return { index: found.index, text: String(found[0]) };
    }
    /** `text` with every match replaced by `replacement`, taken as written (no `$` groups). */
    replaceAll(text, replacement) {
        this.#check(text);
        return this.#compiled.matcher(text).replaceAll(() => replacement);
    }
    toString() {
        return `/${this.source}/${this.flags}`;
    }
}
/**
 * The instructions of `compiled`'s program, which re2js keeps as `re2Input.prog.inst` (not in its types;
 * test/core/linear-regex.test.ts fails if a new version moves it). Should it be missing, the pattern's
 * length with every counted repeat multiplied out stands in: never less than the program.
 */
function programSize(compiled, source) {
    const inst = compiled.re2Input?.prog?.inst;
    if (Array.isArray(inst))
        return inst.length;
    let size = source.length;
    for (const [, least, most] of source.matchAll(/\{(\d+)(?:,(\d*))?\}/g))
        size *= Math.max(1, Number(most || least));
    return size;
}
/** JavaScript's `\s`, item by item: every white space and line terminator (RE2's is ASCII only). */
const JS_SPACE_ITEMS = ['\\t', '\\n', '\\x0B', '\\f', '\\r', ' ', '\\x{A0}', '\\x{1680}', '\\x{2000}-\\x{200A}', '\\x{2028}', '\\x{2029}', '\\x{202F}', '\\x{205F}', '\\x{3000}', '\\x{FEFF}'];
const JS_SPACE = JS_SPACE_ITEMS.join('');
/** How a class member that is one white-space character can be written, as the item of JS_SPACE_ITEMS it is. */
const SPACE_MEMBER = { '\\t': '\\t', '\\n': '\\n', '\\v': '\\x0B', '\\f': '\\f', '\\r': '\\r', ' ': ' ' };
/** An inline group's flags: `(?s:`, `(?i-s:`, and `(?s)` for the rest of the group. */
const INLINE_FLAGS = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)])/;
/**
 * `source` with the classes whose meaning RE2 and JavaScript do not share written out as JavaScript
 * means them: `\s` and `\S` (RE2: ASCII white space only, so `^\S+$` took a no-break space) and `.`
 * without the `s` flag, the pattern's or an inline group's (RE2 matches `\r`, U+2028 and U+2029 with
 * it; JavaScript does not). Inside `[\u2026]`, `\s` is written out too, with a `-` beside it kept a
 * character as JavaScript reads it; a class with `\S` becomes that class or not-white-space
 * (`[\s\S]`: any character); a negated one with `\S` (`[^\S\r\n]`, white space but line breaks) is
 * written out when its other members are white-space characters, and refused otherwise.
 */
function withJavaScriptClasses(source, dotAll) {
    const refuse = (reason) => {
        throw new regex_syntax_error/* RegexSyntaxError */.J(source, reason);
    };
    let out = '';
    // The `s` flag in force in each open group, innermost last.
    const groups = [dotAll];
    for (let i = 0; i < source.length; i++) {
        const char = source[i];
        if (char === '\\') {
            const next = source[i + 1];
            i++;
            out += next === 's' ? `[${JS_SPACE}]` : next === 'S' ? `[^${JS_SPACE}]` : `\\${next ?? ''}`;
        }
        else if (char === '(') {
            const inline = INLINE_FLAGS.exec(source.slice(i, i + 40));
            const current = groups[groups.length - 1];
            const flagged = inline ? (inline[1].includes('s') ? true : inline[2]?.includes('s') ? false : current) : current;
            if (inline?.[3] === ')')
                groups[groups.length - 1] = flagged;
            else
                groups.push(flagged);
            const text = inline ? inline[0] : char;
            out += text;
            i += text.length - 1;
        }
        else if (char === ')') {
            if (groups.length > 1)
                groups.pop();
            out += char;
        }
        else if (char === '[') {
            // A class, to its first unescaped `]` (JavaScript closes `[]` and `[^]` there too).
            const negated = source[i + 1] === '^';
            let j = negated ? i + 2 : i + 1;
            let body = '';
            let nonSpace = false;
            const members = [];
            for (; j < source.length && source[j] !== ']'; j++) {
                if (source[j] !== '\\') {
                    body += source[j];
                    members.push(source[j]);
                    continue;
                }
                const next = source[++j];
                if (next === 's') {
                    // A `-` beside a class escape is a character in JavaScript, not a range.
                    if (body.endsWith('-') && body.length > 1 && /(?:^|[^\\])(?:\\\\)*-$/.test(body))
                        body = `${body.slice(0, -1)}\\-`;
                    body += JS_SPACE;
                    members.push('\\s');
                    if (source[j + 1] === '-' && source[j + 2] !== ']') {
                        body += '\\-';
                        j++;
                    }
                }
                else if (next === 'S')
                    nonSpace = true;
                else {
                    body += `\\${next ?? ''}`;
                    members.push(`\\${next ?? ''}`);
                }
            }
            if (j >= source.length)
                refuse('a `[` opens a class that no `]` closes');
            if (!nonSpace)
                out += `[${negated ? '^' : ''}${body}]`;
            else if (!negated)
                out += body === '' ? `[^${JS_SPACE}]` : `(?:[${body}]|[^${JS_SPACE}])`;
            else {
                // Not (not-white-space or these): the white space these are not.
                const removed = members.map((member) => SPACE_MEMBER[member] ?? (member === '\\s' ? 'all' : refuse('`\\S` inside `[^\u2026]` is supported beside white-space characters only (`[^\\S\\r\\n]`); write the class another way')));
                const kept = removed.includes('all') ? [] : JS_SPACE_ITEMS.filter((item) => !removed.includes(item));
                out += kept.length === 0 ? '[^\\x{0}-\\x{10FFFF}]' : `[${kept.join('')}]`;
            }
            i = j;
        }
        else
            out += char === '.' && !groups[groups.length - 1] ? '[^\\n\\r\\x{2028}\\x{2029}]' : char;
    }
    return out;
}
function readableReason(error) {
    const raw = error instanceof Error ? error.message : String(error);
    const reason = raw.replace(/^error parsing regexp: /, '');
    if (/\(\?[=!]|\(\?<[=!]|invalid named capture: `\(\?<[=!]/.test(raw)) {
        return `${reason} \u2014 lookahead and lookbehind are not supported (patterns run on a linear-time engine, RE2 syntax); match the surrounding text instead`;
    }
    if (/invalid escape sequence: `\\[1-9]/.test(raw)) {
        return `${reason} \u2014 backreferences are not supported (patterns run on a linear-time engine, RE2 syntax)`;
    }
    if (/invalid repeat count/.test(raw))
        return `${reason} \u2014 a repeat count can be at most 1000`;
    return reason;
}


/***/ }),

/***/ 45989:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ RegexSyntaxError)
/* harmony export */ });
/** A regular expression the linear-time engine cannot compile: bad syntax, or a feature that needs backtracking. */
class RegexSyntaxError extends Error {
    pattern;
    /** What is wrong, without the pattern. */
    reason;
    constructor(pattern, reason, options = {}) {
        super(`the pattern ${pattern} cannot be used: ${reason}`, { cause: options.cause });
        this.name = new.target.name;
        this.pattern = pattern;
        this.reason = reason;
    }
}


/***/ })

};
