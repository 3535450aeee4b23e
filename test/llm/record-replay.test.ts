import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/llm/model-call-error.ts';
import type { ChatRequest, ModelClient } from '../../src/llm/model-client.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { recordingModelClient } from '../../src/llm/recording-model-client.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { ReplayFileError } from '../../src/llm/replay-file-error.ts';
import { ReplayMissingAnswerError } from '../../src/llm/replay-missing-answer-error.ts';
import { replayModelClient } from '../../src/llm/replay-model-client.ts';
import { redactingModelClient } from '../../src/llm/redacting-model-client.ts';
import { StaleRecordingError } from '../../src/llm/stale-recording-error.ts';
import { httpError, startChatServer, textAnswer, toolCallAnswer, type ChatServer } from '../helpers/chat-server.ts';

const API_KEY = 'sk-live-do-not-leak-1234';
let server: ChatServer;
let file: string;

beforeEach(async () => {
  server = await startChatServer();
  file = join(mkdtempSync(join(tmpdir(), 'plan-runner-replay-')), 'run.replay.jsonl');
});
afterEach(async () => {
  await server.close();
});

function live(): ModelClient {
  return createOpenAIModelClient({ baseURL: server.baseURL, apiKey: API_KEY, model: 'gpt-4o-mini', timeoutMs: 5_000, maxRetries: 0 });
}

function ask(content: string, model = 'gpt-4o-mini'): ChatRequest {
  return { model, messages: [{ role: 'system', content: 'You carry out one step.' }, { role: 'user', content }] };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('record and replay', () => {
  // Found by an adversarial pass: a write that failed mid-run (a full disk) threw away the paid answer and failed its step.
  it('keeps the answer when the recording cannot be written, says so once, and writes no more of it', async () => {
    server.script([textAnswer('kept'), textAnswer('first'), textAnswer('second')]);
    const warned: string[] = [];
    const recorder = recordingModelClient(live(), file, { warn: (message) => warned.push(message) });
    await recorder.complete(ask('recorded'), { purpose: 'step:a' });
    // The file turns into a folder: every append now fails (EISDIR), as a full disk fails them.
    const recorded = readFileSync(file, 'utf8');
    rmSync(file);
    mkdirSync(file);
    const said = (answer: unknown) => (answer as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
    expect(said(await recorder.complete(ask('one'), { purpose: 'step:b' }))).toBe('first');
    expect(said(await recorder.complete(ask('two'), { purpose: 'step:c' }))).toBe('second');
    expect(warned).toEqual([expect.stringMatching(/^could not write the recording .*run\.replay\.jsonl \(EISDIR.*\): it ends before this step:b answer, and a replay of it stops there; the run goes on with the answer$/)]);
    // What was recorded before stays a recording a replay reads.
    rmSync(file, { recursive: true });
    writeFileSync(file, recorded);
    expect(said(await replayModelClient(file).complete(ask('recorded'), { purpose: 'step:a' }))).toBe('kept');
    // Given no one to tell, the failure fails the call, as before.
    server.script([textAnswer('lost')]);
    const silent = recordingModelClient(live(), join(dirname(file), 'silent.jsonl'));
    rmSync(join(dirname(file), 'silent.jsonl'));
    mkdirSync(join(dirname(file), 'silent.jsonl'));
    await expect(silent.complete(ask('x'), { purpose: 'step:a' })).rejects.toThrow(/EISDIR/);
  });

  // Found by a replay hunt: the recording was emptied when its client was made, so a run refused before its first call
  // (`--approve` with a wrong hash, a trace it could not resume) left an earlier run's paid recording a bare header.
  it('leaves an earlier recording at its path as it was until the first exchange, then starts it afresh', async () => {
    server.script([textAnswer('earlier'), textAnswer('later')]);
    await recordingModelClient(live(), file).complete(ask('first run'), { purpose: 'step:a' });
    const earlier = readFileSync(file, 'utf8');
    recordingModelClient(live(), file);
    expect(readFileSync(file, 'utf8')).toBe(earlier);
    const said = (answer: unknown) => (answer as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
    expect(said(await replayModelClient(file).complete(ask('first run'), { purpose: 'step:a' }))).toBe('earlier');
    // A run that does call the model starts the file afresh at that call: one run's calls, never two runs' mixed.
    const recorder = recordingModelClient(live(), file);
    await recorder.complete(ask('second run'), { purpose: 'step:b' });
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toEqual({ recording: 'plan-runner', version: 1, defaultModel: 'gpt-4o-mini' });
    expect(said(await replayModelClient(file).complete(ask('second run'), { purpose: 'step:b' }))).toBe('later');
    await expect(replayModelClient(file).complete(ask('first run'), { purpose: 'step:a' })).rejects.toBeInstanceOf(ReplayMissingAnswerError);
  });

  it('replays the recorded answers per purpose, in order, even when calls were interleaved', async () => {
    server.script([textAnswer('a1'), toolCallAnswer('add', { a: 1, b: 2 }), textAnswer('a2')]);
    const recorder = recordingModelClient(live(), file);
    const recorded = [
      await recorder.complete(ask('first of a'), { purpose: 'step:a' }),
      await recorder.complete(ask('only b'), { purpose: 'step:b' }),
      await recorder.complete(ask('second of a'), { purpose: 'step:a' }),
    ];

    const replay = replayModelClient(file);
    // Replay in a different interleaving: matching is per purpose, not per line.
    const b = await replay.complete(ask('only b'), { purpose: 'step:b' });
    const a1 = await replay.complete(ask('first of a'), { purpose: 'step:a' });
    const a2 = await replay.complete(ask('second of a'), { purpose: 'step:a' });
    expect([a1, b, a2]).toEqual(recorded);
    expect(server.requests).toHaveLength(3);
  });

  it('writes an answer holding U+2028, U+2029 or NEL on one line, and replays it as it was', async () => {
    const answer = 'a\u2028b\u2029c\u0085d';
    server.script([textAnswer(answer)]);
    const recorded = await recordingModelClient(live(), file).complete(ask('say it'), { purpose: 'step:a' });
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/[\u0085\u2028\u2029]/);
    expect(text.trimEnd().split(/\r\n|[\n\r\v\f\u001c-\u001e\u0085\u2028\u2029]/).map((line) => JSON.parse(line) as unknown)).toHaveLength(2);
    expect(await replayModelClient(file).complete(ask('say it'), { purpose: 'step:a' })).toEqual(recorded);
  });

  it('never writes the API key or a secret it is told about into the recording', async () => {
    server.script([textAnswer('fine')]);
    const recorder = recordingModelClient(live(), file, { redact: createRedactor([API_KEY, 'hunter2']) });
    await recorder.complete(ask('the password is hunter2'), { purpose: 'step:1' });
    const text = readFileSync(file, 'utf8');
    expect(server.requests[0]?.headers.authorization).toContain(API_KEY);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('hunter2');
    expect(text).toContain('the password is ***');
  });

  // Found by an adversarial pass: a for_each item keyed by text holding a secret (`key: ${item.url}`, a URL with its
  // password) was recorded under its purpose redacted, and looked up by the purpose whole: no replay of it ever answered.
  it('replays a call whose purpose holds a secret, recorded without it', async () => {
    server.script([textAnswer('fetched')]);
    const redact = createRedactor(['s3cr3t-pass-42']);
    const purpose = 'step:fetch[https://u:s3cr3t-pass-42@example.test/]';
    await redactingModelClient(recordingModelClient(live(), file, { redact }), redact).complete(ask('q'), { purpose });
    expect(readFileSync(file, 'utf8')).not.toContain('s3cr3t-pass-42');
    const response = await redactingModelClient(replayModelClient(file), redact).complete(ask('q'), { purpose });
    expect(response.choices[0]?.message.content).toBe('fetched');
  });

  it('keeps the recorded run’s default model for the replay', async () => {
    server.script([textAnswer('x')]);
    await recordingModelClient(live(), file).complete(ask('q', 'gpt-4.1'), { purpose: 'step:1' });
    expect(replayModelClient(file).defaultModel).toBe('gpt-4o-mini');
    expect(replayModelClient(file, { defaultModel: 'other' }).defaultModel).toBe('other');
  });

  it('fails loudly, naming the step, when a call has no recorded answer', async () => {
    server.script([textAnswer('one')]);
    await recordingModelClient(live(), file).complete(ask('q'), { purpose: 'step:1' });
    const replay = replayModelClient(file);
    await replay.complete(ask('q'), { purpose: 'step:1' });

    const again = await rejection(replay.complete(ask('q'), { purpose: 'step:1' }));
    expect(again).toBeInstanceOf(ReplayMissingAnswerError);
    expect((again as Error).message).toContain('model call 2 of step 1');

    const unknown = await rejection(replay.complete(ask('q'), { purpose: 'step:7' }));
    expect(unknown).toBeInstanceOf(ReplayMissingAnswerError);
    expect((unknown as Error).message).toContain('step 7');
    expect((unknown as Error).message).toContain('--record');
    expect((unknown as Error).message).toContain('A recording answers only the requests of the run it recorded (the same plan, inputs, options and prompts), and this one asked more: give it the inputs and options it was recorded with');
  });

  it('says so when a recording names a used plan\'s step by its bare id, as recordings before 2026-12-05 did', async () => {
    server.script([textAnswer('one'), textAnswer('two')]);
    const recorder = recordingModelClient(live(), file);
    await recorder.complete(ask('q'), { purpose: 'step:line' });
    await recorder.complete(ask('q'), { purpose: 'step:line[https://x.test/a]' });
    const missing = await rejection(replayModelClient(file).complete(ask('q'), { purpose: 'step:web/line' }));
    expect((missing as Error).message).toBe(
      `Replay file ${file} has no recorded answer for model call 1 of step web/line (the file has no calls for it at all). It holds 1 call(s) for step:line: it was recorded before the steps of a plan that a \`type: plan\` step uses were named by that step (step:web/line): record it again with --record ${file}, or run with a model.`,
    );
    const elsewhere = await rejection(replayModelClient(file).complete(ask('q'), { purpose: 'step:web/other' }));
    expect((elsewhere as Error).message).toContain('A recording answers only the requests of the run it recorded (the same plan, inputs, options and prompts), and this one asked more: give it the inputs and options it was recorded with');
    // An item's key may hold `/` (a URL); a recording that names a used plan's step the new way is no old one (found by a review).
    const item = await rejection(replayModelClient(file).complete(ask('q'), { purpose: 'step:web/line[https://x.test/a]' }));
    expect((item as Error).message).toContain('It holds 1 call(s) for step:line[https://x.test/a]');
  });

  it('does not take a recording that names a used plan\'s steps the new way for an old one', async () => {
    server.script([textAnswer('one'), textAnswer('two')]);
    const recorder = recordingModelClient(live(), file);
    await recorder.complete(ask('q'), { purpose: 'step:web/fetch' });
    await recorder.complete(ask('q'), { purpose: 'step:summarize' });
    const missing = await rejection(replayModelClient(file).complete(ask('q'), { purpose: 'step:web/summarize' }));
    expect((missing as Error).message).toContain('A recording answers only the requests of the run it recorded (the same plan, inputs, options and prompts), and this one asked more: give it the inputs and options it was recorded with');
  });

  it('refuses to answer a changed prompt from a stale recording, showing the first difference', async () => {
    server.script([textAnswer('sales are up')]);
    await recordingModelClient(live(), file).complete(ask('Summarise the sales of week 10'), { purpose: 'step:3' });

    const error = await rejection(replayModelClient(file).complete(ask('Summarise the sales of week 11'), { purpose: 'step:3' }));
    expect(error).toBeInstanceOf(StaleRecordingError);
    const message = (error as Error).message;
    expect(message).toContain('step 3');
    expect(message).toContain('message 2 (user)');
    expect(message).toContain('week 10');
    expect(message).toContain('week 11');
    // Found by a new-user walkthrough: the README's weekly report replayed for the other week its sample data holds
    // was told the file "is stale" and to record it again; the file was right, the run was another one.
    expect(message).not.toContain('is stale');
    expect(message).toContain(
      `: message 2 (user) differs at character 29: recorded "… the sales of week 10" but now "… the sales of week 11". A recording answers only the requests of the run it recorded (the same plan, inputs, options and prompts): give the run the inputs and options it was recorded with, or record it again (a run with a model and --record ${file}).`,
    );
  });

  it('detects a changed model, tool offer or tool_choice as stale too', async () => {
    const withTool: ChatRequest = {
      ...ask('q'),
      tools: [{ type: 'function', function: { name: 'add', parameters: { type: 'object' } } }],
      tool_choice: { type: 'function', function: { name: 'add' } },
    };
    server.script([toolCallAnswer('add', {})]);
    await recordingModelClient(live(), file).complete(withTool, { purpose: 'step:1' });
    const cases: ChatRequest[] = [
      { ...withTool, model: 'gpt-4.1' },
      { ...withTool, tools: [{ type: 'function', function: { name: 'subtract', parameters: { type: 'object' } } }] },
      { ...withTool, tool_choice: 'auto' },
      { ...withTool, messages: withTool.messages.slice(0, 1) },
    ];
    const differences = [];
    for (const changed of cases) {
      const error = await rejection(replayModelClient(file).complete(changed, { purpose: 'step:1' }));
      expect(error).toBeInstanceOf(StaleRecordingError);
      differences.push((error as StaleRecordingError).difference);
    }
    expect(differences[0]).toContain('model differs');
    expect(differences[1]).toContain('tools differ');
    expect(differences[2]).toContain('tool_choice differs');
    expect(differences[3]).toContain('2 message(s)');
  });

  // Found by an adversarial pass: only the tools' names were compared, so a changed description or argument schema
  // (or temperature, or answer format) was answered from the recording, made for another question, without a word.
  it('detects a changed tool description or argument schema, temperature or answer format as stale, whatever the key order', async () => {
    const asked: ChatRequest = {
      ...ask('q'),
      tools: [{ type: 'function', function: { name: 'pay', description: 'Pay an invoice', parameters: { type: 'object', properties: { cents: { type: 'integer' } } } } }],
      tool_choice: 'auto',
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' } } },
    };
    server.script([toolCallAnswer('pay', { cents: 100 })]);
    await recordingModelClient(live(), file).complete(asked, { purpose: 'step:1' });
    const tool = asked.tools![0]! as { type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } };
    const cases: ChatRequest[] = [
      { ...asked, tools: [{ type: 'function', function: { ...tool.function, description: 'Pay an invoice twice' } }] },
      { ...asked, tools: [{ type: 'function', function: { ...tool.function, parameters: { type: 'object', properties: { cents: { type: 'integer', maximum: 50 } } } } }] },
      { ...asked, temperature: 1 },
      { ...asked, response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object', required: ['x'] } } } },
    ];
    const differences = [];
    for (const changed of cases) {
      const error = await rejection(replayModelClient(file).complete(changed, { purpose: 'step:1' }));
      expect(error).toBeInstanceOf(StaleRecordingError);
      differences.push((error as StaleRecordingError).difference);
    }
    expect(differences[0]).toContain('tool pay differs');
    expect(differences[1]).toContain('tool pay differs');
    expect(differences[2]).toBe('temperature differs: recorded 0 but now 1');
    expect(differences[3]).toContain('response_format differs');
    // The same request with its keys in another order (a recording edited by hand) is the same question.
    const reordered: ChatRequest = { response_format: asked.response_format, temperature: 0, tool_choice: 'auto', tools: [{ type: 'function', function: { parameters: tool.function.parameters, description: 'Pay an invoice', name: 'pay' } }], messages: asked.messages, model: asked.model };
    await expect(replayModelClient(file).complete(reordered, { purpose: 'step:1' })).resolves.toMatchObject({ choices: [{ message: { tool_calls: [{ function: { name: 'pay' } }] } }] });
  });

  it('replays a recorded failure as the same ModelCallError', async () => {
    server.script([httpError(400, { message: 'context too long' })]);
    const recorder = recordingModelClient(live(), file);
    await expect(recorder.complete(ask('q'), { purpose: 'planner' })).rejects.toBeInstanceOf(ModelCallError);

    const error = await rejection(replayModelClient(file).complete(ask('q'), { purpose: 'planner' }));
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ status: 400, transient: false, detail: 'context too long', purpose: 'planner' });
  });

  // Found by an adversarial hunt: the recording kept neither what a non-answer was billed nor the endpoint's code, so a
  // replay charged nothing where the live run was charged (a token or cost limit it met passed) and read a quota
  // refusal as a plain 429; and a line's error was taken whole, its `purpose` renaming the step that failed.
  it('replays a recorded failure with the usage it was billed and its code, and takes no other field from the line', async () => {
    server.script([
      { kind: 'raw', body: { choices: [], usage: { prompt_tokens: 100_000, completion_tokens: 50_000 } } },
      { kind: 'http', status: 429, body: { error: { message: 'no credit', type: 'insufficient_quota', code: 'insufficient_quota' } } },
    ]);
    const recorder = recordingModelClient(live(), file);
    await expect(recorder.complete(ask('q'), { purpose: 'step:1' })).rejects.toMatchObject({ billed: { usage: { prompt_tokens: 100_000 } } });
    await expect(recorder.complete(ask('q'), { purpose: 'step:2' })).rejects.toMatchObject({ code: 'insufficient_quota' });

    const replay = replayModelClient(file);
    expect(await rejection(replay.complete(ask('q'), { purpose: 'step:1' }))).toMatchObject({ failure: 'malformed', billed: { usage: { prompt_tokens: 100_000, completion_tokens: 50_000 } } });
    expect(await rejection(replay.complete(ask('q'), { purpose: 'step:2' }))).toMatchObject({ status: 429, code: 'insufficient_quota' });

    const header = '{"recording":"plan-runner","version":1,"defaultModel":"m"}';
    const line = (error: string) => `${header}\n{"purpose":"step:1","ordinal":0,"request":${JSON.stringify(ask('q'))},"error":{"failure":"http","transient":false,"attempts":1,"detail":"x"${error}}}\n`;
    writeFileSync(file, line(',"purpose":"step:other","billed":{"usage":{"prompt_tokens":5,"completion_tokens":1}}'));
    const error = await rejection(replayModelClient(file).complete(ask('q'), { purpose: 'step:1' }));
    expect(error).toMatchObject({ purpose: 'step:1', billed: { choices: [], usage: { prompt_tokens: 5, completion_tokens: 1 } } });
    writeFileSync(file, line(',"billed":{"usage":"lots"}'));
    expect(() => replayModelClient(file)).toThrow("line 2: its error's `billed` is not an answer with a `usage` plan-runner would take from an endpoint");
    writeFileSync(file, line(',"code":7'));
    expect(() => replayModelClient(file)).toThrow("line 2: its error's `code` is not text");
  });

  it('names the line of a replay file that is not a recording', () => {
    writeFileSync(file, '{"recording":"plan-runner","version":1,"defaultModel":"m"}\n{"purpose":"step:1"}\n');
    expect(() => replayModelClient(file)).toThrow(ReplayFileError);
    expect(() => replayModelClient(file)).toThrow(/line 2/);
    expect(() => replayModelClient(join(file, 'missing'))).toThrow(/cannot be read/);
    // A folder or a FIFO is no recording to record again (it said so: found by an adversarial pass).
    expect(() => replayModelClient(dirname(file))).toThrow(/cannot be read: .*\. Give --replay the file a run wrote with --record FILE\.$/);
  });

  // A recording (which may come from a pull request) was read with JSON.parse: a field nested 200,000 deep
  // loaded, then crashed the step with "Maximum call stack size exceeded"; a purpose named twice was read
  // as its last; a request that was no request loaded, and failed later as "message 1 was a undefined
  // message" (found by an adversarial pass).
  it('names the line of a recording nested too deep, with a key twice, or whose request is not one', () => {
    const header = '{"recording":"plan-runner","version":1,"defaultModel":"m"}\n';
    const response = '"response":{"id":"r","object":"chat.completion","created":0,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}]}';
    const request = '"request":{"model":"m","messages":[{"role":"user","content":"q"}]}';
    const cases: [string, RegExp][] = [
      [`{"purpose":"step:1","ordinal":0,${request},${response},"extra":${'['.repeat(200_000)}${']'.repeat(200_000)}}`, /line 2: is not a recorded exchange: .*nest/],
      [`{"purpose":"step:9","purpose":"step:1","ordinal":0,${request},${response}}`, /line 2: is not a recorded exchange: .*purpose/],
      [`{"purpose":"step:1","ordinal":0,"request":{"model":"m","messages":"x"},${response}}`, /line 2: is not a recorded exchange \(purpose, ordinal, a request with model and messages/],
      [`{"purpose":"step:1","ordinal":0,"request":[],${response}}`, /line 2: is not a recorded exchange/],
    ];
    for (const [line, problem] of cases) {
      writeFileSync(file, `${header}${line}\n`);
      expect(() => replayModelClient(file)).toThrow(problem);
    }
    writeFileSync(file, `\uFEFF${header}`);
    expect(() => replayModelClient(file)).toThrow(/byte order mark/);
  });

  // Found by an adversarial pass: a recorded request whose tools were no list, or whose message held a part or a
  // tool call that was no object, loaded, and its step failed with "(request.tools ?? []).map is not a function".
  it('names the line and the part of a recorded request that is not shaped as a request', () => {
    const header = '{"recording":"plan-runner","version":1,"defaultModel":"m"}\n';
    const response = '"response":{"id":"r","object":"chat.completion","created":0,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}]}';
    const user = '{"role":"user","content":"q"}';
    const cases: [string, string][] = [
      [`{"model":"m","messages":[${user}],"tools":{}}`, "its request's `tools` is not a list"],
      [`{"model":"m","messages":[${user}],"tools":[{"type":"function"}]}`, "its request's tools[0] has no `function` with a `name`"],
      [`{"model":"m","messages":[${user}],"tools":[null]}`, "its request's tools[0] is not a tool (an object with a `type`)"],
      ['{"model":"m","messages":[null]}', "its request's messages[0] is not a message (an object with a `role`)"],
      ['{"model":"m","messages":[{"role":"user","content":[null]}]}', "its request's messages[0].content[0] is not a content part (an object)"],
      [`{"model":"m","messages":[${user},{"role":"assistant","content":null,"tool_calls":{}}]}`, "its request's messages[1].tool_calls is not a list"],
      [`{"model":"m","messages":[${user},{"role":"assistant","content":null,"tool_calls":[{"type":"function"}]}]}`, "its request's messages[1].tool_calls[0] has no `function` with a `name`"],
      [`{"model":"m","messages":[${user},{"role":"assistant","content":null,"tool_calls":[{"type":"function","function":{"name":"f","arguments":{}}}]}]}`, "its request's messages[1].tool_calls[0]'s `function.arguments` is not text"],
    ];
    for (const [request, problem] of cases) {
      writeFileSync(file, `${header}{"purpose":"step:1","ordinal":0,"request":${request},${response}}\n`);
      expect(() => replayModelClient(file), problem).toThrow(`Replay file ${file} line 2: ${problem}. Record it again with --record ${file}.`);
    }
  });

  // A recording was used as it stood: a number as content crashed the planner ("answer.trim is not a
  // function"), text as token counts made the cost $NaN, an empty error "failed after undefined
  // attempts" (found by an adversarial pass). Each line is read as a live answer would be.
  it('reads each recorded answer and failure as a live one, and names the line of one it would not take', async () => {
    const header = '{"recording":"plan-runner","version":1,"defaultModel":"m"}';
    const request = JSON.stringify(ask('q'));
    const line = (outcome: string) => `${header}\n{"purpose":"step:1","ordinal":0,"request":${request},${outcome}}\n`;
    const answer = (message: string, usage = '') => `"response":{"id":"x","object":"chat.completion","created":0,"model":"m","choices":[{"index":0,"finish_reason":"stop","message":${message}}]${usage}}`;
    const cases: [string, string][] = [
      [line(answer('{"role":"assistant","content":5}')), 'line 2: holds an answer plan-runner would not take from an endpoint: choices[0]: the message content is neither text nor null'],
      [line('"response":{}'), 'line 2: holds an answer plan-runner would not take from an endpoint: the answer has no `choices`'],
      [line('"error":{}'), "line 2: its error's `failure` is none of http, timeout, connection, truncated, too-large, malformed"],
      [line('"error":{"failure":"http","transient":false,"attempts":0,"detail":"x"}'), "line 2: its error's `attempts` is not a whole number of 1 or more"],
      [line('"error":{"failure":"http","status":42,"transient":false,"attempts":1,"detail":"x"}'), "line 2: its error's `status` is not an HTTP status"],
      [`${header.replace('"version":1', '"version":99')}\n`, 'line 1: is a recording of format version 99, and this plan-runner reads version 1'],
      // Found by an adversarial pass: a header whose model was no text failed every step with "model.replace is not a function".
      [`${header.replace('"defaultModel":"m"', '"defaultModel":{"x":1}')}\n`, "line 1: its header's `defaultModel` is not a model's name"],
    ];
    for (const [text, problem] of cases) {
      writeFileSync(file, text);
      expect(() => replayModelClient(file), problem).toThrow(`Replay file ${file} ${problem}. Record it again with --record ${file}.`);
    }
    // A file whose first line is no JSON is no recording: `--record` it would overwrite it (a plan file, given by mistake).
    writeFileSync(file, 'name: A plan\nworkflow_sequence: []\n');
    expect(() => replayModelClient(file)).toThrow(`Replay file ${file} line 1: is not JSON. Give --replay the file a run wrote with --record FILE.`);
    // Nor is one whose first line is JSON but no recording's (a trace, given by mistake): `--record` over it
    // lost the run a --resume would continue (found by an adversarial pass).
    writeFileSync(file, '{"ts":"2026-01-01T00:00:00.000Z","type":"plan_created","plan":{}}\n');
    expect(() => replayModelClient(file)).toThrow(`Replay file ${file} line 1: is a trace (a --trace file), not a recording. Give --replay the file a run wrote with --record FILE.`);
    writeFileSync(file, '{"name":"a package"}\n');
    expect(() => replayModelClient(file)).toThrow(`Replay file ${file} line 1: is not a recorded exchange (purpose, ordinal, a request with model and messages, a response or error). Give --replay the file a run wrote with --record FILE.`);
    // Found by a replay hunt: an answer past the 16 MiB a live run reads was handed to its step whole.
    writeFileSync(file, line(answer(JSON.stringify({ role: 'assistant', content: 'x'.repeat(16 * 1024 * 1024) }))));
    expect(() => replayModelClient(file)).toThrow(/line 2: holds an answer of 16,777,\d{3} bytes, more than the 16 MiB plan-runner reads from an endpoint/);
    // Usage whose counts are no numbers is left out, as a live answer's is (tokens are then estimated): the cost stays a number.
    writeFileSync(file, line(answer('{"role":"assistant","content":"ok"}', ',"usage":{"prompt_tokens":-5,"completion_tokens":"a"}')));
    const response = await replayModelClient(file).complete(ask('q'), { purpose: 'step:1' });
    expect(response.choices[0]?.message.content).toBe('ok');
    expect(response).not.toHaveProperty('usage');
  });
});
