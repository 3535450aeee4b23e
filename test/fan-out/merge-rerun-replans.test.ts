import { rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ResumeTrace } from '../../src/run/read-resume-trace.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { makeReleaseFolder, releasesIn, tagWithVReplan } from '../helpers/release-folder.ts';
import { runTracedJob } from '../helpers/traced-job.ts';

let dir: string;
let server: ChatServer;
beforeEach(async () => {
  // The registry refuses tags without a `v` while `strict` is there; the chat is down while `down` is there.
  dir = await makeReleaseFolder('plan-runner-merge-rerun-');
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const plan = `name: Release
model: { name: gpt-4.1-mini }
approval: never
limits: { max_replans: 1 }
tools:
  list: { description: The items, command: [node, -e, "process.stdout.write('[1,2]')"] }
  check: { description: Check one, command: [sh, -c, "cat > /dev/null; printf '\\"ok\\"'"], input: { type: object, properties: { n: { type: integer } }, required: [n] } }
  publish: { description: Publish a release, side_effects: true, command: [sh, publish.sh], input: { type: object, properties: { tag: { type: string } }, required: [tag] } }
  announce: { description: Announce the release, command: [sh, announce.sh], input: { type: object, properties: { text: {} } } }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: check, type: tool_call, tool: check, for_each: "\${steps.list.result}", fan_out: true, args: { n: "\${item}" } }
  - { id: publish, type: tool_call, tool: publish, args: { tag: "1.2" }, depends_on: [check] }
  - { id: announce, type: tool_call, tool: announce, args: { text: { step_result: publish } }, depends_on: [publish] }
`;

const releases = () => releasesIn(dir);

// A re-run of the merge job read the prepare job's plan, not the one its earlier attempt replanned to: the step
// that replan replaced ran again, and published a second release beside its replacement's (found by an adversarial pass).
it('a merge job’s re-run goes on with the plan its earlier attempt replanned to, and never runs the step that replan replaced', async () => {
  server.script([textAnswer(tagWithVReplan)]);
  const prepare = await runTracedJob(dir, plan, server, { fanOut: { part: 'prepare', shards: 2 } });
  expect(prepare.status).toBe('succeeded');
  const shards: ResumeTrace[] = [];
  for (const shard of [1, 2]) {
    const ran = await runTracedJob(dir, plan, server, { fanOut: { part: 'shard', shard }, resume: [{ ...prepare.trace, fanOutPart: 'prepare' }] });
    expect(ran.status).toBe('succeeded');
    shards.push({ ...ran.trace, fanOutPart: shard });
  }
  const given = [{ ...prepare.trace, fanOutPart: 'prepare' as const }, ...shards];
  const first = await runTracedJob(dir, plan, server, { fanOut: { part: 'merge' }, resume: given });
  // Replanned around the refused tag, then stopped: the chat was down and the one replan was spent.
  expect(first.status).toBe('escalated');
  expect(await releases()).toEqual(['{"tag":"v1.2"}']);
  // The registry takes any tag now, and the chat is back: "Re-run failed jobs" runs the merge job again.
  await unlink(path.join(dir, 'strict'));
  await unlink(path.join(dir, 'down'));
  const second = await runTracedJob(dir, plan, server, { fanOut: { part: 'merge' }, resume: [...given, { ...first.trace, fanOutPart: 'merge' }] });
  expect(await releases()).toEqual(['{"tag":"v1.2"}']);
  expect(second.status).toBe('succeeded');
  expect(second.outcome.kind === 'ran' && second.outcome.plan.steps.map((step) => step.key)).toEqual(['list', 'check', 'publish_fixed', 'announce_fixed']);
  // The model was asked once, by the first attempt's replan.
  expect(server.requests).toHaveLength(1);
});

const dropsCheck = `name: Release
model: { name: gpt-4.1-mini }
approval: never
limits: { max_replans: 1 }
tools:
  list: { description: The items, command: [node, -e, "process.stdout.write('[1,2]')"] }
  check: { description: Check one, command: [sh, -c, "cat > /dev/null; if [ -e broken ]; then exit 1; fi; printf '\\"ok\\"'"], input: { type: object, properties: { n: { type: integer } }, required: [n] } }
  publish: { description: Publish a release, side_effects: true, command: [sh, publish.sh], input: { type: object, properties: { tag: { type: string } }, required: [tag] } }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: check, type: tool_call, tool: check, for_each: "\${steps.list.result}", fan_out: true, args: { n: "\${item}" } }
  - { id: publish, type: tool_call, tool: publish, args: { tag: "1.2" }, depends_on: [list] }
`;

// Where the earlier attempt's replan replaced a fan-out step too, the re-run starts from the prepare job's plan (a shard's
// re-run items count there): a step that replan replaced would run again there, and one with side effects is refused.
it('a merge job’s re-run that cannot go on with its earlier attempt’s replans refuses to run again a step they replaced with side effects', async () => {
  const release = JSON.stringify({ why: 'tags need a v', steps: [{ id: 'publish_fixed', type: 'tool_call', tool: 'publish', args: { tag: 'v1.2' }, depends_on: [], why: 'tags need a v' }] });
  server.script([textAnswer(release)]);
  const prepare = await runTracedJob(dir, dropsCheck, server, { fanOut: { part: 'prepare', shards: 1 } });
  expect(prepare.status).toBe('succeeded');
  await writeFile(path.join(dir, 'broken'), '');
  const shard = await runTracedJob(dir, dropsCheck, server, { fanOut: { part: 'shard', shard: 1 }, resume: [{ ...prepare.trace, fanOutPart: 'prepare' }] });
  expect(shard.status).toBe('failed');
  const given = [{ ...prepare.trace, fanOutPart: 'prepare' as const }];
  const first = await runTracedJob(dir, dropsCheck, server, { fanOut: { part: 'merge' }, resume: [...given, { ...shard.trace, fanOutPart: 1 }] });
  expect(first.outcome.kind === 'ran' && first.outcome.plan.steps.length).toBeGreaterThan(0);
  expect(await releases()).toEqual(['{"tag":"v1.2"}']);
  // The shard is re-run and passes; then the merge job, whose earlier plan has no check step left.
  await unlink(path.join(dir, 'broken'));
  await unlink(path.join(dir, 'strict'));
  const again = await runTracedJob(dir, dropsCheck, server, { fanOut: { part: 'shard', shard: 1 }, resume: [...given, { ...shard.trace, fanOutPart: 1 }] });
  expect(again.status).toBe('succeeded');
  const second = await runTracedJob(dir, dropsCheck, server, { fanOut: { part: 'merge' }, resume: [...given, { ...again.trace, fanOutPart: 1 }, { ...first.trace, fanOutPart: 'merge' }] });
  expect(await releases()).toEqual(['{"tag":"v1.2"}']);
  expect(second.outcome.kind).toBe('rejected');
  const said = second.outcome.kind === 'rejected' ? second.outcome.errors.map((error) => error.message).join('\n') : '';
  // publish and check run side by side in the first attempt: publish failed before the replan, or the replan (for
  // check's missing items) dropped it first; a loaded machine gave the second order once. Either way it is refused.
  expect(said).toMatch(/cannot re-run the merge: step publish (failed, then replaced by a replan|never ran: a revision of the plan dropped it)/);
  expect(said).toContain("that attempt's replans replaced the fan-out step check, so this attempt starts from the prepare job's plan, where step publish is in the plan again");
  expect(said).toContain('it may call publish, a tool with side effects');
  expect(said).toContain('start a new run of the workflow');
});
