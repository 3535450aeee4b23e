import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCpuBounded } from '../helpers/cpu-bounded-script.ts';

const source = (file: string): string => JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../src', file)).href);

/**
 * Found by the review of this round's NFC fixes: the allow list folds a decoded path with NFKC to find a separator it
 * hides, and ICU orders a run of combining marks one mark at a time, quadratic in the run. A model's URL of `a` and
 * 40,000 pairs of marks of two classes (480 KB) held the event loop 1.35 s, and 200,000 pairs about half a minute for
 * each of the path's decodes. A child gets 10 s of CPU time for three such URLs, and still finds a hidden separator.
 */
const SCRIPT = `
  import { refusalReason } from ${source('security/url-allow-list.ts')};
  const allow = ['https://api.example.test/v1/'];
  const marks = encodeURIComponent('\\u0301\\u0316'.repeat(200_000));
  for (const path of ['a' + marks, marks + 'b', 'a' + marks + '/\\uFF0E\\uFF0E/x']) {
    console.log(refusalReason(new URL('https://api.example.test/v1/' + path), allow) === undefined ? 'allowed' : 'refused');
  }`;

describe('the allow list on a path with long runs of combining marks', () => {
  it('reads it in time linear in its length, and still refuses a separator NFKC makes', () => {
    expect(runCpuBounded(SCRIPT, 10, 120_000)).toEqual({ signal: null, stdout: ['allowed', 'allowed', 'refused'], stderr: '' });
  }, 130_000);
});
