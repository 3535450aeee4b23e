import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { parseCliArgs, UsageError } from '../../src/cli/parse-cli-args.ts';

const WORKSPACE = path.resolve('/runner/work/repo/repo');
const action = (baseUrl: string) => readActionSettings((name) => (name === 'base-url' ? baseUrl : ''), { GITHUB_WORKSPACE: WORKSPACE }, () => true);

const TOLD = "it ends in /chat/completions, which the model client adds itself: give the endpoint's root, such as https://api.openai.com/v1";

// Found by an adversarial pass: the chat endpoint pasted whole had /chat/completions added again, and every model call
// failed as a 404 (Ollama’s "404 page not found"), after the run had started, with a hint to check the model name.
describe('a base-url that is the chat endpoint pasted whole', () => {
  it('is refused by the CLI, saying what to give instead', () => {
    for (const url of ['https://api.openai.com/v1/chat/completions', 'http://localhost:11434/v1/chat/completions/', 'https://x.openai.azure.com/openai/deployments/d/chat/completions?api-version=2024-10-21']) {
      const refuse = () => parseCliArgs(['run', 'p.yml', '--base-url', url]);
      expect(refuse).toThrow(UsageError);
      expect(refuse).toThrow(`--base-url: ${TOLD}`);
    }
  });

  it('is refused by the action, and the root is not', async () => {
    expect(await action('https://openrouter.ai/api/v1/chat/completions')).toEqual({ ok: false, problems: [`input 'base-url': ${TOLD}`] });
    expect(await action('https://openrouter.ai/api/v1')).toMatchObject({ ok: true });
    expect(await action('https://example.com/chat/completions-proxy/v1')).toMatchObject({ ok: true });
  });
});
