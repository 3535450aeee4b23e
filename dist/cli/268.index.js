export const id = 268;
export const ids = [268];
export const modules = {

/***/ 45268:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseWithPositions: () => (/* binding */ parseWithPositions),
/* harmony export */   positionsOf: () => (/* binding */ positionsOf),
/* harmony export */   readDocument: () => (/* binding */ readDocument)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(38815);
/* harmony import */ var _parse_plan_yaml_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(84700);
/* harmony import */ var _core_group_digits_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(80083);
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(86919);
/* harmony import */ var _core_trim_end_chars_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(33883);
/* harmony import */ var _yaml_file_kind_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(38082);






/** The most YAML errors reported for one file; a hostile file (1 MiB of `[,,,\u2026`) has one per character. */
const MAX_YAML_ERRORS = 20;
// The `yaml` package, which knows where every node of a file is: loaded (with this module) only when
// a plan has an error to place, or when the fast reader leaves the file to it (see parsePlanYaml).
/**
 * Said of a file nested past MAX_NESTING, at the first node too deep, however that was found: by walking
 * the composed document, or, past the depth composed (see pruneDeepCollections), as an error of its own.
 */
function tooDeep(kind) {
    return `the file nests more than ${_parse_plan_yaml_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_NESTING */ .M1} levels deep; ${kind.called} never needs that`;
}
/** Messages in the words of the file read (a fault file was told "a plan file holds one YAML document"). */
const FRIENDLY_YAML_MESSAGES = {
    DUPLICATE_KEY: (key) => `duplicate key \`${key}\`: each key may appear once in a map`,
    RESOURCE_EXHAUSTION: (_source, kind) => tooDeep(kind),
    MULTIPLE_DOCS: (_source, kind) => `${kind.called} holds one YAML document; remove the \`---\` separator and what follows it`,
    // `!!binary foo: 1` is a tagged key, not a list or a map.
    // `*name: 1` is an alias, whatever its anchor names: "not lists or maps" was said of an alias to text too.
    NON_STRING_KEY: (key) => key.startsWith('!')
        ? `the key \`${(0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(key, 60)}\` carries a YAML tag, and a key is plain text: write it without the tag`
        : key.startsWith('*')
            ? `the key \`${(0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(key, 60)}\` is an alias (*name), and a key is plain text: write the key out`
            : 'keys must be plain text, not lists or maps',
    TAB_AS_INDENT: () => 'tabs are not allowed as indentation in YAML; indent with spaces',
};
/**
 * The key written at `offset` (yaml reports a duplicate key by its first character only): a quoted one whole, a plain
 * one up to its `: `, or, in a flow map, to the `,`, bracket or comment that ends it (`{a, "a"}` was named `"`, and the
 * second `a` of `{b: 1, a, c: 2, a, d: 3}` as `a, d`). A block map's plain key holds those characters (`q[0]:`, `a,b:`).
 */
function keyTextAt(text, offset, doc) {
    const slice = text.slice(offset, offset + 200);
    const flow = /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|[^\n]*?(?=[ ]*(?::[ \r\n]|:$|[,[\]{}\r\n])|[ ]+#|$))/.exec(slice)?.[0];
    const block = /^[^\n]*?(?=[ ]*(?::[ \r\n]|:$)|[ ]+#|$)/.exec(slice)?.[0];
    // The document is walked only for a key the two readings name differently (one holding `,`, `[` or `{`).
    const key = block !== undefined && block !== flow && !/^["']/.test(slice) && inBlockMap(doc, offset) ? block : flow;
    return key || text.slice(offset, offset + 1);
}
/** Whether the key written at `offset` is a block map's (not a flow map's): only called on a reported error. */
function inBlockMap(doc, offset) {
    let block = false;
    (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR)(doc, {
        Pair(_key, pair, path) {
            if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(pair.key) || pair.key.range?.[0] !== offset)
                return undefined;
            const parent = path[path.length - 1];
            block = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(parent) && parent.flow !== true;
            return yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR.BREAK;
        },
    });
    return block;
}
function positionOf(lineCounter, offset) {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
}
function failure(file, message, position = { line: 1, column: 1 }) {
    return { ok: false, errors: [{ file, ...position, path: '', message }] };
}
/** The first node in the file nested deeper than MAX_NESTING, keys included, found without recursion. */
function tooDeepNode(root) {
    const stack = [{ node: root, depth: 1 }];
    while (stack.length > 0) {
        const { node, depth } = stack.pop();
        if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isCollection */ .P3)(node))
            continue;
        if (depth > _parse_plan_yaml_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_NESTING */ .M1)
            return node;
        // Pushed last first, so that the stack gives them back in the file's order: the first too deep is the one named.
        for (let i = node.items.length - 1; i >= 0; i--) {
            const item = node.items[i];
            for (const child of (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isPair */ .tO)(item) ? [item.value, item.key] : [item]) {
                if (child && !(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isAlias */ .Vj)(child) && typeof child === 'object')
                    stack.push({ node: child, depth: depth + 1 });
            }
        }
    }
    return undefined;
}
/**
 * The first alias with no anchor of its name before it (misspelt, or above its anchor), in one pass in
 * document order, the order `yaml` resolves in: its ReferenceError was taken for too many aliases.
 */
function unresolvedAlias(doc) {
    const anchors = new Set();
    let found;
    (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR)(doc, {
        Node(_key, node) {
            if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isAlias */ .Vj)(node) && !anchors.has(node.source)) {
                found = node;
                return yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR.BREAK;
            }
            if (node.anchor !== undefined)
                anchors.add(node.anchor);
            return undefined;
        },
    });
    return found;
}
/**
 * The alias at which the values aliases add to the plan, as it expands, pass MAX_ALIASED_VALUES (`too-many`), or one
 * of a node still open, its own ancestor (`cycle`: the value would hold itself); else undefined. An alias adds what
 * its anchor holds, aliases in it included. One pass in document order, without recursion: an anchor comes before its
 * aliases, so its size is known when an alias is met. A value that held itself was read as a cycle the checks ran
 * round until the stack ran out, and the file was refused as "too large or too deeply nested", with no place in it
 * (found by a hunt of plan errors).
 */
function overExpandingAlias(doc, root) {
    const sizes = new Map();
    const open = new Set();
    let added = 0;
    const stack = [{ node: root, open: false }];
    while (stack.length > 0) {
        const top = stack.pop();
        const { node } = top;
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isAlias */ .Vj)(node)) {
            const target = node.resolve(doc);
            if (target && open.has(target))
                return { node, why: 'cycle' };
            const size = (target && sizes.get(target)) ?? 1;
            added += size;
            if (added > _parse_plan_yaml_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_ALIASED_VALUES */ .SX)
                return { node, why: 'too-many' };
            sizes.set(node, size);
            continue;
        }
        if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isCollection */ .P3)(node)) {
            sizes.set(node, 1);
            continue;
        }
        const children = node.items.flatMap((item) => ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isPair */ .tO)(item) ? [item.key, item.value] : [item]).filter((child) => !!child && typeof child === 'object'));
        if (!top.open) {
            open.add(node);
            stack.push({ node, open: true });
            for (let index = children.length - 1; index >= 0; index--)
                stack.push({ node: children[index], open: false });
            continue;
        }
        open.delete(node);
        let size = 1;
        for (const child of children)
            size += sizes.get(child) ?? 1;
        sizes.set(node, size);
    }
    return undefined;
}
/** Collections of a CST no deeper than this are composed: past the first too deep, a level to spare. */
const COMPOSED_DEPTH = _parse_plan_yaml_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_NESTING */ .M1 + 1;
/**
 * Empties, in place and without recursion, each collection of `token` (a document) nested deeper than
 * COMPOSED_DEPTH, and gives the offset of the first, or undefined. `yaml`'s composer recurses for each
 * level: where the stack ran out depended on the machine and on the stack the call began with, and so
 * did the error, RESOURCE_EXHAUSTION or a tag's TAG_RESOLVE_FAILED (found in CI, once, at 10,000 levels).
 * A composed collection is never shallower than its token (a pair in a flow list adds a map), so
 * the first node past MAX_NESTING is still composed, where it was.
 */
function pruneDeepCollections(token) {
    if (token.type !== 'document' || !token.value)
        return undefined;
    let first;
    const stack = [{ token: token.value, depth: 1 }];
    while (stack.length > 0) {
        const { token: next, depth } = stack.pop();
        if (next.type !== 'block-map' && next.type !== 'block-seq' && next.type !== 'flow-collection')
            continue;
        if (depth > COMPOSED_DEPTH) {
            if (next.items.length > 0)
                first = Math.min(first ?? next.offset, next.offset);
            next.items = [];
            continue;
        }
        for (const item of next.items) {
            if ('key' in item && item.key)
                stack.push({ token: item.key, depth: depth + 1 });
            if (item.value)
                stack.push({ token: item.value, depth: depth + 1 });
        }
    }
    return first;
}
/**
 * `yaml`'s `parseDocument`, with a bound on the errors it builds. For each problem its composer builds
 * an Error (with a stack trace) and keeps it: 1 MiB of `[,,,\u2026` made a million of them, 12 s and 1.1 GB
 * for a file whose first 20 are all a person reads. Past MAX_YAML_ERRORS + 1 they are only counted. The
 * composer takes its error handler from no option, only from a field of its own, so that is the one
 * replaced; should `yaml` rename it, every error is kept again, as before, and the test on the count
 * fails.
 */
function readDocument(text) {
    // Lines counted from the text, as positionAt counts them: the parser reports no line break inside a token it could
    // not read (`"goal",` then a line break), and every position after one was a line up (found by an adversarial pass).
    const lineCounter = new yaml__WEBPACK_IMPORTED_MODULE_0__/* .LineCounter */ .HN();
    lineCounter.addNewLine(0);
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1))
        lineCounter.addNewLine(at + 1);
    // Duplicate keys are found below, in one pass: `yaml`'s own check compares each key with every key
    // before it in its map, and 60,000 keys in one map took 48 s.
    const options = { uniqueKeys: false, stringKeys: true, logLevel: 'error' };
    const composer = new yaml__WEBPACK_IMPORTED_MODULE_0__/* .Composer */ .Dk(options);
    const own = composer;
    const keep = own.onError;
    let kept = 0;
    let dropped = 0;
    /** True for the first MAX_YAML_ERRORS + 1 errors (the last places the "and N more" line); counts the rest. */
    const keepNext = () => {
        if (kept <= MAX_YAML_ERRORS) {
            kept++;
            return true;
        }
        dropped++;
        return false;
    };
    if (typeof keep === 'function') {
        own.onError = (source, code, message, warning) => {
            if (warning)
                return; // warnings are not reported (logLevel 'error'); none is built
            if (keepNext())
                keep(source, code, message, warning);
        };
    }
    // The parser's own error tokens (a stray `]` on each line) become errors without the handler: past
    // the bound they are dropped here, in the order the composer would have met them, and counted.
    // Collections nested too deep are emptied before the composer, which recurses, meets them. A second
    // document is passed on without its content, only to be refused, and nothing after it: composed, a
    // hostile one ran out of stack, and its errors, never shown, used up the count the first one's had.
    let pruned;
    let documents = 0;
    function* boundedTokens(tokens) {
        for (const token of tokens) {
            if (token.type === 'document' && ++documents === 2) {
                yield { ...token, value: undefined };
                return;
            }
            if (token.type === 'error' && !keepNext())
                continue;
            if (token.type === 'document')
                pruned = pruneDeepCollections(token);
            yield token;
        }
    }
    // As parseDocument does: the first document, and an error for a second one.
    let doc;
    for (const next of composer.compose(boundedTokens(new yaml__WEBPACK_IMPORTED_MODULE_0__/* .Parser */ .iX().parse(text)), true, text.length)) {
        if (!doc)
            doc = next;
        else {
            doc.errors.push(new yaml__WEBPACK_IMPORTED_MODULE_0__/* .YAMLParseError */ .XT([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'));
            break;
        }
    }
    // compose(\u2026, forceDoc = true) yields a document for any text, an empty one included.
    if (!doc)
        throw new Error('the YAML reader gave no document');
    const duplicates = duplicateKeys(doc.contents);
    if (duplicates.length > 0) {
        for (const key of duplicates)
            if (keepNext())
                doc.errors.push(new yaml__WEBPACK_IMPORTED_MODULE_0__/* .YAMLParseError */ .XT([key, key + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
        // In the order of the text, as the composer reported them.
        doc.errors.sort((a, b) => a.pos[0] - b.pos[0]);
    }
    // Nested past what a plan may hold: one error, at the first node too deep, beside the others.
    if (pruned !== undefined) {
        const at = (doc.contents ? tooDeepNode(doc.contents)?.range?.[0] : undefined) ?? pruned;
        doc.errors.push(new yaml__WEBPACK_IMPORTED_MODULE_0__/* .YAMLParseError */ .XT([at, at + 1], 'RESOURCE_EXHAUSTION', 'Nesting too deep'));
        doc.errors.sort((a, b) => a.pos[0] - b.pos[0]);
    }
    return { doc, lineCounter, dropped };
}
/**
 * Where each key that its map already has starts, in the order of the text: keys are equal as `yaml`
 * compares them (scalars of the same value). One pass with a set per map, without recursion (the
 * nesting is not yet known to be bounded).
 */
function duplicateKeys(contents) {
    const found = [];
    const stack = [contents];
    while (stack.length > 0) {
        const node = stack.pop();
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node)) {
            const seen = new Set();
            for (const pair of node.items) {
                if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(pair.key)) {
                    if (seen.has(pair.key.value))
                        found.push(pair.key.range?.[0] ?? 0);
                    seen.add(pair.key.value);
                }
                stack.push(pair.key, pair.value);
            }
        }
        else if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node)) {
            for (const item of node.items)
                stack.push(item);
        }
    }
    return found.sort((a, b) => a - b);
}
/**
 * Where paths are in a parsed document. When a path runs out of nodes (a missing key), the deepest
 * node that exists is used: the map missing the key; with `at: 'key'`, the key instead of its value.
 */
function positionsIn(doc, lineCounter) {
    // Each map's pairs by key text, made the first time a path goes through it: a file with 80,000
    // errors in one map looked each one up from the map's start, and took minutes.
    const indexes = new WeakMap();
    const pairOf = (map, segment) => {
        let index = indexes.get(map);
        if (!index) {
            index = new Map();
            for (const item of map.items)
                if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isPair */ .tO)(item) && (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(item.key) && !index.has(String(item.key.value)))
                    index.set(String(item.key.value), item);
            indexes.set(map, index);
        }
        return index.get(String(segment));
    };
    return {
        locate(path, at = 'value') {
            let node = doc.contents;
            let offset = node?.range?.[0] ?? 0;
            for (const [index, segment] of path.entries()) {
                if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isAlias */ .Vj)(node))
                    node = node.resolve(doc);
                let next;
                if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node)) {
                    const pair = pairOf(node, segment);
                    if (!pair)
                        break;
                    const key = pair.key;
                    if (index === path.length - 1 && at === 'key') {
                        offset = key.range?.[0] ?? offset;
                        break;
                    }
                    // `tool:` with nothing after it has no value node; point at the key instead.
                    next = pair.value ?? key;
                }
                else if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node) && typeof segment === 'number') {
                    next = node.items[segment];
                }
                const range = next?.range;
                if (!range)
                    break;
                node = next;
                offset = range[0];
            }
            return positionOf(lineCounter, offset);
        },
    };
}
/** The tags the JSON schema of YAML 1.2 resolves to plain values; `!!str 7` is the text "7". */
const PLAIN_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => `tag:yaml.org,2002:${name}`));
/** Where the tag before the value at `value` starts (`!!omap [` \u2192 the `!`); `value` when no tag is right before it. */
function tagStart(text, value) {
    // What `/!\S*\s*$/` finds in the 1,024 characters before the value, read back from it: the first `!` of the
    // last word. (The pattern tries each `!` of a run of them; ESLint refuses it: scripts/no-trailing-run-regex.ts.)
    const from = Math.max(0, value - 1024);
    let end = value;
    while (end > from && /\s/.test(text[end - 1]))
        end--;
    let start = end;
    while (start > from && !/\s/.test(text[start - 1]))
        start--;
    const bang = text.indexOf('!', start);
    return bang !== -1 && bang < end ? bang : value;
}
/** What each plain scalar tag reads: a value of another kind is text its tag could not resolve. */
const TAG_READS = {
    'tag:yaml.org,2002:int': { fits: (value) => Number.isInteger(value), what: 'a whole number, such as 3' },
    'tag:yaml.org,2002:float': { fits: (value) => typeof value === 'number', what: 'a number with a decimal point or an exponent, such as 2.5' },
    'tag:yaml.org,2002:bool': { fits: (value) => typeof value === 'boolean', what: '`true` or `false`' },
    'tag:yaml.org,2002:null': { fits: (value) => value === null, what: '`null`, `~` or nothing' },
};
/** What is wrong with `node`'s tag, or undefined. */
function tagProblem(node) {
    // Untagged, under `%YAML 1.1`: `yaml` reads `2026-01-01` as a timestamp (a Date), as `!!timestamp` would.
    if (node.tag === undefined && (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(node) && node.value !== null && typeof node.value === 'object') {
        const written = (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(String(node.source ?? ''), 40);
        return `\`${written}\` is a timestamp to YAML 1.1 (the file's \`%YAML 1.1\` directive), a value no check knows, taken as empty; quote it ("${written}") to keep the text, or remove the directive`;
    }
    if (node.tag === undefined)
        return undefined;
    const tag = node.tag.replace(/^tag:yaml\.org,2002:/, '!!');
    if (!PLAIN_TAGS.has(node.tag)) {
        return `the YAML tag ${tag} is not read here (it would make ${/:(?:omap|pairs|set|binary|timestamp)$/.test(node.tag) ? 'a value no check knows, taken as empty' : 'its value plain text, the tag dropped'}); write the value plainly, without the tag`;
    }
    // A plain tag on another kind of value than it is for (`args: !!str { a: 3 }`, `toolsets: !!str [math]`): `yaml`
    // drops it and reads the value as written, which passed (found by a hunt of plan errors).
    const kind = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node) ? 'a map' : (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node) ? 'a list' : 'a single value';
    const fits = node.tag.endsWith(':map') ? 'a map' : node.tag.endsWith(':seq') ? 'a list' : 'a single value';
    if (kind !== fits)
        return `the YAML tag ${tag} is for ${fits}, and this is ${kind}: YAML drops the tag; write the value without it`;
    const reads = TAG_READS[node.tag];
    if (!reads || !(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(node) || reads.fits(node.value))
        return undefined;
    // `goal: !!int y`: `yaml` warns that it could not resolve the tag, and keeps the text, which passed as the goal.
    const written = String(node.source ?? node.value);
    return `the YAML tag ${tag} could not read ${written === '' ? 'an empty value' : `\`${(0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(written, 40)}\``} (it reads ${reads.what}), and YAML would keep it as text; write the value without the tag`;
}
/**
 * The first nodes (MAX_YAML_ERRORS at most) whose tag is not read as written, each with why. `yaml` makes a
 * `!!omap`, `!!set`, `!!binary` or `!!timestamp` a Map, Set, Buffer or Date, which every check of the
 * plan saw as an object without keys (`limits: !!omap [concurrency: 0]` passed as no limits), and
 * drops an unknown tag (`!custom`), or a plain one its value does not fit (`!!int y`), with only a warning. Under
 * `%YAML 1.1` a date written plainly is a Date too (`limits: 2026-01-01` passed as no limits).
 * Called once the nesting is known to be bounded.
 */
function tagProblems(doc) {
    const found = [];
    (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR)(doc, {
        Node(_key, node) {
            const message = tagProblem(node);
            if (message !== undefined)
                found.push({ node, message });
            return found.length >= MAX_YAML_ERRORS ? yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR.BREAK : undefined;
        },
    });
    return found;
}
/**
 * A whole number written with a leading zero: `010` is 10 to YAML 1.2 and 8 (octal) to YAML 1.1 tools, `01234` a zip
 * code; under `%YAML 1.1` also with `_` between its digits (`01_0` is octal 8 there, as `010` is).
 */
const LEADING_ZERO = /^[-+]?0[0-9_]+$/;
/**
 * A whole number as written, in any base YAML reads (`0x\u2026`, `0o\u2026`; under `%YAML 1.1` also `0b\u2026`, `1_000`, `1:20`):
 * one past 2^53 is read as the nearest double, another number.
 */
const WHOLE = /^[-+]?(?:0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_:]*)$/;
/**
 * The first plain numbers (MAX_YAML_ERRORS at most) read as another value than their text: written with a leading
 * zero (`default: 01234` was 1234, `id: 01` step 1, which `${steps.01.result}` did not find), or a whole number past
 * what a double holds exactly (`12345678901234567890` was 12345678901234567168, an id another; found by a hunt of plan
 * errors), `0x20000000000001` as much.
 */
function misreadNumbers(doc) {
    const found = [];
    (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR)(doc, {
        Scalar(_key, node) {
            const misread = typeof node.value === 'number' && typeof node.source === 'string' && (LEADING_ZERO.test(node.source) || (WHOLE.test(node.source) && !Number.isSafeInteger(node.value)));
            if (node.type === 'PLAIN' && misread)
                found.push(node);
            return found.length >= MAX_YAML_ERRORS ? yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR.BREAK : undefined;
        },
    });
    return found;
}
/**
 * The first plain keys (MAX_YAML_ERRORS at most) that YAML reads as another value than their text, with that value:
 * read as text here (`stringKeys`), `null:`, `~:`, `1.0:`, `+1:`, `.inf:` or a 30-digit number are null or a number to
 * `yaml.parse` and to editors (the key "", "1", "Infinity", "1.2345678901234568e+29"), so an input, tool or header
 * named so was one name to `validate` and another to an editor (found by a hunt). `1:` or `true:` read as written.
 */
function keysReadAsOther(doc) {
    const tags = doc.schema.tags.filter((tag) => tag.default === true && 'test' in tag && tag.test instanceof RegExp);
    const found = [];
    (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR)(doc, {
        Pair(_key, pair) {
            const key = pair.key;
            if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(key) || key.type !== 'PLAIN' || key.tag !== undefined || typeof key.source !== 'string')
                return undefined;
            const written = key.source;
            const tag = tags.find((candidate) => candidate.test.test(written));
            const resolved = tag?.resolve(written, () => undefined, {});
            // Some tags resolve to a Scalar (null, true, 1.0), the others to the value itself.
            const read = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(resolved) ? resolved.value : resolved;
            if (tag !== undefined && (read === null || typeof read === 'number' || typeof read === 'boolean') && String(read ?? '') !== written)
                found.push({ node: key, read });
            return found.length >= MAX_YAML_ERRORS ? yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR.BREAK : undefined;
        },
    });
    return found;
}
/** What a misread key is to YAML, for a message. */
function readAs(value) {
    return typeof value === 'number' ? `the number ${String(value)}` : String(value);
}
/**
 * The positions of a file the fast reader read: `yaml` reads it again, for its positions, and says
 * what it refuses in it (`readErrors`), where the fast reader was more lenient.
 */
function positionsOf(text, file, kind = _yaml_file_kind_js__WEBPACK_IMPORTED_MODULE_2__/* .PLAN_FILE */ .VI) {
    const read = readDocument(text);
    const positions = positionsIn(read.doc, read.lineCounter);
    const checked = checkDocument(text, file, read, kind);
    return checked.ok ? positions : { ...positions, readErrors: checked.errors };
}
/** Reads `text` with the `yaml` package: its value and positions, or every problem positioned. */
function parseWithPositions(text, file, kind = _yaml_file_kind_js__WEBPACK_IMPORTED_MODULE_2__/* .PLAN_FILE */ .VI) {
    return checkDocument(text, file, readDocument(text), kind);
}
/** Errors that stand on their own: each is reported, however many come before it in its part of the file. */
const INDEPENDENT_ERRORS = new Set(['DUPLICATE_KEY', 'NON_STRING_KEY', 'MULTIPLE_DOCS', 'RESOURCE_EXHAUSTION']);
/**
 * The line of the top-level key whose part of the file holds `line` (1-based), or 0 before the first:
 * a syntax error's consequences stay within its part, so one error is shown per part.
 */
function topLevelLine(text, lineCounter, line) {
    for (let at = line; at >= 1; at--) {
        const first = text[lineCounter.lineStarts[at - 1]];
        if (first !== undefined && !' \t#-\r\n'.includes(first))
            return at;
    }
    return 0;
}
/** The text of line `line` (1-based), without its line break. */
function lineText(text, lineCounter, line) {
    const start = lineCounter.lineStarts[line - 1] ?? text.length;
    const end = text.indexOf('\n', start);
    return text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
}
/** How many spaces begin `line`. */
function indentation(line) {
    return /^ */.exec(line)[0].length;
}
/** The nearest line above (`step` -1) or below (+1) `line` that holds more than spaces and a comment, or undefined. */
function contentLine(text, lineCounter, line, step) {
    for (let at = line + step, seen = 0; at >= 1 && at <= lineCounter.lineStarts.length && seen < 50; at += step, seen++) {
        const found = lineText(text, lineCounter, at);
        if (!/^\s*(?:#.*)?$/.test(found))
            return found;
    }
    return undefined;
}
/** `written` as a quoted YAML value, trimmed and cut for a message, in backticks unless it holds one. */
function quotedExample(written) {
    const quoted = JSON.stringify((0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(written.trim(), 40));
    return quoted.includes('`') ? quoted : `\`${quoted}\``;
}
const LINE_UP = 'the keys of one map line up in one column';
/**
 * What to do about a syntax error, where the text at it shows the likely cause; '' when it does not. `yaml`'s own
 * words name its grammar, not the fix: an unquoted `${\u2026}` in `{ \u2026 }` was "Unexpected flow-map-start at node end",
 * `description: Note: be brief` "Nested mappings are not allowed in compact mappings", `mention: @org/team` "Plain
 * value cannot start with reserved character @", `type reasoning` "Implicit keys need to be on a single line".
 */
function syntaxHint(text, lineCounter, error, line) {
    const at = error.pos[0];
    const written = lineText(text, lineCounter, line);
    // `-id: 4`: a list item without a space after its `-`.
    const dashed = /^[ \t]*-[^\s-][^\n]{0,40}/.exec(written)?.[0];
    if (dashed !== undefined)
        return `; a list item needs a space after its \`-\` (\`${dashed.trim().replace(/^-/, '- ')}\`)`;
    // `{ a: ${steps.a.result} }`, `[${inputs.x}]`: the `{` of a reference read as a map's.
    if (text[at] === '{' && text[at - 1] === '$') {
        const close = text.indexOf('}', at);
        const reference = close === -1 || close - at > 80 ? '${\u2026}' : text.slice(at - 1, close + 1);
        return `; inside \`{ \u2026 }\` or \`[ \u2026 ]\` a reference must be quoted: \`"${reference}"\``;
    }
    const end = text.indexOf('\n', at);
    // The rest of the line from the error, less a comment.
    const restOfLine = text.slice(at, end === -1 ? text.length : end);
    const comment = restOfLine.search(/\s#/);
    const rest = comment === -1 ? restOfLine : restOfLine.slice(0, comment);
    if (error.code === 'BAD_SCALAR_START')
        return `; quote text that starts with ${text[at] === '`' ? 'a backtick' : text[at]}: ${quotedExample(rest)}`;
    if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || error.code === 'BLOCK_IN_FLOW') {
        // `description: Note: be brief`: a `: ` inside a plain value starts a map there.
        if (/:(?:\s|$)/.test(rest))
            return `; text with \`: \` in it must be quoted: ${quotedExample((0,_core_trim_end_chars_js__WEBPACK_IMPORTED_MODULE_4__/* .trimEndChars */ .v)(rest, ' \t}]'))}`;
        // `type: reasoning` over a more indented `description: d`: read as one value running on.
        const below = contentLine(text, lineCounter, line, 1);
        if (below !== undefined && indentation(below) > indentation(written)) {
            return `; the line below is indented by ${indentation(below)} spaces, this one by ${indentation(written)}: ${LINE_UP}`;
        }
        return '';
    }
    // `type reasoning`: a key without its `:`.
    if (error.code === 'MULTILINE_IMPLICIT_KEY' || (error.code === 'MISSING_CHAR' && /^Implicit map keys/.test(error.message))) {
        const pair = /^\s*(?:-\s+)?([A-Za-z_][\w-]*)\s+([^\s:#][^:#]*)$/.exec(written);
        return pair ? `; a key needs \`:\` and a space after it (\`${pair[1]}: ${(0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(pair[2].trim(), 40)}\`)` : '';
    }
    // `   tool: add` under `    type: tool_call`: a key indented less than the ones above it.
    if (error.code === 'MISSING_CHAR' && /^Sequence item without/.test(error.message)) {
        const above = contentLine(text, lineCounter, line, -1);
        if (above !== undefined && indentation(above) > indentation(written)) {
            return `; this line is indented by ${indentation(written)} spaces, the one above by ${indentation(above)}: ${LINE_UP}`;
        }
    }
    return '';
}
/**
 * Where each quoted scalar or flow collection left open that ends at an offset opens. `yaml` reports either at its
 * end, which is most often the line after it (`toolsets: [math` over `workflow_sequence:`) or the end of the file,
 * lines below what opened it (found by adversarial passes: quotes first, then brackets).
 */
function openersByEnd(text, doc) {
    const openers = new Map();
    (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .visit */ .YR)(doc, {
        Scalar(_key, node) {
            if ((node.type !== 'QUOTE_DOUBLE' && node.type !== 'QUOTE_SINGLE') || !node.range)
                return;
            const [start, end] = node.range;
            // Left open as `yaml` decides it: its text does not end with its quote.
            if (end - start === 1 || text[end - 1] !== text[start])
                openers.set(end, { start, kind: 'quote' });
        },
        Collection(_key, node) {
            if (!node.flow || !node.range)
                return;
            const [start, end] = node.range;
            const kind = text[start] === '[' ? 'list' : text[start] === '{' ? 'map' : undefined;
            // A quote and a bracket left open end together (`goal: ["a`): the quote, innermost, is the one to close first.
            if (kind && text.slice(start, end).trimEnd().at(-1) !== (kind === 'list' ? ']' : '}') && !openers.has(end))
                openers.set(end, { start, kind });
        },
    });
    return openers;
}
/** Codes `yaml` gives a quote (MISSING_CHAR) or a flow collection (MISSING_CHAR at the root, BAD_INDENT in a block map or list) it found no end of. */
const LEFT_OPEN_CODES = new Set(['MISSING_CHAR', 'BAD_INDENT']);
/** What to do about what `opener` opened, which `yaml` read on to `runsTo`. */
function leftOpenMessage(error, opener, runsTo) {
    if (opener.kind === 'quote')
        return `YAML: ${error.message}: the quote opened here runs on to ${runsTo.line}:${runsTo.column}; close it where its text ends`;
    const [open, close, what] = opener.kind === 'list' ? ['[', ']', 'list'] : ['{', '}', 'map'];
    return (`YAML: the \`${open}\` here opens a ${what} that no \`${close}\` closes before ${runsTo.line}:${runsTo.column}; ` +
        `close it with \`${close}\` where its items end (a ${what} written over more lines than one indents them past its key)`);
}
function checkDocument(text, file, { doc, lineCounter, dropped }, kind) {
    if (doc.errors.length > 0) {
        // One syntax error per top-level part of the file: those after it in that part are most often what it
        // causes (found by a new-user walkthrough: `-id: 4` gave 5 errors, none saying what to fix), and are
        // counted on the "and N more" line with those past MAX_YAML_ERRORS.
        const errors = [];
        const parts = new Set();
        let firstLeft;
        let left = dropped;
        let openers;
        for (const error of doc.errors.slice(0, MAX_YAML_ERRORS + 1)) {
            const opener = LEFT_OPEN_CODES.has(error.code) ? (openers ??= openersByEnd(text, doc)).get(error.pos[0]) : undefined;
            const position = positionOf(lineCounter, opener?.start ?? error.pos[0]);
            const part = topLevelLine(text, lineCounter, position.line);
            const shown = errors.length < MAX_YAML_ERRORS && (INDEPENDENT_ERRORS.has(error.code) || !parts.has(part));
            if (!shown) {
                left += 1;
                firstLeft ??= { file, ...position, path: '', message: '' };
                continue;
            }
            if (!INDEPENDENT_ERRORS.has(error.code))
                parts.add(part);
            const friendly = FRIENDLY_YAML_MESSAGES[error.code];
            const message = friendly
                ? friendly(keyTextAt(text, error.pos[0], doc), kind)
                : opener
                    ? leftOpenMessage(error, opener, positionOf(lineCounter, error.pos[0]))
                    : `YAML: ${error.message}${syntaxHint(text, lineCounter, error, position.line)}`;
            errors.push({ file, ...position, path: '', message });
        }
        left += Math.max(0, doc.errors.length - (MAX_YAML_ERRORS + 1));
        if (left > 0 && firstLeft)
            errors.push({ ...firstLeft, message: `and ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_5__/* .groupDigits */ .K)(left)} more YAML errors after this point, most likely caused by the ones above; fix those first`, standsFor: left });
        return { ok: false, errors };
    }
    if (doc.contents === null) {
        return failure(file, (0,_yaml_file_kind_js__WEBPACK_IMPORTED_MODULE_2__/* .emptyFileMessage */ .XY)(kind));
    }
    const deep = tooDeepNode(doc.contents);
    if (deep)
        return failure(file, tooDeep(kind), positionOf(lineCounter, deep.range?.[0] ?? 0));
    const tagged = tagProblems(doc);
    if (tagged.length > 0) {
        return {
            ok: false,
            errors: tagged.map(({ node, message }) => {
                const at = node.range?.[0] ?? 0;
                return { file, ...positionOf(lineCounter, node.tag === undefined ? at : tagStart(text, at)), path: '', message };
            }),
        };
    }
    const misreadKeys = keysReadAsOther(doc);
    if (misreadKeys.length > 0) {
        return {
            ok: false,
            errors: misreadKeys.map(({ node, read }) => {
                const written = node.source;
                const message = `the key \`${written}\` is not text to YAML: it reads it as ${readAs(read)}, as editors do; quote it ("${written}") to keep it as written`;
                return { file, ...positionOf(lineCounter, node.range?.[0] ?? 0), path: '', message };
            }),
        };
    }
    const misread = misreadNumbers(doc);
    if (misread.length > 0) {
        return {
            ok: false,
            errors: misread.map((node) => {
                const [written, read] = [node.source, String(node.value)];
                const other = /[89]/.test(written) ? 'text' : 'octal';
                const message = LEADING_ZERO.test(written)
                    ? `\`${written}\` has a leading zero: YAML reads it as the number ${read} here, and YAML 1.1 tools as ${other}; write ${read}, or quote it ("${written}") to keep the text`
                    : `\`${written}\` is a whole number past 2^53, which a plan does not hold exactly: YAML reads it as ${BigInt(node.value).toString()}; quote it ("${written}") to keep it as written`;
                return { file, ...positionOf(lineCounter, node.range?.[0] ?? 0), path: '', message };
            }),
        };
    }
    const unresolved = unresolvedAlias(doc);
    if (unresolved) {
        const name = unresolved.source.length > 40 ? (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(unresolved.source, 38) : unresolved.source;
        return failure(file, `the alias *${name} names no anchor set before it (\`&${name}\` on a value above it); check its name, or write the value out`, positionOf(lineCounter, unresolved.range?.[0] ?? 0));
    }
    const expanding = overExpandingAlias(doc, doc.contents);
    if (expanding?.why === 'cycle') {
        const name = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isAlias */ .Vj)(expanding.node) ? `*${expanding.node.source}` : 'this alias';
        return failure(file, `${name} is inside the value its anchor names, which would then hold itself without end; write the value out in full here`, positionOf(lineCounter, expanding.node.range?.[0] ?? 0));
    }
    if (expanding) {
        return failure(file, `the file's aliases (*name) add more than ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_5__/* .groupDigits */ .K)(_parse_plan_yaml_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_ALIASED_VALUES */ .SX)} values to the ${kind === _yaml_file_kind_js__WEBPACK_IMPORTED_MODULE_2__/* .PLAN_FILE */ .VI ? 'plan' : (0,_yaml_file_kind_js__WEBPACK_IMPORTED_MODULE_2__/* .kindName */ .Ep)(kind)} as it expands (this one passes that); write the repeated part once${kind === _yaml_file_kind_js__WEBPACK_IMPORTED_MODULE_2__/* .PLAN_FILE */ .VI ? ", in a tool's input or a step's result," : ''} rather than copying it with aliases`, positionOf(lineCounter, expanding.node.range?.[0] ?? 0));
    }
    try {
        const positions = Promise.resolve(positionsIn(doc, lineCounter));
        return { ok: true, parsed: { value: doc.toJS({ maxAliasCount: _parse_plan_yaml_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_ALIAS_COUNT */ .w4 }), positions: () => positions } };
    }
    catch (error) {
        if (error instanceof ReferenceError && /alias/i.test(error.message)) {
            return failure(file, `the file expands too many aliases (*name), as "billion laughs" files do; use fewer than ${_parse_plan_yaml_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_ALIAS_COUNT */ .w4} alias expansions`);
        }
        if (error instanceof RangeError)
            return failure(file, 'the file nests too deeply to read');
        return failure(file, `could not read the YAML: ${error instanceof Error ? error.message : String(error)}`);
    }
}


/***/ }),

/***/ 38082:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ep: () => (/* binding */ kindName),
/* harmony export */   VI: () => (/* binding */ PLAN_FILE),
/* harmony export */   XY: () => (/* binding */ emptyFileMessage)
/* harmony export */ });
const PLAN_FILE = {
    called: 'a plan file',
    holds: 'a map of keys (goal:, workflow_sequence:, tools:, \u2026)',
    top: 'map',
    whenEmpty: 'add `goal:` (the task in words, for a model to plan) or `workflow_sequence:` (the steps)',
};
/** The file's name without its article: `plan file`. */
function kindName(kind) {
    return kind.called.replace(/^an? /, '');
}
/** What an empty file of `kind` is told. */
function emptyFileMessage(kind) {
    return `the ${kindName(kind)} is empty: ${kind.whenEmpty}`;
}


/***/ })

};
