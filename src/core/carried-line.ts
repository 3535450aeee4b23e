/**
 * Whether `event` is one of the lines a resumed run carries from the run it resumes, which its `plan_created`
 * counts (`carries`): a result (`result_carried`) or a side-effect call (`tool_called` of kind `inherited`). The
 * run counts them, the trace writer holds its first lines until they have all come, and a resume refuses a
 * trace that holds fewer.
 */
export function isCarriedLine(event: { readonly type: string; readonly kind?: string }): boolean {
  return event.type === 'result_carried' || (event.type === 'tool_called' && event.kind === 'inherited');
}
