// Found by a hunt of the action's inputs: the `inputs` map read a value inside a list or a map as YAML reads it, unlike a
// value at its top and `--input`: `db: {password: 00012345}` reached the tool as 12345 (too short to be hidden as a
// secret), and a `%YAML 1.1` directive made `2001-12-14` a timestamp and `on` true; `pattern: *.md` (an alias to no
// anchor) was taken as no value, and the plan's default ran; `!!str 7` was the number 7.
import { describe, expect, it } from 'vitest';
import { parseInputsMap } from '../../src/action/parse-inputs-map.ts';

describe('the inputs map', () => {
  it('reads a plain value inside a list or a map as one at its top is read, nulls kept', async () => {
    expect(await parseInputsMap('db: {password: 00012345, id: 9007199254740993, n: 3, x: null, y: ~, v: 1.10, b: true, list: [1, 007, yes]}')).toEqual({
      ok: true,
      inputs: { db: { password: '00012345', id: '9007199254740993', n: 3, x: null, y: null, v: '1.10', b: true, list: [1, '007', 'yes'] } },
      empty: [],
    });
    expect(await parseInputsMap('%YAML 1.1\n---\ncfg: {when: 2001-12-14, port: 0012, at: 1:30, tls: on}')).toEqual({ ok: true, inputs: { cfg: { when: '2001-12-14', port: '0012', at: '1:30', tls: 'on' } }, empty: [] });
    // An anchor's value and its alias's alike.
    expect(await parseInputsMap('a: &A {k: 01}\nb: *A')).toEqual({ ok: true, inputs: { a: { k: '01' }, b: { k: '01' } }, empty: [] });
  });

  it('refuses an alias to no anchor, saying to quote it', async () => {
    expect(await parseInputsMap('pattern: *.md')).toEqual({ ok: false, message: "input `pattern` is `*.md`, which YAML reads as an alias to an anchor the map does not have; quote it to give the text (`'*.md'`)" });
  });

  it('takes !!str as the text it tags, at the top as inside', async () => {
    expect(await parseInputsMap('id: !!str 7\nflag: !!str true\nlist: [!!str 7]')).toEqual({ ok: true, inputs: { id: '7', flag: 'true', list: ['7'] }, empty: [] });
  });
});
