import type { LinearRegex } from '../../core/linear-regex.ts';
import type { Redactor } from '../../core/redact.ts';
import { walkRepoFiles, type RepoWalk, type WalkOptions } from './walk-repo-files.ts';

/**
 * The repository's files the `glob` matches, sorted, both by their names as the model sees them, redacted: matched as
 * written, `cache/Zq7v*` and `cache/Zq7w*` told a secret in a name one character at a time; sorted as written, its
 * place among the others told its start. Two names redacted alike show alike. Each name is redacted once, for both.
 */
export async function walkFilesAsShown(root: string, redact: Redactor, glob: LinearRegex | undefined, options: Omit<WalkOptions, 'keep'>): Promise<RepoWalk> {
  const shown = new Map<string, string>();
  const shownName = (file: string) => {
    let name = shown.get(file);
    if (name === undefined) shown.set(file, (name = redact(file)));
    return name;
  };
  const walk = await walkRepoFiles(root, { ...options, ...(glob && { keep: (file: string) => glob.test(shownName(file)) }) });
  walk.files.sort((a, b) => {
    const [left, right] = [shownName(a), shownName(b)];
    return left < right ? -1 : left > right ? 1 : 0;
  });
  return walk;
}
