import { setTimeout as sleep } from 'node:timers/promises';
import type { CallPurpose } from './call-purpose.ts';
import type { FaultInjector } from './fault-injector.ts';

/** What the fault answers with in place of a model's text: a plan that stops half way. */
export const BAD_JSON_TEXT = '{"steps": [{"id": 1, "type": "tool_call", "tool": ';

function errorResponse(status: number, fault: string, retryAfterMs: number | undefined): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (retryAfterMs !== undefined) headers['retry-after-ms'] = String(retryAfterMs);
  const body = { error: { message: `injected fault '${fault}' (plan-runner eval)`, type: 'injected_fault' } };
  return new Response(JSON.stringify(body), { status, headers });
}

/** The same completion with its message text replaced by cut-off JSON and its tool calls dropped. */
async function withBadJson(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const body = (await response.json()) as { choices?: Array<{ message?: Record<string, unknown> }> };
  for (const choice of body.choices ?? []) {
    if (!choice.message) continue;
    choice.message.content = BAD_JSON_TEXT;
    delete choice.message.tool_calls;
  }
  return new Response(JSON.stringify(body), { status: response.status, headers: { 'content-type': 'application/json' } });
}

export interface FaultInjectingFetchOptions {
  readonly injector: FaultInjector;
  readonly purpose: CallPurpose;
  /** Send the call's purpose and run number as headers: only to plan-runner's own scripted server. */
  readonly tagRequests?: { readonly run: number };
  readonly fetch?: typeof fetch;
}

/**
 * A `fetch` for the `openai` SDK that injects model faults per HTTP attempt, below the SDK: a 429 or
 * 500 is retried by the SDK exactly as a real one would be, and `bad json` reaches the planner's
 * parser and repair call as a real malformed answer would.
 */
export function faultInjectingFetch(options: FaultInjectingFetchOptions): typeof fetch {
  const inner = options.fetch ?? fetch;
  return async (input, init) => {
    const purpose = options.purpose.current ?? 'unknown';
    const headers = new Headers(init?.headers);
    if (options.tagRequests) {
      headers.set('x-plan-runner-purpose', encodeURIComponent(purpose));
      headers.set('x-plan-runner-run', String(options.tagRequests.run));
    }
    const request = { ...init, headers };
    // Counted as it leaves: what the endpoint did with the run's requests is told apart from what the eval did in their place.
    const send = (): Promise<Response> => {
      options.injector.noteModelRequestSent();
      return inner(input, request);
    };
    const chosen = options.injector.modelFault(purpose);
    if (!chosen) return send();
    switch (chosen.fault) {
      case 'http 429':
      case 'model 429':
        return errorResponse(429, chosen.fault, chosen.retryAfterMs);
      case 'http 500':
      case 'model 500':
        return errorResponse(500, chosen.fault, undefined);
      case 'slow': {
        const signal = init?.signal ?? undefined;
        const out = signal !== undefined && !signal.aborted;
        try {
          await sleep(chosen.delayMs ?? 0, undefined, signal ? { signal } : {});
        } catch (error) {
          // Abandoned while held: the run's usage counts it abandoned, and it never left.
          if (out && signal.aborted) options.injector.noteHeldAbandoned();
          throw error;
        }
        return send();
      }
      case 'bad json':
        return withBadJson(await send());
    }
  };
}
