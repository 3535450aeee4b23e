import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** The files and packages a module loads before it runs: its static imports, followed (`import type` and `import()` are not). */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string>; builtins: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const builtins = new Set<string>();
  const importLine = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  const walk = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(importLine)) {
      if (spec!.startsWith('.')) walk(path.resolve(path.dirname(file), spec!));
      else if (spec!.startsWith('node:')) builtins.add(spec!);
      else packages.add(spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!);
    }
  };
  walk(path.join(SRC, entry));
  return { files, packages, builtins };
}

describe('what starting loads', () => {
  it('the CLI loads a command’s code only when that command runs: --version needs no package at all', () => {
    const { files, packages } = staticGraph('cli.ts');
    expect([...packages]).toEqual([]);
    // 18 files: the argument parser names the nearest option to an unknown one (plan/nearest-name.ts, no imports),
    // reads an --input value as the action reads one written bare (plan/plain-input-value.ts, no imports) and refuses
    // a blank --model (core/invisible-characters.ts, 1.7 KB, with its linear-time NFKC, core/normalize-linear.ts, no imports),
    // the output is batched (core/batch-output.ts, no imports) and shows control characters as symbols
    // (core/visible-controls.ts, no imports), and the default output folder is named once (core/output-folder-name.ts,
    // no imports), for the CLI and the files tools that keep out of it; --model-timeout-seconds is checked against
    // the range the plan key has (llm/model-timeout.ts, no imports).
    expect(files.size).toBeLessThan(19);
  });

  it('validating a plan loads no GitHub client, model client or MCP client', () => {
    const { packages } = staticGraph('cli/validate-command.ts');
    for (const heavy of ['@actions/github', '@actions/core', '@actions/http-client', '@octokit/plugin-throttling', 'openai', '@modelcontextprotocol/sdk', '@actions/artifact']) {
      expect(packages).not.toContain(heavy);
    }
  });

  it('the action starts without the toolkit, Octokit, a model or MCP client: each loads when first used', () => {
    const { packages, files, builtins } = staticGraph('index.ts');
    // Loading zlib costs a start 5–8 ms; only the comment's hidden state block uses it.
    expect(builtins).not.toContain('node:zlib');
    // The Markdown reader (micromark) cleans text for prompts and for GitHub: it loads with the first step or goal that asks a model, or the first text written to GitHub.
    for (const heavy of ['@actions/core', '@actions/github', '@actions/http-client', '@octokit/plugin-throttling', 'undici', 'openai', '@modelcontextprotocol/sdk', '@actions/artifact', 'mdast-util-from-markdown', 'micromark-extension-gfm-autolink-literal', 'micromark-extension-gfm-table', 'micromark-extension-gfm-footnote']) {
      expect(packages).not.toContain(heavy);
    }
    // A plan with steps never writes a plan, and no eval runs without mode: eval; model steps load their code at their first step.
    const lazyFiles = ['planner/write-plan.ts', 'planner/model-replanner.ts', 'action/run-eval-action.ts', 'github/create-octokit.ts'];
    const modelOnly = ['steps/run-reasoning-step.ts', 'steps/run-aggregate-step.ts', 'steps/agent/run-agent-step.ts', 'steps/choose-tool-arguments.ts', 'goals/judge-prompt.ts', 'security/sanitize-untrusted.ts', 'security/neutralise-outbound.ts', 'security/markdown-tree.ts', 'security/plain-markup.ts', 'security/container-scan.ts', 'security/github-links-as-written.ts'];
    for (const lazy of [...lazyFiles, ...modelOnly]) {
      expect([...files].map((file) => path.relative(SRC, file))).not.toContain(lazy);
    }
  });
});
