import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandTool } from '../../src/plan/schema.ts';
import { commandTool, type CommandToolOptions } from '../../src/tools/command-tool.ts';
import type { ToolContext } from '../../src/tools/tool.ts';
import { ToolExitError } from '../../src/tools/tool-exit-error.ts';
import { ToolOutputTooLargeError } from '../../src/tools/tool-output-too-large-error.ts';
import { ToolSpawnError } from '../../src/tools/tool-spawn-error.ts';
import { ToolTimeoutError } from '../../src/tools/tool-timeout-error.ts';
import { isProcessGone, listenForPid, shTreeScript, treeScript, watchPidFile } from './grandchild-probe.ts';

let repo: string;
beforeAll(async () => {
  repo = await mkdtemp(path.join(os.tmpdir(), 'command-tool-'));
  await mkdir(path.join(repo, 'scripts'));
  await writeFile(path.join(repo, 'scripts', 'hello.sh'), '#!/bin/sh\necho "hello from $(pwd)"\n');
  await chmod(path.join(repo, 'scripts', 'hello.sh'), 0o755);
});
afterAll(async () => {
  await rm(repo, { recursive: true, force: true });
});

function options(extra: Partial<CommandToolOptions> = {}): CommandToolOptions {
  return { cwd: repo, env: { PATH: process.env.PATH, HOME: process.env.HOME }, ...extra };
}

function context(signal = new AbortController().signal): ToolContext {
  return { signal, cwd: repo, stepKey: '1' };
}

/** A tool running `node -e code …args`. */
function nodeTool(code: string, extra: Partial<CommandTool> = {}, opts: Partial<CommandToolOptions> = {}) {
  return commandTool('probe', { description: 'a test command', command: ['node', '-e', code], ...extra }, options(opts));
}

/** A tool running `sh -c script sh …args`. */
function shTool(script: string, arg: string, extra: Partial<CommandTool> = {}) {
  return commandTool('probe', { description: 'a test command', command: ['sh', '-c', script, 'sh', arg], ...extra }, options());
}

const ECHO_STDIN = `let s = ''; process.stdin.on('data', (c) => (s += c)).on('end', () => console.log(JSON.stringify({ got: JSON.parse(s) })));`;

describe('commandTool', () => {
  it('sends the arguments as JSON on stdin and parses JSON stdout into the result', async () => {
    const result = await nodeTool(ECHO_STDIN).execute({ week: '2026-W48', n: 3 }, context());
    expect(result).toEqual({ got: { week: '2026-W48', n: 3 } });
  });

  it('returns trimmed text when stdout is not JSON, and a JSON number as a number', async () => {
    expect(await nodeTool(`console.log('  plain words \\n')`).execute({}, context())).toBe('plain words');
    expect(await nodeTool(`console.log('12')`).execute({}, context())).toBe(12);
  });

  it('passes arguments to the program literally, never through a shell', async () => {
    const code = `console.log(JSON.stringify(process.argv.slice(1)))`;
    const tool = commandTool(
      'argv',
      { description: 'argv', command: ['node', '-e', code, '$(echo pwned)', '; rm -rf .', '`id`', '*'] },
      options(),
    );
    expect(await tool.execute({}, context())).toEqual(['$(echo pwned)', '; rm -rf .', '`id`', '*']);
  });

  it('resolves a relative program from the repository root and runs there', async () => {
    const tool = commandTool('hello', { description: 'hello', command: ['scripts/hello.sh'] }, options());
    expect(await tool.execute({}, context())).toBe(`hello from ${repo}`);
  });

  it('describes itself from the declaration', () => {
    const tool = commandTool(
      'fetch',
      { description: 'Fetch it', command: ['node', 'x.mjs'], side_effects: true, timeout_seconds: 9 },
      options(),
    );
    expect(tool).toMatchObject({ name: 'fetch', description: 'Fetch it', sideEffects: true, timeoutSeconds: 9 });
    expect(tool.inputSchema).toEqual({ type: 'object', properties: {} });
  });

  it('treats exit 75 (EX_TEMPFAIL) as a transient failure', async () => {
    const error = await nodeTool(`process.exit(75)`).execute({}, context()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolExitError);
    expect(error).toMatchObject({ exitCode: 75, transient: true, toolName: 'probe' });
  });

  it('treats exit 1 as permanent and puts the tail of stderr in the error', async () => {
    const code = `process.stderr.write('FIRST LINE\\n' + 'x'.repeat(10000) + '\\nLAST LINE: bad week\\n'); process.exit(1)`;
    const error = (await nodeTool(code).execute({}, context()).catch((e: unknown) => e)) as ToolExitError;
    expect(error).toBeInstanceOf(ToolExitError);
    expect(error.transient).toBe(false);
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain("tool 'probe' exited with status 1");
    expect(error.message).toContain('LAST LINE: bad week');
    expect(error.message).not.toContain('FIRST LINE');
    expect(Buffer.byteLength(error.stderrTail)).toBeLessThanOrEqual(2048);
  });

  // Found by an adversarial pass: a side-effect command run through a shell (`sh -c`, `npm run`) whose child was
  // killed exited 137, read as a plain failure, and a resume made the call again; its effect is unknown.
  it('leaves the effect unknown for a status a shell gives for a child killed by a signal, not for other failures', async () => {
    const killed = (await shTool('sh -c "kill -KILL \\$\\$"; exit $?', '').execute({}, context()).catch((e: unknown) => e)) as ToolExitError;
    expect(killed).toMatchObject({ exitCode: 137, effectUnknown: true, transient: false });
    expect(killed.message).toContain("tool 'probe' exited with status 137 (a shell's status for a child killed by SIGKILL)");
    // 141 is SIGPIPE (`… | head` under pipefail), which kills nothing that did not finish its work.
    for (const status of [1, 128, 141, 255]) {
      const failed = (await nodeTool(`process.exit(${status})`).execute({}, context()).catch((e: unknown) => e)) as ToolExitError;
      expect(failed.effectUnknown, String(status)).toBe(false);
    }
  });

  it('reports a program that does not exist as a permanent spawn error naming it', async () => {
    const tool = commandTool('missing', { description: 'missing', command: ['scripts/nope.mjs'] }, options());
    const error = await tool.execute({}, context()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolSpawnError);
    expect(error).toMatchObject({ code: 'ENOENT', transient: false, program: path.join(repo, 'scripts/nope.mjs') });
  });

  // A script saved with Windows line endings, or naming an interpreter the runner lacks, is there: the system's ENOENT
  // read "check the path" of a path that was right (found by an adversarial pass).
  it('says why a script that is there could not start: its #! line, CRLF or a missing interpreter', async () => {
    await writeFile(path.join(repo, 'scripts', 'crlf.sh'), '#!/bin/sh\r\necho hi\r\n');
    await writeFile(path.join(repo, 'scripts', 'py9.py'), '#!/usr/local/bin/python9 -u\nprint(1)\n');
    await chmod(path.join(repo, 'scripts', 'crlf.sh'), 0o755);
    await chmod(path.join(repo, 'scripts', 'py9.py'), 0o755);
    const start = (program: string) => commandTool('script', { description: 'a script', command: [program] }, options()).execute({}, context()).catch((e: unknown) => e);
    const crlf = await start('scripts/crlf.sh');
    expect(crlf).toBeInstanceOf(ToolSpawnError);
    expect((crlf as Error).message).toBe(
      `tool 'script': cannot start '${path.join(repo, 'scripts/crlf.sh')}' (ENOENT); 'scripts/crlf.sh' has Windows (CRLF) line endings: its #! line names the interpreter "/bin/sh\\r", carriage return and all, which no system has; save it with LF line endings (a .gitattributes line such as '*.sh text eol=lf' keeps them)`,
    );
    expect(((await start('scripts/py9.py')) as Error).message).toContain("the #! line of 'scripts/py9.py' names the interpreter '/usr/local/bin/python9', which this machine does not have");
    expect(((await start('scripts/nope.sh')) as Error).message).toContain('check the path');
  });

  // Found by an adversarial pass: `1234567890123456789` came back as 1234567890123456800 (a later step acted on another
  // id), and a 20-digit numeric secret the tool printed reached the trace as its first 16 digits and zeros, which no
  // redaction of the whole secret finds.
  it('keeps the digits of a number a double cannot hold, as the text the command printed', async () => {
    expect(await nodeTool(`console.log('1234567890123456789')`).execute({}, context())).toBe('1234567890123456789');
    expect(await nodeTool(`console.log('{"id": 98765432109876543210, "n": 12, "big": 12345678901234567, "safe": 9007199254740991}')`).execute({}, context())).toEqual({
      id: '98765432109876543210',
      n: 12,
      big: '12345678901234567',
      safe: 9007199254740991,
    });
    expect(await nodeTool(`console.log('[-98765432109876543210, 1.50, 1e2]')`).execute({}, context())).toEqual(['-98765432109876543210', 1.5, 100]);
  });

  // Found by an adversarial pass: `1e400` came back as Infinity (written `null` in the trace, so a resumed run saw
  // null), `1e-400` as 0, and an id printed as `12345678901234567890.0` as another number.
  it('keeps a number a double reads as infinity, as zero or as another whole number, as the text the command printed', async () => {
    expect(await nodeTool(`console.log('1e400')`).execute({}, context())).toBe('1e400');
    expect(await nodeTool(`console.log('{"big": -1E+400, "tiny": 1e-400, "id": 12345678901234567890.0, "zero": -0.0e-999, "max": 1e308, "one": 1.0}')`).execute({}, context())).toEqual({
      big: '-1E+400',
      tiny: '1e-400',
      id: '12345678901234567890.0',
      zero: -0,
      max: 1e308,
      one: 1,
    });
  });

  it('returns an empty string when the command prints nothing', async () => {
    expect(await nodeTool(`process.exit(0)`).execute({}, context())).toBe('');
  });
});

describe('commandTool limits', () => {
  it('stops a command that writes more than the stdout cap with a permanent error', async () => {
    const flood = `const chunk = 'x'.repeat(65536); const write = () => process.stdout.write(chunk, write); write();`;
    const error = await nodeTool(flood, {}, { maxStdoutBytes: 1000 }).execute({}, context()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolOutputTooLargeError);
    expect(error).toMatchObject({ limitBytes: 1000, transient: false });
    expect((error as Error).message).toContain('more than 1000 bytes');
  });

  it('times out as a transient error and kills the whole process group', async () => {
    const probe = await watchPidFile();
    try {
      // sh builds the tree in milliseconds: a node child took 1-2 s to start on a loaded machine, and its
      // deadline, counted from the spawn, passed before it could report the grandchild.
      const tool = shTool(shTreeScript(), probe.file, { timeout_seconds: 2 });
      const call = tool.execute({}, context()).catch((e: unknown) => e);
      const grandchild = await probe.pid;
      expect(isProcessGone(grandchild)).toBe(false);
      const error = await call;
      expect(error).toBeInstanceOf(ToolTimeoutError);
      expect(error).toMatchObject({ transient: true, timeoutMs: 2000 });
      await expect.poll(() => isProcessGone(grandchild)).toBe(true);
    } finally {
      await probe.close();
    }
  });

  it('kills the process group when the signal aborts and rejects with the abort reason', async () => {
    const probe = await listenForPid();
    try {
      const controller = new AbortController();
      const tool = nodeTool('', { command: ['node', '-e', treeScript(), probe.socketPath] });
      const call = tool.execute({}, context(controller.signal)).catch((e: unknown) => e);
      const grandchild = await probe.pid;
      const reason = new Error('run cancelled');
      controller.abort(reason);
      expect(await call).toBe(reason);
      await expect.poll(() => isProcessGone(grandchild)).toBe(true);
    } finally {
      await probe.close();
    }
  });

  it('does not start the command when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await nodeTool(`require('fs').writeFileSync('ran', '')`).execute({}, context(controller.signal)).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(existsSync(path.join(repo, 'ran'))).toBe(false);
  });

  it('leaves no background process behind when the command succeeds', async () => {
    const probe = await listenForPid();
    try {
      const script = treeScript({ thenPrint: '{"ok":true}' });
      const call = nodeTool('', { command: ['node', '-e', script, probe.socketPath] }).execute({}, context());
      const grandchild = await probe.pid;
      expect(await call).toEqual({ ok: true });
      await expect.poll(() => isProcessGone(grandchild)).toBe(true);
    } finally {
      await probe.close();
    }
  });

  it('settles even when a process that left the group keeps the pipes open', async () => {
    const probe = await watchPidFile();
    let escaped: number | undefined;
    try {
      // The grandchild calls setsid (detached), so killing our group cannot reach it. sh starts the tree
      // well inside the 1 s deadline, which a node child missed on a loaded machine.
      const call = shTool(shTreeScript({ detached: true }), probe.file, { timeout_seconds: 1 }).execute({}, context());
      escaped = await probe.pid;
      expect(await call.catch((e: unknown) => e)).toBeInstanceOf(ToolTimeoutError);
    } finally {
      // On Linux the marker sweep has ended it already, and killing a pid that is gone throws.
      if (escaped !== undefined && !isProcessGone(escaped)) process.kill(escaped, 'SIGKILL');
      await probe.close();
    }
  });

  // A detached grandchild used to outlive the run: the group kill cannot reach it, the marker can.
  it.skipIf(process.platform !== 'linux')('ends a grandchild that detached (setsid) when the command succeeds', async () => {
    const probe = await listenForPid();
    const script = treeScript({ thenPrint: '{"ok":true}' }).replace("{ stdio: 'inherit' }", "{ stdio: 'ignore', detached: true }");
    let escaped: number | undefined;
    try {
      const call = nodeTool('', { command: ['node', '-e', script, probe.socketPath] }).execute({}, context());
      escaped = await probe.pid;
      expect(await call).toEqual({ ok: true });
      await expect.poll(() => isProcessGone(escaped!)).toBe(true);
    } finally {
      if (escaped !== undefined && !isProcessGone(escaped)) process.kill(escaped, 'SIGKILL');
      await probe.close();
    }
  });

  // Found by a review: a helper started with a reset environment (sudo, a launcher) escapes both the group
  // and the marker; holding the output pipe, it turned a command that exited 0 into a retried timeout.
  it.skipIf(process.platform !== 'linux')('returns what a command that exited wrote, though a process with a reset environment holds its output', async () => {
    const pidFile = path.join(repo, 'escaped.pid');
    // It exits after 1.2 s, and its 3 s deadline passes while its pipes get their 2 s to close: the second
    // review found that read as a timeout too. (The deadline comes 1.8 s after the exit, which a loaded
    // machine must read before it: an exit it has not read by then is still taken for a timeout.)
    const script = `setsid env -i /bin/sh -c 'echo $$ > ${pidFile}; exec sleep 60' & sleep 1.2; echo '{"ok":true}'`;
    try {
      const result = await commandTool('t', { description: 'd', command: ['sh', '-c', script], timeout_seconds: 3 }, options()).execute({}, context());
      expect(result).toEqual({ ok: true });
    } finally {
      const pid = Number(await readFile(pidFile, 'utf8').catch(() => ''));
      if (pid > 0 && !isProcessGone(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  // Found by a review: one sweep of the marked processes missed the children a detached supervisor forked
  // while the sweep ran. A race: with one sweep this failed in 3 of 5 runs here; with the sweeps, never.
  it.skipIf(process.platform !== 'linux')('ends the children a detached process keeps forking, sweeping until none is left', async () => {
    const script = `setsid sh -c 'while :; do sleep 77 </dev/null >/dev/null 2>&1 & done' </dev/null >/dev/null 2>&1 & sleep 0.1; echo '{"ok":true}'`;
    // Processes still carrying a marker plan-runner set: what the sweep should have ended.
    const marked = () =>
      readdirSync('/proc').filter((entry) => {
        try {
          return /^\d+$/.test(entry) && readFileSync(`/proc/${entry}/environ`).includes('PLAN_RUNNER_PROCESS_MARKER=') && readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('sleep\u000077');
        } catch {
          return false;
        }
      });
    try {
      expect(await commandTool('t', { description: 'd', command: ['sh', '-c', script] }, options()).execute({}, context())).toEqual({ ok: true });
      // A SIGKILL takes effect when the process next runs: on a loaded machine the hundreds of sleeps the
      // loop forked can take more than 0.5 s to end. One the sweeps missed would live 77 s, so waiting for
      // them all to go still fails on a miss.
      await expect.poll(marked, { timeout: 10_000, interval: 50 }).toEqual([]);
    } finally {
      for (const pid of marked()) process.kill(Number(pid), 'SIGKILL');
    }
  });

  it("lets the step's timeout replace the tool's own", async () => {
    const tool = nodeTool(`setInterval(() => {}, 1000)`, { timeout_seconds: 3600 });
    const error = await tool.execute({}, { ...context(), timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50 });
    // The tool's timeout_seconds did not set this limit: raising it would change nothing.
    expect((error as Error).message).toBe("tool 'probe' did not finish within 0.1 s and was stopped; raise the timeout_seconds of step 1, which replaces the tool's, if it needs longer");
  });
});
