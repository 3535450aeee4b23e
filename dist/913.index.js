export const id = 913;
export const ids = [913];
export const modules = {

/***/ 52210:
/***/ ((module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.MissingRefError = exports.ValidationError = exports.CodeGen = exports.Name = exports.nil = exports.stringify = exports.str = exports._ = exports.KeywordCxt = exports.Ajv2020 = void 0;
const core_1 = __webpack_require__(63893);
const draft2020_1 = __webpack_require__(54298);
const discriminator_1 = __webpack_require__(28886);
const json_schema_2020_12_1 = __webpack_require__(93995);
const META_SCHEMA_ID = "https://json-schema.org/draft/2020-12/schema";
class Ajv2020 extends core_1.default {
    constructor(opts = {}) {
        super({
            ...opts,
            dynamicRef: true,
            next: true,
            unevaluated: true,
        });
    }
    _addVocabularies() {
        super._addVocabularies();
        draft2020_1.default.forEach((v) => this.addVocabulary(v));
        if (this.opts.discriminator)
            this.addKeyword(discriminator_1.default);
    }
    _addDefaultMetaSchema() {
        super._addDefaultMetaSchema();
        const { $data, meta } = this.opts;
        if (!meta)
            return;
        json_schema_2020_12_1.default.call(this, $data);
        this.refs["http://json-schema.org/schema"] = META_SCHEMA_ID;
    }
    defaultMeta() {
        return (this.opts.defaultMeta =
            super.defaultMeta() || (this.getSchema(META_SCHEMA_ID) ? META_SCHEMA_ID : undefined));
    }
}
exports.Ajv2020 = Ajv2020;
module.exports = exports = Ajv2020;
module.exports.Ajv2020 = Ajv2020;
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports["default"] = Ajv2020;
var validate_1 = __webpack_require__(87881);
Object.defineProperty(exports, "KeywordCxt", ({ enumerable: true, get: function () { return validate_1.KeywordCxt; } }));
var codegen_1 = __webpack_require__(81436);
Object.defineProperty(exports, "_", ({ enumerable: true, get: function () { return codegen_1._; } }));
Object.defineProperty(exports, "str", ({ enumerable: true, get: function () { return codegen_1.str; } }));
Object.defineProperty(exports, "stringify", ({ enumerable: true, get: function () { return codegen_1.stringify; } }));
Object.defineProperty(exports, "nil", ({ enumerable: true, get: function () { return codegen_1.nil; } }));
Object.defineProperty(exports, "Name", ({ enumerable: true, get: function () { return codegen_1.Name; } }));
Object.defineProperty(exports, "CodeGen", ({ enumerable: true, get: function () { return codegen_1.CodeGen; } }));
var validation_error_1 = __webpack_require__(33021);
Object.defineProperty(exports, "ValidationError", ({ enumerable: true, get: function () { return validation_error_1.default; } }));
var ref_error_1 = __webpack_require__(53162);
Object.defineProperty(exports, "MissingRefError", ({ enumerable: true, get: function () { return ref_error_1.default; } }));
//# sourceMappingURL=2020.js.map

/***/ }),

/***/ 93995:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const metaSchema = __webpack_require__(61678);
const applicator = __webpack_require__(57216);
const unevaluated = __webpack_require__(99547);
const content = __webpack_require__(28226);
const core = __webpack_require__(80518);
const format = __webpack_require__(4588);
const metadata = __webpack_require__(15707);
const validation = __webpack_require__(97082);
const META_SUPPORT_DATA = ["/properties"];
function addMetaSchema2020($data) {
    ;
    [
        metaSchema,
        applicator,
        unevaluated,
        content,
        core,
        with$data(this, format),
        metadata,
        with$data(this, validation),
    ].forEach((sch) => this.addMetaSchema(sch, undefined, false));
    return this;
    function with$data(ajv, sch) {
        return $data ? ajv.$dataMetaSchema(sch, META_SUPPORT_DATA) : sch;
    }
}
exports["default"] = addMetaSchema2020;
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 73818:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const dependencies_1 = __webpack_require__(95826);
const def = {
    keyword: "dependentSchemas",
    type: "object",
    schemaType: "object",
    code: (cxt) => (0, dependencies_1.validateSchemaDeps)(cxt),
};
exports["default"] = def;
//# sourceMappingURL=dependentSchemas.js.map

/***/ }),

/***/ 54298:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const core_1 = __webpack_require__(97397);
const validation_1 = __webpack_require__(85481);
const applicator_1 = __webpack_require__(28775);
const dynamic_1 = __webpack_require__(59923);
const next_1 = __webpack_require__(17844);
const unevaluated_1 = __webpack_require__(62010);
const format_1 = __webpack_require__(72601);
const metadata_1 = __webpack_require__(56620);
const draft2020Vocabularies = [
    dynamic_1.default,
    core_1.default,
    validation_1.default,
    (0, applicator_1.default)(true),
    format_1.default,
    metadata_1.metadataVocabulary,
    metadata_1.contentVocabulary,
    next_1.default,
    unevaluated_1.default,
];
exports["default"] = draft2020Vocabularies;
//# sourceMappingURL=draft2020.js.map

/***/ }),

/***/ 68639:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.dynamicAnchor = void 0;
const codegen_1 = __webpack_require__(81436);
const names_1 = __webpack_require__(90630);
const compile_1 = __webpack_require__(2718);
const ref_1 = __webpack_require__(92996);
const def = {
    keyword: "$dynamicAnchor",
    schemaType: "string",
    code: (cxt) => dynamicAnchor(cxt, cxt.schema),
};
function dynamicAnchor(cxt, anchor) {
    const { gen, it } = cxt;
    it.schemaEnv.root.dynamicAnchors[anchor] = true;
    const v = (0, codegen_1._) `${names_1.default.dynamicAnchors}${(0, codegen_1.getProperty)(anchor)}`;
    const validate = it.errSchemaPath === "#" ? it.validateName : _getValidate(cxt);
    gen.if((0, codegen_1._) `!${v}`, () => gen.assign(v, validate));
}
exports.dynamicAnchor = dynamicAnchor;
function _getValidate(cxt) {
    const { schemaEnv, schema, self } = cxt.it;
    const { root, baseId, localRefs, meta } = schemaEnv.root;
    const { schemaId } = self.opts;
    const sch = new compile_1.SchemaEnv({ schema, schemaId, root, baseId, localRefs, meta });
    compile_1.compileSchema.call(self, sch);
    return (0, ref_1.getValidate)(cxt, sch);
}
exports["default"] = def;
//# sourceMappingURL=dynamicAnchor.js.map

/***/ }),

/***/ 5065:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.dynamicRef = void 0;
const codegen_1 = __webpack_require__(81436);
const names_1 = __webpack_require__(90630);
const ref_1 = __webpack_require__(92996);
const def = {
    keyword: "$dynamicRef",
    schemaType: "string",
    code: (cxt) => dynamicRef(cxt, cxt.schema),
};
function dynamicRef(cxt, ref) {
    const { gen, keyword, it } = cxt;
    if (ref[0] !== "#")
        throw new Error(`"${keyword}" only supports hash fragment reference`);
    const anchor = ref.slice(1);
    if (it.allErrors) {
        _dynamicRef();
    }
    else {
        const valid = gen.let("valid", false);
        _dynamicRef(valid);
        cxt.ok(valid);
    }
    function _dynamicRef(valid) {
        // TODO the assumption here is that `recursiveRef: #` always points to the root
        // of the schema object, which is not correct, because there may be $id that
        // makes # point to it, and the target schema may not contain dynamic/recursiveAnchor.
        // Because of that 2 tests in recursiveRef.json fail.
        // This is a similar problem to #815 (`$id` doesn't alter resolution scope for `{ "$ref": "#" }`).
        // (This problem is not tested in JSON-Schema-Test-Suite)
        if (it.schemaEnv.root.dynamicAnchors[anchor]) {
            const v = gen.let("_v", (0, codegen_1._) `${names_1.default.dynamicAnchors}${(0, codegen_1.getProperty)(anchor)}`);
            gen.if(v, _callRef(v, valid), _callRef(it.validateName, valid));
        }
        else {
            _callRef(it.validateName, valid)();
        }
    }
    function _callRef(validate, valid) {
        return valid
            ? () => gen.block(() => {
                (0, ref_1.callRef)(cxt, validate);
                gen.let(valid, true);
            })
            : () => (0, ref_1.callRef)(cxt, validate);
    }
}
exports.dynamicRef = dynamicRef;
exports["default"] = def;
//# sourceMappingURL=dynamicRef.js.map

/***/ }),

/***/ 59923:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const dynamicAnchor_1 = __webpack_require__(68639);
const dynamicRef_1 = __webpack_require__(5065);
const recursiveAnchor_1 = __webpack_require__(39982);
const recursiveRef_1 = __webpack_require__(41794);
const dynamic = [dynamicAnchor_1.default, dynamicRef_1.default, recursiveAnchor_1.default, recursiveRef_1.default];
exports["default"] = dynamic;
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 39982:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const dynamicAnchor_1 = __webpack_require__(68639);
const util_1 = __webpack_require__(84464);
const def = {
    keyword: "$recursiveAnchor",
    schemaType: "boolean",
    code(cxt) {
        if (cxt.schema)
            (0, dynamicAnchor_1.dynamicAnchor)(cxt, "");
        else
            (0, util_1.checkStrictMode)(cxt.it, "$recursiveAnchor: false is ignored");
    },
};
exports["default"] = def;
//# sourceMappingURL=recursiveAnchor.js.map

/***/ }),

/***/ 41794:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const dynamicRef_1 = __webpack_require__(5065);
const def = {
    keyword: "$recursiveRef",
    schemaType: "string",
    code: (cxt) => (0, dynamicRef_1.dynamicRef)(cxt, cxt.schema),
};
exports["default"] = def;
//# sourceMappingURL=recursiveRef.js.map

/***/ }),

/***/ 17844:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const dependentRequired_1 = __webpack_require__(20643);
const dependentSchemas_1 = __webpack_require__(73818);
const limitContains_1 = __webpack_require__(3907);
const next = [dependentRequired_1.default, dependentSchemas_1.default, limitContains_1.default];
exports["default"] = next;
//# sourceMappingURL=next.js.map

/***/ }),

/***/ 62010:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const unevaluatedProperties_1 = __webpack_require__(16855);
const unevaluatedItems_1 = __webpack_require__(64144);
const unevaluated = [unevaluatedProperties_1.default, unevaluatedItems_1.default];
exports["default"] = unevaluated;
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 64144:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __webpack_require__(81436);
const util_1 = __webpack_require__(84464);
const error = {
    message: ({ params: { len } }) => (0, codegen_1.str) `must NOT have more than ${len} items`,
    params: ({ params: { len } }) => (0, codegen_1._) `{limit: ${len}}`,
};
const def = {
    keyword: "unevaluatedItems",
    type: "array",
    schemaType: ["boolean", "object"],
    error,
    code(cxt) {
        const { gen, schema, data, it } = cxt;
        const items = it.items || 0;
        if (items === true)
            return;
        const len = gen.const("len", (0, codegen_1._) `${data}.length`);
        if (schema === false) {
            cxt.setParams({ len: items });
            cxt.fail((0, codegen_1._) `${len} > ${items}`);
        }
        else if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
            const valid = gen.var("valid", (0, codegen_1._) `${len} <= ${items}`);
            gen.if((0, codegen_1.not)(valid), () => validateItems(valid, items));
            cxt.ok(valid);
        }
        it.items = true;
        function validateItems(valid, from) {
            gen.forRange("i", from, len, (i) => {
                cxt.subschema({ keyword: "unevaluatedItems", dataProp: i, dataPropType: util_1.Type.Num }, valid);
                if (!it.allErrors)
                    gen.if((0, codegen_1.not)(valid), () => gen.break());
            });
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=unevaluatedItems.js.map

/***/ }),

/***/ 16855:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __webpack_require__(81436);
const util_1 = __webpack_require__(84464);
const names_1 = __webpack_require__(90630);
const error = {
    message: "must NOT have unevaluated properties",
    params: ({ params }) => (0, codegen_1._) `{unevaluatedProperty: ${params.unevaluatedProperty}}`,
};
const def = {
    keyword: "unevaluatedProperties",
    type: "object",
    schemaType: ["boolean", "object"],
    trackErrors: true,
    error,
    code(cxt) {
        const { gen, schema, data, errsCount, it } = cxt;
        /* istanbul ignore if */
        if (!errsCount)
            throw new Error("ajv implementation error");
        const { allErrors, props } = it;
        if (props instanceof codegen_1.Name) {
            gen.if((0, codegen_1._) `${props} !== true`, () => gen.forIn("key", data, (key) => gen.if(unevaluatedDynamic(props, key), () => unevaluatedPropCode(key))));
        }
        else if (props !== true) {
            gen.forIn("key", data, (key) => props === undefined
                ? unevaluatedPropCode(key)
                : gen.if(unevaluatedStatic(props, key), () => unevaluatedPropCode(key)));
        }
        it.props = true;
        cxt.ok((0, codegen_1._) `${errsCount} === ${names_1.default.errors}`);
        function unevaluatedPropCode(key) {
            if (schema === false) {
                cxt.setParams({ unevaluatedProperty: key });
                cxt.error();
                if (!allErrors)
                    gen.break();
                return;
            }
            if (!(0, util_1.alwaysValidSchema)(it, schema)) {
                const valid = gen.name("valid");
                cxt.subschema({
                    keyword: "unevaluatedProperties",
                    dataProp: key,
                    dataPropType: util_1.Type.Str,
                }, valid);
                if (!allErrors)
                    gen.if((0, codegen_1.not)(valid), () => gen.break());
            }
        }
        function unevaluatedDynamic(evaluatedProps, key) {
            return (0, codegen_1._) `!${evaluatedProps} || !${evaluatedProps}[${key}]`;
        }
        function unevaluatedStatic(evaluatedProps, key) {
            const ps = [];
            for (const p in evaluatedProps) {
                if (evaluatedProps[p] === true)
                    ps.push((0, codegen_1._) `${key} !== ${p}`);
            }
            return (0, codegen_1.and)(...ps);
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=unevaluatedProperties.js.map

/***/ }),

/***/ 20643:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const dependencies_1 = __webpack_require__(95826);
const def = {
    keyword: "dependentRequired",
    type: "object",
    schemaType: "object",
    error: dependencies_1.error,
    code: (cxt) => (0, dependencies_1.validatePropertyDeps)(cxt),
};
exports["default"] = def;
//# sourceMappingURL=dependentRequired.js.map

/***/ }),

/***/ 3907:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const util_1 = __webpack_require__(84464);
const def = {
    keyword: ["maxContains", "minContains"],
    type: "array",
    schemaType: "number",
    code({ keyword, parentSchema, it }) {
        if (parentSchema.contains === undefined) {
            (0, util_1.checkStrictMode)(it, `"${keyword}" without "contains" is ignored`);
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=limitContains.js.map

/***/ }),

/***/ 86913:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   checkJsonSchema: () => (/* binding */ checkJsonSchema),
/* harmony export */   schemaErrorText: () => (/* binding */ schemaErrorText)
/* harmony export */ });
/* unused harmony exports MAX_UNIQUE_ITEMS, MIN_SCHEMA_EVALUATIONS, evaluationBound */
/* harmony import */ var ajv_dist_2020_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(52210);
/* harmony import */ var ajv_formats__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(82815);
/* harmony import */ var _core_group_digits_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(80083);
/* harmony import */ var _core_parse_json_keeping_numbers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(28922);
/* harmony import */ var _core_json_schema_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(369);
/* harmony import */ var _core_linear_regex_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(53097);
/* harmony import */ var _core_regex_syntax_error_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(45989);
/* harmony import */ var _plan_json_schema_problems_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(79006);
/* harmony import */ var _goal_work_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(14715);









// ajv-formats is CommonJS: under NodeNext its function is the module's `default` (it sets both).
const addFormats = ajv_formats__WEBPACK_IMPORTED_MODULE_0__["default"];
/**
 * Every `pattern` (and `patternProperties`) on the linear-time engine: a plan's regex never backtracks
 * over a result. Each test is charged its work (program size \u00d7 characters) against the check's
 * `regexWorkLeft`: each string of a result fitted MAX_REGEX_WORK, and a pattern of 50,000 steps tested on
 * every string of a 128 KB array held the event loop 9.4 s (found by an adversarial hunt).
 */
const linearRegExp = Object.assign((pattern, flags) => {
    const regex = _core_linear_regex_js__WEBPACK_IMPORTED_MODULE_3__/* .LinearRegex */ .P_.compile(pattern, flags);
    return {
        source: regex.source,
        flags: regex.flags,
        test(text) {
            regexWorkLeft -= regex.size * text.length;
            if (regexWorkLeft < 0)
                throw new RegexWorkSpent((0,_core_regex_syntax_error_js__WEBPACK_IMPORTED_MODULE_4__/* .shownPattern */ .k)(String(regex)));
            goalsWork?.spendRegexWork(regex.size * text.length, String(regex), text.length);
            return regex.test(text);
        },
        toString: () => String(regex),
    };
}, { code: 'linearRegExp' });
/** The regex work left to the check under way (`checkJsonSchema` sets it to MAX_REGEX_WORK, all its patterns together). */
let regexWorkLeft = Number.POSITIVE_INFINITY;
/** The work left to all the goals of the evaluation under way, charged too (its error ends the check). */
let goalsWork;
class RegexWorkSpent extends Error {
}
/** The most items an array checked for `uniqueItems` may have, and the largest value (JSON characters) so checked: Ajv compares items pairwise. */
const MAX_UNIQUE_ITEMS = 2_000;
const MAX_UNIQUE_CHECKED_CHARS = 256 * 1024;
/**
 * Ajv, a complete JSON Schema 2020-12 validator, checks json_schema goals, the gate's check. (zod's
 * converter, which checks tool arguments, dropped keywords silently, and a goal passed on a value
 * its schema refused.) What a gate must not loosen is refused when the plan loads
 * (json-schema-problems.ts: unknown keywords and formats, `unevaluated*`, another `$schema`), so Ajv
 * itself is not strict about shapes JSON Schema allows (`minContains: 0`, a property a pattern also
 * names). `allErrors` stays off: with it a recursive `anyOf` costs exponential time in a hostile
 * result's depth. Only own properties count for `required` (`constructor` is not in `{}`).
 * Formats are the specification's (a `url` check was quadratic on hostile text). A schema whose
 * `$id` another one already took (two goals, or two loads as `plan-runner eval` makes) gets an Ajv
 * of its own.
 */
function newAjv() {
    const ajv = new ajv_dist_2020_js__WEBPACK_IMPORTED_MODULE_7__.Ajv2020({ strict: false, allErrors: false, ownProperties: true, allowMatchingProperties: true, code: { regExp: linearRegExp }, $comment: countEvaluation });
    // Ajv2020 turns on tracking what each subschema evaluated, for `unevaluated*`, which a goal's schema may not
    // use (json-schema-problems.ts). With it an `anyOf` tries every branch after one passes, to learn what they
    // evaluated: a valid tree nested 22 deep under a two-branch `anyOf` took 2^22 evaluations. The option only
    // shapes the code Ajv generates from here on.
    ajv.opts.unevaluated = false;
    addFormats(ajv, [..._plan_json_schema_problems_js__WEBPACK_IMPORTED_MODULE_5__/* .JSON_SCHEMA_FORMATS */ .eY]);
    return ajv;
}
let shared;
/**
 * The most subschemas one check evaluates: 16 for each value in the result, at least 1,000,000 and at most
 * 4,000,000. Without `allErrors` a recursive `anyOf` still tries each branch at each level, and keeps each
 * failed branch's errors: a tree schema of two branches against a result nested 22 deep (570 bytes)
 * blocked the event loop for 33 s, deaf to a cancel, and 24 deep ran the process out of memory (found by an
 * adversarial pass). Counted, not timed, so the bound holds while the check holds the event loop. A check
 * that is only wide takes a few evaluations a value (a 1.6 MB array of strings under `anyOf: [integer,
 * string]`, 4 each; 60,000 rows of 8 nullable fields, under 4): a fixed bound of 1,000,000 refused those
 * (found by a review). The worst shape stops within about 2.5 s, its errors about 400 MB of heap.
 */
const MIN_SCHEMA_EVALUATIONS = 1_000_000;
const EVALUATIONS_PER_VALUE = 16;
/** The evaluation bound for `value`: EVALUATIONS_PER_VALUE for each value in it, within the two bounds. */
function evaluationBound(value) {
    // Counted up to what reaches the ceiling, and no further: an array of 8 million values is not walked whole.
    const most = _goal_work_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_SCHEMA_EVALUATIONS */ .RQ / EVALUATIONS_PER_VALUE;
    let values = 0;
    const stack = [value];
    while (stack.length > 0 && values < most) {
        const item = stack.pop();
        values += 1;
        if (item === null || typeof item !== 'object')
            continue;
        if (Array.isArray(item))
            for (let index = 0; index < item.length && values + stack.length < most; index++)
                stack.push(item[index]);
        else
            for (const key in item) {
                if (values + stack.length >= most)
                    break;
                if (Object.hasOwn(item, key))
                    stack.push(item[key]);
            }
    }
    return Math.min(_goal_work_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_SCHEMA_EVALUATIONS */ .RQ, Math.max(MIN_SCHEMA_EVALUATIONS, values * EVALUATIONS_PER_VALUE));
}
/** Evaluations left to the check under way (`checkJsonSchema` sets it; checks run one at a time, synchronously). */
let evaluationsLeft = Number.POSITIVE_INFINITY;
class EvaluationBudgetSpent extends Error {
}
/** Ajv's `$comment` hook, which runs as each subschema is evaluated: `asChecked` gives every subschema one. */
function countEvaluation() {
    if (--evaluationsLeft < 0)
        throw new EvaluationBudgetSpent();
}
function validatorFor(schema) {
    const ready = asChecked(prefixApart(schema));
    try {
        return (shared ??= newAjv()).compile(ready);
    }
    catch (error) {
        if (error instanceof Error && /already exists/.test(error.message))
            return newAjv().compile(ready);
        throw error;
    }
}
/**
 * A copy of `schema` where `prefixItems` (with `items`, which counts from where it ends) is checked as
 * a part of an `allOf`: without allErrors, Ajv 8.20 skips the keywords after `prefixItems` when an
 * array is shorter than it (`{prefixItems: [...], contains: {}}` took `[]`, and `uniqueItems` took
 * `["x", "x"]` under three prefix items), found by the fuzz against a reference Ajv and by review.
 * A `$ref` into the moved keywords no longer resolves: that schema is not evaluable (fails closed).
 */
function prefixApart(schema) {
    const copy = (0,_core_json_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .mapSubschemas */ .TY)(schema, prefixApart);
    if ('prefixItems' in copy) {
        const part = {};
        for (const key of ['prefixItems', 'items']) {
            if (key in copy)
                part[key] = copy[key];
            delete copy[key];
        }
        copy.allOf = [...(Array.isArray(copy.allOf) ? copy.allOf : []), part];
    }
    return copy;
}
/**
 * A copy of `schema` as Ajv is given it:
 * - every subschema but `{}` has a `$comment` (a plan's own are only notes), which Ajv counts at each
 *   evaluation (`countEvaluation`); `{}` checks nothing and nests nothing, and Ajv reads `contains: {}` as a
 *   length check only while it is empty;
 * - a `contains` without `maxContains` gets the largest one JSON holds exactly (CONTAINS_UNBOUNDED). Ajv
 *   8.20 declares its result with `var` inside the loop over the items only, so under another loop
 *   (`additionalProperties`, `items`, `patternProperties`) an empty array took the result of the value
 *   before it: `{additionalProperties: {contains: {type: number}}}` passed `{"a": [0], "c": []}` (found by
 *   the fuzz against the reference when counting first gave `contains: {}` a `$comment`). With a maximum,
 *   Ajv sets the result before the loop.
 */
function asChecked(schema, turned = false) {
    // Under `not` and in an `if`, a subschema that holds is what refuses (or asks more): there a kept number meets its bounds.
    const { not, if: condition, ...rest } = schema;
    const copy = (0,_core_json_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .mapSubschemas */ .TY)(rest, (subschema) => asChecked(subschema, turned));
    for (const [key, value] of [['not', not], ['if', condition]])
        if (key in schema)
            copy[key] = (0,_core_json_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .isMap */ .jh)(value) ? asChecked(value, !turned) : value;
    // A kept number may lie on either side of an `if`'s bound: it is held to `else` too, under an `if` where it fails the bound.
    if ((0,_core_json_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .isMap */ .jh)(condition) && 'else' in copy) {
        copy.allOf = [...(Array.isArray(copy.allOf) ? copy.allOf : []), { if: asChecked(condition, turned), else: copy.else, $comment: 'counted' }];
        delete copy.else;
    }
    if ('contains' in copy && !('maxContains' in copy))
        copy.maxContains = CONTAINS_UNBOUNDED;
    const bounded = NUMBER_KEYWORDS.some((keyword) => keyword in copy) && !('type' in copy);
    if (bounded && turned)
        return { anyOf: [{ ...copy, $comment: 'counted' }, NOT_A_KEPT_NUMBER.not], $comment: 'counted' };
    if (bounded)
        copy.allOf = [...(Array.isArray(copy.allOf) ? copy.allOf : []), NOT_A_KEPT_NUMBER];
    return Object.keys(copy).length === 0 ? copy : { ...copy, $comment: 'counted' };
}
/** The keywords that bound a number, and that JSON Schema leaves any other value to pass. */
const NUMBER_KEYWORDS = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'];
/**
 * Refuses a number a tool wrote that a double cannot hold, which reaches the goal as the text written (a string:
 * `parseJsonKeepingNumbers`), where a schema bounds numbers without naming a type: `maximum: 100` skips a string, so
 * `{"risk": 1e400}` met it, which as Infinity it had failed (found by an adversarial pass). Which strings were
 * numbers is no longer known, so any JSON number text of that kind is refused there: the gate fails closed. Under
 * `not` and in an `if` it meets the bounds instead (`asChecked`): refused there, `not: {minimum: 100}` took 1e400. An
 * `if` with an `else` holds it to both branches: `if: {maximum: 50}` with `else: {required: [approval]}` let 1e400 pass
 * without approval (found by an adversarial pass).
 */
const NOT_A_KEPT_NUMBER = {
    not: { type: 'string', allOf: [{ pattern: '^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$' }, { pattern: _core_parse_json_keeping_numbers_js__WEBPACK_IMPORTED_MODULE_1__/* .MAY_NOT_FIT_PATTERN */ .r3 }], $comment: 'counted' },
    $comment: 'counted',
};
/** `maxContains` where the schema has none: no array has that many items. */
const CONTAINS_UNBOUNDED = Number.MAX_SAFE_INTEGER;
/** A schema as checked: its validator, and whether it asks for unique items anywhere (then the value is bounded). */
const compiled = new WeakMap();
/** The length of the longest array in `value`, and the pairs of items its arrays hold (`uniqueItems` compares each), found without recursion. */
function arraysOf(value) {
    let longest = 0;
    let pairs = 0;
    const stack = [value];
    while (stack.length > 0) {
        const item = stack.pop();
        // One at a time: `push(...item)` passes every item as an argument, and an array of 300,000 ran
        // out of stack, so the goal ended in an error instead of saying why it could not be checked.
        if (Array.isArray(item)) {
            longest = Math.max(longest, item.length);
            pairs += (item.length * (item.length - 1)) / 2;
            for (const inner of item)
                stack.push(inner);
        }
        else if (item !== null && typeof item === 'object')
            for (const inner of Object.values(item))
                stack.push(inner);
    }
    return { longest, pairs };
}
/** Why `value`, whose longest array has `longest` items, is too large to check for unique items, or undefined. */
function tooLargeForUniqueItems(value, longest) {
    const size = longest > MAX_UNIQUE_ITEMS ? 0 : (JSON.stringify(value)?.length ?? 0);
    if (longest <= MAX_UNIQUE_ITEMS && size <= MAX_UNIQUE_CHECKED_CHARS)
        return undefined;
    const what = longest > MAX_UNIQUE_ITEMS ? `an array of ${longest} items (at most ${MAX_UNIQUE_ITEMS} are checked)` : `${size} characters of JSON (at most ${MAX_UNIQUE_CHECKED_CHARS} are checked)`;
    return `uniqueItems compares an array's items pair by pair, and the result has ${what}; drop uniqueItems from the goal's schema, or have the step return less`;
}
/**
 * Checks `value` against `schema`, in at most `maxEvaluations` (`evaluationBound`) evaluations of its subschemas;
 * when `work` is given (the goals' together), in at most what it has left, and its evaluations and its patterns'
 * work are charged to it: a check stopped by what the goals had left throws its `GoalNotEvaluableError`.
 */
function checkJsonSchema(schema, value, options = {}) {
    let entry = compiled.get(schema);
    if (!entry) {
        try {
            entry = { validate: validatorFor(schema), uniqueItems: JSON.stringify(schema).includes('"uniqueItems":true') };
        }
        catch (error) {
            return { ok: false, why: `the goal's json_schema cannot be used (${error instanceof Error ? error.message : String(error)}); fix it in the plan file` };
        }
        compiled.set(schema, entry);
    }
    const arrays = entry.uniqueItems ? arraysOf(value) : undefined;
    const tooLarge = arrays && tooLargeForUniqueItems(value, arrays.longest);
    if (tooLarge)
        return { ok: false, why: tooLarge };
    const most = options.maxEvaluations ?? evaluationBound(value);
    const { work } = options;
    // Each pair of items `uniqueItems` may compare is charged to the goals as one evaluation (about as costly): within one
    // check they fit MAX_UNIQUE_ITEMS, but a hundred goals on one array of 2,000 objects held the event loop 50 s (found by
    // an adversarial pass).
    const pairs = arrays?.pairs ?? 0;
    if (work && pairs > work.evaluationsLeft)
        throw work.evaluationsSpent();
    work?.spendEvaluations(pairs);
    const given = Math.min(most, work?.evaluationsLeft ?? most);
    evaluationsLeft = given;
    regexWorkLeft = _core_linear_regex_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_REGEX_WORK */ .ju;
    goalsWork = work;
    try {
        const valid = entry.validate(value);
        return { ok: true, valid, errors: entry.validate.errors ?? [] };
    }
    catch (error) {
        if (error instanceof RegexWorkSpent) {
            return {
                ok: false,
                why: `checking the result's strings against the goal's json_schema patterns (the last one tried: ${error.message}) would take more than the ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_8__/* .groupDigits */ .K)(_core_linear_regex_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_REGEX_WORK */ .ju)} steps in all that one check may take on the event loop, where no timeout can stop it: make the patterns' repeats (\`{n}\`) smaller, or have the step return less`,
            };
        }
        // Ajv's code recurses for each subschema it follows, and a `$ref` back to itself that reads no deeper never ends: the
        // goal read "could not evaluate: Maximum call stack size exceeded" (found by an adversarial pass).
        if (error instanceof RangeError) {
            return {
                ok: false,
                why: "checking the result against the goal's json_schema went deeper than the stack allows: a `$ref` or `$dynamicRef` that leads back to its own subschema without reading into the value (`$ref: '#'` beside other keywords, or through allOf, anyOf, oneOf or not) never ends; fix the schema in the plan file",
            };
        }
        if (!(error instanceof EvaluationBudgetSpent))
            throw error;
        if (work && given < most)
            throw work.evaluationsSpent();
        return {
            ok: false,
            why: `checking the result against the goal's json_schema took more than ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_8__/* .groupDigits */ .K)(most)} evaluations of its subschemas (an anyOf or oneOf whose branches each check a nested result again takes time that doubles with each level); make the branches differ early (a required key or a const each, checked before the nesting), or have the step return a flatter result`,
        };
    }
    finally {
        // Ajv counts down to -1 when it throws at the bound.
        work?.spendEvaluations(given - Math.max(0, evaluationsLeft));
        evaluationsLeft = Number.POSITIVE_INFINITY;
        regexWorkLeft = Number.POSITIVE_INFINITY;
        goalsWork = undefined;
    }
}
/** One of Ajv's errors as evidence: `at changes[1].name: required but missing`. */
function schemaErrorText(error) {
    const path = error.instancePath
        .split('/')
        .slice(1)
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'required')
        path.push(String(error.params.missingProperty));
    let where = '';
    for (const part of path) {
        if (/^\d+$/.test(part))
            where += `[${part}]`;
        else if (/^[A-Za-z_$][\w$]*$/.test(part))
            where += where === '' ? part : `.${part}`;
        else
            where += `[${JSON.stringify(part)}]`;
    }
    const { minContains, maxContains } = error.params;
    const message = error.keyword === 'required'
        ? 'required but missing'
        : error.keyword === 'contains' && maxContains === CONTAINS_UNBOUNDED
            ? `must contain at least ${String(minContains)} valid item(s)`
            : (error.message ?? error.keyword);
    return `at ${where === '' ? 'the top level' : where}: ${message}`;
}


/***/ }),

/***/ 57216:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/applicator","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/applicator":true},"$dynamicAnchor":"meta","title":"Applicator vocabulary meta-schema","type":["object","boolean"],"properties":{"prefixItems":{"$ref":"#/$defs/schemaArray"},"items":{"$dynamicRef":"#meta"},"contains":{"$dynamicRef":"#meta"},"additionalProperties":{"$dynamicRef":"#meta"},"properties":{"type":"object","additionalProperties":{"$dynamicRef":"#meta"},"default":{}},"patternProperties":{"type":"object","additionalProperties":{"$dynamicRef":"#meta"},"propertyNames":{"format":"regex"},"default":{}},"dependentSchemas":{"type":"object","additionalProperties":{"$dynamicRef":"#meta"},"default":{}},"propertyNames":{"$dynamicRef":"#meta"},"if":{"$dynamicRef":"#meta"},"then":{"$dynamicRef":"#meta"},"else":{"$dynamicRef":"#meta"},"allOf":{"$ref":"#/$defs/schemaArray"},"anyOf":{"$ref":"#/$defs/schemaArray"},"oneOf":{"$ref":"#/$defs/schemaArray"},"not":{"$dynamicRef":"#meta"}},"$defs":{"schemaArray":{"type":"array","minItems":1,"items":{"$dynamicRef":"#meta"}}}}');

/***/ }),

/***/ 28226:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/content","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/content":true},"$dynamicAnchor":"meta","title":"Content vocabulary meta-schema","type":["object","boolean"],"properties":{"contentEncoding":{"type":"string"},"contentMediaType":{"type":"string"},"contentSchema":{"$dynamicRef":"#meta"}}}');

/***/ }),

/***/ 80518:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/core","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true},"$dynamicAnchor":"meta","title":"Core vocabulary meta-schema","type":["object","boolean"],"properties":{"$id":{"$ref":"#/$defs/uriReferenceString","$comment":"Non-empty fragments not allowed.","pattern":"^[^#]*#?$"},"$schema":{"$ref":"#/$defs/uriString"},"$ref":{"$ref":"#/$defs/uriReferenceString"},"$anchor":{"$ref":"#/$defs/anchorString"},"$dynamicRef":{"$ref":"#/$defs/uriReferenceString"},"$dynamicAnchor":{"$ref":"#/$defs/anchorString"},"$vocabulary":{"type":"object","propertyNames":{"$ref":"#/$defs/uriString"},"additionalProperties":{"type":"boolean"}},"$comment":{"type":"string"},"$defs":{"type":"object","additionalProperties":{"$dynamicRef":"#meta"}}},"$defs":{"anchorString":{"type":"string","pattern":"^[A-Za-z_][-A-Za-z0-9._]*$"},"uriString":{"type":"string","format":"uri"},"uriReferenceString":{"type":"string","format":"uri-reference"}}}');

/***/ }),

/***/ 4588:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/format-annotation","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/format-annotation":true},"$dynamicAnchor":"meta","title":"Format vocabulary meta-schema for annotation results","type":["object","boolean"],"properties":{"format":{"type":"string"}}}');

/***/ }),

/***/ 15707:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/meta-data","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/meta-data":true},"$dynamicAnchor":"meta","title":"Meta-data vocabulary meta-schema","type":["object","boolean"],"properties":{"title":{"type":"string"},"description":{"type":"string"},"default":true,"deprecated":{"type":"boolean","default":false},"readOnly":{"type":"boolean","default":false},"writeOnly":{"type":"boolean","default":false},"examples":{"type":"array","items":true}}}');

/***/ }),

/***/ 99547:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/unevaluated","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/unevaluated":true},"$dynamicAnchor":"meta","title":"Unevaluated applicator vocabulary meta-schema","type":["object","boolean"],"properties":{"unevaluatedItems":{"$dynamicRef":"#meta"},"unevaluatedProperties":{"$dynamicRef":"#meta"}}}');

/***/ }),

/***/ 97082:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/validation","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/validation":true},"$dynamicAnchor":"meta","title":"Validation vocabulary meta-schema","type":["object","boolean"],"properties":{"type":{"anyOf":[{"$ref":"#/$defs/simpleTypes"},{"type":"array","items":{"$ref":"#/$defs/simpleTypes"},"minItems":1,"uniqueItems":true}]},"const":true,"enum":{"type":"array","items":true},"multipleOf":{"type":"number","exclusiveMinimum":0},"maximum":{"type":"number"},"exclusiveMaximum":{"type":"number"},"minimum":{"type":"number"},"exclusiveMinimum":{"type":"number"},"maxLength":{"$ref":"#/$defs/nonNegativeInteger"},"minLength":{"$ref":"#/$defs/nonNegativeIntegerDefault0"},"pattern":{"type":"string","format":"regex"},"maxItems":{"$ref":"#/$defs/nonNegativeInteger"},"minItems":{"$ref":"#/$defs/nonNegativeIntegerDefault0"},"uniqueItems":{"type":"boolean","default":false},"maxContains":{"$ref":"#/$defs/nonNegativeInteger"},"minContains":{"$ref":"#/$defs/nonNegativeInteger","default":1},"maxProperties":{"$ref":"#/$defs/nonNegativeInteger"},"minProperties":{"$ref":"#/$defs/nonNegativeIntegerDefault0"},"required":{"$ref":"#/$defs/stringArray"},"dependentRequired":{"type":"object","additionalProperties":{"$ref":"#/$defs/stringArray"}}},"$defs":{"nonNegativeInteger":{"type":"integer","minimum":0},"nonNegativeIntegerDefault0":{"$ref":"#/$defs/nonNegativeInteger","default":0},"simpleTypes":{"enum":["array","boolean","integer","null","number","object","string"]},"stringArray":{"type":"array","items":{"type":"string"},"uniqueItems":true,"default":[]}}}');

/***/ }),

/***/ 61678:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/schema","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true,"https://json-schema.org/draft/2020-12/vocab/applicator":true,"https://json-schema.org/draft/2020-12/vocab/unevaluated":true,"https://json-schema.org/draft/2020-12/vocab/validation":true,"https://json-schema.org/draft/2020-12/vocab/meta-data":true,"https://json-schema.org/draft/2020-12/vocab/format-annotation":true,"https://json-schema.org/draft/2020-12/vocab/content":true},"$dynamicAnchor":"meta","title":"Core and Validation specifications meta-schema","allOf":[{"$ref":"meta/core"},{"$ref":"meta/applicator"},{"$ref":"meta/unevaluated"},{"$ref":"meta/validation"},{"$ref":"meta/meta-data"},{"$ref":"meta/format-annotation"},{"$ref":"meta/content"}],"type":["object","boolean"],"$comment":"This meta-schema also defines keywords that have appeared in previous drafts in order to prevent incompatible extensions as they remain in common use.","properties":{"definitions":{"$comment":"\\"definitions\\" has been replaced by \\"$defs\\".","type":"object","additionalProperties":{"$dynamicRef":"#meta"},"deprecated":true,"default":{}},"dependencies":{"$comment":"\\"dependencies\\" has been split and replaced by \\"dependentSchemas\\" and \\"dependentRequired\\" in order to serve their differing semantics.","type":"object","additionalProperties":{"anyOf":[{"$dynamicRef":"#meta"},{"$ref":"meta/validation#/$defs/stringArray"}]},"deprecated":true,"default":{}},"$recursiveAnchor":{"$comment":"\\"$recursiveAnchor\\" has been replaced by \\"$dynamicAnchor\\".","$ref":"meta/core#/$defs/anchorString","deprecated":true},"$recursiveRef":{"$comment":"\\"$recursiveRef\\" has been replaced by \\"$dynamicRef\\".","$ref":"meta/core#/$defs/uriReferenceString","deprecated":true}}}');

/***/ })

};
