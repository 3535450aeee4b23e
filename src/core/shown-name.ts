import { INVISIBLE } from './invisible-characters.ts';
import { visibleControls } from './visible-controls.ts';
import { normalizeLinear } from './normalize-linear.ts';

/**
 * A name (a goal's, a `for_each` item's key) as a reader tells it from others: white space as one space, control
 * characters as the symbols every view draws, invisible characters gone, and one spelling of each accented letter
 * (NFC: `e` + U+0301 is `é`). Two names equal here show alike, so a table or a checklist cannot tell them apart.
 */
export function shownName(name: string): string {
  return normalizeLinear(visibleControls(name).replace(INVISIBLE, '').replace(/\s+/g, ' ').trim(), 'NFC');
}
