/** A goal's regular expression, with a leading `(?i)`-style group turned into JavaScript flags. */
export function parseGoalRegex(pattern: string, flags = ''): RegExp {
  let source = pattern;
  let allFlags = flags;
  const inline = /^\(\?([imsu]+)\)/.exec(source);
  if (inline) {
    allFlags += inline[1];
    source = source.slice(inline[0].length);
  }
  const unique = [...new Set(allFlags)].join('');
  return new RegExp(source, unique);
}
