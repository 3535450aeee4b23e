import { shellWord } from './parse-cli-args.ts';

/**
 * A `plan-runner` command line the CLI prints for the user to run (`approveCommandLine`, eval's `validate` advice), as
 * a shell reads it and the CLI parses it back: a path that starts with a dash is written `./-x` and a value that
 * starts with one `--name=-x` (as words of their own, the CLI took them for options and refused the command: found by
 * an adversarial pass), and each word is redacted before it is quoted (a secret with a quote in it, quoted first, was
 * no longer the value the redactor hides).
 */
export class CommandLine {
  readonly #words: string[];

  constructor(command: string, files: readonly string[]) {
    this.#words = [command, ...files.map((file) => (file.startsWith('-') ? `./${file}` : file))];
  }

  option(name: string, value: string): this {
    if (value.startsWith('-')) this.#words.push(`${name}=${value}`);
    else this.#words.push(name, value);
    return this;
  }

  flag(name: string): this {
    this.#words.push(name);
    return this;
  }

  text(redact: (text: string) => string): string {
    return `plan-runner ${this.#words.map((word) => shellWord(redact(word))).join(' ')}`;
  }
}
