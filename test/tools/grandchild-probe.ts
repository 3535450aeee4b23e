import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A local socket that a grandchild process reports its pid to, so a test learns, without polling,
 * that the whole process tree is up before it aborts or times it out.
 */
export async function listenForPid(): Promise<{ socketPath: string; pid: Promise<number>; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pid-probe-'));
  const socketPath = path.join(dir, 'probe.sock');
  let received!: (pid: number) => void;
  const pid = new Promise<number>((resolve) => (received = resolve));
  const server = net.createServer((socket) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => received(Number(text)));
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    socketPath,
    pid,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Node code for a child that starts a grandchild sharing its stdio and reports the grandchild's
 * pid to the socket given as its first argument. Then it runs forever, or with `thenPrint` prints
 * that and exits 0, leaving the grandchild behind.
 */
export function treeScript(options: { thenPrint?: string } = {}): string {
  const after =
    options.thenPrint === undefined
      ? 'setInterval(() => {}, 1000);'
      : `process.stdout.write(${JSON.stringify(options.thenPrint)}); process.exit(0);`;
  return [
    `const { spawn } = require('child_process');`,
    `const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' });`,
    `require('net').connect(process.argv[1], function () { this.end(String(grandchild.pid)); }).on('close', () => { ${after} });`,
  ].join('\n');
}

/**
 * A file a process tree started with `shTreeScript` writes its grandchild's pid to, and that pid once
 * it is there. `sh` cannot reach the socket `listenForPid` gives, so this looks every 10 ms.
 */
export async function watchPidFile(): Promise<{ file: string; pid: Promise<number>; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pid-file-'));
  const file = path.join(dir, 'grandchild.pid');
  let closed = false;
  const pid = (async () => {
    // Read at once when the file is seen, in the same turn of the event loop: a test checks that the
    // grandchild runs before a deadline set for the same loop can stop it.
    while (!closed) {
      if (existsSync(file)) return Number(readFileSync(file, 'utf8'));
      await sleep(10);
    }
    return new Promise<number>(() => {});
  })();
  return {
    file,
    pid,
    async close() {
      closed = true;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `sh` code (for `sh -c code sh pidFile`) for a child that starts a grandchild sharing its stdout and
 * stderr, writes the grandchild's pid to the file given as its first argument and runs until killed.
 * With `detached`, the grandchild calls setsid and leaves the child's process group. Where a deadline
 * counts from the spawn, this tree is up in milliseconds; node's takes 1-2 s on a loaded machine.
 */
export function shTreeScript(options: { detached?: boolean } = {}): string {
  // perl's setsid, then exec: the setsid program is Linux's alone. The pid is written under another name
  // and renamed, so a file that is there holds the whole pid.
  const grandchild = options.detached ? `perl -MPOSIX -e 'setsid; exec @ARGV' sleep 600` : 'sleep 600';
  return `${grandchild} & echo $! > "$1.part" && mv "$1.part" "$1"; wait`;
}

/** True when `pid` no longer runs (gone, or a zombie waiting to be reaped). */
export function isProcessGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return true;
  }
}
