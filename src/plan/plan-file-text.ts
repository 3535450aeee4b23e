import { readInputFile } from '../core/read-input-file.ts';
import { decodeUtf8 } from './decode-utf8.ts';
import { MAX_PLAN_BYTES } from './parse-plan-yaml.ts';

/**
 * A plan file's text as the loader decodes it (UTF-8, its BOM dropped), for a look at a plan apart from
 * loading it (its servers before validation, the plans it uses, positions after load); undefined for a
 * file the loader would refuse: missing, not a regular file (a FIFO is not waited on), over
 * MAX_PLAN_BYTES or not UTF-8. The loader says why; a look adds nothing.
 */
export function planFileText(file: string): string | undefined {
  const read = readInputFile(file, MAX_PLAN_BYTES);
  if (!read.ok) return undefined;
  const decoded = decodeUtf8(read.bytes);
  return decoded.ok ? decoded.text : undefined;
}
