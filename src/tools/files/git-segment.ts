import { trimEndChars } from '../../core/trim-end-chars.ts';

/**
 * Whether a path segment names the `.git` folder on some runner's file system: in any case (macOS and
 * Windows ignore it), with trailing dots or spaces (Windows drops them), as an NTFS stream of it
 * (`.git::$INDEX_ALLOCATION`) or, on Windows, by its 8.3 short name (`GIT~1`). actions/checkout keeps the token in
 * `.git/config`, and on a macOS runner `.GIT/config` read it. Elsewhere `GIT~1` is a name like any: its file was left
 * out of the walk without a note, and a search said "no matches" for its text (found by a review).
 */
export function isGitSegment(segment: string, platform: NodeJS.Platform = process.platform): boolean {
  const name = nameAsRead(segment);
  return name === '.git' || (platform === 'win32' && /^git~\d+$/.test(name));
}

/**
 * A path segment as the file systems of some runner read it: without an NTFS stream (`:…`), trailing dots or
 * spaces (Windows drops them), in small letters (macOS and Windows ignore case).
 */
export function nameAsRead(segment: string): string {
  return trimEndChars(segment.split(':', 1)[0]!, '. ').toLowerCase();
}
