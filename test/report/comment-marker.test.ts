import { describe, expect, it } from 'vitest';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';

describe('commentMarker', () => {
  it('keeps the marker it always had for an id that needs no change', () => {
    expect(commentMarker('.github/plan.yml')).toBe('<!-- plan-runner: .github/plan.yml -->');
  });

  // Two plans whose ids reduced alike shared one comment: one took over the other's, and its pause was lost.
  it('gives ids that reduce alike markers of their own', () => {
    const ids = ['.github/release notes.yml', '.github/release-notes.yml', '.github/release--notes.yml', '.github/release~notes.yml', '.github/reléase-notes.yml'];
    const markers = ids.map(commentMarker);
    expect(new Set(markers).size).toBe(ids.length);
    for (const marker of markers) {
      expect(marker).toMatch(/^<!-- plan-runner: [A-Za-z0-9._/@+ -]+ -->$/);
      expect(marker.slice(4, -3)).not.toContain('--');
    }
    // No marker starts another: a comment is found by the marker it starts with.
    for (const a of markers) for (const b of markers) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });

  it('tells apart long ids that share their first 200 characters', () => {
    const long = `plans/${'x'.repeat(250)}`;
    expect(commentMarker(`${long}a.yml`)).not.toBe(commentMarker(`${long}b.yml`));
  });
});
