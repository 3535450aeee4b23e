import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A temporary folder holding a release's two tools, each failing until a file is removed: publish.sh (a registry that
 * refuses tags without a `v` while `strict` is there, and appends each release to releases.log) and announce.sh
 * (a chat that is down while `down` is there).
 */
export async function makeReleaseFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await writeFile(path.join(dir, 'strict'), '');
  await writeFile(path.join(dir, 'down'), '');
  await writeFile(path.join(dir, 'publish.sh'), `input=$(cat)
case "$input" in *'"v'*) ;; *) if [ -e strict ]; then printf 'tags need a v' >&2; exit 1; fi;; esac
echo "$input" >> releases.log
printf '"published"'
`);
  await writeFile(path.join(dir, 'announce.sh'), `cat > /dev/null
if [ -e down ]; then printf 'chat is down' >&2; exit 1; fi
printf '"announced"'
`);
  return dir;
}

/** The releases publish.sh wrote in `dir`, one line of its input each. */
export async function releasesIn(dir: string): Promise<string[]> {
  return (await readFile(path.join(dir, 'releases.log'), 'utf8')).trim().split('\n');
}

/** A model's replan that publishes the refused tag again with a `v`, then announces it. */
export const tagWithVReplan = JSON.stringify({
  why: 'tags need a v',
  steps: [
    { id: 'publish_fixed', type: 'tool_call', tool: 'publish', args: { tag: 'v1.2' }, depends_on: [], why: 'tags need a v' },
    { id: 'announce_fixed', type: 'tool_call', tool: 'announce', args: { text: { step_result: 'publish_fixed' } }, depends_on: ['publish_fixed'], why: 'announce it' },
  ],
});
