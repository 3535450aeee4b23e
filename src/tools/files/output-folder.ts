import { OUTPUT_FOLDER } from '../../core/output-folder-name.ts';
import { nameAsRead } from './git-segment.ts';

/**
 * Whether a path segment names the folder plan-runner writes its trace and report in (`.plan-runner`), read as
 * the runners' file systems read names (`nameAsRead`). The run's own trace records every search's query: found
 * there, text the repository lacks passed a `contains` goal; nor is a model to read or steer by earlier runs' traces.
 */
export function isOutputFolder(segment: string): boolean {
  return nameAsRead(segment) === OUTPUT_FOLDER;
}
