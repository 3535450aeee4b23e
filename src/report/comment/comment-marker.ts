import { createHash } from 'node:crypto';

/**
 * The hidden marker that finds a plan's comment again: `<!-- plan-runner: <plan-id> -->`. The id
 * is reduced to characters that cannot end the HTML comment early; when that changed it (a space,
 * `~`, `#`, `--`, a letter outside ASCII, a cut), a hash of the id as given follows, so two plans
 * whose ids reduce alike (`release notes.yml`, `release-notes.yml`) never share a comment. An id
 * that needed no change keeps the marker it always had.
 */
export function commentMarker(planId: string): string {
  const safe = planId.replace(/[^A-Za-z0-9._/@+-]/g, '-').replace(/-{2,}/g, '-').slice(0, 200);
  const id = safe === planId ? safe : `${safe} ${createHash('sha256').update(planId).digest('hex').slice(0, 8)}`;
  return `<!-- plan-runner: ${id} -->`;
}
