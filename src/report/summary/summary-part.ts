/** A piece of the summary that may be swapped for a short note when the whole is too big. */
export interface CuttablePart {
  readonly full: string;
  readonly cut: string;
}

/** Fixed text, or a piece the size cap may cut. */
export type SummaryPart = string | CuttablePart;

/** Size in bytes, as GitHub counts the summary's limit. */
export function byteSize(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
