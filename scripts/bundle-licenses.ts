// Writes dist/licenses.txt from what the bundles hold, a step of `npm run build`:
// `node scripts/bundle-licenses.ts dist/licenses.txt lib/ncc-index-stats.json lib/ncc-cli-stats.json`.
//
// Why: ncc's `--license` (license-webpack-plugin) left out js-yaml and re2js, both bundled (the
// action's fast YAML path and its linear-time regexes), with no notice, which their licenses (MIT, BSD)
// ask for. It kept one entry per name, from whichever version it met first, so two versions with
// different texts made the file differ between builds. And the CLI's bundle had no licenses file at all.
//
// How: each bundle's webpack stats (`ncc build --stats-out`) name every module it holds, concatenated
// ones inside theirs. A module in no chunk (`orphan`) was left out of the bundle, or is listed again
// inside the module it was concatenated into. The package a module belongs to is the folder after its last `node_modules/`; its
// package.json gives the name, version and license, and its LICENSE (or LICENCE, COPYING) file the text.
// Entries are sorted by name and version; versions of one package whose texts are the same are one entry.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BESIDE_BUNDLES } from './beside-bundles.ts';

interface StatsModule {
  readonly orphan?: boolean;
  readonly identifier?: string;
  readonly nameForCondition?: string;
  readonly modules?: readonly StatsModule[];
}

interface BundledPackage {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly text: string;
}

const PACKAGE_FOLDER = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/;

/** The folder of the package a module's file is in (after the last `node_modules/`), or undefined for the project's own code. */
function packageFolder(resource: string): string | undefined {
  // A loader's request is `loader!resource`: the resource comes last.
  const file = resource.slice(resource.lastIndexOf('!') + 1);
  return PACKAGE_FOLDER.exec(file)?.[1];
}

/** Every package folder the bundled modules of a stats file come from, those concatenated into others included. */
export function bundledFolders(stats: { readonly modules?: readonly StatsModule[] }): Set<string> {
  const folders = new Set<string>();
  const visit = (module: StatsModule): void => {
    const folder = packageFolder(module.nameForCondition ?? module.identifier ?? '');
    if (folder !== undefined) folders.add(folder);
    for (const inner of module.modules ?? []) visit(inner);
  };
  for (const module of stats.modules ?? []) if (!module.orphan) visit(module);
  return folders;
}

/** A package's name, version, license and license text, as its folder has them. */
function readPackage(folder: string): BundledPackage {
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { name?: string; version?: string; license?: unknown };
  const files = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /^(licen[cs]e|copying)/i.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const text = files.length > 0 ? readFileSync(path.join(folder, files[0]!), 'utf8').trim() : '';
  const license = typeof manifest.license === 'string' ? manifest.license : 'see the package';
  return { name: manifest.name ?? path.basename(folder), version: manifest.version ?? '', license, text };
}

/**
 * The licenses file for the given package folders: one entry per package and license text (`name`,
 * its license, its text), sorted; a package bundled in versions whose texts differ gets an entry per
 * version, named `name@version`.
 */
export function licensesText(folders: Iterable<string>): string {
  const packages = [...folders].map(readPackage);
  const byName = new Map<string, BundledPackage[]>();
  for (const bundled of packages) byName.set(bundled.name, [...(byName.get(bundled.name) ?? []), bundled]);
  const entries: string[] = [];
  for (const name of [...byName.keys()].sort()) {
    const versions = byName.get(name)!.sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
    const texts = new Map<string, BundledPackage>();
    for (const bundled of versions) if (!texts.has(`${bundled.license}\n${bundled.text}`)) texts.set(`${bundled.license}\n${bundled.text}`, bundled);
    for (const bundled of texts.values()) {
      const heading = texts.size > 1 ? `${name}@${bundled.version}` : name;
      entries.push([heading, bundled.license, bundled.text].filter((line) => line !== '').join('\n'));
    }
  }
  return `${entries.join('\n\n')}\n`;
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  const [out, ...statsFiles] = process.argv.slice(2);
  if (out === undefined || statsFiles.length === 0) {
    console.error('usage: node scripts/bundle-licenses.ts OUT STATS.json...');
    process.exit(2);
  }
  // The files beside the bundles (scripts/beside-bundles.ts) ship with them, as code they load.
  const folders = new Set<string>(BESIDE_BUNDLES.map((file) => path.resolve(file.packageFolder)));
  for (const file of statsFiles) for (const folder of bundledFolders(JSON.parse(readFileSync(file, 'utf8')) as { modules?: StatsModule[] })) folders.add(folder);
  writeFileSync(out, licensesText(folders));
}
