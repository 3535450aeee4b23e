/** The last `lines` lines of command output, trailing blank lines dropped, each cut to 300 characters. */
export function outputTail(output: string, lines = 20): string {
  const all = output.replace(/\s+$/, '').split(/\r?\n/);
  const tail = all.slice(-lines).map((line) => (line.length > 300 ? `${line.slice(0, 299)}…` : line));
  return (all.length > lines ? ['…', ...tail] : tail).join('\n');
}
