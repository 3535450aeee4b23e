import type { ConsoleChecklist } from '../report/console-checklist.ts';

/**
 * Makes every write to `stream`, a terminal the checklist draws on too, go above its live frame
 * (`ConsoleChecklist.above`); returns a function that puts the stream's own `write` back.
 */
export function writeAbove(stream: Pick<NodeJS.WriteStream, 'write'>, checklist: Pick<ConsoleChecklist, 'above'>): () => void {
  const own = stream.write;
  const write = own.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((...args: unknown[]): boolean => {
    let written = true;
    checklist.above(() => (written = write(...args)));
    return written;
  }) as typeof stream.write;
  return () => {
    stream.write = own;
  };
}
