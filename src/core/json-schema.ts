/** A JSON Schema document as written in a plan file or produced by an adapter. */
export type JsonSchema = Readonly<Record<string, unknown>>;
