import { readFile } from 'node:fs/promises';
import type { StepWeights } from './start-order.ts';

/** A trace that cannot be read for step durations: the file, the line when one is at fault, and what is wrong. */
export class TraceWeightsError extends Error {
  override readonly name = 'TraceWeightsError';
  readonly file: string;
  readonly line?: number;

  constructor(fields: { file: string; line?: number; problem: string; cause?: unknown }) {
    const where = fields.line === undefined ? fields.file : `${fields.file}:${fields.line}`;
    super(`${where}: ${fields.problem}; give the trace file a previous run wrote (--trace)`, { cause: fields.cause });
    this.file = fields.file;
    if (fields.line !== undefined) this.line = fields.line;
  }
}

/**
 * How long each step took in a previous run, from its trace (JSON lines as `traceWriter` writes
 * them): the `durationMs` of each step's last `step_completed` or `step_failed` event, and of each
 * `for_each` item's last `item_completed` or `item_failed` under its child key.
 */
export async function stepWeightsFromTrace(file: string): Promise<StepWeights> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    throw new TraceWeightsError({ file, problem: code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(cause)})`, cause });
  }
  const weights = new Map<string, number>();
  const childKeys = new Map<string, unknown[]>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch (cause) {
      throw new TraceWeightsError({ file, line: i + 1, problem: 'not a JSON line', cause });
    }
    if (!event || typeof event !== 'object') throw new TraceWeightsError({ file, line: i + 1, problem: 'not a trace event (an object with a type)' });
    const { type, stepKey, durationMs, keys, index } = event as Record<string, unknown>;
    if (typeof type !== 'string') throw new TraceWeightsError({ file, line: i + 1, problem: 'not a trace event (an object with a type)' });
    if (type === 'step_expanded' && typeof stepKey === 'string' && Array.isArray(keys)) childKeys.set(stepKey, keys);
    const duration = typeof durationMs === 'number' && Number.isFinite(durationMs) && durationMs >= 0 ? durationMs : undefined;
    if (duration === undefined || typeof stepKey !== 'string') continue;
    if (type === 'step_completed' || type === 'step_failed') weights.set(stepKey, duration);
    // An item of a for_each step weighs under its child key (`review[3]`): a fan-out's shards are balanced by these.
    const child = (type === 'item_completed' || type === 'item_failed') && typeof index === 'number' ? childKeys.get(stepKey)?.[index] : undefined;
    if (typeof child === 'string') weights.set(child, duration);
  }
  if (weights.size === 0) throw new TraceWeightsError({ file, problem: 'it records no finished step' });
  return weights;
}
