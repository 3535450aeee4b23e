/**
 * Parses the file `core.setOutput` appends to (`GITHUB_OUTPUT`): `name<<DELIMITER`, the value's
 * lines, `DELIMITER`. Throws on anything else, so a malformed file fails the test that reads it.
 */
export function parseGitHubOutput(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const open = /^([^<=]+)<<(.+)$/.exec(line);
    if (!open) throw new Error(`GITHUB_OUTPUT line ${i + 1} is not "name<<DELIMITER": ${line}`);
    const [, name, delimiter] = open;
    const end = lines.indexOf(delimiter!, i + 1);
    if (end < 0) throw new Error(`GITHUB_OUTPUT: no closing ${delimiter} for ${name}`);
    outputs[name!] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}
