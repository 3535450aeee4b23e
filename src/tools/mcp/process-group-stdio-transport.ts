import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { JsonRpcLineReader } from './json-rpc-line-reader.ts';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { randomBytes } from 'node:crypto';
import { killMarkedProcesses, PROCESS_MARKER_VARIABLE, whenEnded } from '../../process/kill-marked-processes.ts';
import { killProcessGroup } from '../../process/kill-process-group.ts';
import { trackProcessGroup } from '../../process/live-process-groups.ts';
import { TailBuffer } from '../../process/tail-buffer.ts';
import { spawnProblem } from '../../process/program-problem.ts';
import { describeStatus } from '../../process/signalled-status.ts';
import { groupDigits } from '../../core/group-digits.ts';

/** How long a server gets to exit after its stdin closes and after SIGTERM, before the next step. */
const GRACE_MS = 1000;

export interface StdioServerProcess {
  readonly command: string;
  readonly args: readonly string[];
  /** The whole environment of the server: nothing else is inherited. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/**
 * The most of plan-runner's messages that may wait for a server to read them. The SDK answers a server's own
 * requests (`ping`, and an error for any it does not serve) without limit: a server that stopped reading and
 * sent 300,000 of them held plan-runner's event loop for minutes, each answer waiting on the pipe with
 * listeners of its own, which draining and closing removed one at a time (found by an adversarial pass).
 */
export const MAX_UNREAD_MESSAGES = 1000;

/**
 * The most bytes of plan-runner's messages that may wait for a server to read them. An answer repeats its request's id,
 * which the server chooses: 990 `ping`s with ids of 4 MB each, unread, were 4 GB held for the pipe, and plan-runner
 * ran out of memory in 20 s, its report and trace unwritten and the server left running (found by a hunt of the MCP
 * adapters). The count alone did not bound them.
 */
export const MAX_UNREAD_BYTES = 16 * 1024 * 1024;

/** The largest message a stdio server may send; a larger one stops the server (the SDK's own limit, 10 MiB, threw where nothing could catch it). */
export const MCP_MESSAGE_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * An MCP stdio client transport that starts the server as the leader of its own process group, so
 * that closing it also ends whatever it started (`npx` starts the real server as a grandchild), and
 * gives it exactly the environment passed (the SDK's transport adds HOME, USER, SHELL, ...).
 */
export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The last few KiB the server wrote to stderr, for error messages. */
  readonly stderr = new TailBuffer(8 * 1024);
  #stderrClosed: Promise<void> = Promise.resolve();
  readonly #server: StdioServerProcess;
  readonly #readBuffer = new JsonRpcLineReader(MCP_MESSAGE_LIMIT_BYTES);
  /** Called when the server sent a message over MCP_MESSAGE_LIMIT_BYTES, before it is stopped. */
  onOversized?: () => void;
  /** Called when MAX_UNREAD_MESSAGES of ours, or MAX_UNREAD_BYTES, wait for the server to read them, before it is stopped. */
  onUnread?: () => void;
  /** One wait for the pipe to drain, shared by every message written while it is full. */
  #drained?: Promise<void>;
  #waiting = 0;
  /** Set once the server was stopped for leaving our messages unread: nothing more is read or written. */
  #unread = false;
  #closing?: Promise<void>;
  #child?: ChildProcess;
  /** How the server ended, once it did on its own: `exited with status 3`; not when it was stopped, or exited 0 once its stdin was closed. */
  #ownExit?: string;
  /** What `close()` did so far: ended the server's stdin, then sent it a signal. */
  #stdinEnded = false;
  #signalled = false;
  /** Settled once the server process exited, however it ended. */
  #exited: Promise<void> = Promise.resolve();
  /** Marks everything the server starts, so what detaches from its group (`setsid`) can be found and ended too (Linux). */
  readonly #marker = randomBytes(12).toString('hex');

  constructor(server: StdioServerProcess) {
    this.#server = server;
  }

  /** The server's process id once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  async start(): Promise<void> {
    if (this.#child) throw new Error('already started');
    let child: ChildProcess;
    try {
      child = spawn(this.#server.command, [...this.#server.args], {
        env: { ...this.#server.env, [PROCESS_MARKER_VARIABLE]: this.#marker },
        cwd: this.#server.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        shell: false,
        windowsHide: true,
      });
    } catch (error) {
      // Refused before it started (a batch file on Windows: EINVAL), said as a start that failed is.
      throw this.#startError(error as NodeJS.ErrnoException);
    }
    this.#child = child;
    trackProcessGroup(child);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (this.#unread) return;
      try {
        this.#readBuffer.append(chunk);
      } catch {
        // In a stream's listener a throw would end the whole process: the server is stopped instead.
        this.onOversized?.();
        this.onerror?.(new Error(`the MCP server sent a message over ${MCP_MESSAGE_LIMIT_BYTES / 1024 / 1024} MiB; it was stopped`));
        void this.close();
        return;
      }
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.#readBuffer.readMessage();
        } catch (error) {
          this.onerror?.(error as Error);
          continue;
        }
        if (message === null || this.#unread) break;
        this.onmessage?.(message);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    this.#stderrClosed = child.stderr ? once(child.stderr, 'close').then(() => undefined, () => undefined) : Promise.resolve();
    child.stdin?.on('error', (error) => this.onerror?.(error));
    // A server that exits on its own leaves nothing running: its group and what detached from it go too.
    this.#exited = once(child, 'exit').then(() => undefined, () => undefined);
    child.on('exit', (code, signal) => {
      if (!this.#signalled && !(code === 0 && this.#stdinEnded)) this.#ownExit = code !== null ? `exited with ${describeStatus(code)}` : `was killed by ${signal ?? 'a signal'}`;
      killProcessGroup(child, 'SIGKILL');
      killMarkedProcesses(this.#marker);
    });
    child.on('close', () => {
      this.#child = undefined;
      this.onclose?.();
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error: NodeJS.ErrnoException) => {
        this.#child = undefined;
        reject(this.#startError(error));
      });
    });
  }

  /**
   * The error of a start that failed, with why when it can be told (`spawnProblem`): the system's ENOENT names no reason
   * when the program is there (a batch file on Windows: `npx` is npx.cmd; a script whose `#!` interpreter is missing or
   * ends in a carriage return), nor does EINVAL of a `.cmd` (found by an adversarial hunt).
   */
  #startError(error: NodeJS.ErrnoException): Error {
    const problem = spawnProblem(error.code, this.#server.command, this.#server.cwd ?? process.cwd(), this.#server.env);
    return problem === undefined ? error : new Error(`${error.message}: ${problem}`, { cause: error });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (!stdin || stdin.destroyed) throw new Error('the MCP server is not running');
    if (this.#unread) throw new Error(unreadProblem());
    const line = serializeMessage(message);
    // In bytes, an answer to the server's own request (no `method`): what the server makes plan-runner hold, as the HTTP transport counts it.
    const answer = !('method' in message);
    if (this.#waiting >= MAX_UNREAD_MESSAGES || (answer && stdin.writableLength + line.length > MAX_UNREAD_BYTES)) {
      this.#unread = true;
      const error = new Error(unreadProblem());
      this.onUnread?.();
      this.onerror?.(error);
      void this.close();
      throw error;
    }
    if (stdin.write(line)) return;
    this.#waiting++;
    try {
      await (this.#drained ??= once(stdin, 'drain')
        .then(() => undefined)
        .finally(() => {
          this.#drained = undefined;
        }));
    } finally {
      this.#waiting--;
    }
  }

  /**
   * What the server wrote to stderr, once the pipe closed (at most `waitMs` later). A server that writes
   * its complaint and exits at once fails the start with EPIPE on our first write, often before its
   * stderr was read: the message then lost what the server said.
   */
  async stderrText(waitMs = 500): Promise<string> {
    await Promise.race([this.#stderrClosed, sleep(waitMs, undefined, { ref: false })]);
    return this.stderr.text();
  }

  /**
   * How the server ended if it exits on its own within `waitMs` (before anything closes it): `exited with status 3`;
   * else undefined. A server that exits at once fails a start with EPIPE on our first write, often before its exit is seen.
   */
  async ownExit(waitMs: number): Promise<string | undefined> {
    if (this.#ownExit === undefined && !this.#signalled) await Promise.race([this.#exited, sleep(waitMs, undefined, { ref: false })]);
    return this.#ownExit;
  }

  /** Ends the server and its process group: stdin closed, then SIGTERM, then SIGKILL; waits for the exit. Callers share one close. */
  close(): Promise<void> {
    this.#closing ??= this.#close().finally(() => {
      this.#closing = undefined;
    });
    return this.#closing;
  }

  async #close(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    // Its pipes all closed (the child's 'close'): until then a process it left may hold them.
    const pipesClosed = once(child, 'close').then(() => true, () => true);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit').then(() => true);
      const within = (ms: number) => Promise.race([exited, sleep(ms, false, { ref: false })]);
      this.#stdinEnded = true;
      child.stdin?.end();
      if (!(await within(GRACE_MS))) {
        this.#signalled = true;
        killProcessGroup(child, 'SIGTERM');
        if (!(await within(GRACE_MS))) {
          killProcessGroup(child, 'SIGKILL');
          await exited;
        }
      }
    }
    // The leader is gone; anything it left behind in its group goes too, and what left the group (setsid).
    killProcessGroup(child, 'SIGKILL');
    await whenEnded(killMarkedProcesses(this.#marker));
    // A process that escaped both (no /proc to find it by) may still hold the pipes: once what is in them had a
    // moment to be read, ours close, so the run is not kept alive by them. A server that had exited already kept
    // them open: its close returned at once (found by an adversarial pass).
    await Promise.race([pipesClosed, sleep(GRACE_MS, false, { ref: false })]);
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.stdin?.destroy();
    this.#readBuffer.clear();
  }
}

/** Why a server that left MAX_UNREAD_MESSAGES, or MAX_UNREAD_BYTES, unread was stopped. */
export function unreadProblem(): string {
  return `it sent requests of its own and left plan-runner's answers unread (${groupDigits(MAX_UNREAD_MESSAGES)} of them, or ${MAX_UNREAD_BYTES / 1024 / 1024} MiB); it was stopped`;
}
