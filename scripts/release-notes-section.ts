/** A version's notes in CHANGELOG.md, or why there are none. */
export type ReleaseNotes = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/**
 * The body of the `## [X.Y.Z]` (or `## X.Y.Z`, `## vX.Y.Z`) section of a Keep-a-Changelog file,
 * up to the next `## ` heading; empty or missing notes are an error.
 */
export function releaseNotes(changelog: string, version: string): ReleaseNotes {
  const lines = changelog.split(/\r?\n/);
  const escaped = version.replace(/\./g, '\\.');
  const heading = new RegExp(`^## \\[?v?${escaped}\\]?(\\s|$)`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) return { ok: false, message: `CHANGELOG.md has no "## [${version}]" section: move the Unreleased notes under it` };
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const text = lines.slice(start + 1, next < 0 ? undefined : next).join('\n').trim();
  if (text === '') return { ok: false, message: `the "## [${version}]" section of CHANGELOG.md is empty: say what changed` };
  return { ok: true, text };
}
