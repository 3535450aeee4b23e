import type { Tool } from '../../src/tools/tool.ts';
import { StepError } from '../../src/core/step-error.ts';

/** A plan file with a model block, the given limits, tools and steps (YAML flow maps, one per line). */
export function planYaml(parts: { goal?: string; limits?: object; tools?: Record<string, string>; steps?: string[]; extra?: string }): string {
  const lines = [`name: fault injection`, `goal: ${JSON.stringify(parts.goal ?? 'Greet the team')}`, 'model: { name: gpt-4.1-mini }'];
  lines.push(`limits: ${JSON.stringify({ max_replans: 2, ...parts.limits })}`);
  if (parts.tools && Object.keys(parts.tools).length > 0) lines.push('tools:', ...Object.entries(parts.tools).map(([name, body]) => `  ${name}: ${body}`));
  if (parts.steps) lines.push('workflow_sequence:', ...parts.steps.map((step) => `  - ${step}`));
  if (parts.extra) lines.push(parts.extra);
  return `${lines.join('\n')}\n`;
}

/** A command tool that runs inline Node code (no shell): `node -e CODE`, with a state file in the working directory. */
export function nodeTool(description: string, code: string, extra = ''): string {
  return `{ description: ${JSON.stringify(description)}, command: ${JSON.stringify(['node', '-e', code])}, input: { type: object }${extra} }`;
}

/** Node code for a tool that fails with `exitCode` on its first call in this directory, then prints `output`. */
export function failsOnceCode(exitCode: number, output: string): string {
  return `const fs = require('node:fs');
if (!fs.existsSync('.tried')) { fs.writeFileSync('.tried', '1'); process.stderr.write('temporarily unavailable'); process.exit(${exitCode}); }
process.stdout.write(${JSON.stringify(output)});`;
}

/** An in-process tool whose calls are counted, answering with `behave(call number)`. */
export function countedTool(name: string, options: { sideEffects?: boolean; timeoutSeconds?: number }, behave: (call: number, signal: AbortSignal) => Promise<unknown>): Tool & { calls: number } {
  const tool = {
    name,
    description: `${name} for fault injection`,
    inputSchema: { type: 'object' },
    sideEffects: options.sideEffects ?? false,
    ...(options.timeoutSeconds !== undefined && { timeoutSeconds: options.timeoutSeconds }),
    calls: 0,
    execute: (_args: Record<string, unknown>, ctx: { signal: AbortSignal }) => {
      tool.calls += 1;
      return behave(tool.calls, ctx.signal);
    },
  };
  return tool;
}

/** Never settles by itself; rejects with the abort reason (a step timeout) like a well-behaved tool. */
export function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

export const transient503 = (): StepError => new StepError('503 from the comment service', { transient: true });
