import { describe, expect, it } from 'vitest';
import { createModelClient } from '../../src/llm/create-model-client.ts';

// Found by an adversarial pass: a key with a line break failed every call, after retries and a replan, as
// "invalid header value" (a control character: "Connection error … check base-url"); a model name of
// spaces was sent as it was.
describe('the model settings a client is made from', () => {
  it('refuse an API key no request header can carry, saying where, without the key', () => {
    const make = (apiKey: string) => () => createModelClient({ baseURL: 'http://127.0.0.1:9/v1', apiKey });
    expect(make('sk-secret\n')).toThrow('the API key holds a line break at character 10, which no request header can carry: set it to the key alone (a secret saved with a trailing newline does this)');
    expect(make('sk-secret\u0001')).toThrow('the API key holds a character at character 10');
    expect(make('sk secret')).toThrow('the API key holds a space at character 3');
    expect(make('sk-secret\n')).not.toThrow(/sk-secret/);
    expect(createModelClient({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'sk-secret' })).toBeDefined();
  });

  it('refuse a blank model name', () => {
    expect(() => createModelClient({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'sk-secret', model: '  ' })).toThrow('the model name is blank');
  });
});
