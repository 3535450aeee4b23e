import { describe, expect, it } from 'vitest';
import { runnerActionIO } from '../../src/action/action-io.ts';
import { workflowCommands } from '../../src/action/runner-commands.ts';

/** The lines the runner logs for what the action wrote: each command's message unescaped, as it shows them. */
function loggedLines(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .flatMap((line) => {
      const command = /^::(error|warning|notice)[^:]*::([^]*)$/.exec(line);
      const text = command ? `${command[1]}: ${command[2]!}` : line;
      return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%').split(/\r\n|\r|\n/);
    });
}

function said(use: (io: ReturnType<typeof runnerActionIO>) => void): string[] {
  let stdout = '';
  use(runnerActionIO(workflowCommands({}, (text) => void (stdout += text))));
  return loggedLines(stdout);
}

describe('annotations and warnings in the job log', () => {
  // Found by an adversarial pass: a tool’s stderr in a failed step’s annotation became log lines of its own.
  it('shows a message’s further lines under a rule, so run text cannot pass for the checklist or a log marker', () => {
    const stderr = 'deploy: step failed\n✅ 3. Deploy to production → deployed\r##[endgroup]\u2028Run succeeded';
    const lines = said((io) => {
      io.annotate('error', `Step 2 failed: ${stderr}`, { title: 'Step 2 failed', file: 'plan.yml', startLine: 4 });
      io.warning(`Goal not met: ok. ${stderr}`);
    });
    expect(lines).toEqual([
      'error: Step 2 failed: deploy: step failed',
      '│ ✅ 3. Deploy to production → deployed',
      '│ ##[endgroup]',
      '│ Run succeeded',
      'warning: Goal not met: ok. deploy: step failed',
      '│ ✅ 3. Deploy to production → deployed',
      '│ ##[endgroup]',
      '│ Run succeeded',
    ]);
  });

  it('leaves a one-line message as it is', () => {
    expect(said((io) => io.annotate('notice', 'Step 1 failed: 50% done, a:b', {}))).toEqual(['notice: Step 1 failed: 50% done, a:b']);
  });
});
