import { AsyncLocalStorage } from 'node:async_hooks';
import type { ModelClient } from '../llm/model-client.ts';

/**
 * Who a model call is for, carried from the model client down to its HTTP requests (the SDK's
 * fetch sees only URLs and bodies): the fault injector and the scripted server read it there.
 */
export class CallPurpose {
  readonly #store = new AsyncLocalStorage<string>();

  /** The purpose of the model call this code runs inside, if any. */
  get current(): string | undefined {
    return this.#store.getStore();
  }

  /** `client` with each call's purpose made visible to the code below it. */
  wrap(client: ModelClient): ModelClient {
    return {
      defaultModel: client.defaultModel,
      complete: (request, label, signal) => this.#store.run(label.purpose, () => client.complete(request, label, signal)),
    };
  }
}
