import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TailBuffer } from '../../src/process/tail-buffer.ts';

describe('TailBuffer', () => {
  it('keeps only the last bytes written across many chunks, after a … that marks the cut', () => {
    const buffer = new TailBuffer(10);
    for (const part of ['hello ', 'wide ', 'world', '!!']) buffer.push(Buffer.from(part));
    // The mark (3 bytes) counts against the limit: the text is never longer than asked.
    expect(buffer.text()).toBe('…world!!');
    expect(buffer.text(5)).toBe('…!!');
    for (const max of [3, 5, 10]) expect(Buffer.byteLength(buffer.text(max))).toBeLessThanOrEqual(max);
  });

  it('keeps the last bytes of many one-byte writes, as they came, past the point where it cuts its list', () => {
    const buffer = new TailBuffer(2_000);
    // Digits and blanks: no run the cut goes through looks like a credential's rest.
    const digits = Array.from({ length: 10_000 }, (_, i) => `${i % 10} `).join('');
    for (const byte of digits) buffer.push(Buffer.from(byte));
    expect(buffer.text()).toBe(`…${digits.slice(-1_997)}`);
    buffer.push(Buffer.from('end'));
    expect(buffer.text()).toBe(`…${digits.slice(-1_994)}end`);
  });

  // Found by a review: dropped chunks stayed in the list until it was cut, and 1,024 pipe reads of 64 KiB held 64 MiB
  // in a tail of 256 KiB.
  it('lets go of a chunk as soon as it drops it', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const buffer = new TailBuffer(256 * 1024);
    const dropped = ((): WeakRef<Buffer> => {
      const first = Buffer.alloc(64 * 1024, 'a');
      buffer.push(first);
      return new WeakRef(first);
    })();
    for (let i = 0; i < 8; i++) buffer.push(Buffer.alloc(64 * 1024, 'b'));
    // A WeakRef holds its value until the job that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(dropped.deref()).toBeUndefined();
    expect(buffer.text().endsWith('b'.repeat(1000))).toBe(true);
  });

  // Found by an adversarial pass: a token cut through by the tail lost its ghp_ prefix, so no token shape matched the rest.
  it('hides what the cut left of a credential at the start of its text', () => {
    const buffer = new TailBuffer(64);
    buffer.push(Buffer.from(`token=ghp_${'R8kLm2Qx7Vb9Nc4Zt6Yw1Hs5Jd3Fg0Pa2Ee'} failed: bad credentials`));
    expect(buffer.text(40)).toBe('…*** failed: bad credentials');
    // In one scan, however long the run the cut went through (a pattern tried from every start took 99 s on
    // a 256 KiB tail of base64), and only at the leading mark: a `…` the text itself holds is its own.
    const encoded = new TailBuffer(256 * 1024);
    encoded.push(Buffer.from('A1'.repeat(200 * 1024)));
    expect(encoded.text()).toBe('…***');
    const kept = new TailBuffer(29);
    kept.push(Buffer.from('dropped: sum ab12cd34ef… (cut)'));
    expect(kept.text()).toBe('…d: sum ab12cd34ef… (cut)');
    const words = new TailBuffer(20);
    words.push(Buffer.from('the server said: connection refused'));
    expect(words.text()).toBe('…onnection refused');
  });

  // Found by a redaction hunt: the tail started inside a JWT's header, and the run hidden after the mark stopped at its
  // first dot: its payload and signature showed.
  it('hides the rest of a JWT the cut went through, and keeps the dots of a name or a version', () => {
    const header = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url');
    const payload = Buffer.from('{"sub":"deploy-bot","scope":"admin"}').toString('base64url');
    const written = `token: ${header}.${payload}.${'Zk4mQ9xR2vT7bN1cL8pW3hY6jD5sF0gK1aE4uI7oP2'} rejected`;
    // Cut in its header, and in its payload.
    for (const cut of [written.indexOf('.') - 10, written.indexOf('.') + 20]) {
      const buffer = new TailBuffer(256);
      buffer.push(Buffer.from(written));
      expect(buffer.text(written.length - cut + 3)).toBe('…*** rejected');
    }
    for (const [text, kept] of [
      ['d41d8cd98f00b204e9800998ecf8427e.tar.gz: checksum mismatch', '…***.tar.gz: checksum mismatch'],
      ['ample-api.execute-api.us-east-1.amazonaws.com: refused', '…ample-api.execute-api.us-east-1.amazonaws.com: refused'],
      ['build-2024.production-bundle.js failed', '…***.production-bundle.js failed'],
      ['s-2.14.0.tgz installed', '…s-2.14.0.tgz installed'],
    ] as const) {
      const buffer = new TailBuffer(256);
      buffer.push(Buffer.from(`dropped ${text}`));
      expect(buffer.text(text.length + 3)).toBe(kept);
    }
  });

  it('marks no cut when nothing was dropped', () => {
    const buffer = new TailBuffer(20);
    buffer.push(Buffer.from('all of it'));
    expect(buffer.text()).toBe('all of it');
    expect(buffer.text(6)).toBe('… it');
  });

  it('never starts its text with half a character', () => {
    const buffer = new TailBuffer(20);
    buffer.push(Buffer.from('aé€€')); // a(1) é(2) €(3) €(3)
    expect(buffer.text()).toBe('aé€€');
    expect(buffer.text(7)).toBe('…€'); // 4 bytes after the mark: the last 4 start inside the first €
  });
});
