import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/cli/parse-cli-args.ts';

// Each of these ran with an option silently dropped: `validate --trace t` wrote no trace, `--trace a
// --trace b` wrote only b, `--input a=1 --input a=2` took 2 (found by a review).
// Found by an adversarial pass: Node's own message named no option there is, where a plan key gets "did you mean".
describe('an unknown option', () => {
  // Found by an adversarial pass: `validate plan.yml --sumary r.md` said "did you mean --summary?", and the
  // --summary it named was then refused ("not an option of validate"): the nearest option was any command's.
  it('is named with the nearest option of its command, or where the option it likely means belongs', () => {
    expect(() => parseCliArgs(['validate', 'plan.yml', '--mdel', 'x'])).toThrow(new UsageError('unknown option --mdel; did you mean --model?'));
    expect(() => parseCliArgs(['validate', 'plan.yml', '--sumary', 'r.md'])).toThrow(new UsageError('unknown option --sumary; --summary is an option of plan and run, not of validate, which takes --model, --model-timeout-seconds'));
    expect(() => parseCliArgs(['plan', 'plan.yml', '--trac', 't.jsonl'])).toThrow(new UsageError('unknown option --trac; --trace is an option of run, not of plan, which takes --input, --summary, --record, --replay, --base-url, --model, --model-timeout-seconds, --api-key-env'));
    expect(() => parseCliArgs(['run', '--runz', '3', 'plan.yml'])).toThrow(new UsageError('unknown option --runz; --runs is an option of eval, not of run, which takes --input, --trace, --weights-from, --summary, --record, --replay, --base-url, --model, --model-timeout-seconds, --api-key-env, --resume, --approve, --agent, --task'));
    expect(() => parseCliArgs(['--versoin'])).toThrow(new UsageError('unknown option --versoin; did you mean --version?'));
    expect(() => parseCliArgs(['run', 'plan.yml', '--hlp'])).toThrow(new UsageError('unknown option --hlp; did you mean --help?'));
  });

  it('is named, with the nearest option there is', () => {
    expect(() => parseCliArgs(['run', 'plan.yml', '--trac', 'x'])).toThrow(new UsageError('unknown option --trac; did you mean --trace?'));
    expect(() => parseCliArgs(['eval', 'plan.yml', '--baselin', 'react'])).toThrow('did you mean --baseline?');
    expect(() => parseCliArgs(['run', 'plan.yml', '--zzzzzz'])).toThrow(new UsageError('unknown option --zzzzzz'));
    expect(() => parseCliArgs(['run', 'plan.yml', '--api-ke', 'x'])).not.toThrow(/--api-key\b/);
  });
});

// Found by a hunt of the CLI: each of these said something other than what was wrong.
describe('options given where they do not belong', () => {
  it('refuses --version with anything else, which ran nothing and said only the version', () => {
    expect(parseCliArgs(['--version'])).toEqual({ command: 'version' });
    for (const argv of [['--version', 'extra'], ['run', '--version'], ['run', 'plan.yml', '--version'], ['--version', '--trace', 't']]) {
      expect(() => parseCliArgs(argv), argv.join(' ')).toThrow(new UsageError('--version takes nothing else: run plan-runner --version alone'));
    }
  });

  it('says --approve is an option of run, not to add --resume, which plan then refused', () => {
    expect(() => parseCliArgs(['plan', 'plan.yml', '--approve', 'x'])).toThrow(new UsageError('--approve is an option of run, not of plan'));
  });

  it('reads a negative number after an option as its value, and says what numbers it takes', () => {
    expect(() => parseCliArgs(['eval', 'plan.yml', '--runs', '-3'])).toThrow(new UsageError("--runs takes a whole number from 1 to 1000, got '-3'"));
    expect(() => parseCliArgs(['eval', 'plan.yml', '--max-cost-usd-per-run', '-1'])).toThrow(new UsageError("--max-cost-usd-per-run takes a number from 0 to 1000000, got '-1'"));
  });
});

// Found by an adversarial pass: Node reads `-trace` as the short options -t, -r, …, and the CLI said "unknown option -t",
// a letter the user never wrote as one, for a long option given one dash and for a plan file whose name starts with one.
describe('an unknown word that starts with one dash', () => {
  it('is named whole, with the option it spells or how to give a file of that name', () => {
    expect(() => parseCliArgs(['run', 'plan.yml', '-trace', 't.jsonl'])).toThrow(new UsageError('unknown option -trace; options start with two dashes: --trace'));
    expect(() => parseCliArgs(['run', 'plan.yml', '-trac=t.jsonl'])).toThrow(new UsageError('unknown option -trac=t.jsonl; did you mean --trace?'));
    expect(() => parseCliArgs(['validate', '-dash.yml'])).toThrow(new UsageError('unknown option -dash.yml; a file whose name starts with a dash is written ./-dash.yml'));
    expect(() => parseCliArgs(['validate', '--dash.yml'])).toThrow(new UsageError('unknown option --dash.yml; a file whose name starts with a dash is written ./--dash.yml'));
    expect(() => parseCliArgs(['validate', 'a.yml', '-x'])).toThrow(new UsageError('unknown option -x'));
    expect(parseCliArgs(['validate', '--', '-dash.yml'])).toEqual({ command: 'validate', files: ['-dash.yml'] });
  });
});

// Found by an adversarial pass: Node reads the command line as UTF-8, so a file named in another encoding (a Latin-1
// `caf\xe9.yml`) reached the CLI with that byte as U+FFFD: `validate` said "no such file; check the path" of a file that
// is there, and `--summary` wrote a file of another name than the one given.
describe('a path that is not UTF-8', () => {
  it('is refused, saying why it cannot be named on the command line and what to do', () => {
    const why = "its name holds bytes that are not UTF-8 (shown as \uFFFD), and the command line is read as UTF-8, so no file can be named by it; rename the file (or folder) in UTF-8";
    expect(() => parseCliArgs(['validate', 'ok.yml', 'caf\uFFFD.yml'])).toThrow(new UsageError(`caf\uFFFD.yml: ${why}`));
    expect(() => parseCliArgs(['run', 'caf\uFFFD.yml'])).toThrow(new UsageError(`caf\uFFFD.yml: ${why}`));
    expect(() => parseCliArgs(['run', 'plan.yml', '--summary', 'r\uFFFDsum\uFFFD.md'])).toThrow(new UsageError(`--summary r\uFFFDsum\uFFFD.md: ${why}`));
    expect(() => parseCliArgs(['eval', 'plan.yml', '--trace-dir', 'd\uFFFD'])).toThrow(new UsageError(`--trace-dir d\uFFFD: ${why}`));
    // Text is text: a task or an input's value may hold the character.
    expect(parseCliArgs(['run', 'plan.yml', '--task', 'caf\uFFFD', '--input', 'who=caf\uFFFD'])).toMatchObject({ task: 'caf\uFFFD', inputs: { who: 'caf\uFFFD' } });
  });
});

// Found by an adversarial pass: `run plan.yml --task fix the flaky test` said "run takes exactly one plan file, got 4"
// of a command line that names one, and `run -- plan.yml --trace t.jsonl` "got 3": neither said which words or why.
describe('words besides the one plan file', () => {
  it('are named, with how to give a value of several words or an option after --', () => {
    expect(() => parseCliArgs(['run', 'plan.yml', '--task', 'fix the', 'flaky', 'test'])).toThrow(
      new UsageError(`run takes exactly one plan file, got 3 (plan.yml, flaky, test); a value of several words is quoted as one: --task 'fix the flaky test'`),
    );
    expect(() => parseCliArgs(['run', 'plan.yml', '--input', 'who=the', 'big', 'one'])).toThrow(new UsageError("run takes exactly one plan file, got 3 (plan.yml, big, one); a value of several words is quoted as one: --input 'who=the big one'"));
    // Found by an adversarial pass: quoted as one, as the message said, `a=1 b=2` became input a's value "1 b=2".
    expect(() => parseCliArgs(['run', 'plan.yml', '--input', 'a=1', 'b=2'])).toThrow(new UsageError('run takes exactly one plan file, got 2 (plan.yml, b=2); give each value its own --input: --input a=1 --input b=2'));
    expect(() => parseCliArgs(['eval', 'plan.yml', '--baseline', 'react', 'full-history'])).toThrow(new UsageError('eval takes exactly one plan file, got 2 (plan.yml, full-history); give each value its own --baseline: --baseline react --baseline full-history'));
    expect(() => parseCliArgs(['run', '--', 'plan.yml', '--trace', 't.jsonl'])).toThrow(new UsageError('run takes exactly one plan file, got 3 (plan.yml, --trace, t.jsonl); every word after -- is a file: put the options before --'));
    expect(() => parseCliArgs(['plan', 'a.yml', 'b.yml'])).toThrow(new UsageError('plan takes exactly one plan file, got 2 (a.yml, b.yml)'));
    expect(() => parseCliArgs(['run', '--trace', 't.jsonl', 'a.yml', 'b.yml'])).toThrow(new UsageError('run takes exactly one plan file, got 2 (a.yml, b.yml)'));
    expect(() => parseCliArgs(['eval'])).toThrow(new UsageError('eval takes exactly one plan file, got none'));
    expect(() => parseCliArgs(['run', ...Array.from({ length: 500 }, (_, i) => `p${i}.yml`)])).toThrow(new UsageError('run takes exactly one plan file, got 500 (p0.yml, p1.yml, p2.yml, p3.yml and 496 more)'));
  });
});

// Found by an adversarial pass: `--agent=true` got Node's "Option '--agent' does not take an argument", in words unlike
// the CLI's other messages and saying nothing of what to write.
describe('a value given to an option that takes none', () => {
  it('is refused, saying to give the option alone', () => {
    expect(() => parseCliArgs(['run', 'plan.yml', '--agent=true'])).toThrow(new UsageError('--agent takes no value; give it alone: --agent'));
    expect(() => parseCliArgs(['--help=1'])).toThrow(new UsageError('--help takes no value; give it alone: --help'));
    expect(() => parseCliArgs(['--version='])).toThrow(new UsageError('--version takes no value; give it alone: --version'));
  });
});

describe('options the command line gives', () => {
  it('are refused when the command does not read them, naming what it takes', () => {
    expect(() => parseCliArgs(['validate', 'plan.yml', '--trace', 't.jsonl'])).toThrow(new UsageError('--trace is not an option of validate, which takes --model, --model-timeout-seconds'));
    expect(() => parseCliArgs(['validate', 'plan.yml', '--input', 'a=b'])).toThrow(UsageError);
    expect(() => parseCliArgs(['plan', 'plan.yml', '--weights-from', 't.jsonl'])).toThrow(UsageError);
    expect(() => parseCliArgs(['eval', 'plan.yml', '--weights-from', 't.jsonl'])).toThrow(/^--weights-from is not an option of eval, which takes --runs, /);
    expect(() => parseCliArgs(['run', 'plan.yml', '--compare', 'b.yml'])).toThrow('--compare is an option of eval, not of run');
  });

  // Found by an adversarial pass: `--replay FILE --base-url URL` answered from the file, called no endpoint and said nothing.
  it('are refused when they set the endpoint and a file answers every model call instead', () => {
    expect(() => parseCliArgs(['run', 'plan.yml', '--replay', 'r.jsonl', '--base-url', 'http://localhost:8000/v1'])).toThrow(
      new UsageError('--base-url is not read with --replay: every model answer comes from that file, and no endpoint is called; leave out one of the two'),
    );
    expect(() => parseCliArgs(['plan', 'plan.yml', '--api-key-env', 'MY_KEY', '--replay', 'r.jsonl'])).toThrow('--api-key-env is not read with --replay');
    expect(() => parseCliArgs(['eval', 'plan.yml', '--replay', 'r.jsonl', '--model-timeout-seconds', '600'])).toThrow('--model-timeout-seconds is not read with --replay');
    expect(() => parseCliArgs(['eval', 'plan.yml', '--answers', 'a.yml', '--base-url', 'http://localhost:8000/v1'])).toThrow('--base-url is not read with --answers');
    // The answers file's local server is an endpoint that is waited for; --model names the model either way.
    expect(parseCliArgs(['eval', 'plan.yml', '--answers', 'a.yml', '--model-timeout-seconds', '600', '--model', 'm'])).toMatchObject({ answers: 'a.yml', modelTimeoutSeconds: 600, model: 'm' });
    expect(parseCliArgs(['run', 'plan.yml', '--replay', 'r.jsonl', '--model', 'm'])).toMatchObject({ replay: 'r.jsonl', model: 'm' });
    expect(() => parseCliArgs(['eval', 'plan.yml', '--answers', 'a.yml', '--replay', 'r.jsonl'])).toThrow('--answers and --replay cannot be used together');
  });

  it('are refused when one that takes one value is given twice, or one input twice', () => {
    expect(() => parseCliArgs(['run', 'plan.yml', '--trace', 'a.jsonl', '--trace', 'b.jsonl'])).toThrow(new UsageError('--trace is given more than once; give it once'));
    expect(() => parseCliArgs(['eval', 'plan.yml', '--runs', '2', '--runs=1'])).toThrow('--runs is given more than once');
    expect(() => parseCliArgs(['run', 'plan.yml', '--input', 'a=1', '--input', 'a=2'])).toThrow('--input a is given twice; give each input once');
  });

  // Found by review: `--model ""` ran with the plan's model, `--summary ""` wrote nothing and said
  // nothing, `--trace ""` failed after the whole run; `--api-key-env 1BAD` named no variable.
  it('are refused when given an empty value, or a name no variable can have', () => {
    expect(() => parseCliArgs(['run', 'plan.yml', '--model', ''])).toThrow(new UsageError('--model needs a value, got an empty one'));
    expect(() => parseCliArgs(['run', 'plan.yml', '--trace='])).toThrow('--trace needs a value, got an empty one');
    expect(() => parseCliArgs(['plan', 'plan.yml', '--summary', ''])).toThrow('--summary needs a value, got an empty one');
    expect(() => parseCliArgs(['eval', 'plan.yml', '--markdown', ''])).toThrow('--markdown needs a value, got an empty one');
    expect(() => parseCliArgs(['run', 'plan.yml', '--api-key-env', '1BAD'])).toThrow("--api-key-env takes the name of an environment variable (letters, digits and _), got '1BAD'");
  });

  // Found by an adversarial pass: `validate --model " "` said ok, and `run --model " "` ran as far as the model client
  // and exited 1 blaming the plan file ("plan.yml: the model name is blank"), where a command-line mistake exits 2.
  it('are refused when --model names no model, only spaces or invisible characters', () => {
    expect(() => parseCliArgs(['validate', 'plan.yml', '--model', ' '])).toThrow(new UsageError('--model needs the name of a model, got a blank one'));
    expect(() => parseCliArgs(['run', 'plan.yml', '--model=\u200b\t'])).toThrow(new UsageError('--model needs the name of a model, got a blank one'));
    expect(() => parseCliArgs(['eval', 'plan.yml', '--model', ' '])).toThrow(new UsageError('--model needs the name of a model, got a blank one'));
  });

  // Found by an adversarial pass: `validate ''` and `eval ''` printed "no such file; check the path" naming no
  // file, then ": 1 error"; `plan ''` said "give a plan file or a task", and plan takes no task.
  it('refuse a plan file named by an empty text', () => {
    expect(() => parseCliArgs(['validate', 'a.yml', ''])).toThrow(new UsageError('validate needs the path of each plan file, got an empty one'));
    expect(() => parseCliArgs(['plan', ''])).toThrow(new UsageError('plan needs the path of a plan file, got an empty one'));
    expect(() => parseCliArgs(['eval', '', '--runs', '1'])).toThrow(new UsageError('eval needs the path of a plan file, got an empty one'));
    // `run '' --task …` runs the task with no plan file, as the action's task input does.
    expect(parseCliArgs(['run', '', '--task', 'say hi'])).toMatchObject({ command: 'run', file: '', task: 'say hi' });
    // Found by an adversarial CLI hunt: without --task (`run "$PLAN"` with PLAN unset), it was no usage error but a
    // refused run, exit 1, that said "give a plan file or a task" (the action's words) and emptied the default trace.
    expect(() => parseCliArgs(['run', ''])).toThrow(new UsageError('run needs the path of a plan file, got an empty one (an empty one runs --task TEXT without a plan file)'));
    expect(() => parseCliArgs(['run', '', '--agent'])).toThrow(new UsageError('run needs the path of a plan file, got an empty one (an empty one runs --task TEXT without a plan file)'));
  });

  it('are taken as before where the command reads them', () => {
    expect(parseCliArgs(['run', 'plan.yml', '--input', 'a=1', '--input', 'b=2', '--trace', 't.jsonl'])).toMatchObject({ command: 'run', trace: 't.jsonl', inputs: { a: 1, b: 2 } });
    expect(parseCliArgs(['eval', 'plan.yml', '--baseline', 'react', '--baseline', 'full-history', '--runs', '3'])).toMatchObject({ command: 'eval', runs: 3, baselines: ['react', 'full-history'] });
    expect(parseCliArgs(['validate', 'a.yml', 'b.yml'])).toEqual({ command: 'validate', files: ['a.yml', 'b.yml'] });
  });
});
