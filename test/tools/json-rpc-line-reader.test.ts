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

  // Found by a hunt of the MCP adapters: the limit counted what came after a line in the same read, so two messages
  // just under it, back to back, were refused as one over it (the call failed, the server stopped).
  it('holds each line to its limit alone, whatever comes after it in the same read', () => {
    const reader = new JsonRpcLineReader(64);
    const line = (id: number) => `{"jsonrpc":"2.0","id":${id},"result":{"x":"${'y'.repeat(18 - String(id).length + 1)}"}}\n`;
    expect(line(1).length).toBe(61);
    // One read: the end of the first, the second whole, the start of a third.
    const bytes = Buffer.from(line(1) + line(2) + line(3));
    reader.append(bytes.subarray(0, 30));
    expect(reader.readMessage()).toBeNull();
    reader.append(bytes.subarray(30, 150));
    expect([reader.readMessage(), reader.readMessage(), reader.readMessage()]).toEqual([
      expect.objectContaining({ id: 1 }),
      expect.objectContaining({ id: 2 }),
      null,
    ]);
    reader.append(bytes.subarray(150));
    expect(reader.readMessage()).toEqual(expect.objectContaining({ id: 3 }));
    // A line in the middle of one read over the limit is still refused.
    expect(() => reader.append(Buffer.from(`${line(4)}${'z'.repeat(70)}\n`))).toThrow('a message of over 64 bytes');
  });
});
