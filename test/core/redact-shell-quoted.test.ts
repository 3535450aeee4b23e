import { expect, it } from 'vitest';
import { createRedactor, jsonMayNeedRedaction } from '../../src/core/redact.ts';

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

// The screens look for one run of letters and digits of each spelling (its piece), not the spelling: 200 secrets with
// quotes in them had 11,000 screened spellings, whose patterns V8 compiled in every process. A text holding any
// spelling, or a start or an end of one a cut left, holds its piece and is still read in full (a text with a cut's
// `…` is read in full anyway).
it('hides every quoted spelling of many secrets, whole and cut, in text and in JSON text', () => {
  const secrets = Array.from({ length: 60 }, (_, i) => `p$ss'w"d\`${(i * 7919).toString(16).padStart(8, '0')}Zq${i}Rt9/x+y=`);
  const redact = createRedactor(secrets);
  for (const secret of secrets) {
    const spelt = [secret, secret.replace(/[\\"$`]/g, '\\$&'), secret.replaceAll("'", "'\\''"), secret.replaceAll("'", "''"), encodeURIComponent(secret), JSON.stringify(JSON.stringify(secret)).slice(2, -2)];
    for (const form of spelt) {
      const half = Math.max(16, Math.ceil(form.length / 2));
      for (const text of [`a ${form} b`, `${form.slice(0, half)} b`, `a ${form.slice(-half)}`]) {
        const hidden = redact(text);
        expect(hidden, text).toContain('***');
        expect(hidden, text).not.toContain(form.slice(0, half));
        expect(hidden, text).not.toContain(form.slice(-half));
      }
      expect(jsonMayNeedRedaction(JSON.stringify({ log: `a ${form} b` }), redact), form).toBe(true);
    }
  }
  expect(jsonMayNeedRedaction(JSON.stringify({ log: "it's a plain sentence with x+y= and p$ss in it" }), redact)).toBe(false);
});
