import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The regex engine's file beside a bundle: `npm run build` puts it there (scripts/beside-bundles.ts). */
export const RE2JS_BESIDE_BUNDLE = 're2js.cjs';

/**
 * Where re2js is loaded from: run from source (this file is `.ts`), the package; compiled, only the file
 * beside the bundle, never a node_modules folder above it, which is not the action's (on a runner, the job's
 * own folders). Every chunk of a bundle is in one folder, so each finds the same file.
 */
export function regexEngineFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? 're2js' : path.join(path.dirname(here), RE2JS_BESIDE_BUNDLE);
}

/** What to do when this copy of plan-runner has no regex engine file, or one that does not load. */
export function missingEngineAdvice(file: string): string {
  return `this copy of plan-runner is incomplete: it needs ${file} beside its bundle. Use a released tag of the action, whose dist/ holds it, or build it again (npm run build puts the file there)`;
}

/**
 * Why no pattern could be compiled here, or undefined. The action and the CLI ask before anything runs: a
 * check that compiles a pattern would otherwise take the missing engine for a bad pattern of the plan.
 */
export function regexEngineMissing(): string | undefined {
  const file = regexEngineFile();
  return file === 're2js' || existsSync(file) ? undefined : missingEngineAdvice(file);
}
