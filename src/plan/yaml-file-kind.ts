/**
 * What a YAML file read with the plan file's reader is (a plan, a fault file, an answers file), for the messages
 * the reader writes: a fault file was told that "a plan file holds one YAML document", and "plans never need that".
 */
export interface YamlFileKind {
  /** The file's name with its article: `a plan file`, `an answers file`. */
  readonly called: string;
  /** What a file of this kind holds, said when it holds nothing or the wrong kind of value. */
  readonly holds: string;
  /** The kind of value at its top: a plan's is a map, a fault file's a list. */
  readonly top: 'map' | 'list';
  /** What to do with an empty file of this kind. */
  readonly whenEmpty: string;
}

export const PLAN_FILE: YamlFileKind = {
  called: 'a plan file',
  holds: 'a map of keys (goal:, workflow_sequence:, tools:, …)',
  top: 'map',
  whenEmpty: 'add `goal:` (the task in words, for a model to plan) or `workflow_sequence:` (the steps)',
};

/** The file's name without its article: `plan file`. */
export function kindName(kind: YamlFileKind): string {
  return kind.called.replace(/^an? /, '');
}

/** What an empty file of `kind` is told. */
export function emptyFileMessage(kind: YamlFileKind): string {
  return `the ${kindName(kind)} is empty: ${kind.whenEmpty}`;
}
