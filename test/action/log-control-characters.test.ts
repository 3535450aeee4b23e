import { describe, expect, it } from 'vitest';
import { redactingIO, runnerActionIO } from '../../src/action/action-io.ts';
import { workflowCommands } from '../../src/action/runner-commands.ts';
import { stepLogGroups } from '../../src/action/step-log-groups.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { NO_USAGE } from '../../src/core/usage.ts';

/** What the action wrote to stdout, the job log's bytes. */
function logged(use: (io: ReturnType<typeof runnerActionIO>) => void): string {
  let stdout = '';
  use(runnerActionIO(workflowCommands({}, (text) => void (stdout += text))));
  return stdout;
}

// Any control character but the line feed and the tab, and the bidi overrides: what the log must never hold raw.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

// Found by an adversarial pass: a tool’s result in a step’s log group wrote OSC 52 (the clipboard of whoever reads
// the log with `gh run view --log`), a backspace over a letter and a bidi override into the job log as they were.
describe('control characters in the job log', () => {
  const hostile = 'ok \x1b]52;c;ZWNobyBwd25lZA==\x07 x\bY inv\u202Efdp.exe \x9b2J \x1b[32mPASS\x1b[0m';

  it('shows those in a step’s result as symbols', () => {
    const stdout = logged((io) => {
      const listener = stepLogGroups(io, createRedactor());
      listener({ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [{ key: '1', id: '1', type: 'tool_call', tool: 'fetch', description: 'Fetch', inputs: [], dependsOn: [] }] } });
      listener({ type: 'step_completed', at: 1, stepKey: '1', result: hostile, durationMs: 1, usage: NO_USAGE });
    });
    expect(stdout).not.toMatch(RAW_CONTROL);
    expect(stdout).toContain('│ ok ␛]52;c;ZWNobyBwd25lZA==␇ x␈Y inv\ufffdfdp.exe \ufffd2J PASS\n');
  });

  // Colours a test runner writes were shown as `␛[32m` around every line; taken out, they must not leave a command.
  it('takes colours out, before the lines are neutralised', () => {
    const stdout = logged((io) => {
      io.info('\x1b[32m✓\x1b[39m passes \x1b[1;31mFAIL\x1b[0m');
      io.info('\x1b[0m::error::forged');
      io.write('\x1b[0m::warning::forged\n');
      io.group('\x1b[1mtitle\x1b[22m', ['\x1b[31m::notice::forged\x1b[0m']);
    });
    expect(stdout).not.toMatch(RAW_CONTROL);
    expect(stdout).toContain('✓ passes FAIL\n');
    expect(stdout).toContain('::group::title\n');
    expect(stdout).not.toMatch(/^::(?:error|warning|notice)::forged/m);
  });

  // A review asked whether a secret a colour code splits reaches the log whole once the colours are taken out: the
  // redactor finds it through the escape codes, and the log shows it hidden.
  it('hides a secret a colour code splits', () => {
    const redact = createRedactor(['s3cr3t-value-123456']);
    const stdout = logged((io) => {
      const redacting = redactingIO(io, redact);
      redacting.info('token s3cr\x1b[31m3t-value-\x1b[0m123456 end');
      redacting.warning('token s3cr\x1b[31m3t-value-\x1b[0m123456 end');
      redacting.group('g', ['token s3cr\x1b[31m3t-value-\x1b[0m123456 end']);
    });
    expect(stdout).not.toContain('s3cr3t-value-123456');
    expect(stdout).toContain('token *** end');
  });

  it('shows those in a line, a warning, an annotation and a group’s title as symbols', () => {
    const stdout = logged((io) => {
      io.info(hostile);
      io.warning(`Goal not met: ${hostile}`);
      io.annotate('error', `Step failed: ${hostile}`, { title: `Step ${hostile}`, file: 'plan.yml', startLine: 2 });
      io.group(hostile, [hostile]);
    });
    expect(stdout).not.toMatch(RAW_CONTROL);
    expect(stdout).toContain('::warning::Goal not met: ok ␛]52;c;');
  });
});
