// A plain resume that does not go on with the plan its run last had (the plan file changed since, or the
// inputs did) starts from the file's steps: a step with side effects a replan had replaced there ran again,
// beside its replacement's effect (a second release), where a merge job's re-run was refused (found by a review).
import { rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { makeReleaseFolder, releasesIn, tagWithVReplan } from '../helpers/release-folder.ts';
import { runTracedJob } from '../helpers/traced-job.ts';

let dir: string;
let server: ChatServer;
beforeEach(async () => {
  // The registry refuses tags without a `v` while `strict` is there; the chat is down while `down` is there.
  dir = await makeReleaseFolder('plan-runner-resume-replaced-');
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const plan = (text: string) => `name: Release
model: { name: gpt-4.1-mini }
approval: never
inputs:
  channel: { default: general }
limits: { max_replans: 1 }
tools:
  publish: { description: Publish a release, side_effects: true, command: [sh, publish.sh], input: { type: object, properties: { tag: { type: string } }, required: [tag] } }
  announce: { description: Announce the release, command: [sh, announce.sh], input: { type: object, properties: { text: {}, note: {} } } }
workflow_sequence:
  - { id: publish, type: tool_call, tool: publish, args: { tag: "1.2" } }
  - { id: announce, type: tool_call, tool: announce, args: { text: { step_result: publish }, note: "${text}" }, depends_on: [publish] }
`;

const releases = () => releasesIn(dir);

/** Attempt 1: the refused tag replaced by a replan, whose release went out; then stopped, the chat down. The registry and chat are back after. */
async function firstAttempt() {
  server.script([textAnswer(tagWithVReplan)]);
  const first = await runTracedJob(dir, plan('released'), server);
  expect(first.status).toBe("escalated");
  expect(await releases()).toEqual(['{"tag":"v1.2"}']);
  await unlink(path.join(dir, 'strict'));
  await unlink(path.join(dir, 'down'));
  return first;
}

const refusal = (outcome: Awaited<ReturnType<typeof runTracedJob>>['outcome']) => (outcome.kind === 'rejected' ? outcome.errors.map((error) => error.message).join('\n') : `ran: ${outcome.kind}`);

it('a resume after the plan file changed refuses to run again the step with side effects a replan replaced', async () => {
  const first = await firstAttempt();
  // The announcement's text is edited, then the run resumed (plan-runner run --resume).
  const second = await runTracedJob(dir, plan('released 1.2'), server, { resume: [first.trace] });
  expect(await releases()).toEqual(['{"tag":"v1.2"}']);
  const said = refusal(second.outcome);
  expect(said).toContain('cannot resume: step publish failed, then replaced by a replan');
  expect(said).toContain("the plan file's steps changed since");
  expect(said).toContain('it may call publish, a tool with side effects');
  expect(said).toContain('Nothing ran');
});

it('a resume with other inputs refuses to run again the step with side effects a replan replaced', async () => {
  const first = await firstAttempt();
  const second = await runTracedJob(dir, plan('released'), server, { resume: [first.trace], inputs: { channel: 'releases' } });
  expect(await releases()).toEqual(['{"tag":"v1.2"}']);
  const said = refusal(second.outcome);
  expect(said).toContain('cannot resume: step publish failed, then replaced by a replan');
  expect(said).toContain('inputs');
  expect(said).toContain('it may call publish, a tool with side effects');
});

it('a resume of the unchanged plan goes on with its replans and runs the replaced step nowhere', async () => {
  const first = await firstAttempt();
  const second = await runTracedJob(dir, plan('released'), server, { resume: [first.trace] });
  expect(second.status).toBe('succeeded');
  expect(await releases()).toEqual(['{"tag":"v1.2"}']);
});
