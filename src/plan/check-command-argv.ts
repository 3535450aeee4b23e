import type { PlanIssue } from './plan-issue.ts';
import { parseTemplateBody, TEMPLATE_PATTERN } from './reference-syntax.ts';
import type { Plan } from './schema.ts';

/**
 * The first `${…}` in `arg` that names a step's result, an input or a runner variable: a program's argv
 * is passed as written (no shell, nothing filled in), so it would reach the program as those characters.
 * A shell's own `${HOME}`, `${item}` or `${result}` inside `sh -c` is left alone.
 */
function referenceIn(arg: string): { readonly written: string; readonly env: boolean } | undefined {
  for (const [written, body] of arg.matchAll(TEMPLATE_PATTERN)) {
    if (/^\s*env\./.test(body!)) return { written, env: true };
    if (parseTemplateBody(body!).kind === 'reference') return { written, env: false };
  }
  return undefined;
}

/**
 * No command tool's, MCP server's or command goal's argv, nor an MCP server's url, holds a reference (found by an adversarial pass): a goal
 * `command: [check, "${steps.1.result}"]` ran `check` on the literal text and passed without checking
 * anything, and a tool got `${inputs.p}` for the input's value.
 */
export function checkCommandArgv(plan: Plan): PlanIssue[] {
  const issues: PlanIssue[] = [];
  // Each word of an argv at `path`; `how` says where such a value goes instead.
  const argv = (words: readonly string[] | undefined, path: PlanIssue['path'], what: string, how: (env: boolean) => string): void => {
    words?.forEach((arg, index) => {
      const reference = referenceIn(arg);
      if (reference !== undefined) issues.push({ path: [...path, index], message: `\`${reference.written}\` would reach the program as written: ${what} is not filled in (no shell)${how(reference.env)}` });
    });
  };
  for (const [name, tool] of Object.entries(plan.tools ?? {})) {
    argv(tool.command, ['tools', name, 'command'], "a command's argv", (env) => (env ? ', and a runner variable reaches it through `env:`' : ", and it gets the step's `args` as JSON on stdin: pass the value there"));
  }
  for (const [name, server] of Object.entries(plan.mcp_servers ?? {})) {
    // A stdio MCP server's argv is passed as written too: `--token=${env.DOCS_TOKEN}` started it with those characters.
    argv(server.command, ['mcp_servers', name, 'command'], "a command's argv", (env) => (env ? ', and a runner variable reaches it through `env:`' : ', and the server starts before any step: pass the value as a tool argument'));
    // Its url is used as written as well: `https://mcp.test/${env.TENANT}/mcp` sent every request to that very path.
    const inUrl = server.url === undefined ? undefined : referenceIn(server.url);
    if (inUrl !== undefined) {
      const how = inUrl.env ? 'a runner variable reaches it through `headers:`' : 'the server is reached before any step: pass the value as a tool argument';
      issues.push({ path: ['mcp_servers', name, 'url'], message: `\`${inUrl.written}\` would reach the server as written: a server's url is not filled in, and ${how}` });
    }
  }
  (plan.goals ?? []).forEach((goal, goalIndex) => {
    argv(goal.command, ['goals', goalIndex, 'command'], "a command goal's argv", () => '; it reads the result it checks on stdin');
  });
  return issues;
}
