import { readFile, stat } from 'node:fs/promises';
import nodePath from 'node:path';
import { loadSubplans } from './load-subplans.ts';
import { MAX_PLAN_BYTES, parsePlanYaml, type ParsedPlanYaml } from './parse-plan-yaml.ts';
import { planErrorAt, type PlanError } from './plan-error.ts';
import { groupDigits } from '../core/group-digits.ts';
import { decodeUtf8 } from './decode-utf8.ts';
import { pathProblem } from '../core/read-input-file.ts';
import { planTextHash } from './plan-text-hash.ts';
import type { LoadPlanOptions, LoadResult } from './valid-plan.ts';
import { checkPlanValue, unexpectedError } from './validate-plan.ts';

/** Parses and validates plan YAML; every problem comes back as a positioned error, never as a throw. */
export async function loadPlanText(text: string, file: string, options: LoadPlanOptions = {}): Promise<LoadResult> {
  try {
    const yaml = await parsePlanYaml(text, file, options.positionsFirst ? { positionsFirst: true } : {});
    if (!yaml.ok) return yaml;
    return await checkParsedPlan(yaml.parsed, file, options);
  } catch (error) {
    return { ok: false, errors: [unexpectedError(error, file)] };
  }
}

/** Validates a parsed plan file, its errors positioned and in file order. */
async function checkParsedPlan(parsed: ParsedPlanYaml, file: string, options: LoadPlanOptions): Promise<LoadResult> {
  const result = checkPlanValue(parsed.value, { ...options, origin: 'file', file });
  if (result.ok) return result;
  const positions = await parsed.positions();
  if (positions.readErrors) return { ok: false, errors: positions.readErrors };
  const errors = result.issues.map((issue) => planErrorAt(file, positions, issue));
  // Compiler style: in file order, so the first line to fix comes first.
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return { ok: false, errors: firstErrors(errors) };
}

/**
 * The errors a person reads first, as YAML's are kept: a file of 100,000 unknown keys printed 100,001 lines
 * (23 MB) in 4.7 s (found by an adversarial pass). The rest is one error, counted by `problemCount`.
 */
const MAX_PLAN_ERRORS = 20;

function firstErrors(errors: PlanError[]): PlanError[] {
  const more = errors.length - MAX_PLAN_ERRORS;
  if (more <= 1) return errors;
  const next = errors[MAX_PLAN_ERRORS]!;
  return [
    ...errors.slice(0, MAX_PLAN_ERRORS),
    { file: next.file, ...(next.line !== undefined && { line: next.line, column: next.column }), path: '', message: `and ${groupDigits(more)} more problems after this point; fix the ones above first`, standsFor: more },
  ];
}

type ReadPlanFile = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly errors: PlanError[] };

/** A plan file's text, decoded; a missing, huge or non-UTF-8 file is an error saying what to do, never a throw. */
async function readPlanFile(path: string): Promise<ReadPlanFile> {
  const fail = (message: string, position?: { line: number; column: number }): ReadPlanFile => ({ ok: false, errors: [{ file: path, ...position, path: '', message }] });
  try {
    const info = await stat(path);
    if (!info.isFile()) return fail('not a file: give the path of a plan file (.yml)');
    if (info.size > MAX_PLAN_BYTES) {
      return fail(`the plan file is ${info.size} bytes, more than the ${MAX_PLAN_BYTES / 1024 / 1024} MiB (${MAX_PLAN_BYTES} bytes) plan-runner reads; split it or move data into tool inputs`);
    }
    const decoded = decodeUtf8(await readFile(path));
    return decoded.ok ? { ok: true, text: decoded.text } : fail(decoded.message, decoded.position);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOENT') return fail('no such file; check the path (it is relative to the current directory; in a workflow, the repository root, which a step with actions/checkout must fill first)');
    const problem = pathProblem(code);
    if (problem !== undefined) return fail(problem);
    return { ok: false, errors: [unexpectedError(error, path)] };
  }
}

export type ParsedPlanFile = { readonly ok: true; readonly text: string; readonly parsed: ParsedPlanYaml } | { readonly ok: false; readonly errors: PlanError[] };

/** A plan file read (`readPlanFile`) and parsed as YAML, not validated: for `loadParsedPlanFile`, after a look at it. */
export async function parsePlanFile(path: string, options: Pick<LoadPlanOptions, 'positionsFirst'> = {}): Promise<ParsedPlanFile> {
  const read = await readPlanFile(path);
  if (!read.ok) return read;
  const yaml = await parsePlanYaml(read.text, path, options.positionsFirst ? { positionsFirst: true } : {}).catch((error: unknown) => ({ ok: false as const, errors: [unexpectedError(error, path)] }));
  return yaml.ok ? { ok: true, text: read.text, parsed: yaml.parsed } : yaml;
}

/** Reads, parses and validates a plan file; a missing, huge or non-UTF-8 file is an error, never a throw. */
export async function loadPlanFile(path: string, options: LoadPlanOptions = {}): Promise<LoadResult> {
  const file = await parsePlanFile(path, options);
  return file.ok ? loadParsedPlanFile(path, file.text, file.parsed, options) : file;
}

/**
 * Validates a plan file read and parsed already (`parsePlanFile`), and loads the plans it uses: a
 * caller that looks at the file before validation (its MCP servers) reads and parses it once.
 */
export async function loadParsedPlanFile(path: string, text: string, parsed: ParsedPlanYaml, options: LoadPlanOptions = {}): Promise<LoadResult> {
  try {
    const loaded = await checkParsedPlan(parsed, path, options);
    if (!loaded.ok) return loaded;
    const { chain = [nodePath.resolve(path)], root = process.cwd(), usedPlans = new Map<string, Promise<LoadResult>>(), ...rest } = options;
    return await loadSubplans({ ...loaded.plan, fileTextHash: planTextHash(text) }, {
      file: path,
      text,
      chain,
      root,
      ...(rest.model !== undefined && { model: rest.model }),
      ...(rest.modelTimeoutSeconds !== undefined && { modelTimeoutSeconds: rest.modelTimeoutSeconds }),
      ...(rest.stepsRun === false && { stepsRun: false }),
      load: (file, innerChain) => {
        const key = `${innerChain.length}:${file}`;
        let loading = usedPlans.get(key);
        if (loading === undefined) usedPlans.set(key, (loading = loadPlanFile(nodePath.relative(process.cwd(), file) || file, { ...rest, root, chain: innerChain, usedPlans })));
        return loading;
      },
    });
  } catch (error) {
    return { ok: false, errors: [unexpectedError(error, path)] };
  }
}
