import { expect, it } from 'vitest';
import { neutraliseOutput, terminalControl } from '../../src/cli/neutralise-output.ts';

/** A stand-in for process.stdout: a terminal or not, recording what reaches it. */
function stream(isTTY: boolean) {
  const written: string[] = [];
  const fake = { isTTY, write: (chunk: string) => written.push(chunk) > 0 };
  return { fake: fake as unknown as NodeJS.WriteStream, written };
}

// `docker run -t` or a `script` shell in a workflow step gives the CLI a terminal, and the runner still
// reads every line of it for workflow commands.
it('neutralises a terminal inside a GitHub Actions job, as it does a pipe, and leaves a terminal elsewhere alone', () => {
  const text = 'result\n::add-mask::PUBLICWORD\n';
  for (const [isTTY, env, changed] of [[false, {}, true], [true, { GITHUB_ACTIONS: 'true' }, true], [true, {}, false]] as const) {
    const { fake, written } = stream(isTTY);
    neutraliseOutput(fake, env);
    fake.write(text);
    expect(written.join('') === text, `isTTY ${isTTY}, ${JSON.stringify(env)}`).toBe(!changed);
    if (changed) expect(written.join('')).not.toMatch(/^::add-mask::/m);
  }
});

// Found by a redaction hunt and a review: paths the user gave (`validate` of a file named after a secret, an
// output path refused, the last lines' `trace:`) and usage errors quoting the command line printed an
// environment secret whole. Every text the CLI writes, on a terminal too, hides those values.
it('hides the environment secrets in every text written, a terminal too, and leaves ordinary values', () => {
  const env = { DEPLOY_TOKEN: 'Zq7vXm3kPw9rT2bLnY5c', API_KEY: 'true', HOME_DIR_TOKEN_COUNT: '3', INPUT_API_KEY: 'given-by-input' };
  for (const isTTY of [false, true]) {
    const { fake, written } = stream(isTTY);
    neutraliseOutput(fake, env);
    fake.write('ok /tmp/Zq7vXm3kPw9rT2bLnY5c.yml: 1 step; true 3 given-by-input\n');
    expect(written.join('')).toBe('ok /tmp/***.yml: 1 step; true 3 given-by-input\n');
  }
});

// Found by a review: with the wrapper on a terminal too, a character split across two byte writes printed as
// two replacement characters, and a write naming its encoding printed the encoded text.
it('keeps a character split across byte writes whole, and reads a write in the encoding it names', () => {
  const { fake, written } = stream(true);
  neutraliseOutput(fake, { DEPLOY_TOKEN: 'Zq7vXm3kPw9rT2bLnY5c' });
  const e = Buffer.from('é');
  fake.write(e.subarray(0, 1) as unknown as string);
  fake.write(Buffer.concat([e.subarray(1), Buffer.from('hello')]) as unknown as string);
  (fake.write as (chunk: string, encoding: string) => boolean)('aGVsbG8K', 'base64');
  // A text encoding names how text is stored: the text is written as it is (a review found latin1 garbled).
  (fake.write as (chunk: string, encoding: string) => boolean)('é\n', 'latin1');
  expect(written.join('')).toBe('éhellohello\né\n');
});

// Found by an adversarial pass: a model's answer that `plan-runner plan` printed as a rejected plan wrote the
// user's clipboard (OSC 52), hid a link (OSC 8) and erased lines on a terminal. Every stream, a terminal too,
// shows control characters as symbols; the live checklist's own cursor sequences go through terminalControl.
it('shows every control character as a symbol on every stream, and passes only the checklist’s own cursor sequences', () => {
  const hostile = 'plan\u001b]52;c;ZXZpbA==\u0007 \u001b]8;;https://evil.test\u001b\\here\u001b]8;;\u001b\\ \u001b[2K\u001b[1A\rgone\ttab\r\nline\n';
  for (const [isTTY, env] of [[true, {}], [false, {}], [true, { GITHUB_ACTIONS: 'true' }]] as const) {
    const { fake, written } = stream(isTTY);
    neutraliseOutput(fake, env);
    fake.write(hostile);
    expect(written.join(''), `isTTY ${isTTY}`).not.toMatch(/[\u001b\u0007]|\r(?!\n)/);
    expect(written.join('')).toContain('␛]52;c;ZXZpbA==␇');
    expect(written.join('')).toMatch(/␍gone\ttab\r?\nline\n/);
    terminalControl(fake)('\u001b[12A\r\u001b[0J');
    expect(written.at(-1)).toBe('\u001b[12A\r\u001b[0J');
    expect(() => terminalControl(fake)('\u001b]52;c;ZXZpbA==\u0007')).toThrow(/not a sequence the checklist writes/);
  }
});
