import { byteOrderMarkNote } from '../core/byte-order-mark.ts';
import { groupDigits } from '../core/group-digits.ts';
import { MAX_ANSWER_BYTES } from './answer-too-large-error.ts';
import { JsonDuplicateKeyError, JsonTooDeepError, MAX_JSON_DEPTH, parseJson } from '../core/parse-json.ts';
import { MAX_TRACE_BYTES, readInputFile } from '../core/read-input-file.ts';
import type { CallLabel, ChatRequest, ChatResponse, ModelClient } from './model-client.ts';
import { firstRequestDifference } from './first-request-difference.ts';
import { MODEL_CALL_FAILURES, ModelCallError, type ModelCallFailure } from './model-call-error.ts';
import { billedAnswer, readChatResponse } from './read-chat-response.ts';
import { exchangeKey, type RecordedExchange, type RecordedFailure, type RecordingHeader } from './recorded-exchange.ts';
import { recordedRequestProblem } from './recorded-request-problem.ts';
import { ReplayFileError } from './replay-file-error.ts';
import { ReplayMissingAnswerError } from './replay-missing-answer-error.ts';
import { StaleRecordingError } from './stale-recording-error.ts';

export interface ReplayOptions {
  /** The model used when a step, agent or plan names none; default: the one the recorded run used. */
  readonly defaultModel?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isExchange(value: unknown): value is RecordedExchange {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.purpose === 'string' &&
    Number.isInteger(line.ordinal) &&
    typeof line.request === 'object' &&
    line.request !== null &&
    !Array.isArray(line.request) &&
    typeof (line.request as { model?: unknown }).model === 'string' &&
    Array.isArray((line.request as { messages?: unknown }).messages) &&
    (typeof line.response === 'object' || typeof line.error === 'object')
  );
}

/**
 * A recorded failure as a replay fails with it (only the fields a recording writes, each as a live failure has it),
 * or what is wrong with it. Spread whole into the error, a hand-made line's `purpose` renamed the step that failed and
 * its `billed` was charged unread (found by an adversarial hunt).
 */
function readFailure(error: Record<string, unknown>, requestedModel: string): { failure: RecordedFailure } | { problem: string } {
  const { failure, status, param, transient, retryAfterMs, attempts, detail, code, billed } = error;
  if (typeof failure !== 'string' || !(MODEL_CALL_FAILURES as readonly string[]).includes(failure)) return { problem: `its error's \`failure\` is none of ${MODEL_CALL_FAILURES.join(', ')}` };
  if (typeof transient !== 'boolean') return { problem: "its error's `transient` is not true or false" };
  if (!Number.isInteger(attempts) || (attempts as number) < 1) return { problem: "its error's `attempts` is not a whole number of 1 or more" };
  if (typeof detail !== 'string') return { problem: "its error's `detail` is not text" };
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599)) return { problem: "its error's `status` is not an HTTP status" };
  if (param !== undefined && typeof param !== 'string') return { problem: "its error's `param` is not text" };
  if (retryAfterMs !== undefined && !(typeof retryAfterMs === 'number' && retryAfterMs >= 0 && Number.isFinite(retryAfterMs))) return { problem: "its error's `retryAfterMs` is not a number of 0 or more" };
  if (code !== undefined && typeof code !== 'string') return { problem: "its error's `code` is not text" };
  // Read as a live answer's billed usage is, so a replay charges what the recorded run was charged, and no more.
  const charged = billed === undefined ? undefined : billedAnswer(billed, requestedModel);
  if (billed !== undefined && !charged) return { problem: "its error's `billed` is not an answer with a `usage` plan-runner would take from an endpoint" };
  return {
    failure: {
      failure: failure as ModelCallFailure,
      transient,
      attempts: attempts as number,
      detail,
      ...(status !== undefined && { status: status as number }),
      ...(param !== undefined && { param }),
      ...(retryAfterMs !== undefined && { retryAfterMs }),
      ...(code !== undefined && { code }),
      ...(charged && { billed: charged }),
    },
  };
}

function isHeader(value: unknown): value is RecordingHeader {
  return typeof value === 'object' && value !== null && (value as { recording?: unknown }).recording === 'plan-runner';
}

/** Whether `value` reads as a trace's line: an event's `type`, and the time it was written. */
function isTraceLine(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && typeof (value as { ts?: unknown }).ts === 'string';
}

/** Reads a record/replay file into its header and exchanges, failing with the line number on anything else. */
export function readRecording(path: string): { header?: RecordingHeader; exchanges: RecordedExchange[] } {
  const read = readInputFile(path, MAX_TRACE_BYTES);
  if (!read.ok) throw new ReplayFileError({ file: path, problem: `cannot be read: ${read.problem}` });
  const text = read.bytes.toString('utf8');
  const exchanges: RecordedExchange[] = [];
  let header: RecordingHeader | undefined;
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      // As a trace is read: nested at most as deep as a request and answer may be, and no key named twice.
      value = parseJson(line, 2 * MAX_JSON_DEPTH);
    } catch (cause) {
      const bom = index === 0 ? byteOrderMarkNote(line) : '';
      const why = cause instanceof JsonTooDeepError || cause instanceof JsonDuplicateKeyError ? `is not a recorded exchange: ${cause.message}` : `is not JSON${bom}`;
      throw new ReplayFileError({ file: path, line: index + 1, problem: why, cause, ...(index === 0 && { notARecording: true }) });
    }
    if (isHeader(value)) {
      if (value.version !== 1) throw new ReplayFileError({ file: path, line: index + 1, problem: `is a recording of format version ${JSON.stringify(value.version)}, and this plan-runner reads version 1` });
      // Taken as it stood, a model that was no text failed every step with "model.replace is not a function" (found by an adversarial pass).
      if (typeof value.defaultModel !== 'string') throw new ReplayFileError({ file: path, line: index + 1, problem: "its header's `defaultModel` is not a model's name" });
      header = value;
      continue;
    }
    if (!isExchange(value)) {
      // A file whose first line is JSON but neither a header nor an exchange (a trace, given by mistake) is no
      // recording either: "record it again with --record" it overwrote a run's trace, which a --resume continues.
      const first = header === undefined && exchanges.length === 0;
      const trace = first && isTraceLine(value);
      const problem = trace ? 'is a trace (a --trace file), not a recording' : 'is not a recorded exchange (purpose, ordinal, a request with model and messages, a response or error)';
      throw new ReplayFileError({ file: path, line: index + 1, problem, ...(first && { notARecording: true }) });
    }
    const requestProblem = recordedRequestProblem(value.request as unknown as Record<string, unknown>);
    if (requestProblem) throw new ReplayFileError({ file: path, line: index + 1, problem: requestProblem });
    // Read as a live answer is, so a replay never meets what a live run could not (a number as content, text as token counts).
    if ('error' in value && value.error !== undefined) {
      const read = isObject(value.error) ? readFailure(value.error, value.request.model) : { problem: 'its error is not an object' };
      if ('problem' in read) throw new ReplayFileError({ file: path, line: index + 1, problem: read.problem });
      exchanges.push({ purpose: value.purpose, ordinal: value.ordinal, request: value.request, error: read.failure });
      continue;
    }
    // No bigger than an endpoint's answer may be: a live run fails one past MAX_ANSWER_BYTES, and a replay handed a step
    // a result up to the file's 100 MiB that no live run could get (found by a replay hunt).
    const bytes = Buffer.byteLength(JSON.stringify((value as { response?: unknown }).response) ?? '');
    if (bytes > MAX_ANSWER_BYTES) throw new ReplayFileError({ file: path, line: index + 1, problem: `holds an answer of ${groupDigits(bytes)} bytes, more than the ${MAX_ANSWER_BYTES / 1024 / 1024} MiB plan-runner reads from an endpoint` });
    const read = readChatResponse((value as { response?: unknown }).response);
    if (!read.ok) throw new ReplayFileError({ file: path, line: index + 1, problem: `holds an answer plan-runner would not take from an endpoint: ${read.problem}` });
    exchanges.push({ purpose: value.purpose, ordinal: value.ordinal, request: value.request, response: read.response });
  }
  return { header, exchanges };
}

/** The part of a purpose before a `for_each` item's key (`step:web/line` of `step:web/line[https://x.test/a]`), which may hold `/`. */
function purposeStem(purpose: string): string {
  const item = purpose.indexOf('[');
  return item < 0 ? purpose : purpose.slice(0, item);
}

/** `step:a/s` as recordings named it before a used plan's steps were named by the step using them (`step:s`); else undefined. */
function barePurpose(purpose: string): string | undefined {
  const stem = purposeStem(purpose);
  const kind = stem.indexOf(':');
  const slash = stem.lastIndexOf('/');
  return kind > 0 && slash > kind ? `${stem.slice(0, kind + 1)}${purpose.slice(slash + 1)}` : undefined;
}

/**
 * A model client that answers from a file written by `recordingModelClient`, matching each call by
 * (purpose, how-many-th call with that purpose) and checking the request is the one recorded. It
 * never falls back to anything: a missing or stale answer fails the call, naming the step.
 */
export function replayModelClient(path: string, options: ReplayOptions = {}): ModelClient {
  const { header, exchanges } = readRecording(path);
  const byKey = new Map(exchanges.map((exchange) => [exchangeKey(exchange.purpose, exchange.ordinal), exchange]));
  const calls = new Map<string, number>();
  return {
    defaultModel: options.defaultModel ?? header?.defaultModel ?? exchanges[0]?.request.model ?? 'replay',
    async complete(request: ChatRequest, label: CallLabel): Promise<ChatResponse> {
      const purpose = label.purpose;
      const ordinal = calls.get(purpose) ?? 0;
      calls.set(purpose, ordinal + 1);
      const recorded = byKey.get(exchangeKey(purpose, ordinal));
      if (!recorded) {
        const recordedCalls = exchanges.filter((exchange) => exchange.purpose === purpose).length;
        // Only a recording that names no step of a used plan the new way can be one made before.
        const bare = recordedCalls === 0 && !exchanges.some((exchange) => purposeStem(exchange.purpose).includes('/')) ? barePurpose(purpose) : undefined;
        const bareCalls = bare === undefined ? 0 : exchanges.filter((exchange) => exchange.purpose === bare).length;
        throw new ReplayMissingAnswerError({ file: path, purpose, ordinal, recordedCalls, ...(bare !== undefined && bareCalls > 0 && { bare: { purpose: bare, calls: bareCalls } }) });
      }
      const difference = firstRequestDifference(recorded.request, request);
      if (difference) throw new StaleRecordingError({ file: path, purpose, ordinal, difference });
      if ('error' in recorded) throw new ModelCallError({ purpose, model: request.model, ...recorded.error });
      return structuredClone(recorded.response);
    },
  };
}
