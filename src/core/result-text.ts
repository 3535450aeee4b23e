/** A step result as text: strings as they are, everything else as indented JSON. */
export function resultText(result: unknown): { readonly text: string; readonly json: boolean } {
  if (typeof result === 'string') return { text: result, json: false };
  try {
    const json = JSON.stringify(result, null, 2);
    if (json !== undefined) return { text: json, json: true };
  } catch {
    // Cycles or BigInt: fall through to String().
  }
  return { text: String(result), json: false };
}
