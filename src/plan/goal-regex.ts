import { LinearRegex } from '../core/linear-regex.ts';

/**
 * A goal's regular expression, with a leading `(?i)`-style group turned into flags, compiled for the
 * linear-time engine (a goal runs on text a model or tool wrote). Throws `RegexSyntaxError`.
 */
export function parseGoalRegex(pattern: string, flags = ''): LinearRegex {
  let source = pattern;
  let allFlags = flags;
  const inline = /^\(\?([imsu]+)\)/.exec(source);
  if (inline) {
    allFlags += inline[1];
    source = source.slice(inline[0].length);
  }
  const unique = [...new Set(allFlags)].join('');
  return LinearRegex.compile(source, unique);
}
