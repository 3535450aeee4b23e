import { expect, it } from 'vitest';
import { cliModelHint } from '../../src/cli/cli-job-settings.ts';
import { readActionSettings } from '../../src/action/action-settings.ts';

// A local server that needs no key (Ollama, vLLM): the run asked for OPENAI_API_KEY and never said any value would do.
it('tells a user of another endpoint than OpenAI’s that a server needing no key takes any value', async () => {
  expect(cliModelHint('OPENAI_API_KEY', 'http://localhost:11434/v1')).toBe(
    'OPENAI_API_KEY is empty or not set (the API key is read from it; --api-key-env NAME reads another); set it (a server that needs no key, such as Ollama or vLLM at localhost, takes any value), or use --replay FILE',
  );
  expect(cliModelHint('OPENAI_API_KEY', 'https://api.openai.com/v1')).toBe('OPENAI_API_KEY is empty or not set (the API key is read from it; --api-key-env NAME reads another); set it, or use --replay FILE');
  const inputs: Record<string, string> = { plan: 'workflows/bodmas.yml', 'base-url': 'http://127.0.0.1:8000/v1' };
  const read = await readActionSettings((name) => inputs[name] ?? '', { GITHUB_WORKSPACE: process.cwd() });
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  expect(read.settings.model.missingHint).toBe('set the api-key input (e.g. api-key: ${{ secrets.OPENAI_API_KEY }}) (a server that needs no key, such as Ollama or vLLM at 127.0.0.1, takes any value)');
});
