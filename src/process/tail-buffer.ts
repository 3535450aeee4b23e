import { hideCutStart } from '../core/hide-cut-fragments.ts';

const CUT_MARK = '…';
const CUT_MARK_BYTES = Buffer.byteLength(CUT_MARK);

/** Keeps only the last `limitBytes` bytes written to it: a stderr that runs on forever costs a fixed amount. */
export class TailBuffer {
  readonly limitBytes: number;
  // A dropped chunk's place is emptied at once: kept until the list is cut, 1,024 pipe reads of 64 KiB held 64 MiB
  // in a tail of 256 KiB (found by a review).
  #chunks: Array<Buffer | undefined> = [];
  /** The first chunk kept: dropped ones are left before it until they are half the list, then cut off at once. */
  #head = 0;
  #size = 0;
  #dropped = false;

  constructor(limitBytes: number) {
    this.limitBytes = limitBytes;
  }

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#size += chunk.length;
    while (this.#size > this.limitBytes) {
      this.#dropped = true;
      const first = this.#chunks[this.#head]!;
      const excess = this.#size - this.limitBytes;
      if (first.length <= excess) {
        this.#chunks[this.#head++] = undefined;
        this.#size -= first.length;
      } else {
        this.#chunks[this.#head] = first.subarray(excess);
        this.#size -= excess;
      }
    }
    // `shift()` per dropped chunk moved the whole list each time: a million one-byte writes took 30 s (found by an
    // adversarial pass). The list is cut once the dropped places are half of it: each is moved a bounded number of times.
    if (this.#head > 1024 && this.#head * 2 > this.#chunks.length) {
      this.#chunks = this.#chunks.slice(this.#head);
      this.#head = 0;
    }
  }

  /**
   * The last `maxBytes` bytes kept (all by default) as text, starting at a whole character, after a
   * `…` when anything before them was dropped: the redactor hides what a cut left of a known secret there, and
   * what follows the cut and looks like part of a credential is hidden here (`hideCutStart`).
   */
  text(maxBytes = this.limitBytes): string {
    const all = Buffer.concat(this.#chunks.slice(this.#head) as Buffer[]);
    const cut = this.#dropped || all.length > maxBytes;
    // The mark takes 3 of the `maxBytes`, so the text never grows past them.
    let start = cut ? Math.max(0, all.length - Math.max(0, maxBytes - CUT_MARK_BYTES)) : 0;
    // Skip UTF-8 continuation bytes so the tail does not start with half a character.
    while (start < all.length && start > 0 && (all[start]! & 0xc0) === 0x80) start++;
    const text = all.subarray(start).toString('utf8');
    // A credential the cut went through lost its prefix (`ghp_`): no token shape finds the rest, so it is hidden here.
    return cut ? hideCutStart(`${CUT_MARK}${text}`) : text;
  }
}
