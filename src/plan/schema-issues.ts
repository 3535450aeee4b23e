import { z } from 'zod';
import { formatPath } from '../core/format-path.ts';
import { NameSuggester } from './nearest-name.ts';
import { listNames } from './plan-check-context.ts';
import type { PathSegment, PlanIssue } from './plan-issue.ts';
import { schemaAtPath } from './schema-at-path.ts';
import { describeKind, showValue, shownText } from './show-value.ts';

type ZodIssue = z.core.$ZodIssue;

const EXPECTED_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a map',
  array: 'a list',
  tuple: 'a list',
  record: 'a map',
};
/** The most keys "must be a map of its keys (…)" names. */
const MAX_KEYS_NAMED = 10;
/** A decimal number as people write one (`10`, `-0.5`, `1e3`). */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const STEP_ID_HINT = 'step ids are whole numbers (0 or more) or names of ASCII letters, digits, _ and -';
const STEP_ID_KEYS = new Set(['id', 'depends_on', 'inputs', 'of', 'step_result']);

/** The key a value is at, or for a list item `an item of \`list\``: `workflow_sequence: [~]` was told "`workflow_sequence` must be a map". */
function keyName(path: readonly PathSegment[]): string {
  const at = path.findLastIndex((segment) => typeof segment === 'string');
  if (at === -1) return 'value';
  return at === path.length - 1 ? `\`${path[at] as string}\`` : `an item of \`${path[at] as string}\``;
}

/** YAML 1.1's words for a flag (GitHub workflows' `on:`), text to YAML 1.2: the flag each meant, or undefined. */
function yaml11Flag(input: unknown): boolean | undefined {
  if (typeof input !== 'string') return undefined;
  if (/^(?:y|Y|yes|Yes|YES|on|On|ON)$/.test(input)) return true;
  return /^(?:n|N|no|No|NO|off|Off|OFF)$/.test(input) ? false : undefined;
}

/** The number YAML 1.1 reads in digits grouped by `_` (`1_000`), as YAML 1.2 would write it; undefined for anything else. */
function yaml11GroupedNumber(spelled: string): string | undefined {
  if (!spelled.includes('_') || !/^[+-]?[0-9][0-9_]*(?:\.[0-9_]*)?$/.test(spelled)) return undefined;
  const number = Number(spelled.replaceAll('_', ''));
  return Number.isFinite(number) ? String(number) : undefined;
}

/** What `input`, a YAML 1.1 flag, meant: "got `no`, which … read as false …: write false". */
function yaml11FlagWords(input: string, flag: boolean): string {
  return `got \`${input}\`, which is text here (only YAML 1.1 reads it as ${String(flag)}): write ${String(flag)}`;
}

function isStepIdPath(path: readonly PathSegment[]): boolean {
  const last = path.at(-1);
  const owner = typeof last === 'number' ? path.at(-2) : last;
  return typeof owner === 'string' && STEP_ID_KEYS.has(owner);
}

/** `word` as a flow list's item: quoted unless YAML reads it as that text (`48` is a number, `@scope/x` an error). */
function plainWord(word: string): string {
  return /^[A-Za-z_./-][\w./=+-]*$/.test(word) && !/^(?:true|false|null|yes|no|on|off|y|n)$/i.test(word) ? word : JSON.stringify(word);
}

function expectedWords(expected: string): string {
  return EXPECTED_WORDS[expected] ?? expected;
}

/**
 * A list of names an error may cite (the keys of a map, the values of an enum), listed and searched for
 * "did you mean" once for all errors about it. Per error, 4,000 unknown args of a tool that takes 4,000
 * were each compared with every name and each listed all of them: 7.7 s and 540,000 characters of errors
 * to validate one step.
 */
class NameList {
  readonly count: number;
  readonly #names: readonly string[];
  readonly #suggester: NameSuggester;
  #listed: string | undefined;

  constructor(names: readonly string[]) {
    this.count = names.length;
    this.#names = names;
    this.#suggester = new NameSuggester(names);
  }

  nearest(word: string): string | undefined {
    return this.#suggester.nearest(word);
  }

  /** The names for a message, at most 20 of them. */
  listed(): string {
    this.#listed ??= listNames(this.#names);
    return this.#listed;
  }
}

function unknownKeyMessage(key: string, known: NameList): string {
  if (key === '<<') return 'YAML merge keys (`<<: *name`) are not read here; write the keys out (an alias `*name` of a whole value is read)';
  const near = known.nearest(key);
  const shown = shownText(key);
  if (near) return `unknown key \`${shown}\` — did you mean \`${near}\`?`;
  return known.count > 0 ? `unknown key \`${shown}\`; known keys here: ${known.listed()}` : `unknown key \`${shown}\``;
}

function sizeMessage(issue: ZodIssue & { code: 'too_small' | 'too_big' }): string {
  const small = issue.code === 'too_small';
  const bound = Number(small ? (issue as { minimum: unknown }).minimum : (issue as { maximum: unknown }).maximum);
  const inclusive = issue.inclusive !== false;
  if (issue.origin === 'array') return small ? `needs at least ${bound} item(s)` : `takes at most ${bound} item(s)`;
  if (issue.origin === 'object') return small ? `needs at least ${bound} propert${bound === 1 ? 'y' : 'ies'}` : `takes at most ${bound} propert${bound === 1 ? 'y' : 'ies'}`;
  if (issue.origin === 'string') {
    if (small && bound === 1) return 'must not be empty';
    return small ? `needs at least ${bound} characters` : `takes at most ${bound} characters`;
  }
  const relation = small ? (inclusive ? 'at least' : 'more than') : inclusive ? 'at most' : 'less than';
  return `must be ${relation} ${bound}; got ${showValue(issue.input)}`;
}

/** True when zod made up the message, rather than the schema's author. */
function isDefaultMessage(message: string): boolean {
  return /^(Invalid|Too small|Too big|Unrecognized)/.test(message);
}

interface IssueScope {
  /** Whether values at keys named like the plan's step references (`id`, `depends_on`) are told the step id rules. */
  readonly stepIds: boolean;
  /** Set while telling what one branch of a union found. */
  readonly inBranch?: true;
  readonly root: z.ZodType;
  readonly prefix: readonly PathSegment[];
  /** The name lists met so far, by the schema or `values` array (zod's own, one per schema) they come from. */
  readonly lists: WeakMap<object, NameList>;
}

function nameList(scope: IssueScope, owner: object, names: () => readonly string[]): NameList {
  let list = scope.lists.get(owner);
  if (!list) scope.lists.set(owner, (list = new NameList(names())));
  return list;
}

/**
 * The keys the object schema at `relative` accepts; at a union (a step id or `{step, optional}`), those of
 * its one object branch: `{ step: a, optinal: true }` was told "unknown key `optinal`", no key named.
 */
function knownKeys(scope: IssueScope, relative: readonly PathSegment[]): NameList {
  const found = schemaAtPath(scope.root, relative);
  const objects = found instanceof z.ZodUnion ? (found.options as z.ZodType[]).filter((option) => option instanceof z.ZodObject) : [found];
  const schema = objects.length === 1 ? objects[0] : undefined;
  if (!(schema instanceof z.ZodObject)) return new NameList([]);
  return nameList(scope, schema, () => Object.keys(schema.shape));
}

/** An issue that says only that the value is of another kind: a wrong type, or a union none of whose branches took its kind. */
function kindMismatch(issue: ZodIssue): boolean {
  if (issue.path.length > 0) return false;
  if (issue.code === 'invalid_type') return true;
  return issue.code === 'invalid_union' && issue.errors.every((branch) => branch.every(kindMismatch));
}

/** The most branches of a union a message says what each found. */
const MAX_SHOWN_BRANCHES = 5;
/** The most values of a list a message names. */
const MAX_LISTED = 20;

function unionIssues(issue: ZodIssue & { code: 'invalid_union' }, scope: IssueScope, relative: readonly PathSegment[]): PlanIssue[] {
  const path = [...scope.prefix, ...relative];
  // A branch whose errors are not about the value's kind is the one the user meant: report it. (A
  // dependency's step id is itself a union: `{stp: 1}` was told the step id rules.)
  const meant = issue.errors.filter((branch) => branch.some((inner) => !kindMismatch(inner)));
  if (meant.length === 1) return withoutLooserIntBounds(meant[0]!).flatMap((inner) => oneIssue(inner, scope, [...relative, ...(inner.path as PathSegment[])]));
  if (issue.input === undefined) return [{ path, message: `missing ${keyName(path)}` }];
  // A `oneOf` whose branches took the value more than once: zod lists no branch's errors.
  if ((issue as { inclusive?: boolean }).inclusive === false && issue.errors.length === 0) return [{ path, message: `${keyName(path)} matches more than one of the shapes it may take, and may match only one (\`oneOf\`); got ${showValue(issue.input)}` }];
  // An `anyOf: []` or `oneOf: []`: no shape, so no value.
  if (issue.errors.length === 0) return [{ path, message: `${keyName(path)} may not be given here: the schema lists no shape it may take` }];
  if (scope.stepIds && isStepIdPath(path)) return [{ path, message: `${STEP_ID_HINT}; got ${showValue(issue.input)}` }];
  // Only the branches' own kinds: a branch of objects that failed on a property (`{url}` or `{path}` given `{}`)
  // does not say the value must be text (found by a review).
  const onlyValues = issue.errors.every((branch) => branch.length > 0 && branch.every((inner) => inner.path.length === 0 && inner.code === 'invalid_value'));
  if (onlyValues) {
    // An enum of strings and other values is checked as one of each (zod-ready-schema.ts): one list of them all,
    // as JSON when they are not all text (`1` and `"1"` read alike).
    const lists = issue.errors.flat().map((inner) => (inner as { values: readonly unknown[] }).values);
    const total = lists.reduce((sum, values) => sum + values.length, 0);
    const text = lists.every((values) => values.every((value) => typeof value === 'string'));
    const first = lists.flatMap((values) => values.slice(0, MAX_LISTED)).slice(0, MAX_LISTED).map((value) => (text ? String(value) : JSON.stringify(value)));
    const listed = total > MAX_LISTED ? `${first.join(', ')} … and ${total - MAX_LISTED} more` : first.join(', ');
    return [{ path, message: `${keyName(path)} must be ${total === 1 ? listed : `one of ${listed}`}; got ${showValue(issue.input)}` }];
  }
  const kinds = issue.errors.map((branch) => branch.filter((inner) => inner.path.length === 0 && inner.code === 'invalid_type'));
  if (!kinds.every((branch) => branch.length > 0)) {
    const none = `${keyName(path)} matches none of the shapes it may take`;
    // Some branch took the value's kind and failed inside it: what each branch found first, one level deep
    // (a union inside a branch listing its own branches would list 5^depth).
    if (scope.inBranch) return [{ path, message: none }];
    const found = issue.errors.slice(0, MAX_SHOWN_BRANCHES).map((branch, index) => {
      const first = branch[0];
      const problem = first && oneIssue(first, { ...scope, inBranch: true }, [...relative, ...(first.path as PathSegment[])])[0];
      const below = problem ? problem.path.slice(path.length) : [];
      // A key the message names already (`missing \`url\``) is not said twice.
      const where = below.length === 1 && typeof below[0] === 'string' ? '' : formatPath(below);
      return `${index + 1}: ${problem ? `${where === '' ? '' : `at ${where}, `}${problem.message}` : 'refused'}`;
    });
    const more = issue.errors.length > MAX_SHOWN_BRANCHES ? `; … and ${issue.errors.length - MAX_SHOWN_BRANCHES} more` : '';
    return [{ path, message: `${none} (${found.join('; ')}${more})` }];
  }
  const unique = [...new Set(kinds.flat().map((inner) => expectedWords((inner as { expected: string }).expected)))];
  return [{ path, message: `${keyName(path)} must be ${unique.join(' or ')}; got ${describeKind(issue.input)}` }];
}

/** JSON Schema's names for the formats zod calls otherwise. */
const JSON_SCHEMA_FORMATS: Readonly<Record<string, string>> = { url: 'uri', datetime: 'date-time', cidrv4: 'cidr', cidrv6: 'cidr' };

/** What a key broke (a `propertyNames` or a record's key schema) that zod worded, after "the key `k`". */
function keyRule(inner: ZodIssue, key: unknown, scope: IssueScope): string {
  if (inner.code === 'invalid_value') {
    const names = nameList(scope, inner.values, () => inner.values.map((value) => String(value)));
    const near = typeof key === 'string' ? names.nearest(key) : undefined;
    return `is not one of ${names.listed()}${near ? ` — did you mean \`${near}\`?` : ''}`;
  }
  if (inner.code === 'invalid_format' && 'pattern' in inner && inner.pattern) return `does not match the pattern ${inner.pattern}`;
  if (inner.code === 'too_small' || inner.code === 'too_big') return `is too ${inner.code === 'too_small' ? 'short' : 'long'}`;
  return 'is not allowed here';
}

function oneIssue(issue: ZodIssue, scope: IssueScope, relative: readonly PathSegment[]): PlanIssue[] {
  const path = [...scope.prefix, ...relative];
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = knownKeys(scope, relative);
      return issue.keys.map((key) => ({ path: [...path, key], at: 'key' as const, message: unknownKeyMessage(key, known) }));
    }
    case 'invalid_type':
      if (issue.input === undefined) return [{ path, message: `missing ${keyName(path)}` }];
      if (issue.expected === 'never') return [{ path, message: `${keyName(path)} may not be given here: the schema allows no value for it` }];
      if (scope.stepIds && isStepIdPath(path) && (issue.expected === 'int' || issue.expected === 'number')) {
        return [{ path, message: `${STEP_ID_HINT}; got ${showValue(issue.input)}` }];
      }
      // A number that is not finite is still a number: say which kind was meant.
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input) && (issue.expected === 'number' || issue.expected === 'int')) {
        return [{ path, message: `${keyName(path)} must be a finite number; got ${describeKind(issue.input)}` }];
      }
      // `concurrency: 0.5` was told "got a number", which 0.5 is: the fraction itself says what is wrong.
      // A schema's own message (a range, a unit) says more than "whole number": `timeout_seconds: 1.5` lost its 1 to 1800.
      if (typeof issue.input === 'number' && issue.expected === 'int') {
        const own = issue.message.startsWith('Invalid input') ? undefined : issue.message;
        return [{ path, message: `${keyName(path)} must be a whole number; got ${showValue(issue.input)}${own === undefined ? '' : `: ${own}`}` }];
      }
      // `depends_on: 1` for `[1]`: the list of the one value written is what was meant (new-user walkthrough).
      if (issue.expected === 'array' && ((typeof issue.input === 'number' && Number.isFinite(issue.input)) || (typeof issue.input === 'string' && /^[\w./-]{1,60}$/.test(issue.input)))) {
        return [{ path, message: `${keyName(path)} must be a list; got ${describeKind(issue.input)}: write [${String(issue.input)}] for a list of one` }];
      }
      // `command: npm test`, written as a workflow's `run:` is: the words as the argv list meant (found by an adversarial pass).
      if (issue.expected === 'array' && typeof issue.input === 'string' && path.at(-1) === 'command') {
        const words = /^[\w./@:=+-]{1,60}(?: +[\w./@:=+-]{1,60}){1,20}$/.test(issue.input.trim()) ? issue.input.trim().split(/ +/) : undefined;
        const listed = `${keyName(path)} must be a list of the program and its arguments (run without a shell)`;
        return [{ path, message: words ? `${listed}; got text: write [${words.map(plainWord).join(', ')}]` : `${listed}, such as [npm, test]; got text` }];
      }
      // `max_steps: "10"`, `required: "false"`: the value meant, quoted, as `version: "1"` is told below.
      if (typeof issue.input === 'string' && (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'boolean')) {
        const spelled = issue.input.trim();
        const means = issue.expected === 'boolean' ? spelled === 'true' || spelled === 'false' : DECIMAL.test(spelled) && Number.isFinite(Number(spelled));
        if (means) return [{ path, message: `${keyName(path)} must be ${expectedWords(issue.expected)}, not text: write ${spelled} without quotes` }];
        const flag = issue.expected === 'boolean' ? yaml11Flag(issue.input) : undefined;
        if (flag !== undefined) return [{ path, message: `${keyName(path)} must be true or false; ${yaml11FlagWords(issue.input, flag)}` }];
        // `max_steps: 1_000`: digits grouped as YAML 1.1 (and GitHub's workflow files) group them, text to YAML 1.2.
        const grouped = issue.expected === 'boolean' ? undefined : yaml11GroupedNumber(spelled);
        if (grouped !== undefined) {
          return [{ path, message: `${keyName(path)} must be ${expectedWords(issue.expected)}; got \`${spelled}\`, which is text here (only YAML 1.1 reads it as ${grouped}): write ${grouped}` }];
        }
      }
      // `model: gpt-4o`: "must be a map" named no key to write in it (found by an adversarial CLI hunt). A map of
      // many keys (a step's 26) is not listed: the list would hide the message.
      if (issue.expected === 'object') {
        const keys = knownKeys(scope, relative);
        if (keys.count > 0 && keys.count <= MAX_KEYS_NAMED) return [{ path, message: `${keyName(path)} must be a map of its keys (${keys.listed()}); got ${describeKind(issue.input)}` }];
      }
      return [{ path, message: `${keyName(path)} must be ${expectedWords(issue.expected)}; got ${describeKind(issue.input)}` }];
    case 'invalid_value': {
      const values = nameList(scope, issue.values, () => issue.values.map((value) => String(value)));
      if (issue.input === undefined) return [{ path, message: `missing ${keyName(path)}: write ${values.listed()}` }];
      // `version: "1"` reads as the option it spells, but as text: "must be one of 1; got `1`" said nothing.
      const spelled = issue.values.find((value) => typeof value !== 'string' && typeof issue.input === 'string' && String(value) === issue.input.trim());
      if (spelled !== undefined) return [{ path, message: `${keyName(path)} must be ${issue.values.length === 1 ? String(spelled) : typeof spelled === 'boolean' ? 'true or false' : 'a number'}, not text: write ${String(spelled)} without quotes` }];
      const flag = yaml11Flag(issue.input);
      if (flag !== undefined && issue.values.includes(flag)) return [{ path, message: `${keyName(path)} must be ${values.listed()}; ${yaml11FlagWords(issue.input as string, flag)}` }];
      const near = typeof issue.input === 'string' ? values.nearest(issue.input) : undefined;
      const hint = near ? ` — did you mean \`${near}\`?` : '';
      // `version: 2` was told "must be one of 1", and a step's `approval: false` "must be one of true" (new-user walkthrough).
      const allowed = issue.values.length === 1 ? values.listed() : `one of ${values.listed()}`;
      return [{ path, message: `${keyName(path)} must be ${allowed}; got ${showValue(issue.input)}${hint}` }];
    }
    case 'too_small':
    case 'too_big':
      return [{ path, message: isDefaultMessage(issue.message) ? `${keyName(path)} ${sizeMessage(issue)}` : issue.message }];
    case 'invalid_format': {
      // A named format (`date`, `email`) says its name, as JSON Schema writes it: zod's regex for a date is 300 characters.
      // zod's `regex` is a `pattern`, which the issue quotes; JSON Schema's `regex` format is a name like the others.
      const named = !(issue.format === 'regex' && 'pattern' in issue) && /^[\w-]{1,40}$/.test(issue.format) ? (JSON_SCHEMA_FORMATS[issue.format] ?? issue.format) : undefined;
      const pattern = 'pattern' in issue && issue.pattern ? `the pattern ${issue.pattern}` : 'the expected format';
      const expected = named ? `must be in the \`${named}\` format` : `does not match ${pattern}`;
      const message = isDefaultMessage(issue.message) ? `${keyName(path)} ${expected}` : issue.message;
      return [{ path, message: `${message}; got ${showValue(issue.input)}` }];
    }
    case 'invalid_union':
      return unionIssues(issue, scope, relative);
    case 'invalid_key':
      return issue.issues.map((inner) => ({ path, at: 'key' as const, message: isDefaultMessage(inner.message) ? `the key ${showValue(issue.input)} ${keyRule(inner, issue.input, scope)}` : `${inner.message}; got ${showValue(issue.input)}` }));
    case 'invalid_element':
      return withoutLooserIntBounds(issue.issues).flatMap((inner) => oneIssue(inner, scope, [...relative, ...(inner.path as PathSegment[])]));
    default:
      return [{ path, message: issue.message }];
  }
}

/**
 * The issues less zod's safe-integer bound of a `z.int()` where the schema sets its own on that side at that path:
 * `-1e20` for a count of 0 or more was told "must be at least -9007199254740991" beside "at least 0".
 */
function withoutLooserIntBounds(issues: readonly ZodIssue[]): readonly ZodIssue[] {
  const where = (issue: ZodIssue): string => `${issue.code}:${issue.path.map(String).join('.')}`;
  const bound = (issue: ZodIssue): string | undefined => (issue.code === 'too_small' || issue.code === 'too_big' ? issue.origin : undefined);
  const own = new Set(issues.filter((issue) => bound(issue) !== undefined && bound(issue) !== 'int').map(where));
  return own.size === 0 ? issues : issues.filter((issue) => !(bound(issue) === 'int' && own.has(where(issue))));
}

/** The name lists one validation has met: pass the same to every `schemaIssues` call of a plan's steps. */
export type NameLists = WeakMap<object, NameList>;

/**
 * Turns zod issues into plan issues with messages people can act on. `root` is the schema that was
 * parsed (to list known keys); `prefix` is where that value sits in the plan.
 */
export function schemaIssues(issues: readonly ZodIssue[], root: z.ZodType, prefix: readonly PathSegment[] = [], lists: NameLists = new WeakMap(), options: { readonly stepIds?: boolean } = {}): PlanIssue[] {
  const scope: IssueScope = { root, prefix, lists, stepIds: options.stepIds ?? true };
  return withoutLooserIntBounds(issues).flatMap((issue) => oneIssue(issue, scope, issue.path as PathSegment[]));
}
