const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** A path as users read it: `workflow_sequence[2].tool`, `tools["my tool"]`. */
export function formatPath(path: readonly (string | number)[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
