import { fstatSync, ftruncateSync } from 'node:fs';
import { closeOutputFile, openOutputFile, writeOutputFile } from '../core/open-output-file.ts';
import { OutputPathRefusedError } from '../core/output-path-refused-error.ts';
import { ownDescriptor } from '../core/own-descriptor.ts';
import { createRedactor, redactDeep, type Redactor } from '../core/redact.ts';
import { jsonLine } from '../core/json-line.ts';
import type { CallLabel, ChatRequest, ChatResponse, ModelClient } from './model-client.ts';
import { ModelCallError } from './model-call-error.ts';
import type { RecordedExchange, RecordedOutcome, RecordingHeader } from './recorded-exchange.ts';

export interface RecordingOptions {
  /**
   * Applied to every string of every exchange (request, answer, failure) before it is written, as
   * for every other file the run writes. Default: token shapes only.
   */
  readonly redact?: Redactor;
  /**
   * Told once when an exchange cannot be appended (a full disk): the recording stops there, and the run goes
   * on with the answer it paid for. Without it, the failure fails the call, as it did before.
   */
  readonly warn?: (message: string) => void;
}

/**
 * Wraps a client so every exchange (request and response, or the failure) is appended to `path` as a
 * JSON line. The file is started afresh: a replay must see one run's calls, not two runs' mixed. A file that
 * holds something (an earlier recording) is emptied only at the first exchange, so a run refused before its
 * first call (a wrong `--approve` hash, a trace it cannot resume) leaves it as it was, as it leaves the trace.
 * The client's configuration (API key, base URL) is never part of an exchange.
 */
export function recordingModelClient(inner: ModelClient, path: string, options: RecordingOptions = {}): ModelClient {
  const header: RecordingHeader = { recording: 'plan-runner', version: 1, defaultModel: inner.defaultModel };
  const headerLine = JSON.stringify(header) + '\n';
  // The file as made or found here (device and inode): every exchange is appended to it, or the recording stops.
  let made: { readonly dev: number; readonly ino: number };
  // Whether the file holds this run's header yet: an earlier recording is emptied at the first exchange.
  let started = false;
  try {
    // Opened to append, emptying nothing: emptied at once, an earlier recording was lost to a run refused before its
    // first call (found by a replay hunt). A new or empty file, a device or the process's own output is started here.
    const fd = openOutputFile(path, 'a');
    try {
      const found = fstatSync(fd);
      if (!found.isFile() || found.size === 0 || ownDescriptor(path) !== undefined) {
        writeOutputFile(fd, headerLine);
        started = true;
      }
      made = fstatSync(fd);
    } finally {
      closeOutputFile(fd);
    }
  } catch (cause) {
    // Said as the trace's and the report's are: "plan.yml: ENOSPC: no space left on device, write" named
    // neither the file nor the option (found by an adversarial pass).
    if (cause instanceof OutputPathRefusedError) throw cause;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`cannot write the recording ${path}: ${reason}; check the path is writable and the disk is not full, or choose another path with --record FILE`, { cause });
  }
  const ordinals = new Map<string, number>();
  const redact = options.redact ?? createRedactor();
  // Written synchronously, one whole line each, so concurrent steps cannot interleave lines.
  // Ordinals count recorded exchanges only: a call cut off by a cancel is not one a replay will see.
  // Found by an adversarial pass: a write that failed mid-run threw away the answer and failed its step.
  let stopped = false;
  const write = (purpose: string, request: ChatRequest, outcome: RecordedOutcome): void => {
    if (stopped) return;
    const ordinal = ordinals.get(purpose) ?? 0;
    ordinals.set(purpose, ordinal + 1);
    const exchange: RecordedExchange = { purpose, ordinal, request, ...outcome };
    let fd: number | undefined;
    let size = 0;
    try {
      // Appended without following a symlink, as every output is written.
      // Never made again: a step that removed its folder, or put a link in its place, would have the rest
      // written where that leads, or a recording without its header and the calls before.
      fd = openOutputFile(path, 'a-existing');
      const opened = fstatSync(fd);
      if (opened.dev !== made.dev || opened.ino !== made.ino) {
        closeOutputFile(fd);
        fd = undefined;
        throw new Error('it is no longer the file this run started (a step removed or replaced it, or its folder)');
      }
      if (!started) {
        // The earlier recording it held goes now: this run's first answer came.
        ftruncateSync(fd, 0);
        writeOutputFile(fd, headerLine);
        started = true;
      }
      size = fstatSync(fd).size;
      writeOutputFile(fd, jsonLine(JSON.stringify(redactDeep(exchange, redact))) + '\n');
    } catch (cause) {
      if (!options.warn) throw cause;
      stopped = true;
      // A line the failure cut short would make the whole file unreadable to a replay: it is taken back.
      let cut = false;
      try {
        if (fd !== undefined) ftruncateSync(fd, size);
      } catch {
        cut = true;
      }
      const reason = cause instanceof Error ? cause.message : String(cause);
      options.warn(`could not write the recording ${path} (${reason}): it ends before this ${purpose} answer${cut ? ', its last line cut short (remove it before a replay)' : ''}, and a replay of it stops there; the run goes on with the answer`);
    } finally {
      if (fd !== undefined) closeOutputFile(fd);
    }
  };
  return {
    defaultModel: inner.defaultModel,
    async complete(request: ChatRequest, label: CallLabel, signal?: AbortSignal): Promise<ChatResponse> {
      try {
        const response = await inner.complete(request, label, signal);
        write(label.purpose, request, { response });
        return response;
      } catch (error) {
        if (error instanceof ModelCallError) {
          // Its code and billed usage too: without them a replay charged nothing for an answer the endpoint billed
          // (a cost and token limit the run met passed), and went on past a quota refusal (found by an adversarial hunt).
          const { failure, status, param, transient, retryAfterMs, attempts, detail, code, billed } = error;
          write(label.purpose, request, { error: { failure, status, param, transient, retryAfterMs, attempts, detail, code, billed } });
        }
        throw error;
      }
    },
  };
}
