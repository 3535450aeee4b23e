/**
 * docs/plan-reference.md, generated from the plan's JSON Schema: one section per object in the
 * plan file, one row per key with its type, default, description and example.
 */
import { VISIBLE_CHARACTER_PATTERN } from '../src/core/invisible-characters.ts';
import { ENV_VALUE_PATTERN } from '../src/process/env-value.ts';

/** Where the generated reference is committed. */
export const PLAN_REFERENCE_FILE = 'docs/plan-reference.md';

interface Node {
  readonly type?: string | string[];
  readonly description?: string;
  readonly default?: unknown;
  readonly examples?: readonly unknown[];
  readonly properties?: Record<string, Node>;
  readonly required?: readonly string[];
  readonly items?: Node;
  readonly additionalProperties?: Node | boolean;
  readonly anyOf?: readonly Node[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly minItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: string;
  readonly pattern?: string;
  readonly propertyNames?: Node;
}

interface Section {
  readonly path: string;
  readonly node: Node;
}

const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** Patterns said in words: written out, they are a line of escapes that tells a reader less. */
const NAMED_PATTERNS: ReadonlyMap<string, string> = new Map([
  [VISIBLE_CHARACTER_PATTERN, 'non-blank string'],
  [ENV_VALUE_PATTERN, 'string with `${env.NAME}` as its only `${…}`'],
]);

function anchor(path: string): string {
  return path.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
}

function code(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${text.replace(/\|/g, '\\|')}${fence}`;
}

/** The object schema a property leads to, if it has keys of its own: itself, its items or its map values. */
function objectBehind(node: Node): { node: Node; suffix: string } | undefined {
  if (node.properties) return { node, suffix: '' };
  if (node.items?.properties) return { node: node.items, suffix: '[]' };
  if (typeof node.additionalProperties === 'object' && node.additionalProperties.properties) return { node: node.additionalProperties, suffix: '.<name>' };
  return undefined;
}

function bounds(node: Node): string {
  const parts: string[] = [];
  if (node.minimum !== undefined) parts.push(`≥ ${node.minimum}`);
  if (node.exclusiveMinimum !== undefined) parts.push(`> ${node.exclusiveMinimum}`);
  if (node.maximum !== undefined && node.maximum < SAFE_MAX) parts.push(`≤ ${node.maximum}`);
  return parts.length > 0 ? ` ${parts.join(', ')}` : '';
}

/** The names a map takes, when the schema restricts them: a tool named `fetch.sales` is refused at load. */
function names(node: Node): string {
  return node.propertyNames?.pattern ? ` (names matching ${code(node.propertyNames.pattern)})` : '';
}

function typeOf(node: Node, link: (path: string) => string, path: string): string {
  if (node.const !== undefined) return code(node.const);
  if (node.enum) return node.enum.map(code).join(' \\| ');
  if (node.anyOf) return node.anyOf.map((option) => typeOf(option, link, path)).join(' or ');
  const behind = objectBehind(node);
  if (behind) return `${link(`${path}${behind.suffix}`)}${names(node)}`;
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.includes('array')) return `list of ${node.items ? typeOf(node.items, link, `${path}[]`) : 'values'}${node.minItems ? ` (at least ${node.minItems})` : ''}`;
  if (types.includes('object')) {
    const values = node.additionalProperties;
    return typeof values === 'object' ? `map of name → ${typeOf(values, link, `${path}.<name>`)}${names(node)}` : 'object (a JSON Schema)';
  }
  if (types.includes('string') && node.format === 'uri') return 'URL (http or https)';
  const named = node.pattern === undefined ? undefined : NAMED_PATTERNS.get(node.pattern);
  if (types.length === 1 && types[0] === 'string' && named !== undefined) return `${named}${node.maxLength ? ` (at most ${node.maxLength})` : ''}`;
  if (types.length === 1 && types[0] === 'string') {
    return `${node.minLength ? 'non-empty ' : ''}string${node.maxLength ? ` (at most ${node.maxLength})` : ''}${node.pattern ? ` matching ${code(node.pattern)}` : ''}`;
  }
  if (types.length === 0) return 'any';
  return `${types.join(' or ')}${bounds(node)}`;
}

function collect(node: Node, path: string, sections: Section[]): void {
  sections.push({ path, node });
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const behind = objectBehind(child);
    if (behind) collect(behind.node, `${path === '' ? '' : `${path}.`}${key}${behind.suffix}`, sections);
  }
}

/** A description as Markdown text: `<name>` stays visible (not an HTML tag), `|` stays in its cell, `${…}` is not math. */
function prose(text: string): string {
  return text.replace(/[<|$]/g, (c) => `\\${c}`);
}

function title(path: string): string {
  return path === '' ? 'The plan file (top level)' : `\`${path}\``;
}

/** The reference for the schema, in Markdown. */
export function planReferenceMarkdown(schema: Node, source: string): string {
  const sections: Section[] = [];
  collect(schema, '', sections);
  const titles = new Map(sections.map((section) => [section.path, title(section.path)]));
  const link = (path: string) => {
    const heading = titles.get(path);
    return heading ? `[${heading}](#${anchor(heading)})` : 'object';
  };
  const out = [
    '# Plan file reference',
    '',
    `<!-- Generated from ${source} by \`npm run schema\`; edit the descriptions in src/plan/schema.ts, not this file. -->`,
    '',
    `Every key of a plan file, with its type, default and an example. The same text is the hover help of editors that use [${source}](../${source}).`,
    'Keys not listed are errors. Besides what this page shows, `plan-runner validate` checks references between',
    'steps, dependency cycles, tool names and arguments against tool schemas, an aggregate step with no results to',
    "combine, a step listed twice as `1` and `\"1\"`, that `toolsets: [http]` comes with `http:` (a used plan takes the using",
    "plan's), the syntax of goal regular expressions (the CLI's linear-time engine, with `(?i)`), and plain keys YAML reads",
    'as null or a number (`null:`, `1.0:`), which editors read as `""` and `"1"`; see the README.',
    '',
    '## Contents',
    '',
    ...sections.map((section) => `- [${titles.get(section.path)!}](#${anchor(titles.get(section.path)!)})`),
  ];
  for (const section of sections) {
    out.push('', `## ${titles.get(section.path)}`, '');
    if (section.node.description) out.push(prose(section.node.description), '');
    const required = new Set(section.node.required ?? []);
    out.push('| Key | Type | Default | Description |', '| --- | --- | --- | --- |');
    for (const [key, child] of Object.entries(section.node.properties ?? {})) {
      const keyPath = `${section.path === '' ? '' : `${section.path}.`}${key}`;
      const example = child.examples?.length ? ` Example: ${child.examples.map(code).join(', ')}.` : '';
      const description = `${prose(child.description ?? '')}${example}`.replace(/\n/g, ' ');
      const fallback = required.has(key) ? '**required**' : '—';
      out.push(`| \`${key}\` | ${typeOf(child, link, keyPath)} | ${child.default !== undefined ? code(child.default) : fallback} | ${description} |`);
    }
  }
  return `${out.join('\n')}\n`;
}
