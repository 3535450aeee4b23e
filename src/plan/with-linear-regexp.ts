import { LinearRegex } from '../core/linear-regex.ts';

/** The part of `RegExp` zod's string checks use, backed by the linear-time engine. */
class LinearRegExp {
  lastIndex = 0;
  readonly #regex: LinearRegex;

  constructor(source: string | RegExp, flags?: string) {
    this.#regex = LinearRegex.compile(typeof source === 'string' ? source : source.source, flags ?? (typeof source === 'string' ? '' : source.flags));
  }

  get source(): string {
    return this.#regex.source;
  }

  get flags(): string {
    return this.#regex.flags;
  }

  test(text: string): boolean {
    const value = String(text);
    // A value too long for this pattern to check on the event loop does not match it: refused, never let
    // through unchecked, and zod's message names the pattern it did not pass.
    return this.#regex.fits(value) && this.#regex.test(value);
  }

  toString(): string {
    return this.#regex.toString();
  }
}

/**
 * Runs `build` (a synchronous schema conversion) with `RegExp` standing for the linear-time engine,
 * so the `pattern`s and `patternProperties` a JSON Schema converter compiles (`new RegExp(p)` inside
 * zod's `fromJSONSchema`) can never backtrack on a hostile value. Every pattern is compiled while
 * `build` runs (circular `$ref`s only defer a lookup), so restoring `RegExp` afterwards is safe.
 */
export function withLinearRegExp<T>(build: () => T): T {
  const original = globalThis.RegExp;
  globalThis.RegExp = LinearRegExp as unknown as RegExpConstructor;
  try {
    return build();
  } finally {
    globalThis.RegExp = original;
  }
}
