import { expect, it } from 'vitest';
import { writeAbove } from '../../src/cli/write-above.ts';

// A second Ctrl-C's line, written to standard error under the live checklist, was erased by its next redraw.
it('writes through the checklist’s `above` while the frame is live, and as before once put back', () => {
  const order: string[] = [];
  const stream = { write: (chunk: unknown, callback?: () => void): boolean => (order.push(`write ${String(chunk)}`), callback?.(), false) };
  const restore = writeAbove(stream as never, {
    above: (print) => {
      order.push('erase');
      print();
      order.push('redraw');
    },
  });
  expect(stream.write('warning: x\n', () => order.push('callback'))).toBe(false);
  expect(order).toEqual(['erase', 'write warning: x\n', 'callback', 'redraw']);
  restore();
  stream.write('after\n');
  expect(order.slice(4)).toEqual(['write after\n']);
});
