// Found by review: text cut to fit a prompt ended without `…` at the cut, where the redactor looks for
// the start of a known secret a cut leaves: 22 of a 23-character key reached the model.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { actAsRunner } from './act-as-runner.ts';

// A deploy key the run knows (its runner variable name looks secret), 23 characters.
const DEPLOY_KEY = 'Zq8vN3xL5wR2tY7uP4sK9mB';
let server: ChatServer;
let workspace: string;
beforeEach(async () => {
  server = await startChatServer();
  workspace = await mkdtemp(path.join(os.tmpdir(), 'egress-cut-'));
});
afterEach(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});

it('a result cut to fit a prompt shows no start of a known secret the cut split', async () => {
  // The key starts at character 7,979 of 8,001; a step's context keeps 8,000 (RESULT_CHAR_LIMIT).
  await writeFile(
    path.join(workspace, 'plan.yml'),
    `name: cut
tools:
  build_log:
    description: Prints the build log
    command: [node, -e, "process.stdout.write('x'.repeat(7977) + ' ' + process.env.DEPLOY_KEY)"]
    env: [DEPLOY_KEY]
workflow_sequence:
  - { id: 1, type: tool_call, tool: build_log, args: {} }
  - { id: 2, type: reasoning, description: Summarise the build log, depends_on: [1] }
`,
  );
  server.script([textAnswer('The build log is mostly x.')]);
  const { said } = await actAsRunner({
    workspace,
    inputs: { plan: 'plan.yml', 'api-key': 'sk-test-key-0000', 'base-url': server.baseURL, comment: 'never', 'check-run': 'false', state: 'off' },
    env: { DEPLOY_KEY },
  });
  expect(said.summary).not.toContain(DEPLOY_KEY);
  const prompt = JSON.stringify(server.requests.map((request) => request.body.messages));
  expect(prompt).toContain('x ***…');
  for (let length = 4; length <= DEPLOY_KEY.length; length++) expect(prompt).not.toContain(DEPLOY_KEY.slice(0, length));
});
