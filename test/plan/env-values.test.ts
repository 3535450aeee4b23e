import { describe, expect, it } from 'vitest';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

const tool = (env: string) => ['tools:', '  show:', '    description: d', '    command: [node, x.js]', `    env: ${env}`, '    input: { type: object, properties: { a: { type: string } } }'];
const call = (args = '{}') => ['workflow_sequence:', '  - id: 1', '    type: tool_call', '    tool: show', `    args: ${args}`];

// Each was passed to the tool as the very characters written, and validate said ok (found by an adversarial pass).
describe('${…} where a plan sets up a process', () => {
  it('says a tool env value reads nothing unless it is ${env.NAME}', async () => {
    expect(await errorsFor(yaml(...tool('{ X: "${env.}", Z: "a ${env.MY-VAR}", W: "${inputs.w}", H: "${HOME}/bin" }'), ...call()))).toEqual([
      'plan.yml:5:15: `${env.}` reads nothing: write ${env.NAME} to read a runner variable (NAME of ASCII letters, digits and _, not starting with a digit) (at tools.show.env.X)',
      'plan.yml:5:29: `${env.MY-VAR}` reads nothing: write ${env.NAME} to read a runner variable (NAME of ASCII letters, digits and _, not starting with a digit) (at tools.show.env.Z)',
      'plan.yml:5:51: `${inputs.w}` reads nothing here: these values read runner variables only (${env.NAME}); give a run input or a step result to the tool as an argument (at tools.show.env.W)',
      'plan.yml:5:69: `${HOME}` reads nothing: write ${env.NAME} to read a runner variable (NAME of ASCII letters, digits and _, not starting with a digit) (at tools.show.env.H)',
    ]);
    await validPlan(yaml(...tool('{ X: "${env.HOME}/bin:${env.EXTRA_PATH}", Y: plain, Z: "$HOME" }'), ...call()));
  });

  // Found by a hunt for bad inputs: an opening no `}` closes was passed on as written, where an argument's is refused.
  it('says a tool env value with a ${ no } closes reads nothing', async () => {
    expect(await errorsFor(yaml(...tool('{ A: "${env.B", C: "x ${env.D} ${" }'), ...call()))).toEqual([
      'plan.yml:5:15: `${env.B` has no closing `}`, so it reads nothing and would be passed on as written; write ${env.NAME} (at tools.show.env.A)',
      'plan.yml:5:29: `${` has no closing `}`, so it reads nothing and would be passed on as written; write ${env.NAME} (at tools.show.env.C)',
    ]);
  });

  it('says the same of an MCP server env value or header', async () => {
    const errors = await errorsFor(yaml('mcp_servers:', '  docs: { url: "https://mcp.test/mcp", headers: { Authorization: "Bearer ${env.DOCS-TOKEN}" } }', 'workflow_sequence:', '  - { id: 1, type: reasoning }'));
    expect(errors).toEqual([expect.stringMatching(/^plan\.yml:2:\d+: `\$\{env\.DOCS-TOKEN\}` reads nothing: write \$\{env\.NAME\}.*\(at mcp_servers\.docs\.headers\.Authorization\)$/)]);
  });

  it('says a step argument cannot read a runner variable, and how a tool gets one', async () => {
    expect(await errorsFor(yaml(...tool('[HOME]'), ...call('{ a: "${env.HOME}" }')))).toEqual([
      'plan.yml:11:16: `${env.HOME}` reads nothing in a step: runner variables reach a tool through its `env:` (`env: [NAME]`, or `env: { NAME: ${env.NAME} }`), not its arguments (at workflow_sequence[0].args.a)',
    ]);
  });
});
