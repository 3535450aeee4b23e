/** Keeps only the last `limitBytes` bytes written to it: a stderr that runs on forever costs a fixed amount. */
export class TailBuffer {
  readonly limitBytes: number;
  #chunks: Buffer[] = [];
  #size = 0;

  constructor(limitBytes: number) {
    this.limitBytes = limitBytes;
  }

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#size += chunk.length;
    while (this.#size > this.limitBytes) {
      const first = this.#chunks[0]!;
      const excess = this.#size - this.limitBytes;
      if (first.length <= excess) {
        this.#chunks.shift();
        this.#size -= first.length;
      } else {
        this.#chunks[0] = first.subarray(excess);
        this.#size -= excess;
      }
    }
  }

  /** The last `maxBytes` bytes kept (all by default) as text, starting at a whole character. */
  text(maxBytes = this.limitBytes): string {
    const all = Buffer.concat(this.#chunks);
    let start = Math.max(0, all.length - maxBytes);
    // Skip UTF-8 continuation bytes so the tail does not start with half a character.
    while (start < all.length && start > 0 && (all[start]! & 0xc0) === 0x80) start++;
    return all.subarray(start).toString('utf8');
  }
}
