import { expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';

// Found by a secret hunt: a tool given `env: [DB_PASSWORD]` that ran `export -p` (or `declare -p`, `printf %q`) showed a
// password with `$` or `'` in it whole in the result, the summary and the trace: bash writes `\$` and `\'` there.
it('hides a known secret as bash, Python’s shlex, YAML, SQL and CSV quote it', () => {
  const dollar = 'Tr0ub4dor$3xyz!Q';
  const quote = "it's-Tr0ub4dor-x";
  const odd = 'a b;c|d&e(f)<g>{h}*[i]?^,`j\\k"l~m#n';
  const redact = createRedactor([dollar, quote, odd, '~home=~x:~y#1Q']);
  const written = [
    'declare -x DB_PASSWORD="Tr0ub4dor\\$3xyz!Q"', // export -p, declare -p
    'Tr0ub4dor\\$3xyz\\!Q', // printf %q
    "it\\'s-Tr0ub4dor-x", // printf %q
    "'it'\\''s-Tr0ub4dor-x'", // ${x@Q}, set -x
    `'it'"'"'s-Tr0ub4dor-x'`, // shlex.quote
    "password: 'it''s-Tr0ub4dor-x'", // YAML single-quoted, SQL
    'a\\ b\\;c\\|d\\&e\\(f\\)\\<g\\>\\{h\\}\\*\\[i\\]\\?\\^\\,\\`j\\\\k\\"l~m#n', // printf %q
    'declare -x X="a b;c|d&e(f)<g>{h}*[i]?^,\\`j\\\\k\\"l~m#n"', // declare -p
    '"a b;c|d&e(f)<g>{h}*[i]?^,`j\\k""l~m#n"', // CSV
    '\\~home=\\~x:\\~y#1Q', // printf %q: `~` where it would expand, `#` mid-word as it is
  ];
  for (const text of written) expect(redact(text), text).not.toMatch(/Tr0ub4dor|3xyz|d&e|k""l|home/);
  // Text that holds none of them is left as it is.
  expect(redact("it's a plain sentence; nothing \\$HOME here")).toBe("it's a plain sentence; nothing \\$HOME here");
});
