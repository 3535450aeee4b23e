import { cutNoteIn } from '../core/cut-note.ts';
import { resultText } from '../core/result-text.ts';
import { valueText, type ValueText } from './value-text.ts';

/** A result's texts as goals read them: its JSON (or its text) and its values' own texts. */
export interface ResultTexts {
  readonly text: string;
  readonly valueText: ValueText;
}

/** `value`'s texts, made once for every goal (and cut-note look) on it. */
export function resultTexts(value: unknown): ResultTexts {
  return { text: resultText(value).text, valueText: valueText(value) };
}

/** The first cut note in a result's texts (its values', then its JSON's): a tool returned only part of what it read. */
export function resultCutNote(texts: ResultTexts): string | undefined {
  return cutNoteIn(texts.valueText.values) ?? cutNoteIn(texts.text);
}
