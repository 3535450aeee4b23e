import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonRpcLineReader } from '../../src/tools/mcp/json-rpc-line-reader.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('JsonRpcLineReader', () => {
  // Found by an agent hunt: each piece of a line was joined to all that came before it, and the line searched again from
  // its start: a stdio server that wrote a 4 MiB answer 64 bytes at a time took 122 s of plan-runner's CPU to read it.
  it('copies a line that comes in many pieces a bounded number of times, and reads it whole', () => {
    const copied = vi.spyOn(Buffer, 'concat');
    const reader = new JsonRpcLineReader(4 * 1024 * 1024);
    const text = 'x'.repeat(256 * 1024);
    const line = Buffer.from(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"${text}"}]}}\n`);
    for (let at = 0; at < line.length; at += 16) {
      reader.append(line.subarray(at, at + 16));
      if (at + 16 < line.length) expect(reader.readMessage()).toBeNull();
    }
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text }] } });
    expect(reader.readMessage()).toBeNull();
    const bytes = copied.mock.results.reduce((sum, result) => sum + (result.value as Buffer).length, 0);
    expect(bytes).toBeLessThanOrEqual(2 * line.length);
  });

  it('reads every line of a chunk, keeps a line cut between chunks, and refuses more than its limit unread', () => {
    const reader = new JsonRpcLineReader(64);
    reader.append(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}\n{"jsonrpc":"2.0",'));
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(reader.readMessage()).toBeNull();
    reader.append(Buffer.from('"id":2,"result":{}}\r\n'));
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    reader.append(Buffer.from('y'.repeat(40)));
    expect(() => reader.append(Buffer.from('y'.repeat(40)))).toThrow('a message of over 64 bytes');
    // What it held is forgotten: the next line is read on its own.
    reader.append(Buffer.from('{"jsonrpc":"2.0","id":3,"result":{}}\n'));
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });
});
