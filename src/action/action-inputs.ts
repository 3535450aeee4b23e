import { z } from 'zod';
import { AllowedBotsInput } from '../security/allowed-bots.ts';
import { MAX_SHARDS } from '../core/run-event.ts';
import { cutText } from '../core/cut-text.ts';
import { MAX_MODEL_TIMEOUT_SECONDS, MODEL_TIMEOUT_RANGE } from '../llm/model-timeout.ts';

/** The inputs action.yml declares; `core.getInput` reads each from `INPUT_<NAME>`. */
export const INPUT_NAMES = [
  'plan',
  'task',
  'inputs',
  'model',
  'base-url',
  'model-timeout-seconds',
  'api-key',
  'github-token',
  'comment',
  'fail-on-unmet-goals',
  'check-run',
  'mode',
  'allowed-bots',
  'resume-from',
  'state',
  'resume',
  'state-retention-days',
  'run-key',
  'shards',
  'shard',
  'prepared',
  'weights-from',
  'eval-runs',
  'eval-seed',
  'eval-faults',
  'eval-answers',
  'eval-baselines',
  'min-success-rate',
  'max-cost-usd-per-run',
] as const;
export type InputName = (typeof INPUT_NAMES)[number];

export const DEFAULT_PLAN = '.github/plan.yml';
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

// The runner passes every declared input, empty when unset: empty means "the default" here too,
// so `node dist/index.js` with only the runner's environment behaves as the runner would.
function blankIsDefault<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);
}

/** A whole number from `min` to `max`, every failure told the range (zod's own says "Too small: expected number to be >=1"). */
function wholeNumber(min: number, max: number, unit?: string, what?: string) {
  const message = what ? `expected ${what}` : `expected a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`;
  return z.coerce.number<string>({ error: message }).int(message).min(min, message).max(max, message);
}

const RATE = 'expected a rate from 0 to 1, such as 0.9';
const PREPARED = "the prepare job's prepared output, an artifact id such as 1234567: write prepared: ${{ needs.prepare.outputs.prepared }}";

/**
 * A number input: blank is its default, and only decimal notation is a number. `Number()` also read
 * `0x10` as 16, `1e1` as 10 and `1e400` as no limit at all. `hint` says what to write instead of a word.
 */
function decimalInput<T extends z.ZodType>(schema: T, hint?: string) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    // A minus sign passes, so `-1` is told the range it is outside of.
    if (!/^\s*-?(?:\d+(?:\.\d*)?|\.\d+)\s*$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: `expected a decimal number, got ${JSON.stringify(cutText(value, 41))}${hint ? `: ${hint}` : ''}` });
      return z.NEVER;
    }
    // 400 nines read as Infinity, and zod's own "expected number, received Infinity" was the message.
    if (!Number.isFinite(Number(value))) {
      ctx.addIssue({ code: 'custom', message: `expected a decimal number, got one too large to be read: ${JSON.stringify(cutText(value.trim(), 21))}` });
      return z.NEVER;
    }
    return value;
  }, schema);
}

// The YAML 1.2 core booleans, as `core.getBooleanInput` accepts them.
const Flag = z
  .enum(['true', 'True', 'TRUE', 'false', 'False', 'FALSE'], { error: (issue) => `expected true or false, got ${JSON.stringify(issue.input)}` })
  .transform((value) => value.toLowerCase() === 'true');

const Text = z.string();

/** The raw input strings, parsed into typed values with their defaults. */
export const ActionInputs = z.object({
  plan: blankIsDefault(Text.default(DEFAULT_PLAN)),
  task: blankIsDefault(Text.optional()),
  // The map is read by readActionSettings, which loads the YAML reader only when there is a map to read.
  inputs: blankIsDefault(Text.optional()),
  model: blankIsDefault(Text.optional()),
  'base-url': blankIsDefault(
    z.url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://api.openai.com/v1' }).default(DEFAULT_BASE_URL),
  ),
  'model-timeout-seconds': decimalInput(wholeNumber(1, MAX_MODEL_TIMEOUT_SECONDS, undefined, MODEL_TIMEOUT_RANGE).optional(), MODEL_TIMEOUT_RANGE),
  'api-key': blankIsDefault(Text.optional()),
  'github-token': blankIsDefault(Text.optional()),
  comment: blankIsDefault(
    z.enum(['auto', 'always', 'never'], { error: (issue) => `expected auto, always or never, got ${JSON.stringify(issue.input)}` }).default('auto'),
  ),
  'fail-on-unmet-goals': blankIsDefault(Flag.default(true)),
  'check-run': blankIsDefault(Flag.default(false)),
  mode: blankIsDefault(
    z
      .enum(['run', 'plan', 'agent', 'eval', 'prepare', 'shard', 'merge'], {
        error: (issue) => `expected run, plan, agent, eval, prepare, shard or merge, got ${JSON.stringify(issue.input)}`,
      })
      .default('run'),
  ),
  'eval-runs': decimalInput(wholeNumber(1, 100, 'runs').default(5)),
  'eval-seed': decimalInput(wholeNumber(0, 2 ** 31 - 1).default(1)),
  'eval-faults': blankIsDefault(Text.optional()),
  'eval-answers': blankIsDefault(Text.optional()),
  'eval-baselines': blankIsDefault(Text.default('')).transform((text, ctx) => {
    const names = text.split(/[\s,]+/).filter(Boolean);
    const wrong = names.find((name) => name !== 'react' && name !== 'full-history');
    if (wrong) ctx.addIssue({ code: 'custom', message: `expected react and/or full-history, got ${JSON.stringify(wrong)}` });
    return [...new Set(names)] as Array<'react' | 'full-history'>;
  }),
  'min-success-rate': decimalInput(z.coerce.number<string>().min(0, RATE).max(1, RATE).optional()),
  'resume-from': blankIsDefault(Text.optional()),
  state: blankIsDefault(z.enum(['artifact', 'off'], { error: (issue) => `expected artifact or off, got ${JSON.stringify(issue.input)}` }).default('artifact')),
  resume: blankIsDefault(z.enum(['auto', 'never'], { error: (issue) => `expected auto or never, got ${JSON.stringify(issue.input)}` }).default('auto')),
  // Shown in the check run's name and hashed into the state's and the comment's names: plain text, one line.
  'run-key': blankIsDefault(
    Text.transform((text) => text.trim())
      .pipe(z.string().max(100, 'expected at most 100 characters, such as a matrix value: ${{ matrix.node }}'))
      .refine((text) => !/[\p{Cc}\p{Cf}]/u.test(text), 'expected one line of visible text, such as a matrix value (${{ matrix.node }}): it has a control or invisible character')
      .optional(),
  ),
  'state-retention-days': decimalInput(
    z.coerce.number<string>({ error: 'expected a whole number of days from 1 to 90' }).int('expected a whole number of days from 1 to 90').min(1, 'expected at least 1 day').max(90, 'expected at most 90 days (the longest GitHub keeps artifacts)').default(7),
  ),
  shards: decimalInput(wholeNumber(1, MAX_SHARDS).optional()),
  shard: decimalInput(wholeNumber(1, MAX_SHARDS).optional()),
  prepared: decimalInput(wholeNumber(1, Number.MAX_SAFE_INTEGER, undefined, PREPARED).optional(), PREPARED),
  'weights-from': blankIsDefault(Text.optional()),
  'max-cost-usd-per-run': decimalInput(z.coerce.number<string>().min(0, 'expected an amount in US dollars of 0 or more, such as 0.05').max(1_000_000, 'expected an amount in US dollars of at most 1,000,000, as the CLI takes').optional()),
  'allowed-bots': AllowedBotsInput,
});
export type ActionInputs = z.infer<typeof ActionInputs>;

/** Every problem with the inputs, one line each: `input 'comment': expected auto, always or never, got "yes"`. */
export function formatInputIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `input '${String(issue.path[0] ?? '?')}': ${issue.message}`);
}
