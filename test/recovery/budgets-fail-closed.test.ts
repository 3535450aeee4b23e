// Budgets that could not be enforced used to pass silently: an endpoint that sends no `usage`
// never reached max_tokens, and a model with no known price never reached max_cost_usd.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import { loadPlanFile, loadPlanText } from '../../src/plan/load-plan.ts';
import { RunBudget } from '../../src/run/run-budget.ts';
import { textAnswer, type ScriptedReply } from '../helpers/chat-server.ts';
import { runOfflineJob } from './job-harness.ts';

const LONG = 'Summarise the quarterly sales figures for every region in detail. '.repeat(30);

/** A chat answer without `usage`, as several OpenAI-compatible servers send it. */
const noUsage = (content: string): ScriptedReply => ({
  kind: 'raw',
  body: { id: 'x', object: 'chat.completion', created: 0, model: 'gpt-4.1-mini', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] },
});

const threeSteps = (limits: string, extra = '') => `name: Budget
limits: { ${limits} }
${extra}workflow_sequence:
  - id: a
    type: reasoning
    description: "${LONG}"
  - id: b
    type: reasoning
    description: "${LONG}"
    depends_on: [a]
  - id: c
    type: reasoning
    description: "${LONG}"
    depends_on: [b]
`;

describe('budgets fail closed', () => {
  it('estimates tokens when the endpoint sends no usage, so max_tokens still stops the run, and the summary says so', async () => {
    const job = await runOfflineJob({ plan: threeSteps('max_tokens: 1500, max_replans: 0'), script: () => noUsage('Sales grew in every region. '.repeat(20)) });
    expect(job.outcome.kind === 'ran' && job.outcome.run.status).toBe('failed');
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.reason).toMatch(/^budget exceeded: max_tokens 1,500 \(spent \d+/);
    expect(job.server.requests.length).toBeLessThan(3);
    expect(job.summary).toMatch(/Tokens are estimated for \d+ of \d+ model calls? \(about 4 characters a token\): the endpoint sent no `usage`/);
  });

  it('estimates tokens when the endpoint reports 0 prompt tokens, as some local servers do, so max_tokens still stops the run', async () => {
    const zeroUsage = (content: string): ScriptedReply => ({
      kind: 'raw',
      body: { ...(noUsage(content) as { body: object }).body, usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } },
    });
    const job = await runOfflineJob({ plan: threeSteps('max_tokens: 1500, max_replans: 0'), script: () => zeroUsage('Sales grew in every region. '.repeat(20)) });
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.reason).toMatch(/^budget exceeded: max_tokens 1,500 \(spent \d+/);
    expect(job.server.requests.length).toBeLessThan(3);
    expect(job.summary).toMatch(/Tokens are estimated for \d+ of \d+ model calls? \(about 4 characters a token\)/);
  });

  // Found by an adversarial pass: gateways for thinking models that leave reasoning tokens out of
  // completion_tokens (but in total_tokens or in the details) were charged 15 tokens for 300,000; one that
  // sent completion_tokens: null beside its total was estimated at a 500th of it.
  it.each([
    ['reasoning tokens only in total_tokens', { prompt_tokens: 100, completion_tokens: 5, total_tokens: 100_105 }],
    ['reasoning tokens only in the details', { prompt_tokens: 100, completion_tokens: 5, completion_tokens_details: { reasoning_tokens: 100_000 } }],
    ['completion_tokens null beside a total', { prompt_tokens: 100, completion_tokens: null, total_tokens: 100_105 }],
  ])('charges the tokens an answer reports however it spreads them: %s', async (_shape, usage) => {
    const reporting = (content: string): ScriptedReply => ({ kind: 'raw', body: { ...(noUsage(content) as { body: object }).body, usage } });
    const job = await runOfflineJob({ plan: threeSteps('max_tokens: 150000, max_replans: 0'), script: () => reporting('Sales grew.') });
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.reason).toBe('budget exceeded: max_tokens 150,000 (spent 200,210)');
    expect(job.server.requests).toHaveLength(2);
    expect(job.summary).not.toContain('estimated');
  });

  // Found by a budget hunt: a thinking model's reasoning comes back as text beside the answer (`reasoning_content`
  // from DeepSeek, vLLM and llama.cpp; `reasoning` from OpenRouter and Ollama), and the estimate counted the answer
  // alone: with no usage, 200,000 characters of reasoning were charged as 3 tokens and max_tokens never fired.
  it.each([
    ['reasoning_content, no usage', { reasoning_content: 'Let me think. '.repeat(15_000) }, undefined],
    ['reasoning, no usage', { reasoning: 'Let me think. '.repeat(15_000) }, undefined],
    // Counts within reach of the text stand; these fall below a quarter of it, which is then charged.
    ['reasoning_content beside a count that leaves it out', { reasoning_content: 'Let me think. '.repeat(60_000) }, { prompt_tokens: 100, completion_tokens: 3, total_tokens: 103 }],
  ])('counts the reasoning an answer sends as text: %s', async (_shape, reasoning, usage) => {
    const thinking = (content: string): ScriptedReply => {
      const body = (noUsage(content) as { body: { choices: [{ message: object }] } }).body;
      return { kind: 'raw', body: { ...body, choices: [{ ...body.choices[0], message: { ...body.choices[0].message, ...reasoning } }], ...(usage && { usage }) } };
    };
    const job = await runOfflineJob({ plan: threeSteps('max_tokens: 60000, max_replans: 0'), script: () => thinking('Sales grew.') });
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.reason).toMatch(/^budget exceeded: max_tokens 60,000 \(spent 10\d,\d{3}\)$/);
    expect(job.server.requests).toHaveLength(2);
  });

  // A 200 answer with no choices but its usage was billed and counted nowhere: "No model calls." over 204,000
  // tokens, and max_tokens never fired (found by an adversarial pass).
  it('charges a 200 answer that is no Chat Completions answer by the usage it reports', async () => {
    const plan = `name: Billed\nlimits: { max_tokens: 100000, max_replans: 0, concurrency: 1 }\nworkflow_sequence:\n  - { id: a, type: reasoning, description: One, on_failure: continue }\n  - { id: b, type: reasoning, description: Two, on_failure: continue, depends_on: [] }\n  - { id: c, type: reasoning, description: Three, on_failure: continue, depends_on: [] }\n`;
    const noChoices: ScriptedReply = { kind: 'raw', body: { id: 'x', object: 'chat.completion', created: 0, model: 'gpt-4.1-mini', choices: [], usage: { prompt_tokens: 50_000, completion_tokens: 1_000, total_tokens: 51_000 } } };
    const job = await runOfflineJob({ plan, script: () => noChoices });
    expect(job.server.requests).toHaveLength(2);
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.reason).toBe('budget exceeded: max_tokens 100,000 (spent 102,000)');
    expect(job.summary).toContain('| **Total** | 2 | 100,000 | 2,000 |');
  });

  it('estimates cost too: max_cost_usd stops a run whose endpoint counts nothing', async () => {
    const job = await runOfflineJob({
      plan: threeSteps('max_cost_usd: 0.01, max_replans: 0', 'pricing: { gpt-4.1-mini: { input_per_mtok: 10, output_per_mtok: 10 } }\n'),
      script: () => noUsage('Sales grew.'),
    });
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.reason).toMatch(/^budget exceeded: max_cost_usd 0\.010 \(spent 0\.01\d*\)$/);
  });

  it('rejects max_cost_usd for a model with no known price, at the line and column of max_cost_usd', async () => {
    const text = 'name: x\nmodel: { name: anthropic/claude-sonnet-4 }\nlimits:\n  max_cost_usd: 2\nworkflow_sequence:\n  - id: a\n    type: reasoning\n    description: hi\n';
    const result = await loadPlanText(text, 'plan.yml');
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors.map(formatPlanError);
    expect(errors).toEqual([
      expect.stringMatching(/^plan\.yml:4:17: max_cost_usd cannot be enforced: no price is known for model 'anthropic\/claude-sonnet-4'\. Give its price .*pricing: \{ "anthropic\/claude-sonnet-4": \{ input_per_mtok: 3, output_per_mtok: 15 \} \}/),
    ]);
    // With a price, or without the cap, the same plan is valid.
    expect((await loadPlanText(`${text}pricing:\n  anthropic/claude-sonnet-4: { input_per_mtok: 3, output_per_mtok: 15 }\n`, 'plan.yml')).ok).toBe(true);
    expect((await loadPlanText(text.replace('  max_cost_usd: 2', '  max_tokens: 1000'), 'plan.yml')).ok).toBe(true);
  });

  // Found by a review: only the top plan's models were checked at load, so the run paid for its first step,
  // made the used plan's unpriced call, and only then stopped with "max_cost_usd cannot be enforced".
  it('rejects max_cost_usd for a model a used plan calls with no known price, before any call', async () => {
    const inner = 'name: Inner\nmodel: { name: my-local-model }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: say hi }\n';
    const outer = 'name: Outer\nmodel: { name: gpt-4.1-mini }\nlimits: { max_cost_usd: 1 }\nworkflow_sequence:\n  - { id: 0, type: reasoning, description: first }\n  - { id: u, type: plan, uses: inner.yml }\n';
    const job = await runOfflineJob({ plan: outer, files: { 'inner.yml': inner }, script: [textAnswer('a'), textAnswer('hi')] });
    expect(job.server.requests).toHaveLength(0);
    expect(job.outcome.kind === 'rejected' && job.outcome.errors.map((error) => formatPlanError({ ...error, file: 'plan.yml' }))).toEqual([
      "plan.yml:3:25: max_cost_usd cannot be enforced: no price is known for model 'my-local-model' (called in the used plan inner.yml), and a used plan's calls count against this plan's budget. " +
        'Give its price in this plan, whose `pricing:` prices the plans it uses too, in US dollars per million tokens, e.g. `pricing: { "my-local-model": { input_per_mtok: 3, output_per_mtok: 15 } }`, or use max_tokens instead (at limits.max_cost_usd)',
    ]);
    // Priced in the top plan, the same plans run.
    const priced = await runOfflineJob({ plan: `${outer}pricing: { my-local-model: { input_per_mtok: 1, output_per_mtok: 1 } }\n`, files: { 'inner.yml': inner }, script: [textAnswer('a'), textAnswer('hi')] });
    expect(priced.outcome.kind === 'ran' && priced.outcome.status).toBe('succeeded');
  });

  it('checks the models of plans used at any depth, and a used plan’s own model.name whatever the caller’s model', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plan-runner-used-pricing-'));
    const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
    write('top.yml', 'name: Top\nlimits: { max_cost_usd: 1 }\nworkflow_sequence:\n  - { id: m, type: plan, uses: middle.yml }\n');
    write('middle.yml', 'name: Middle\nworkflow_sequence:\n  - { id: d, type: plan, uses: deep.yml }\n');
    write('deep.yml', 'name: Deep\nagents:\n  writer: { model: mistral-large }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: hi, agent: writer }\n');
    const load = (model?: string) => loadPlanFile(join(dir, 'top.yml'), { root: dir, ...(model !== undefined && { model }) });
    const deep = await load();
    expect(!deep.ok && deep.errors.map((error) => `${error.line}:${error.column} ${error.message}`)).toEqual([
      expect.stringMatching(/^2:25 max_cost_usd cannot be enforced: no price is known for model 'mistral-large' \(called in the used plan middle\.yml → deep\.yml\)/),
    ]);
    write('deep.yml', 'name: Deep\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: hi }\n');
    expect((await load()).ok).toBe(true);
    // The caller's model replaces the top plan's model.name only: a used plan with its own still calls that one.
    write('middle.yml', 'name: Middle\nmodel: { name: llama-local }\nworkflow_sequence:\n  - { id: d, type: plan, uses: deep.yml }\n');
    const named = await load('gpt-4o');
    expect(!named.ok && named.errors.map((error) => error.message)).toEqual([expect.stringContaining("model 'llama-local' (called in the used plan middle.yml)")]);
  });

  // Found by a budget hunt: a used plan's calls are priced by the top plan's `pricing:`, and a used plan's own was
  // ignored without a word. One that priced its deployment of gpt-4.1-mini at $2,000 a million tokens ran under a
  // top plan's max_cost_usd: 0.50 at the table's $0.40: three calls of $0.30 each, $0.0001 charged, no stop.
  it('refuses a used plan’s price that differs from the one its calls are charged at', async () => {
    const inner = 'name: Inner\npricing: { gpt-4.1-mini: { input_per_mtok: 2000, output_per_mtok: 10000 } }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: one }\n  - { id: 2, type: reasoning, description: two }\n  - { id: 3, type: reasoning, description: three }\n';
    const outer = 'name: Outer\nmodel: { name: gpt-4.1-mini }\nlimits: { max_cost_usd: 0.5, max_replans: 0 }\nworkflow_sequence:\n  - { id: u, type: plan, uses: inner.yml }\n';
    const answer = () => textAnswer('Noted.', { usage: { prompt_tokens: 100, completion_tokens: 10 } });
    const job = await runOfflineJob({ plan: outer, files: { 'inner.yml': inner }, script: answer });
    expect(job.server.requests).toHaveLength(0);
    expect(job.outcome.kind === 'rejected' && job.outcome.errors.map((error) => formatPlanError({ ...error, file: 'plan.yml' }))).toEqual([
      "plan.yml:5:32: the plan inner.yml prices model 'gpt-4.1-mini' at $2000 in, $10000 out a million tokens, and this plan at $0.4 in, $1.6 out (the built-in table): a used plan's calls are charged at this plan's prices, so give that price in this plan's `pricing:` or remove it there (at workflow_sequence[0].uses)",
    ]);
    // The same price in the top plan: it runs, and the cap stops it.
    const priced = await runOfflineJob({ plan: `${outer}pricing: { gpt-4.1-mini: { input_per_mtok: 2000, output_per_mtok: 10000 } }\n`, files: { 'inner.yml': inner }, script: answer });
    expect(priced.outcome.kind === 'ran' && priced.outcome.run.record.reason).toBe('budget exceeded: max_cost_usd 0.50 (spent 0.60)');
    expect(priced.server.requests).toHaveLength(2);
  });

  it('checks the caller’s model (action input, --model) and each agent’s model against max_cost_usd', async () => {
    const text = 'name: x\nlimits: { max_cost_usd: 2 }\nworkflow_sequence:\n  - id: a\n    type: reasoning\n    description: hi\n';
    expect((await loadPlanText(text, 'plan.yml')).ok).toBe(true);
    const overridden = await loadPlanText(text, 'plan.yml', { model: 'llama-3-local' });
    expect(!overridden.ok && overridden.errors.map(formatPlanError)).toEqual([expect.stringMatching(/^plan\.yml:2:25: max_cost_usd cannot be enforced: no price is known for model 'llama-3-local'/)]);
    const agent = await loadPlanText(`${text}agents:\n  writer: { model: mistral-large }\n`, 'plan.yml');
    expect(!agent.ok && agent.errors[0]?.message).toMatch(/no price is known for model 'mistral-large'/);
  });

  it('prices a call by the plan\'s model when the endpoint reports another name, so max_cost_usd still stops the run', async () => {
    // Room for b's prompt (0.20), not its answer: b is sent, and its answer passes the cap.
    const plan = threeSteps('max_cost_usd: 0.7, max_replans: 0', 'model: { name: my-model }\npricing: { my-model: { input_per_mtok: 1000, output_per_mtok: 1000 } }\n');
    const job = await runOfflineJob({
      plan,
      script: () => textAnswer('Sales grew.', { model: '/models/my-model.Q4_K_M.gguf', usage: { prompt_tokens: 200, completion_tokens: 200 } }),
    });
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.reason).toBe('budget exceeded: max_cost_usd 0.70 (spent 0.80)');
    expect(job.server.requests.length).toBe(2);
    // The step whose answer passed the cap keeps it: it was paid for; the step after it never starts.
    expect(job.trace.filter((event) => event.type === 'step_completed').map((event) => event['stepKey'])).toEqual(['a', 'b']);
    expect(job.outcome.kind === 'ran' && job.outcome.run.record.steps.get('c')?.state).toBe('skipped');
  });

  it('stops the run when a call under max_cost_usd has no price by either name, saying what to add', async () => {
    const budget = new RunBudget({ max_cost_usd: 1 });
    budget.charge({ modelCalls: 1, promptTokens: 10, completionTokens: 10, costUsd: 0, model: '/models/x.gguf', requestedModel: 'x-local', priceKnown: false } as never);
    expect(budget.exceeded?.message).toBe(
      'max_cost_usd cannot be enforced: the endpoint answered as model \'/models/x.gguf\' (asked for \'x-local\') and no price is known for it; give one in the plan, e.g. `pricing: { "x-local": { input_per_mtok: 3, output_per_mtok: 15 } }`',
    );
    // Without a cost cap, an unpriced call is counted at $0 and stops nothing.
    const uncapped = new RunBudget({ max_tokens: 1_000 });
    uncapped.charge({ modelCalls: 1, promptTokens: 10, completionTokens: 10, costUsd: 0, model: '/models/x.gguf', requestedModel: 'x-local', priceKnown: false } as never);
    expect(uncapped.exceeded).toBeUndefined();
  });
});
