import { describe, expect, it } from 'vitest';
import { limitedEvents } from '../../src/tools/mcp/limited-events.ts';

const CR = 0x0d;
const LF = 0x0a;

/** The rule as first written, a byte at a time: the index of the chunk that takes an event past `limit`, or -1. */
function overflowingChunk(chunks: readonly Uint8Array[], limit: number): number {
  let eventBytes = 0;
  let lineBytes = 0;
  let afterCr = false;
  for (const [index, chunk] of chunks.entries()) {
    for (const byte of chunk) {
      if (byte === LF && afterCr) {
        afterCr = false;
        continue;
      }
      afterCr = byte === CR;
      if (byte === CR || byte === LF) {
        if (lineBytes === 0) eventBytes = 0;
        lineBytes = 0;
        continue;
      }
      lineBytes++;
      if (++eventBytes > limit) return index;
    }
  }
  return -1;
}

/** How many chunks `limitedEvents` passes before it errors, and whether it errors. */
async function passed(chunks: readonly Uint8Array[], limit: number): Promise<{ passed: number; over: boolean }> {
  let next = 0;
  const source = new ReadableStream<Uint8Array>({ pull: (controller) => (next < chunks.length ? controller.enqueue(chunks[next++]!) : controller.close()) });
  const reader = limitedEvents(source, limit, () => new Error('over')).getReader();
  let count = 0;
  try {
    while (!(await reader.read()).done) count++;
    return { passed: count, over: false };
  } catch {
    return { passed: count, over: true };
  }
}

// Found by an adversarial pass: the limit counted an event's bytes one at a time in JavaScript, and reading a call's
// event stream took 2.4 times the CPU time of decoding and parsing it. It counts the bytes between line ends a run at a time now.
describe('limitedEvents', () => {
  it('errors at the chunk a byte-at-a-time count of each event does, over random streams of CR, LF, CRLF and text', async () => {
    let seed = 7;
    const random = (): number => ((seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) ^ (seed + 0x6d2b79f5)) >>> 0) / 2 ** 32;
    const alphabet = [CR, LF, 0x61, 0x61, 0x61, 0x62];
    for (let stream = 0; stream < 400; stream++) {
      const chunks = Array.from({ length: 1 + Math.floor(random() * 8) }, () => Uint8Array.from({ length: Math.floor(random() * 24) }, () => alphabet[Math.floor(random() * alphabet.length)]!));
      const limit = Math.floor(random() * 12);
      const expected = overflowingChunk(chunks, limit);
      expect(await passed(chunks, limit), `stream ${stream}: ${JSON.stringify(chunks.map((chunk) => [...chunk]))}, limit ${limit}`).toEqual(
        expected === -1 ? { passed: chunks.length, over: false } : { passed: expected, over: true },
      );
    }
  });

  it('passes an event stream of long events whole when each fits, and stops one that does not', async () => {
    const text = new TextEncoder();
    const event = (size: number) => text.encode(`data: ${'x'.repeat(size)}\r\n\r\n`);
    expect(await passed([event(1000), event(1000), event(1000)], 1006)).toEqual({ passed: 3, over: false });
    expect(await passed([event(1000), event(1001)], 1006)).toEqual({ passed: 1, over: true });
  });
});
