import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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
