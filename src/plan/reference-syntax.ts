import { parseReferencePath } from './reference-path.ts';
import type { Reference } from './reference.ts';

/** `${…}` in a string; the body may not contain braces, so `${{ … }}` is never taken for one. */
export const TEMPLATE_PATTERN = /\$\{([^{}]*)\}/g;
const STEP_BODY = /^steps\.([A-Za-z0-9_-]{1,64})\.result(.*)$/s;
const INPUT_BODY = /^inputs\.([A-Za-z_][A-Za-z0-9_-]{0,63})$/;
// Bodies that look like an attempt at a reference; anything else in `${…}` stays literal text.
const LOOKS_LIKE_REFERENCE = /^\s*(steps?|inputs?|results?)\b/;
const REFERENCE_FORMS = '${steps.<id>.result}, ${steps.<id>.result.field[0]} or ${inputs.<name>}';

export type TemplateBody =
  | { readonly kind: 'reference'; readonly reference: Reference }
  | { readonly kind: 'malformed'; readonly message: string }
  | { readonly kind: 'literal' };

/** What the body of one `${…}` means. */
export function parseTemplateBody(body: string): TemplateBody {
  const step = STEP_BODY.exec(body);
  if (step) {
    const tail = step[2]!;
    const path = tail === '' ? [] : tail.startsWith('.') || tail.startsWith('[') ? parseReferencePath(tail.replace(/^\./, '')) : undefined;
    if (path) return { kind: 'reference', reference: { kind: 'step', step: step[1]!, path } };
    return { kind: 'malformed', message: `malformed path in \`\${${body}}\`; write ${REFERENCE_FORMS}` };
  }
  const input = INPUT_BODY.exec(body);
  if (input) return { kind: 'reference', reference: { kind: 'input', name: input[1]! } };
  if (LOOKS_LIKE_REFERENCE.test(body)) {
    return { kind: 'malformed', message: `malformed reference \`\${${body}}\`; write ${REFERENCE_FORMS}` };
  }
  return { kind: 'literal' };
}

/** A hint when a string uses GitHub's `${{ … }}` for what should be a plan reference. */
export function githubExpressionHint(text: string): string | undefined {
  const match = /\$\{\{\s*((?:steps|inputs)\.[^}]*?)\s*\}\}/.exec(text);
  if (!match) return undefined;
  return `write \`\${${match[1]}}\`, not \`\${{ ${match[1]} }}\` (GitHub expands \${{ }} itself before the plan runs)`;
}
