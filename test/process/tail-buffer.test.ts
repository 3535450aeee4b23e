import { describe, expect, it } from 'vitest';
import { TailBuffer } from '../../src/process/tail-buffer.ts';

describe('TailBuffer', () => {
  it('keeps only the last bytes written across many chunks', () => {
    const buffer = new TailBuffer(10);
    for (const part of ['hello ', 'wide ', 'world', '!!']) buffer.push(Buffer.from(part));
    expect(buffer.text()).toBe('de world!!');
    expect(buffer.text(3)).toBe('d!!');
  });

  it('never starts its text with half a character', () => {
    const buffer = new TailBuffer(5);
    buffer.push(Buffer.from('aé€')); // a(1) é(2) €(3): the last 5 bytes are é€
    expect(buffer.text()).toBe('é€');
    expect(buffer.text(4)).toBe('€');
  });
});
