/**
 * ` (it starts with a byte order mark: …)` when the first line of a file plan-runner wrote and a person saved
 * again starts with one (an editor's U+FEFF), which JSON does not take; '' otherwise. Said after "is not JSON".
 */
export function byteOrderMarkNote(firstLine: string): string {
  return firstLine.startsWith('\uFEFF') ? ' (it starts with a byte order mark: save the file as UTF-8 without one)' : '';
}
