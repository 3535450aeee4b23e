import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The entry point of the real reference server from npm (@modelcontextprotocol/server-everything). */
export const EVERYTHING_ENTRY = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);

/** A unique argv marker, so a test can find the server processes it started (and prove they are gone). */
export function marker(): string {
  return `open-tools-test-${randomUUID()}`;
}

/** An `mcp_servers` entry starting the reference server over stdio, tagged with `mark`. */
export function everythingServer(mark: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { command: [process.execPath, EVERYTHING_ENTRY, 'stdio', mark], ...extra };
}

/** Pids of live (not zombie) processes whose command line contains `mark` (Linux /proc). */
export function processesWith(mark: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (cmdline.includes(mark) && !/^State:\s+Z/m.test(status)) pids.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return pids;
}
