/** A step result as text: strings as they are, everything else as indented JSON. */
export function resultText(result: unknown): { readonly text: string; readonly json: boolean } {
  if (typeof result === 'string') return { text: result, json: false };
  // What JSON.stringify would write for these, without its indenting machinery.
  if (typeof result === 'boolean' || result === null || (typeof result === 'number' && Number.isFinite(result))) return { text: String(result), json: true };
  try {
    const json = JSON.stringify(result, null, 2);
    if (json !== undefined) return { text: json, json: true };
  } catch {
    // Cycles or BigInt: fall through to String().
  }
  return { text: String(result), json: false };
}
