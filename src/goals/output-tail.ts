import { cutText } from '../core/cut-text.ts';

/** The last `lines` lines of command output, trailing blank lines dropped, each cut to 300 characters. */
// `trimEnd`, not `replace(/\s+$/, '')`: that regex scans each run of blanks from every start in it, and
// 256,000 spaces then an `x` took 58 s.
export function outputTail(output: string, lines = 20): string {
  const all = output.trimEnd().split(/\r?\n/);
  const tail = all.slice(-lines).map((line) => cutText(line, 300));
  return (all.length > lines ? ['…', ...tail] : tail).join('\n');
}
