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
  for (const [name, tool] of Object.entries(plan.tools ?? {})) {
    tool.command.forEach((arg, index) => {
      const reference = referenceIn(arg);
      if (reference === undefined) return;
      const how = reference.env ? 'a runner variable reaches it through `env:`' : 'it gets the step\'s `args` as JSON on stdin: pass the value there';
      issues.push({ path: ['tools', name, 'command', index], message: `\`${reference.written}\` would reach the program as written: a command's argv is not filled in (no shell), and ${how}` });
    });
  }
  // A stdio MCP server's argv is passed as written too: `--token=${env.DOCS_TOKEN}` started it with those characters.
  for (const [name, server] of Object.entries(plan.mcp_servers ?? {})) {
    server.command?.forEach((arg, index) => {
      const reference = referenceIn(arg);
      if (reference === undefined) return;
      const how = reference.env ? 'a runner variable reaches it through `env:`' : 'the server starts before any step: pass the value as a tool argument';
      issues.push({ path: ['mcp_servers', name, 'command', index], message: `\`${reference.written}\` would reach the program as written: a command's argv is not filled in (no shell), and ${how}` });
    });
    // Its url is used as written as well: `https://mcp.test/${env.TENANT}/mcp` sent every request to that very path.
    const inUrl = server.url === undefined ? undefined : referenceIn(server.url);
    if (inUrl !== undefined) {
      const how = inUrl.env ? 'a runner variable reaches it through `headers:`' : 'the server is reached before any step: pass the value as a tool argument';
      issues.push({ path: ['mcp_servers', name, 'url'], message: `\`${inUrl.written}\` would reach the server as written: a server's url is not filled in, and ${how}` });
    }
  }
  (plan.goals ?? []).forEach((goal, goalIndex) => {
    goal.command?.forEach((arg, index) => {
      const reference = referenceIn(arg);
      if (reference === undefined) return;
      issues.push({ path: ['goals', goalIndex, 'command', index], message: `\`${reference.written}\` would reach the program as written: a command goal's argv is not filled in (no shell); it reads the result it checks on stdin` });
    });
  });
  return issues;
}
