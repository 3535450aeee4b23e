/**
 * The hidden marker that finds a plan's comment again: `<!-- plan-runner: <plan-id> -->`. The id
 * is reduced to characters that cannot end the HTML comment early.
 */
export function commentMarker(planId: string): string {
  const safe = planId.replace(/[^A-Za-z0-9._/@+-]/g, '-').replace(/-{2,}/g, '-').slice(0, 200);
  return `<!-- plan-runner: ${safe} -->`;
}
