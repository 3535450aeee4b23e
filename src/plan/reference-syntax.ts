import { parseReferencePath } from './reference-path.ts';
import type { Reference } from './reference.ts';

/** `${…}` in a string; the body may not contain braces, so `${{ … }}` is never taken for one. */
export const TEMPLATE_PATTERN = /\$\{([^{}]*)\}/g;
const STEP_BODY = /^steps\.([A-Za-z0-9_-]{1,64})\.result(.*)$/s;
const INPUT_BODY = /^inputs\.([A-Za-z_][A-Za-z0-9_-]{0,63})$/;
// Bodies that look like an attempt at a reference; anything else in `${…}` stays literal text.
const LOOKS_LIKE_REFERENCE = /^\s*(steps?|inputs?|results?)\b/;
const REFERENCE_FORMS = '${steps.<id>.result}, ${steps.<id>.result.field[0]} or ${inputs.<name>}';

const ITEM_BODY = /^([A-Za-z_][A-Za-z0-9_]{0,63})((?:[.[].*)?)$/s;

export type TemplateBody =
  | { readonly kind: 'reference'; readonly reference: Reference }
  | { readonly kind: 'malformed'; readonly message: string; readonly aboutItem?: boolean }
  | { readonly kind: 'literal' };

/**
 * The path after a reference's head (`.field[0]`, `[2]`, or nothing); undefined when malformed. A dot
 * must come before a name: `${item.}` read as the whole item and `${item..a}` as `${item.a}`.
 */
function pathAfterHead(tail: string): ReturnType<typeof parseReferencePath> {
  if (tail === '') return [];
  if (tail.startsWith('[')) return parseReferencePath(tail);
  return /^\.[A-Za-z0-9_$-]/.test(tail) ? parseReferencePath(tail.slice(1)) : undefined;
}

function itemBody(body: string, itemName: string | undefined): TemplateBody | undefined {
  const match = ITEM_BODY.exec(body);
  if (!match) return undefined;
  const [, name, tail] = match as unknown as [string, string, string];
  if (itemName !== undefined && name === itemName) {
    const path = pathAfterHead(tail);
    if (path) return { kind: 'reference', reference: { kind: 'item', name, path } };
    return { kind: 'malformed', message: `malformed path in \`\${${body}}\`; write \${${name}}, \${${name}.field} or \${${name}.index}`, aboutItem: true };
  }
  if (name !== 'item') return undefined;
  const message =
    itemName === undefined
      ? `\`\${${body}}\` refers to a for_each item, but this step has no \`for_each\`; \${item…} works only inside a for_each step`
      : `\`\${${body}}\`: this step names its item \`${itemName}\` (as: ${itemName}); write \${${itemName}${tail}}`;
  return { kind: 'malformed', message, aboutItem: true };
}

/**
 * What the body of one `${…}` means. `itemName` is the item's name inside a `for_each` step
 * (`item`, or its `as:`); elsewhere `${item…}` is an error.
 */
export function parseTemplateBody(body: string, itemName?: string): TemplateBody {
  const item = itemBody(body, itemName);
  if (item) return item;
  const step = STEP_BODY.exec(body);
  if (step) {
    const tail = step[2]!;
    const path = pathAfterHead(tail);
    if (path) return { kind: 'reference', reference: { kind: 'step', step: step[1]!, path } };
    return { kind: 'malformed', message: `malformed path in \`\${${body}}\`; write ${REFERENCE_FORMS}` };
  }
  const input = INPUT_BODY.exec(body);
  if (input) return { kind: 'reference', reference: { kind: 'input', name: input[1]! } };
  // Runner variables are read where a process is set up (a tool's `env:`), never in a step's text.
  if (/^\s*env\b/.test(body)) {
    return { kind: 'malformed', message: `\`\${${body}}\` reads nothing in a step: runner variables reach a tool through its \`env:\` (\`env: [NAME]\`, or \`env: { NAME: \${env.NAME} }\`), not its arguments` };
  }
  if (LOOKS_LIKE_REFERENCE.test(body)) {
    return { kind: 'malformed', message: `malformed reference \`\${${body}}\`; write ${REFERENCE_FORMS}` };
  }
  return { kind: 'literal' };
}

/**
 * The problem with a `${steps.…`, `${inputs.…` or, in a `for_each` step, `${<item>…` that is never
 * closed: no `}` before the end, or another `{` first (`${steps.1.result and ${steps.2.result}`). Such
 * text matched no reference and was passed on as written (`got: ${steps.1.result`). Only the head of
 * a reference counts (`steps.`, `inputs.`, the item's name then `.`, `[` or the end): a shell's
 * `${item:-${DEFAULT}}` or `${inputs:-{}}` is text. One pass over the text, whatever it holds.
 */
export function unclosedReferenceProblem(text: string, itemName?: string): string | undefined {
  let open: number | undefined;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '}') {
      open = undefined;
    } else if (char === '{') {
      if (open !== undefined) break;
      if (text[at - 1] !== '$') continue;
      const head = /^[ \t]{0,20}([A-Za-z_][A-Za-z0-9_]{0,63})([.[]|$)/.exec(text.slice(at + 1, at + 90));
      if (!head) continue;
      const [, word, next] = head as unknown as [string, string, string];
      if (((word === 'steps' || word === 'inputs') && next === '.') || (itemName !== undefined && word === itemName && (next !== '' || at + 1 + head[0].length === text.length))) open = at - 1;
    }
  }
  if (open === undefined) return undefined;
  const shown = `\${${text.slice(open + 2, open + 62).trimStart().split(/[\s{$]/, 1)[0]!}`;
  return `\`${shown}\` has no closing \`}\`, so it is no reference and would be passed on as written; close it: ${REFERENCE_FORMS}`;
}

/** A hint when a string uses GitHub's `${{ … }}` for what should be a plan reference. */
export function githubExpressionHint(text: string): string | undefined {
  // Bounded, so a string of a model-written plan cannot make this scan quadratic ('${{steps.' and spaces).
  const match = /\$\{\{[ \t]{0,20}((?:steps|inputs)\.[^}]{0,200})\}\}/.exec(text);
  if (!match) return undefined;
  const reference = match[1]!.trimEnd();
  return `write \`\${${reference}}\`, not \`\${{ ${reference} }}\` (GitHub expands \${{ }} itself before the plan runs)`;
}
