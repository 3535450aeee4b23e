// A step's reuse key held an MCP tool's name, description and schema, but not the server that answers it:
// a resume after the plan pointed `mcp_servers:` at another server (another command, URL or environment: staging
// to production) reused the old server's answers, and every step after them ran on those (found by an
// adversarial pass over durable runs).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import type { Tool } from '../../src/tools/tool.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rms-'));
  const serve = pathToFileURL(path.resolve('test/fixtures/mcp/serve-stdio.mjs')).href;
  // Answers `lookup` with the place it was started for (its first argument).
  await writeFile(
    path.join(dir, 'server.mjs'),
    `import { serveStdio } from ${JSON.stringify(serve)};
serveStdio({
  name: 'docs',
  listTools: () => ({ tools: [{ name: 'lookup', description: 'Look it up', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] }),
  callTool: () => ({ content: [{ type: 'text', text: 'answered by ' + process.argv[2] }] }),
});
`,
  );
});
afterEach(() => rm(dir, { recursive: true, force: true }));

let finishFails = true;
const finish: Tool = { name: 'finish', description: 'finish', inputSchema: { type: 'object' }, sideEffects: false, async execute(args) { if (finishFails) throw new Error('finish refused'); return args; } };

let n = 0;
async function run(place: string, resume?: string) {
  await writeFile(
    path.join(dir, 'plan.yml'),
    `name: docs
limits: { max_replans: 0 }
mcp_servers:
  docs: { command: [${JSON.stringify(process.execPath)}, server.mjs, ${place}] }
workflow_sequence:
  - { id: look, type: tool_call, tool: docs__lookup, args: {} }
  - { id: end, type: tool_call, tool: finish, args: { answer: "\${steps.look.result}" }, depends_on: [look] }
`,
  );
  const tracePath = path.join(dir, `t${++n}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const from = resume ? { resume: { file: resume, text: await readFile(resume, 'utf8') } } : {};
  const outcome = await runJob(
    { planFile: path.join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9' }, ...from },
    { listeners: [trace.listener], clock: systemClock, extraTools: [finish] },
  );
  await trace.close();
  if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
  return { outcome, trace: tracePath };
}

it('runs an MCP tool’s step again when the plan points its server elsewhere, and reuses it when the server is the same', async () => {
  finishFails = true;
  const first = await run('staging');
  expect(first.outcome.status).not.toBe('succeeded');
  finishFails = false;
  const second = await run('production', first.trace);
  expect(second.outcome.run.finalResult).toEqual({ answer: 'answered by production' });
  expect(second.outcome.run.record.steps.get('look')?.reused).toBeUndefined();
  // The same server: its answer stands.
  finishFails = true;
  const third = await run('production');
  finishFails = false;
  const fourth = await run('production', third.trace);
  expect(fourth.outcome.run.finalResult).toEqual({ answer: 'answered by production' });
  expect(fourth.outcome.run.record.steps.get('look')?.reused).toBeDefined();
});
