import { trimEndChars } from '../../core/trim-end-chars.ts';

/**
 * Whether a path segment names the `.git` folder on some runner's file system: in any case (macOS and
 * Windows ignore it), with trailing dots or spaces (Windows drops them), as an NTFS stream of it
 * (`.git::$INDEX_ALLOCATION`) or by its 8.3 short name (`GIT~1`). actions/checkout keeps the token in
 * `.git/config`, and on a macOS runner `.GIT/config` read it.
 */
export function isGitSegment(segment: string): boolean {
  const name = trimEndChars(segment.split(':', 1)[0]!, '. ').toLowerCase();
  return name === '.git' || /^git~\d+$/.test(name);
}
