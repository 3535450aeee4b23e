// An ESLint rule of plan-runner's own, which eslint.config.js turns on for src/.
import type { Rule } from 'eslint';

/**
 * Where a regex literal's top-level alternatives are, and whether one ends with a repetition before `$`
 * without `^` at its start: `/\.+$/`, `/[. ]+$/`, `/^-+|-+$/`. V8 tries such a pattern from every character
 * of a run that does not end the text, so it is quadratic in the run (a model's error message of 40,000 dots
 * and an `x`: 1.8 s; command output of 256,000 blanks and an `x`: 58 s). Use `trimEndChars`
 * (src/core/trim-end-chars.ts), or `trimEnd()` for white space. A sticky (`y`) pattern tries one position.
 */
export function trailingRunAlternative(pattern: string): string | undefined {
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
  return alternatives.find((alternative) => !alternative.startsWith('^') && /(?:[+*]|\{\d*,\})\??\)*\$$/.test(alternative) && !/\\\$$/.test(alternative));
}

/** The ESLint rule: reports each regex literal `trailingRunAlternative` finds such an alternative in. */
export const noTrailingRunRegex: Rule.RuleModule = {
  meta: { type: 'problem', messages: { run: 'the alternative /{{alternative}}/ repeats before $ without ^: quadratic on a long run that does not end the text; use trimEndChars (src/core/trim-end-chars.ts) or trimEnd()' } },
  create(context) {
    return {
      Literal(node) {
        if (!('regex' in node) || node.regex.flags.includes('y')) return;
        const alternative = trailingRunAlternative(node.regex.pattern);
        if (alternative !== undefined) context.report({ node, messageId: 'run', data: { alternative } });
      },
    };
  },
};
