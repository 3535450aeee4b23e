/**
 * An input's value written bare, with no quotes to say it is text: a plain scalar of the action's `inputs`, a CLI
 * `--input` VALUE. A number or a flag when it reads back exactly as written (`42`, `-0.25`, `true`, as JSON writes
 * them), else its text as written (`1.50`, `007`, `0x1f`, `1e3`, `True`), which the plan reads as its input's
 * default's kind (`resolveInputs`). One rule for both: `--input a=3` was the text "3" where `inputs: 'a: 3'` was the
 * number, and a plan given an input with no default passed in the workflow and failed on the machine.
 */
export function plainInputValue(text: string): string | number | boolean {
  if (text === 'true' || text === 'false') return text === 'true';
  const number = Number(text);
  return Number.isFinite(number) && String(number) === text ? number : text;
}
