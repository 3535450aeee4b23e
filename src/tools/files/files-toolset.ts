import type { Redactor } from '../../core/redact.ts';
import type { Tool } from '../tool.ts';
import { listFilesTool } from './list-files-tool.ts';
import { readFileTool } from './read-file-tool.ts';
import { searchFilesTool } from './search-files-tool.ts';

/** The `files` toolset: read_file, list_files and search_files, confined to the repository at `root`; `redact` is the run's (search_files matches redacted lines). */
export function filesToolset(options: { root: string; redact: Redactor }): Tool[] {
  return [readFileTool(options), listFilesTool(options), searchFilesTool(options)];
}
