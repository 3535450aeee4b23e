import { expect, it } from 'vitest';
import { neutraliseOutput } from '../../src/cli/neutralise-output.ts';

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
