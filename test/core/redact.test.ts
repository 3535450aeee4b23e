import { createHmac, generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor, jsonMayNeedRedaction, redactDeep, secretValuesFromEnvironment, TOKEN_SHAPE_SOURCES } from '../../src/core/redact.ts';
import { TailBuffer } from '../../src/process/tail-buffer.ts';
import { COMMAND_STDERR_IN_ERROR_BYTES } from '../../src/tools/command-tool.ts';

// Built at run time so the test file itself holds no token-shaped literals for scanners to flag.
const GITHUB_TOKENS = ['ghp_', 'gho_', 'ghs_', 'ghu_', 'ghr_'].map((prefix) => `${prefix}${'Ab3'.repeat(12)}`);
const FINE_GRAINED = `github_pat_${'11ABCDEFG0'.repeat(3)}_${'xY9'.repeat(20)}`;
const OPENAI_KEYS = [`sk-${'a1B2'.repeat(12)}`, `sk-proj-${'Zq7_-'.repeat(20)}`, `sk-svcacct-${'k9'.repeat(24)}`];
const AWS_KEY_ID = `AKIA${'IOSFODNN7EXAMPLE'}`;

describe('createRedactor', () => {
  const redact = createRedactor();

  it.each([...GITHUB_TOKENS, FINE_GRAINED, ...OPENAI_KEYS, AWS_KEY_ID])('hides the token shape %s', (token) => {
    expect(redact(`before ${token} after`)).toBe('before *** after');
  });

  // Found by an adversarial pass: `\b` sees no boundary after `%3D` or a JSON text's `\n`, so a token
  // in a logged URL or in escaped text was shown.
  it('hides a token shape after a percent escape or a backslash escape, and a GitHub token anywhere', () => {
    const [github] = GITHUB_TOKENS;
    const [openai] = OPENAI_KEYS;
    expect(redact(`https://x.test/?q=token%3D${github}`)).toBe('https://x.test/?q=token%3D***');
    expect(redact(`{"log":"line\\n${github}"}`)).toBe('{"log":"line\\n***"}');
    expect(redact(`0x${github} MY_TOKEN_${github}`)).toBe('0x*** MY_TOKEN_***');
    expect(redact(`key%3d${openai}&next`)).toBe('key%3d***&next');
    expect(redact(`"a\\t${openai}"`)).toBe('"a\\t***"');
    expect(redact(`id%3D${AWS_KEY_ID}`)).toBe('id%3D***');
    // Still only where a key starts: inside a word, and without a digit, it is no key.
    expect(redact(`risk-${'assessment'.repeat(3)}1`)).toBe(`risk-${'assessment'.repeat(3)}1`);
    expect(redact(`%3Dsk-${'learn'.repeat(5)}`)).toBe(`%3Dsk-${'learn'.repeat(5)}`);
  });

  it('hides a known secret whose whitespace a one-line view flattened', () => {
    const known = createRedactor(['hunter2\tpass99x', '\tZq9xTopSecretValue77\t\tabcdEFGH']);
    expect(known('key is hunter2 pass99x end')).toBe('key is *** end');
    // `shorten` trims too: the secret's leading tab is gone from its text.
    expect(known('Zq9xTopSecretValue77 abcdEFGH end')).toBe('*** end');
  });

  it('hides a JWT, and an OpenAI-shaped key only when it has a digit', () => {
    const jwt = `eyJ${'hdr'.repeat(4)}.eyJ${'pay'.repeat(4)}.${'sig'.repeat(4)}`;
    expect(redact(`token=${jwt};`)).toBe('token=***;');
    expect(redact(`sk-${'learn'.repeat(5)}`)).toBe(`sk-${'learn'.repeat(5)}`);
    expect(redact(`x sk-${'learn'.repeat(5)}1 y`)).toBe('x *** y');
  });

  // Found by a redaction hunt: a cut took the start of a JWT's header, and its payload and signature showed.
  it('hides a JWT by its payload when its header’s start is gone, and leaves dotted names and versions', () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const header = part({ alg: 'HS256', typ: 'JWT' });
    const payload = part({ sub: 'deploy-bot', scope: 'admin', exp: 1999999999 });
    const signature = createHmac('sha256', 'server-key').update(`${header}.${payload}`).digest('base64url');
    expect(redact(`…${header.slice(-10)}.${payload}.${signature} retrying`)).toBe('…*** retrying');
    // After a percent escape, where no word starts, and after a redaction took the header.
    expect(redact(`GET /cb?token%3D${header}.${payload}.${signature} 401`)).toBe('GET /cb?token%*** 401');
    for (const text of [`header ***.${payload}.${signature}`, JSON.stringify({ stderr: `…${header.slice(-4)}.${payload}.${signature}` })]) {
      expect(redact(text)).not.toMatch(new RegExp(`${payload.slice(3, 20)}|${signature.slice(0, 20)}`));
    }
    for (const text of ['release-1.2.3-beta.4.tar.gz in dist/app.module.min.js', 'v24.21.0 at /opt/app.eyJxyz.js', 'a.eyJ12345678.b and x.eyJabc.12345678901']) {
      expect(redact(text)).toBe(text);
    }
  });

  // A known secret of 4 to 10 characters was not hidden in `Authorization: Basic base64(user:secret)`, which
  // `curl -v` prints: its base64 forms under 12 characters are not looked for (found by an adversarial pass).
  it('hides the credentials of a Basic authorization, which decode to user:password', () => {
    const basic = (pair: string) => Buffer.from(pair).toString('base64');
    for (const pair of ['svc:Tr0ub4dor', 'u:pw', 'x-access-token:ghs_abc', 'usr:ab']) {
      expect(redact(`> Authorization: Basic ${basic(pair)}\n< 401`)).toBe('> Authorization: Basic ***\n< 401');
      expect(redact(`AUTHORIZATION: basic ${basic(pair)}`)).toBe('AUTHORIZATION: basic ***');
      expect(createRedactor(['Tr0ub4dor'])(`"Basic ${basic(pair)}"`)).toBe('"Basic ***"');
    }
    // A password beyond ASCII (RFC 7617 allows UTF-8), and base64 without its padding (found by an adversarial pass).
    expect(redact(`Basic ${basic('alice:pässwört')}`)).toBe('Basic ***');
    expect(redact(`Basic ${basic('alice:s3cretpass1').replace(/=+$/, '')} x`)).toBe('Basic *** x');
    // Words after "Basic" that are not user:password in base64 stay.
    for (const text of ['Basic setup', 'Basic usage: run it', `Basic ${basic('abc')}`, 'Basic YWJj=', 'Basic\nYTpi']) expect(redact(text)).toBe(text);
    // The trace's fast path asks first whether a JSON text needs redacting: a tab (written \t), another space,
    // or a short credential after "Basic" passed it, and the credential was written as it was.
    for (const text of [`Authorization: Basic\t${basic('deploy:hunter2hunter2')}`, `Authorization: Basic\u00a0${basic('deploy:hunter2hunter2')}`, `Basic ${basic('ci:pw')}`]) {
      expect(jsonMayNeedRedaction(JSON.stringify({ error: text }), redact), text).toBe(true);
      expect(redact(text)).toMatch(/Basic.\*\*\*$/);
    }
  });

  // Found by an adversarial pass: redaction runs on text fitted to GitHub's limits, and `Bearer\s+` made
  // each "… Bearer" line end and the next line's list marker `Bearer\n***`: longer, and no longer a list.
  it('never lengthens text: a Bearer token is on its line and longer than ***', () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `- ⬜ s${index}. rotate the Bearer`).join('\n');
    expect(redact(lines)).toBe(lines);
    expect(redact('Bearer - x and Bearer ab')).toBe('Bearer - x and Bearer ab');
    expect(redact('Bearer\tabcd')).toBe('Bearer\t***');
    // Any space on the line, as before (found by a review): a no-break or ideographic space, a form feed.
    for (const space of ['\u00a0', '\u3000', '\f', '\v']) expect(redact(`Bearer${space}abcd1234`)).toBe(`Bearer${space}***`);
    const pieces = ['Bearer', ' ', '\n', '\t', '-', '_', 'x', 'ab', '=', '/', 'tok'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 16 }).map((parts) => parts.join('')), (text) => redact(text).length <= text.length), { numRuns: 3_000 });
  });

  it('hides Bearer tokens but keeps the word', () => {
    expect(redact('Authorization: Bearer abc.DEF-123_x/y+z==')).toBe('Authorization: Bearer ***');
  });

  it('hides a private key block', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nAAA=\n-----END RSA PRIVATE KEY-----';
    expect(redact(`key:\n${pem}\ndone`)).toBe('key:\n***\ndone');
  });

  it('hides an OpenPGP secret key block', () => {
    const armor = '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGXxyz0BCAD\n=Ab3D\n-----END PGP PRIVATE KEY BLOCK-----';
    expect(redact(`key:\n${armor}\ndone`)).toBe('key:\n***\ndone');
  });

  // A tool cuts what it returns (read_file at 256 KiB, an HTTP body, a diff) and marks the cut `…`: a key or a
  // token the cut went through matched no shape, and showed (found by an adversarial pass).
  it('hides a private key a cut went through, from its BEGIN line to the cut, and leaves a bare marker line', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pem = privateKey.export({ type: 'sec1', format: 'pem' }) as string;
    // From 16 characters of its first line: shorter, it may be a word (a key's first 12 bytes are its header and 3 of 32).
    for (let cut = '-----BEGIN EC PRIVATE KEY-----\n'.length + 16; cut < pem.length - '-----END EC PRIVATE KEY-----\n'.length; cut += 7) {
      // A cut at a line's end leaves its line break.
      expect(redact(`bundle\n${pem.slice(0, cut)}…`)).toMatch(/^bundle\n\*\*\*\n?…$/);
      expect(redact(JSON.stringify(`${pem.slice(0, cut)}…`))).toMatch(/^"\*\*\*(\\n)?…"$/);
    }
    const encrypted = '-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,2F2E0B6A41E2C1F0\n\nMIIEpAIBAAKCAQEA3x';
    expect(redact(`${encrypted}…`)).toBe('***…');
    // An HTTP error's excerpt, its lines flattened to spaces.
    expect(redact(`403 ${pem.replace(/\s+/g, ' ').slice(0, 120)}…`)).toBe('403 ***…');
    // A diff's removed lines, and a key split by grep's colour codes.
    expect(redact(`-${pem.slice(0, 100).replaceAll('\n', '\n-')}…`)).toBe('-***…');
    expect(redact(`\x1b[01;31m\x1b[K-----BEGIN\x1b[m\x1b[K EC PRIVATE KEY-----\n${pem.split('\n')[1]}\n…`)).not.toContain(pem.split('\n')[1]!.slice(0, 20));
    // Prose after a marker line, on it or on the lines after it, is no key.
    for (const prose of [
      'The file starts with -----BEGIN RSA PRIVATE KEY----- and ends with its END line.',
      'A key in the new format starts with -----BEGIN OPENSSH PRIVATE KEY----- followed by base64 lines and ends with an END line. Keep it secret.',
      'description: -----BEGIN PRIVATE KEY----- Contents of the service account key file\nrequired: true',
    ]) {
      expect(redact(prose)).toBe(prose);
    }
  });

  // Found by a redaction hunt: a command's stderr is kept as its last 2 KiB, and the kept part started inside a key.
  // Its first partial line was hidden at the cut, and its other lines and its END line showed.
  it('hides a private key whose BEGIN line a cut took, from the base64 lines before its END line', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const lines = pem.trimEnd().split('\n');
    const bodyLines = lines.slice(1, -1);
    for (let cut = lines[0]!.length + 1; cut < pem.length - lines.at(-1)!.length - 2; cut += 97) {
      // A cut at a line's end leaves its line break.
      expect(redact(`…${pem.slice(cut)}retrying\n`)).toMatch(/^…\n?\*\*\*\nretrying\n$/);
      // As the cut left it after the tail hid its first run, in JSON, with CRLF line breaks, as a diff's lines.
      // A cut in the key's last line leaves only its END line after the tail's `***`: no secret, so it stays.
      const rest = pem.slice(pem.indexOf('\n', cut) + 1);
      expect(redact(`…***\n${rest}`)).toBe(rest === `${lines.at(-1)}\n` ? `…***\n${rest}` : '…***\n***\n');
      expect(redact(JSON.stringify({ stderr: `…${pem.slice(cut)}` }))).toMatch(/^\{"stderr":"…(\\n)?\*\*\*\\n"\}$/);
      expect(redact(`…${pem.slice(cut).replaceAll('\n', '\r\n')}`)).toMatch(/^…(\r\n)?\*\*\*\r\n$/);
      expect(redact(`…${pem.slice(cut).trimEnd().replaceAll('\n', '\n-')}\n context`)).toMatch(/^…(\n-)?\*\*\*\n context$/);
    }
    // No cut: the lines before the END line are hidden back to the first that is not a key's, which stays.
    expect(redact(`loading key\n${bodyLines.slice(-5).join('\n')}\n${lines.at(-1)}\ndone`)).toBe('loading key\n***\ndone');
    // A cut in the key's last line, which the tail hid: the END line alone is left, as it holds no secret (the
    // key's length varies, so the loop above meets this case in some runs only).
    expect(redact(`…***\n${lines.at(-1)}\n`)).toBe(`…***\n${lines.at(-1)}\n`);
    // A key's last short line alone before its END line, after a cut, or after what the tail left of the cut line.
    expect(redact(`…4Q==\n${lines.at(-1)}`)).toBe('…***');
    expect(redact(`…***\n4Q==\n${lines.at(-1)}`)).toBe('…***\n***');
    // A word alone on its line is no key's line: a key's lines but its last are long.
    expect(redact(`x\n${bodyLines.slice(-3).join('\n')}\n${lines.at(-1)}`)).toBe('x\n***');
    // An END line with no base64 line before it is prose, or a shown example, and stays.
    for (const prose of ['The key file ends with\n-----END PRIVATE KEY-----\n', 'key.pem:\n  ...\n  -----END RSA PRIVATE KEY-----', '-----END PRIVATE KEY-----', 'done\n-----END PRIVATE KEY-----']) {
      expect(redact(prose)).toBe(prose);
    }
    // Whole keys are hidden as before, and a second END line hides only the lines after the first.
    expect(redact(`${pem}x\n${bodyLines[3]}\n${lines.at(-1)}`)).toBe('***\nx\n***');
  });

  it('hides what a cut left of a token, too short for its shape, and leaves words before a cut alone', () => {
    expect(redact('read: ghp_aB3dE5fG7hJ9kL1mN3…')).toBe('read: ***…');
    expect(redact('url?token%3Dsk-proj-abc1…')).toBe('url?token%3D***…');
    expect(redact('t=github_pat_11ABCDEFG0…; AKIAIOSF…, xoxb-1234-56…')).toBe('t=***…; ***…, ***…');
    // Split by a colour code, as grep --color prints a match, or by an invisible character.
    expect(redact('config.env:3:GH=\x1b[01;31m\x1b[Kghp_\x1b[m\x1b[KaB3dE5fG7hJ9kL1mN3…')).not.toContain('aB3dE5');
    expect(redact('x ghp_aB3d\u200BE5fG7hJ9kL1mN3…')).not.toContain('E5fG7');
    // Each kind by its own characters: no digit in what follows `sk-`, lower case after `AKIA`, or no token at all.
    for (const text of ['the risk-assessment…', 'ghp_ab…', 'pip install sk-learn…', 'keys start with AKIAxxxx…', 'ghp_____…', 'plain text…']) expect(redact(text)).toBe(text);
    expect(jsonMayNeedRedaction(JSON.stringify({ body: 'x ghp_abcdefgh…' }), redact)).toBe(true);
  });

  it('leaves ordinary text alone', () => {
    const text = 'The task-force met: risk-assessment-2026 shows sk-learn and AKIA is short; ghp_ alone; 18% returns.';
    expect(redact(text)).toBe(text);
  });

  it('hides known secret values, also JSON-escaped and URL-encoded, longest first', () => {
    const withQuote = 'pa"ss\\word!';
    const known = createRedactor(['hunter2-long', 'hunter2-long-and-longer', withQuote, undefined]);
    expect(known('a hunter2-long-and-longer b hunter2-long')).toBe('a *** b ***');
    expect(known(JSON.stringify({ password: withQuote }))).toBe('{"password":"***"}');
    expect(known(`https://x.test/?p=${encodeURIComponent(withQuote)}`)).toBe('https://x.test/?p=***');
  });

  // `encodeURIComponent` leaves `!'()*`, which most encoders escape, and a form writes a space as `+`: a
  // password in a login URL or a DSN was shown (found by an adversarial pass).
  it('hides a known secret as URL encoders other than encodeURIComponent write it', () => {
    const password = 'hunter2!Pass(prod)* it~';
    const redact = createRedactor([password]);
    const strict = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
    const written = [
      `login?${new URLSearchParams({ user: 'svc', password })}`, // a form: `+` for a space, %7E for ~
      `postgres://svc:${strict(password)}@db.test/app`, // Python's quote(safe=''), PHP's rawurlencode
      `postgres://svc:${strict(password).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())}@db.test/app`,
      `q=${strict(password).replaceAll('%20', '+')}`, // Python's quote_plus, Go's QueryEscape
      `q=${strict(password).replaceAll('%20', '+').replaceAll('~', '%7E')}`, // PHP's urlencode
    ];
    for (const text of written) expect(redact(text), text).not.toMatch(/hunter2|prod/);
  });

  // Found by a redaction hunt: a password in a connection URL as Node's URL (the URL standard) or Go writes it, `+ $ &`
  // kept and `/ ; =` escaped, matched no spelling.
  it('hides a known value in a URL’s userinfo as the URL standard and Go write it, and as encodeURI writes a URL', () => {
    // Every printable ASCII character and one beyond: the spelling is what Node's URL writes, character for character.
    const every = `${Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')}é`;
    for (const value of ['Xk9+mQ/2vL=pR7', 'tr0ub4dor&3;horse', 'Xk9$mQ;2vL=pR7', every]) {
      const url = new URL('postgres://db.internal:5432/app');
      url.username = value;
      url.password = value;
      expect(createRedactor([value])(`could not connect to ${url.href}: refused`), value).toBe('could not connect to postgres://***:***@db.internal:5432/app: refused');
    }
    // Go's url.UserPassword keeps `= ; $ & + ,` and escapes `/`; encodeURI keeps `/ ? : @ & = + $ , ; #` as well.
    expect(createRedactor(['Xk9+mQ/2vL=pR7'])('dial postgres://app:Xk9+mQ%2F2vL=pR7@db:5432/app: refused')).toBe('dial postgres://app:***@db:5432/app: refused');
    expect(createRedactor([every])(encodeURI(`https://api.test/?key=${every}`))).toBe('https://api.test/?key=***');
  });

  it('hides a known secret as other encoders write it: PHP, Python and Go JSON, lower-case URL escapes, HTML, hex', () => {
    const aws = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const tricky = 'p&ss<wörd>/"quoted"/\'single\'';
    const redact = createRedactor([aws, tricky]);
    const written = [
      '{"key":"wJalrXUtnFEMI\\/K7MDENG\\/bPxRfiCYEXAMPLEKEY"}', // PHP's json_encode, as a tool's stderr
      `key=${encodeURIComponent(aws).replaceAll('%2F', '%2f')}`,
      `hex ${Buffer.from(aws).toString('hex')} and ${Buffer.from(aws).toString('hex').toUpperCase()}`,
      '{"p":"p\\u0026ss\\u003cwörd\\u003e/\\"quoted\\"/\'single\'"}', // Go
      '{"p":"p&ss<w\\u00f6rd>/\\"quoted\\"/\'single\'"}', // Python
      '{"p":"p&ss<w\\u00f6rd>\\/\\"quoted\\"\\/\'single\'"}', // PHP
      'value="p&amp;ss&lt;wörd&gt;/&quot;quoted&quot;/&#39;single&#39;"',
      'value="p&amp;ss&lt;wörd&gt;/&quot;quoted&quot;/&#x27;single&#x27;"',
    ];
    for (const text of written) {
      const shown = redact(text);
      expect(shown, text).toContain('***');
      expect(shown, text).not.toMatch(/EXAMPLEKEY|4558414d504c454b4559|single|quoted/i);
    }
  });

  // Found by an adversarial pass: macOS file names, and many tools, write accented letters decomposed (NFD).
  it('hides a known secret with accented letters whether it or the text is composed (NFC) or decomposed (NFD)', () => {
    const secret = 'Grüße-aus-Köln-99';
    for (const known of [secret, secret.normalize('NFD')]) {
      const redact = createRedactor([known]);
      for (const written of [secret, secret.normalize('NFD')]) {
        expect(redact(`pw=${written} ok`)).toBe('pw=*** ok');
        expect(redact(JSON.stringify({ pw: written }))).toBe('{"pw":"***"}');
      }
    }
  });

  // Found by an adversarial pass: each of these showed a secret in the log, the summary and the trace.
  it('hides the parts of a secret URL a library prints alone: its path and query, a password, a query value', () => {
    const webhook = 'https://hooks.slack.com/services/T04ABCDEF12/B05GHIJKL34/q7XzR2mN9pLw4VbK8sYt1HcD';
    const database = 'postgres://svc:S3cretPassw0rd@db.internal:5432/app';
    const signed = 'https://store.example.com/file.zip?expires=1700000000&sig=Qm9vYmFyQmF6UXV4MTIzNDU2';
    const redact = createRedactor([webhook, database, signed]);
    // urllib3: "Max retries exceeded with url: /services/…"
    expect(redact('Max retries exceeded with url: /services/T04ABCDEF12/B05GHIJKL34/q7XzR2mN9pLw4VbK8sYt1HcD (Caused by …)')).not.toContain('q7XzR2');
    expect(redact('auth failed for svc with S3cretPassw0rd')).not.toContain('S3cretPassw0rd');
    expect(redact('GET /file.zip?expires=1700000000&sig=Qm9vYmFyQmF6UXV4MTIzNDU2 403')).not.toContain('Qm9vYmFy');
    expect(redact('signature Qm9vYmFyQmF6UXV4MTIzNDU2 expired')).toBe('signature *** expired');
    // What is not secret in them stays: the host, a short path, a short query value.
    expect(redact('posted to hooks.slack.com at 1700000000; see /services and /app')).toBe('posted to hooks.slack.com at 1700000000; see /services and /app');
  });

  // Found by a review of the change above: CI's throwaway database passwords are words, and a secret URL's path or
  // options can be public; hidden alone, they blanked ordinary text.
  it('leaves what a secret URL has that is no secret: a guessable password alone, public paths and options, halves', () => {
    const redact = createRedactor([
      'postgres://postgres:postgres@localhost:5432/postgres',
      'mysql://root:12345@127.0.0.1:3306/test',
      'postgres://app:hunter2@db.example.com/prod?sslmode=disable',
      'https://github.com/login/oauth/access_token',
      'https://results-receiver.actions.githubusercontent.com/',
    ]);
    for (const text of ['psql -U postgres; image: postgres:16', 'ran as root, order 12345 took 1234567 ms', 'enter hunter2? no: sslmode=disable', 'POST /login/oauth/access_token', 'uploading to results-receiver.actions.githubusercontent.com/ now']) {
      expect(redact(text), text).toBe(text);
    }
    // Hidden with its user, and every URL whole.
    expect(redact('auth postgres:postgres failed')).toBe('auth *** failed');
    expect(redact('db at postgres://app:hunter2@db.example.com/prod?sslmode=disable')).toBe('db at ***');
  });

  // Found by an adversarial pass: a password with a quote in it showed in a report PHP or a Go program wrote as HTML.
  it('hides a secret as PHP’s htmlspecialchars and Go’s html.EscapeString write it', () => {
    const redact = createRedactor(["it's-Sh0rt1", 'pa"Ss9wd-Xq2']);
    expect(redact('<td>it&#039;s-Sh0rt1</td>')).toBe('<td>***</td>'); // PHP
    expect(redact('<td>pa&#34;Ss9wd-Xq2</td>')).toBe('<td>***</td>'); // Go
    expect(redact('<td>it&#39;s-Sh0rt1</td>')).toBe('<td>***</td>');
  });

  // Found by a review: Go's html/template also writes `+` as `&#43;`, and a base64 secret has one in most cases.
  it('hides a secret as Go’s html/template writes it, its + escaped too', () => {
    const redact = createRedactor(['Pw9+kq/Zr7=mX2Lq', "it's+Sh0rt1"]);
    expect(redact('<td>Pw9&#43;kq/Zr7=mX2Lq</td>')).toBe('<td>***</td>');
    expect(redact('<td>it&#39;s&#43;Sh0rt1</td>')).toBe('<td>***</td>');
  });

  // Found by an adversarial pass: Gson, the JVM's common JSON writer, escapes `=` and `'` by default, and a password
  // with `=` in it (a base64 secret's padding) showed in a Java tool's JSON output.
  it('hides a secret as Gson writes it in JSON, its = and its quote escaped', () => {
    const redact = createRedactor(['Kp7=vQ2mX9zL', "db=it's<9>"]);
    expect(redact('{"password":"Kp7\\u003dvQ2mX9zL"}')).toBe('{"password":"***"}');
    expect(redact('{"password":"db\\u003dit\\u0027s\\u003c9\\u003e"}')).toBe('{"password":"***"}');
  });

  it('hides a secret as Python’s quote writes it (a / kept) and as JSON writes it with upper-case escapes (.NET)', () => {
    const key = 'Pw9+kq/Zr7=mX2<a>';
    const redact = createRedactor([key]);
    const written = [
      'https://api.example.com/v1/items?key=Pw9%2Bkq/Zr7%3DmX2%3Ca%3E', // urllib.parse.quote(key)
      '{"key":"Pw9\\u002Bkq/Zr7=mX2\\u003Ca\\u003E"}', // System.Text.Json
      '{"key":"Pw9+kq/Zr7=mX2\\u003Ca\\u003E"}', // Go, upper-case
    ];
    for (const text of written) expect(redact(text), text).not.toMatch(/Zr7/);
  });

  // Found by an adversarial pass: a value too short to be hidden by its halves (under 24 characters), with a
  // zero-width space inside, was shown whole: GitHub draws `hunt\u200Ber2x` as hunter2x.
  it('hides a known value that invisible characters split, and keeps the invisible characters elsewhere', () => {
    const known = createRedactor(['hunter2x', 'Zq9xTopSecretValue77abcdEFGH1234']);
    // Zero-width space, soft hyphen, word joiner, BOM, a variation selector, a Unicode tag character.
    for (const hidden of ['\u200b', '\u00ad', '\u2060', '\ufeff', '\ufe0f', '\u{E0041}']) {
      expect(known(`pw hunt${hidden}er2x end`)).toBe('pw *** end');
      expect(known(`${[...'hunter2x'].join(hidden)}!`)).toBe('***!');
    }
    expect(known('Zq9xTop\u200bSecretValue77abcdEFGH1234')).toBe('***');
    // A start or an end of a long value that a cut left (a review found these shown), split likewise.
    expect(known('Zq9x\u200bTopSecretVal end')).toBe('*** end');
    expect(known('log: Zq9xTop\u200bSecretValue7…')).toBe('log: ***…');
    expect(known('…ue77abcd\u2060EFGH1234 end')).toBe('…*** end');
    // A token shape nobody named, split likewise; a redactor with no known value looks too.
    const [github] = GITHUB_TOKENS;
    expect(redact(`x ${github!.slice(0, 10)}\u200b${github!.slice(10)} y`)).toBe('x *** y');
    expect(redact(`key ${AWS_KEY_ID.slice(0, 4)}\u00ad${AWS_KEY_ID.slice(4)} z`)).toBe('key *** z');
    expect(redact(`sk-${'learn'.repeat(5)}\u200b`)).toBe(`sk-${'learn'.repeat(5)}\u200b`);
    expect(jsonMayNeedRedaction(JSON.stringify({ note: `gh\u200b${github!.slice(2)}` }), redact)).toBe(true);
    // What breaks an @mention (neutraliseOutbound) stays, beside a secret hidden either way.
    expect(known('@\u200bmona hunter2x hun\u200bter2x')).toBe('@\u200bmona *** ***');
    expect(known('no secret\u200b here, hunter2 alone')).toBe('no secret\u200b here, hunter2 alone');
    // JSON the screen let through as it was, unredacted.
    const json = JSON.stringify({ note: 'hun\u2060ter2x' });
    expect(jsonMayNeedRedaction(json, known)).toBe(true);
    expect(redactDeep(JSON.parse(json), known)).toEqual({ note: '***' });
  });

  it('hides each line of a multi-line secret', () => {
    const known = createRedactor(['first-line-of-key\nsecond-line-of-key']);
    expect(known('leaked: second-line-of-key')).toBe('leaked: ***');
  });

  it('ignores values too short to redact safely', () => {
    expect(createRedactor(['1', 'yes'])('1 yes 1')).toBe('1 yes 1');
  });

  // A 51-character key with no token shape, as a deploy key passed to tools through `env:` is.
  const KEY = 'deploy4664ca493f025b05be8ab50707d045378c3e5e43plain';

  it('hides what a cut made before redaction left of a long secret: its start or its end, at least half of it', () => {
    const known = createRedactor([KEY]);
    // A prompt shortened to fit keeps the start; a stderr tail keeps the end; either is inside other text.
    expect(known(`${'A'.repeat(20)}${KEY.slice(0, 30)}`)).toBe(`${'A'.repeat(20)}***`);
    expect(known(`stderr (last lines):\n${KEY.slice(22)}BBBB`)).toBe('stderr (last lines):\n***BBBB');
    expect(known(`x ${KEY.slice(0, 26)} y ${KEY.slice(-26)} z`)).toBe('x *** y *** z');
    // Less than half of it is not hidden: a few characters of a value turn up in ordinary text.
    expect(known(`x ${KEY.slice(0, 12)} y`)).toBe(`x ${KEY.slice(0, 12)} y`);
    // Nor is half of a value shorter than a token: it can be an ordinary word.
    expect(createRedactor(['sk-test-approval'])('status: awaiting-approval')).toBe('status: awaiting-approval');
    // The JSON screen (what the trace writer asks before redacting) sees the fragment too.
    expect(jsonMayNeedRedaction(JSON.stringify({ stderr: KEY.slice(-30) }), known)).toBe(true);
    expect(jsonMayNeedRedaction(JSON.stringify({ stderr: 'nothing secret here' }), known)).toBe(false);
  });

  it('hides a start of any known value that ends at a cut’s …, and an end that begins after one, however short the value', () => {
    const key = 'Xq7#Tr0ub4dor&3horse'; // 20 characters: too short for the half-of-it rule above
    const redact = createRedactor([key]);
    // An excerpt that ends inside it, and one that starts inside it: 15 and 15 of its 20 characters.
    expect(redact(`…deployed as DEPLOY_KEY=${key.slice(0, 15)}…`)).toBe('…deployed as DEPLOY_KEY=***…');
    expect(redact(`…${key.slice(5)}; 3 hosts updated`)).toBe('…***; 3 hosts updated');
    expect(redact(`${key.slice(0, 4)}…`)).toBe('***…');
    // Fewer than 4 characters, text with no cut, and words that are not its start or end stay.
    expect(redact(`${key.slice(0, 3)}… …${key.slice(-3)}`)).toBe(`${key.slice(0, 3)}… …${key.slice(-3)}`);
    expect(redact(`no cut: ${key.slice(0, 15)}`)).toBe(`no cut: ${key.slice(0, 15)}`);
    expect(redact('the horse… and Xq7… were here')).toBe('the horse… and Xq7… were here');
    // A piece cut on both sides (a line excerpted from inside the key): neither its start nor its end.
    expect(redact(`…${key.slice(3, 17)}…`)).toBe('…***…');
    expect(redact(`head…${key.slice(6, 10)}…tail`)).toBe('head…***…tail');
    expect(redact(`…${key.slice(6, 9)}… …word…`)).toBe(`…${key.slice(6, 9)}… …word…`);
    // A piece between two cuts, then the value's end after the second: both hidden (the end showed, found by a review).
    expect(redact(`${key.slice(0, 2)}…${key.slice(2, 8)}…${key.slice(8)}`)).toBe(`${key.slice(0, 2)}…***…***`);
    // The JSON screen lets the trace writer skip no such text.
    expect(jsonMayNeedRedaction(JSON.stringify({ evidence: `${key.slice(0, 6)}…` }), redact)).toBe(true);
  });

  // Found by a redaction hunt: a goal's excerpt cut a value that zero-width spaces split, and 18 of its 20
  // characters showed, plain to a reader.
  it('hides a start or end of a known value at a cut when invisible characters split it', () => {
    const key = 'Zq7vXm3kPw9rT2bLnY5c';
    const redact = createRedactor([key]);
    const split = (text: string) => [...text].join('\u200b');
    const start = redact(`value is ${split(key.slice(0, 18))}…`);
    expect(start.replace(/\u200b/g, '')).toBe('value is ***…');
    const end = redact(`…${split(key.slice(8))} rest`);
    expect(end.replace(/\u200b/g, '')).toBe('…*** rest');
    // Shorter than any pattern, with a cut: still read (a review).
    expect(redact(`${split(key.slice(0, 5))}…`).replace(/\u200b/g, '')).toBe('***…');
  });

  it('hides a cut start or end of a secret’s base64 form too, every one of many, and never a URL’s half', () => {
    const known = createRedactor([KEY, 'https://pipelines.actions.githubusercontent.com/abc123def456ghi789']);
    const encoded = Buffer.from(`x-access-token:${KEY}`).toString('base64');
    const tail = encoded.slice(-40);
    expect(known(`header ${tail}`)).toBe('header ***');
    // Many fragments in one text: each is hidden (the text is rebuilt once, not once per match).
    expect(known(`${KEY.slice(-30)} `.repeat(500))).toBe('*** '.repeat(500));
    // A URL value is hidden whole; its halves (a host every runner has) stay.
    expect(known('see https://pipelines.actions.githubusercontent.com/foo')).toBe('see https://pipelines.actions.githubusercontent.com/foo');
    expect(known('at https://pipelines.actions.githubusercontent.com/abc123def456ghi789 now')).toBe('at *** now');
  });

  it('runs no token shape on the backtracking engine that looks around: a lookahead from every start made redaction quadratic', () => {
    // `sk-(?=[A-Za-z0-9_-]*\d)…` scanned to the end of the text from every `sk-`: 256 KiB took 25 s.
    for (const source of TOKEN_SHAPE_SOURCES) expect(source).not.toMatch(/\(\?<?[=!]/);
  });

  it('hides a secret inside base64, wherever it starts in the encoded bytes, as git prints an extra header', () => {
    const known = createRedactor([KEY]);
    for (const before of ['', 'x', 'x-', 'x-access-token:']) {
      const header = `AUTHORIZATION: basic ${Buffer.from(`${before}${KEY}`).toString('base64')}`;
      const shown = known(header);
      expect(shown).toContain('***');
      // What is left decodes to no more than a few characters either side of where the key was.
      const left = shown.slice('AUTHORIZATION: basic '.length).split('***');
      expect(left.join('').length).toBeLessThanOrEqual(Math.ceil((before.length + 2) / 3) * 4 + 4);
    }
    expect(known(Buffer.from(KEY).toString('base64url'))).not.toContain(Buffer.from(KEY).toString('base64url').slice(8, 40));
  });
});

describe('a secret with a lone surrogate', () => {
  // A secret-named input can be given as JSON `"\ud800"`: the redactor threw "URI malformed" making its URL spellings,
  // and the run failed on that message (found by an adversarial pass).
  it('is learnt and hidden, and its URL spelling as encoders write it (U+FFFD) too', () => {
    const redact = createRedactor(['ab\uD800cd12345']);
    expect(redact('x ab\uD800cd12345 y')).toBe('x *** y');
    expect(redact(`x ${encodeURIComponent('ab\uFFFDcd12345')} y`)).toBe('x *** y');
  });
});

describe('redactDeep', () => {
  it('redacts every string in a JSON value, keys included, without changing the original', () => {
    const redact = createRedactor(['topsecret']);
    const value = { list: ['a topsecret', 3, null, { topsecret: true }], nested: { token: GITHUB_TOKENS[0] } };
    expect(redactDeep(value, redact)).toEqual({ list: ['a ***', 3, null, { '***': true }], nested: { token: '***' } });
    expect(value.list[0]).toBe('a topsecret');
  });

  // A figure that merely holds the secret's digits stays a figure: hiding a part of a cost made the run's own trace unreadable.
  it('hides a number that is a secret, as text, and leaves other numbers as they are', () => {
    const redact = createRedactor(['98765432']);
    expect(redactDeep({ pin: 98765432, within: 1987654321, cost: 0.0098765432, big: 98765432n, small: 42, float: 3.25 }, redact)).toEqual({ pin: '***', within: 1987654321, cost: 0.0098765432, big: '***', small: 42, float: 3.25 });
    expect(redactDeep({ pin: 98765432 }, redact, { numbers: false })).toEqual({ pin: 98765432 });
  });

  it('survives cycles and keeps shared objects', () => {
    const shared = { v: 'x' };
    const value: Record<string, unknown> = { a: shared, b: shared };
    value.self = value;
    expect(redactDeep(value, (t) => t)).toEqual({ a: { v: 'x' }, b: { v: 'x' }, self: '[Circular]' });
  });

  it('writes errors and dates the way JSON would', () => {
    const redact = createRedactor(['topsecret']);
    expect(redactDeep({ e: new Error('bad topsecret'), d: new Date(0) }, redact)).toEqual({
      e: { name: 'Error', message: 'bad ***' },
      d: '1970-01-01T00:00:00.000Z',
    });
    // Its name too, as the trace writes it: a resumed run compares a new result with the saved copy this way.
    const named = Object.assign(new Error('plain'), { name: 'topsecretError' });
    expect(redactDeep(named, redact)).toEqual({ name: '***Error', message: 'plain' });
  });
});

describe('secretValuesFromEnvironment', () => {
  it('collects the values of variables whose names look secret', () => {
    const env = { PATH: '/bin', GITHUB_TOKEN: 'gh-value', OPENAI_API_KEY: 'key-value', 'INPUT_API-KEY': 'input-value', EMPTY_TOKEN: '' };
    expect(secretValuesFromEnvironment(env).sort()).toEqual(['gh-value', 'input-value', 'key-value']);
  });
});

// Found by an adversarial pass: a known value in a UTF-16LE file (PowerShell 5.1 writes files so) read as UTF-8
// has a NUL after each character; it reached the model, the log and the trace (whose JSON writes NUL escaped).
describe('a secret in UTF-16 text read as UTF-8', () => {
  const secret = 'Xq9vT2mLpR7wZk4nB8cY1dF6';
  const utf16 = (text: string) => Buffer.from(text, 'utf16le').toString('utf8');

  it('is hidden, known values and token shapes alike, and the rest kept', () => {
    const redact = createRedactor([secret]);
    expect(redact(utf16(`token=${secret}\n`))).toBe(`${utf16('token=')}***\u0000${utf16('\n')}`);
    expect(redact(utf16(`ghp_${'a1B2'.repeat(9)}`))).toBe('***\u0000');
  });

  it('is found by the JSON screen, which sees NUL escaped', () => {
    const redact = createRedactor([secret]);
    expect(jsonMayNeedRedaction(JSON.stringify({ result: utf16(`token=${secret}`) }), redact)).toBe(true);
    expect(JSON.stringify(redactDeep({ result: utf16(`token=${secret}`) }, redact))).not.toContain('X\\u0000q');
  });
});

// Found by a review: a result that is an object reaches the model, the comment and the approval section as JSON
// text, redacted after it was written, where NUL is the escape `\u0000`.
it('hides a known value split by NUL in JSON text, where NUL is written escaped', () => {
  const secret = 'XqZ9v7Lp2Rk8Tm4Wn6Yb3Hs5';
  const redact = createRedactor([secret]);
  const json = JSON.stringify({ log: `key=${Buffer.from(secret, 'utf16le').toString('utf8')}` });
  expect(json).toContain('X\\u0000q');
  expect(redact(json)).toBe(JSON.stringify({ log: 'key=***\u0000' }));
});

// Found by an adversarial pass: `grep --color`, `git grep --color` and test runners put a terminal's colour codes
// inside the text they match. GitHub's log shows a value split by one whole, and the model reads it whole.
describe('a secret split by terminal control sequences', () => {
  const secret = 'Zq7vKp2LmN9xWr4TbY6s';
  const split = (at: number, sequence: string) => `${secret.slice(0, at)}${sequence}${secret.slice(at)}`;
  const token = `ghp_${'A1b2C3d4E5'.repeat(4)}`;

  it.each([
    ['a colour (CSI)', '\u001b[1;31m'],
    ['an erase (CSI without parameters)', '\u001b[K'],
    ['a hyperlink (OSC ended by BEL)', '\u001b]8;;https://x.test/a\u0007'],
    ['a hyperlink (OSC ended by ESC \\)', '\u001b]8;;https://x.test/a\u001b\\'],
    ['a character set (ESC and one more)', '\u001b(B'],
  ])('is hidden when %s splits it, in text and in JSON text', (_name, sequence) => {
    const redact = createRedactor([secret]);
    expect(redact(`key: ${split(10, sequence)}\u001b[0m done`)).toBe('key: ***\u001b[0m done');
    const json = JSON.stringify({ out: `key: ${split(10, sequence)}` });
    expect(redact(json)).toBe(JSON.stringify({ out: 'key: ***' }));
    expect(jsonMayNeedRedaction(json, redact)).toBe(true);
  });

  it('is hidden with a colour code after every character, and a token shape as grep colours its match', () => {
    const redact = createRedactor([secret]);
    expect(redact(`key: ${[...secret].join('\u001b[31m')}\u001b[0m`)).toBe('key: ***\u001b[0m');
    const grep = `config.yml:3: token: \u001b[01;31m\u001b[K${token.slice(0, 4)}\u001b[m\u001b[K${token.slice(4)}`;
    expect(createRedactor([])(grep)).toBe('config.yml:3: token: \u001b[01;31m\u001b[K***');
    expect(createRedactor([])(JSON.stringify({ grep }))).toBe(JSON.stringify({ grep: 'config.yml:3: token: \u001b[01;31m\u001b[K***' }));
  });

  it('leaves coloured text that holds no secret as it is', () => {
    const redact = createRedactor([secret]);
    const coloured = `\u001b[32m✓\u001b[0m 12 tests \u001b]8;;https://x.test\u0007passed\u001b]8;;\u0007`;
    expect(redact(coloured)).toBe(coloured);
  });
});

// Found by a redaction hunt: a failing command's error shows the last 2 KiB of its stderr, redacted, and a key or a JWT
// the cut went through showed its rest.
describe('a command’s stderr tail, as its error shows it', () => {
  const shown = (written: string): string => {
    const tail = new TailBuffer(64 * 1024);
    tail.push(Buffer.from(written));
    return createRedactor()(tail.text(COMMAND_STDERR_IN_ERROR_BYTES));
  };

  it('hides the rest of a private key whose BEGIN line the cut took', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const text = shown(`${'debug: loading config\n'.repeat(90)}${pem}${'error: cannot connect, retrying\n'.repeat(30)}`);
    expect(text).toMatch(/^…\*\*\*\n(\*\*\*\n)?error: cannot connect, retrying\n/);
    expect(pem.split('\n').filter((line) => line.length >= 8 && text.includes(line))).toEqual([]);
  });

  it('hides the rest of a JWT whose header the cut went through', () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const header = part({ alg: 'HS256', typ: 'JWT' });
    const payload = part({ sub: 'deploy-bot', scope: 'admin', exp: 1999999999 });
    const signature = createHmac('sha256', 'server-key').update(`${header}.${payload}`).digest('base64url');
    const jwt = `${header}.${payload}.${signature}`;
    // The tail keeps its last 2,045 bytes after the mark: 10 of the header's characters among them.
    const after = 2045 - (jwt.length - header.length + 10) - 1;
    expect(shown(`${'x'.repeat(4000)}\ntoken: ${jwt}\n${'e'.repeat(after)}`)).toBe(`…***\n${'e'.repeat(after)}`);
  });
});
