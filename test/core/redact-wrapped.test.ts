import { expect, it } from 'vitest';
import { createRedactor, jsonMayNeedRedaction } from '../../src/core/redact.ts';

const KEY = 'Zq7vP2xK9mWr4TnB8yLc3HdF6gJs';
const wrap = (text: string, width: number): string => text.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\n');

// Found by a secret hunt: a known value a tool wrapped over lines (`fold`, `base64`'s 76 columns, a table's
// cell) was hidden only where one piece was at least half of it: over three lines, or two near halves, every
// piece showed, and read together they are the secret.
it('hides a known value wrapped over lines, each piece on its line, the lines kept', () => {
  const redact = createRedactor([KEY]);
  expect(redact(`token:\n${wrap(KEY, 10)}\nend`)).toBe('token:\n***\n***\n***\nend');
  expect(redact(`a ${KEY.slice(0, 14)}\r\n    ${KEY.slice(14)} b`)).toBe('a ***\r\n    *** b');
  // Its base64 in a file's encoding, wrapped at 76 columns as `base64` writes it.
  const encoded = wrap(Buffer.from(`{"registry":"ghcr.io","auth":"${KEY}","email":"ci@example.com"}`).toString('base64'), 76);
  const joined = redact(encoded).replaceAll('\n', '');
  for (let shift = 0; shift < 3; shift++) {
    const form = Buffer.from(KEY).subarray(shift).toString('base64').slice(0, 32);
    for (let at = 0; at + 8 <= form.length; at++) expect(joined).not.toContain(form.slice(at, at + 8));
  }
  // A piece of one or two characters is not lengthened: text fitted to a limit stays within it.
  const edge = redact(`x${KEY.slice(0, 1)}\n${KEY.slice(1, 27)}\n${KEY.slice(27)}`);
  expect(edge).toBe('x*\n***\n*');
  // In a result shown as its JSON text, where the breaks are escapes (found by a secret hunt: the report showed it).
  expect(redact(JSON.stringify({ wrapped: wrap(KEY, 7) }, null, 2))).toBe('{\n  "wrapped": "***\\n***\\n***\\n***"\n}');
  // The trace's fast path sees it too, as JSON writes the line breaks, once or twice escaped.
  expect(jsonMayNeedRedaction(JSON.stringify({ result: JSON.stringify({ wrapped: wrap(KEY, 7) }) }), redact)).toBe(true);
  expect(jsonMayNeedRedaction(JSON.stringify({ stdout: wrap(KEY, 9) }), redact)).toBe(true);
  expect(jsonMayNeedRedaction(JSON.stringify({ stdout: 'no secret\nhere at all' }), redact)).toBe(false);
  // Text that only starts like it on one line and goes on otherwise on the next stays.
  expect(redact(`${KEY.slice(0, 10)}\nsomething else`)).toBe(`${KEY.slice(0, 10)}\nsomething else`);
});
