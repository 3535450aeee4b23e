import { describe, expect, it } from 'vitest';
import { toolsetTools } from '../../src/tools/toolsets.ts';
import { ToolsetSetupError } from '../../src/tools/toolset-setup-error.ts';
import { errorsFor, validPlan, yaml } from '../plan/plan-text.ts';

const ctx = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: '1' };

describe('validating plans that use the files, github and http toolsets (no run context)', () => {
  it('reports `toolsets: [http]` without an http.allow list at the toolset, with its line', async () => {
    const text = yaml(
      'toolsets:',
      '  - math',
      '  - http',
      'workflow_sequence:',
      '  - { id: 1, type: tool_call, tool: http_get, args: { url: "https://api.example.com/v1/x" } }',
    );
    expect(await errorsFor(text)).toEqual([
      'plan.yml:3:5: the http toolset needs the URL prefixes its tools may call: add http: { allow: [https://api.example.com/v1/] } (anything else is refused) (at toolsets[1])',
    ]);
  });

  it('reports an empty allow list and a prefix with a query at their lines', async () => {
    expect(await errorsFor(yaml('toolsets: [http]', 'http:', '  allow: []', 'goal: fetch'))).toEqual([
      'plan.yml:3:10: list at least one URL prefix the http tools may call (at http.allow)',
    ]);
    expect((await errorsFor(yaml('toolsets: [http]', 'http:', '  allow: ["https://api.example.com/v1/?key=1"]', 'goal: fetch')))[0]).toMatch(
      /^plan\.yml:3:\d+: a URL prefix may not have a query/,
    );
  });

  it('reports an http: or github: section for a toolset the plan does not enable', async () => {
    expect(await errorsFor(yaml('goal: fetch', 'http:', '  allow: ["https://api.example.com/"]', 'github: { allow_repos: [octo/reports] }'))).toEqual([
      'plan.yml:2:1: `http:` configures the http toolset, which the plan does not enable: add http to `toolsets:` (at http)',
      'plan.yml:4:1: `github:` configures the github toolset, which the plan does not enable: add github to `toolsets:` (at github)',
    ]);
  });

  // `allow_repos: [octo_org/reports]` (no GitHub account has a `_`) passed `validate`, and every call the tools made
  // to it was refused when the step ran: the tools take only GitHub names (found by an adversarial pass).
  it('reports an allow_repos entry that is no GitHub repository name at its line, by the rules the tools call with', async () => {
    const errors = await errorsFor(yaml('toolsets: [github]', 'github:', '  allow_repos:', '    - octo_org/reports', '    - octo/..', '    - octo/reports', 'goal: triage'));
    expect(errors).toEqual([
      "plan.yml:4:7: owner 'octo_org' is not a GitHub account name (letters, digits and single hyphens, at most 39 characters) (at github.allow_repos[0])",
      "plan.yml:5:7: repo '..' is not a repository name (letters, digits, '.', '_' and '-', at most 100 characters, not '.' or '..') (at github.allow_repos[1])",
    ]);
  });

  it('accepts a pull request plan whose github steps rely on the run’s pull request', async () => {
    const plan = await validPlan(
      yaml(
        'toolsets: [github]',
        'github: { writes: { labels: [risky] } }',
        'workflow_sequence:',
        '  - { id: diff, type: tool_call, tool: get_pull_request_diff, args: {} }',
        '  - { id: label, type: tool_call, tool: add_labels, args: { issue_number: 7, labels: [risky] } }',
      ),
    );
    expect(plan.tools.get('add_labels')).toMatchObject({ origin: 'toolset', toolset: 'github', sideEffects: true });
    expect(plan.tools.get('get_pull_request_diff')).toMatchObject({ sideEffects: false });
  });

  it('checks literal args against the toolsets’ input schemas', async () => {
    const text = yaml(
      'toolsets: [github, files]',
      'github: { writes: { labels: [risky] } }',
      'workflow_sequence:',
      '  - { id: 1, type: tool_call, tool: add_labels, args: { labels: [risky] } }',
      '  - { id: 2, type: tool_call, tool: read_file, args: { path: 3 } }',
    );
    const errors = await errorsFor(text);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^plan\.yml:4:\d+: .*issue_number/);
    expect(errors[1]).toMatch(/^plan\.yml:5:\d+: .*path/);
  });

  it('describes the http tools with the plan’s own prefixes', async () => {
    const plan = await validPlan(yaml('toolsets: [http]', 'http: { allow: ["https://api.example.com/v1/"] }', 'goal: fetch'));
    expect(plan.tools.get('http_get')!.description).toContain('https://api.example.com/v1/');
    expect(plan.tools.get('http_post')!.sideEffects).toBe(true);
  });
});

describe('toolsetTools without a run context', () => {
  it('gives tools that describe themselves but refuse to run', async () => {
    for (const name of ['files', 'github', 'http'] as const) {
      const tools = toolsetTools(name);
      expect(tools.length).toBeGreaterThan(0);
      await expect(tools[0]!.execute({}, ctx)).rejects.toBeInstanceOf(ToolsetSetupError);
    }
  });

  it('leaves pull_number optional, since validation cannot know whether the run has a pull request', async () => {
    const diff = toolsetTools('github').find((tool) => tool.name === 'get_pull_request_diff')!;
    expect(diff.inputSchema).toMatchObject({ required: [], properties: { pull_number: { type: 'integer' } } });
  });

  it('with a context requires the http allow list', async () => {
    expect(() => toolsetTools('http', {}, { root: process.cwd(), redact: (text: string) => text })).toThrow(ToolsetSetupError);
    expect(toolsetTools('http', { http: { allow: ['https://api.example.com/'] } }, { root: process.cwd(), redact: (text: string) => text }).map((tool) => tool.name)).toEqual(['http_get', 'http_post']);
  });
});
