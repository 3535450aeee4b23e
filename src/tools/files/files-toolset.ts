import type { Tool } from '../tool.ts';
import { listFilesTool } from './list-files-tool.ts';
import { readFileTool } from './read-file-tool.ts';
import { searchFilesTool } from './search-files-tool.ts';

/** The `files` toolset: read_file, list_files and search_files, confined to the repository at `root`. */
export function filesToolset(options: { root: string }): Tool[] {
  return [readFileTool(options), listFilesTool(options), searchFilesTool(options)];
}
