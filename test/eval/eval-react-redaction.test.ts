// The eval ReAct baseline (`mode: eval` + `eval-baselines: react`, or `plan-runner eval --baseline react`)
// once sent tool results to the model and model-chosen arguments to tools without the run's redactor.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startChatServer, textAnswer, toolCallAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { runReactBaseline } from './eval-fixture.ts';

const DEPLOY_KEY = 'deploy-key-s3cr3t-value-0042';
let dir: string;
let chat: ChatServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-react-'));
  await mkdir(path.join(dir, 'tools'));
  await writeFile(path.join(dir, 'tools/status.mjs'), 'process.stdout.write("deployed with " + process.env.DEPLOY_KEY);\n');
  await writeFile(path.join(dir, 'tools/note.mjs'), `import { writeFileSync } from 'node:fs';\nlet s = '';\nprocess.stdin.on('data', (c) => (s += c)).on('end', () => { writeFileSync('note-stdin.txt', s); process.stdout.write('ok'); });\n`);
  await writeFile(path.join(dir, 'plan.yml'), [
    'name: leak',
    'goal: Report the deploy status',
    'tools:',
    '  status:',
    '    description: Deploy status',
    '    command: [node, tools/status.mjs]',
    '    env: [DEPLOY_KEY]',
    '  note:',
    '    description: Keep a note',
    '    command: [node, tools/note.mjs]',
    '    input: { type: object, properties: { text: { type: string } }, required: [text] }',
    'workflow_sequence:',
    '  - { id: s, type: tool_call, tool: status, args: {} }',
    '',
  ].join('\n'));
  chat = await startChatServer([
    toolCallAnswer('status', {}),
    // A model obeying text it read passes the value on: here to a tool's stdin (could be http_get's URL).
    toolCallAnswer('note', { text: `key is ${DEPLOY_KEY}` }),
    textAnswer('done'),
  ]);
});

afterAll(async () => {
  await chat.close();
  await rm(dir, { recursive: true, force: true });
});

it('the react baseline redacts secrets in prompts and tool arguments, as a plan run does', async () => {
  await runReactBaseline(dir, chat.baseURL, { DEPLOY_KEY });
  expect(chat.requests.length).toBe(3);
  // The second prompt holds the status tool's result.
  expect(JSON.stringify(chat.requests[1]!.body)).toContain('deployed with');
  expect(JSON.stringify(chat.requests[1]!.body)).not.toContain(DEPLOY_KEY);
  expect(await readFile(path.join(dir, 'note-stdin.txt'), 'utf8')).not.toContain(DEPLOY_KEY);
});
