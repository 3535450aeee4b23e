// An ESLint rule of plan-runner's own, which eslint.config.js turns on for src/.
import type { Rule } from 'eslint';

/**
 * Where a regex literal's top-level alternatives are, and whether one ends at `$` after a repetition without a
 * bound, with no `^` at its start: `/\.+$/`, `/[. ]+$/`, `/^-+|-+$/`. V8 tries such a pattern from every character
 * of a run that does not end the text, so it is quadratic in the run (a model's error message of 40,000 dots
 * and an `x`: 1.8 s; command output of 256,000 blanks and an `x`: 58 s). Use `trimEndChars`
 * (src/core/trim-end-chars.ts), or `trimEnd()` for white space. A sticky (`y`) pattern tries one position; with
 * the m flag, `^` anchors nothing.
 */
export function trailingRunAlternative(pattern: string, flags = ''): string | undefined {
  const alternatives: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      alternatives.push(pattern.slice(start, i));
      start = i + 1;
    }
  }
  alternatives.push(pattern.slice(start));
  // With the m flag `^` is any line's start, and a run of a class that holds a line break (`[^\n]` holds `\r`)
  // reads on from each: refused too, unless the pattern says why it is not (an eslint-disable comment).
  return alternatives.find((alternative) => (!alternative.startsWith('^') || flags.includes('m')) && outside(alternative, (c) => c === '$') && repeatsWithoutBound(alternative));
}

/** Whether `alternative` repeats something without a bound (`+`, `*`, `{2,}`) outside a class. */
function repeatsWithoutBound(alternative: string): boolean {
  return outside(alternative, (c, i) => c === '+' || c === '*' || (c === '{' && /^\{\d*,\}/.test(alternative.slice(i))));
}

/**
 * Whether `found` holds for a character of `pattern` that is neither escaped nor in a class: `$` in a group or a
 * lookahead (`(?:\.+$)`, `\.+(?=$)`) is an anchor too, and `\\$` is a backslash and then one.
 */
function outside(pattern: string, found: (c: string, i: number) => boolean): boolean {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (found(c, i)) return true;
  }
  return false;
}

/** The ESLint rule: reports each regex literal `trailingRunAlternative` finds such an alternative in. */
export const noTrailingRunRegex: Rule.RuleModule = {
  meta: { type: 'problem', messages: { run: 'the alternative /{{alternative}}/ repeats before $ without ^: quadratic on a long run that does not end the text; use trimEndChars (src/core/trim-end-chars.ts) or trimEnd()' } },
  create(context) {
    return {
      Literal(node) {
        if (!('regex' in node) || node.regex.flags.includes('y')) return;
        const alternative = trailingRunAlternative(node.regex.pattern, node.regex.flags);
        if (alternative !== undefined) context.report({ node, messageId: 'run', data: { alternative } });
      },
    };
  },
};
