// Prints the CHANGELOG.md notes of a release tag, after checking that the tag, package.json and
// the CLI's --version name the same version: `node scripts/release-notes.ts v1.2.3`. The release
// workflow uses the output as the GitHub release's notes. Exits 1 with a message saying what to fix.
import { readFileSync } from 'node:fs';
import { releaseNotes } from './release-notes-section.ts';

const tag = process.argv[2] ?? '';
const fail = (message: string): never => {
  console.error(`release-notes: ${message}`);
  process.exit(1);
};
const version = /^v(\d+\.\d+\.\d+)$/.exec(tag)?.[1] ?? fail(`give the tag as vX.Y.Z, got '${tag}'`);
const packageVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
if (packageVersion !== version) fail(`package.json has version ${packageVersion}, the tag says ${version}: set "version": "${version}" and tag again`);
const cliVersion = /VERSION = '([^']+)'/.exec(readFileSync('src/version.ts', 'utf8'))?.[1];
if (cliVersion !== version) fail(`src/version.ts has ${cliVersion ?? 'no VERSION'}, the tag says ${version}: update it and tag again`);
const notes = releaseNotes(readFileSync('CHANGELOG.md', 'utf8'), version);
if (!notes.ok) fail(notes.message);
else process.stdout.write(`${notes.text}\n`);
