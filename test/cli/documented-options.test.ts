import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMAND_OPTIONS } from '../../src/cli/parse-cli-args.ts';
import { USAGE } from '../../src/cli/usage.ts';

const readme = readFileSync('README.md', 'utf8');
const every = [...new Set(Object.values(COMMAND_OPTIONS).flat())];

/** The option as written out, not as the start of a longer one: `--trace` but not the `--trace` of `--trace-dir`. */
function mentions(text: string, option: string): boolean {
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`--${escaped}(?![a-z-])`).test(text);
}

// Found by a new-user walkthrough: nothing held --help and the README to the options the commands read, so
// an option added to the parser could reach users undocumented, or one taken out stay promised.
describe('the CLI’s options', () => {
  it('are each shown in --help', () => {
    expect(every.filter((option) => !mentions(USAGE, option))).toEqual([]);
  });

  it('are each named in the README', () => {
    expect(every.filter((option) => !mentions(readme, option))).toEqual([]);
  });

  it('shown in --help are all ones a command reads', () => {
    const shown = [...new Set([...USAGE.matchAll(/--([a-z][a-z-]*)/g)].map((match) => match[1]!))];
    expect(shown.filter((option) => !every.includes(option) && option !== 'help' && option !== 'version')).toEqual([]);
  });
});

// Found by a docs pass: the README's list of commands and --help's named them in different orders.
describe('the CLI’s commands', () => {
  it('are listed in the README in the order --help lists them', () => {
    const commands = (text: string): string[] => [...text.matchAll(/^ *plan-runner ([a-z]+) </gm)].map((match) => match[1]!);
    const cli = readme.slice(readme.indexOf('## The CLI'));
    expect(commands(USAGE)).toEqual(['validate', 'plan', 'run', 'eval']);
    expect(commands(cli.slice(0, cli.indexOf('```', cli.indexOf('```') + 3)))).toEqual(commands(USAGE));
  });
});
