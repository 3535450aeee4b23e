import { expect, it } from 'vitest';
import { run } from '../../src/run.ts';
import { recordingRunner } from './recording-runner.ts';

// Found by an adversarial pass: an input’s name from an expression (`inputs: ${{ … }}`), a YAML double-quoted key
// with `\e` and `\a` in it, was quoted in the job’s failure with its ESC and BEL as they were: an OSC 52 clipboard
// write in the error annotation and the log.
it('shows control characters in a refused input’s name as symbols in the job’s failure', async () => {
  const { commands, told } = recordingRunner({ inputs: '"\\e]52;c;ZWNobyBwd25lZA==\\a\\b": [!!binary aGk=]' });
  await run(commands);
  expect(told.failed).toHaveLength(1);
  expect(told.failed[0]).toContain('input `␛]52;c;ZWNobyBwd25lZA==␇␈` has the YAML tag !!binary');
  expect(told.failed[0]).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
});

// Found by an adversarial pass: a pull request's body put into `inputs:` by an expression makes keys of its own
// lines, and a refused key's line breaks were lines of the job's failure, which the runner logs as log lines:
// `##[endgroup]` closed a log group and `✅ 3. Deploy` read as the checklist’s.
it('keeps a refused input name’s further lines under a rule in the job’s failure', async () => {
  const { commands, told } = recordingRunner({ inputs: '"x\\n##[endgroup]\\n✅ 3. Deploy to production": [!!binary aGk=]' });
  await run(commands);
  expect(told.failed).toHaveLength(1);
  const [header, ...lines] = told.failed[0]!.split('\n');
  expect(header).toBe("plan-runner: fix the step's inputs (with:):");
  expect(lines).toEqual([
    expect.stringMatching(/^- input 'inputs': input `x$/),
    '│ ##[endgroup]',
    expect.stringMatching(/^│ ✅ 3\. Deploy to production` has the YAML tag !!binary/),
  ]);
});
