/**
 * `text` without the run of `chars` it ends with, found in one pass back from its end: what
 * `text.replace(/[chars]+$/, '')` returns. That regex tries a match from each character of a run of them
 * that does not end the text, and so is quadratic in the run: a model endpoint's error message of 40,000
 * dots and an `x` took 1.8 s, a file path of 40,000 `. ` 1.7 s (found by an adversarial pass). ESLint
 * refuses a regex literal that repeats before `$` without `^` in src/
 * (scripts/no-trailing-run-regex.ts).
 */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return end === text.length ? text : text.slice(0, end);
}
