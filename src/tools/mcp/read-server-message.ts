import { isMap } from '../../core/json-schema.ts';
import { mayHoldInexactNumber, readJsonKeepingNumbers } from '../../core/parse-json-keeping-numbers.ts';
import { exceedsDepth } from '../../core/exceeds-depth.ts';
import { MAX_JSON_DEPTH } from '../../core/parse-json.ts';

/**
 * A server's JSON-RPC message (or batch) read from its text as `JSON.parse` reads it, but for a tool's answer, its
 * `result.structuredContent`, which keeps each number a double cannot hold as the text the server wrote (a string):
 * that is the value a plan acts on (`{"id": 9007199254740993}` became another id). The protocol's own numbers and a
 * listing's are numbers: read whole so, a listed input schema's `maximum: 18446744073709551615` became a string, no
 * JSON Schema a model endpoint takes in a tool's parameters (found by an adversarial pass).
 */
export function readServerMessage(text: string): unknown {
  return messageWithAnswersKept(text) ?? (JSON.parse(text) as unknown);
}

/** The message `text` as `readServerMessage` reads it when a tool's answer in it keeps a number so; else undefined. */
export function messageWithAnswersKept(text: string): unknown {
  if (!mayHoldInexactNumber(text)) return undefined;
  const message = JSON.parse(text) as unknown;
  // Read as it is, for the tool to refuse as too deep: keeping its numbers walks it by recursion, which overflowed the
  // stack, and the answer, dropped as no message, left its call to wait out its timeout (found by an adversarial pass).
  // The envelope (a batch, `result`, `structuredContent`) takes three levels of the tool's.
  if (exceedsDepth(message, MAX_JSON_DEPTH + 3)) return undefined;
  const kept = readJsonKeepingNumbers(text);
  let changed = false;
  const withAnswerKept = (one: unknown, keptOne: unknown): unknown => {
    if (!isMap(one) || !isMap(one['result']) || !isMap(keptOne) || !isMap(keptOne['result'])) return one;
    if (!Object.hasOwn(keptOne['result'], 'structuredContent')) return one;
    changed = true;
    return { ...one, result: { ...one['result'], structuredContent: keptOne['result']['structuredContent'] } };
  };
  const read = Array.isArray(message) ? message.map((one, index) => withAnswerKept(one, (kept as unknown[])[index])) : withAnswerKept(message, kept);
  return changed ? read : undefined;
}
