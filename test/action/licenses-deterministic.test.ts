import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface LockedPackage {
  readonly version?: string;
  readonly dev?: boolean;
  readonly devOptional?: boolean;
  readonly link?: boolean;
}

/** What ncc's license plugin records for the package installed at `at`: its license field and its license file. */
function licenseOf(at: string): string {
  const { license } = JSON.parse(readFileSync(path.join(ROOT, at, 'package.json'), 'utf8')) as { license?: unknown };
  const file = readdirSync(path.join(ROOT, at)).find((name) => /^(licen[cs]e|copying)/i.test(name));
  return `${JSON.stringify(license)}\n${file ? readFileSync(path.join(ROOT, at, file), 'utf8') : ''}`;
}

// ncc's license plugin keeps one entry per package name, from whichever version it meets first, and
// that order varies between builds: two versions of a bundled package whose licenses differ make
// dist/licenses.txt differ from build to build, and CI's reproducibility check fail at random (it did,
// with isarray 1.0.0 and 2.0.5 in the artifact chunk).
describe('dist/licenses.txt', () => {
  it('names no package installed for production in versions whose licenses differ', () => {
    // Not every production package is bundled (glob's command-line helpers are not): the names come
    // from licenses.txt. Splitting on blank lines also yields license paragraphs, which name no package.
    const bundled = new Set(readFileSync(path.join(ROOT, 'dist/licenses.txt'), 'utf8').split(/\n{2,}/).map((block) => block.trim().split('\n', 1)[0]));
    const { packages } = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
    // Only what production code imports can be bundled: the lock marks the rest dev.
    const production = Object.entries(packages).filter(([at, locked]) => at.startsWith('node_modules/') && !locked.dev && !locked.devOptional && !locked.link && existsSync(path.join(ROOT, at)));
    expect(production.length).toBeGreaterThan(50);
    const byName = new Map<string, [string, LockedPackage][]>();
    for (const [at, locked] of production) {
      const name = at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);
      byName.set(name, [...(byName.get(name) ?? []), [at, locked]]);
    }
    const racing = [...byName]
      .filter(([name, copies]) => bundled.has(name) && new Set(copies.map(([at]) => licenseOf(at))).size > 1)
      .map(([name, copies]) => `${name}: ${copies.map(([at, locked]) => `${locked.version} at ${at}`).join(', ')}`);
    expect(racing).toEqual([]);
  });
});
